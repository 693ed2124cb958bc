// The finder in process (issue 24): the first find (the index and the library loaded, lazily), then
// p50/p99 over the tuning set's requests (test/finder/eval/), with no transport around it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { actions } from "../../generated/index.js";
import { findActions } from "../../runtime/finder.js";

export async function measureFinder(root: string): Promise<{ firstMs: number; p50: number; p99: number; n: number }> {
  const dir = join(root, "test/finder/eval");
  const queries = readdirSync(dir).filter((f) => f.endsWith(".json")).sort()
    .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), "utf8")) as { q: string }[]).map((r) => r.q));
  let t = performance.now();
  await findActions("list branches", actions);
  const firstMs = performance.now() - t;
  const times: number[] = [];
  for (const q of queries) {
    t = performance.now();
    await findActions(q, actions);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { firstMs, p50: times[Math.floor(times.length / 2)], p99: times[Math.floor(times.length * 0.99)], n: times.length };
}
