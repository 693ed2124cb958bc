// The action finder behind gitlab_find_action (DYN-1..DYN-8): plain-words search over the catalog with
// stop words, synonyms and verb intents, deterministic ranking, and no request to GitLab. Issue 5 tunes
// the weights against an evaluation set; this is the ranking model it tunes.
import type { ActionRecord } from "./catalog/types.js";

const STOP = new Set("a an and as at by for from in of on or please the to using via with".split(" "));

/** Synonyms and verb forms: each query term expands to the catalog words it means (DYN-8). */
const SYNONYMS: Record<string, string[]> = {
  mr: ["merge_request"],
  pr: ["merge_request"],
  show: ["get"],
  fetch: ["get"],
  read: ["get"],
  view: ["get"],
  remove: ["delete"],
  drop: ["delete"],
  erase: ["delete"],
  make: ["create"],
  new: ["create"],
  add: ["create"],
  open: ["create"],
  change: ["update"],
  edit: ["update"],
  modify: ["update"],
  all: ["list"],
  find: ["list", "get"],
  branches: ["branch"],
  protected: ["protected"],
  protection: ["protect", "protected"],
  unlock: ["unprotect"],
  lock: ["protect"],
  rules: ["rule"],
  ticket: ["issue"],
  secret: ["ci_variable", "token"],
  pipeline: ["pipeline"],
  ci: ["pipeline"],
};

const VERBS = new Set(["get", "list", "create", "delete", "update", "protect", "unprotect"]);

/** Lower-cases and splits a query on whitespace, dots, underscores and dashes; drops stop words. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s._\-/,:;!?()"']+/)
    .filter((t) => t.length > 0 && !STOP.has(t));
}

/** One scored match. */
export interface FinderHit {
  readonly action: ActionRecord;
  readonly score: number;
  readonly matched: readonly string[];
}

function stem(word: string): string {
  return word.length > 4 && word.endsWith("es") && !word.endsWith("ses") ? word.slice(0, -2) : word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word;
}

/** Scores one term against one action; 0 when it does not match. */
function termScore(term: string, a: ActionRecord): number {
  const forms = new Set([term, stem(term), ...(SYNONYMS[term] ?? [])]);
  const verbWords = a.action.split("_");
  let best = 0;
  for (const f of forms) {
    const syn = f !== term && f !== stem(term);
    let s = 0;
    if (a.id === f) s = 120;
    else if (a.domain === f || a.action === f) s = 80;
    else if (verbWords.includes(f) || a.domain.split("_").includes(f)) s = 65;
    else if (a.tags.some((t) => t.split(" ").includes(f))) s = 50;
    else if (tokenize(a.title).map(stem).includes(stem(f))) s = 30;
    else if (tokenize(a.description).map(stem).includes(stem(f))) s = 12;
    // A synonym is weaker evidence than the word itself (DYN-9 weighs synonyms low).
    if (syn) s = Math.round(s / 2);
    best = Math.max(best, s);
  }
  return best;
}

/** Ranks the given actions for a query, best first (DYN-8 ordering). */
export function findActions(query: string, actions: readonly ActionRecord[]): FinderHit[] {
  const q = query.trim().toLowerCase();
  const terms = tokenize(q);
  const hits: FinderHit[] = [];
  for (const a of actions) {
    if (a.id === q || a.aliases.includes(q)) {
      hits.push({ action: a, score: a.id === q ? 1000 : 900, matched: [q] });
      continue;
    }
    let score = 0;
    const matched: string[] = [];
    for (const t of terms) {
      const s = termScore(t, a);
      if (s > 0) matched.push(t);
      score += s;
    }
    const missed = terms.length - matched.length;
    if (terms.length === 0 || matched.length === 0) continue;
    if (terms.length <= 2 ? missed > 0 : missed > 1) continue;
    // Verb intent: a query verb that names a different verb of the same family counts against the action.
    const intents = terms.flatMap((t) => [t, ...(SYNONYMS[t] ?? [])]).filter((t) => VERBS.has(t));
    // A plural noun with no verb ("protected branches") asks for a list.
    if (intents.length === 0 && terms.some((t) => stem(t) !== t)) intents.push("list");
    if (intents.length > 0 && !intents.some((v) => a.action.split("_").includes(v))) score -= 24;
    // Words of the action name the query did not ask for make it a worse fit ("delete" vs "delete_merged").
    const extra = a.action.split("_").filter((w) => !terms.some((t) => [t, stem(t), ...(SYNONYMS[t] ?? [])].includes(w))).length;
    score -= extra * 8;
    hits.push({ action: a, score: Math.round(score * (matched.length / terms.length)), matched });
  }
  return hits.sort(
    (x, y) =>
      y.score - x.score ||
      Number(x.action.classification === "destructive") - Number(y.action.classification === "destructive") ||
      (x.action.id < y.action.id ? -1 : 1),
  );
}
