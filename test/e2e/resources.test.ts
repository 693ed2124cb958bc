// Data resources and guides through a real client against the simulator (BEHAVIOR §7.1-§7.3, RPC-1..RPC-8):
// every URI a get action embeds reads back that action's JSON through its template, collections answer
// one page with pageInfo, files are binary-safe, errors follow RPC-7, and policy decides what is listed.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { actions } from "../../generated/index.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { SIM_PNG } from "../sim/restFiles.js";
import { callAction, connect, text, type Connection } from "../helpers/mcp.js";
import { filled, GET_CASES, SEED_WRITES, seedResources } from "./resourceSeed.js";

const PAGE_INFO = "io.github.jmrplens/pageInfo";
type Contents = { uri: string; mimeType?: string; text?: string; blob?: string }[];

const read = (conn: Connection, uri: string) => conn.client.readResource({ uri }) as Promise<{ contents: Contents; _meta?: Record<string, unknown> }>;
const embedded = (r: CallToolResult) => r.content.find((c) => c.type === "resource") as { resource: { uri: string; text: string } } | undefined;
const rejectsWith = (code: number, message: RegExp | string, uri?: string) => (e: Error & { code?: number; data?: { uri?: string } }) => {
  assert.equal(e.code, code, e.message);
  if (typeof message === "string") assert.ok(e.message.includes(message), e.message);
  else assert.match(e.message, message);
  if (uri) assert.equal(e.data?.uri, uri);
  return true;
};

describe("resources over stdio, full capability surface", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  const ids = new Map<string, string>();
  before(async () => {
    sim = await GitLabSimulator.start();
    seedResources(sim);
    conn = await connect({ sim });
    for (const w of SEED_WRITES) {
      const r = await callAction(conn, "dynamic", w.id, w.params);
      assert.equal(r.isError, undefined, `${w.id}: ${text(r)}`);
      if (w.yields) ids.set(w.yields, String(r.structuredContent?.id));
    }
  });
  after(async () => {
    await conn.close();
    await sim.close();
  });

  it("RPC-3: every catalog action that embeds a URI has a case here", () => {
    const covered = new Set(GET_CASES.map((c) => c.id));
    assert.deepEqual(actions.filter((a) => a.resourceTemplate && !covered.has(a.id)).map((a) => a.id), []);
  });

  for (const seeded of GET_CASES) {
    it(`RPC-3: ${seeded.uri} (embedded by ${seeded.id}) reads back the same JSON through its template, with the same GitLab request`, async () => {
      const c = filled(seeded, ids);
      sim.clearLog();
      const r = await callAction(conn, "dynamic", c.id, c.params);
      assert.equal(r.isError, undefined, text(r));
      const block = embedded(r);
      assert.ok(block, "the get embeds its resource");
      assert.equal(block.resource.uri, c.uri);
      const byTool = sim.log.map((e) => `${e.method} ${e.path}`);
      sim.clearLog();
      const res = await read(conn, c.uri);
      assert.equal(res.contents.length, 1);
      assert.equal(res.contents[0].uri, c.uri);
      assert.equal(res.contents[0].mimeType, "application/json");
      assert.equal(res.contents[0].text, block.resource.text);
      assert.deepEqual(JSON.parse(res.contents[0].text!), r.structuredContent);
      assert.deepEqual(sim.log.map((e) => `${e.method} ${e.path}`), byTool);
    });
  }
});
