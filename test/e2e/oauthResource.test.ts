// OAuth mode as a resource server (HTTP-26..HTTP-28), through the built server and real clients against
// the simulator's GitLab OAuth provider: metadata, challenges, verification with its cache, scope
// narrowing, GitLab's dynamic-registration tokens, outages, and many people at once.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { CLI } from "../helpers/mcp.js";
import { post, type HttpServer } from "../helpers/http.js";
import { startOAuth } from "./oauthServer.js";

const me = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "gitlab_execute_action", arguments: { action: "user.current", params: {} } } };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The text of a JSON or SSE tools/call answer. */
async function callText(res: Response): Promise<string> {
  const raw = await res.text();
  const data = raw.startsWith("{") ? raw : (raw.split("\n").find((l) => l.startsWith("data: "))?.slice(6) ?? "{}");
  const body = JSON.parse(data) as { result?: { content?: { text?: string }[] }; error?: { message: string } };
  return body.result?.content?.[0]?.text ?? body.error?.message ?? "";
}

describe("OAuth mode: start-up (HTTP-26)", () => {
  it("refuses to start without GITLAB_MCP_PUBLIC_URL, naming it", () => {
    const r = spawnSync(process.execPath, [CLI, "--http"], { env: { PATH: process.env.PATH ?? "", GITLAB_URL: "https://gitlab.example.com", GITLAB_MCP_AUTH_MODE: "oauth" }, encoding: "utf8", timeout: 20_000 });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /GITLAB_MCP_AUTH_MODE=oauth needs GITLAB_MCP_PUBLIC_URL/);
  });

  it("refuses an http instance that is not loopback, and an unknown mode", () => {
    const base = { PATH: process.env.PATH ?? "", GITLAB_MCP_AUTH_MODE: "oauth", GITLAB_MCP_PUBLIC_URL: "https://mcp.example.com" };
    const plain = spawnSync(process.execPath, [CLI, "--http"], { env: { ...base, GITLAB_URL: "http://gitlab.example.com" }, encoding: "utf8", timeout: 20_000 });
    assert.equal(plain.status, 1);
    assert.match(plain.stderr, /uses http: OAuth mode sends people's tokens only to https instances/);
    const mode = spawnSync(process.execPath, [CLI, "--http"], { env: { ...base, GITLAB_URL: "https://gitlab.example.com", GITLAB_MCP_AUTH_MODE: "sso" }, encoding: "utf8", timeout: 20_000 });
    assert.equal(mode.status, 1);
    assert.match(mode.stderr, /GITLAB_MCP_AUTH_MODE=sso is not an authentication mode/);
  });
});

