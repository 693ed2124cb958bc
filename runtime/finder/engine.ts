// The finder's engine (issue 24), loaded on the first find: the lexicon and the MiniSearch index that
// codegen built (generated/finder-index.ts), the Snowball stemmers, and the ranking: BM25+ over the
// action's fields, then the request's intent (a question asks for a read; no delete word, no destructive
// action first).
import MiniSearch, { type SearchResult } from "minisearch";
// Not through generated/index.js: that entry loads at start-up, and the index must wait for the first find.
// eslint-disable-next-line no-restricted-imports
import { finderIndex, finderLexicon } from "../../generated/finder-index.js";
import { analyzer, loadStemmers, type Analysis, type CompiledLexicon, type Stemmers } from "./analyze.js";
import { BOOSTS, indexOptions, type IndexedAction } from "./fields.js";

/** One action the index found, with what decided its rank. */
export interface Ranked {
  readonly id: string;
  /** The engine's score after intent, for ordering. */
  readonly rank: number;
  /** Query terms this action matched, and the fields they matched in. */
  readonly matched: Readonly<Record<string, readonly string[]>>;
  /** Share of the request's terms the action matched (0..1). */
  readonly coverage: number;
  /** Terms matched only through typo tolerance or a prefix. */
  readonly loose: readonly string[];
}

export interface Engine {
  readonly lexicon: CompiledLexicon;
  analyze(text: string): Analysis;
  search(q: Analysis, about: (id: string) => About | undefined, hints: Analysis): Ranked[];
}

/** What the ranking needs to know of an action beyond the index. */
export interface About {
  readonly kind: "read" | "write" | "destructive";
  readonly domain: string;
  /** The action part of its canonical ID (`list_protected`). */
  readonly action: string;
}

/** The engine over the generated lexicon and index. */
export async function loadEngine(): Promise<Engine> {
  const stemmers = await loadStemmers();
  return engineOf(JSON.parse(finderLexicon) as CompiledLexicon, MiniSearch.loadJSON<IndexedAction>(finderIndex, indexOptions), stemmers);
}

/** An engine over a lexicon and an index (the generated ones, or others an evaluation builds). */
export function engineOf(lexicon: CompiledLexicon, index: MiniSearch<IndexedAction>, stemmers: Stemmers): Engine {
  const analyze = analyzer(lexicon, stemmers);
  // The terms of each word of an action's name, once per action.
  const nameWords = new Map<string, string[][]>();
  const wordsOf = (action: string) => {
    let w = nameWords.get(action);
    if (!w) nameWords.set(action, (w = action.split("_").map((x) => analyze(x, { languages: ["en"], keepWords: true }).terms).filter((t) => t.length > 0)));
    return w;
  };
  return {
    lexicon,
    analyze: (text) => analyze(text, { keepWords: true }),
    search(q, about, hints) {
      const terms = [...new Set(q.terms)];
      const hintTerms = [...new Set(hints.terms)].filter((t) => !terms.includes(t));
      const all = [...terms, ...hintTerms];
      if (all.length === 0) return [];
      const results = index.search(all.join(" "), {
        boost: BOOSTS,
        combineWith: "OR",
        // Only words the lexicon does not know (typos, rare words) are matched by prefix and with typo tolerance.
        prefix: (t) => q.loose.has(t) && t.length >= 4,
        fuzzy: (t) => (!q.loose.has(t) || t.length < 4 ? false : t.length <= 5 ? 1 : 2),
        weights: { fuzzy: 0.5, prefix: 0.6 },
        // A reference (a pasted address, !123) steers but counts less than a word of the request.
        boostTerm: (t) => (hintTerms.includes(t) ? 0.5 : 1),
      });
      const intents = new Set([...q.concepts].map((c) => lexicon.intents[c]).filter((i) => i !== undefined));
      const wantsDelete = intents.has("destructive");
      const content = terms.length > 0 ? terms : hintTerms;
      const asked = new Set([...terms, ...hintTerms]);
      // A plural asks for the list, whatever read verb came with it ("show protected branches").
      if (q.plural && !intents.has("write") && !intents.has("destructive")) for (const v of lexicon.implied.none) if (!lexicon.implied.plural.includes(v)) asked.delete(v);
      // A request naming no verb asks for the plain reads.
      const listing = q.plural && !intents.has("write") && !intents.has("destructive");
      const implied = listing ? lexicon.implied.plural : intents.size === 0 ? lexicon.implied.none : [];
      return results.map((r) => {
        const a = about(r.id as string);
        // Each word of the action's name the request did not ask for makes it a worse fit.
        const unasked = a ? wordsOf(`${a.domain}_${a.action}`).filter((ts) => !ts.some((t) => asked.has(t) || implied.includes(t))).length : 0;
        return rank(r, content, q, intents, wantsDelete, a?.kind, unasked);
      });
    },
  };
}

function rank(
  r: SearchResult,
  content: readonly string[],
  q: Analysis,
  intents: ReadonlySet<string>,
  wantsDelete: boolean,
  kind: "read" | "write" | "destructive" | undefined,
  unasked: number,
): Ranked {
  const exact = content.filter((t) => r.match[t] !== undefined);
  const loose = r.queryTerms.filter((t) => !exact.includes(t) && content.includes(t));
  const coverage = content.length === 0 ? 0 : (exact.length + 0.6 * loose.length) / content.length;
  let factor = (0.4 + 0.6 * coverage) * 0.85 ** unasked;
  // A question about what happened ("which MRs did Alice merge?") asks for a read, whatever verb it names.
  if (q.question && !wantsDelete) factor *= kind === "read" ? 1.3 : 0.6;
  else if (intents.size === 0 || (intents.has("read") && intents.size === 1)) factor *= kind === "read" ? 1.2 : 0.85;
  // A request with no delete word never gets a destructive action first.
  if (kind === "destructive" && !wantsDelete) factor *= 0.45;
  return { id: r.id as string, rank: r.score * factor, matched: r.match, coverage, loose };
}
