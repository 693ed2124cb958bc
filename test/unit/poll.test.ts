// The wait actions' poll loop (runtime/procedures/poll.ts, RES-33), with real but short timers.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { GitLabNetworkError } from "../../runtime/gitlab/errors.js";
import { poll, pollTimeScale } from "../../runtime/procedures/poll.js";

/** A reader that answers these states in turn, then the last one forever. */
function reader(states: string[]) {
  let i = 0;
  const reads = { count: 0 };
  return { reads, read: async () => (reads.count++, states[Math.min(i++, states.length - 1)]) };
}

const base = { done: (s: string) => s === "success", describe: (s: string) => s, intervalMs: 10, timeoutMs: 5_000 };

describe("poll", () => {
  it("reads until done, one progress message per read", async () => {
    const r = reader(["pending", "running", "success"]);
    const heard: string[] = [];
    const end = await poll({ ...base, read: r.read, progress: (m) => heard.push(m) });
    assert.deepEqual([end.value, end.stop, end.polls], ["success", "done", 3]);
    assert.deepEqual(heard, ["pending", "running", "success"]);
  });

  it("stops at its timeout with the last state, the last pause cut short to land on it", async () => {
    const r = reader(["running"]);
    const started = performance.now();
    const end = await poll({ ...base, read: r.read, intervalMs: 40, timeoutMs: 100 });
    const took = performance.now() - started;
    assert.deepEqual([end.value, end.stop], ["running", "timeout"]);
    assert.ok(end.polls >= 2 && end.polls <= 4, `${end.polls} polls`); // at 0, 40, 80 and 100 ms on an idle machine
    assert.ok(took >= 90 && took < 400, `took ${took} ms`);
  });

  it("a timeout shorter than the interval still reads twice: now and at the timeout", async () => {
    const r = reader(["running"]);
    const end = await poll({ ...base, read: r.read, intervalMs: 1_000, timeoutMs: 20 });
    assert.deepEqual([end.stop, end.polls], ["timeout", 2]);
  });

  it("the action deadline ends the wait with the last state", async () => {
    const deadline = new AbortController();
    setTimeout(() => deadline.abort(new DOMException("The action deadline passed", "TimeoutError")), 30);
    const end = await poll({ ...base, read: reader(["running"]).read, intervalMs: 1_000, signal: deadline.signal });
    assert.deepEqual([end.value, end.stop, end.polls], ["running", "deadline", 1]);
  });

  it("a deadline that aborts a read answers the state read before it", async () => {
    const deadline = new AbortController();
    let n = 0;
    const read = async () => {
      if (++n === 1) return "running";
      deadline.abort(new DOMException("The action deadline passed", "TimeoutError"));
      throw new GitLabNetworkError("deadline", "GET");
    };
    const end = await poll({ ...base, read, signal: deadline.signal });
    assert.deepEqual([end.value, end.stop, end.polls], ["running", "deadline", 1]);
  });

  it("a client cancellation is thrown, and nothing is read after it", async () => {
    const cancel = new AbortController();
    const r = reader(["running"]);
    setTimeout(() => cancel.abort(), 25);
    await assert.rejects(poll({ ...base, read: r.read, intervalMs: 1_000, signal: cancel.signal }), (e: unknown) => e instanceof GitLabNetworkError && e.kind === "canceled");
    assert.equal(r.reads.count, 1);
  });

  it("a failing first read is thrown as it came", async () => {
    const boom = new Error("404");
    await assert.rejects(poll({ ...base, read: () => Promise.reject(boom) }), (e) => e === boom);
  });

  it("GITLAB_MCP_POLL_TIME_SCALE shrinks waits only by a factor in (0, 1]", () => {
    assert.equal(pollTimeScale({}), 1);
    assert.equal(pollTimeScale({ GITLAB_MCP_POLL_TIME_SCALE: "0.01" }), 0.01);
    assert.equal(pollTimeScale({ GITLAB_MCP_POLL_TIME_SCALE: "5" }), 1);
    assert.equal(pollTimeScale({ GITLAB_MCP_POLL_TIME_SCALE: "0" }), 1);
    assert.equal(pollTimeScale({ GITLAB_MCP_POLL_TIME_SCALE: "soon" }), 1);
  });
});
