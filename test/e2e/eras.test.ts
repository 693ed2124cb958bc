// Both protocol eras on both transports and every surface (issue 9): a v2 SDK client speaking
// 2026-07-28 and a v1 client speaking the 2025 era reach the same catalog through the same dispatch.
// Then what differs between the eras: destructive confirmation (an input-required result in 2026-07-28,
// a real elicitation request on a 2025-era connection), its signed state, the 2026-07-28 wire over HTTP,
// and cancellation.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { SIM_TOKEN } from "../helpers/mcp.js";
import { eraClient, simAndHttpServer, startHttp, textOf, toolCall, type Era, type HttpServer, type Surface, type Transport } from "../helpers/eras.js";

const SURFACES: Surface[] = ["dynamic", "meta", "individual"];
const ERAS: Era[] = ["legacy", "modern"];
const TRANSPORTS: Transport[] = ["stdio", "http"];
const LIST = "/api/v4/projects/42/repository/branches";

const FAIL_CLOSED = (call: string) =>
  `Confirm ${call}? This action may be irreversible. The connected client cannot prompt for confirmation. Re-send with confirm=true only after the user explicitly approves this operation.`;

describe("era matrix: client era x transport x surface", () => {
  let sim: GitLabSimulator;
  const http = new Map<Surface, HttpServer>();
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    for (const name of ["main", "develop", "feature/login"]) sim.addBranch(42, { name });
    for (const surface of SURFACES) http.set(surface, await startHttp(sim, { GITLAB_MCP_TOOL_SURFACE: surface }));
  });
  after(async () => {
    for (const server of http.values()) await server.stop();
    await sim.close();
  });

  for (const transport of TRANSPORTS) {
    for (const era of ERAS) {
      for (const surface of SURFACES) {
        it(`${era} client over ${transport} on ${surface}: lists the surface and runs branch.list`, async () => {
          const client = await eraClient({ sim, era, transport, surface, http: http.get(surface) });
          try {
            assert.equal(client.negotiated(), era);
            const names = (await client.listTools()).tools.map((t) => t.name);
            const expected = { dynamic: "gitlab_execute_action", meta: "gitlab_branch", individual: "gitlab_branch_list" }[surface];
            assert.ok(names.includes(expected), `${expected} is listed`);
            sim.clearLog();
            const call = toolCall(surface, "branch.list", { project_id: 42 });
            const r = await client.callTool(call.name, call.args);
            assert.equal(r.isError, undefined, textOf(r));
            const branches = (r.structuredContent?.branches as { name: string }[]).map((b) => b.name);
            assert.deepEqual(branches.sort(), ["develop", "feature/login", "main"]);
            assert.match(textOf(r), /^## .*Branches/m);
            assert.deepEqual(
              sim.log.map((e) => `${e.method} ${e.path}`),
              [`GET ${LIST}`],
            );
          } finally {
            await client.close();
          }
        });
      }
    }
  }

  for (const transport of TRANSPORTS) {
    it(`a v2 client negotiating in auto mode settles on 2026-07-28 over ${transport}`, async () => {
      const client = await eraClient({ sim, era: "modern", negotiation: "auto", transport, http: http.get("dynamic") });
      try {
        assert.equal(client.negotiated(), "modern");
        assert.equal((await client.listTools()).tools.length, 2);
      } finally {
        await client.close();
      }
    });
  }
});

