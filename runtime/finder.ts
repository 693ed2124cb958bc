// The action finder behind gitlab_find_action (DYN-1..DYN-10): plain-words search over the routable
// catalog with stop words, phrases, synonyms, verb intents and typo tolerance; deterministic ranking with
// the weights of DYN-9; and no request to GitLab. test/finder/ holds the evaluation set that tunes it.
import type { ActionRecord } from "./catalog/types.js";
import { distance } from "./validate.js";

// Question words and fillers ("which branches exist", "did the pipeline pass") carry no catalog meaning.
// Spanish and German articles and prepositions too: "del" is not a prefix of delete.
const STOP = new Set(
  ("a an and any are as at by can did do does exist exists for from i in is me my of on or please the there to using via what which with " +
    "de del el la las los en para por un una der die das den dem des ein eine im und von zu mit auf").split(" "),
);

/** Things some actions are named after, whose plural asks for a list of them. */
const THINGS = ["discussion", "note", "draft", "commit", "variable", "schedule", "trigger", "link", "rule", "comment", "status", "tag", "version", "file", "event", "emoji", "dependency", "check", "key", "email", "badge", "hook", "member", "label", "milestone", "board", "token", "mirror", "upload", "epic", "domain", "account", "certificate", "integration", "invite", "request", "alias", "cert"];

/** Words that only say "show me": they steer toward reads but never exclude an action that lacks them. */
const READ_WORDS = new Set("show get list see view display fetch read enumerate find give ver listar mostrar zeige zeigen anzeigen".split(" "));

/** Multi-word names joined into one term before matching (`merge request` → merge_request). */
const PHRASES: [RegExp, string][] = [
  [/\b(?:merge|pull) request(s?)\b/g, "merge_request$1"],
  [/\bwork item(s?)\b/g, "work_item$1"],
  [/\bci(?:\/cd)? (?:variable|var)(s?)\b/g, "ci_variable$1"],
  [/\bdeploy key(s?)\b/g, "deploy_key$1"],
  [/\bfeature flag(s?)\b/g, "feature_flag$1"],
];

const JOINED = new Set(PHRASES.flatMap(([, joined]) => [joined.replace("$1", ""), joined.replace("$1", "s")]));

