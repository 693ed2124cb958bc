// The size of what tools/list costs a client, per surface, against the budgets of test/bench/budgets.json
// (issue 5, issue 10). Sizes are bytes of JSON, deterministic for a catalog, so they are asserted here as
// well as measured by `npm run bench` (which adds the JSON-RPC framing and times the start).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { catalog } from "../../runtime/catalog/index.js";
import { buildView } from "../../runtime/policy/view.js";
import { dynamicSurface } from "../../runtime/surfaces/dynamic.js";
import { individualSurface } from "../../runtime/surfaces/individual.js";
import { metaSurface } from "../../runtime/surfaces/meta.js";

const budgets = JSON.parse(readFileSync(new URL("../../../test/bench/budgets.json", import.meta.url), "utf8")) as {
  tools_list_bytes: Record<string, number>;
  individual_bytes_per_tool: number;
};
const view = buildView(catalog, { readOnly: false, excludeTools: [], ignoreScopes: false }, { scopes: ["api"] });
const bytes = (tools: readonly unknown[]) => Buffer.byteLength(JSON.stringify({ tools }));

describe("tools/list sizes", () => {
  it(`individual: at most ${budgets.individual_bytes_per_tool} bytes per tool on average`, () => {
    const tools = individualSurface(view).tools;
    const sizes = tools.map((t) => [t.name, Buffer.byteLength(JSON.stringify(t))] as const).sort((a, b) => b[1] - a[1]);
    const average = bytes(tools) / tools.length;
    process.stderr.write(`individual: ${tools.length} tools, ${Math.round(average)} bytes/tool; largest ${sizes.slice(0, 5).map(([n, s]) => `${n} ${s}`).join(", ")}\n`);
    assert.ok(average <= budgets.individual_bytes_per_tool, `${Math.round(average)} bytes per tool`);
  });

  it(`meta (opaque): at most ${budgets.tools_list_bytes["meta:opaque"]} bytes, projected to every domain of the target catalog`, () => {
    const tools = metaSurface(view, "opaque").tools;
    const total = bytes(tools);
    // Domains not written yet cost what a written one costs without its enum; every action not written
    // yet adds its name to its domain's enum, and a destructive one its name to the description too.
    const target = readFileSync(new URL("../../../codegen/inputs/action-ids.tsv", import.meta.url), "utf8").trim().split("\n").slice(1).map((l) => l.split("\t"));
    const written = new Set(tools.map((t) => t.name.slice("gitlab_".length)));
    const perDomain = tools.map((t) => Buffer.byteLength(JSON.stringify(t)) - Buffer.byteLength(JSON.stringify((t.inputSchema.properties as { action: { enum: string[] } }).action.enum)));
    const fixed = perDomain.reduce((s, n) => s + n, 0) / perDomain.length;
    const missing = [...new Set(target.map((r) => r[1]).filter((d) => !written.has(d)))];
    const have = new Set(catalog.actions.map((a) => a.id));
    const names = target.filter((r) => !have.has(r[0])).reduce((s, r) => s + r[2].length + 3 + (r[3] === "destructive" ? r[2].length + 2 : 0), 0);
    const projected = total + Math.round(missing.length * fixed) + names;
    process.stderr.write(`meta (opaque): ${tools.length} tools, ${total} bytes; projected at ${tools.length + missing.length} domains: ${projected} bytes\n`);
    assert.ok(total <= budgets.tools_list_bytes["meta:opaque"], `${total} bytes`);
    assert.ok(projected <= budgets.tools_list_bytes["meta:opaque"], `projected ${projected} bytes at the full catalog`);
  });

  it(`dynamic: at most ${budgets.tools_list_bytes.dynamic} bytes`, () => {
    const total = bytes(dynamicSurface(view).tools);
    assert.ok(total <= budgets.tools_list_bytes.dynamic, `${total} bytes`);
  });
});
