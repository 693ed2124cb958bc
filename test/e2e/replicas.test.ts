// Several replicas (README "Running several replicas"): two server processes sharing one real
// redis-server share one rate-limit budget per credential (RES-14) and one authentication failure
// budget per address (HTTP-22); without Redis each process keeps its own; a Redis outage does not
// take a replica down. Redis runs on a free loopback port, without persistence, and is stopped at the end.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { spawnSync } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { Redis } from "ioredis";
import { GitLabSimulator } from "../sim/simulator.js";
import { SIM_TOKEN } from "../helpers/mcp.js";
import { getBranch, httpClient, post, startHttp, type HttpServer } from "../helpers/http.js";

const REFUSED = "rate limit exceeded for gitlab_execute_action. Wait a moment and retry, or raise GITLAB_MCP_RATE_LIMIT_RPS if this is sustained traffic.";

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startRedis(): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"], { stdio: ["ignore", "pipe", "pipe"] });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("Ready to accept connections")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
    // Not installed: fail at once with the reason rather than wait for a start that never comes.
    child.once("error", (e) => reject(new Error(`redis-server could not start (${e.message}); .ci/run installs Debian's redis-server`)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    url: `redis://127.0.0.1:${port}`,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Tool calls on the given replicas in turn, each from a fresh client with this token; true when served. */
async function calls(token: string, replicas: HttpServer[]): Promise<boolean[]> {
  const out: boolean[] = [];
  for (const replica of replicas) {
    const client = await httpClient(replica.url, { "PRIVATE-TOKEN": token });
    try {
      const r = await getBranch(client);
      if (r.isError) assert.equal((r.content[0] as { text: string }).text, REFUSED);
      out.push(r.isError !== true);
    } finally {
      await client.close();
    }
  }
  return out;
}

// .ci/run installs Debian's redis-server; elsewhere the replica tests skip and say why, rather than fail.
const redisMissing = spawnSync("redis-server", ["--version"]).error ? "redis-server is not installed (apt-get install redis-server; .ci/run installs it)" : false;
if (redisMissing) process.stderr.write(`replica tests skipped: ${redisMissing}\n`);

describe("several replicas", { skip: redisMissing }, () => {
  let sim: GitLabSimulator;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const env = (extra: Record<string, string> = {}) => ({ GITLAB_URL: sim.url, GITLAB_MCP_RATE_LIMIT_RPS: "0.01", GITLAB_MCP_RATE_LIMIT_BURST: "5", GITLAB_MCP_AUTH_FAILURE_LIMIT: "3", ...extra });
  before(async () => {
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api"] }, "glpat-without-redis": { scopes: ["api"] } } });
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
    redis = await startRedis();
  });
  // A fixture that never finished starting is not there to stop: cleanup never throws on it.
  after(async () => {
    await redis?.stop();
    await sim?.close();
  });

  it("with Redis, two replicas share one rate-limit budget and one failure budget; keys are namespaced and expire", async () => {
    const one = await startHttp(env({ GITLAB_MCP_REDIS_URL: redis.url }));
    const two = await startHttp(env({ GITLAB_MCP_REDIS_URL: redis.url }));
    try {
      // Burst 5 across both: the sixth call is refused whichever replica it reaches.
      assert.deepEqual(await calls(SIM_TOKEN, [one, two, one, two, one]), [true, true, true, true, true]);
      assert.deepEqual(await calls(SIM_TOKEN, [two, one]), [false, false]);
      // Failure limit 3 across both: the fourth attempt from this address is refused before GitLab is asked.
      for (const [i, replica] of [one, two, one].entries()) assert.equal((await post(replica.url, { "PRIVATE-TOKEN": `glpat-wrong-${i}` })).status, 401);
      sim.clearLog();
      const blocked = await post(two.url, { "PRIVATE-TOKEN": "glpat-wrong-3" });
      assert.equal(blocked.status, 429);
      assert.match(blocked.headers.get("retry-after") ?? "", /^\d+$/);
      assert.equal(((await blocked.json()) as { error: { code: number } }).error.code, -42900);
      assert.equal(sim.log.length, 0, "GitLab was not asked");
      const keys = new Redis(redis.url);
      try {
        const all = await keys.keys("*");
        assert.ok(all.length > 0 && all.every((k) => k.startsWith("gitlab-mcp:")), all.join(" "));
        for (const k of all) assert.ok((await keys.pttl(k)) > 0, `${k} expires`);
        assert.ok(!all.some((k) => k.includes("glpat")), "no key holds a token");
      } finally {
        keys.disconnect();
      }
      assert.match(one.stderr(), /connected to Redis/);
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  it("with Redis, distinct refused credentials across replicas block the address for a minute, then longer", async () => {
    const admin = new Redis(redis.url);
    await admin.flushall();
    const one = await startHttp(env({ GITLAB_MCP_REDIS_URL: redis.url, GITLAB_MCP_AUTH_FAILURE_LIMIT: "100", GITLAB_MCP_AUTH_DISTINCT_TOKEN_LIMIT: "2" }));
    const two = await startHttp(env({ GITLAB_MCP_REDIS_URL: redis.url, GITLAB_MCP_AUTH_FAILURE_LIMIT: "100", GITLAB_MCP_AUTH_DISTINCT_TOKEN_LIMIT: "2" }));
    try {
      assert.equal((await post(one.url, { "PRIVATE-TOKEN": "glpat-guess-1" })).status, 401);
      assert.equal((await post(two.url, { "PRIVATE-TOKEN": "glpat-guess-2" })).status, 401);
      const blocked = await post(one.url, { "PRIVATE-TOKEN": SIM_TOKEN });
      assert.equal(blocked.status, 429);
      assert.ok(Number(blocked.headers.get("retry-after")) > 50 && Number(blocked.headers.get("retry-after")) <= 60, "first strike: a minute");
      // The second strike, once the first block is over, is ten minutes.
      await admin.del("gitlab-mcp:auth:{127.0.0.1}:block");
      assert.equal((await post(two.url, { "PRIVATE-TOKEN": "glpat-guess-3" })).status, 401);
      assert.equal((await post(one.url, { "PRIVATE-TOKEN": "glpat-guess-4" })).status, 401);
      const again = await post(two.url, { "PRIVATE-TOKEN": SIM_TOKEN });
      assert.equal(again.status, 429);
      assert.ok(Number(again.headers.get("retry-after")) > 590, "second strike: ten minutes");
      assert.equal(await admin.get("gitlab-mcp:auth:{127.0.0.1}:strikes"), "2");
    } finally {
      admin.disconnect();
      await one.stop();
      await two.stop();
    }
  });

  it("without Redis, each process has its own budgets", async () => {
    const one = await startHttp(env());
    const two = await startHttp(env());
    try {
      assert.deepEqual(await calls("glpat-without-redis", [one, one, one, one, one]), [true, true, true, true, true]);
      assert.deepEqual(await calls("glpat-without-redis", [one, two]), [false, true], "the other process has its own bucket");
      for (let i = 0; i < 3; i++) assert.equal((await post(one.url, { "PRIVATE-TOKEN": `glpat-wrong-local-${i}` })).status, 401);
      assert.equal((await post(one.url, { "PRIVATE-TOKEN": "glpat-wrong-local-3" })).status, 429);
      assert.equal((await post(two.url, { "PRIVATE-TOKEN": "glpat-wrong-local-3" })).status, 401, "the other process has its own failure budget");
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  it("a Redis outage does not take a replica down: it keeps serving on its own memory and says so", async () => {
    const one = await startHttp(env({ GITLAB_MCP_REDIS_URL: redis.url, GITLAB_MCP_RATE_LIMIT_BURST: "40" }));
    try {
      await redis.stop();
      assert.deepEqual(await calls(SIM_TOKEN, [one, one]), [true, true]);
      assert.equal((await post(one.url, { "PRIVATE-TOKEN": "glpat-wrong-during-outage" })).status, 401);
      assert.match(one.stderr(), /"level":"warn","msg":"Redis is unreachable/);
    } finally {
      await one.stop();
    }
  });
});
