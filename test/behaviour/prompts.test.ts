// Prompts (RPC-9 to RPC-11) through real MCP clients against the simulator: all 37 on stdio with the
// 2026-07-28 client, a representative set in both eras over stdio and HTTP, the prompts a narrowed
// session withholds, and the JSON-RPC errors of a failing prompt.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { seedPromptData } from "../sim/promptData.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { eraClient, startHttp, type EraClient, type Era, type HttpServer, type Transport } from "../helpers/eras.js";
import { SIM_TOKEN } from "../helpers/mcp.js";
import { PROMPT_CASES, type PromptCase } from "./prompts.cases.js";

const ENV = { GITLAB_MCP_TIER: "ultimate" };
const ALL = PROMPT_CASES.map((c) => c.name);

/** What reached GitLab, below /api/v4, less the server's own credential checks. */
const requests = (sim: GitLabSimulator) =>
  sim.log.filter((r) => r.rawPath !== "/api/v4/personal_access_tokens/self").map((r) => `${r.method} ${r.rawPath.replace(/^\/api\/v4/, "")}`);

const textOf = (r: Awaited<ReturnType<EraClient["getPrompt"]>>) => {
  assert.equal(r.messages.length, 1);
  assert.equal(r.messages[0].role, "user");
  return r.messages[0].content.text ?? "";
};

async function check(client: EraClient, sim: GitLabSimulator, c: PromptCase, stated?: number): Promise<void> {
  sim.clearLog();
  const text = textOf(await client.getPrompt(c.name, c.args));
  assert.deepEqual(requests(sim), c.requests, `${c.name}: the GitLab requests\n${text}`);
  assert.ok(text.includes(`(Gathered with ${c.requests.length} GitLab request${c.requests.length === 1 ? "" : "s"}.)`), `${c.name}: the request count\n${text}`);
  if (stated !== undefined) assert.ok(c.requests.length <= stated, `${c.name}: ${c.requests.length} requests, its description says ${stated}`);
  for (const s of c.says) {
    if (typeof s === "string") assert.ok(text.includes(s), `${c.name}: the message lacks ${JSON.stringify(s)}:\n${text}`);
    else assert.match(text, s, `${c.name}: the message does not match ${s}:\n${text}`);
  }
  for (const s of c.never ?? []) assert.ok(!text.includes(s), `${c.name}: the message has ${JSON.stringify(s)}:\n${text}`);
  assert.ok(!text.includes(SIM_TOKEN), `${c.name}: the token leaked`);
}

/** A seeded simulator and a client of an era over a transport, for one describe block. */
function world(era: Era, transport: Transport, env: Record<string, string> = {}, token?: string) {
  const ctx = {} as { sim: GitLabSimulator; client: EraClient; http?: HttpServer };
  before(async () => {
    ctx.sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api"] }, "glpat-read": { scopes: ["read_api"] } } });
    await seedPromptData(ctx.sim);
    if (transport === "http") ctx.http = await startHttp(ctx.sim, { ...ENV, ...env });
    ctx.client = await eraClient({ sim: ctx.sim, era, transport, http: ctx.http, env: { ...ENV, ...env }, token });
    await ctx.client.listPrompts();
  });
  after(async () => {
    await ctx.client?.close();
    await ctx.http?.stop();
    await ctx.sim?.close();
  });
  return ctx;
}

describe("RPC-9: the 37 prompts over stdio with the 2026-07-28 client", () => {
  const ctx = world("modern", "stdio");
  const stated = new Map<string, number>();

  it("RPC-9, RPC-11: prompts/list names the 37 prompts with RPC-9's arguments, defaults stated", async () => {
    assert.equal(ctx.client.negotiated(), "modern");
    const { prompts } = await ctx.client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name).sort(), [...ALL].sort());
    assert.equal(prompts.length, 37);
    for (const p of prompts) {
      const n = /(\d+) GitLab requests?\./.exec(p.description ?? "");
      assert.ok(n, `${p.name}: the description states no request count: ${p.description}`);
      stated.set(p.name, Number(n[1]));
      for (const a of p.arguments ?? []) if (!a.required) assert.match(a.description ?? "", /default/, `${p.name}.${a.name}: no default stated`);
    }
    const args = (name: string) => Object.fromEntries((prompts.find((p) => p.name === name)?.arguments ?? []).map((a) => [a.name, a.required === true]));
    assert.deepEqual(args("review_mr"), { project_id: true, merge_request_iid: true });
    assert.deepEqual(args("stale_items_report"), { project_id: true, stale_days: false });
    assert.deepEqual(args("generate_release_notes"), { project_id: true, from: true, to: false });
    assert.deepEqual(args("team_member_workload"), { username: true, days: false });
    assert.deepEqual(args("group_mr_dashboard"), { group_id: true, state: false, target_branch: false });
    assert.deepEqual(args("my_open_mrs"), {});
    assert.match(prompts.find((p) => p.name === "stale_items_report")!.arguments![1].description!, /default 14/);
  });

  for (const c of PROMPT_CASES) it(`RPC-10: ${c.name}`, () => check(ctx.client, ctx.sim, c, stated.get(c.name)));

  it("RPC-11: stale_days narrows the stale report (a window of 100,000 days holds nothing)", async () => {
    const text = textOf(await ctx.client.getPrompt("stale_items_report", { project_id: "42", stale_days: "365" }));
    assert.match(text, /## Stale issues \(\d+\)/);
    await assert.rejects(ctx.client.getPrompt("stale_items_report", { project_id: "42", stale_days: "zero" }), (e: Error & { code?: number }) => {
      assert.equal(e.code, -32602);
      assert.match(e.message, /stale_days must be a whole number/);
      return true;
    });
  });
});

