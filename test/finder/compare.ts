// `npx tsx test/finder/compare.ts`: MiniSearch 7.2 against Orama 3.1 on the held-out set (issue 24). Both
// index the same analyzed documents (lexicon concepts, Snowball stems) with the same field boosts and get
// the same analyzed request; each library retrieves and scores (MiniSearch BM25+ with prefix and fuzzy,
// Orama BM25 with typo tolerance), and the same intent ranking follows. Prints top-1/top-5 per class,
// latency and serialized index size. Measures only: nothing here tunes the finder.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { create, insertMultiple, search, save } from "@orama/orama";
import { actions } from "../../generated/index.js";
import { buildIndex, examples } from "../../codegen/steps/finder.js";
import { loadStemmers } from "../../runtime/finder/analyze.js";
import { engineOf, type Engine } from "../../runtime/finder/engine.js";
import { BOOSTS, FIELDS } from "../../runtime/finder/fields.js";
import { findWith } from "../../runtime/finder.js";

const root = new URL("../../", import.meta.url).pathname;
const which = process.argv[2] ?? "heldout";
const dir = join(root, `test/finder/${which === "tuning" ? "eval" : "heldout"}`);
const set = readdirSync(dir).filter((f) => f.endsWith(".json")).sort()
  .flatMap((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as { q: string; ids: string[]; class?: string; lang?: string }[]);
const stemmers = await loadStemmers();
const { lexicon, index, docs } = await buildIndex(root, actions, examples(root));
const mini = engineOf(lexicon, index, stemmers);

const split = (raw: string) => raw.split(" ").filter((t) => t.length > 0);
const db = create({
  schema: Object.fromEntries([["id", "string"], ...FIELDS.map((f) => [f, "string"])]) as Record<string, "string">,
  components: { tokenizer: { language: "english", normalizationCache: new Map(), tokenize: split } },
});
await insertMultiple(db, docs.map((d) => ({ ...d })));
const docTerms = new Map(docs.map((d) => [d.id, new Set(FIELDS.flatMap((f) => split(d[f])))]));
// Orama's results through the same ranking as MiniSearch's: its score, the request's coverage, intent.
const orama: Engine = {
  ...mini,
  search(q, classify, hints) {
    const terms = [...new Set([...q.terms, ...hints.terms])];
    if (terms.length === 0) return [];
    const r = search(db, { term: terms.join(" "), properties: [...FIELDS], boost: BOOSTS, tolerance: 1, limit: 200, threshold: 1 }) as { hits: { id: string; score: number; document: { id: string } }[] };
    const intents = new Set([...q.concepts].map((c) => lexicon.intents[c]).filter((i) => i !== undefined));
    const wantsDelete = intents.has("destructive");
    return r.hits.map((h) => {
      const id = h.document.id;
      const own = docTerms.get(id)!;
      const matched = Object.fromEntries(terms.filter((t) => own.has(t)).map((t) => [t, ["any"]]));
      const coverage = q.terms.length === 0 ? 0 : [...new Set(q.terms)].filter((t) => own.has(t)).length / new Set(q.terms).size;
      const kind = classify(id)?.kind;
      let factor = 0.4 + 0.6 * coverage;
      if (q.question && !wantsDelete) factor *= kind === "read" ? 1.3 : 0.6;
      else if (intents.size === 0 || (intents.has("read") && intents.size === 1)) factor *= kind === "read" ? 1.2 : 0.85;
      if (kind === "destructive" && !wantsDelete) factor *= 0.45;
      return { id, rank: h.score * factor, matched, coverage, loose: [] };
    });
  },
};

for (const [name, engine] of [["minisearch", mini], ["orama", orama]] as const) {
  const groups = new Map<string, { n: number; top1: number; top5: number }>();
  const times: number[] = [];
  for (const c of set) {
    const t = performance.now();
    const ranked = findWith(engine, c.q, actions).hits.map((h) => h.action.id);
    times.push(performance.now() - t);
    const one = c.ids.includes(ranked[0]);
    const five = ranked.slice(0, 5).some((id) => c.ids.includes(id));
    for (const key of ["all", `class ${c.class}`, ...(c.lang && c.lang !== "en" ? [`lang ${c.lang}`] : [])]) {
      const g = groups.get(key) ?? { n: 0, top1: 0, top5: 0 };
      g.n++;
      g.top1 += one ? 1 : 0;
      g.top5 += five ? 1 : 0;
      groups.set(key, g);
    }
  }
  times.sort((a, b) => a - b);
  const size = name === "minisearch" ? JSON.stringify(index).length : JSON.stringify(save(db)).length;
  console.log(`\n${name}: p50 ${times[Math.floor(times.length / 2)].toFixed(2)} ms, p99 ${times[Math.floor(times.length * 0.99)].toFixed(2)} ms, index ${(size / 1024).toFixed(0)} KiB serialized`);
  for (const [k, g] of [...groups].sort()) console.log(`| ${k} | ${g.n} | ${(g.top1 / g.n).toFixed(3)} | ${(g.top5 / g.n).toFixed(3)} |`);
}
