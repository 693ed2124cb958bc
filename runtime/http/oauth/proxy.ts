// The authorization proxy (optional part of OAuth mode): for clients that can only register themselves
// (RFC 7591), this server is their authorization server (RFC 8414 metadata, registration, authorize,
// token, revoke) and signs people in with the one GitLab OAuth application the operator configured
// (GITLAB_MCP_OAUTH_APP_ID/_SECRET, callback <public URL>/oauth/callback). A client is handed tokens of
// this server's own, each bound to the GitLab tokens of the person who signed in (tokens.ts).
//
// Rules: redirect URIs match exactly, except a loopback http URI's port (RFC 8252 §7.3); state and PKCE
// (S256 only) are required; codes live 60 s and are used once; nothing is redirected to a URI before
// it matched the client's registration.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Config } from "../../config.js";
import { registerSecret, type Logger } from "../../log.js";
import { connectionOf } from "../../server.js";
import type { RedisStore } from "../redis.js";
import { type ClientRecord, matchesRedirect, oauthJson, readForm, readJson, redirectTo, registerClient, refusePage } from "./clients.js";
import type { OAuthSettings } from "./settings.js";
import { keyOf, MemoryOAuthStore, newSecret, seal, unseal, type OAuthStore } from "./store.js";
import { type CodeRecord, TokenService } from "./tokens.js";
import { GitLabOAuth, UpstreamError } from "./upstream.js";
import type { TokenVerifier } from "./verify.js";

/** How long a person has to sign in at GitLab. */
const SIGNIN_TTL_MS = 10 * 60_000;
/** How long an authorization code lives. */
export const CODE_TTL_MS = 60_000;

/** A sign-in on its way through GitLab, stored under its GitLab-side state. */
interface SignIn {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly challenge: string;
  readonly scope: string;
  readonly verifier: string;
}

export interface ProxyOptions {
  readonly config: Config;
  readonly settings: OAuthSettings & { readonly publicUrl: string };
  readonly proxy: { readonly appId: string; readonly appSecret: string };
  readonly instance: string;
  readonly log: Logger;
  readonly redis: RedisStore | undefined;
  readonly verifier: TokenVerifier;
}

