// Git reference names as GitLab treats them: validity (Gitlab::GitRefValidator),
// protected-branch wildcards (RefMatcher) and the branch list's `search`
// semantics (GitRefsFinder#by_search).

const EXPANDED_PREFIXES = ["refs/heads/", "refs/remotes/"];
// Control characters, DEL, space and ~ ^ : ? * [ \
const FORBIDDEN_CHARS = /[\x00-\x1f\x7f ~^:?*[\\]/;

/**
 * Gitlab::GitRefValidator.validate (lib/gitlab/git_ref_validator.rb, custom
 * git-check-ref-format rules applied to the unqualified branch name).
 */
export function isValidRefName(name: string): boolean {
  if (name === "") return false;
  if (EXPANDED_PREFIXES.some((p) => name.startsWith(p))) return false;
  if (name === "HEAD") return false;
  if (name.startsWith("-")) return false;
  if (name.endsWith("/") || name.endsWith(".")) return false;
  if (FORBIDDEN_CHARS.test(name)) return false;
  if (name.includes("..") || name.includes("//") || name.includes("@{")) return false;
  return !name.split("/").some((c) => c.startsWith(".") || c.endsWith(".lock"));
}

export function isWildcard(ruleName: string): boolean {
  return ruleName.includes("*");
}

const wildcardCache = new Map<string, RegExp>();

/** RefMatcher: `*` matches any run of characters (including `/`); otherwise an exact match. */
export function wildcardMatches(ruleName: string, branchName: string): boolean {
  if (!isWildcard(ruleName)) return ruleName === branchName;
  let re = wildcardCache.get(ruleName);
  if (!re) {
    const body = ruleName.split("*").map(escapeRegex).join(".*?");
    re = new RegExp(`^${body}$`);
    wildcardCache.set(ruleName, re);
  }
  return re.test(branchName);
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/**
 * GitRefsFinder#by_search: case-insensitive; a term containing ^, $ or * is a
 * pattern (first ^ anchors the start, first $ the end, every * is a wildcard);
 * otherwise a substring match with the exact (case-insensitive) match moved first.
 */
export function filterBySearch(names: string[], search: string): string[] {
  const regexSearch = /[\^$*]/.test(search);
  let pattern = escapeRegex(search.toLowerCase());
  if (regexSearch) {
    pattern = pattern.replace("\\^", "^").replace(/\\\*/g, ".*?").replace("\\$", "$");
  }
  const re = new RegExp(pattern);
  const matches = names.filter((n) => re.test(n.toLowerCase()));
  if (regexSearch) return matches;
  const exact = matches.findIndex((n) => n.toLowerCase() === search.toLowerCase());
  if (exact > 0) matches.unshift(...matches.splice(exact, 1));
  return matches;
}

/** BranchesFinder#by_regex (an RE2 pattern, unanchored). Returns null for an invalid pattern. */
export function filterByRegex(names: string[], regex: string): string[] | null {
  let re: RegExp;
  try {
    re = new RegExp(regex);
  } catch {
    return null;
  }
  return names.filter((n) => re.test(n));
}
