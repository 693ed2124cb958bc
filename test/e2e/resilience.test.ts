// Retries through a real client against the simulator's faults (BEHAVIOR §6.1, §6.2): reads are
// retried on transient failures, writes are never re-sent once they may have reached GitLab.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { spawnSync } from "node:child_process";
import { callAction, CLI, connect, text, type Connection } from "../helpers/mcp.js";

const LIST = "/projects/42/repository/branches";

describe("retries (RES-1..RES-7)", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
    conn = await connect({ sim, env: { GITLAB_MCP_LOG_LEVEL: "debug" } });
  });
  after(async () => {
    await conn.close();
    await sim.close();
  });
  const attempts = (method: string) => sim.log.filter((r) => r.method === method && r.rawPath === `/api/v4${LIST}`).length;

  it("a read is retried on 503 and 502 and then succeeds", async () => {
    sim.clearLog();
    sim.inject({ method: "GET", path: LIST, status: 503, body: { message: "503 Service Unavailable" } });
    sim.inject({ method: "GET", path: LIST, status: 502, body: { message: "502 Bad Gateway" } });
    const r = await callAction(conn, "dynamic", "branch.list", { project_id: 42 });
    assert.equal(r.isError, undefined, text(r));
    assert.equal(attempts("GET"), 3);
    assert.match(conn.stderr.join(""), /"msg":"retrying GitLab request".*"retry":2.*"status":502/);
  });

  it("a read honours Retry-After on 429", async () => {
    sim.clearLog();
    sim.inject({ method: "GET", path: LIST, status: 429, headers: { "retry-after": "1" }, body: { message: "Retry later" } });
    const started = Date.now();
    const r = await callAction(conn, "dynamic", "branch.list", { project_id: 42 });
    assert.equal(r.isError, undefined);
    assert.ok(Date.now() - started >= 900, "waited for Retry-After");
    assert.equal(attempts("GET"), 2);
  });

  it("a read gives up after 3 retries and reports the last failure", async () => {
    sim.clearLog();
    sim.inject({ method: "GET", path: LIST, status: 500, body: { message: "500 Internal Server Error" }, times: 4 });
    const r = await callAction(conn, "dynamic", "branch.list", { project_id: 42 });
    assert.equal(r.isError, true);
    assert.equal(text(r), "branch.list: GitLab internal server error: the server encountered an unexpected condition");
    assert.equal(attempts("GET"), 4);
  });

  it("a wait longer than a minute is reported at once, with the wait (RES-3, ERR-7)", async () => {
    sim.clearLog();
    sim.inject({ method: "GET", path: LIST, status: 429, headers: { "retry-after": "120" }, body: { message: "Retry later" } });
    const r = await callAction(conn, "dynamic", "branch.list", { project_id: 42 });
    assert.equal(text(r), "branch.list: rate limited: too many requests, please wait before retrying. Retry after 120 s.");
    assert.equal(attempts("GET"), 1);
  });

  it("a read is retried when the connection is reset", async () => {
    sim.clearLog();
    sim.inject({ method: "GET", path: LIST, reset: true });
    const r = await callAction(conn, "dynamic", "branch.list", { project_id: 42 });
    assert.equal(r.isError, undefined, text(r));
    assert.equal(attempts("GET"), 2);
  });

  for (const fault of [{ status: 500 }, { status: 502 }, { status: 429 }, { reset: true }]) {
    it(`a write is never re-sent after ${fault.status ?? "a reset"} (RES-6)`, async () => {
      sim.clearLog();
      sim.inject({ method: "POST", path: LIST, ...fault, ...(fault.status ? { body: { message: "failed" } } : {}) });
      const r = await callAction(conn, "dynamic", "branch.create", { project_id: 42, branch_name: `w-${fault.status ?? "reset"}`, ref: "main" });
      assert.equal(r.isError, true);
      assert.equal(attempts("POST"), 1);
    });
  }
});

describe("the action deadline (RES-9)", () => {
  it("a call that outlives GITLAB_MCP_ACTION_TIMEOUT is aborted with the deadline sentence", async () => {
    const sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    const conn = await connect({ sim, env: { GITLAB_MCP_ACTION_TIMEOUT: "1s" } });
    try {
      sim.inject({ method: "GET", path: LIST, delayMs: 3000 });
      const started = Date.now();
      const r = await callAction(conn, "dynamic", "branch.list", { project_id: 42 });
      assert.equal(text(r), "branch.list: the request exceeded its deadline and was canceled");
      assert.ok(Date.now() - started < 2500, "aborted at the deadline, not when GitLab answered");
    } finally {
      await conn.close();
      await sim.close();
    }
  });
  it("an invalid duration refuses the start", () => {
    const r = spawnSync(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? "", GITLAB_MCP_ACTION_TIMEOUT: "soon" }, encoding: "utf8", input: "" });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /GITLAB_MCP_ACTION_TIMEOUT=soon is not a duration/);
  });
});
