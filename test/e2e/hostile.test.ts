// Hostile input through every action of the catalog, on all three surfaces (issue 21, BEHAVIOR §4):
// - every path parameter gets each dot-segment form (`..`, `.` and their percent-encodings): refused,
//   naming the parameter, and nothing reaches GitLab;
// - every path parameter gets values that may be legitimate but hold slashes, dots, `?`, `#`, `\` or
//   double encodings: whatever reaches GitLab reaches it on the action's own route, as the simulator's
//   raw (unresolved) request line shows, segment for segment;
// - every integer parameter gets 1e30 (refused: not a plain decimal GitLab reads), a fraction, and -1
//   where the catalog declares the least value is 0 or more; every string path parameter gets 5,000
//   characters: refused, nothing sent.
// The dynamic surface gets every form; meta and individual every class with fewer forms each.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { actions, inputSchemas } from "../../generated/index.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SIM_TOKEN, SURFACES, text, type Connection, type SurfaceName } from "../helpers/mcp.js";
import { sampleParams } from "../helpers/samples.js";

const DOTS = ["..", ".", "%2e%2e", "%2E", ".%2e", "%2e.", "%2E%2E"];
const SLIPS = ["a/../b", "../x", "x/..", "%2e%2e%2f", "..%2F", "%252e%252e", "a?b#c", "a\\b", "./x", "..."];
const FEW = { dots: ["..", "%2e%2e", "."], slips: ["a/../b", "..%2F", "a?b#c"] };

type Schema = { type?: string | string[]; minimum?: number; enum?: unknown[] };
const types = (s: Schema | undefined) => (Array.isArray(s?.type) ? s.type : [s?.type]);
const props = (id: string) => (inputSchemas[id] as { properties?: Record<string, Schema> }).properties ?? {};

// A raw path segment that URL resolution would treat as `.` or `..`.
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

/** The route of a REST template as a pattern over the raw path: each {param} exactly one segment. */
const routeOf = (template: string) => new RegExp(`^/api/v4${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[a-z_0-9]+\\?\}/g, "[^/]+")}(\\.[a-z0-9.]+)?$`);
const byId = new Map(actions.map((a) => [a.id, a]));
const rest = actions.filter((a) => a.request.kind === "rest");
const anyRoute = rest.map((a) => routeOf((a.request as { path: string }).path));

interface Tally {
  calls: number;
  refused: number;
  requests: number;
}

/** Runs the calls a few at a time over one connection. */
async function pooled<T>(items: readonly T[], run: (item: T) => Promise<void>, width = 12): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await run(items[next++]);
  }));
}

