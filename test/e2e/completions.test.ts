// completion/complete through a real client against the simulator (RPC-12, RPC-13, RES-15): keyed by the
// argument name for prompts and resource templates alike, one GitLab request at most, ten values, totals
// from X-Total, scoped by the project_id or group_id already given, empty on any error. Then resources and
// completions in both protocol eras over stdio and HTTP.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { connect, type Connection } from "../helpers/mcp.js";
import { eraClient, startHttp, type Era, type HttpServer, type Transport } from "../helpers/eras.js";
import { seedResources } from "./resourceSeed.js";

type Ref = { type: "ref/resource"; uri: string } | { type: "ref/prompt"; name: string };
const P = "gitlab://project/{project_id}";
const prompt = (name: string): Ref => ({ type: "ref/prompt", name });
const template = (uri: string): Ref => ({ type: "ref/resource", uri });

describe("completion/complete (RPC-12, RPC-13)", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  before(async () => {
    sim = await GitLabSimulator.start();
    seedResources(sim);
    for (let i = 1; i <= 14; i++) sim.addBranches(42, [`topic-${i}`]);
    conn = await connect({ sim });
  });
  after(async () => {
    await conn.close();
    await sim.close();
  });

  const complete = async (ref: Ref, name: string, value: string, args?: Record<string, string>) => {
    sim.clearLog();
    const { completion } = await conn.client.complete({ ref, argument: { name, value }, ...(args ? { context: { arguments: args } } : {}) });
    return { ...completion, requests: sim.log.map((e) => `${e.method} ${e.path}`) };
  };

  it("advertises the completions capability", () => {
    assert.ok(conn.client.getServerCapabilities()?.completions);
  });

  // Each case: the reference, the argument, what the client typed and already gave, the values and the one request.
  const CASES: { what: string; ref: Ref; name: string; value: string; args?: Record<string, string>; values: string[]; request?: string }[] = [
    { what: "project paths the user can see", ref: prompt("review_mr"), name: "project_id", value: "proj", values: ["group/project"], request: "GET /api/v4/projects" },
    { what: "group full paths", ref: template("gitlab://group/{group_id}"), name: "group_id", value: "gro", values: ["group"], request: "GET /api/v4/groups" },
    { what: "branch names of the project given", ref: template(`${P}/branch/{branch}`), name: "branch", value: "feat", args: { project_id: "group/project" }, values: ["feature/login"], request: "GET /api/v4/projects/group/project/repository/branches" },
    { what: "target branches for a prompt", ref: prompt("branch_mr_summary"), name: "target_branch", value: "dev", args: { project_id: "42" }, values: ["develop"], request: "GET /api/v4/projects/42/repository/branches" },
    { what: "tag names (release templates share the variable)", ref: template(`${P}/release/{tag_name}`), name: "tag_name", value: "v1", args: { project_id: "42" }, values: ["v1.0.0"], request: "GET /api/v4/projects/42/repository/tags" },
    { what: "a version-like ref completes tags", ref: prompt("generate_release_notes"), name: "from", value: "v1", args: { project_id: "42" }, values: ["v1.0.0"], request: "GET /api/v4/projects/42/repository/tags" },
    { what: "open merge request IIDs by number", ref: template(`${P}/mr/{merge_request_iid}`), name: "merge_request_iid", value: "1", args: { project_id: "42" }, values: ["13", "1"], request: "GET /api/v4/projects/42/merge_requests" },
    { what: "open issue IIDs by words of their title", ref: prompt("x"), name: "issue_iid", value: "dark", args: { project_id: "42" }, values: ["12"], request: "GET /api/v4/projects/42/issues" },
    { what: "open issues only", ref: template(`${P}/issue/{issue_iid}`), name: "issue_iid", value: "", args: { project_id: "42" }, values: ["12", "1"], request: "GET /api/v4/projects/42/issues" },
    { what: "recent pipeline IDs", ref: template(`${P}/pipeline/{pipeline_id}`), name: "pipeline_id", value: "12", args: { project_id: "42" }, values: ["1207"], request: "GET /api/v4/projects/42/pipelines" },
    { what: "labels of a project", ref: template(`${P}/label/{label_id}`), name: "label_id", value: "b", args: { project_id: "42" }, values: ["bug"], request: "GET /api/v4/projects/42/labels" },
    { what: "labels of a group", ref: template("gitlab://group/{group_id}/label/{label_id}"), name: "label_id", value: "prio", args: { group_id: "9" }, values: ["priority::high"], request: "GET /api/v4/groups/9/labels" },
    { what: "active milestones by title", ref: prompt("milestone_progress"), name: "milestone", value: "", args: { project_id: "42" }, values: ["Sprint 1"], request: "GET /api/v4/projects/42/milestones" },
    { what: "milestone IIDs", ref: template(`${P}/milestone/{milestone_iid}`), name: "milestone_iid", value: "", args: { project_id: "42" }, values: ["1"], request: "GET /api/v4/projects/42/milestones" },
    { what: "environments", ref: template(`${P}/environment/{environment_id}`), name: "environment_id", value: "", args: { project_id: "42" }, values: ["12"], request: "GET /api/v4/projects/42/environments" },
    { what: "recent deployments", ref: template(`${P}/deployment/{deployment_id}`), name: "deployment_id", value: "8", args: { project_id: "42" }, values: ["88"], request: "GET /api/v4/projects/42/deployments" },
    { what: "issue boards", ref: template(`${P}/board/{board_id}`), name: "board_id", value: "", args: { project_id: "42" }, values: ["3"], request: "GET /api/v4/projects/42/boards" },
    { what: "wiki page slugs", ref: template(`${P}/wiki/{slug}`), name: "slug", value: "home", args: { project_id: "42" }, values: ["dir/home"], request: "GET /api/v4/projects/42/wikis" },
    { what: "feature flag names", ref: template(`${P}/feature_flag/{name}`), name: "name", value: "login", args: { project_id: "42" }, values: ["new_login"], request: "GET /api/v4/projects/42/feature_flags" },
    { what: "project members' usernames", ref: prompt("team_member_workload"), name: "username", value: "al", args: { project_id: "42" }, values: ["alice", "albert"], request: "GET /api/v4/projects/42/users" },
    { what: "jobs, latest first", ref: template(`${P}/job/{job_id}`), name: "job_id", value: "5", args: { project_id: "42" }, values: ["555"], request: "GET /api/v4/projects/42/jobs" },
    { what: "the fixed states, without a request", ref: prompt("group_mr_dashboard"), name: "state", value: "m", values: ["merged"] },
    { what: "routable canonical IDs from the catalog, without a request", ref: template("gitlab://tools/{id}"), name: "id", value: "branch.g", values: ["branch.get", "branch.get_protected"] },
  ];

  for (const c of CASES) {
    it(`${c.name}: ${c.what}`, async () => {
      const r = await complete(c.ref, c.name, c.value, c.args);
      assert.deepEqual(r.values.sort(), [...c.values].sort());
      assert.deepEqual(r.requests, c.request ? [c.request] : []);
    });
  }

  it("at most 10 values; total and hasMore from X-Total", async () => {
    const r = await complete(template(`${P}/branch/{branch}`), "branch", "", { project_id: "42" });
    assert.equal(r.values.length, 10);
    assert.equal(r.total, 17);
    assert.equal(r.hasMore, true);
    assert.equal(r.requests.length, 1);
    assert.equal(sim.log[0].query.per_page, "10");
  });

  it("a scoped argument without its project_id answers empty, with no request", async () => {
    const r = await complete(prompt("review_mr"), "merge_request_iid", "", {});
    assert.deepEqual([r.values, r.requests], [[], []]);
  });

  it("any GitLab error answers an empty list", async () => {
    sim.inject({ path: /\/repository\/branches/, status: 403, body: { message: "403 Forbidden" } });
    const r = await complete(template(`${P}/branch/{branch}`), "branch", "", { project_id: "42" });
    assert.deepEqual(r.values, []);
    assert.equal(r.requests.length, 1);
  });

  it("an unknown argument or template answers empty, with no request", async () => {
    for (const [ref, name] of [[prompt("review_mr"), "color"], [template("gitlab://nowhere/{project_id}"), "project_id"]] as const) {
      const r = await complete(ref, name, "x", { project_id: "42" });
      assert.deepEqual([r.values, r.requests], [[], []]);
    }
  });
});

