// Diff-bearing reads (RES-27..RES-30): merge request changes, a diff version, a comparison and a commit's
// diff. Each answers its files as rows, a page at a time: GitLab pages the merge request and commit diffs
// itself, while a version and a comparison arrive whole, so their files are paged here. Files whose diff
// text GitLab left out (too_large, collapsed) stay in the rows, marked `omitted`, and are named again
// beside the table with the reason; GitLab's overflow (or a capped file count) says the file list itself
// is incomplete. Either way a ⚠️ line says so and the next steps point to the versioned and raw diffs.
// `paths` keeps exact files, `exclude_paths` drops files matching globs, and the count dropped is said.
import { actionCode } from "../catalog/index.js";
import type { HeaderReader } from "../gitlab/transport.js";
import { restPage } from "../gitlab/pagination.js";
import { code, escapeText } from "../markdown/escape.js";
import { NEXT_STEPS_HEADING } from "../markdown/writer.js";
import type { Outcome } from "../result.js";
import type { Procedure } from "./types.js";

type Row = Record<string, unknown>;

/** The omitted-diff reasons GitLab flags per file, in the words shown. */
const REASONS: Readonly<Record<string, string>> = {
  too_large: "too large for GitLab to show",
  collapsed: "collapsed by GitLab to keep the response small",
};

/** Pages of 100 files read at most to find files named by paths. */
const SCAN_PAGES = 30;

/** Commits listed in the text of a comparison or version. */
const COMMITS_SHOWN = 10;

/** Steps toward the complete diff (RES-29): a merge request's versions and raw diff, or a file read whole at a ref. */
const FULL_DIFF_STEPS: Readonly<Record<string, readonly [string, string][]>> = {
  mr_review: [
    ["mr_review.diff_versions_list", "to find the diff versions of the merge request"],
    ["mr_review.diff_version_get", "to read one version file by file"],
    ["mr_review.raw_diffs", "to read the whole merge request diff as plain text"],
  ],
  repository: [["repository.file_raw", "to read a file left out here whole, at either ref"]],
};

/** A glob as a regular expression: `**` crosses folders, `*` and `?` do not; no slash matches the file name alone. */
export function globMatcher(glob: string): (path: string) => boolean {
  const body = glob
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) => {
      if (part === "**/") return "(?:.*/)?";
      if (part === "**") return ".*";
      if (part === "*") return "[^/]*";
      if (part === "?") return "[^/]";
      return part.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  const re = new RegExp(`^${body}$`);
  const anywhere = !glob.includes("/");
  return (path) => re.test(path) || (anywhere && re.test(path.slice(path.lastIndexOf("/") + 1)));
}

/** Headers of a page sliced here, read as GitLab's would be. */
function localHeaders(page: number, perPage: number, total: number): HeaderReader {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const values: Record<string, string> = {
    "x-page": String(page),
    "x-per-page": String(perPage),
    "x-total": String(total),
    "x-total-pages": String(pages),
    "x-next-page": page < pages ? String(page + 1) : "",
    "x-prev-page": page > 1 ? String(page - 1) : "",
  };
  return { get: (name) => values[name.toLowerCase()] ?? null };
}

function omittedReason(file: Row): string | undefined {
  if (file.too_large === true) return "too_large";
  if (file.collapsed === true) return "collapsed";
  return undefined;
}

function filePath(file: Row): string {
  return String(file.new_path ?? file.old_path ?? "");
}

