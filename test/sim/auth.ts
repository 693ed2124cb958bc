// Personal access token authentication (Gitlab::Auth::AuthFinders,
// lib/api/api_guard.rb, lib/api/helpers.rb#initial_current_user).
//
// - Token sources, in GitLab's order: `private_token` param, PRIVATE-TOKEN
//   header, then the OAuth bearer token (Authorization: Bearer, or the
//   `access_token` param).
// - Unknown token -> UnauthorizedError -> 401 {"message":"401 Unauthorized"}.
// - Expired / revoked token -> ExpiredError / RevokedError, answered by the
//   Rack::OAuth2 bearer error handler: 401 {"error":"invalid_token",
//   "error_description":...} plus a WWW-Authenticate header.
// - Scope mismatch -> 403 {"error":"insufficient_scope","error_description":
//   "The request requires higher privileges than provided by the access token.",
//   "scope":"<every scope registered for the endpoint, space separated>"}.
//   API::API registers `api` and `read_api` (read_api only for GET/HEAD), so a
//   read_api token gets the 403 on writes and its scope field reads "api read_api".
// - A fine-grained token (scopes exactly ["granular"]) skips the classic scope check; its grant is
//   judged per route by fineGrained.ts (server.ts calls enforceRest after authentication).
import { ApiError, unauthorized } from "./errors.js";
import type { ParamMap } from "./params.js";
import type { SimState, SimUser, TokenRecord } from "./state.js";

export type Auth = { kind: "anonymous" } | { kind: "user"; token: TokenRecord; user: SimUser };

export const INSUFFICIENT_SCOPE_DESCRIPTION = "The request requires higher privileges than provided by the access token.";

/** Scope rules per endpoint family: registered scopes and whether each applies to the method. */
export type ScopePolicy = "api" | "user" | "any";

const ALL_SCOPES = [
  "api",
  "read_api",
  "read_user",
  "create_runner",
  "manage_runner",
  "k8s_proxy",
  "read_repository",
  "write_repository",
  "read_registry",
  "write_registry",
  "read_virtual_registry",
  "write_virtual_registry",
  "ai_features",
  "self_rotate",
  "read_service_ping",
  "sudo",
  "admin_mode",
];

function registered(policy: ScopePolicy, method: string): { names: string[]; allowed: string[] } {
  const read = method === "GET" || method === "HEAD";
  const base = { names: ["api", "read_api"], allowed: read ? ["api", "read_api"] : ["api"] };
  if (policy === "user") {
    // API::Users (and /version) register read_user for GET/HEAD ahead of API::API's scopes.
    return { names: ["read_user", ...base.names], allowed: read ? ["read_user", ...base.allowed] : base.allowed };
  }
  if (policy === "any") return { names: ALL_SCOPES, allowed: ALL_SCOPES };
  return base;
}

function bearerError(description: string): ApiError {
  return new ApiError(
    401,
    { error: "invalid_token", error_description: description },
    { "www-authenticate": `Bearer realm="Protected by OAuth 2.0", error="invalid_token", error_description="${description}"` },
  );
}

export function extractToken(headers: Record<string, string | string[] | undefined>, params: ParamMap): string | undefined {
  const fromParam = params["private_token"];
  if (typeof fromParam === "string" && fromParam !== "") return fromParam;
  const header = headers["private-token"];
  if (typeof header === "string" && header !== "") return header;
  const authz = headers["authorization"];
  if (typeof authz === "string") {
    const m = /^Bearer\s+(.+)$/i.exec(authz.trim());
    if (m) return m[1].trim();
  }
  const accessToken = params["access_token"];
  if (typeof accessToken === "string" && accessToken !== "") return accessToken;
  return undefined;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export type TokenProblem = "unknown" | "expired" | "revoked" | null;

/** Finds the token and classifies it; does not check scopes. */
export function lookupToken(state: SimState, value: string): { token?: TokenRecord; problem: TokenProblem } {
  const token = state.tokens.get(value);
  if (!token) return { problem: "unknown" };
  if (token.expiresAt && token.expiresAt.slice(0, 10) <= today()) return { token, problem: "expired" };
  if (token.revoked) return { token, problem: "revoked" };
  return { token, problem: null };
}

/** REST authentication; throws GitLab's 401 / 403 answers. */
export function authenticateRest(
  state: SimState,
  headers: Record<string, string | string[] | undefined>,
  params: ParamMap,
  method: string,
  policy: ScopePolicy,
): Auth {
  const value = extractToken(headers, params);
  if (value === undefined) return { kind: "anonymous" };
  const { token, problem } = lookupToken(state, value);
  if (problem === "unknown" || !token) throw unauthorized();
  if (problem === "expired") throw bearerError("Token is expired. You can either do re-authorization or token refresh.");
  if (problem === "revoked") throw bearerError("Token was revoked. You have to re-authorize from the user.");
  const scopes = registered(policy, method);
  // A fine-grained token (scopes exactly ["granular"]) is judged by its grant instead (fineGrained.ts).
  const granular = token.scopes.length === 1 && token.scopes[0] === "granular";
  if (!granular && !token.scopes.some((s) => scopes.allowed.includes(s))) {
    throw new ApiError(403, {
      error: "insufficient_scope",
      error_description: INSUFFICIENT_SCOPE_DESCRIPTION,
      scope: scopes.names.join(" "),
    });
  }
  token.lastUsedAt = new Date().toISOString();
  return { kind: "user", token, user: state.ensureUser(token.userId) };
}

/** `authenticate!` */
export function requireUser(auth: Auth): { token: TokenRecord; user: SimUser } {
  if (auth.kind !== "user") throw unauthorized();
  return auth;
}
