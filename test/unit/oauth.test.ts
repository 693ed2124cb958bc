// OAuth mode's parts on a fake clock: the verifier's cache (HTTP-26, HTTP-27), the proxy's code expiry and
// redirect-URI rules, its store's sealing, and the settings' refusals (CFG-6).
import assert from "node:assert/strict";
import type { ServerResponse } from "node:http";
import { describe, it } from "node:test";
import { ResponseHeaders, type HttpAnswer } from "../../runtime/gitlab/transport.js";
import { Logger } from "../../runtime/log.js";
import { matchesRedirect, registerClient, type ClientRecord } from "../../runtime/http/oauth/clients.js";
import { parseOAuthSettings } from "../../runtime/http/oauth/settings.js";
import { keyOf, MemoryOAuthStore, seal, unseal } from "../../runtime/http/oauth/store.js";
import { TokenService, type CodeRecord } from "../../runtime/http/oauth/tokens.js";
import { REFUSAL_CACHE_MS, TokenVerifier } from "../../runtime/http/oauth/verify.js";
import { parseDuration } from "../../runtime/config.js";

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): HttpAnswer => {
  const text = JSON.stringify(body);
  return { status, headers: new ResponseHeaders(headers), text, bytes: text.length, raw: Buffer.from(text) };
};

/** A GitLab that knows `tokens` (value → scopes), counting its requests; `down` makes it answer 503. */
function fakeGitLab(tokens: Record<string, string[]>) {
  const state = { now: 0, asked: 0, down: false };
  const verifier = (capacity?: number) =>
    new TokenVerifier(
      {
        now: () => state.now,
        get: async (_instance, path, token) => {
          state.asked += 1;
          if (state.down) return answer(503, { message: "503" }, { "retry-after": "7" });
          const scopes = tokens[token];
          if (!scopes) return answer(401, { error: "invalid_token" });
          if (path === "/oauth/token/info") return answer(200, { resource_owner_id: 1, scope: scopes, expires_in: 7200, application: { uid: "app" } });
          return answer(200, { id: 1, username: `u-${token}` });
        },
      },
      { ttlMs: 15 * 60_000, clientUids: [], ...(capacity ? { capacity } : {}) },
    );
  return { state, verifier };
}

describe("TokenVerifier (HTTP-26, HTTP-27)", () => {
  it("asks GitLab once per token within the TTL, and again after it", async () => {
    const { state, verifier } = fakeGitLab({ a: ["api"] });
    const v = verifier();
    assert.equal((await v.check("a", "https://g")).kind, "ok");
    assert.equal((await v.check("a", "https://g")).kind, "ok");
    assert.equal(state.asked, 2, "token/info and /user, once");
    state.now += 15 * 60_000;
    await v.check("a", "https://g");
    assert.equal(state.asked, 4);
  });

  it("caches a refusal 5 minutes, an outage never", async () => {
    const { state, verifier } = fakeGitLab({ a: ["api"] });
    const v = verifier();
    assert.equal((await v.check("nope", "https://g")).kind, "invalid");
    await v.check("nope", "https://g");
    assert.equal(state.asked, 1);
    state.now += REFUSAL_CACHE_MS;
    await v.check("nope", "https://g");
    assert.equal(state.asked, 2);
    state.down = true;
    const down = await v.check("a", "https://g");
    assert.deepEqual(down, { kind: "outage", retryAfterS: 7 });
    state.down = false;
    assert.equal((await v.check("a", "https://g")).kind, "ok", "the outage was not remembered");
  });

  it("keeps at most its capacity of identities, least recently used out first", async () => {
    const { state, verifier } = fakeGitLab({ a: ["api"], b: ["api"], c: ["api"] });
    const v = verifier(2);
    await v.check("a", "https://g");
    await v.check("b", "https://g");
    await v.check("a", "https://g");
    await v.check("c", "https://g");
    assert.equal(v.size, 2);
    const asked = state.asked;
    await v.check("a", "https://g");
    assert.equal(state.asked, asked, "a was used recently and stayed");
    await v.check("b", "https://g");
    assert.equal(state.asked, asked + 2, "b was evicted");
  });

  it("tells a token of GitLab's dynamic registration and one without read_api apart", async () => {
    const { verifier } = fakeGitLab({ m: ["mcp"], u: ["read_user"] });
    const v = verifier();
    assert.equal((await v.check("m", "https://g")).kind, "mcp");
    assert.equal((await v.check("u", "https://g")).kind, "insufficient");
  });
});

/** A ServerResponse that records what was written. */
function recorder() {
  const out = { status: 0, body: "" };
  const res = {
    writeHead(status: number) {
      out.status = status;
      return res;
    },
    end(body?: string) {
      out.body = body ?? "";
      return res;
    },
  };
  return { out, res: res as unknown as ServerResponse };
}

