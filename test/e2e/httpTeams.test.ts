// HTTP mode for teams through the built server: several GitLab instances chosen by the GITLAB-URL
// header (HTTP-15, HTTP-16), failure budgets per client address behind a trusted proxy (HTTP-22,
// HTTP-24), the SIGTERM drain (HTTP-29), and the validation of the new settings (CFG-6).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { CLI, SIM_TOKEN } from "../helpers/mcp.js";
import { getBranch, httpClient, post, startHttp } from "../helpers/http.js";

const seeded = async () => {
  const sim = await GitLabSimulator.start();
  sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
  sim.addBranch(42, { name: "main" });
  return sim;
};

describe("several GitLab instances (HTTP-15, HTTP-16)", () => {
  let a: GitLabSimulator;
  let b: GitLabSimulator;
  let unpublished: GitLabSimulator;
  before(async () => {
    [a, b, unpublished] = await Promise.all([seeded(), seeded(), seeded()]);
  });
  after(async () => {
    await Promise.all([a.close(), b.close(), unpublished.close()]);
  });

  it("with several published, GITLAB-URL is required, compared canonically, and an unpublished one is never contacted", async () => {
    const server = await startHttp({ GITLAB_URL: `${a.url}, ${b.url}/api/v4/` });
    try {
      const missing = await post(server.url, { "PRIVATE-TOKEN": SIM_TOKEN });
      assert.equal(missing.status, 400);
      const body = (await missing.json()) as { error: { code: number; message: string } };
      assert.equal(body.error.code, -32600);
      assert.match(body.error.message, /^GITLAB-URL header required/);
      const elsewhere = await post(server.url, { "PRIVATE-TOKEN": SIM_TOKEN, "GITLAB-URL": unpublished.url });
      assert.equal(elsewhere.status, 400);
      assert.equal(unpublished.log.length, 0, "nothing was sent to the unpublished instance");

      for (const sim of [a, b]) sim.clearLog();
      // The same token at both: verified and cached per instance.
      const toB = await httpClient(server.url, { "PRIVATE-TOKEN": SIM_TOKEN, "GITLAB-URL": `${b.url.replace("http://", "HTTP://")}/` });
      const toA = await httpClient(server.url, { "PRIVATE-TOKEN": SIM_TOKEN, "GITLAB-URL": `${a.url}/api/v4` });
      try {
        assert.equal((await getBranch(toB)).isError, undefined);
        assert.deepEqual(b.log.map((r) => r.rawPath), ["/api/v4/user", "/api/v4/personal_access_tokens/self", "/api/v4/projects/42/repository/branches/main"]);
        assert.equal(a.log.filter((r) => r.rawPath.includes("/branches/")).length, 0, "instance A served nothing of B's call");
        assert.equal((await getBranch(toA)).isError, undefined);
        assert.equal(a.log.filter((r) => r.rawPath === "/api/v4/user").length, 1, "admitted at A separately");
      } finally {
        await toA.close();
        await toB.close();
      }
    } finally {
      await server.stop();
    }
  });

  it("with one published, the header is ignored", async () => {
    const server = await startHttp({ GITLAB_URL: a.url, GITLAB_MCP_LOG_LEVEL: "debug" });
    try {
      const client = await httpClient(server.url, { "PRIVATE-TOKEN": SIM_TOKEN, "GITLAB-URL": unpublished.url });
      try {
        assert.equal((await getBranch(client)).isError, undefined);
      } finally {
        await client.close();
      }
      assert.equal(unpublished.log.length, 0);
      assert.match(server.stderr(), /GITLAB-URL header ignored/);
    } finally {
      await server.stop();
    }
  });
});

describe("failure budgets behind a trusted proxy (HTTP-22, HTTP-24)", () => {
  it("each forwarded client address has its own budget; the proxy's own address is not blamed", async () => {
    const sim = await seeded();
    const server = await startHttp({ GITLAB_URL: sim.url, GITLAB_MCP_AUTH_FAILURE_LIMIT: "2" }, ["--trusted-proxies", "127.0.0.1", "--trusted-proxy-header", "X-Forwarded-For"]);
    try {
      const from = (address: string, token: string) => post(server.url, { "PRIVATE-TOKEN": token, "x-forwarded-for": `${address}, 127.0.0.1` });
      assert.equal((await from("203.0.113.1", "glpat-bad-1")).status, 401);
      assert.equal((await from("203.0.113.1", "glpat-bad-2")).status, 401);
      const blocked = await from("203.0.113.1", "glpat-bad-3");
      assert.equal(blocked.status, 429);
      assert.ok(Number(blocked.headers.get("retry-after")) > 0);
      assert.equal((await from("203.0.113.2", "glpat-bad-4")).status, 401, "another client behind the same proxy may still try");
      assert.equal((await from("203.0.113.1", SIM_TOKEN)).status, 429, "a blocked address is refused before its credential is examined");
      assert.equal((await from("203.0.113.2", SIM_TOKEN)).status, 200);
      assert.ok(!server.stderr().includes("glpat-bad-1"), "refused tokens are not logged either");
    } finally {
      await server.stop();
      await sim.close();
    }
  });
});

