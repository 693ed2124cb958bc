// job.wait over MCP (RES-33): progress notifications at each poll with strictly increasing progress and
// the job's status, and the action deadline ending a wait with the last status seen.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { connect, text, type Connection } from "../helpers/mcp.js";
import { job } from "../behaviour/job.cases.js";

describe("job.wait over MCP", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  let slow: Connection;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("job", 42, job(801, "lint", "test", "pending", { finished_at: null, _status_sequence: ["running", "success"] }));
    sim.addDocument("job", 42, job(802, "stuck", "test", "running", { finished_at: null }));
    // GITLAB_MCP_POLL_TIME_SCALE=0.01 makes the 5 s interval 50 ms (test/unit/poll.test.ts covers the loop).
    conn = await connect({ sim, surface: "individual", env: { GITLAB_MCP_POLL_TIME_SCALE: "0.01" } });
    slow = await connect({ sim, surface: "individual", env: { GITLAB_MCP_ACTION_TIMEOUT: "2s" } });
  });
  after(async () => {
    await conn?.close();
    await slow?.close();
    await sim?.close();
  });

  it("reports each poll as progress and answers the finished job", async () => {
    const heard: { progress: number; message?: string }[] = [];
    const r = await conn.client.callTool({ name: "gitlab_job_wait", arguments: { project_id: 42, job_id: 801, interval: 5 } }, undefined, { onprogress: (p) => heard.push(p), timeout: 60_000 });
    assert.equal(r.isError, undefined, text(r as never));
    assert.match(text(r as never), /^## ✅ Job #801: lint/);
    // The last poll's notification races the result itself, and a client drops progress for a request
    // already answered: the polls before the last are what must have been heard, in order.
    assert.deepEqual(
      heard.slice(0, 2).map((p) => [p.progress, p.message?.replace(/after \d+ s/, "after N s")]),
      [
        [1, "job #801 is pending after N s"],
        [2, "job #801 is running after N s"],
      ],
    );
    if (heard[2]) assert.deepEqual([heard[2].progress, heard[2].message?.replace(/after \d+ s/, "after N s")], [3, "job #801 is success after N s"]);
  });

  it("stops at the action deadline with the last status and a way to keep waiting", async () => {
    const started = Date.now();
    const r = await slow.client.callTool({ name: "gitlab_job_wait", arguments: { project_id: 42, job_id: 802, interval: 5, timeout: 600 } });
    const md = text(r as never);
    assert.ok(Date.now() - started < 5_000, "the deadline ended the wait");
    assert.match(md, /^⏳ Still running after \d+ s \(the action deadline came\); call job\.wait again to keep waiting\.\n\n## 🔵 Job #802: stuck/);
  });
});