describe("destructive confirmation in both eras (SAF-14)", () => {
  let sim: GitLabSimulator;
  const http = new Map<Surface, HttpServer>();
  let n = 0;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
    for (const surface of SURFACES) http.set(surface, await startHttp(sim, { GITLAB_MCP_TOOL_SURFACE: surface }));
  });
  after(async () => {
    for (const server of http.values()) await server.stop();
    await sim.close();
  });

  /** Deletes a fresh branch through the given client; returns the result and whether GitLab got the DELETE. */
  async function deleteBranch(o: { era: Era; transport: Transport; surface: Surface; confirm?: "accept" | "decline" | "cancel" }) {
    const name = `doomed-${++n}`;
    sim.addBranch(42, { name });
    const client = await eraClient({ sim, ...o, http: http.get(o.surface) });
    try {
      sim.clearLog();
      const call = toolCall(o.surface, "branch.delete", { project_id: 42, branch_name: name });
      const r = await client.callTool(call.name, call.args);
      const deletes = sim.log.filter((e) => e.method === "DELETE").length;
      return { r, deletes, call: o.surface === "meta" ? "gitlab_branch/delete" : call.name };
    } finally {
      await client.close();
    }
  }

  for (const transport of TRANSPORTS) {
    for (const surface of ["meta", "individual"] as const) {
      it(`2026-07-28 over ${transport} on ${surface}: the user confirms in the client's form and the branch is deleted`, async () => {
        const { r, deletes } = await deleteBranch({ era: "modern", transport, surface, confirm: "accept" });
        assert.equal(r.isError, undefined, textOf(r));
        assert.equal(deletes, 1);
      });
    }
    it(`2026-07-28 over ${transport}: a declined form cancels, and nothing reaches GitLab`, async () => {
      const { r, deletes } = await deleteBranch({ era: "modern", transport, surface: "individual", confirm: "decline" });
      assert.equal(r.isError, true);
      assert.equal(textOf(r), "Operation canceled by user.");
      assert.equal(deletes, 0);
    });
    it(`2026-07-28 over ${transport}: a client that cannot show a form gets the fail-closed sentence`, async () => {
      const { r, deletes, call } = await deleteBranch({ era: "modern", transport, surface: "meta" });
      assert.equal(r.isError, true);
      assert.equal(textOf(r), FAIL_CLOSED(call));
      assert.equal(deletes, 0);
    });
    it(`2026-07-28 over ${transport}: the dynamic surface never asks, even a client that could answer`, async () => {
      const { r, deletes } = await deleteBranch({ era: "modern", transport, surface: "dynamic", confirm: "accept" });
      assert.equal(r.isError, true);
      assert.match(textOf(r), /confirm/);
      assert.equal(deletes, 0);
    });
  }

  it("2025 era over stdio: the same question arrives as an elicitation/create request", async () => {
    const accepted = await deleteBranch({ era: "legacy", transport: "stdio", surface: "individual", confirm: "accept" });
    assert.equal(accepted.r.isError, undefined, textOf(accepted.r));
    assert.equal(accepted.deletes, 1);
    const cancelled = await deleteBranch({ era: "legacy", transport: "stdio", surface: "meta", confirm: "cancel" });
    assert.equal(textOf(cancelled.r), "Operation canceled by user.");
    assert.equal(cancelled.deletes, 0);
  });

  it("2025 era over stateless HTTP: no channel for a question, so the call fails closed", async () => {
    const { r, deletes, call } = await deleteBranch({ era: "legacy", transport: "http", surface: "individual", confirm: "accept" });
    assert.equal(textOf(r), FAIL_CLOSED(call));
    assert.equal(deletes, 0);
  });
});

