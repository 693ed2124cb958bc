// Reaching GitLab (BEHAVIOR §8.2, ERR-9, ERR-10): TLS verification and extra CAs against the simulator
// served over HTTPS with a throwaway CA (test/fixtures/tls), and HTTP_PROXY / HTTPS_PROXY / NO_PROXY
// through a small forwarding proxy, each through a real MCP client.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import { connect as netConnect, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, CLI, connect, text } from "../helpers/mcp.js";

const fixtures = new URL("../../../test/fixtures/tls/", import.meta.url).pathname;
const CA = join(fixtures, "ca.pem");
const tls = { key: readFileSync(join(fixtures, "server-key.pem"), "utf8"), cert: readFileSync(join(fixtures, "server-cert.pem"), "utf8") };

const seed = (sim: GitLabSimulator) => {
  sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
  sim.addBranch(42, { name: "main" });
};

/** One branch.get through a fresh server with the given environment. */
async function getBranch(sim: GitLabSimulator, env: Record<string, string>) {
  const conn = await connect({ sim, env });
  try {
    const result = await callAction(conn, "dynamic", "branch.get", { project_id: 42, branch_name: "main" });
    return { result, text: text(result), stderr: conn.stderr.join("") };
  } finally {
    await conn.close();
  }
}

describe("TLS toward GitLab (§8.2, ERR-9)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({ tls });
    seed(sim);
  });
  after(() => sim.close());

  it("an unknown certificate authority is the TLS sentence", async () => {
    const r = await getBranch(sim, {});
    assert.equal(r.result.isError, true);
    assert.equal(
      r.text,
      "branch.get: TLS/SSL handshake failed. If using self-signed certificates, set GITLAB_MCP_SKIP_TLS_VERIFY=true. Better, trust your certificate authority with GITLAB_MCP_CA_FILE",
    );
  });

  it("GITLAB_MCP_SKIP_TLS_VERIFY=true connects, with a warning at start", async () => {
    const r = await getBranch(sim, { GITLAB_MCP_SKIP_TLS_VERIFY: "true" });
    assert.equal(r.result.isError, undefined, r.text);
    assert.match(r.stderr, /"level":"warn","msg":"GITLAB_MCP_SKIP_TLS_VERIFY is on/);
  });

  it("GITLAB_MCP_CA_FILE adds the CA to the built-in roots; SSL_CERT_FILE does when it is unset; so does NODE_EXTRA_CA_CERTS", async () => {
    for (const env of [{ GITLAB_MCP_CA_FILE: CA }, { SSL_CERT_FILE: CA }, { NODE_EXTRA_CA_CERTS: CA }] as Record<string, string>[]) {
      const r = await getBranch(sim, env);
      assert.equal(r.result.isError, undefined, `${JSON.stringify(env)}: ${r.text}`);
      assert.match(r.text, /^## Branch: main/);
    }
  });

  it("an unreadable or empty GITLAB_MCP_CA_FILE refuses the start", () => {
    const empty = join(tmpdir(), `gitlab-mcp-empty-${process.pid}.pem`);
    writeFileSync(empty, "not a certificate\n");
    for (const file of ["/nonexistent/ca.pem", empty]) {
      const r = spawnSync(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? "", GITLAB_MCP_CA_FILE: file }, encoding: "utf8", input: "" });
      assert.equal(r.status, 1, file);
      assert.match(r.stderr, new RegExp(`GITLAB_MCP_CA_FILE=${file.replace(/[.]/g, "\\.")} cannot be read or holds no PEM certificate`));
    }
  });
});

/** A forwarding proxy: absolute-form requests for http targets, CONNECT tunnels for https ones. */
class TestProxy {
  readonly seen: { method: string; target: string; auth?: string }[] = [];
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  url = "";