const SUBSET = ["review_mr", "daily_standup", "release_readiness", "summarize_pipeline_status", "team_overview"];
for (const [era, transport] of [["legacy", "stdio"], ["legacy", "http"], ["modern", "http"]] as const) {
  describe(`RPC-9: prompts with the ${era === "modern" ? "2026-07-28" : "legacy-era"} client over ${transport}`, () => {
    const ctx = world(era, transport);
    it("lists the 37 prompts", async () => assert.equal((await ctx.client.listPrompts()).prompts.length, 37));
    for (const c of PROMPT_CASES.filter((x) => SUBSET.includes(x.name))) it(`RPC-10: ${c.name}`, () => check(ctx.client, ctx.sim, c));
  });
}

describe("RPC-10: a prompt whose actions are all withheld is not listed", () => {
  describe("read-only mode withholds writes only, and every prompt reads", () => {
    const ctx = world("legacy", "stdio", { GITLAB_MCP_READ_ONLY: "true" });
    it("keeps all 37 prompts", async () => assert.deepEqual((await ctx.client.listPrompts()).prompts.map((p) => p.name).sort(), [...ALL].sort()));
  });
  describe("a read_api token reaches every read", () => {
    const ctx = world("modern", "stdio", {}, "glpat-read");
    it("keeps all 37 prompts and runs them", async () => {
      assert.equal((await ctx.client.listPrompts()).prompts.length, 37);
      await check(ctx.client, ctx.sim, PROMPT_CASES.find((c) => c.name === "summarize_open_mrs")!);
    });
  });
  describe("withholding the merge request domains", () => {
    const ctx = world("legacy", "stdio", { GITLAB_MCP_EXCLUDE_TOOLS: "merge_request,mr_review" });
    it("hides the prompts that need them, keeps the others, and answers a hidden one as unknown", async () => {
      const names = (await ctx.client.listPrompts()).prompts.map((p) => p.name);
      for (const hidden of ["review_mr", "summarize_mr_changes", "summarize_open_mrs", "my_open_mrs", "reviewer_workload"]) assert.ok(!names.includes(hidden), `${hidden} is listed`);
      for (const kept of ["summarize_pipeline_status", "daily_standup", "my_issues", "unassigned_items", "compare_branches"]) assert.ok(names.includes(kept), `${kept} is not listed`);
      await assert.rejects(ctx.client.getPrompt("review_mr", { project_id: "42", merge_request_iid: "1" }), (e: Error & { code?: number }) => e.code === -32602);
    });
    it("refuses a listed prompt whose other needed read is withheld with the withheld sentence, before that read", async () => {
      ctx.sim.clearLog();
      await assert.rejects(ctx.client.getPrompt("unassigned_items", { project_id: "42" }), (e: Error & { code?: number }) => {
        assert.equal(e.code, -32603);
        assert.match(e.message, /prompt unassigned_items could not gather its data: action "merge_request.list" exists but is not available: this deployment is configured to withhold it/);
        return true;
      });
      assert.deepEqual(requests(ctx.sim), ["GET /projects/42/issues"]);
    });
  });
});

