// Bad requests at the HTTP door (§9, §5.10): each gets its documented status and JSON-RPC body, none of
// them reaches GitLab (a wrong token reaches only the one admission check), and the server keeps
// serving the next good request.
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { describe, it } from "node:test";
import { SIM_TOKEN } from "../helpers/mcp.js";
import { simAndHttpServer } from "../helpers/eras.js";

const AUTH_REQUIRED = "Authentication required: send a GitLab personal access token as 'Authorization: Bearer <glpat-...>' or 'PRIVATE-TOKEN: <glpat-...>'";
const LIST = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
const envelope = (version: string) => ({
  "io.modelcontextprotocol/protocolVersion": version,
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
});

interface Answer {
  status: number;
  /** The body as sent (an SSE stream may carry several messages). */
  raw?: string;
  headers: Headers;
  body: { error?: { code: number; message: string; data?: Record<string, unknown> }; result?: unknown } | undefined;
}

describe("bad requests over HTTP", () => {
  const ctx = simAndHttpServer();

  async function send(body: string, headers: Record<string, string> = {}, method = "POST"): Promise<Answer> {
    const response = await fetch(ctx.server.url, {
      method,
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "private-token": SIM_TOKEN, ...headers },
      ...(method === "POST" ? { body } : {}),
    });
    const text = await response.text();
    const json = text.startsWith("{") ? text : /^data: (.*)$/m.exec(text)?.[1];
    return { status: response.status, raw: text, headers: response.headers, body: json ? (JSON.parse(json) as Answer["body"]) : undefined };
  }

  /** The server is still up and serving a good request. */
  async function stillServing(): Promise<void> {
    const health = await fetch(new URL("/health", ctx.server.url));
    assert.equal(health.status, 200);
    const good = await send(JSON.stringify(LIST), { "mcp-protocol-version": "2025-06-18" });
    assert.equal(good.status, 200);
    assert.ok(Array.isArray((good.body?.result as { tools?: unknown[] } | undefined)?.tools));
  }

  const cases: { name: string; run: () => Promise<Answer>; status: number; code?: number; message?: RegExp; check?: (a: Answer) => void; gitlab?: string[] }[] = [
    {
      name: "no token",
      run: () => send(JSON.stringify(LIST), { "private-token": "" }),
      status: 401,
      code: -40100,
      check: (a) => {
        assert.ok(a.body?.error?.message.startsWith(AUTH_REQUIRED));
        assert.equal(a.headers.get("www-authenticate"), 'Bearer realm="gitlab-mcp-server"');
      },
    },
    {
      name: "a token GitLab refuses",
      run: () => send(JSON.stringify(LIST), { "private-token": "glpat-not-a-real-token" }),
      status: 401,
      code: -40100,
      message: /GitLab refused the credential sent/,
      gitlab: ["GET /api/v4/user"],
    },
    {
      name: "a body over 4 MiB",
      run: () => send(JSON.stringify({ ...LIST, params: { pad: "x".repeat(4 * 1024 * 1024) } })),
      status: 413,
      code: -32600,
    },
    {
      name: "a body over 4 MiB with no Content-Length (chunked)",
      run: () => chunked(ctx.server.url, "x".repeat(5 * 1024 * 1024)),
      status: 413,
      code: -32600,
    },
    {
      name: "a foreign Origin",
      run: () => send(JSON.stringify(LIST), { origin: "https://evil.example" }),
      status: 403,
      code: -40300,
      message: /^Cross-origin request refused:/,
    },
    {
      name: "a foreign Host (DNS rebinding)",
      run: () => rawHost(ctx.server.url, "evil.example"),
      status: 403,
      code: -40300,
    },
    {
      name: "an unknown 2025-style protocol version",
      run: () => send(JSON.stringify(LIST), { "mcp-protocol-version": "1999-01-01" }),
      status: 400,
      code: -32022,
      check: (a) => {
        const supported = a.body?.error?.data?.supported as string[];
        assert.ok(supported.includes("2026-07-28") && supported.includes("2025-11-25") && supported.includes("2025-06-18"));
      },
    },
    {
      name: "a revision after 2026-07-28 that this server does not speak",
      run: () => send(JSON.stringify({ ...LIST, params: { _meta: envelope("2099-01-01") } }), { "mcp-protocol-version": "2099-01-01", "mcp-method": "tools/list" }),
      status: 400,
      code: -32022,
    },
    {
      name: "a 2026-07-28 body under a 2025 header (the eras disagree)",
      run: () => send(JSON.stringify({ ...LIST, params: { _meta: envelope("2026-07-28") } }), { "mcp-protocol-version": "2025-06-18", "mcp-method": "tools/list" }),
      status: 400,
      code: -32020,
    },
    {
      name: "a tools/call whose arguments are not an object",
      run: () => send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "gitlab_execute_action", arguments: "branch.list" } }), { "mcp-protocol-version": "2025-06-18" }),
      status: 200,
      code: -32602,
      message: /params\.arguments an object/,
    },
    { name: "malformed JSON", run: () => send("{not json"), status: 400, code: -32700 },
    { name: "JSON that is not JSON-RPC", run: () => send(JSON.stringify({ hello: "world" })), status: 400, code: -32600 },
    {
      // 2025-03-26 let clients batch, and a server of that revision must take them: each message is
      // answered, none is dropped.
      name: "a JSON-RPC batch from a 2025-03-26 client",
      run: () => send(JSON.stringify([LIST, { ...LIST, id: 2 }]), { "mcp-protocol-version": "2025-03-26" }),
      status: 200,
      check: (a) => {
        const answers = [...(a.raw ?? "").matchAll(/^data: (.*)$/gm)].flatMap((m) => [JSON.parse(m[1]) as unknown].flat() as { id: number; result?: { tools: unknown[] } }[]);
        assert.deepEqual(answers.map((x) => x.id).sort(), [1, 2]);
        assert.ok(answers.every((x) => Array.isArray(x.result?.tools)));
      },
    },
    {
      name: "GET on the endpoint (no session to stream)",
      run: () => send("", {}, "GET"),
      status: 405,
      check: (a) => assert.equal(a.headers.get("allow"), "POST"),
    },
  ];

  for (const c of cases) {
    it(`${c.name}: ${c.status}${c.code ? ` with ${c.code}` : ""}, and the server keeps serving`, async () => {
      ctx.sim.clearLog();
      const answer = await c.run();
      assert.equal(answer.status, c.status, JSON.stringify(answer.body));
      if (c.code !== undefined) assert.equal(answer.body?.error?.code, c.code, JSON.stringify(answer.body));
      if (c.message) assert.match(answer.body?.error?.message ?? "", c.message);
      c.check?.(answer);
      assert.deepEqual(
        ctx.sim.log.map((e) => `${e.method} ${e.path}`),
        c.gitlab ?? [],
      );
      await stillServing();
    });
  }
});

/** A POST whose body comes in chunks, so the server cannot refuse it on Content-Length alone. */
function chunked(url: URL, payload: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", agent: false, headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "private-token": SIM_TOKEN, "transfer-encoding": "chunked" } }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: new Headers(res.headers as Record<string, string>), body: text ? (JSON.parse(text) as Answer["body"]) : undefined }));
    });
    req.on("error", (e: NodeJS.ErrnoException) => (e.code === "EPIPE" || e.code === "ECONNRESET" ? undefined : reject(e)));
    for (let i = 0; i < payload.length; i += 65536) req.write(payload.slice(i, i + 65536));
    req.end();
  });
}

/** A POST with a Host header fetch would not let us set. */
function rawHost(url: URL, host: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = { host: url.hostname, port: url.port, path: url.pathname };
    const req = httpRequest({ ...target, method: "POST", agent: false, headers: { host, "content-type": "application/json", "private-token": SIM_TOKEN } }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: new Headers(res.headers as Record<string, string>), body: text ? (JSON.parse(text) as Answer["body"]) : undefined }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(LIST));
  });
}
