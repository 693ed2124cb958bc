// Malformed answers and requests (issue 21, §4 and §5.10, RES-17/18), through real clients:
// - a GitLab 200 whose body is empty, a bare string, a list for an object, an object for a list, or an
//   object without the fields GitLab always sends is an error result naming the status and content
//   type, never an empty success whose structuredContent fails the tool's output schema; a write says
//   the change may have been made;
// - one 100 KB field (a commit title) is cut to the response budget in both parts, with the marker;
// - tools/call whose params are an array, a string or null is answered -32602 on stdio (before and
//   after initialize) and over HTTP in both eras, and the server goes on serving.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, CLI, connect, SIM_TOKEN, SURFACES, text } from "../helpers/mcp.js";
import { startHttp, type HttpServer } from "../helpers/eras.js";
import { assertOutputConforms } from "../helpers/schemas.js";

const BRANCH = "/projects/42/repository/branches/main";
const json = { "content-type": "application/json" };

describe("a successful status with the wrong body is an error, never a success", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
  });
  after(() => sim?.close());

  const cases: { name: string; id: string; params: Record<string, unknown>; method: string; path: string; status: number; body: unknown; headers?: Record<string, string>; expect: string }[] = [
    { name: "an empty body for a get", id: "branch.get", params: { project_id: 42, branch_name: "main" }, method: "GET", path: BRANCH, status: 200, body: Buffer.alloc(0), headers: json, expect: "HTTP 200 (application/json) with an empty body, where an object was expected" },
    { name: "a bare string for a get", id: "branch.get", params: { project_id: 42, branch_name: "main" }, method: "GET", path: BRANCH, status: 200, body: Buffer.from("all good"), headers: { "content-type": "text/plain" }, expect: "HTTP 200 (text/plain) with a string, where an object was expected" },
    { name: "a list for a get", id: "branch.get", params: { project_id: 42, branch_name: "main" }, method: "GET", path: BRANCH, status: 200, body: [{ name: "main" }], expect: "HTTP 200 (application/json) with a list, where an object was expected" },
    { name: "an object without the fields GitLab always sends", id: "branch.get", params: { project_id: 42, branch_name: "main" }, method: "GET", path: BRANCH, status: 200, body: { merged: false }, expect: "with an object without name, where a Branch was expected" },
    { name: "an object for a list", id: "branch.list", params: { project_id: 42 }, method: "GET", path: "/projects/42/repository/branches", status: 200, body: { name: "main" }, expect: "HTTP 200 (application/json) with an object, where a list was expected" },
    { name: "a list of strings", id: "branch.list", params: { project_id: 42 }, method: "GET", path: "/projects/42/repository/branches", status: 200, body: ["main"], expect: "with a list holding a string, where a list of objects was expected" },
  ];
  for (const surface of SURFACES) {
    it(`${surface}: each wrong body is an error result naming status and content type`, async () => {
      const conn = await connect({ sim, surface });
      try {
        for (const c of cases) {
          sim.inject({ method: c.method, path: c.path, status: c.status, body: c.body, headers: c.headers });
          const r = await callAction(conn, surface, c.id, c.params);
          assert.equal(r.isError, true, `${c.name}: shown as a success`);
          assert.equal(r.structuredContent, undefined, `${c.name}: an error carries no structuredContent`);
          assert.equal(text(r), `${c.id}: GitLab answered something unexpected: ${c.expect.startsWith("HTTP") ? "" : "HTTP 200 (application/json) "}${c.expect}. Check that GITLAB_URL points at GitLab, or retry later`, c.name);
        }
        // A write GitLab accepted with an empty body: an error that says the change may have been made.
        sim.inject({ method: "POST", path: "/projects/42/repository/branches", status: 201, body: Buffer.alloc(0), headers: json });
        const w = await callAction(conn, surface, "branch.create", { project_id: 42, branch_name: "feature", ref: "main" });
        assert.equal(w.isError, true);
        assert.equal(text(w), "branch.create: GitLab answered something unexpected: HTTP 201 (application/json) with an empty body, where an object was expected. The change may have been made: read it back before trying again");
        assert.equal(sim.log.filter((r) => r.method === "POST").length, 1, "the write was not repeated");
        sim.clearLog();
      } finally {
        await conn.close();
      }
    });

    it(`${surface}: one 100 KB field is cut to the budget in both parts, with the marker`, async () => {
      const conn = await connect({ sim, surface });
      const title = "t".repeat(100_000);
      try {
        sim.inject({ method: "GET", path: BRANCH, status: 200, body: { name: "main", merged: false, commit: { id: "a".repeat(40), title, message: "short" } } });
        const r = await callAction(conn, surface, "branch.get", { project_id: 42, branch_name: "main" });
        assert.notEqual(r.isError, true);
        const sc = r.structuredContent as { name: string; commit: { title: string }; truncation?: { reason: string; unit: string; shown: number; total: number } };
        assert.ok(Buffer.byteLength(text(r)) <= 64 * 1024, `Markdown is ${Buffer.byteLength(text(r))} bytes`);
        assert.ok(Buffer.byteLength(JSON.stringify(sc)) <= 64 * 1024, `structuredContent is ${Buffer.byteLength(JSON.stringify(sc))} bytes`);
        assert.equal(sc.name, "main", "identifiers stay whole");
        assert.match(sc.commit.title, /^t+… \[truncated \d+ bytes\]$/);
        assert.equal(sc.truncation?.unit, "bytes");
        assert.equal(sc.truncation?.total, 100_000);
        assert.match(text(r), /⚠️ Truncated: showing \d+ of 100000 bytes/);
        assertOutputConforms("branch.get", r);
        // The same field in the one row of a list page.
        sim.inject({ method: "GET", path: "/projects/42/repository/branches", status: 200, body: [{ name: "main", merged: false, commit: { id: "a".repeat(40), title } }], headers: { "x-total": "1", "x-page": "1", "x-per-page": "20", "x-total-pages": "1" } });
        const l = await callAction(conn, surface, "branch.list", { project_id: 42 });
        const ls = l.structuredContent as { branches: { name: string; commit: { title: string } }[]; truncation?: { unit: string } };
        assert.ok(Buffer.byteLength(text(l)) <= 64 * 1024 && Buffer.byteLength(JSON.stringify(ls)) <= 64 * 1024, "both parts of the list fit");
        assert.equal(ls.branches.length, 1, "the row is kept");
        assert.match(ls.branches[0].commit.title, /… \[truncated \d+ bytes\]$/);
        assert.equal(ls.truncation?.unit, "bytes");
      } finally {
        await conn.close();
      }
    });
  }
});

