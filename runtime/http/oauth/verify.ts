// OAuth token verification against GitLab (HTTP-26..HTTP-28): GET /oauth/token/info says what the token
// may do and which application it belongs to, then GET /api/v4/user says whose it is. Answers are cached
// per token and instance under the token's SHA-256 (never the token): a verified identity for
// GITLAB_MCP_OAUTH_CACHE_TTL (never past the token's own expiry), a refusal for 5 minutes, an outage
// never. At most 10,000 identities, least recently used first out.
import type { HttpAnswer } from "../../gitlab/transport.js";
import { poolKey } from "../pool.js";

/** HTTP-26: the most identities kept. */
export const MAX_IDENTITIES = 10_000;
/** HTTP-27: how long a refusal is answered without asking GitLab again. */
export const REFUSAL_CACHE_MS = 5 * 60_000;
/** HTTP-10's time limit, for each of the two requests. */
const VERIFY_TIMEOUT_MS = 5000;
/** What GitLab's dynamic client registration grants (HTTP-28). */
export const MCP_SCOPE = "mcp";

/** Who a token belongs to and what it may do. */
export interface Identity {
  readonly user: { readonly id: number; readonly username: string };
  readonly scopes: readonly string[];
  readonly appUid?: string;
  /** Epoch milliseconds, when GitLab said the token expires. */
  readonly expiresAt?: number;
}

/** What verification concluded. */
export type Check =
  | { readonly kind: "ok"; readonly identity: Identity }
  /** GitLab does not know the token, or it expired or was revoked (401 invalid_token). */
  | { readonly kind: "invalid"; readonly reason: string }
  /** A token of GitLab's dynamic client registration: good for GitLab's own MCP server only (HTTP-28). */
  | { readonly kind: "mcp" }
  /** Neither read_api nor api (403 insufficient_scope). */
  | { readonly kind: "insufficient"; readonly scopes: readonly string[] }
  /** GitLab could not answer now: never cached, never called an invalid token. */
  | { readonly kind: "outage"; readonly retryAfterS: number };

/** The two GitLab requests, injected so unit tests run without a network. */
export interface VerifyDeps {
  now(): number;
  /** GET <instance><path> with the token as Authorization: Bearer; rejects on a network failure. */
  get(instance: string, path: string, token: string, signal: AbortSignal): Promise<HttpAnswer>;
}

interface Cached {
  readonly check: Check;
  readonly until: number;
}

/** The verifier of one process. */
export class TokenVerifier {
  private readonly cache = new Map<string, Cached>();
  private readonly running = new Map<string, Promise<Check>>();

  constructor(
    private readonly deps: VerifyDeps,
    private readonly settings: { readonly ttlMs: number; readonly clientUids: readonly string[]; readonly capacity?: number },
  ) {}

  get size(): number {
    return this.cache.size;
  }

  /** The cached answer for a token, or GitLab's; concurrent first requests of one token ask GitLab once. */
  check(token: string, instance: string): Promise<Check> {
    const key = poolKey(token, instance);
    const hit = this.cache.get(key);
    if (hit && hit.until > this.deps.now()) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return Promise.resolve(hit.check);
    }
    if (hit) this.cache.delete(key);
    const running = this.running.get(key);
    if (running) return running;
    const answer = this.ask(token, instance)
      .then((check) => (this.remember(key, check), check))
      .finally(() => this.running.delete(key));
    this.running.set(key, answer);
    return answer;
  }

  /** Forgets a token (a revocation through this server). */
  forget(token: string, instance: string): void {
    this.cache.delete(poolKey(token, instance));
  }

  private remember(key: string, check: Check): void {
    if (check.kind === "outage") return;
    const now = this.deps.now();
    const until = check.kind === "ok" ? Math.min(now + this.settings.ttlMs, check.identity.expiresAt ?? Infinity) : now + REFUSAL_CACHE_MS;
    this.cache.set(key, { check, until });
    while (this.cache.size > (this.settings.capacity ?? MAX_IDENTITIES)) this.cache.delete(this.cache.keys().next().value!);
  }

  private async ask(token: string, instance: string): Promise<Check> {
    const info = await this.request(instance, "/oauth/token/info", token);
    if ("outage" in info) return info.outage;
    if (info.answer.status === 400 || info.answer.status === 401 || info.answer.status === 403 || info.answer.status === 404) {
      return { kind: "invalid", reason: "GitLab does not know this token, or it expired or was revoked" };
    }
    const body = json(info.answer) as { scope?: unknown; scopes?: unknown; expires_in?: unknown; application?: { uid?: unknown } | null } | undefined;
    const rawScopes = Array.isArray(body?.scope) ? body.scope : Array.isArray(body?.scopes) ? body.scopes : typeof body?.scope === "string" ? body.scope.split(" ") : undefined;
    if (!rawScopes) return { kind: "outage", retryAfterS: 5 };
    const scopes = rawScopes.filter((s): s is string => typeof s === "string");
    const appUid = typeof body?.application?.uid === "string" ? body.application.uid : undefined;
    if (this.settings.clientUids.length > 0 && (appUid === undefined || !this.settings.clientUids.includes(appUid))) {
      return { kind: "invalid", reason: "The token was issued to a GitLab application this server does not accept (GITLAB_MCP_OAUTH_CLIENT_UID)" };
    }
    const reads = scopes.includes("api") || scopes.includes("read_api");
    if (!reads && scopes.includes(MCP_SCOPE)) return { kind: "mcp" };
    if (!reads) return { kind: "insufficient", scopes };
    const user = await this.request(instance, "/api/v4/user", token);
    if ("outage" in user) return user.outage;
    if (user.answer.status === 401 || user.answer.status === 403) return { kind: "invalid", reason: "GitLab refused this token its own user" };
    const u = json(user.answer) as { id?: unknown; username?: unknown } | undefined;
    if (typeof u?.id !== "number" || typeof u.username !== "string") return { kind: "outage", retryAfterS: 5 };
    const expiresIn = typeof body?.expires_in === "number" ? body.expires_in : undefined;
    return {
      kind: "ok",
      identity: {
        user: { id: u.id, username: u.username },
        scopes,
        ...(appUid !== undefined ? { appUid } : {}),
        ...(expiresIn !== undefined ? { expiresAt: this.deps.now() + expiresIn * 1000 } : {}),
      },
    };
  }

  /** One GET; 429, 5xx and network failures are outages, with GitLab's Retry-After when it gave one. */
  private async request(instance: string, path: string, token: string): Promise<{ answer: HttpAnswer } | { outage: Check }> {
    let answer: HttpAnswer;
    try {
      answer = await this.deps.get(instance, path, token, AbortSignal.timeout(VERIFY_TIMEOUT_MS));
    } catch {
      return { outage: { kind: "outage", retryAfterS: 5 } };
    }
    if (answer.status === 429 || answer.status >= 500) {
      const after = Number(answer.headers.get("retry-after"));
      return { outage: { kind: "outage", retryAfterS: Number.isFinite(after) && after > 0 ? Math.min(Math.ceil(after), 3600) : 5 } };
    }
    return { answer };
  }
}

function json(answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return undefined;
  }
}