describe("the confirmation's state is signed and bound to its call", () => {
  let sim: GitLabSimulator;
  let server: HttpServer;
  const other = "glpat-other-credential";
  before(async () => {
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api"] }, [other]: { scopes: ["api"] } } });
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    for (const name of ["main", "first", "second"]) sim.addBranch(42, { name });
    server = await startHttp(sim, { GITLAB_MCP_TOOL_SURFACE: "individual" });
  });
  after(async () => {
    await server.stop();
    await sim.close();
  });

  const ENVELOPE = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
  };
  /** A 2026-07-28 tools/call as bytes on the wire, with what the retry fields carry. */
  async function call(args: Record<string, unknown>, retry?: { requestState: string; inputResponses: Record<string, unknown> }) {
    const response = await fetch(server.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "private-token": SIM_TOKEN,
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": "gitlab_branch_delete",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "gitlab_branch_delete", arguments: args, ...retry, _meta: ENVELOPE } }),
    });
    return (await response.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
  }
  const ACCEPT = { confirm: { action: "accept", content: { confirm: true } } };

  it("asks, refuses a forged state, re-asks when the answer was for another call, and runs only the call the user saw", async () => {
    sim.clearLog();
    const asked = await call({ project_id: 42, branch_name: "first" });
    assert.equal(asked.result?.resultType, "input_required");
    const requestState = asked.result?.requestState as string;
    assert.match(requestState, /^v1\./);
    assert.match(JSON.stringify(asked.result?.inputRequests), /Run branch\.delete \(Delete a branch\) on project_id 42, branch_name first\?/);

    const forged = await call({ project_id: 42, branch_name: "first" }, { requestState: `${requestState.slice(0, -4)}AAAA`, inputResponses: ACCEPT });
    assert.equal(forged.error?.code, -32602);
    assert.equal(forged.error?.message, "Invalid or expired requestState");

    const elsewhere = await call({ project_id: 42, branch_name: "second" }, { requestState, inputResponses: ACCEPT });
    assert.equal(elsewhere.result?.resultType, "input_required", "an answer about 'first' does not delete 'second'");
    assert.equal(sim.log.filter((e) => e.method === "DELETE").length, 0);

    const done = await call({ project_id: 42, branch_name: "first" }, { requestState, inputResponses: ACCEPT });
    assert.equal(done.result?.isError, undefined, JSON.stringify(done));
    assert.deepEqual(
      sim.log.filter((e) => e.method === "DELETE").map((e) => e.path),
      ["/api/v4/projects/42/repository/branches/first"],
    );
  });

  it("a state minted for one credential means nothing to another", async () => {
    const asked = await call({ project_id: 42, branch_name: "second" });
    const requestState = asked.result?.requestState as string;
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "private-token": other, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "gitlab_branch_delete" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "gitlab_branch_delete", arguments: { project_id: 42, branch_name: "second" }, requestState, inputResponses: ACCEPT, _meta: ENVELOPE } }),
    });
    const body = (await response.json()) as { error?: { code: number } };
    assert.equal(body.error?.code, -32602);
  });
});

describe("cancellation in both eras (RES-11)", () => {
  const ctx = simAndHttpServer();

  const until = async (what: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!what() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return what();
  };

  for (const transport of TRANSPORTS) {
    for (const era of ERAS) {
      it(`${era} client over ${transport}: cancelling a call aborts its GitLab request`, async () => {
        const client = await eraClient({ sim: ctx.sim, era, transport, http: ctx.server });
        try {
          ctx.sim.clearLog();
          ctx.sim.inject({ method: "GET", path: LIST.slice("/api/v4".length), delayMs: 4000 });
          const abort = new AbortController();
          const pending = client.callTool("gitlab_execute_action", { action: "branch.list", params: { project_id: 42 } }, { signal: abort.signal });
          pending.catch(() => undefined);
          assert.ok(await until(() => ctx.sim.log.some((e) => e.path === LIST), 3000), "the request reached GitLab");
          abort.abort();
          await assert.rejects(pending);
          const entry = ctx.sim.log.find((e) => e.path === LIST)!;
          assert.ok(await until(() => entry.clientClosed === true, 3000), "the server closed its GitLab request before GitLab answered");
        } finally {
          ctx.sim.clearFaults();
          await client.close();
        }
      });
    }
  }
});

describe("progress while a call waits, in both eras (§6.10)", () => {
  const ctx = simAndHttpServer();

  for (const transport of TRANSPORTS) {
    for (const era of ERAS) {
      it(`${era} client over ${transport}: each retry of a GitLab request is a progress notification`, async () => {
        const client = await eraClient({ sim: ctx.sim, era, transport, http: ctx.server });
        try {
          ctx.sim.inject({ method: "GET", path: LIST.slice("/api/v4".length), status: 503, headers: { "retry-after": "0" }, times: 2 });
          const heard: { progress: number; message?: string }[] = [];
          const r = await client.callTool("gitlab_execute_action", { action: "branch.list", params: { project_id: 42 } }, { onprogress: (p) => heard.push(p) });
          assert.equal(r.isError, undefined, textOf(r));
          assert.deepEqual(
            heard.map((p) => [p.progress, p.message]),
            [
              [1, "GitLab answered 503: retry 1 of 3 in 0.0 s"],
              [2, "GitLab answered 503: retry 2 of 3 in 0.0 s"],
            ],
          );
        } finally {
          ctx.sim.clearFaults();
          await client.close();
        }
      });
    }
  }
});
