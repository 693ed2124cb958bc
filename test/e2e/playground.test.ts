// `npm run sim` (issue 28): the command a new user runs first. Starts test/sim/cli.js as the README says,
// reads GITLAB_URL and GITLAB_TOKEN from its banner, and holds the conversation its banner suggests
// through the built server and the SDK's real Client: merge requests with review threads and
// approvals, a failed pipeline and its job log, issues, milestones, CI/CD variables, tags and releases,
// and a link from a result pasted back.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { callAction, connect, text, type Connection } from "../helpers/mcp.js";

const SIM_CLI = new URL("../sim/cli.js", import.meta.url).pathname;

/** Starts `npm run sim`'s program on a free port and waits for its banner. */
async function startSim(): Promise<{ child: ChildProcess; banner: string }> {
  const child = spawn(process.execPath, [SIM_CLI, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("Ctrl-C")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`npm run sim ended (${code}): ${out}`)));
  });
  return { child, banner: out };
}

describe("npm run sim: the offline playground (issue 28)", () => {
  let sim: { child: ChildProcess; banner: string };
  let url: string;
  let conn: Connection;
  const call = (id: string, params: Record<string, unknown>) => callAction(conn, "dynamic", id, params);
  before(async () => {
    sim = await startSim();
    url = /^ {2}GITLAB_URL=(\S+)$/m.exec(sim.banner)![1];
    const token = /^ {2}GITLAB_TOKEN=(\S+)$/m.exec(sim.banner)![1];
    conn = await connect({ env: { GITLAB_URL: url, GITLAB_TOKEN: token, GITLAB_MCP_TIER: "" } });
  });
  after(async () => {
    await conn?.close();
    sim?.child.kill("SIGTERM");
  });

  it("prints the variables and a client configuration that uses them", () => {
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(sim.banner, /claude mcp add gitlab-sim -e GITLAB_URL=http:\/\/127\.0\.0\.1:\d+ -e GITLAB_TOKEN=glpat-simulator-token -- /);
    const json = sim.banner.slice(sim.banner.indexOf("  {"), sim.banner.indexOf("\n  }\n") + 4);
    const config = JSON.parse(json) as { mcpServers: { "gitlab-sim": { command: string; args: string[]; env: Record<string, string> } } };
    assert.deepEqual(config.mcpServers["gitlab-sim"].env, { GITLAB_URL: url, GITLAB_TOKEN: "glpat-simulator-token" });
    assert.match(config.mcpServers["gitlab-sim"].args[0], /dist\/runtime\/gitlab-mcp-server\.cjs$/);
  });

  it("merge requests, their review threads and approvals", async () => {
    const list = text(await call("merge_request.list", { project_id: "group/project", state: "opened" }));
    assert.match(list, /Keep remembered sessions for 30 days/);
    assert.match(list, /CSV export of the monthly report/);
    const threads = text(await call("mr_review.discussion_list", { project_id: "group/project", merge_request_iid: 1 }));
    assert.match(threads, /Should the 30 days come from a setting rather than a constant\? \| 2 \| ❌/);
    assert.match(threads, /sessions_spec\.rb:57/);
    const approvals = text(await call("merge_request.approval_state", { project_id: "group/project", merge_request_iid: 1 }));
    assert.match(approvals, /bob/i);
  });

  it("a failed pipeline, its failed job and the failing test in the log", async () => {
    const pipelines = text(await call("pipeline.list", { project_id: "group/project", status: "failed" }));
    assert.match(pipelines, /1002/);
    const jobs = text(await call("job.list", { project_id: "group/project", pipeline_id: 1002 }));
    assert.match(jobs, /rspec/);
    const log = text(await call("job.trace", { project_id: "group/project", job_id: 5003, pattern: "Failure" }));
    assert.match(log, /sessions_spec\.rb/);
    assert.ok(!log.includes("\x1b["), "colour codes are removed");
  });

  it("issues, milestones, CI/CD variables, tags and releases", async () => {
    assert.match(text(await call("issue.list", { project_id: "group/project", state: "opened" })), /Login fails with a remembered device/);
    assert.match(text(await call("project.milestone_list", { project_id: "group/project" })), /2\.0/);
    const vars = text(await call("ci_variable.list", { project_id: "group/project" }));
    assert.match(vars, /DATABASE_URL/);
    assert.match(vars, /DEPLOY_TOKEN/);
    assert.ok(!vars.includes("s3cr3t-deploy-token-value"), "a masked value stays hidden");
    assert.match(text(await call("release.list", { project_id: "group/project" })), /1\.2\.0/);
    assert.match(text(await call("tag.list", { project_id: "group/project" })), /v2\.0\.0-rc1/);
  });

  it("links are on the simulator's own address, and one pasted back is accepted", async () => {
    const mr = await call("merge_request.get", { project_id: "group/project", merge_request_iid: 1 });
    const webUrl = (mr.structuredContent as { web_url?: string }).web_url;
    assert.equal(webUrl, `${url}/group/project/-/merge_requests/1`);
    assert.ok(!JSON.stringify(mr).includes("gitlab.example.com"));
    const pasted = await call("merge_request.get", { url: webUrl });
    assert.ok(!pasted.isError, text(pasted));
    assert.match(text(pasted), /Keep remembered sessions for 30 days/);
  });
});