describe("authorization proxy codes and clients", () => {
  const client: ClientRecord = { client_id: "c1", redirect_uris: ["http://127.0.0.1:9/cb"], token_endpoint_auth_method: "none", issued_at: 0 };

  it("an expired code is invalid_grant (codes live 60 s)", async () => {
    let now = 0;
    const store = new MemoryOAuthStore(() => now);
    const service = new TokenService(store, {} as never, {} as never, "https://g", new Logger("error"));
    const verifier = "v".repeat(43);
    const { createHash } = await import("node:crypto");
    const record: CodeRecord = { clientId: "c1", redirectUri: "http://127.0.0.1:9/cb", challenge: createHash("sha256").update(verifier).digest("base64url"), scope: "api", user: "u", gitlab: { access: "g", expiresAt: 1 } };
    await store.put(keyOf("code", "the-code"), seal("the-code", record), 60_000);
    now = 60_001;
    const { out, res } = recorder();
    const form = new URLSearchParams({ grant_type: "authorization_code", code: "the-code", code_verifier: verifier, redirect_uri: "http://127.0.0.1:9/cb", client_id: "c1" });
    await service.token(form, undefined, async (id) => (id === "c1" ? client : undefined), res);
    assert.equal(out.status, 400);
    assert.equal((JSON.parse(out.body) as { error: string }).error, "invalid_grant");
  });

  it("a sealed record opens only with its own secret", () => {
    const sealed = seal("secret-a", { gitlab: "glpat-x" });
    assert.ok(!sealed.includes("glpat-x"));
    assert.deepEqual(unseal("secret-a", sealed), { gitlab: "glpat-x" });
    assert.equal(unseal("secret-b", sealed), undefined);
    assert.notEqual(keyOf("access", "secret-a"), keyOf("access", "secret-b"));
    assert.ok(!keyOf("access", "secret-a").includes("secret-a"));
  });

  it("redirect URIs match exactly, but a loopback one on any port (RFC 8252)", () => {
    const registered = ["http://127.0.0.1:9/cb", "https://app.example.com/cb"];
    assert.ok(matchesRedirect(registered, "http://127.0.0.1:5555/cb"));
    assert.ok(!matchesRedirect(registered, "http://127.0.0.1:5555/other"));
    assert.ok(matchesRedirect(registered, "https://app.example.com/cb"));
    assert.ok(!matchesRedirect(registered, "https://app.example.com:444/cb"));
    assert.ok(!matchesRedirect(registered, "https://app.example.com/cb/"));
    assert.ok(!matchesRedirect(registered, ""));
  });

  it("registration refuses fragments, remote http and unknown grants; keeps only the secret's digest", () => {
    for (const bad of [{ redirect_uris: ["https://a.example/cb#x"] }, { redirect_uris: ["http://a.example/cb"] }, { redirect_uris: ["https://a.example/cb"], grant_types: ["implicit"] }, { redirect_uris: [] }]) {
      assert.ok("error" in registerClient(bad, "https://mcp"), JSON.stringify(bad));
    }
    const ok = registerClient({ redirect_uris: ["com.example.app:/cb"], token_endpoint_auth_method: "client_secret_post" }, "https://mcp");
    assert.ok(!("error" in ok));
    assert.ok(ok.secret && !JSON.stringify(ok.record).includes(ok.secret));
    assert.equal(ok.response.client_secret, ok.secret);
  });
});

describe("OAuth settings (CFG-6)", () => {
  const parse = (env: Record<string, string>) =>
    parseOAuthSettings(
      (_flag, variable) => env[variable],
      (message) => {
        throw new Error(message);
      },
      parseDuration,
    );

  it("reads the defaults and refuses what cannot work, naming the variable", () => {
    assert.deepEqual(parse({}), { mode: "legacy", cacheTtlMs: 900_000, clientUids: [] });
    assert.throws(() => parse({ GITLAB_MCP_AUTH_MODE: "oauth" }), /GITLAB_MCP_PUBLIC_URL/);
    assert.throws(() => parse({ GITLAB_MCP_AUTH_MODE: "oauth", GITLAB_MCP_PUBLIC_URL: "http://mcp.example.com" }), /uses http/);
    assert.throws(() => parse({ GITLAB_MCP_OAUTH_CACHE_TTL: "30s" }), /GITLAB_MCP_OAUTH_CACHE_TTL=30s is not a duration from 1m to 2h/);
    assert.throws(() => parse({ GITLAB_MCP_AUTH_MODE: "oauth", GITLAB_MCP_PUBLIC_URL: "https://m.example", GITLAB_MCP_OAUTH_APP_ID: "x" }), /go together/);
    const proxy = parse({ GITLAB_MCP_AUTH_MODE: "oauth", GITLAB_MCP_PUBLIC_URL: "https://m.example/mcp/", GITLAB_MCP_OAUTH_APP_ID: "x", GITLAB_MCP_OAUTH_APP_SECRET: "y", GITLAB_MCP_OAUTH_CLIENT_UID: "z" });
    assert.equal(proxy.publicUrl, "https://m.example/mcp");
    assert.deepEqual(proxy.clientUids, ["z", "x"], "the proxy's own application stays accepted");
  });
});