/** Synonyms and verb forms (DYN-8): a query term also means these catalog words. */
const SYNONYMS: Record<string, string[]> = {
  // Jobs: the words people use for a job's log, its lifecycle, artifacts and the job token allowlist.
  log: ["trace"], logs: ["trace"], output: ["trace"], rerun: ["retry"], reintentar: ["retry"], abort: ["cancel"], manual: ["play"],
  wipe: ["erase"], archive: ["download"], zip: ["download"], herunterladen: ["download"], descargar: ["download"], file: ["single"],
  latest: ["by", "ref"], trigger: ["bridges"], downstream: ["bridges"], allowlist: ["scope", "inbound"], disable: ["patch"], enable: ["patch"], revoke: ["remove"], restart: ["retry"],
  mr: ["merge_request"], mrs: ["merge_requests"], pr: ["merge_request"], prs: ["merge_requests"], ticket: ["issue"], tickets: ["issues"], bug: ["issue"],
  secret: ["ci_variable", "token"], show: ["get"], fetch: ["get"], read: ["get"], view: ["get"], display: ["get"], details: ["get"],
  inspect: ["get"], describe: ["get"], remove: ["delete"], erase: ["delete"], destroy: ["delete"], drop: ["delete"], purge: ["delete"],
  make: ["create"], new: ["create"], add: ["create"], open: ["create"], start: ["create"], cut: ["create"], change: ["update"],
  edit: ["update"], modify: ["update"], rename: ["update"], set: ["update"], enumerate: ["list"], all: ["list"], search: ["list"],
  lock: ["protect"], unlock: ["unprotect"], protection: ["protect", "protected"], comments: ["note", "discussion"],
  comment: ["note"], diff: ["changes"], ci: ["pipeline"], build: ["job"], mergeable: ["merge"], land: ["merge"], lgtm: ["approve"],
  borrar: ["delete"], eliminar: ["delete"], rama: ["branch"], ramas: ["branch"], crear: ["create"], listar: ["list"], ver: ["get"],
  protegida: ["protected"], protegidas: ["protected"], proteger: ["protect"], desproteger: ["unprotect"], fusionadas: ["merged"],
  reglas: ["rule"], aprobar: ["approve"], fusionar: ["merge"], comentarios: ["note"], proyecto: ["project"], nueva: ["create"],
  archivo: ["file"], archivos: ["file"], fichero: ["file"], datei: ["file"], dateien: ["file"], actualizar: ["update"], aktualisieren: ["update"],
  historial: ["history"], verlauf: ["history"], cambios: ["changes"], comentario: ["note"], kommentar: ["note"], kommentare: ["note"],
  muéstrame: ["get"], muestrame: ["get"], mostrar: ["get"], zeige: ["get"], anzeigen: ["get"], löschen: ["delete"], erstellen: ["create"],
  versiones: ["version"], versionen: ["version"], etiqueta: ["tag"], etiquetas: ["tag"], trabajo: ["job"], trabajos: ["job"],
  // Counting words ("count open issues", "cuántos") ask for the statistics actions.
  count: ["statistics"], counts: ["statistics"], stats: ["statistics"], cuantos: ["statistics"], cuántos: ["statistics"],
  // Webhooks: the actions are named hook_* (project.hook_add, group.hook_list).
  webhook: ["hook"], webhooks: ["hook"],
  rid: ["delete"], cleanup: ["delete_merged"], prune: ["delete_merged"], diffs: ["changes"], threads: ["discussion"], review: ["discussion"],
};

const VERBS = new Set(["get", "list", "create", "delete", "update", "protect", "unprotect", "approve", "merge"]);

/**
 * GitLab names many actions with its own verbs (hook_add, member_edit, token_revoke, deny_project), while
 * people ask with the plain ones. An action word of a class answers the intent of that class: "add a
 * webhook" is asked for by hook_add as much as a create would be, "remove the rule" by unprotect.
 */
const VERB_CLASS: Readonly<Record<string, string>> = {
  add: "create", create: "create", protect: "create", invite: "create", share: "create", assign: "create", enable: "create", upload: "create", fork: "create", schedule: "create", request: "create",
  delete: "delete", remove: "delete", unprotect: "delete", revoke: "delete", deny: "delete", unshare: "delete", unpublish: "delete", unassign: "delete",
  update: "update", edit: "update", change: "update", configure: "update", set: "update",
};
const verbClass = (w: string) => VERB_CLASS[w] ?? w;
const DESTRUCTIVE_VERBS = new Set(["delete", "remove", "erase", "destroy", "drop", "purge", "revoke", "borrar", "eliminar"]);

