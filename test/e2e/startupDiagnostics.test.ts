// Start-up diagnostics (issue 28, SAF-29, CFG-12): a wrong GITLAB_URL or a refused token is explained once
// on stderr, and tools/list does not wait on a host that is not there. Through the SDK's real Client
// over stdio, against the simulator, a closed port, a TLS simulator with an unknown CA, and small
// servers that are not GitLab.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as netServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { connect, SIM_TOKEN, type Connection } from "../helpers/mcp.js";

const fixtures = new URL("../../../test/fixtures/tls/", import.meta.url).pathname;
const tls = { key: readFileSync(join(fixtures, "server-key.pem"), "utf8"), cert: readFileSync(join(fixtures, "server-cert.pem"), "utf8") };

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const srv = netServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** An HTTP server that is not GitLab: every path answers the same status, type and body. */
async function notGitLab(status: number, type: string, body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(status, { "content-type": type }).end(body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Start {
  /** Milliseconds from spawning the server to the answer of the first tools/list. */
  readonly listMs: number;
  readonly tools: number;
  /** The WARN and ERROR lines of stderr, parsed. */
  readonly warnings: { msg: string }[];
}

/** Starts the server with GITLAB_URL (and the tier detected, as a user's first start does) and lists its tools. */
async function start(url: string, env: Record<string, string> = {}): Promise<Start> {
  const started = performance.now();
  // connect() lists the tools once, as a client does right after initialize.
  let conn: Connection | undefined;
  try {
    conn = await connect({ env: { GITLAB_URL: url, GITLAB_MCP_TIER: "", ...env } });
    const listMs = performance.now() - started;
    const tools = (await conn.client.listTools()).tools.length;
    // The diagnosis is written when detection ends, before tools/list is answered.
    const warnings = conn.stderr
      .join("")
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { level: string; msg: string })
      .filter((l) => l.level === "warn" || l.level === "error");
    return { listMs, tools, warnings };
  } finally {
    await conn?.close();
  }
}

const saying = (s: Start, pattern: RegExp) => s.warnings.filter((w) => pattern.test(w.msg));

describe("start-up diagnostics (issue 28)", () => {
  let sim: GitLabSimulator;
  let tlsSim: GitLabSimulator;
  const others: Server[] = [];
  before(async () => {
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api"] }, "glpat-revoked-token": { scopes: ["api"], revoked: true } } });
    tlsSim = await GitLabSimulator.start({ tls });
  });
  after(async () => {
    await sim.close();
    await tlsSim.close();
    for (const s of others) s.close();
  });

  it("a closed port: connection refused, said once, and tools/list does not wait", async () => {
    const s = await start(`http://127.0.0.1:${await closedPort()}`);
    const why = saying(s, /unreachable/);
    assert.equal(why.length, 1, JSON.stringify(s.warnings));
    assert.match(why[0].msg, /^GitLab is unreachable at http:\/\/127\.0\.0\.1:\d+ \(connection refused\): check GITLAB_URL and whether the server is running$/);
    assert.equal(saying(s, /failed to detect PAT scopes/).length, 1, "SAF-29's line stays");
    assert.ok(s.tools > 0);
    // Before issue 28 the retries of scope and tier detection held the first tools/list about 4 s.
    assert.ok(s.listMs < 3000, `tools/list took ${Math.round(s.listMs)} ms`);
  });

  it("a refused token: GitLab's status and GITLAB_TOKEN, once", async () => {
    const s = await start(sim.url, { GITLAB_TOKEN: "glpat-not-a-real-token" });
    const why = saying(s, /refused the token/);
    assert.equal(why.length, 1, JSON.stringify(s.warnings));
    assert.equal(why[0].msg, `GitLab at ${sim.url} refused the token (401 Unauthorized): check GITLAB_TOKEN: it may be mistyped, expired or revoked`);
    assert.ok(!why[0].msg.includes("glpat-not-a-real-token"));
  });

  it("a revoked token: GitLab's own description of the refusal", async () => {
    const s = await start(sim.url, { GITLAB_TOKEN: "glpat-revoked-token" });
    const why = saying(s, /refused the token/);
    assert.equal(why.length, 1, JSON.stringify(s.warnings));
    assert.match(why[0].msg, /refused the token \(401 Unauthorized: invalid_token; .*revoked.*\): check GITLAB_TOKEN/);
  });

  it("an HTML answer: check GITLAB_URL", async () => {
    const html = await notGitLab(200, "text/html; charset=utf-8", "<!doctype html><title>Welcome</title>");
    others.push(html.server);
    const s = await start(html.url);
    const why = saying(s, /HTML page/);
    assert.equal(why.length, 1, JSON.stringify(s.warnings));
    assert.match(why[0].msg, /^http:\/\/127\.0\.0\.1:\d+ answered an HTML page, not GitLab's API: check GITLAB_URL/);
    assert.ok(s.listMs < 3000, `tools/list took ${Math.round(s.listMs)} ms`);
  });

  it("a 404 that is not GitLab's: check GITLAB_URL", async () => {
    const plain = await notGitLab(404, "text/plain", "Not Found");
    others.push(plain.server);
    const s = await start(plain.url);
    const why = saying(s, /answered 404/);
    assert.equal(why.length, 1, JSON.stringify(s.warnings));
    assert.match(why[0].msg, /answered 404 without GitLab's API behind it: check GITLAB_URL/);
  });

  it("a certificate nobody trusts: the TLS sentence and GITLAB_MCP_CA_FILE", async () => {
    const s = await start(tlsSim.url);
    const why = saying(s, /TLS handshake/);
    assert.equal(why.length, 1, JSON.stringify(s.warnings));
    assert.match(why[0].msg, /GITLAB_MCP_CA_FILE/);
  });

  it("a working GitLab and token: nothing to explain", async () => {
    const s = await start(sim.url);
    assert.deepEqual(
      s.warnings.filter((w) => /GITLAB_URL|GITLAB_TOKEN|failed to detect/.test(w.msg)),
      [],
    );
  });
});