describe("OAuth mode: resource server (HTTP-26, HTTP-27, HTTP-28)", () => {
  let sim: GitLabSimulator;
  let other: GitLabSimulator;
  let server: HttpServer;
  before(async () => {
    [sim, other] = await Promise.all([GitLabSimulator.start(), GitLabSimulator.start()]);
    server = await startOAuth(sim);
  });
  after(async () => {
    await server.stop();
    await Promise.all([sim.close(), other.close()]);
  });

  it("HTTP-26: serves RFC 9728 metadata naming the GitLab instance", async () => {
    for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]) {
      const res = await fetch(new URL(path, server.url));
      assert.equal(res.status, 200);
      const doc = (await res.json()) as Record<string, unknown>;
      assert.equal(doc.resource, `${server.url.origin}/`);
      assert.deepEqual(doc.authorization_servers, [sim.url]);
      assert.deepEqual(doc.bearer_methods_supported, ["header"]);
      assert.deepEqual(doc.scopes_supported, ["api", "read_api"]);
    }
  });

  it("HTTP-27: no token is a 401 whose challenge names the metadata; PRIVATE-TOKEN is refused 401 without reaching GitLab", async () => {
    const none = await post(server.url, {});
    assert.equal(none.status, 401);
    assert.match(none.headers.get("www-authenticate") ?? "", new RegExp(`^Bearer .*resource_metadata="${server.url.origin}/\\.well-known/oauth-protected-resource"`));
    sim.clearLog();
    const pat = await post(server.url, { "PRIVATE-TOKEN": "glpat-simulator-token" });
    assert.equal(pat.status, 401);
    assert.match(pat.headers.get("www-authenticate") ?? "", /resource_metadata=/);
    assert.match(((await pat.json()) as { error_description: string }).error_description, /PRIVATE-TOKEN is not accepted: this server runs in OAuth mode/);
    assert.equal(sim.log.length, 0, "nothing reached GitLab");
  });

  it("HTTP-26: a person's OAuth token is verified (token/info, then /user) and every GitLab call goes as that person, by Bearer", async () => {
    const { access_token } = sim.oauth.issue(5, ["api"]);
    sim.clearLog();
    const client = new Client({ name: "oauth-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(server.url, { requestInit: { headers: bearer(access_token) } }));
    try {
      const r = (await client.callTool({ name: "gitlab_execute_action", arguments: { action: "user.current", params: {} } })) as CallToolResult;
      assert.equal(r.isError, undefined);
      assert.match((r.content[0] as { text: string }).text, /@user5\b/);
    } finally {
      await client.close();
    }
    assert.deepEqual(sim.log.slice(0, 2).map((r) => r.rawPath), ["/oauth/token/info", "/api/v4/user"]);
    const rest = sim.log.filter((r) => r.rawPath.startsWith("/api/v4/"));
    assert.ok(rest.length >= 2);
    for (const r of rest) {
      assert.equal(r.headers.authorization, `Bearer ${access_token}`);
      assert.equal(r.headers["private-token"], undefined);
    }
    assert.equal(rest.filter((r) => r.rawPath === "/api/v4/personal_access_tokens/self").length, 0, "an OAuth token's scopes come from token/info (SAF-25)");
  });

  it("SAF-26 over OAuth: a read_api token is narrowed to reads, nothing written reaches GitLab", async () => {
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
    const { access_token } = sim.oauth.issue(6, ["read_api"]);
    sim.clearLog();
    const res = await post(server.url, bearer(access_token), { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "gitlab_execute_action", arguments: { action: "branch.create", params: { project_id: 42, branch: "x", ref: "main" } } } });
    assert.equal(res.status, 200);
    assert.match(await callText(res), /not available to this session.*Reauthorize with the api scope/);
    assert.equal(sim.log.filter((r) => r.method === "POST").length, 0);
  });

  it("HTTP-27: a token of another instance is 401 invalid_token; the refusal is cached", async () => {
    const { access_token } = other.oauth.issue(1, ["api"]);
    const before = sim.oauth.calls.info;
    for (let i = 0; i < 2; i++) {
      const res = await post(server.url, bearer(access_token));
      assert.equal(res.status, 401);
      assert.match(res.headers.get("www-authenticate") ?? "", /error="invalid_token".*resource_metadata=/);
    }
    assert.equal(sim.oauth.calls.info - before, 1, "refusals are cached (5 minutes)");
    assert.equal(other.log.length, 0, "the other instance never saw its token");
  });

  it("HTTP-27: a token without read_api is 403 insufficient_scope", async () => {
    const { access_token } = sim.oauth.issue(7, ["read_user"]);
    const res = await post(server.url, bearer(access_token));
    assert.equal(res.status, 403);
    assert.match(res.headers.get("www-authenticate") ?? "", /error="insufficient_scope".*scope="read_api"/);
  });

  it("HTTP-28: a token of GitLab's dynamic registration (scope mcp) is refused 403 with the advice", async () => {
    const { access_token } = sim.oauth.issue(8, ["mcp"]);
    const res = await post(server.url, bearer(access_token));
    assert.equal(res.status, 403);
    const body = (await res.json()) as { error: string; error_description: string };
    assert.equal(body.error, "insufficient_scope");
    assert.match(body.error_description, /dynamic client registration \(scope mcp\).*Register an OAuth application in GitLab.*configure its client ID/);
  });

  it("HTTP-27: GitLab down is 503 with Retry-After and no challenge, never cached", async () => {
    const { access_token } = sim.oauth.issue(9, ["api"]);
    sim.inject({ path: "/oauth/token/info", status: 502 });
    const down = await post(server.url, bearer(access_token), me);
    assert.equal(down.status, 503);
    assert.ok(Number(down.headers.get("retry-after")) > 0);
    assert.equal(down.headers.get("www-authenticate"), null);
    const up = await post(server.url, bearer(access_token), me);
    assert.equal(up.status, 200);
    assert.match(await callText(up), /@user9\b/);
  });

  it("HTTP-12 over OAuth: 1,000 calls from 50 people at once, every answer is its caller's", async () => {
    const people = Array.from({ length: 50 }, (_, i) => ({ id: 100 + i, token: sim.oauth.issue(100 + i, ["api"]).access_token }));
    const answers = await Promise.all(
      people.map(async (p) => {
        const seen: string[] = [];
        for (let i = 0; i < 20; i++) seen.push(await callText(await post(server.url, bearer(p.token), me)));
        return { p, seen };
      }),
    );
    let calls = 0;
    for (const { p, seen } of answers) {
      for (const text of seen) {
        calls += 1;
        assert.match(text, new RegExp(`@user${p.id}\\b`), `user ${p.id} got: ${text.slice(0, 120)}`);
        for (const q of people) if (q.id !== p.id) assert.doesNotMatch(text, new RegExp(`@user${q.id}\\b`));
      }
    }
    assert.equal(calls, 1000);
  });

  it("ERR-20: no token appears in any log line at debug level", () => {
    const log = server.stderr();
    assert.match(log, /"level":"debug"|"level":"info"/);
    for (const m of log.matchAll(/[0-9a-f]{64}/g)) assert.ok(!sim.oauth.isActive(m[0]) && !other.oauth.isActive(m[0]), "an access token in the log");
  });
});

describe("OAuth mode under read-only (HTTP-26)", () => {
  it("advertises read_api only", async () => {
    const sim = await GitLabSimulator.start();
    const server = await startOAuth(sim, { GITLAB_MCP_READ_ONLY: "true" });
    try {
      const doc = (await (await fetch(new URL("/.well-known/oauth-protected-resource", server.url))).json()) as { scopes_supported: string[] };
      assert.deepEqual(doc.scopes_supported, ["read_api"]);
    } finally {
      await server.stop();
      await sim.close();
    }
  });
});
