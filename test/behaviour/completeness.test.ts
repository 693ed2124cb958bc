// Every catalog action has a behaviour test: a case in one of the domain tables (test/behaviour/*.cases.ts),
// or, for the actions written before the tables, an end-to-end test in test/e2e/ that calls it by its ID.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { it } from "node:test";
import { actions } from "../../generated/index.js";
import type { BehaviourTable } from "../helpers/behaviour.js";

const compiled = new URL(".", import.meta.url).pathname;
const sources = new URL("../../../test/e2e/", import.meta.url).pathname;

it("every catalog action has a behaviour test", async () => {
  const covered = new Map<string, string>();
  for (const file of readdirSync(compiled).filter((f) => f.endsWith(".cases.js")).sort()) {
    // A .cases file is either an action table or cases of another kind (prompts.cases.ts): only tables count.
    const { table } = (await import(join(compiled, file))) as { table?: BehaviourTable };
    for (const c of table?.cases ?? []) covered.set(c.id, file.replace(/\.js$/, ".ts"));
  }
  const e2e = readdirSync(sources).filter((f) => f.endsWith(".test.ts")).map((f) => readFileSync(join(sources, f), "utf8"));
  const missing = actions.filter((a) => !covered.has(a.id) && !e2e.some((src) => src.includes(`"${a.id}"`))).map((a) => a.id);
  assert.deepEqual(missing, [], `actions without a behaviour test (add a case to test/behaviour/<domain>.cases.ts): ${missing.join(", ")}`);
});
