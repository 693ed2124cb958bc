// pipeline.wait through a real MCP client (RES-33): each poll is a notifications/progress with a strictly
// increasing progress and the pipeline's status, the wait ends when the pipeline does, a cancellation
// from the client stops the polling, and the action deadline ends the wait with an answer (still
// running) rather than an error. GITLAB_MCP_POLL_TIME_SCALE=0.01 makes a 5 s interval 50 ms.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { connect, text, type Connection } from "../helpers/mcp.js";
import { GitLabSimulator } from "../sim/simulator.js";

const SCALE = { GITLAB_MCP_POLL_TIME_SCALE: "0.01" };
const polls = (sim: GitLabSimulator, id: number) => sim.log.filter((r) => r.method === "GET" && r.path === `/api/v4/projects/42/pipelines/${id}`).length;

function seed(sim: GitLabSimulator): void {
  sim.addProject({ id: 42, path_with_namespace: "group/project" });
  sim.addBranch(42, { name: "main" });
  sim.addPipeline(42, { id: 1207, status: "pending" });
  sim.addPipeline(42, { id: 1208, status: "running" });
  sim.seedCi(42, { pipelines: [{ id: 1207, statuses: ["running", "running", "success"] }] });
}

const wait = (conn: Connection, params: Record<string, unknown>, options: { onprogress?: (p: { progress: number; message?: string }) => void; signal?: AbortSignal } = {}) =>
  conn.client.callTool({ name: "gitlab_execute_action", arguments: { action: "pipeline.wait", params: { project_id: 42, ...params } } }, undefined, options) as Promise<CallToolResult>;

describe("pipeline.wait polls with progress, and stops on cancellation", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  before(async () => {
    sim = await GitLabSimulator.start();
    seed(sim);
    conn = await connect({ sim, env: SCALE });
  });
  after(async () => {
    await conn?.close();
    await sim?.close();
  });

  it("each poll is a progress notification naming the status, until the pipeline finishes", async () => {
    const heard: { progress: number; message?: string }[] = [];
    const r = await wait(conn, { pipeline_id: 1207, interval: 5 }, { onprogress: (p) => heard.push(p) });
    assert.equal(r.isError, undefined, text(r));
    assert.match(text(r), /^## ✅ Pipeline #1207/);
    // The SDK client hands progress to its listener a microtask late and forgets a request's listener
    // when the answer comes: a last notification that shares a read with the answer can be lost there.
    const want = ["pipeline #1207 is running after N s", "pipeline #1207 is running after N s", "pipeline #1207 is success after N s"];
    assert.ok(heard.length >= 2, `${heard.length} notifications`);
    assert.deepEqual(
      heard.map((p) => p.message?.replace(/after \d+ s/, "after N s")),
      want.slice(0, heard.length),
    );
    assert.deepEqual(heard.map((p) => p.progress), [1, 2, 3].slice(0, heard.length));
    assert.equal(polls(sim, 1207), 3);
    assert.deepEqual({ ...(r.structuredContent!.wait as object), waited_seconds: 0 }, { finished: true, stopped_by: "done", waited_seconds: 0, polls: 3 });
  });

  it("a client cancellation stops the polling", async () => {
    sim.clearLog();
    const controller = new AbortController();
    let heard = 0;
    const call = wait(conn, { pipeline_id: 1208, interval: 5, timeout: 3600 }, {
      signal: controller.signal,
      onprogress: () => {
        if (++heard === 2) controller.abort();
      },
    });
    await assert.rejects(call);
    await sleep(150);
    const sent = polls(sim, 1208);
    await sleep(300);
    assert.equal(polls(sim, 1208), sent, "the server kept polling after the cancellation");
    assert.ok(sent >= 2 && sent <= 3, `${sent} polls`);
  });
});

describe("pipeline.wait ends at the action deadline with an answer", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  before(async () => {
    sim = await GitLabSimulator.start();
    seed(sim);
    conn = await connect({ sim, env: { ...SCALE, GITLAB_MCP_ACTION_TIMEOUT: "1s" } });
  });
  after(async () => {
    await conn?.close();
    await sim?.close();
  });

  it("a pipeline still running when the deadline comes is its card, headed by how long we waited", async () => {
    const started = Date.now();
    const r = await wait(conn, { pipeline_id: 1208, interval: 5, timeout: 3600 });
    const took = Date.now() - started;
    assert.equal(r.isError, undefined, text(r));
    assert.match(text(r), /^⏳ Still running after \d+ s \(the action deadline came\); call pipeline\.wait again to keep waiting\.\n\n## 🔵 Pipeline #1208/);
    assert.equal((r.structuredContent!.wait as { stopped_by: string }).stopped_by, "deadline");
    assert.ok(took >= 900 && took < 3000, `took ${took} ms`);
  });
});