describe("completion limits and the minimal surface", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    seedResources(sim);
  });
  after(() => sim.close());

  it("RES-15: completions draw on their own bucket, so an exhausted call bucket does not stop them", async () => {
    const conn = await connect({ sim, env: { GITLAB_MCP_RATE_LIMIT_RPS: "0.01", GITLAB_MCP_RATE_LIMIT_BURST: "2" } });
    try {
      await conn.client.readResource({ uri: "gitlab://tools/branch.get" });
      await conn.client.readResource({ uri: "gitlab://tools/branch.get" });
      await assert.rejects(conn.client.readResource({ uri: "gitlab://tools/branch.get" }), (e: Error & { code?: number }) => e.code === -42900);
      const ask = () => conn.client.complete({ ref: { type: "ref/resource", uri: "gitlab://tools/{id}" }, argument: { name: "id", value: "branch.l" } });
      assert.ok((await ask()).completion.values.includes("branch.list"));
      assert.ok((await ask()).completion.values.includes("branch.list"));
      await assert.rejects(ask(), (e: Error & { code?: number }) => e.code === -42900 && /rate limit exceeded for completion\/complete/.test(e.message));
    } finally {
      await conn.close();
    }
  });

  it("RPC-1: minimal completes gitlab://tools/{id} only", async () => {
    const conn = await connect({ sim, env: { GITLAB_MCP_CAPABILITY_SURFACE: "minimal" } });
    try {
      sim.clearLog();
      const ids = await conn.client.complete({ ref: { type: "ref/resource", uri: "gitlab://tools/{id}" }, argument: { name: "id", value: "tag.g" } });
      assert.ok(ids.completion.values.includes("tag.get"));
      const none = await conn.client.complete({ ref: { type: "ref/prompt", name: "review_mr" }, argument: { name: "project_id", value: "g" } });
      assert.deepEqual(none.completion.values, []);
      assert.equal(sim.log.length, 0);
    } finally {
      await conn.close();
    }
  });
});

