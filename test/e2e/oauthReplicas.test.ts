// The authorization proxy on two replicas sharing one real redis-server (GITLAB_MCP_REDIS_URL): a sign-in
// that starts on one replica, comes back from GitLab to the other and is exchanged on the first works,
// and the token serves calls on either; Redis holds only hashed keys and sealed values. Skips without
// redis-server, as the replicas test does.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { Redis } from "ioredis";
import { GitLabSimulator } from "../sim/simulator.js";
import { post, startHttp, type HttpServer } from "../helpers/http.js";
import { freePort } from "./oauthServer.js";

const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
const APP = { uid: "replica-app", secret: "replica-app-secret", scopes: ["api", "read_api"] };
const REDIRECT = "http://127.0.0.1:47999/cb";

describe("OAuth proxy on replicas sharing Redis", { skip: hasRedis ? false : "redis-server is not installed" }, () => {
  let sim: GitLabSimulator;
  let a: HttpServer;
  let b: HttpServer;
  let redisUrl: string;
  let stopRedis: () => void;
  before(async () => {
    const port = await freePort();
    const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "ignore"] });
    await new Promise<void>((resolve) => child.stdout.on("data", (c: Buffer) => c.toString().includes("Ready to accept") && resolve()));
    stopRedis = () => child.kill("SIGTERM");
    redisUrl = `redis://127.0.0.1:${port}`;
    sim = await GitLabSimulator.start();
    // The public URL is replica A's: GitLab sends every person back there, as to a load balancer.
    const [portA, portB] = [await freePort(), await freePort()];
    const env = { GITLAB_URL: sim.url, GITLAB_MCP_AUTH_MODE: "oauth", GITLAB_MCP_PUBLIC_URL: `http://127.0.0.1:${portA}`, GITLAB_MCP_OAUTH_APP_ID: APP.uid, GITLAB_MCP_OAUTH_APP_SECRET: APP.secret, GITLAB_MCP_REDIS_URL: redisUrl, GITLAB_MCP_RATE_LIMIT_RPS: "0" };
    [a, b] = await Promise.all([startHttp(env, ["--http-addr", `127.0.0.1:${portA}`]), startHttp(env, ["--http-addr", `127.0.0.1:${portB}`])]);
    sim.oauth.addApplication({ ...APP, redirectUri: `http://127.0.0.1:${portA}/oauth/callback` });
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sim?.close();
    stopRedis?.();
  });

  it("registers on A, authorizes on B, comes back to A, exchanges on B, calls on both; Redis holds no secret", async () => {
    sim.oauth.signIn(31);
    const reg = await fetch(new URL("/oauth/register", a.url), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [REDIRECT] }) });
    const { client_id } = (await reg.json()) as { client_id: string };
    const verifier = "q".repeat(64);
    const authorize = new URL("/oauth/authorize", b.url);
    for (const [k, v] of Object.entries({ client_id, redirect_uri: REDIRECT, response_type: "code", state: "s1", code_challenge: createHash("sha256").update(verifier).digest("base64url"), code_challenge_method: "S256" })) authorize.searchParams.set(k, v);
    let url = authorize.href;
    let landed: URL | undefined;
    for (let hop = 0; hop < 4 && !landed; hop++) {
      const location = (await fetch(url, { redirect: "manual" })).headers.get("location")!;
      if (location.startsWith(REDIRECT)) landed = new URL(location);
      else url = location;
    }
    assert.ok(landed, "the sign-in came back through A's callback");
    const code = landed.searchParams.get("code")!;
    const token = await fetch(new URL("/oauth/token", b.url), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT, client_id }) });
    assert.equal(token.status, 200);
    const { access_token, refresh_token } = (await token.json()) as { access_token: string; refresh_token: string };
    const me = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "gitlab_execute_action", arguments: { action: "user.current", params: {} } } };
    for (const replica of [a, b]) {
      const res = await post(replica.url, { authorization: `Bearer ${access_token}` }, me);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /@user31\b/);
    }
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys("gitlab-mcp:oauth:*");
      assert.ok(keys.some((k) => k.startsWith("gitlab-mcp:oauth:access:")));
      const dump = [...keys, ...(await Promise.all(keys.map((k) => redis.get(k))))].join("\n");
      for (const secret of [access_token, refresh_token, code, APP.secret]) assert.ok(!dump.includes(secret), "a secret in Redis");
      for (const gitlab of dump.match(/[0-9a-f]{64}/g) ?? []) assert.ok(!sim.oauth.isActive(gitlab), "a GitLab token in Redis");
    } finally {
      redis.disconnect();
    }
  });
});
