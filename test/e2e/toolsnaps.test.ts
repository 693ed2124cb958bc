// Toolsnaps (STYLE rule 24): the sorted-key JSON of every tool of every surface, as a real client lists
// it, committed under test/__toolsnaps__. UPDATE_TOOLSNAPS=1 rewrites them; a missing snapshot fails
// under CI=true. Also prints the tools/list size of each surface for the record.
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, it } from "node:test";
import { connect, SURFACES } from "../helpers/mcp.js";

const DIR = new URL("../../../test/__toolsnaps__/", import.meta.url).pathname;

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  return v;
}

describe("toolsnaps", () => {
  for (const surface of SURFACES) {
    it(`every ${surface} tool matches its snapshot`, async () => {
      const conn = await connect({ surface });
      try {
        const listed = await conn.client.listTools();
        const bytes = Buffer.byteLength(JSON.stringify(listed));
        process.stderr.write(`tools/list ${surface}: ${listed.tools.length} tools, ${bytes} bytes\n`);
        for (const tool of listed.tools) {
          const snap = JSON.stringify(sortKeys({ name: tool.name, title: tool.title, description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema, annotations: tool.annotations }), null, 2) + "\n";
          const file = `${DIR}${tool.name}.snap`;
          if (process.env.UPDATE_TOOLSNAPS === "1" || (!existsSync(file) && process.env.CI !== "true")) {
            writeFileSync(file, snap);
            continue;
          }
          assert.ok(existsSync(file), `missing toolsnap ${tool.name}.snap: run UPDATE_TOOLSNAPS=1 npm test and commit it`);
          assert.equal(snap, readFileSync(file, "utf8"), `${tool.name} changed: review, then UPDATE_TOOLSNAPS=1 npm test`);
        }
      } finally {
        await conn.close();
      }
    });
  }
});
