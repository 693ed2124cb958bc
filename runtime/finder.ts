// The action finder behind gitlab_find_action (DYN-1..DYN-10, issue 24): a MiniSearch index over the
// routable catalog, built by codegen with the lexicon of catalog/lexicon/ and loaded with the library on
// the first find (runtime/finder/engine.ts). This file keeps no vocabulary: every word is catalog data.
import type { ActionRecord, DomainRecord } from "./catalog/types.js";
import type { Engine } from "./finder/engine.js";
import { references } from "./finder/references.js";
import { distance } from "./validate.js";

/** Why a term scored (DYN-4 explanation reasons). */
export interface Reason {
  readonly field: string;
  readonly query_term: string;
  readonly matched_value: string;
  readonly score: number;
  readonly fuzzy?: boolean;
}

/** One ranked result; score is 0..100, the share of the request matched scaled by the rank under the best. */
export interface FinderHit {
  readonly action: ActionRecord;
  readonly score: number;
  readonly matched: readonly string[];
  readonly reasons: readonly Reason[];
  readonly fuzzy: boolean;
}

/** What a request was analyzed into, and its ranked actions. */
export interface FinderResult {
  readonly hits: FinderHit[];
  /** The request's terms as the index knows them (concepts and stemmed words). */
  readonly terms: string[];
}

let engine: Promise<Engine> | undefined;

/** The engine, loaded (library, index, stemmers) on the first call only. */
export function finderEngine(): Promise<Engine> {
  engine ??= import("./finder/engine.js").then((m) => m.loadEngine());
  return engine;
}

/** True once the engine has been asked for (for the test that start-up does not load it). */
export const engineLoaded = () => engine !== undefined;

const byIds = new WeakMap<readonly ActionRecord[], Map<string, ActionRecord>>();
function lookup(actions: readonly ActionRecord[]): Map<string, ActionRecord> {
  let m = byIds.get(actions);
  if (!m) byIds.set(actions, (m = new Map(actions.map((a) => [a.id, a]))));
  return m;
}

/** Ranks the given actions (the session's routable catalog) for a request, best first. */
export async function findActions(query: string, actions: readonly ActionRecord[]): Promise<FinderResult> {
  return findWith(await finderEngine(), query, actions);
}

/** Ranks actions with a given engine. */
export function findWith(e: Engine, query: string, actions: readonly ActionRecord[]): FinderResult {
  const raw = query.trim().toLowerCase();
// An alias, or a lifecycle alias (issue.close runs issue.update), names its action outright (CAT-23).
  const exact =
    actions.find((a) => a.id === raw) ?? actions.find((a) => a.aliases.includes(raw) || (a.lifecycleAliases ?? []).some((x) => x.alias === raw));
  const { text, hints } = references(raw, e.lexicon);
  const q = e.analyze(text);
  const question = q.question || /[?？]\s*$/.test(raw);
  const h = e.analyze(hints.join(" "));
  const known = lookup(actions);
  const about = (id: string) => {
    const a = known.get(id);
    return a && { kind: a.classification, domain: a.domain, action: a.action };
  };
  const ranked = e.search({ ...q, question }, about, h).filter((r) => known.has(r.id));
  ranked.sort((x, y) => y.rank - x.rank || (x.id < y.id ? -1 : 1));
  const top = ranked[0]?.rank ?? 1;
  // Nobody reads past the fiftieth result (the tool's limit): the rest are not worth their explanation.
  let hits: FinderHit[] = ranked.slice(0, 50).map((r) => {
    const reasons = Object.entries(r.matched).flatMap(([term, fields]) =>
      fields.map((field) => ({ field, query_term: term, matched_value: term, score: Math.round(r.rank * 10) / 10, ...(r.loose.length > 0 ? { fuzzy: true } : {}) })),
    );
    return {
      action: known.get(r.id)!,
      score: Math.round(100 * Math.min(1, r.coverage) * Math.min(1, r.rank / top)),
      matched: Object.keys(r.matched),
      reasons,
      fuzzy: r.loose.length > 0,
    };
  });
  // A destructive action reached only through a typo must be a strong match to be offered (DYN-10).
  hits = hits.filter((x) => !(x.fuzzy && x.action.classification === "destructive" && x.score < 80));
  if (exact) {
    const reason = { field: exact.id === raw ? "id" : "alias", query_term: raw, matched_value: raw, score: 120 };
    hits = [{ action: exact, score: 100, matched: [raw], reasons: [reason], fuzzy: false }, ...hits.filter((x) => x.action !== exact)];
  }
  return { hits, terms: [...new Set(q.terms)] };
}

/** True when the best result is weak: it matches little of the request (DYN-9). */
export function lowConfidence(hits: readonly FinderHit[]): boolean {
  return hits.length > 0 && hits[0].score < 60;
}

/** The domains of the best results, for a request the finder is unsure of: where to look, with their overview. */
export function closestDomains(hits: readonly FinderHit[], domains: readonly DomainRecord[], n = 3): DomainRecord[] {
  const names = [...new Set(hits.map((x) => x.action.domain))].slice(0, n);
  return names.flatMap((name) => domains.filter((d) => d.name === name));
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

/** Domain names near the request's words, then the others: suggestions for a request that found nothing (DYN-6). */
export function suggestions(query: string, actions: readonly ActionRecord[]): string[] {
  const domains = [...new Set(actions.map((a) => a.domain))];
  const words = query.toLowerCase().split(/[^a-z0-9_]+/).filter((w) => w.length >= 3);
  const near = domains.filter((d) => words.some((w) => distance(w, d) <= 2)).sort();
  return [...new Set([...near, ...domains])].slice(0, 6);
}