/** Raw JSON-RPC lines to the built server on stdio, and the answers by id. */
async function rawStdio(sim: GitLabSimulator, lines: unknown[], waitFor: (number | string)[]): Promise<Map<unknown, { error?: { code: number; message: string }; result?: unknown }>> {
  const child = spawn(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? "", GITLAB_URL: sim.url, GITLAB_TOKEN: SIM_TOKEN, GITLAB_MCP_TIER: "ultimate" }, stdio: ["pipe", "pipe", "pipe"] });
  const answers = new Map<unknown, { error?: { code: number; message: string }; result?: unknown }>();
  let buffer = "";
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer for ${waitFor.filter((id) => !answers.has(id)).join(", ")} within 20 s`)), 20_000);
    child.stdout.on("data", (c: Buffer) => {
      buffer += c.toString();
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const message = JSON.parse(buffer.slice(0, nl)) as { id?: unknown };
        buffer = buffer.slice(nl + 1);
        if (message.id !== undefined) answers.set(message.id, message as never);
      }
      if (waitFor.every((id) => answers.has(id))) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  for (const line of lines) child.stdin.write(`${typeof line === "string" ? line : JSON.stringify(line)}\n`);
  try {
    await done;
  } finally {
    child.kill();
  }
  return answers;
}

describe("tools/call whose params are not an object is answered -32602 (§5.10)", () => {
  let sim: GitLabSimulator;
  let http: HttpServer;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
    http = await startHttp(sim);
  });
  after(async () => {
    await http?.stop();
    await sim?.close();
  });
  const bad = [
    { id: 11, params: [], got: "an array" },
    { id: 12, params: "gitlab_execute_action", got: "a string" },
    { id: 13, params: null, got: "null" },
  ];
  const expected = (got: string) => ({ code: -32602, message: `Invalid params: tools/call takes params as a JSON object, not ${got}.` });
  const good = { jsonrpc: "2.0", id: 20, method: "tools/call", params: { name: "gitlab_execute_action", arguments: { action: "branch.get", params: { project_id: 42, branch_name: "main" } } } };

  it("stdio, 2025 era: after initialize each is answered, and the next good call is served", async () => {
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };
    const answers = await rawStdio(sim, [init, { jsonrpc: "2.0", method: "notifications/initialized" }, ...bad.map((b) => ({ jsonrpc: "2.0", id: b.id, method: "tools/call", params: b.params })), good], [1, ...bad.map((b) => b.id), 20]);
    for (const b of bad) assert.deepEqual(answers.get(b.id)?.error, expected(b.got), `params ${b.got}`);
    assert.equal((answers.get(20)?.result as { isError?: boolean }).isError, undefined, "the server goes on serving");
  });

  it("stdio, 2026-07-28 era: the same answers with no initialize first", async () => {
    const answers = await rawStdio(sim, bad.map((b) => ({ jsonrpc: "2.0", id: b.id, method: "tools/call", params: b.params })), bad.map((b) => b.id));
    for (const b of bad) assert.deepEqual(answers.get(b.id)?.error, expected(b.got), `params ${b.got}`);
  });

  for (const version of ["2025-06-18", "2026-07-28"]) {
    it(`HTTP, protocol ${version}: each is answered, nothing reaches GitLab`, async () => {
      for (const b of bad) {
        sim.clearLog();
        const response = await fetch(http.url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "private-token": SIM_TOKEN, "mcp-protocol-version": version },
          body: JSON.stringify({ jsonrpc: "2.0", id: b.id, method: "tools/call", params: b.params }),
        });
        const body = (await response.json()) as { id: unknown; error?: { code: number; message: string } };
        assert.equal(body.id, b.id);
        assert.deepEqual(body.error, expected(b.got));
        assert.deepEqual(sim.log.filter((r) => r.rawPath !== "/api/v4/user" && r.rawPath !== "/api/v4/personal_access_tokens/self").map((r) => r.rawPath), []);
      }
    });
  }
});