describe("resources and completions in both eras, over stdio and HTTP", () => {
  let sim: GitLabSimulator;
  let http: HttpServer;
  before(async () => {
    sim = await GitLabSimulator.start();
    seedResources(sim);
    http = await startHttp(sim);
  });
  after(async () => {
    await http.stop();
    await sim.close();
  });

  for (const transport of ["stdio", "http"] as Transport[]) {
    for (const era of ["legacy", "modern"] as Era[]) {
      it(`${era} client over ${transport}: lists, reads a template, a collection and a guide, and completes`, async () => {
        const client = await eraClient({ sim, era, transport, http, env: { GITLAB_MCP_TIER: "ultimate" } });
        try {
          assert.equal(client.negotiated(), era);
          const { sdk } = client;
          assert.ok(sdk.getServerCapabilities()?.completions);
          assert.ok((await sdk.listResources()).resources.some((r) => r.uri === "gitlab://guides/code-review"));
          assert.ok((await sdk.listResourceTemplates()).resourceTemplates.some((t) => t.uriTemplate === "gitlab://project/{project_id}/mr/{merge_request_iid}"));
          const mr = JSON.parse((await sdk.readResource({ uri: "gitlab://project/group%2Fproject/mr/1" })).contents[0].text!) as { iid: number; title: string };
          assert.deepEqual([mr.iid, mr.title], [1, "Fix login"]);
          const branches = await sdk.readResource({ uri: "gitlab://project/42/branches" });
          assert.deepEqual(branches._meta?.["io.github.jmrplens/pageInfo"], { returned: 3, total: 3, complete: true });
          assert.match((await sdk.readResource({ uri: "gitlab://guides/pipeline-troubleshooting" })).contents[0].text!, /job\.trace/);
          await assert.rejects(sdk.readResource({ uri: "gitlab://project/42/issue/999" }), (e: Error & { code?: number }) => e.code === -32602);
          const done = await sdk.complete({ ref: { type: "ref/prompt", name: "review_mr" }, argument: { name: "branch", value: "dev" }, context: { arguments: { project_id: "42" } } });
          assert.deepEqual(done.completion.values, ["develop"]);
          const ids = await sdk.complete({ ref: { type: "ref/resource", uri: "gitlab://tools/{id}" }, argument: { name: "id", value: "pipeline.la" } });
          assert.deepEqual(ids.completion.values, ["pipeline.latest"]);
        } finally {
          await client.close();
        }
      });
    }
  }
});
