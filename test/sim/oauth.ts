// GitLab's OAuth 2 provider (Doorkeeper; doc/api/oauth2.md), enough for an MCP server to sign people in:
// - GET  /oauth/authorize   authorization code flow, auto-consenting as the simulator's signed-in user
//                           (`sim.oauth.signIn(userId)`, default 1); PKCE S256 when a challenge is sent;
//                           an unknown client or an unregistered redirect_uri gets an error page, other
//                           errors go back to the redirect URI.
// - POST /oauth/token       authorization_code (client secret for a confidential app, redirect_uri as
//                           at authorize, code_verifier against the challenge, a code used once and
//                           within 10 minutes) and refresh_token (the old pair is invalidated).
// - GET  /oauth/token/info  {resource_owner_id, scope, expires_in, application: {uid}, created_at}
//                           plus the deprecated aliases scopes and expires_in_seconds.
// - POST /oauth/revoke      RFC 7009: 200 {} whatever the token.
// - GET  /.well-known/oauth-authorization-server  RFC 8414 metadata.
// Access tokens work on the REST API as their user (Authorization: Bearer), through the same token table
// as personal access tokens; an expired or revoked one gets GitLab's invalid_token answers.
import { createHash, randomBytes } from "node:crypto";
import { ApiError } from "./errors.js";
import type { RestResult, Router } from "./router.js";
import type { SimState } from "./state.js";

export interface SimOAuthApp {
  uid: string;
  secret: string;
  redirectUri: string;
  scopes: string[];
  /** Default true: the token endpoint needs the secret. */
  confidential?: boolean;
}

interface Grant {
  appUid: string;
  userId: number;
  redirectUri: string;
  scopes: string[];
  challenge?: string;
  expiresAt: number;
}

interface AccessToken {
  appUid: string;
  userId: number;
  scopes: string[];
  createdAt: number;
  expiresAt: number | null;
  refresh?: string;
  revoked: boolean;
}

const CODE_TTL_MS = 600_000;
const INVALID_GRANT =
  "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.";
const random = () => randomBytes(32).toString("hex");

/** The OAuth side of one simulator (sim.oauth). */
export class SimOAuth {
  readonly apps = new Map<string, SimOAuthApp>();
  private readonly grants = new Map<string, Grant>();
  private readonly tokens = new Map<string, AccessToken>();
  private readonly refreshTokens = new Map<string, string>();
  /** Who is signed in to GitLab in the browser: authorize consents as this user. */
  private userId = 1;
  /** Lifetime of new access tokens, in seconds (GitLab: 7200). */
  accessTtlS = 7200;
  /** Counts of the requests each endpoint answered, for tests that check what reached GitLab. */
  readonly calls = { authorize: 0, token: 0, info: 0, revoke: 0 };

  constructor(private readonly state: SimState) {}

  addApplication(app: SimOAuthApp): void {
    this.apps.set(app.uid, { confidential: true, ...app });
  }

  signIn(userId: number): void {
    this.state.ensureUser(userId);
    this.userId = userId;
  }

  /** Mints a token pair as if the user had signed in to the application (default app "sim-app"). */
  issue(userId: number, scopes: string[], appUid = "sim-app"): { access_token: string; refresh_token: string; expires_in: number } {
    return this.mint(appUid, userId, scopes);
  }

  /** Whether GitLab still accepts an access token. */
  isActive(value: string): boolean {
    const t = this.tokens.get(value);
    return !!t && !t.revoked && (t.expiresAt === null || t.expiresAt > Date.now());
  }

  private mint(appUid: string, userId: number, scopes: string[]): { access_token: string; refresh_token: string; expires_in: number; token_type: string; scope: string; created_at: number } {
    const access = random();
    const refresh = random();
    const now = Date.now();
    this.tokens.set(access, { appUid, userId, scopes, createdAt: now, expiresAt: now + this.accessTtlS * 1000, refresh, revoked: false });
    this.refreshTokens.set(refresh, access);
    this.state.addToken(access, { scopes, userId, name: `oauth:${appUid}` });
    // REST reads expiry by date: the token is marked expired when its time comes.
    setTimeout(() => this.expire(access), this.accessTtlS * 1000).unref();
    return { access_token: access, token_type: "Bearer", expires_in: this.accessTtlS, refresh_token: refresh, scope: scopes.join(" "), created_at: Math.floor(now / 1000) };
  }

