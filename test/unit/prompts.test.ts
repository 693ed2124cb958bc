// The prompt table (RPC-9) against the catalog: every action a prompt reads is a catalog read, every
// follow-up it names is a catalog action, and the names and arguments are RPC-9's. A typo in an action
// ID would otherwise only make a prompt quietly unlisted or a follow-up quietly dropped.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { catalog } from "../../runtime/catalog/index.js";
import { PROMPTS } from "../../runtime/prompts/table.js";

const source = new URL("../../../runtime/prompts/", import.meta.url).pathname;

describe("RPC-9: the prompt table", () => {
  it("holds the 37 prompts of RPC-9", () => assert.equal(PROMPTS.size, 37));

  it("needs only catalog reads and names only catalog actions to act on next", () => {
    for (const p of PROMPTS.values()) {
      assert.ok(p.needs.length > 0, `${p.name} needs nothing`);
      for (const id of p.needs) assert.equal(catalog.byId.get(id)?.classification, "read", `${p.name} needs ${id}, which is not a catalog read`);
      for (const [id] of p.next) assert.ok(catalog.byId.has(id), `${p.name} names ${id}, which is not a catalog action`);
    }
  });

  it("reads only catalog read actions (every action ID its source passes to get or list)", () => {
    const files = readdirSync(source).filter((f) => f.endsWith(".ts"));
    const read = files.flatMap((f) => [...readFileSync(`${source}${f}`, "utf8").matchAll(/\b(?:get|list|getIfAllowed|listIfAllowed|pickMilestone)\(\s*(?:run,\s*)?"([a-z_]+\.[a-z_]+)"/g)].map((m) => [f, m[1]] as const));
    assert.ok(read.length >= 40, `only ${read.length} reads found: the pattern no longer matches the source`);
    for (const [f, id] of read) assert.equal(catalog.byId.get(id)?.classification, "read", `${f} reads ${id}, which is not a catalog read`);
  });

  it("states a default for every optional argument and a request count in every description (RPC-11)", () => {
    for (const p of PROMPTS.values()) {
      assert.match(p.description, /\b\d+ GitLab requests?\.$/, p.name);
      for (const a of p.args) if (!a.required) assert.match(a.description, /default/, `${p.name}.${a.name}`);
    }
  });
});