describe("graceful drain on SIGTERM (HTTP-29)", () => {
  it("/health reports draining at once, a call in flight completes, new requests are refused, the process exits 0", async () => {
    const sim = await seeded();
    const server = await startHttp({ GITLAB_URL: sim.url, GITLAB_MCP_DRAIN_DELAY: "1500ms" });
    try {
      const client = await httpClient(server.url, { "PRIVATE-TOKEN": SIM_TOKEN });
      sim.inject({ method: "GET", path: "/projects/42/repository/branches/main", delayMs: 3500 });
      const slow = getBranch(client);
      for (let i = 0; i < 200 && !sim.log.some((r) => r.rawPath.endsWith("/branches/main")); i++) await new Promise((r) => setTimeout(r, 10));
      server.child.kill("SIGTERM");
      // The signal arrives asynchronously: poll until the process has seen it (well within the drain delay).
      let health = await fetch(new URL("/health", server.url));
      for (let i = 0; i < 100 && health.status === 200; i++) {
        await new Promise((r) => setTimeout(r, 5));
        health = await fetch(new URL("/health", server.url));
      }
      assert.equal(health.status, 503);
      assert.equal(((await health.json()) as { status: string }).status, "draining");
      assert.equal((await post(server.url, { "PRIVATE-TOKEN": SIM_TOKEN })).status, 200, "during the drain delay requests are still served");
      // After the drain delay a new request is refused (503 on a kept-alive connection, or no listener).
      let refused = false;
      for (let i = 0; i < 100 && !refused; i++) {
        refused = await post(server.url, { "PRIVATE-TOKEN": SIM_TOKEN }).then(
          (r) => r.status === 503,
          () => true,
        );
        if (!refused) await new Promise((r) => setTimeout(r, 50));
      }
      assert.ok(refused, "new requests are refused once the listener closes");
      const r = await slow;
      assert.equal(r.isError, undefined, "the call in flight finished");
      assert.equal((r.structuredContent as { name: string }).name, "main");
      const code = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve("still running"), 20_000).unref())]);
      assert.equal(code, 0);
      await client.close().catch(() => undefined);
    } finally {
      await server.stop();
      await sim.close();
    }
  });
});

describe("HTTP settings refuse bad values at start (CFG-6)", () => {
  const start = (env: Record<string, string>, args: string[] = ["--http"]) =>
    spawnSync(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? "", GITLAB_URL: "http://127.0.0.1:9", ...env }, encoding: "utf8", input: "", timeout: 10_000 });
  const cases: [Record<string, string>, string[], string][] = [
    [{ GITLAB_MCP_MAX_HTTP_CLIENTS: "0" }, ["--http"], "GITLAB_MCP_MAX_HTTP_CLIENTS=0 is not a whole number from 1 to 10,000"],
    [{ GITLAB_MCP_MAX_HTTP_CLIENTS: "10001" }, ["--http"], "GITLAB_MCP_MAX_HTTP_CLIENTS=10001 is not a whole number from 1 to 10,000"],
    [{ GITLAB_MCP_SESSION_REVALIDATE_INTERVAL: "25h" }, ["--http"], "GITLAB_MCP_SESSION_REVALIDATE_INTERVAL=25h is not a duration of at most 24h such as 90s, 15m or 1h30m (0 disables it)"],
    [{ GITLAB_MCP_POOL_IDLE_TIMEOUT: "0" }, ["--http"], "GITLAB_MCP_POOL_IDLE_TIMEOUT=0 is not a duration of at most 24h"],
    [{ GITLAB_MCP_DRAIN_DELAY: "6m" }, ["--http"], "GITLAB_MCP_DRAIN_DELAY=6m is not a duration of at most 5m"],
    [{ GITLAB_MCP_AUTH_FAILURE_WINDOW: "soon" }, ["--http"], "GITLAB_MCP_AUTH_FAILURE_WINDOW=soon is not a duration"],
    [{ GITLAB_MCP_AUTH_DISTINCT_TOKEN_LIMIT: "many" }, ["--http"], "GITLAB_MCP_AUTH_DISTINCT_TOKEN_LIMIT=many is not a whole number"],
    [{ GITLAB_MCP_REDIS_URL: "http://user:hunter2@cache:6379" }, ["--http"], "GITLAB_MCP_REDIS_URL is not a Redis URL: use redis://[user:password@]host:port[/db], or rediss:// for TLS"],
    [{}, ["--http", "--trusted-proxies", "10.0.0.5"], "--trusted-proxies and --trusted-proxy-header go together"],
    [{}, ["--http", "--trusted-proxies", "proxy.local", "--trusted-proxy-header", "X-Forwarded-For"], "--trusted-proxies entry proxy.local is not an IP address"],
    [{ GITLAB_URL: "" }, ["--http"], "GITLAB_URL is required in HTTP mode"],
    [{ GITLAB_URL: "https://a.example.com,https://b.example.com" }, [], "GITLAB_URL names 2 instances: stdio talks to one"],
  ];
  for (const [env, args, message] of cases) {
    it(`${JSON.stringify(env)} ${args.join(" ")}`, () => {
      const r = start(env, args);
      assert.equal(r.status, 1, r.stderr);
      assert.ok(r.stderr.includes(message), r.stderr);
      assert.ok(!r.stderr.includes("hunter2"), "a Redis password is never echoed");
    });
  }
});