  private expire(access: string): void {
    const record = this.state.tokens.get(access);
    if (record) record.expiresAt = "2000-01-01";
  }

  private revokeAccess(access: string): void {
    const t = this.tokens.get(access);
    if (!t) return;
    t.revoked = true;
    if (t.refresh) this.refreshTokens.delete(t.refresh);
    const record = this.state.tokens.get(access);
    if (record) record.revoked = true;
  }

  /** The application authenticated by client_id and client_secret (body or Basic), or undefined. */
  private client(params: Record<string, unknown>, headers: Record<string, string | string[] | undefined>): SimOAuthApp | undefined {
    let id = typeof params.client_id === "string" ? params.client_id : "";
    let secret = typeof params.client_secret === "string" ? params.client_secret : undefined;
    const basic = /^Basic\s+(\S+)$/i.exec(typeof headers.authorization === "string" ? headers.authorization : "");
    if (basic) [id, secret] = Buffer.from(basic[1], "base64").toString("utf8").split(":").map(decodeURIComponent);
    const app = this.apps.get(id);
    if (!app) return undefined;
    return app.confidential && secret !== app.secret ? undefined : app;
  }

  authorize(q: Record<string, unknown>): RestResult {
    this.calls.authorize += 1;
    const app = this.apps.get(String(q.client_id ?? ""));
    if (!app) return { status: 401, body: "An error has occurred: Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method." };
    const redirect = String(q.redirect_uri ?? "");
    if (redirect !== app.redirectUri) return { status: 400, body: "An error has occurred: The redirect URI included is not valid." };
    const back = (params: Record<string, string>) => {
      const url = new URL(redirect);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      if (typeof q.state === "string") url.searchParams.set("state", q.state);
      return { status: 302, headers: { location: String(url) } };
    };
    if (q.response_type !== "code") return back({ error: "unsupported_response_type", error_description: "The authorization server does not support this response type." });
    const scopes = String(q.scope ?? app.scopes.join(" ")).split(/[ +]/).filter((s) => s !== "");
    if (scopes.some((s) => !app.scopes.includes(s))) return back({ error: "invalid_scope", error_description: "The requested scope is invalid, unknown, or malformed." });
    if (q.code_challenge !== undefined && q.code_challenge_method !== "S256") return back({ error: "invalid_request", error_description: "The code challenge method must be S256." });
    const code = random();
    this.grants.set(code, { appUid: app.uid, userId: this.userId, redirectUri: redirect, scopes, ...(typeof q.code_challenge === "string" ? { challenge: q.code_challenge } : {}), expiresAt: Date.now() + CODE_TTL_MS });
    return back({ code });
  }

  token(params: Record<string, unknown>, headers: Record<string, string | string[] | undefined>): RestResult {
    this.calls.token += 1;
    const app = this.client(params, headers);
    if (!app) return { status: 401, body: { error: "invalid_client", error_description: "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method." } };
    const invalid = { status: 400, body: { error: "invalid_grant", error_description: INVALID_GRANT } };
    if (params.grant_type === "authorization_code") {
      const code = String(params.code ?? "");
      const grant = this.grants.get(code);
      this.grants.delete(code);
      if (!grant || grant.appUid !== app.uid || grant.expiresAt <= Date.now() || params.redirect_uri !== grant.redirectUri) return invalid;
      if (grant.challenge !== undefined) {
        const verifier = String(params.code_verifier ?? "");
        if (createHash("sha256").update(verifier).digest("base64url") !== grant.challenge) return invalid;
      }
      return { status: 200, body: this.mint(app.uid, grant.userId, grant.scopes) };
    }
    if (params.grant_type === "refresh_token") {
      const access = this.refreshTokens.get(String(params.refresh_token ?? ""));
      const old = access === undefined ? undefined : this.tokens.get(access);
      if (!old || old.appUid !== app.uid) return invalid;
      this.revokeAccess(access!);
      return { status: 200, body: this.mint(app.uid, old.userId, old.scopes) };
    }
    return { status: 400, body: { error: "unsupported_grant_type", error_description: "The authorization grant type is not supported by the authorization server." } };
  }

