// `node dist/test/finder/report.js [tuning|heldout]`: the finder's top-1 and top-5 over a request set,
// overall and per class and language, over the actions the catalog has (requests for actions not yet in
// the catalog are left out and counted). The held-out set (test/finder/heldout/) is never tuned on: a
// request of it that fails is moved to the tuning set and replaced by a fresh one of the same class.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { actions } from "../../generated/index.js";
import { findActions } from "../../runtime/finder.js";

interface Request {
  q: string;
  ids: string[];
  class?: string;
  lang?: string;
}

const which = process.argv[2] === "tuning" ? "eval" : "heldout";
const dir = new URL(`../../../test/finder/${which}/`, import.meta.url).pathname;
const set = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Request[]);
const known = new Set(actions.map((a) => a.id));
const cases = set.filter((c) => c.ids.some((id) => known.has(id)));
const groups = new Map<string, { n: number; top1: number; top5: number }>();
const add = (key: string, top1: boolean, top5: boolean) => {
  const g = groups.get(key) ?? { n: 0, top1: 0, top5: 0 };
  g.n++;
  if (top1) g.top1++;
  if (top5) g.top5++;
  groups.set(key, g);
};
const times: number[] = [];
for (const c of cases) {
  const started = performance.now();
  const ranked = (await findActions(c.q, actions)).hits.map((h) => h.action.id);
  times.push(performance.now() - started);
  const top1 = c.ids.includes(ranked[0]);
  const top5 = ranked.slice(0, 5).some((id) => c.ids.includes(id));
  add("all", top1, top5);
  if (c.class) add(`class ${c.class}`, top1, top5);
  if (c.lang && c.lang !== "en") add(`lang ${c.lang}`, top1, top5);
  if (process.env.MISSES && !top5) console.log(`miss [${c.class ?? ""}/${c.lang ?? ""}] ${c.q} -> ${ranked.slice(0, 3).join(", ") || "(nothing)"} (want ${c.ids.join(" or ")})`);
}
times.sort((a, b) => a - b);
console.log(`${which} set: ${set.length} requests, ${cases.length} for actions in the catalog (${actions.length} actions)`);
console.log("| group | requests | top-1 | top-5 |\n| --- | --- | --- | --- |");
for (const [key, g] of [...groups].sort(([a], [b]) => (a === "all" ? -1 : b === "all" ? 1 : a < b ? -1 : 1))) {
  console.log(`| ${key} | ${g.n} | ${(g.top1 / g.n).toFixed(3)} | ${(g.top5 / g.n).toFixed(3)} |`);
}
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
console.log(`find latency in process: p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms`);
