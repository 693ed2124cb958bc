// Streamable HTTP mode (§9), stateless: every POST to /mcp builds a session for the credential the
// request carries (PRIVATE-TOKEN or Authorization: Bearer). GITLAB_TOKEN is never read in this mode,
// so no server-side token is exposed to HTTP clients (§11 row 20). The SDK's createMcpHandler serves
// both protocol eras on the one endpoint: a 2026-07-28 request carries its version in its own _meta,
// anything else is served the 2025 way, statelessly. It takes web Requests and checks no credential,
// so the gates below (Host, Origin, size, 401) stand in front of it.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createMcpHandler, SUPPORTED_PROTOCOL_VERSIONS, type McpHttpHandler } from "@modelcontextprotocol/server";
import type { Config } from "./config.js";
import { type Logger, registerSecret } from "./log.js";
import { GitLabClient } from "./gitlab/client.js";
import { detectScopes } from "./policy/scopes.js";
import { RateLimiter } from "./ratelimit.js";
import type { TokenScopes } from "./policy/view.js";
import { connectionOf, createSession, MODERN_PROTOCOL_VERSION } from "./server.js";
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
/** Every protocol revision served: 2026-07-28, then the 2025 era's, newest first. */
const PROTOCOL_VERSIONS = [MODERN_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS];
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
  // One handler for the process: the factory builds each request's session from the credential the
  // gate below admitted, which reaches it as the request's authInfo.
  const mcp = createMcpHandler(
    ({ era, authInfo }) => {
      const token = authInfo!.token;
      // Stateless HTTP cannot carry a server-to-client request, so a 2025-era call never elicits (SAF-17).
      return createSession({ config, token, log, era, scopes: scopesFor(token, config, log), canElicit: false, limiter: limiterFor(token, config) });
    },
    { legacy: "stateless", maxRequestBodySize: MAX_BODY_BYTES, onerror: (e) => log.debug("MCP request refused by the protocol layer", { error: e.message }) },
  );
  const server = createServer((req, res) => {
    void handle(req, res, config, log, { startedAt, loopbackListener, mcp }).catch((e: unknown) => {
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

async function handle(req: IncomingMessage, res: ServerResponse, config: Config, log: Logger, listener: { startedAt: Date; loopbackListener: boolean; mcp: McpHttpHandler }): Promise<void> {
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
  // HTTP-7: a version this server does not speak, in either era, is named with the ones it does.
  const version = req.headers["mcp-protocol-version"];
  if (typeof version === "string" && !PROTOCOL_VERSIONS.includes(version)) {
    res.writeHead(400, { "content-type": "application/json" }).end(
      JSON.stringify({ jsonrpc: "2.0", error: { code: -32022, message: `Unsupported protocol version: ${version}`, data: { supported: PROTOCOL_VERSIONS, requested: version } }, id: null }),
    );
    return;
  }
  const token = credential(req);
  if (!token) {
    jsonRpcError(res, 401, -40100, `${AUTH_REQUIRED}.`, { "www-authenticate": 'Bearer realm="gitlab-mcp-server"' });
    return;
  }
  registerSecret(token);
  const body = await readBody(req, MAX_BODY_BYTES);
  if (body === undefined) {
    jsonRpcError(res, 413, -32600, `Request body too large: at most ${MAX_BODY_BYTES} bytes.`);
    return;
  }
  // The client going away aborts the request, and with it the call's GitLab requests (RES-11): that is
  // how a 2026-07-28 client cancels. A 2025-era client sends notifications/cancelled in a POST of its own.
  const gone = new AbortController();
  res.on("close", () => gone.abort());
  const key = credentialKey(token);
  const untrack = inFlight.track(key, body, gone);
  try {
    const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, { method: "POST", headers: webHeaders(req), body, signal: gone.signal });
    const response = await listener.mcp.fetch(request, { authInfo: { token, clientId: key.slice(0, 16), scopes: [] } });
    await writeResponse(response, res);
  } finally {
    untrack();
  }
}

/**
 * The requests in flight in this process, so a 2025-era notifications/cancelled, which arrives in a POST
 * of its own, can abort the request it names (RES-11). Stateless HTTP has no session to scope a request
 * ID, so it is looked up among the same credential's requests, and acted on only when exactly one
 * matches: two clients of one user may both have a request 3 in flight, and cancelling the wrong one
 * would lose work. A cancellation that reaches another replica finds nothing; the request then runs to
 * its end, which is what a client must expect of any cancellation that crosses a result on the way.
 */
const inFlight = {
  requests: new Map<string, Set<AbortController>>(),
  /** Registers a request or, for a cancellation, aborts what it names; returns the clean-up. */
  track(credential: string, body: Buffer, controller: AbortController): () => void {
    const message = parseMessage(body);
    if (message?.method === "notifications/cancelled") {
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      const matches = id === undefined ? undefined : this.requests.get(`${credential}\0${JSON.stringify(id)}`);
      if (matches?.size === 1) for (const c of matches) c.abort();
      return () => undefined;
    }
    if (message?.id === undefined || typeof message.method !== "string") return () => undefined;
    const key = `${credential}\0${JSON.stringify(message.id)}`;
    const set = this.requests.get(key) ?? new Set<AbortController>();
    set.add(controller);
    this.requests.set(key, set);
    return () => {
      set.delete(controller);
      if (set.size === 0) this.requests.delete(key);
    };
  },
};

function parseMessage(body: Buffer): { id?: unknown; method?: unknown; params?: unknown } | undefined {
  try {
    const value = JSON.parse(body.toString("utf8")) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as { id?: unknown; method?: unknown; params?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

/** The request body, or undefined past the limit (a chunked body has no Content-Length to check first). */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function webHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** Copies the SDK's web Response to Node's, streaming the body as it comes (SSE frames are flushed one by one). */
async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === "set-cookie" ? response.headers.getSetCookie() : value;
  });
  // HTTP-6: a proxy must not hold back a stream of events.
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) headers["x-accel-buffering"] = "no";
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (res.destroyed) break;
      res.write(chunk);
    }
  } finally {
    res.end();
  }
}
