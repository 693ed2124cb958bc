// `npx tsx test/finder/crossval.ts [MISSES=1]`: a generalization estimate from the tuning set alone (issue
// 24). The tuning set's files are split in two; the index takes the examples of one half and is measured on
// the other, then the other way round. The held-out set is not read.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { actions } from "../../generated/index.js";
import { buildIndex, examples } from "../../codegen/steps/finder.js";
import { loadStemmers } from "../../runtime/finder/analyze.js";
import { engineOf } from "../../runtime/finder/engine.js";
import { findWith } from "../../runtime/finder.js";

const root = new URL("../../", import.meta.url).pathname;
const dir = join(root, "test/finder/eval");
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
const stemmers = await loadStemmers();
let n = 0, top1 = 0, top5 = 0;
const times: number[] = [];
for (const half of [0, 1]) {
  const inHalf = (f: string) => files.indexOf(f) % 2 === half;
  const { lexicon, index } = await buildIndex(root, actions, examples(root, (f) => f.endsWith(".json") && !inHalf(f)));
  const engine = engineOf(lexicon, index, stemmers);
  for (const f of files.filter(inHalf)) {
    for (const c of JSON.parse(readFileSync(join(dir, f), "utf8")) as { q: string; ids: string[] }[]) {
      const t = performance.now();
      const ranked = findWith(engine, c.q, actions).hits.map((h) => h.action.id);
      times.push(performance.now() - t);
      n++;
      const one = c.ids.includes(ranked[0]);
      const five = ranked.slice(0, 5).some((id) => c.ids.includes(id));
      if (one) top1++;
      if (five) top5++;
      if (process.env.MISSES && !(process.env.MISSES === "1" ? five : one)) console.log(`miss ${c.q} -> ${ranked.slice(0, 3).join(", ")} (want ${c.ids.join(" or ")})`);
    }
  }
}
times.sort((a, b) => a - b);
console.log(`cross-validated tuning set: ${n} requests, top-1 ${(top1 / n).toFixed(3)}, top-5 ${(top5 / n).toFixed(3)}; p50 ${times[Math.floor(n / 2)].toFixed(2)} ms, p99 ${times[Math.floor(n * 0.99)].toFixed(2)} ms`);