describe("hostile input through every action (issue 21)", () => {
  let sim: GitLabSimulator;
  const tallies = new Map<SurfaceName, Tally>();
  before(async () => {
    // An administrator's token with admin_mode, so every action of the catalog is offered.
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } });
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
  });
  after(async () => {
    await sim?.close();
    for (const [surface, t] of tallies) process.stderr.write(`hostile input, ${surface}: ${t.calls} calls, ${t.refused} refused before GitLab, ${t.requests} requests checked on their route\n`);
  });

  for (const surface of SURFACES) {
    it(`${surface}: no value leaves its route, and bad values are refused before GitLab`, async () => {
      const conn: Connection = await connect({ sim, surface });
      const tally: Tally = { calls: 0, refused: 0, requests: 0 };
      tallies.set(surface, tally);
      const full = surface === "dynamic";
      const call = async (id: string, params: Record<string, unknown>): Promise<CallToolResult> => {
        tally.calls++;
        return callAction(conn, surface, id, params, byId.get(id)!.classification === "destructive");
      };
      /** A call that must be refused, naming the parameter, with nothing sent. */
      const refused = async (id: string, param: string, value: unknown, why: RegExp) => {
        const r = await call(id, { ...sampleParams(id), [param]: value });
        assert.equal(r.isError, true, `${surface} ${id} ${param}=${JSON.stringify(value).slice(0, 40)} was not refused`);
        assert.match(text(r), new RegExp(`${param}`), `${id}: the refusal does not name ${param}: ${text(r).slice(0, 200)}`);
        assert.match(text(r), why, `${id} ${param}: ${text(r).slice(0, 300)}`);
        tally.refused++;
      };
      try {
        for (const a of actions) {
          const schema = props(a.id);
          const pathParams = a.params.filter((p) => p.in === "path");
          // An ID a procedure puts in the path itself (search's project_id) is refused the same way.
          const dotTargets = a.params.filter((p) => p.in === "path" || (p.in === "local" && p.type === "id"));
          const integers = Object.entries(schema).filter(([, s]) => types(s).includes("integer") && !s.enum);
          sim.clearLog();
          // 1. Dot segments: refused at validation, whatever the encoding.
          await pooled(dotTargets.flatMap((p) => (full ? DOTS : FEW.dots).map((v) => [p.name, v] as const)), ([name, v]) =>
            types(schema[name]).includes("string") ? refused(a.id, name, v, /invalid params/) : refused(a.id, name, v, /must be of type integer/),
          );
          // 3. Numbers and lengths.
          const numbers = integers.flatMap(([name, s]) => [[name, 1e30, /must be <= \d+ \(got 1e\+30\)/] as const, ...(full ? [[name, 1.5, /must be of type/] as const] : []), ...(full && (s.minimum ?? -1) >= 0 ? [[name, -1, /must be >=/] as const] : [])]);
          await pooled(numbers, ([name, v, why]) => refused(a.id, name, v, why));
          await pooled(pathParams.filter((p) => types(schema[p.name]).includes("string")), (p) => refused(a.id, p.name, "x".repeat(5000), schema[p.name].enum ? /must be one of/ : /at most \d+ characters/));
          assert.deepEqual(sim.log.map((r) => `${r.method} ${r.rawPath}`), [], `${surface} ${a.id}: a refused call reached GitLab`);
          // 2. Values that may reach GitLab: on the action's own route, one segment each.
          const slips = pathParams.filter((p) => types(schema[p.name]).includes("string")).flatMap((p) => (full ? SLIPS : FEW.slips).map((v) => [p.name, v] as const));
          await pooled(slips, async ([name, v]) => void (await call(a.id, { ...sampleParams(a.id), [name]: v })));
          const own = a.request.kind === "rest" ? routeOf(a.request.path) : undefined;
          for (const r of sim.log) {
            tally.requests++;
            assert.doesNotMatch(r.rawPath, DOT_SEGMENT, `${surface} ${a.id}: ${r.method} ${r.rawPath} holds a dot segment`);
            if (r.rawPath === "/api/graphql") continue;
            // A procedure may read another resource first; every request still lands on a catalog route.
            const ok = own && !(a.request.kind === "rest" && a.request.procedure) ? own.test(r.rawPath) || anyRoute.some((re) => re.test(r.rawPath)) : anyRoute.some((re) => re.test(r.rawPath));
            assert.ok(ok, `${surface} ${a.id}: ${r.method} ${r.rawPath} is not on a catalog route`);
          }
          if (own && !(a.request.kind === "rest" && a.request.procedure) && slips.length > 0) {
            // A plain REST action sends its own request: each one on its own route, segment for segment.
            const mine = sim.log.filter((r) => r.method === (a.request as { method: string }).method && own.test(r.rawPath));
            assert.ok(mine.length >= 1, `${surface} ${a.id}: no request on its own route ${(a.request as { path: string }).path} (${sim.log.map((r) => r.rawPath).join(", ")})`);
          }
        }
      } finally {
        await conn.close();
      }
      assert.ok(tally.refused > 1000, `only ${tally.refused} refusals: the sweep did not reach the catalog`);
    });
  }
});
