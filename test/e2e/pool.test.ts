// The credential pool through the built server (HTTP-10..HTTP-13): a credential is admitted with one
// GET /user and its scopes read once; GitLab's 401 refuses it at the door; a GitLab outage admits it;
// a revoked token loses its entry at revalidation; two credentials never see each other's data.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { SIM_TOKEN } from "../helpers/mcp.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { httpClient, post, startHttp, type HttpServer } from "../helpers/http.js";

const READER = "glpat-reader-of-bob";
const DOOMED = "glpat-soon-revoked";
const UNKNOWN = "glpat-nobody-knows-me";
// The servers here run the individual surface, whose catalog view differs by token scope.
const getBranch = (client: Client) => client.callTool({ name: "gitlab_branch_get", arguments: { project_id: 42, branch_name: "main" } });

describe("credential pool (HTTP-10..HTTP-13)", () => {
  let sim: GitLabSimulator;
  let server: HttpServer;
  before(async () => {
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api"] }, [READER]: { scopes: ["read_api"], userId: 2 }, [DOOMED]: { scopes: ["api"] } } });
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
    sim.addBranch(42, { name: "alices-branch" });
    server = await startHttp({ GITLAB_URL: sim.url, GITLAB_MCP_TOOL_SURFACE: "individual", GITLAB_MCP_LOG_LEVEL: "debug" });
  });
  after(async () => {
    await server.stop();
    await sim.close();
  });
  const requestsOf = (token: string, path: string) => sim.log.filter((r) => r.rawPath === path && r.headers["private-token"] === token).length;

  it("admits a credential with one GET /user and reads its scopes once, however many requests follow", async () => {
    const client = await httpClient(server.url, { "PRIVATE-TOKEN": SIM_TOKEN });
    try {
      await client.listTools();
      for (let i = 0; i < 3; i++) assert.equal((await getBranch(client)).isError, undefined);
      await client.listTools();
    } finally {
      await client.close();
    }
    assert.equal(requestsOf(SIM_TOKEN, "/api/v4/user"), 1);
    assert.equal(requestsOf(SIM_TOKEN, "/api/v4/personal_access_tokens/self"), 1);
    assert.match(server.stderr(), /"msg":"credential admitted","credential":"…oken","pool_key":"[0-9a-f]{12}"/);
  });

  it("a credential GitLab refuses answers 401 with the HTTP-9 body and challenge, and nothing else reaches GitLab", async () => {
    sim.clearLog();
    const res = await post(server.url, { authorization: `Bearer ${UNKNOWN}` });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get("www-authenticate"), 'Bearer realm="gitlab-mcp-server"');
    const body = (await res.json()) as { error: { code: number; message: string } };
    assert.equal(body.error.code, -40100);
    assert.ok(body.error.message.startsWith("Authentication required: send a GitLab personal access token as"));
    assert.deepEqual(sim.log.map((r) => r.rawPath), ["/api/v4/user"]);
  });

  it("two credentials see only their own catalog view and their own GitLab identity (HTTP-12)", async () => {
    const alice = await httpClient(server.url, { "PRIVATE-TOKEN": SIM_TOKEN });
    const bob = await httpClient(server.url, { authorization: `Bearer ${READER}` });
    try {
      const names = async (c: typeof alice) => (await c.listTools()).tools.map((t) => t.name);
      // Interleaved, so a view cached under the wrong key would show.
      const a1 = await names(alice);
      const b1 = await names(bob);
      const a2 = await names(alice);
      assert.ok(a1.includes("gitlab_branch_create"), "api token: writes offered");
      assert.ok(!b1.includes("gitlab_branch_create") && b1.includes("gitlab_branch_get"), "read_api token: reads only");
      assert.deepEqual(a2, a1);
      sim.clearLog();
      const r = await bob.callTool({ name: "gitlab_branch_get", arguments: { project_id: 42, branch_name: "alices-branch" } });
      assert.equal(r.isError, undefined);
      assert.deepEqual(sim.log.map((l) => l.headers["private-token"]), [READER], "bob's call went out with bob's token only");
    } finally {
      await alice.close();
      await bob.close();
    }
  });

  it("a revoked token loses its entry at revalidation: the next request gets 401", async () => {
    const revalidating = await startHttp({ GITLAB_URL: sim.url, GITLAB_MCP_TOOL_SURFACE: "individual", GITLAB_MCP_SESSION_REVALIDATE_INTERVAL: "1ms" });
    try {
      const client = await httpClient(revalidating.url, { "PRIVATE-TOKEN": DOOMED });
      assert.equal((await getBranch(client)).isError, undefined);
      await client.close();
      sim.revokeToken(DOOMED);
      const res = await post(revalidating.url, { "PRIVATE-TOKEN": DOOMED });
      assert.equal(res.status, 401);
      assert.ok(!revalidating.stderr().includes(DOOMED), "no log line carries the token");
    } finally {
      await revalidating.stop();
    }
  });

  it("a GitLab outage at admission admits the credential; calls then fail as GitLab failures", async () => {
    sim.inject({ path: "/user", status: 503, times: 1 });
    const client = await httpClient(server.url, { "PRIVATE-TOKEN": "glpat-admitted-during-outage" });
    try {
      const r = await getBranch(client);
      assert.equal(r.isError, true, "GitLab itself refuses the unknown token on the call");
    } finally {
      await client.close();
    }
  });

  it("no log line carries a token", () => {
    for (const token of [SIM_TOKEN, READER, UNKNOWN]) assert.ok(!server.stderr().includes(token), token);
  });
});
