// Behaviour tables: one readable table per catalog domain, run through the SDK's real MCP Client over
// stdio against the simulator, on every surface. Each surface gets one simulator and one server for the
// whole table (cases run in order, so a table can be a workflow: create, then get, then delete), which
// keeps the suite's time proportional to the number of cases rather than to servers started.
//
// A case names the action, its params, the request GitLab must have received (method, path, and when
// given the query and body, compared exactly) and what the result must say (Markdown lines or patterns).
// Every successful result is checked against the action's own output schema. The completeness test
// (test/behaviour/completeness.test.ts) fails when a catalog action has no case in any table.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator, type SimOptions } from "../sim/simulator.js";
import type { LoggedRequest } from "../sim/server.js";
import { callAction, connect, SURFACES, text, type Connection, type SurfaceName } from "./mcp.js";
import { assertOutputConforms } from "./schemas.js";

/** A request GitLab must have received. `path` is below /api/v4 (or `/api/graphql`), as sent (encoded). */
export interface ExpectedRequest {
  readonly method: string;
  readonly path: string;
  /** Compared exactly with the query GitLab parsed (arrays as `key[]` values), when given. */
  readonly query?: Record<string, string | string[]>;
  /** Compared exactly with the JSON (or form) body GitLab parsed, when given. */
  readonly body?: unknown;
}

export interface BehaviourCase {
  /** The canonical action ID. */
  readonly id: string;
  /** What this case shows, when an action has several cases (also the test's name). */
  readonly name?: string;
  readonly params: Record<string, unknown>;
  /** Destructive actions: call with confirm (the confirmation gate has its own tests). */
  readonly confirm?: boolean;
  /**
   * What reached GitLab during the call: the last request, or every request in order. Omit only for a
   * call that must not reach GitLab at all (then the log is asserted empty).
   */
  readonly request?: ExpectedRequest | readonly ExpectedRequest[];
  /** Lines (exact substrings) or patterns the Markdown must contain. */
  readonly markdown: readonly (string | RegExp)[];
  /** The result is an error (isError true): a refusal, a GitLab error or a not-found card. */
  readonly isError?: boolean;
  /** Further checks on the result (structuredContent, resources), after the common ones. */
  readonly check?: (result: CallToolResult, sim: GitLabSimulator) => void;
  /** Run only on these surfaces (default: all three). */
  readonly surfaces?: readonly SurfaceName[];
}

export interface BehaviourTable {
  /** The catalog domain (or a name for a cross-domain table). */
  readonly domain: string;
  /** Seeds a fresh simulator; called once per surface. */
  readonly seed: (sim: GitLabSimulator) => void | Promise<void>;
  readonly cases: readonly BehaviourCase[];
  readonly simOptions?: SimOptions;
  /** Extra server environment, such as GITLAB_MCP_EMBEDDED_RESOURCES. */
  readonly env?: Record<string, string>;
}

// The server's own credential checks (GET /personal_access_tokens/self) are not the call under test; a
// DELETE of that path (access.token_personal_revoke_self) is.
const lastRequests = (log: readonly LoggedRequest[], n: number) => log.filter((q) => !(q.method === "GET" && q.path === "/api/v4/personal_access_tokens/self")).slice(-n);

function assertRequest(got: LoggedRequest | undefined, want: ExpectedRequest, label: string): void {
  assert.ok(got, `${label}: no request reached GitLab (want ${want.method} ${want.path})`);
  const prefix = want.path.startsWith("/api/") ? "" : "/api/v4";
  assert.equal(`${got.method} ${got.rawPath}`, `${want.method} ${prefix}${want.path}`, `${label}: method and path`);
  if (want.query !== undefined) assert.deepEqual(got.query, want.query, `${label}: query of ${want.method} ${want.path}`);
  if (want.body !== undefined) assert.deepEqual(got.body, want.body, `${label}: body of ${want.method} ${want.path}`);
}

/** Registers one describe block per surface running the table's cases in order. */
export function runBehaviourTable(table: BehaviourTable): void {
  for (const surface of SURFACES) {
    describe(`${table.domain} behaviour on the ${surface} surface`, () => {
      let sim: GitLabSimulator;
      let conn: Connection;
      before(async () => {
        sim = await GitLabSimulator.start(table.simOptions);
        await table.seed(sim);
        conn = await connect({ sim, surface, env: table.env });
      });
      after(async () => {
        await conn?.close();
        await sim?.close();
      });
      for (const c of table.cases) {
        if (c.surfaces && !c.surfaces.includes(surface)) continue;
        it(`${c.id}${c.name ? `: ${c.name}` : ""}`, async () => {
          sim.clearLog();
          const result = await callAction(conn, surface, c.id, c.params, c.confirm ?? false);
          const md = text(result);
          const label = `${c.id} on ${surface}`;
          assert.equal(result.isError ?? false, c.isError ?? false, `${label}: isError\n${md}`);
          if (c.request === undefined) assert.deepEqual(lastRequests(sim.log, sim.log.length), [], `${label}: nothing may reach GitLab`);
          else {
            const wanted = Array.isArray(c.request) ? (c.request as readonly ExpectedRequest[]) : [c.request as ExpectedRequest];
            const got = lastRequests(sim.log, wanted.length);
            wanted.forEach((w, i) => assertRequest(got[i], w, label));
          }
          for (const m of c.markdown) {
            if (typeof m === "string") assert.ok(md.includes(m), `${label}: the Markdown lacks ${JSON.stringify(m)}:\n${md}`);
            else assert.match(md, m, `${label}: the Markdown does not match ${m}:\n${md}`);
          }
          assertOutputConforms(c.id, result);
          const structured = result.structuredContent ?? {};
          if ("next_steps" in structured) assert.equal(Object.keys(structured)[0], "next_steps", `${label}: next_steps comes first`);
          c.check?.(result, sim);
        });
      }
    });
  }
}
