// Isolation under load (HTTP-12): two credentials of two GitLab users who see different data, 1,000
// interleaved tool calls over HTTP, 50 in flight at a time, from SDK clients of both users in both
// protocol eras at once (2025-11-25 stateless requests and 2026-07-28 requests that carry their version
// in _meta). Every answer must carry its own user's data and nothing of the other's: results, the
// credential's scopes and its catalog view must never cross. The figures are printed; no timing is asserted.
import assert from "node:assert/strict";
import { performance } from "node:perf_hooks";
import { after, before, describe, it } from "node:test";
import { Client, StreamableHTTPClientTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { GitLabSimulator } from "../sim/simulator.js";
import { startHttp, type HttpServer } from "../helpers/eras.js";

const CALLS = 1000;
const CONCURRENCY = 50;

/** Alice may write (api); Bob may only read (read_api). Each has a private project only they can see. */
const USERS = {
  alice: { id: 2, token: "glpat-alice-isolation", scopes: ["api"], project: 101, path: "alice/garden", branches: ["alice-feature", "alice-fix", "alice-main"] },
  bob: { id: 3, token: "glpat-bob-isolation", scopes: ["read_api"], project: 202, path: "bob/vault", branches: ["bob-draft", "bob-main"] },
} as const;
type Name = keyof typeof USERS;
const other = (name: Name): Name => (name === "alice" ? "bob" : "alice");

/** How each client negotiates: the plain 2025 sequence, or the modern era pinned with no fallback. */
const ERAS = { legacy: "legacy", modern: { pin: "2026-07-28" } } as const;
type Era = keyof typeof ERAS;

/** What one call asks, and what its answer must be. */
type Kind = "own branches" | "other's project" | "write probe";
const KINDS: Kind[] = ["own branches", "own branches", "other's project", "write probe"];

// The three answers that carry no data of their own, as GitLab's 404 and the server's gates word them.
const NOT_FOUND = "branch.list: not found: the requested resource does not exist, you lack access, or the feature requires a higher GitLab tier. Verify the ID/path is correct";
const REF_MISSING = "gitlab_execute_action/branch.create: invalid params. Missing required params: ref. Valid params: branch_name, project_id, ref.";
const SCOPE_WITHHELD = `gitlab_execute_action: action "branch.create" exists but is not available to this session: the credential in use does not carry a GitLab scope that covers it, so a narrowed action surface was built for it. Reauthorize with the api scope to use it; do not report the capability as missing.`;

/** The Markdown text of a result's first block. */
const text = (result: CallToolResult) => (result.content[0]?.type === "text" ? result.content[0].text : "");

function request(name: Name, kind: Kind): Record<string, unknown> {
  const user = USERS[name];
  if (kind === "own branches") return { action: "branch.list", params: { project_id: user.project } };
  if (kind === "other's project") return { action: "branch.list", params: { project_id: USERS[other(name)].project } };
  // branch.create without its required ref: Alice's view routes it and validation refuses it; Bob's view
  // withholds it (withheld comes before validation, SAF-43). Neither reaches GitLab, so nothing changes.
  return { action: "branch.create", params: { project_id: user.project, branch_name: "probe" } };
}

function judge(name: Name, kind: Kind, result: CallToolResult): void {
  const wire = JSON.stringify(result);
  const stranger = USERS[other(name)];
  assert.ok(!wire.includes(other(name)) && !wire.includes(stranger.path), `${name}'s ${kind} answer carries nothing of ${other(name)}: ${wire.slice(0, 300)}`);
  if (kind === "own branches") {
    assert.equal(result.isError, undefined, text(result));
    const branches = (result.structuredContent as { branches: Array<{ name: string }> }).branches;
    assert.deepEqual(
      branches.map((b) => b.name),
      USERS[name].branches,
    );
    for (const branch of USERS[name].branches) assert.ok(text(result).includes(`[${branch}](`), `${branch} in ${name}'s Markdown`);
  } else if (kind === "other's project") {
    assert.equal(result.isError, true, `${name} must not read ${other(name)}'s project: ${text(result)}`);
    assert.equal(text(result), NOT_FOUND);
  } else {
    // Alice's view (api) has branch.create, Bob's (read_api) does not.
    assert.equal(result.isError, true);
    assert.equal(text(result), name === "alice" ? REF_MISSING : SCOPE_WITHHELD);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

describe("isolation under load (HTTP-12)", () => {
  let sim: GitLabSimulator;
  let server: HttpServer;
  const clients = new Map<string, Client>();
  const negotiated = new Map<string, string | undefined>();

  before(async () => {
    sim = await GitLabSimulator.start({
      tokens: Object.fromEntries(Object.values(USERS).map((u) => [u.token, { scopes: [...u.scopes], userId: u.id }])),
    });
    for (const [name, user] of Object.entries(USERS)) {
      sim.addUser({ id: user.id, username: name });
      sim.addProject({ id: user.project, path_with_namespace: user.path, default_branch: user.branches.at(-1), members: [user.id] });
      for (const branch of user.branches) sim.addBranch(user.project, { name: branch });
    }
    // Volume is the point here, so the per-credential rate limiter is off.
    server = await startHttp(sim, { GITLAB_MCP_RATE_LIMIT_RPS: "0" });
    // Alice's clients send PRIVATE-TOKEN, Bob's Authorization: Bearer: both ways a credential arrives.
    const headers = { alice: { "PRIVATE-TOKEN": USERS.alice.token }, bob: { Authorization: `Bearer ${USERS.bob.token}` } };
    for (const name of Object.keys(USERS) as Name[]) {
      for (const era of Object.keys(ERAS) as Era[]) {
        const client = new Client({ name: `isolation-${name}-${era}`, version: "1.0.0" }, { versionNegotiation: { mode: ERAS[era] } });
        const transport = new StreamableHTTPClientTransport(server.url, { requestInit: { headers: headers[name] } });
        await client.connect(transport);
        clients.set(`${name} ${era}`, client);
        negotiated.set(`${name} ${era}`, transport.protocolVersion);
      }
    }
  });
  after(async () => {
    for (const client of clients.values()) await client.close();
    await server?.stop();
    await sim?.close();
  });

  it("each user has a client in each era", () => {
    for (const name of Object.keys(USERS)) {
      assert.equal(negotiated.get(`${name} modern`), "2026-07-28");
      assert.match(negotiated.get(`${name} legacy`) ?? "", /^2025-/);
    }
  });

  it(`${CALLS} interleaved calls, ${CONCURRENCY} in flight: every answer is its own user's`, async (t) => {
    // Users alternate call by call, the kinds of call every two, the eras every eight.
    const plan = Array.from({ length: CALLS }, (_, i) => ({
      name: (i % 2 === 0 ? "alice" : "bob") as Name,
      kind: KINDS[Math.floor(i / 2) % KINDS.length],
      era: (Math.floor(i / 8) % 2 === 0 ? "legacy" : "modern") as Era,
    }));
    const latencies: number[] = [];
    const judged = new Map<string, number>();
    let next = 0;
    const worker = async () => {
      while (next < plan.length) {
        const { name, kind, era } = plan[next++];
        const started = performance.now();
        const result = (await clients.get(`${name} ${era}`)!.callTool({ name: "gitlab_execute_action", arguments: request(name, kind) })) as CallToolResult;
        latencies.push(performance.now() - started);
        judge(name, kind, result);
        judged.set(`${name} ${era}: ${kind}`, (judged.get(`${name} ${era}: ${kind}`) ?? 0) + 1);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const wall = performance.now() - started;
    latencies.sort((a, b) => a - b);
    t.diagnostic(
      `isolation: ${latencies.length} calls, concurrency ${CONCURRENCY}, wall ${(wall / 1000).toFixed(2)} s, ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ${((latencies.length / wall) * 1000).toFixed(0)} calls/s`,
    );
    assert.equal(latencies.length, CALLS);
    assert.equal([...judged.values()].reduce((a, b) => a + b), CALLS);
    assert.equal(judged.size, 2 * 2 * 3, `every user, era and kind of call was judged: ${[...judged.keys()].join(", ")}`);
  });

  it("GitLab saw each project's branches asked for with both credentials, and no write at all", () => {
    const asked = (project: number, token: string) => sim.log.filter((r) => r.rawPath.startsWith(`/api/v4/projects/${project}/`) && r.headers["private-token"] === token).length;
    for (const [name, user] of Object.entries(USERS)) {
      assert.equal(asked(user.project, user.token), 250, `${name} asked for their own project once per call`);
      assert.equal(asked(USERS[other(name as Name)].project, user.token), 125, `${name} asked for the other project once per call`);
    }
    assert.deepEqual(
      sim.log.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.rawPath}`),
      [],
    );
  });

  it("each credential got a pool entry of its own: verified once and its scopes read once, with its own token", () => {
    // A shared entry would leave one credential never verified; an entry rebuilt per request would
    // verify it again and again.
    for (const [name, user] of Object.entries(USERS)) {
      const asked = (path: string) => sim.log.filter((r) => r.rawPath === path && r.headers["private-token"] === user.token).length;
      assert.equal(asked("/api/v4/user"), 1, `${name}: GET /user (HTTP-10)`);
      assert.equal(asked("/api/v4/personal_access_tokens/self"), 1, `${name}: scopes (SAF-25)`);
    }
  });

  it("no token reaches the server's log", () => {
    const log = server.stderr();
    for (const user of Object.values(USERS)) assert.ok(!log.includes(user.token));
  });
});