export async function startProxy(o: ProxyOptions) {
  registerSecret(o.proxy.appSecret);
  const store: OAuthStore = o.redis ? o.redis.oauthStore() : new MemoryOAuthStore();
  const issuer = o.settings.publicUrl;
  const base = new URL(issuer).pathname.replace(/\/+$/, "");
  const upstream = new GitLabOAuth(o.instance, o.proxy.appId, o.proxy.appSecret, `${issuer}/oauth/callback`, connectionOf(o.config));
  const tokens = new TokenService(store, upstream, o.verifier, o.instance, o.log);
  const readOnly = o.config.readOnly || o.config.safeMode;
  const metadata = {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    registration_endpoint: `${issuer}/oauth/register`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none", "client_secret_post", "client_secret_basic"],
    revocation_endpoint_auth_methods_supported: ["none", "client_secret_post", "client_secret_basic"],
    scopes_supported: readOnly ? ["read_api"] : ["api", "read_api"],
  };
  const metadataPaths = new Set([`/.well-known/oauth-authorization-server${base}`, `${base}/.well-known/oauth-authorization-server`, "/.well-known/oauth-authorization-server"]);

  /** RFC 8414: the document, for the path clients derive from the issuer. */
  const serveMetadata = (res: ServerResponse) => oauthJson(res, 200, metadata, { "cache-control": "max-age=300", "access-control-allow-origin": "*" });

  /** GET /oauth/authorize: checks the client's request, then sends the person to GitLab. */
  const authorize = async (url: URL, res: ServerResponse) => {
    const q = url.searchParams;
    const clientId = q.get("client_id") ?? "";
    const client = await clientOf(clientId);
    if (!client) return refusePage(res, 400, "Unknown client_id: the MCP client must register first (POST /oauth/register). Start the sign-in again from your MCP client.");
    const redirectUri = q.get("redirect_uri") ?? (client.redirect_uris.length === 1 ? client.redirect_uris[0] : "");
    if (!matchesRedirect(client.redirect_uris, redirectUri)) return refusePage(res, 400, "redirect_uri does not match any redirect URI this client registered: nothing is sent there.");
    const back = (error: string, description: string) => redirectTo(res, redirectUri, { error, error_description: description, ...(q.get("state") ? { state: q.get("state")! } : {}) });
    if (q.get("response_type") !== "code") return back("unsupported_response_type", "response_type must be code");
    const challenge = q.get("code_challenge") ?? "";
    if (q.get("code_challenge_method") !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return back("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256");
    const state = q.get("state");
    if (!state) return back("invalid_request", "state is required");
    const resource = q.get("resource");
    if (resource && !resource.replace(/\/+$/, "").startsWith(issuer)) return back("invalid_target", `resource must be this server (${issuer})`);
    const asked = (q.get("scope") ?? "").split(" ").filter((s) => s === "api" || s === "read_api");
    const scope = readOnly || (asked.length > 0 && !asked.includes("api")) ? "read_api" : "api";
    const gitlabState = newSecret("");
    const verifier = newSecret("");
    const signIn: SignIn = { clientId, redirectUri, state, challenge, scope, verifier };
    await store.put(keyOf("signin", gitlabState), seal(gitlabState, signIn), SIGNIN_TTL_MS);
    redirectTo(res, String(await upstream.authorizeUrl(gitlabState, verifier, scope)), {});
  };

  /** GET /oauth/callback: GitLab's answer; the code is exchanged and the client gets a code of ours. */
  const callback = async (url: URL, res: ServerResponse) => {
    const gitlabState = url.searchParams.get("state") ?? "";
    const signIn = gitlabState ? unseal<SignIn>(gitlabState, await store.take(keyOf("signin", gitlabState))) : undefined;
    if (!signIn) return refusePage(res, 400, "This sign-in is unknown, expired or already used: start it again from your MCP client.");
    const back = (params: Record<string, string>) => redirectTo(res, signIn.redirectUri, { ...params, state: signIn.state });
    if (url.searchParams.get("error")) return back({ error: "access_denied", error_description: "GitLab did not authorize the application" });
    let gitlab;
    try {
      gitlab = await upstream.exchange(url.searchParams, gitlabState, signIn.verifier);
    } catch (e) {
      const outage = e instanceof UpstreamError && e.kind === "outage";
      o.log.warn("GitLab refused or could not answer the code exchange", { reason: e instanceof Error ? e.message : String(e) });
      return back(outage ? { error: "temporarily_unavailable", error_description: "GitLab could not be reached: try again" } : { error: "access_denied", error_description: "GitLab refused the sign-in" });
    }
    registerSecret(gitlab.access);
    registerSecret(gitlab.refresh);
    const check = await o.verifier.check(gitlab.access, o.instance);
    if (check.kind !== "ok") return back({ error: check.kind === "outage" ? "temporarily_unavailable" : "access_denied", error_description: "GitLab did not confirm the new token" });
    const code = newSecret("gmc_");
    registerSecret(code);
    const record: CodeRecord = { clientId: signIn.clientId, redirectUri: signIn.redirectUri, challenge: signIn.challenge, scope: signIn.scope, user: check.identity.user.username, gitlab };
    await store.put(keyOf("code", code), seal(code, record), CODE_TTL_MS);
    o.log.info("signed in with GitLab", { user: check.identity.user.username, client: signIn.clientId.slice(0, 8) });
    back({ code });
  };

  const clientOf = async (clientId: string): Promise<ClientRecord | undefined> => {
    if (!clientId) return undefined;
    const raw = await store.get(keyOf("client", clientId));
    return raw === undefined ? undefined : (JSON.parse(raw) as ClientRecord);
  };

  /** Routes one request; false when the path is not the proxy's. */
  const serve = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    if (metadataPaths.has(path)) return (serveMetadata(res), true);
    const local = base && path.startsWith(`${base}/`) ? path.slice(base.length) : path;
    if (!local.startsWith("/oauth/")) return false;
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    try {
      if (local === "/oauth/authorize" && method === "GET") await authorize(url, res);
      else if (local === "/oauth/callback" && method === "GET") await callback(url, res);
      else if (local === "/oauth/register" && method === "POST") {
        const body = await readJson(req);
        const answer = body === undefined ? undefined : registerClient(body, issuer);
        if (!answer || "error" in answer) oauthJson(res, 400, answer && "error" in answer ? answer : { error: "invalid_client_metadata", error_description: "The body must be a JSON object of client metadata (RFC 7591)" });
        else {
          await store.put(keyOf("client", answer.record.client_id), JSON.stringify(answer.record), answer.ttlMs);
          if (answer.secret) registerSecret(answer.secret);
          o.log.info("OAuth client registered", { client: answer.record.client_id.slice(0, 8), client_name: answer.record.client_name, auth: answer.record.token_endpoint_auth_method });
          oauthJson(res, 201, answer.response);
        }
      } else if ((local === "/oauth/token" || local === "/oauth/revoke") && method === "POST") {
        const form = await readForm(req);
        if (!form) oauthJson(res, 400, { error: "invalid_request", error_description: "The body must be application/x-www-form-urlencoded" });
        else if (local === "/oauth/token") await tokens.token(form, req.headers.authorization, clientOf, res);
        else await tokens.revoke(form, req.headers.authorization, clientOf, res);
      } else res.writeHead(405, { allow: local === "/oauth/authorize" || local === "/oauth/callback" ? "GET" : "POST" }).end();
    } catch (e) {
      // The store (Redis) or GitLab failed under us: the client may retry; nothing was half-issued.
      o.log.warn("authorization proxy could not complete a request", { path: local, error: e instanceof Error ? e.message : String(e) });
      if (!res.headersSent) oauthJson(res, 503, { error: "temporarily_unavailable", error_description: "Try again shortly" }, { "retry-after": "5" });
    }
    return true;
  };

  return { issuer, serve, gitlabToken: (token: string) => tokens.gitlabToken(token) };
}