  info(params: Record<string, unknown>, headers: Record<string, string | string[] | undefined>): RestResult {
    this.calls.info += 1;
    const bearer = /^Bearer\s+(\S+)$/i.exec(typeof headers.authorization === "string" ? headers.authorization : "")?.[1];
    const value = bearer ?? (typeof params.access_token === "string" ? params.access_token : "");
    const t = this.tokens.get(value);
    if (!t || !this.isActive(value)) {
      return { status: 401, body: { error: "invalid_token", error_description: "The access token is invalid" }, headers: { "www-authenticate": 'Bearer realm="Doorkeeper", error="invalid_token", error_description="The access token is invalid"' } };
    }
    const expiresIn = t.expiresAt === null ? null : Math.max(0, Math.floor((t.expiresAt - Date.now()) / 1000));
    return {
      status: 200,
      body: { resource_owner_id: t.userId, scope: t.scopes, expires_in: expiresIn, application: { uid: t.appUid }, created_at: Math.floor(t.createdAt / 1000), scopes: t.scopes, expires_in_seconds: expiresIn },
      headers: { "cache-control": "no-store" },
    };
  }

  revoke(params: Record<string, unknown>, headers: Record<string, string | string[] | undefined>): RestResult {
    this.calls.revoke += 1;
    if (!this.client(params, headers)) return { status: 403, body: { error: "unauthorized_client", error_description: "You are not authorized to revoke this token" } };
    const value = String(params.token ?? "");
    const access = this.tokens.has(value) ? value : this.refreshTokens.get(value);
    if (access !== undefined) this.revokeAccess(access);
    return { status: 200, body: {} };
  }
}

const simulators = new WeakMap<SimState, SimOAuth>();

/** The OAuth provider of a simulator's state. */
export function oauthOf(state: SimState): SimOAuth {
  let o = simulators.get(state);
  if (!o) simulators.set(state, (o = new SimOAuth(state)));
  return o;
}

/** Registers GitLab's OAuth endpoints (outside /api/v4). */
export function registerOAuthRoutes(router: Router): void {
  router.addWeb(({ method, rawPath, params, headers, state, origin }) => {
    const o = oauthOf(state);
    const p = params as Record<string, unknown>;
    if (rawPath === "/oauth/authorize" && method === "GET") return o.authorize(p);
    if (rawPath === "/oauth/token" && method === "POST") return o.token(p, headers);
    if (rawPath === "/oauth/token/info" && method === "GET") return o.info(p, headers);
    if (rawPath === "/oauth/revoke" && method === "POST") return o.revoke(p, headers);
    if (rawPath === "/.well-known/oauth-authorization-server" && method === "GET") {
      return {
        status: 200,
        body: {
          issuer: origin,
          authorization_endpoint: `${origin}/oauth/authorize`,
          token_endpoint: `${origin}/oauth/token`,
          revocation_endpoint: `${origin}/oauth/revoke`,
          introspection_endpoint: `${origin}/oauth/introspect`,
          userinfo_endpoint: `${origin}/oauth/userinfo`,
          scopes_supported: ["api", "read_api", "read_user", "read_repository", "write_repository", "openid", "profile", "email"],
          response_types_supported: ["code"],
          grant_types_supported: ["authorization_code", "password", "client_credentials", "refresh_token"],
          token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
          code_challenge_methods_supported: ["plain", "S256"],
        },
      };
    }
    if (rawPath.startsWith("/oauth/")) throw new ApiError(404, "Not Found");
    return undefined;
  });
}