export const diffPage: Procedure = async ({ action, params, ctx, call, list, steps }) => {
  // RES-30: exact paths kept, globs dropped.
  const only = params.paths as string[] | undefined;
  const drop = ((params.exclude_paths as string[] | undefined) ?? []).map(globMatcher);
  const named = (f: Row) => !only || only.includes(filePath(f)) || only.includes(String(f.old_path));
  const kept = (f: Row) => named(f) && !drop.some((m) => m(filePath(f)));

  // Named files on an endpoint GitLab pages, with no page asked for: read its pages (100 files each, at
  // most SCAN_PAGES) until every named file is found, so a file on page 3 is not reported missing.
  const gitlabPaged = action.params.some((p) => p.name === "page" && p.in !== "local");
  const scan = Boolean(only) && gitlabPaged && params.page === undefined;
  let answer = await ctx.client.rest(scan ? { ...call, query: { ...call.query, page: 1, per_page: 100 } } : call);
  let whole = !Array.isArray(answer.body);
  const source = (whole ? (answer.body ?? {}) : {}) as Row;
  let files = ((whole ? source.diffs : answer.body) ?? []) as Row[];
  if (!Array.isArray(files)) files = [];
  if (scan) {
    for (let p = 2; p <= SCAN_PAGES && files.filter(named).length < only!.length && answer.headers.get("x-next-page"); p++) {
      ctx.progress?.(`Looking for ${only!.length === 1 ? only![0] : `${only!.length} files`}: page ${p} of the diff`);
      answer = await ctx.client.rest({ ...call, query: { ...call.query, page: p, per_page: 100 } });
      if (Array.isArray(answer.body)) files = [...files, ...(answer.body as Row[])];
    }
    // The pages read are paged here now, like a whole answer.
    whole = true;
  }

  const before = files.length;
  files = files.filter(kept);
  const excluded = before - files.length;

  let page;
  let rows = files;
  if (whole) {
    const perPage = (params.per_page as number | undefined) ?? 20;
    const p = (params.page as number | undefined) ?? 1;
    rows = files.slice((p - 1) * perPage, p * perPage);
    page = restPage(localHeaders(p, perPage, files.length), rows.length, { page: p, per_page: perPage });
  } else {
    page = restPage(answer.headers, rows.length, { page: params.page as number | undefined, per_page: params.per_page as number | undefined });
  }
  rows = rows.map((f) => {
    const reason = omittedReason(f);
    return reason ? { ...f, omitted: reason } : f;
  });

  // Omitted files of every page the server holds (a whole answer), or of this page (GitLab's pages).
  const omitted = (whole ? files : rows).flatMap((f) => {
    const reason = omittedReason(f);
    return reason ? [{ path: filePath(f), reason }] : [];
  });
  const capped = typeof source.real_size === "string" && source.real_size.endsWith("+");
  const overflow = source.overflow === true || capped;
  const timedOut = source.compare_timeout === true;

  const outcome = list(rows, page, scan ? undefined : answer.size);
  if (outcome.kind !== "success") return outcome;

  // Fields beside the rows (output.with): what a whole answer holds besides its diffs, then completeness.
  // Only the fields the output schema names: it is closed, and GitLab may add fields of its own.
  const declared = new Set(Object.keys(((await actionCode(action)).outputSchema.properties ?? {}) as Row));
  const extra: Row = {};
  if (whole) for (const [k, v] of Object.entries(source)) if (declared.has(k) && k !== "diffs" && k !== "next_steps" && !(k in outcome.structured)) extra[k] = v;
  if (whole || source.overflow !== undefined) extra.overflow = overflow;
  extra.omitted_files = omitted;
  if (excluded > 0) extra.excluded_files = excluded;

  const notes: string[] = [];
  if (overflow) notes.push(`⚠️ The diff is incomplete: GitLab stopped listing files at its limits${capped ? ` (${escapeText(String(source.real_size))} files changed)` : ""}.`);
  if (timedOut) notes.push("⚠️ The diff is incomplete: GitLab timed out computing the comparison.");
  if (omitted.length > 0) {
    notes.push(
      `⚠️ The diff is incomplete: GitLab left out the text of ${omitted.length} file${omitted.length === 1 ? "" : "s"}:\n` +
        omitted.map((o) => `- ${code(o.path)}: ${REASONS[o.reason] ?? escapeText(o.reason)}`).join("\n"),
    );
  }
  if (Array.isArray(source.commits) && source.commits.length > 0) {
    // A comparison or version names its commits: the first few here, all of them in structuredContent.
    const commits = source.commits as Row[];
    const shown = commits.slice(0, COMMITS_SHOWN).map((c) => `- ${code(String(c.short_id ?? String(c.id ?? "").slice(0, 8)))} ${escapeText(String(c.title ?? ""))}`);
    const more = commits.length > COMMITS_SHOWN ? `\n- … ${commits.length - COMMITS_SHOWN} more in commits` : "";
    notes.push(`**Commits (${commits.length}):**\n${shown.join("\n")}${more}`);
  }
  if (excluded > 0) notes.push(`${excluded} file${excluded === 1 ? "" : "s"} excluded by paths or exclude_paths.`);

  let markdown = outcome.markdown;
  let nextSteps = (outcome.structured.next_steps as string[] | undefined) ?? steps();
  if (overflow || timedOut || omitted.length > 0) {
    const more = (FULL_DIFF_STEPS[action.domain] ?? []).filter(([id]) => id !== action.id && ctx.routable(id)).map(([id, why]) => `Use action '${id}' ${why}`);
    const fresh = more.filter((s) => !nextSteps.includes(s));
    if (fresh.length > 0) {
      nextSteps = [...nextSteps, ...fresh];
      const section = `\n\n---\n${NEXT_STEPS_HEADING}\n`;
      markdown = markdown.includes(section)
        ? `${markdown}\n${fresh.map((s) => `- ${s}`).join("\n")}`
        : `${markdown}${section}${fresh.map((s) => `- ${s}`).join("\n")}`;
    }
  }
  if (notes.length > 0) {
    // After the heading (and the summary line), before the table: the first thing read after the title.
    const cut = markdown.indexOf("\n\n");
    const block = notes.join("\n\n");
    markdown = cut < 0 ? `${markdown}\n\n${block}` : `${markdown.slice(0, cut)}\n\n${block}${markdown.slice(cut)}`;
  }
  const structured: Row = { next_steps: nextSteps };
  for (const [k, v] of Object.entries(outcome.structured)) if (k !== "next_steps") structured[k] = v;
  Object.assign(structured, extra);
  return { ...outcome, markdown, structured } satisfies Outcome;
};
