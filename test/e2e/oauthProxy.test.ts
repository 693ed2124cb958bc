// OAuth mode's authorization proxy through the built server, real SDK clients of both eras and the
// simulator's GitLab OAuth provider over loopback: discovery, registration, sign-in, token, a call as that
// person, refresh after expiry, revocation; and the bad inputs of each endpoint.
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyHttp } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { post, type HttpServer } from "../helpers/http.js";
import { startOAuth } from "./oauthServer.js";

const APP = { uid: "proxy-app-uid", secret: "proxy-app-secret-value", scopes: ["api", "read_api"] };
const REDIRECT = "http://127.0.0.1:47123/callback";

/** An MCP client's OAuth state, as an assistant would keep it; `redirectToAuthorization` only records the URL. */
class Provider {
  client?: Record<string, unknown>;
  saved?: { access_token: string; refresh_token?: string };
  verifier = "";
  authorizationUrl?: URL;
  readonly states: string[] = [];
  constructor(readonly redirectUrl = REDIRECT) {}
  get clientMetadata() {
    return { client_name: "oauth-e2e", redirect_uris: [this.redirectUrl], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }
  state() {
    const s = randomBytes(16).toString("hex");
    this.states.push(s);
    return s;
  }
  clientInformation() {
    return this.client as { client_id: string } | undefined;
  }
  saveClientInformation(info: Record<string, unknown>) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: { access_token: string; refresh_token?: string }) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The person's browser: follows redirects from `start` until one goes to the client's redirect URI. */
async function browse(start: string | URL, redirect = REDIRECT): Promise<{ landed?: URL; status: number; text: string }> {
  let url = String(start);
  for (let hop = 0; hop < 6; hop++) {
    const res = await fetch(url, { redirect: "manual" });
    const location = res.headers.get("location");
    if (!location) return { status: res.status, text: await res.text() };
    if (location.startsWith(redirect)) return { landed: new URL(location), status: res.status, text: "" };
    url = new URL(location, url).href;
  }
  throw new Error("too many redirects");
}

const userCurrent = { name: "gitlab_execute_action", arguments: { action: "user.current", params: {} } };
const textOf = (r: unknown) => ((r as { content: { text?: string }[] }).content[0]?.text ?? "") as string;

describe("OAuth authorization proxy (§9.10): the whole flow through SDK clients of both eras", () => {
  let sim: GitLabSimulator;
  let server: HttpServer;
  const secrets: string[] = [APP.secret];
  before(async () => {
    sim = await GitLabSimulator.start();
    server = await startOAuth(sim, { GITLAB_MCP_OAUTH_APP_ID: APP.uid, GITLAB_MCP_OAUTH_APP_SECRET: APP.secret, GITLAB_MCP_AUTH_FAILURE_LIMIT: "1000" });
    sim.oauth.addApplication({ ...APP, redirectUri: `${server.url.origin}/oauth/callback` });
  });
  after(async () => {
    await server.stop();
    await sim.close();
  });

  for (const era of ["modern", "legacy"] as const) {
    it(`${era}: discovery, registration, sign-in, token, a call as that person, refresh after expiry, revocation then 401 invalid_token`, async () => {
      const userId = era === "modern" ? 21 : 22;
      sim.oauth.signIn(userId);
      sim.oauth.accessTtlS = 3;
      const provider = new Provider();
      const connect = async () => {
        if (era === "modern") {
          const transport = new StreamableHTTPClientTransport(server.url, { authProvider: provider as never });
          const client = new Client({ name: "oauth-e2e", version: "1" });
          await client.connect(transport);
          return { call: () => client.callTool(userCurrent), close: () => client.close(), finish: undefined };
        }
        const transport = new LegacyHttp(server.url, { authProvider: provider as never });
        const client = new LegacyClient({ name: "oauth-e2e", version: "1" });
        await client.connect(transport);
        return { call: () => client.callTool(userCurrent), close: () => client.close(), finish: undefined };
      };
      // 1. The first connection is refused; the client discovers, registers and sends the person to sign in.
      const modernTransport = new StreamableHTTPClientTransport(server.url, { authProvider: provider as never });
      const legacyTransport = new LegacyHttp(server.url, { authProvider: provider as never });
      const first = era === "modern" ? new Client({ name: "oauth-e2e", version: "1" }).connect(modernTransport) : new LegacyClient({ name: "oauth-e2e", version: "1" }).connect(legacyTransport);
      await assert.rejects(first, /nauthorized/);
      assert.ok(provider.client?.client_id, "registered through RFC 7591");
      assert.ok(provider.authorizationUrl?.href.startsWith(`${server.url.origin}/oauth/authorize?`));
      assert.equal(provider.authorizationUrl!.searchParams.get("code_challenge_method"), "S256");
      // 2. The browser: this server, GitLab (auto-consent as the signed-in user), back to the client.
      const { landed } = await browse(provider.authorizationUrl!);
      assert.ok(landed, "the browser came back to the client");
      assert.equal(landed.searchParams.get("state"), provider.states.at(-1));
      secrets.push(landed.searchParams.get("code")!);
      if (era === "modern") await modernTransport.finishAuth(landed.searchParams);
      else await legacyTransport.finishAuth(landed.searchParams.get("code")!);
      assert.ok(provider.saved?.access_token.startsWith("gmat_"), "a token of this server's own, not GitLab's");
      secrets.push(provider.saved!.access_token, provider.saved!.refresh_token!);
      // 3. A call as that person.
      const session = await connect();
      try {
        assert.match(textOf(await session.call()), new RegExp(`@user${userId}\\b`));
        // 4. GitLab's token expires: the client is told invalid_token, refreshes, and the call goes through.
        const before = provider.saved!.access_token;
        await new Promise((r) => setTimeout(r, 3500));
        assert.match(textOf(await session.call()), new RegExp(`@user${userId}\\b`));
        assert.notEqual(provider.saved!.access_token, before, "refreshed");
        secrets.push(provider.saved!.access_token, provider.saved!.refresh_token!);
      } finally {
        await session.close();
      }
      // 5. Revocation at this server ends the pair here and at GitLab.
      const revoked = provider.saved!.access_token;
      const res = await fetch(new URL("/oauth/revoke", server.url), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: revoked, client_id: String(provider.client!.client_id) }) });
      assert.equal(res.status, 200);
      const after = await post(server.url, { authorization: `Bearer ${revoked}` });
      assert.equal(after.status, 401);
      assert.match(after.headers.get("www-authenticate") ?? "", /error="invalid_token"/);
      sim.oauth.accessTtlS = 7200;
    });
  }

  it("ERR-20: no token, code or secret in any log line at debug level", () => {
    const log = server.stderr();
    assert.match(log, /"level":"debug"/);
    assert.match(log, /signed in with GitLab/);
    for (const s of secrets) assert.ok(!log.includes(s), `a secret (${s.slice(0, 5)}…) is in the log`);
  });
});