describe("RPC-10, §5: a failing prompt is a JSON-RPC error with the §5 sentence, never a half-filled prompt", () => {
  const ctx = world("modern", "stdio");
  const rejects = (name: string, args: Record<string, string>, code: number, message: RegExp) =>
    assert.rejects(ctx.client.getPrompt(name, args), (e: Error & { code?: number }) => {
      assert.equal(e.code, code, e.message);
      assert.match(e.message, message);
      for (const bad of ["http://", "https://", SIM_TOKEN]) assert.ok(!e.message.includes(bad), `the error has ${bad}: ${e.message}`);
      return true;
    });
  it("a GitLab 403 on the third read ends review_mr with that read's sentence", async () => {
    ctx.sim.inject({ method: "GET", path: "/projects/42/merge_requests/1/discussions", status: 403, body: { message: "403 Forbidden" } });
    ctx.sim.clearLog();
    await rejects("review_mr", { project_id: "42", merge_request_iid: "1" }, -32603, /^prompt review_mr could not gather its data: mr_review\.discussion_list: access denied: your token lacks the required permissions/);
    assert.deepEqual(requests(ctx.sim), ["GET /projects/42/merge_requests/1", "GET /projects/42/merge_requests/1/diffs", "GET /projects/42/merge_requests/1/discussions"]);
  });
  it("a 500 that outlasts the retries ends summarize_open_mrs with GitLab's 500 sentence", async () => {
    ctx.sim.inject({ method: "GET", path: "/projects/42/merge_requests", status: 500, times: 4 });
    await rejects("summarize_open_mrs", { project_id: "42" }, -32603, /merge_request\.list: GitLab internal server error: the server encountered an unexpected condition/);
  });
  it("a merge request that does not exist is the 404 sentence", async () => {
    await rejects("review_mr", { project_id: "42", merge_request_iid: "999" }, -32603, /merge_request\.get: not found: the requested resource does not exist/);
  });
  it("an unknown prompt and a missing required argument are -32602, and nothing reaches GitLab", async () => {
    ctx.sim.clearLog();
    await rejects("no_such_prompt", {}, -32602, /Unknown prompt: no_such_prompt/);
    await rejects("review_mr", { project_id: "42" }, -32602, /missing required argument "merge_request_iid"/);
    await rejects("branch_mr_summary", { project_id: "42", target_branch: " " }, -32602, /missing required argument "target_branch"/);
    await rejects("daily_standup", { username: "nobody-here" }, -32602, /no GitLab user is named "nobody-here"/);
    assert.deepEqual(requests(ctx.sim), ["GET /users"]);
  });
});

describe("RES-17: a prompt's message stays within GITLAB_MCP_MAX_RESPONSE_BYTES", () => {
  let sim: GitLabSimulator;
  let client: EraClient;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    for (let i = 1; i <= 100; i++) sim.addMergeRequest(42, { title: `Merge request number ${i} ${"with a long title ".repeat(8)}`, source_branch: `feature/b${i}`, author: i % 2 ? "alice" : "bob" });
    client = await eraClient({ sim, era: "legacy", transport: "stdio", env: { ...ENV, GITLAB_MCP_MAX_RESPONSE_BYTES: "16KB" } });
  });
  after(async () => {
    await client?.close();
    await sim?.close();
  });
  it("reads the whole page of 100, counts all of them, and cuts listed lines with a ⚠️ notice", async () => {
    sim.clearLog();
    const text = textOf(await client.getPrompt("summarize_open_mrs", { project_id: "42" }));
    assert.deepEqual(requests(sim), ["GET /projects/42/merge_requests"]);
    assert.ok(Buffer.byteLength(text) <= 16 * 1024, `${Buffer.byteLength(text)} bytes`);
    assert.ok(text.includes("Overview: 100 open merge request(s)"), text);
    assert.ok(text.includes("by author: @alice 50, @bob 50"), text);
    assert.match(text, /⚠️ Truncated: \d+ more line\(s\) left out to fit the response size budget\./);
    assert.ok(text.includes("## Act next with these canonical actions"), "the next actions survive the cut");
  });
});

describe("RPC-10: a fine-grained token granted a few project permissions sees only the prompts it can feed", () => {
  const FG = "glpat-fine-grained";
  const SELF = [
    { access: "user" as const, permissions: ["read_personal_access_token", "read_user"] },
    { access: "instance" as const, permissions: ["read_metadata"] },
  ];
  let sim: GitLabSimulator;
  let client: EraClient;
  before(async () => {
    sim = await GitLabSimulator.start({
      version: "19.4.1-ee",
      tokens: { [SIM_TOKEN]: { scopes: ["api"] }, [FG]: { scopes: ["granular"], granular: [...SELF, { access: "selected_memberships", project_id: 42, permissions: ["read_repository", "read_project", "read_pipeline"] }] } },
    });
    await seedPromptData(sim);
    client = await eraClient({ sim, era: "modern", transport: "stdio", token: FG, env: ENV });
  });
  after(async () => {
    await client?.close();
    await sim?.close();
  });
  it("lists the pipeline and repository prompts, not those of merge requests, issues or events, and runs one", async () => {
    const names = (await client.listPrompts()).prompts.map((p) => p.name);
    for (const kept of ["summarize_pipeline_status", "compare_branches", "project_health_check"]) assert.ok(names.includes(kept), `${kept} is not listed: ${names.join(" ")}`);
    for (const hidden of ["review_mr", "summarize_open_mrs", "daily_standup", "my_open_mrs", "my_issues", "team_overview"]) assert.ok(!names.includes(hidden), `${hidden} is listed`);
    assert.ok(names.length < 37);
    sim.clearLog();
    const text = textOf(await client.getPrompt("summarize_pipeline_status", { project_id: "42" }));
    assert.deepEqual(requests(sim), ["GET /projects/42/pipelines", "GET /projects/42/pipelines/1002/jobs"]);
    assert.ok(text.includes("job 5003 rspec (stage test) failed: script_failure"), text);
    // The follow-ups this grant cannot run are not named (as hints never name a withheld action, ERR-15).
    assert.ok(!text.includes("`job.trace`") && !text.includes("`pipeline.retry`"), text);
    assert.ok(text.includes("No follow-up action is available to this session."), text);
  });
});