  constructor(private readonly credentials?: string) {
    this.server = createServer((req, res) => {
      if (!this.allowed(req)) return void res.writeHead(407, { "proxy-authenticate": 'Basic realm="proxy"' }).end();
      this.seen.push({ method: req.method ?? "", target: req.url ?? "", auth: req.headers["proxy-authorization"] });
      const upstream = request(req.url ?? "", { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    this.server.on("connection", (s: Socket) => this.sockets.add(s));
    this.server.on("connect", (req: IncomingMessage, client: Socket) => {
      if (!this.allowed(req)) return void client.end("HTTP/1.1 407 Proxy Authentication Required\r\n\r\n");
      this.seen.push({ method: "CONNECT", target: req.url ?? "", auth: req.headers["proxy-authorization"] });
      const [host, port] = (req.url ?? "").split(":");
      const upstream = netConnect(Number(port), host, () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        upstream.pipe(client);
        client.pipe(upstream);
      });
      this.sockets.add(upstream);
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    });
  }

  private allowed(req: IncomingMessage): boolean {
    return !this.credentials || req.headers["proxy-authorization"] === `Basic ${Buffer.from(this.credentials).toString("base64")}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): void {
    for (const s of this.sockets) s.destroy();
    this.server.close();
  }
}

describe("proxies (§8.2 HTTPS_PROXY, HTTP_PROXY, NO_PROXY; ERR-10)", () => {
  let sim: GitLabSimulator;
  let tlsSim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    tlsSim = await GitLabSimulator.start({ tls });
    seed(sim);
    seed(tlsSim);
  });
  after(async () => {
    await sim.close();
    await tlsSim.close();
  });

  it("HTTP_PROXY carries every request to an http GitLab, and NO_PROXY bypasses it", async () => {
    const proxy = await new TestProxy().start();
    try {
      const r = await getBranch(sim, { HTTP_PROXY: proxy.url });
      assert.equal(r.result.isError, undefined, r.text);
      assert.deepEqual(
        proxy.seen.map((s) => `${s.method} ${new URL(s.target).pathname}`),
        ["GET /api/v4/personal_access_tokens/self", "GET /api/v4/projects/42/repository/branches/main"],
      );
      proxy.seen.length = 0;
      for (const noProxy of ["127.0.0.1", "*", `127.0.0.1:${new URL(sim.url).port}`]) {
        const direct = await getBranch(sim, { http_proxy: proxy.url, NO_PROXY: noProxy });
        assert.equal(direct.result.isError, undefined, direct.text);
      }
      assert.deepEqual(proxy.seen, [], "NO_PROXY in each form kept the requests off the proxy");
    } finally {
      proxy.close();
    }
  });

  it("HTTPS_PROXY tunnels to an https GitLab, with the operator's CA still checked", async () => {
    const proxy = await new TestProxy().start();
    try {
      const r = await getBranch(tlsSim, { HTTPS_PROXY: proxy.url, GITLAB_MCP_CA_FILE: CA });
      assert.equal(r.result.isError, undefined, r.text);
      assert.ok(proxy.seen.length >= 1 && proxy.seen.every((s) => s.method === "CONNECT" && s.target === `127.0.0.1:${new URL(tlsSim.url).port}`));
      const untrusted = await getBranch(tlsSim, { HTTPS_PROXY: proxy.url });
      assert.match(untrusted.text, /^branch\.get: TLS\/SSL handshake failed\. If using self-signed certificates/);
    } finally {
      proxy.close();
    }
  });

  it("proxy credentials in the URL are used and never shown; wrong ones get the proxy sentence", async () => {
    const proxy = await new TestProxy("alice:s3cr3t-pass").start();
    try {
      const withAuth = proxy.url.replace("http://", "http://alice:s3cr3t-pass@");
      const r = await getBranch(sim, { HTTP_PROXY: withAuth, GITLAB_MCP_LOG_LEVEL: "debug" });
      assert.equal(r.result.isError, undefined, r.text);
      assert.ok(proxy.seen.length > 0);
      assert.ok(!r.stderr.includes("s3cr3t-pass") && !JSON.stringify(r.result).includes("s3cr3t-pass"));
      const wrong = await getBranch(sim, { HTTP_PROXY: proxy.url.replace("http://", "http://alice:wrong@") });
      assert.equal(
        wrong.text,
        "branch.get: proxy authentication required: the proxy in HTTPS_PROXY or HTTP_PROXY refused the request. Check the credentials in its URL, or list GitLab's host in NO_PROXY",
      );
    } finally {
      proxy.close();
    }
  });

  it("an HTML page where the API should answer is named as a proxy or URL problem; GitLab's own 5xx pages keep their sentence", async () => {
    const html = { "content-type": "text/html; charset=utf-8" };
    for (const status of [200, 302, 404]) {
      sim.inject({ path: "/projects/42/repository/branches/main", status, body: "<html><body>Sign in to continue</body></html>", headers: html });
      const r = await getBranch(sim, {});
      assert.equal(
        r.text,
        "branch.get: an HTML page answered instead of GitLab's API: a proxy or sign-in page may be in the way (check HTTPS_PROXY and NO_PROXY), or GITLAB_URL does not point at GitLab",
        String(status),
      );
    }
    sim.inject({ path: "/projects/42/repository/branches", method: "POST", status: 503, body: "<html>maintenance</html>", headers: html });
    const conn = await connect({ sim });
    try {
      const r = await callAction(conn, "dynamic", "branch.create", { project_id: 42, branch_name: "x", ref: "main" });
      assert.equal(text(r), "branch.create: GitLab is under maintenance or overloaded (service unavailable): try again shortly");
    } finally {
      await conn.close();
    }
  });

  it("a proxy that cannot be reached is named as the problem, not GitLab", async () => {
    const closed = await new TestProxy().start();
    closed.close();
    const r = await getBranch(sim, { HTTP_PROXY: closed.url });
    assert.equal(r.text, "branch.get: the proxy could not be reached: check HTTPS_PROXY and HTTP_PROXY, or list GitLab's host in NO_PROXY");
  });
});
