// The HTTP transport under the GitLab client (runtime/gitlab/transport.ts) against a bare node:http
// server: what fetch used to do for us (decoding, header joining, connection reuse, no redirects) and
// how socket failures reach the error classification of BEHAVIOR §5.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { deflateSync, gzipSync } from "node:zlib";
import { GitLabClient } from "../../runtime/gitlab/client.js";
import { GitLabHttpError, GitLabNetworkError, errorText } from "../../runtime/gitlab/errors.js";
import { send } from "../../runtime/gitlab/transport.js";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

describe("HTTP transport", () => {
  let server: Server;
  let base = "";
  let handler: Handler = (_req, res) => res.end();
  const seen: IncomingMessage[] = [];

  before(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      handler(req, res);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it("decodes gzip and deflate bodies and asks for them", async () => {
    const json = JSON.stringify({ name: "main", text: "é".repeat(2000) });
    for (const [encoding, encode] of [["gzip", gzipSync], ["deflate", deflateSync]] as const) {
      handler = (_req, res) => res.writeHead(200, { "content-type": "application/json", "content-encoding": encoding }).end(encode(json));
      const answer = await send({ method: "GET", url: `${base}/api/v4/x`, headers: {} });
      assert.equal(answer.text, json, encoding);
      assert.equal(seen.at(-1)?.headers["accept-encoding"], "gzip, deflate");
    }
  });

  it("joins repeated headers as fetch does and reads names case-insensitively", async () => {
    handler = (_req, res) => {
      res.setHeader("Link", ['<a>; rel="next"', '<b>; rel="last"']);
      res.setHeader("X-Total", "45");
      res.end("[]");
    };
    const answer = await send({ method: "GET", url: `${base}/`, headers: {} });
    assert.equal(answer.headers.get("link"), '<a>; rel="next", <b>; rel="last"');
    assert.equal(answer.headers.get("X-TOTAL"), "45");
    assert.equal(answer.headers.get("x-next-page"), null);
  });

  it("sends the body with its length and keeps one connection alive across requests", async () => {
    handler = (req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ got: body, length: req.headers["content-length"] })));
    };
    const before = seen.length;
    const payload = JSON.stringify({ title: "ünïcode" });
    for (let i = 0; i < 3; i++) {
      const answer = await send({ method: "POST", url: `${base}/api/v4/projects/1/issues`, headers: { "content-type": "application/json" }, body: payload });
      assert.equal(answer.status, 201);
      assert.deepEqual(JSON.parse(answer.text), { got: payload, length: String(Buffer.byteLength(payload)) });
    }
    assert.equal(new Set(seen.slice(before).map((r) => r.socket)).size, 1);
  });

  it("does not follow redirects: the client reports them as answers", async () => {
    handler = (_req, res) => res.writeHead(302, { location: "https://elsewhere.example/login" }).end();
    const client = new GitLabClient(base, "glpat-secret");
    await assert.rejects(client.rest({ method: "GET", path: "/projects/1" }), (e: unknown) => e instanceof GitLabHttpError && e.status === 302);
    assert.equal(seen.filter((r) => r.url === "/login").length, 0);
  });

  it("a connection cut in the middle of a body is a network failure, retried for reads", async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls++;
      if (calls === 1) {
        res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
        res.write('[{"name":"ma');
        setTimeout(() => res.socket?.destroy(), 10);
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end('[{"name":"main"}]');
    };
    const client = new GitLabClient(base, "glpat-secret");
    const answer = await client.rest({ method: "GET", path: "/projects/1/repository/branches", retry: "read" });
    assert.deepEqual(answer.body, [{ name: "main" }]);
    assert.equal(calls, 2);
    calls = 0;
    await assert.rejects(client.rest({ method: "POST", path: "/projects/1/repository/branches", body: { branch: "x", ref: "main" } }), (e: unknown) => e instanceof GitLabNetworkError && e.kind === "network");
    assert.equal(calls, 1, "a write is not re-sent");
  });

  it("an aborted request is reported as canceled, a timed-out one as the deadline", async () => {
    handler = () => undefined; // never answers
    const client = new GitLabClient(base, "glpat-secret");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(client.rest({ method: "GET", path: "/slow", signal: controller.signal }), (e: unknown) => e instanceof GitLabNetworkError && e.kind === "canceled");
    await assert.rejects(client.rest({ method: "GET", path: "/slow", signal: AbortSignal.timeout(20) }), (e: unknown) => e instanceof GitLabNetworkError && e.kind === "deadline");
  });

  it("refused connections and unknown hosts get their own sentences, without the URL or token", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const refused = await new GitLabClient(`http://127.0.0.1:${port}`, "glpat-secret").rest({ method: "POST", path: "/x" }).catch((e: unknown) => e);
    assert.ok(refused instanceof GitLabNetworkError && refused.kind === "refused" && refused.code === "ECONNREFUSED");
    const dns = await new GitLabClient("http://gitlab.invalid", "glpat-secret").rest({ method: "GET", path: "/x" }).catch((e: unknown) => e);
    assert.ok(dns instanceof GitLabNetworkError && dns.kind === "dns", String(dns));
    assert.equal(errorText("project.get", dns, false), "project.get: GitLab server hostname could not be resolved (DNS error). Check GITLAB_URL");
  });
  it("reads a body as bytes, unchanged, whatever its content type", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe]);
    handler = (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(png);
    const answer = await new GitLabClient(base, "glpat-secret").rest({ method: "GET", path: "/projects/1/repository/blobs/a/raw", read: "bytes" });
    assert.ok(Buffer.isBuffer(answer.body));
    assert.deepEqual(answer.body, png);
    assert.equal(answer.size, png.length);
  });

  it("streams a body to a sink that may stop early, and restarts the sink when a read is retried", async () => {
    const chunk = "x".repeat(64 * 1024);
    let calls = 0;
    handler = (_req, res) => {
      calls++;
      if (calls === 1) return void res.writeHead(502).end("bad gateway");
      res.writeHead(200, { "content-type": "text/plain" });
      // 16 MiB offered; the sink stops after 1 MiB, and the socket is closed before the rest is sent.
      let sent = 0;
      const pump = () => {
        while (sent < 256) {
          sent++;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("close", () => (sent = 256));
      pump();
    };
    let got = 0;
    let restarts = 0;
    const sink = (c: Buffer) => (got += c.length) < 1024 * 1024;
    const answer = await new GitLabClient(base, "glpat-secret").rest({ method: "GET", path: "/projects/1/jobs/2/trace", retry: "read", read: { sink, restart: () => ((got = 0), restarts++) } });
    assert.equal(calls, 2, "the 502 was retried");
    assert.equal(restarts, 2, "restarted before each attempt");
    assert.equal(answer.stopped, true);
    assert.equal(answer.body, undefined);
    assert.ok(got >= 1024 * 1024 && got < 4 * 1024 * 1024, `${got} bytes given to the sink`);
  });

  it("a sink that reads to the end is not marked stopped", async () => {
    handler = (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("line 1\nline 2\n");
    const chunks: Buffer[] = [];
    const answer = await new GitLabClient(base, "glpat-secret").rest({ method: "GET", path: "/t", read: { sink: (c) => (chunks.push(c), true), restart: () => (chunks.length = 0) } });
    assert.equal(Buffer.concat(chunks).toString(), "line 1\nline 2\n");
    assert.equal(answer.stopped, false);
    assert.equal(answer.size, 14);
  });
});