/** Lower-cases, joins phrases, splits on whitespace, dots, underscores and dashes, drops stop words. */
export function tokenize(text: string): string[] {
  let t = text.toLowerCase();
  for (const [re, joined] of PHRASES) t = t.replace(re, joined);
  return t
    .split(/[\s.\-/,:;!?()"'`]+/)
    .flatMap((w) => (JOINED.has(w) ? [w] : w.split("_")))
    .filter((w) => w.length > 0 && !STOP.has(w));
}

function stem(word: string): string {
  if (word.length > 4 && /(ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

interface Indexed {
  readonly action: ActionRecord;
  readonly domainWords: readonly string[];
  readonly actionWords: readonly string[];
  /** domainWords then actionWords. */
  readonly nameWords: readonly string[];
  /** The words a typo is corrected to: name and tag words, once each. */
  readonly fuzzyWords: readonly string[];
  readonly tags: readonly string[];
  readonly tagWords: ReadonlySet<string>;
  /** Tags of two words or more, as stemmed word sequences (` protected branch rule `), for phrase matches. */
  readonly tagPhrases: readonly string[];
  readonly title: ReadonlySet<string>;
  readonly required: ReadonlySet<string>;
  readonly optional: ReadonlySet<string>;
  readonly description: ReadonlySet<string>;
}

const words = (text: string) => new Set(tokenize(text).map(stem));
/** The actions, and where each word can be found among them, built once per list of actions. */
interface Index {
  readonly actions: readonly Indexed[];
  /** A word (or a tag as written) → the positions of the actions whose exact-word fields hold it. */
  readonly exact: ReadonlyMap<string, readonly number[]>;
  /** A name word → the positions of the actions whose domain or action name holds it. */
  readonly nameWords: ReadonlyMap<string, readonly number[]>;
}

const cache = new WeakMap<readonly ActionRecord[], Index>();

function index(actions: readonly ActionRecord[]): Index {
  let built = cache.get(actions);
  if (!built) {
    const list: Indexed[] = actions.map((a) => {
      const domainWords = a.domain.split("_");
      const actionWords = a.action.split("_");
      const tagWords = new Set(a.tags.flatMap((t) => tokenize(t).map(stem)));
      return {
        action: a,
        domainWords,
        actionWords,
        nameWords: [...domainWords, ...actionWords],
        fuzzyWords: [...new Set([...domainWords, ...actionWords, ...tagWords])],
        tags: a.tags.map((t) => t.toLowerCase()),
        tagWords,
        tagPhrases: a.tags.map((t) => tokenize(t).map(stem)).filter((w) => w.length >= 2).map((w) => ` ${w.join(" ")} `),
        title: words(a.title),
        required: new Set(a.requiredParams.flatMap((p) => [p, ...p.split("_")])),
        // The words of optional params, unless they are many: a settings write with eighty fields would
        // otherwise answer to half the vocabulary (branch, feature, merge...). Their whole names still count.
        optional: new Set(a.params.filter((p) => !p.required).flatMap((p, _, all) => (all.length > 16 ? [p.name] : [p.name, ...p.name.split("_")]))),
        description: words(a.description),
      };
    });
    const exact = new Map<string, number[]>();
    const nameWords = new Map<string, number[]>();
    const add = (map: Map<string, number[]>, key: string, i: number) => {
      const at = map.get(key);
      if (!at) map.set(key, [i]);
      else if (at[at.length - 1] !== i) at.push(i);
    };
    list.forEach((x, i) => {
      for (const w of [x.action.domain, x.action.action, ...x.tags, ...x.nameWords, ...x.tagWords, ...x.required, ...x.title, ...x.optional, ...x.description]) add(exact, w, i);
      for (const w of x.nameWords) add(nameWords, w, i);
    });
    built = { actions: list, exact, nameWords };
    cache.set(actions, built);
  }
  return built;
}

/** A part of an ID that starts one of its words: "deploy_key" in access.deploy_key_get, not "main" in pages_domain_get. */
function idHolds(id: string, form: string): boolean {
  for (let at = id.indexOf(form); at >= 0; at = id.indexOf(form, at + 1)) if (at === 0 || id[at - 1] === "." || id[at - 1] === "_") return true;
  return false;
}

/**
 * The positions of the actions a form can match in any field of fieldScore: exact words through the
 * index, a part of an ID or the start of a name word by scanning those alone. Every other action
 * scores nothing for the form, so ranking never looks at it.
 */
function candidates({ form, tag }: Form, idx: Index, into: Set<number>): void {
  for (const i of idx.exact.get(form) ?? []) into.add(i);
  for (const i of idx.exact.get(tag) ?? []) into.add(i);
  if (form.length >= 4) idx.actions.forEach((x, i) => idHolds(x.action.id, form) && into.add(i));
  for (const [w, at] of idx.nameWords) {
    if ((form.length >= 3 && w.startsWith(form)) || (w.length >= 4 && form.startsWith(w))) for (const i of at) into.add(i);
  }
}

/** Why a term scored (DYN-4 explanation reasons). */
export interface Reason {
  readonly field: string;
  readonly query_term: string;
  readonly matched_value: string;
  readonly score: number;
  readonly fuzzy?: boolean;
  readonly distance?: number;
}

/** One ranked result. */
export interface FinderHit {
  readonly action: ActionRecord;
  readonly score: number;
  readonly matched: readonly string[];
  readonly reasons: readonly Reason[];
  readonly fuzzy: boolean;
}

/** A form of a query term, with its tag spelling (`merge_request` → `merge request`) worked out once. */
interface Form {
  readonly form: string;
  readonly tag: string;
}

const formOf = (form: string): Form => ({ form, tag: form.replace(/_/g, " ") });

/** The best field a form of a term matches, with DYN-9's weights. */
function fieldScore({ form, tag }: Form, x: Indexed): Omit<Reason, "query_term"> | undefined {
  const a = x.action;
  // A domain word that the action's own name repeats (user.emails_for_user) names that action more
  // closely than the domain's other actions.
  if (form === a.domain && x.actionWords.includes(form)) return { field: "split_word", matched_value: form, score: 110 };
  if (form === a.domain || form === a.action) return { field: form === a.domain ? "domain" : "action", matched_value: form, score: 80 };
  if (x.tags.includes(tag)) return { field: "tag", matched_value: form, score: 90 };
  if (x.nameWords.includes(form)) return { field: "split_word", matched_value: form, score: 65 };
  if (form.length >= 4 && idHolds(a.id, form)) return { field: "partial_id", matched_value: a.id, score: 55 };
  if (x.tagWords.has(form)) return { field: "tag_word", matched_value: form, score: 40 };
  for (const w of x.nameWords) {
    if ((form.length >= 3 && w.startsWith(form)) || (w.length >= 4 && form.startsWith(w))) return { field: "partial_word", matched_value: w, score: 45 };
  }
  if (x.required.has(form)) return { field: "required_param", matched_value: form, score: 35 };
  if (x.title.has(form)) return { field: "title", matched_value: form, score: 25 };
  if (x.optional.has(form)) return { field: "optional_param", matched_value: form, score: 22 };
  if (x.description.has(form)) return { field: "description", matched_value: form, score: 12 };
  return undefined;
}

/** What a query term is matched as: itself and its stem, then its synonyms. */
interface Term {
  readonly term: string;
  readonly forms: readonly Form[];
  readonly synonyms: readonly Form[];
}

const termOf = (term: string): Term => ({ term, forms: [formOf(term), formOf(stem(term))], synonyms: (SYNONYMS[term] ?? []).map(formOf) });

function termMatch({ term, forms, synonyms }: Term, x: Indexed): Reason | undefined {
  // The first best of: the term, its stem, then its synonyms. A synonym is weaker evidence than the
  // word itself: it counts at most the synonym weight plus a share of the field it reached, so "remove"
  // finds delete actions without outranking "delete".
  let best: Omit<Reason, "query_term"> | undefined;
  for (const form of forms) {
    const r = fieldScore(form, x);
    if (r && (!best || r.score > best.score)) best = r;
  }
  for (const form of synonyms) {
    const r = fieldScore(form, x);
    const weighed = r && { ...r, score: Math.round(18 + r.score / 2) };
    if (weighed && (!best || weighed.score > best.score)) best = weighed;
  }
  return best && { ...best, query_term: term };
}

/** termMatch for one query: each term is matched against the actions it can reach, once. */
function termMatcher(idx: Index): (term: string, i: number) => Reason | undefined {
  const memo = new Map<string, (Reason | undefined)[]>();
  return (term, i) => {
    let row = memo.get(term);
    if (!row) {
      const t = termOf(term);
      const reach = new Set<number>();
      for (const form of [...t.forms, ...t.synonyms]) candidates(form, idx, reach);
      row = new Array<Reason | undefined>(idx.actions.length).fill(undefined);
      for (const j of reach) row[j] = termMatch(t, idx.actions[j]);
      memo.set(term, row);
    }
    return row[i];
  };
}

function fuzzyMatch(term: string, x: Indexed, dist: (a: string, b: string) => number): Reason | undefined {
  if (term.length < 4) return undefined;
  let best: Reason | undefined;
  for (const w of x.fuzzyWords) {
    const d = dist(term, w);
    if (d === 0 || d > 2 || w.length < 3) continue;
    const score = (d === 1 ? 40 : 34) + (term[0] === w[0] ? 2 : 0);
    if (!best || score > best.score)
      best = { field: "fuzzy", query_term: term, matched_value: w, score, fuzzy: true, distance: d };
  }
  return best;
}

function score(
  terms: readonly string[],
  x: Indexed,
  i: number,
  match: (term: string, i: number) => Reason | undefined,
  fuzzyTerms: ReadonlyMap<string, Reason>,
  optional: ReadonlySet<string>,
  domains: ReadonlySet<string>,
  /** Rank any action that matches a term, however much of the query it misses. */
  relaxed = false,
): FinderHit | undefined {
  const reasons: Reason[] = [];
  for (const t of terms) {
    const corrected = fuzzyTerms.get(t);
    const r = match(corrected ? corrected.matched_value : t, i);
    if (r)
      reasons.push(
        corrected ? { ...r, query_term: t, score: corrected.score, fuzzy: true, distance: corrected.distance } : r,
      );
  }
  // Terms some action knows only from its description are optional: they add to the score but a
  // result need not match them. `optional` lists those terms for this query.
  const required = terms.filter((t) => !optional.has(t));
  const strong = reasons.filter((r) => !optional.has(r.query_term));
  const missed = required.length - strong.length;
  if (reasons.length === 0 || (!relaxed && (strong.length === 0 || (required.length <= 2 ? missed > 0 : missed > 1)))) return undefined;
  let total = reasons.reduce((s, r) => s + r.score, 0);
  const words = terms.map((t) => fuzzyTerms.get(t)?.matched_value ?? t);
  const expanded = new Set(words.flatMap((t) => [t, stem(t), ...(SYNONYMS[t] ?? [])]));
  let intents = [...expanded].filter((t) => VERBS.has(t));
  // A plural of a thing the catalog holds ("show me the branches", "protected branches") asks for a
  // list, whatever read verb came with it.
  const plural = words.some(
    (t) => stem(t) !== t && [stem(t), ...(SYNONYMS[t] ?? []), ...(SYNONYMS[stem(t)] ?? [])].some((w) => domains.has(w)),
  );
  if (plural) intents = [...intents.filter((v) => v !== "get"), "list"];
  // A read word taken as "get" says nothing once a plural asked for a list ("show protected branches").
  if (plural) {
    const kept = reasons.filter((r) => !(READ_WORDS.has(r.query_term) && r.matched_value === "get"));
    total -= reasons.filter((r) => !kept.includes(r)).reduce((s, r) => s + r.score, 0);
  }
  const a = x.action;
  const classes = new Set(intents.map(verbClass));
  if (intents.length > 0) total += x.actionWords.some((w) => intents.includes(w) || classes.has(verbClass(w))) ? 16 : -24;
  if (a.classification === "destructive" && words.some((t) => DESTRUCTIVE_VERBS.has(t))) total += 48;
  // Each word of the action's name the query did not ask for makes it a worse fit (DYN-9: -60). A
  // query naming no verb at all ("merge request") asks for the plain reads, list and get.
  const implied = intents.length > 0 ? intents : ["list", "get"];
  // A stop word in an action's name (emails_for_user, get_by_fingerprint) can never be asked for.
  const unasked = x.actionWords.filter(
    (w) =>
      !STOP.has(w) &&
      !expanded.has(w) &&
      !implied.includes(w) &&
      !(VERB_CLASS[w] !== undefined && classes.has(VERB_CLASS[w])) &&
      !reasons.some((r) => ["action", "split_word", "partial_word"].includes(r.field) && r.matched_value === w) &&
      // A joined phrase (deploy_key) asks for its words where the action's name holds the phrase whole.
      !words.some((t) => JOINED.has(t) && a.action.includes(stem(t)) && stem(t).split("_").includes(w)),
  );
  total -= 60 * unasked.length;
  return {
    action: a,
    score: Math.round(total * (strong.length / Math.max(1, required.length))),
    matched: reasons.map((r) => r.query_term),
    reasons,
    fuzzy: reasons.some((r) => r.fuzzy),
  };
}

const order = (x: FinderHit, y: FinderHit) =>
  y.score - x.score ||
  Number(x.action.classification === "destructive") - Number(y.action.classification === "destructive") ||
  (x.action.id < y.action.id ? -1 : 1);

/** True when the top result is weak or barely ahead of the next (DYN-9). */
export function lowConfidence(hits: readonly FinderHit[]): boolean {
  return hits.length > 0 && (hits[0].score < 80 || (hits[1] !== undefined && hits[0].score - hits[1].score < 15));
}

/**
 * The meaningful terms of a query: terms some action knows. A term no action knows is corrected to the
 * nearest word of the index when it is a typo (at most 2 edits, DYN-10), and otherwise taken for a
 * value the user named (a branch called main, issue 42) and left out of matching.
 */
function meaningful(
  terms: readonly string[],
  idx: Index,
  match: (term: string, i: number) => Reason | undefined,
): { terms: string[]; fuzzy: Map<string, Reason>; optional: Set<string> } {
  const fuzzy = new Map<string, Reason>();
  const optional = new Set<string>();
  const kept: string[] = [];
  // Edit distances, once per pair of words for this query: actions share most of their words.
  const distances = new Map<string, number>();
  const dist = (a: string, b: string) => {
    const key = `${a}\u0000${b}`;
    let d = distances.get(key);
    if (d === undefined) distances.set(key, (d = distance(a, b)));
    return d;
  };
  for (const t of terms) {
    let known = 0;
    for (let i = 0; i < idx.actions.length; i++) known = Math.max(known, match(t, i)?.score ?? 0);
    if (known > 0) {
      if (known < 20) optional.add(t);
      kept.push(t);
      continue;
    }
    const best = idx.actions
      .map((x) => fuzzyMatch(t, x, dist) ?? fuzzyMatch(stem(t), x, dist))
      .filter((r): r is Reason => r !== undefined && (r.distance === 1 || t.length >= 5))
      .sort((p, q) => q.score - p.score || (p.matched_value < q.matched_value ? -1 : 1))[0];
    if (best) {
      fuzzy.set(t, { ...best, query_term: t });
      kept.push(t);
    }
  }
  return { terms: kept, fuzzy, optional };
}

/** A web page's route (the part after `/-/`) → the catalog word for what it shows. */
const WEB_PAGES: Record<string, string> = {
  merge_requests: "merge_request", issues: "issue", work_items: "issue", pipelines: "pipeline", jobs: "job", commit: "commit",
  commits: "commit", blob: "file", raw: "file", tree: "tree", tags: "tag", releases: "release", environments: "environment",
  deployments: "deployment", snippets: "snippet", wikis: "wiki", milestones: "milestone", boards: "board", labels: "label",
  branches: "branch", pipeline_schedules: "schedule", compare: "compare", artifacts: "artifacts", packages: "package",
};

/** GitLab references in a query (`!23`, `#42`, `%3`, `@alice`, `$7`, `&5`, `group/project`, a pasted URL) → what they name. */
const REFERENCES: [RegExp, (m: string) => string[]][] = [
  [/https?:\/\/\S+/g, webPageWords],
  [/(?<![\w/])![0-9]+\b/g, () => ["merge_request"]],
  [/(?<![\w/&])#[0-9]+\b/g, () => ["issue"]],
  [/(?<![\w/])%(?:[0-9]+\b|"[^"]*")/g, () => ["milestone"]],
  [/(?<![\w/])@[a-z0-9_][a-z0-9_.-]*/g, () => ["user"]],
  [/(?<![\w/])\$[0-9]+\b/g, () => ["snippet"]],
  [/(?<![\w/])&[0-9]+\b/g, () => ["epic"]],
  [/(?<![\w/])[a-z0-9_.-]+(?:\/[a-z0-9_.-]+)+(?![\w/])/g, () => ["project"]],
];

function webPageWords(url: string): string[] {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return [];
  }
  const cut = path.indexOf("/-/");
  // A bare project or group address asks for the project or group itself.
  if (cut < 0) return path.startsWith("/groups/") ? ["group", "get"] : ["project", "get"];
  const [page, , sub] = path.slice(cut + 3).split("/");
  const words = WEB_PAGES[page] ? [WEB_PAGES[page]] : [];
  // A file page is the repository's file, not a package's.
  if (page === "blob" || page === "raw") words.push("repository");
  if (sub === "diffs") words.push("changes");
  if (sub === "pipelines") words.push("pipelines");
  return words;
}

/**
 * Takes GitLab references out of a query: they name what the user is looking at, so their words steer
 * the ranking (optional terms) but never exclude an action; a query of nothing but references is
 * matched on their words.
 */
function references(query: string): { text: string; hints: string[] } {
  const hints: string[] = [];
  let text = query;
  for (const [re, words] of REFERENCES) text = text.replace(re, (m) => (hints.push(...words(m)), " "));
  return { text, hints: [...new Set(hints)] };
}

/** Ranks the routable actions for a query, best first. */
export function findActions(query: string, actions: readonly ActionRecord[]): FinderHit[] {
  const raw = query.trim().toLowerCase();
  const exact = actions.find((a) => a.id === raw) ?? actions.find((a) => a.aliases.includes(raw));
  const idx = index(actions);
  const match = termMatcher(idx);
  const { text, hints } = references(raw);
  const found = meaningful(tokenize(text), idx, match);
  const { fuzzy, optional } = found;
  // Reference words join the terms as optional ones, unless the query holds nothing else.
  const extra = hints.filter((h) => !found.terms.includes(h));
  const terms = [...found.terms, ...extra];
  if (found.terms.length > 0) for (const h of extra) optional.add(h);
  // A read verb steers (DYN-8) but is never required when the query names something else.
  if (found.terms.some((t) => !READ_WORDS.has(t))) for (const t of found.terms) if (READ_WORDS.has(t)) optional.add(t);
  // A domain is also named by the last word of its name ("variables" asks for ci_variable lists).
  // So is a thing an action is named after ("threads" asks for discussion lists); verbs are not things.
  const domains = new Set(actions.flatMap((a) => [a.domain, a.domain.split("_").pop()!, ...THINGS.filter((w) => a.action.split("_").includes(w))]));
  // Long queries are also matched in overlapping windows of 3 to 6 terms (DYN-8).
  const windows = [terms];
  if (terms.length >= 5)
    for (let size = 3; size <= Math.min(6, terms.length - 1); size++)
      for (let i = 0; i + size <= terms.length; i++) windows.push(terms.slice(i, i + size));
  const best = new Map<string, FinderHit>();
  if (terms.length > 0) {
    const asked = terms.map((t) => fuzzy.get(t)?.matched_value ?? t);
    for (let i = 0; i < idx.actions.length; i++) {
      if (!asked.some((t) => match(t, i) !== undefined)) continue;
      const x = idx.actions[i];
      for (const w of windows) {
        const hit = score(w, x, i, match, fuzzy, optional, domains);
        if (hit && hit.score > (best.get(x.action.id)?.score ?? -Infinity)) best.set(x.action.id, hit);
      }
    }
  }
  // A tag of several words found whole in the query is the action's own name for what was asked ("secret
  // push protection", "credentials inventory"): it outweighs the words of the ID the query did not use.
  const sequence = ` ${tokenize(text).map(stem).join(" ")} `;
  for (let i = 0; i < idx.actions.length; i++) {
    const x = idx.actions[i];
    const phrase = x.tagPhrases.filter((t) => sequence.includes(t)).sort((p, q) => q.length - p.length)[0];
    if (phrase === undefined) continue;
    const length = phrase.trim().split(" ").length;
    // Three words or more name the action outright: the ID words the query left out are not held against it.
    const unasked = length >= 3 ? x.actionWords.filter((w) => !STOP.has(w) && !sequence.includes(` ${stem(w)} `)).length : 0;
    const bonus = 20 * length + 60 * unasked;
    const hit = best.get(x.action.id) ?? score(terms, x, i, match, fuzzy, optional, domains, true);
    if (hit) best.set(x.action.id, { ...hit, score: hit.score + bonus, reasons: [...hit.reasons, { field: "tag_phrase", query_term: phrase.trim(), matched_value: phrase.trim(), score: bonus }] });
  }
  // Never "no matching action" while a word of the query matches some action: when no action matches
  // enough of the query, every action that matches any of its terms is ranked by what it does match.
  if (best.size === 0 && terms.length > 0) {
    for (let i = 0; i < idx.actions.length; i++) {
      const hit = score(terms, idx.actions[i], i, match, fuzzy, optional, domains, true);
      if (hit) best.set(hit.action.id, hit);
    }
  }
  // A destructive action reached only through a typo must be a strong match to be offered (DYN-10).
  let hits = [...best.values()]
    .filter((h) => !(h.fuzzy && h.action.classification === "destructive" && h.score < 80))
    .sort(order)
    .map((h) => (h.score < 0 ? { ...h, score: 0 } : h));
  if (exact) {
    hits = [
      {
        action: exact,
        score: exact.id === raw ? 120 : 100,
        matched: [raw],
        reasons: [{ field: exact.id === raw ? "id" : "alias", query_term: raw, matched_value: raw, score: 120 }],
        fuzzy: false,
      },
      ...hits.filter((h) => h.action !== exact),
    ];
  }
  return hits;
}

/** Short advice per parameter of an action: IDs versus IIDs, path encoding, enums, paging (DYN-4). */
export function parameterGuidance(
  a: ActionRecord,
  schema: { properties?: Record<string, { enum?: unknown[] }> },
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of a.params) {
    const values = schema.properties?.[p.name]?.enum;
    if (p.name === "project_id" || p.name === "group_id")
      out[p.name] = "Numeric ID or full path such as group/project, sent plain or URL-encoded.";
    else if (p.name.endsWith("_iid"))
      out[p.name] = "The number shown in GitLab (!243, #42), scoped to the project: not the global id.";
    else if (p.name === "per_page")
      out[p.name] = "At most 100. Read further pages with page = next_page from pagination.";
    else if (p.name === "after") out[p.name] = "The end_cursor of the previous page.";
    else if (values) out[p.name] = `One of: ${values.map((v) => String(v)).join(", ")}.`;
  }
  return out;
}

/** Words of the index near the query's terms, then domains: suggestions for a query that found nothing (DYN-6). */
export function suggestions(query: string, actions: readonly ActionRecord[]): string[] {
  const vocabulary = new Set(index(actions).actions.flatMap((x) => [...x.domainWords, ...x.actionWords, ...x.tagWords]));
  const near = tokenize(query)
    .flatMap((t) => [...vocabulary].filter((w) => w.length >= 3 && distance(t, w) <= 2))
    .sort();
  return [...new Set([...near, ...new Set(actions.map((a) => a.domain))])].slice(0, 6);
}
