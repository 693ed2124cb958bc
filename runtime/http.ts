// Streamable HTTP mode (§9), stateless: every POST to /mcp builds a session for the credential the
// request carries (PRIVATE-TOKEN or Authorization: Bearer). GITLAB_TOKEN is never read in this mode,
// so no server-side token is exposed to HTTP clients (§11 row 20).
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Config } from "./config.js";
import { type Logger, registerSecret } from "./log.js";
import { GitLabClient } from "./gitlab/client.js";
import { detectScopes } from "./policy/scopes.js";
import { RateLimiter } from "./ratelimit.js";
import type { TokenScopes } from "./policy/view.js";
import { connectionOf, createSession } from "./server.js";
import { VERSION } from "./version.js";

/** HTTP-2: 12 hex characters over the policy settings, so operators can compare replicas. */
function configDigest(config: Config): string {
  const policy = { surface: config.surface, readOnly: config.readOnly, safeMode: config.safeMode, exclude: config.excludeTools, yolo: config.yolo, url: config.gitlabUrl };
  return createHash("sha256").update(JSON.stringify(policy)).digest("hex").slice(0, 12);
}

/** Scopes are re-read after this long (GITLAB_MCP_SESSION_REVALIDATE_INTERVAL's default). */
const SCOPES_TTL_MS = 15 * 60_000;
const SCOPES_MAX = 1000;
// Keyed by a hash of the token, so the token itself is not kept as a map key.
const scopeCache = new Map<string, { at: number; scopes: Promise<TokenScopes> }>();

/** What per-credential caches are keyed by: a hash, so the token itself is not kept as a key. */
const credentialKey = (token: string) => createHash("sha256").update(token).digest("hex");

function scopesFor(token: string, config: Config, log: Logger): Promise<TokenScopes> {
  const key = credentialKey(token);
  const hit = scopeCache.get(key);
  if (hit && Date.now() - hit.at < SCOPES_TTL_MS) return hit.scopes;
  if (scopeCache.size >= SCOPES_MAX) scopeCache.delete(scopeCache.keys().next().value!);
  const scopes = detectScopes(new GitLabClient(config.gitlabUrl, token, undefined, undefined, connectionOf(config)), log);
  scopeCache.set(key, { at: Date.now(), scopes });
  return scopes;
}

// RES-14: one set of buckets per credential, kept by the same hash; the oldest goes past the cap (a
// credential that returns then starts with a full bucket, which only errs on the permissive side).
const limiters = new Map<string, RateLimiter>();

function limiterFor(token: string, config: Config): RateLimiter | undefined {
  if (config.rateLimitRps <= 0) return undefined;
  const key = credentialKey(token);
  let limiter = limiters.get(key);
  if (!limiter) {
    if (limiters.size >= SCOPES_MAX) limiters.delete(limiters.keys().next().value!);
    limiter = new RateLimiter(config.rateLimitRps, config.rateLimitBurst);
    limiters.set(key, limiter);
  }
  return limiter;
}

function credential(req: IncomingMessage): string | undefined {
  const priv = req.headers["private-token"];
  if (typeof priv === "string" && priv.trim()) return priv.trim();
  const auth = req.headers.authorization;
  const m = typeof auth === "string" ? /^Bearer\s+(.+)$/i.exec(auth) : null;
  return m ? m[1].trim() : undefined;
}

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/** HTTP-9, wire text. */
export const AUTH_REQUIRED = "Authentication required: send a GitLab personal access token as 'Authorization: Bearer <glpat-...>' or 'PRIVATE-TOKEN: <glpat-...>'";
/** HTTP-20: the largest request body accepted. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || /^127\./.test(host);

/** The host part of a Host header, without its port. */
function hostName(header: string | undefined): string {
  const h = (header ?? "").trim().toLowerCase();
  return h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : h.replace(/:\d+$/, "");
}

/** Listens on --http-addr until the process is stopped. */
export async function serveHttp(config: Config, log: Logger): Promise<void> {
  const [host, portText] = splitAddr(config.httpAddr);
  const startedAt = new Date();
  const loopbackListener = isLoopback(host);
  if (!loopbackListener) log.warn("listening on a non-loopback address: every Host header is accepted", { address: config.httpAddr });
  const server = createServer((req, res) => {
    void handle(req, res, config, log, { startedAt, loopbackListener }).catch((e: unknown) => {
      log.error("HTTP request failed", { stack: e instanceof Error ? e.stack : String(e) });
      if (!res.headersSent) jsonRpcError(res, 500, -32603, "Internal error");
    });
  });
  await new Promise<void>((resolve) => server.listen(Number(portText), host, resolve));
  const address = server.address();
  log.info("gitlab-mcp-server listening", { address: typeof address === "object" && address ? `${address.address}:${address.port}` : config.httpAddr });
  const stop = () => server.close(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

function splitAddr(addr: string): [string, string] {
  const i = addr.lastIndexOf(":");
  if (i <= 0) throw new Error(`--http-addr ${addr} is not HOST:PORT`);
  return [addr.slice(0, i).replace(/^\[|\]$/g, ""), addr.slice(i + 1)];
}

async function handle(req: IncomingMessage, res: ServerResponse, config: Config, log: Logger, listener: { startedAt: Date; loopbackListener: boolean }): Promise<void> {
  const path = (req.url ?? "/").split("?")[0];
  // HTTP-17: a loopback listener answers only loopback Host names, so a web page cannot reach it
  // through DNS rebinding.
  if (listener.loopbackListener && !isLoopback(hostName(req.headers.host))) {
    jsonRpcError(res, 403, -40300, "Host not allowed: this server answers only loopback host names.");
    return;
  }
  // HTTP-18: a browser request from another origin is refused unless the operator trusts it.
  const origin = req.headers.origin;
  if (origin && origin !== `http://${req.headers.host ?? ""}` && !config.trustedOrigins.includes(origin.toLowerCase())) {
    jsonRpcError(res, 403, -40300, `Cross-origin request refused: ${origin} is not a trusted origin (GITLAB_MCP_TRUSTED_ORIGINS).`);
    return;
  }
  if (path === "/health") {
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(
      JSON.stringify({
        status: "ok",
        version: VERSION,
        started_at: listener.startedAt.toISOString(),
        uptime_seconds: Math.floor((Date.now() - listener.startedAt.getTime()) / 1000),
        config_digest: configDigest(config),
      }),
    );
    return;
  }
  if (path !== "/mcp" && path !== "/") {
    res.writeHead(404).end();
    return;
  }
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
    jsonRpcError(res, 413, -32600, `Request body too large: at most ${MAX_BODY_BYTES} bytes.`);
    return;
  }
  if (req.method !== "POST") {
    // Stateless mode has no server-to-client stream to resume and no session to delete.
    res.writeHead(405, { allow: "POST" }).end();
    return;
  }
  const token = credential(req);
  if (!token) {
    jsonRpcError(res, 401, -40100, `${AUTH_REQUIRED}.`, { "www-authenticate": 'Bearer realm="gitlab-mcp-server"' });
    return;
  }
  registerSecret(token);
  // Stateless HTTP cannot carry a server-to-client request, so it never elicits (SAF-17).
  const session = createSession({ config, token, log, scopes: scopesFor(token, config, log), canElicit: false, limiter: limiterFor(token, config) });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on("close", () => {
    void transport.close();
    void session.close();
  });
  await session.connect(transport);
  await transport.handleRequest(req, res);
}