describe("OAuth authorization proxy: bad input", () => {
  let sim: GitLabSimulator;
  let server: HttpServer;
  let clientId: string;
  const origin = () => server.url.origin;
  const challengeOf = (v: string) => createHash("sha256").update(v).digest("base64url");
  const verifier = "v".repeat(50);
  const authorizeUrl = (over: Record<string, string | undefined> = {}) => {
    const params: Record<string, string | undefined> = { client_id: clientId, redirect_uri: REDIRECT, response_type: "code", code_challenge: challengeOf(verifier), code_challenge_method: "S256", state: "st-1", ...over };
    const url = new URL("/oauth/authorize", origin());
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
    return url;
  };
  const exchange = (code: string, over: Record<string, string> = {}) =>
    fetch(new URL("/oauth/token", origin()), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: clientId, ...over }) });
  const codeFor = async () => (await browse(authorizeUrl())).landed!.searchParams.get("code")!;

  before(async () => {
    sim = await GitLabSimulator.start();
    server = await startOAuth(sim, { GITLAB_MCP_OAUTH_APP_ID: APP.uid, GITLAB_MCP_OAUTH_APP_SECRET: APP.secret, GITLAB_MCP_AUTH_FAILURE_LIMIT: "1000" });
    sim.oauth.addApplication({ ...APP, redirectUri: `${server.url.origin}/oauth/callback` });
    const reg = await fetch(new URL("/oauth/register", origin()), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }) });
    assert.equal(reg.status, 201);
    clientId = ((await reg.json()) as { client_id: string }).client_id;
  });
  after(async () => {
    await server.stop();
    await sim.close();
  });

  it("RFC 8414 metadata: S256 only, registration offered", async () => {
    const doc = (await (await fetch(new URL("/.well-known/oauth-authorization-server", origin()))).json()) as Record<string, unknown>;
    assert.equal(doc.issuer, origin());
    assert.deepEqual(doc.code_challenge_methods_supported, ["S256"]);
    assert.equal(doc.registration_endpoint, `${origin()}/oauth/register`);
    const prm = (await (await fetch(new URL("/.well-known/oauth-protected-resource", origin()))).json()) as Record<string, unknown>;
    assert.deepEqual(prm.authorization_servers, [origin()], "the proxy is the authorization server");
  });

  it("registration refuses a redirect URI on plain http elsewhere than loopback", async () => {
    const res = await fetch(new URL("/oauth/register", origin()), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: ["http://evil.example.com/cb"] }) });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { error: string }).error, "invalid_redirect_uri");
  });

  it("authorize: an unknown client and a wrong redirect URI get a page, never a redirect", async () => {
    const before = sim.oauth.calls.authorize;
    const unknown = await fetch(authorizeUrl({ client_id: "nobody" }), { redirect: "manual" });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.headers.get("location"), null);
    const wrong = await fetch(authorizeUrl({ redirect_uri: "https://evil.example.com/cb" }), { redirect: "manual" });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.headers.get("location"), null);
    assert.equal(sim.oauth.calls.authorize, before, "GitLab was not asked");
  });

  it("authorize: a loopback redirect URI may come back on another port (RFC 8252)", async () => {
    const other = "http://127.0.0.1:50999/callback";
    const res = await browse(authorizeUrl({ redirect_uri: other }), other);
    assert.ok(res.landed?.searchParams.get("code"));
  });

  it("authorize: PKCE S256 and state are required", async () => {
    for (const over of [{ code_challenge: undefined }, { code_challenge_method: "plain" }, { state: undefined }]) {
      const res = await fetch(authorizeUrl(over), { redirect: "manual" });
      assert.equal(res.status, 302);
      const back = new URL(res.headers.get("location")!);
      assert.ok(back.href.startsWith(REDIRECT));
      assert.equal(back.searchParams.get("error"), "invalid_request");
    }
  });

  it("token: a PKCE mismatch is invalid_grant and burns the code", async () => {
    const code = await codeFor();
    const bad = await exchange(code, { code_verifier: "w".repeat(50) });
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { error: string }).error, "invalid_grant");
    const again = await exchange(code);
    assert.equal(again.status, 400, "the code was used");
  });

  it("token: a replayed code is invalid_grant", async () => {
    const code = await codeFor();
    const ok = await exchange(code);
    assert.equal(ok.status, 200);
    const body = (await ok.json()) as { access_token: string; token_type: string; expires_in: number };
    assert.equal(body.token_type, "Bearer");
    const replay = await exchange(code);
    assert.equal(replay.status, 400);
    assert.equal(((await replay.json()) as { error: string }).error, "invalid_grant");
  });

  it("token: a wrong redirect URI and an unknown client are refused", async () => {
    const code = await codeFor();
    const wrong = await exchange(code, { redirect_uri: "http://127.0.0.1:1/other" });
    assert.equal(((await wrong.json()) as { error: string }).error, "invalid_grant");
    const unknown = await exchange(await codeFor(), { client_id: "nobody" });
    assert.equal(unknown.status, 401);
    assert.equal(((await unknown.json()) as { error: string }).error, "invalid_client");
  });

  it("a token this server did not issue, nor GitLab, is 401 invalid_token", async () => {
    const res = await post(server.url, { authorization: "Bearer gmat_forged" });
    assert.equal(res.status, 401);
    assert.match(res.headers.get("www-authenticate") ?? "", /error="invalid_token"/);
  });
});
