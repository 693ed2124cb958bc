// Streamable HTTP mode (§9), stateless: every POST to /mcp builds a session for the credential the
// request carries (PRIVATE-TOKEN or Authorization: Bearer), from that credential's pool entry
// (http/pool.ts). GITLAB_TOKEN is never read in this mode, so no server-side token is exposed to HTTP
// clients (§11 row 20). Several replicas share their rate limits and failure budgets through Redis
// (http/redis.ts) and nothing else: any replica can serve any request.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Config } from "./config.js";
import { type Logger, registerSecret } from "./log.js";
import { GitLabClient, type GitLabApi } from "./gitlab/client.js";
import { GitLabHttpError } from "./gitlab/errors.js";
import { detectScopes } from "./policy/scopes.js";
import { RateLimiter } from "./ratelimit.js";
import { MemoryAuthBudget, type AuthBudget, type BudgetSettings } from "./http/authBudget.js";
import { CredentialPool, tokenTail, type Verdict } from "./http/pool.js";
import type { RedisStore } from "./http/redis.js";
import { clientAddress, credential, selectInstance } from "./http/request.js";
import { connectionOf, createSession } from "./server.js";
import { VERSION } from "./version.js";

/** HTTP-2: 12 hex characters over the policy settings, so operators can compare replicas. */
function configDigest(config: Config): string {
  const policy = { surface: config.surface, readOnly: config.readOnly, safeMode: config.safeMode, exclude: config.excludeTools, yolo: config.yolo, instances: config.gitlabUrls };
  return createHash("sha256").update(JSON.stringify(policy)).digest("hex").slice(0, 12);
}

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/** HTTP-9, wire text. */
export const AUTH_REQUIRED = "Authentication required: send a GitLab personal access token as 'Authorization: Bearer <glpat-...>' or 'PRIVATE-TOKEN: <glpat-...>'";
const CHALLENGE = { "www-authenticate": 'Bearer realm="gitlab-mcp-server"' };
/** HTTP-20: the largest request body accepted. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** HTTP-14: requests served at once; past this the server answers 503 rather than queueing without bound. */
const MAX_IN_FLIGHT = 512;
/** HTTP-29: how long in-flight calls get to finish after the listener closes. */
const DRAIN_GRACE_MS = 15_000;
/** HTTP-10: the admission check's time limit. */
const ADMISSION_TIMEOUT_MS = 5000;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || /^127\./.test(host);

/** The host part of a Host header, without its port. */
function hostName(header: string | undefined): string {
  const h = (header ?? "").trim().toLowerCase();
  return h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : h.replace(/:\d+$/, "");
}

/** HTTP-10: one GET /user; only GitLab's explicit 401 or 403 refuses, an outage admits. */
async function verify(client: GitLabApi): Promise<Verdict> {
  try {
    const answer = await client.rest({ method: "GET", path: "/user", signal: AbortSignal.timeout(ADMISSION_TIMEOUT_MS), retry: "once" });
    const user = answer.body as { id?: unknown; username?: unknown } | undefined;
    return typeof user?.id === "number" ? { user: { id: user.id, username: String(user.username) } } : "unknown";
  } catch (e) {
    return e instanceof GitLabHttpError && (e.status === 401 || e.status === 403) ? "rejected" : "unknown";
  }
}

/** What every request of the process shares. */
interface Door {
  readonly config: Config;
  readonly log: Logger;
  readonly startedAt: Date;
  readonly loopbackListener: boolean;
  readonly pool: CredentialPool;
  readonly budget: AuthBudget;
  readonly trustedProxies: ReadonlySet<string>;
  /** HTTP-29: "draining" while /health says so, "closed" once new requests are refused. */
  state: "serving" | "draining" | "closed";
  inFlight: number;
  onIdle?: () => void;
}

/** Listens on --http-addr until the process is stopped. */
export async function serveHttp(config: Config, log: Logger): Promise<void> {
  const [host, portText] = splitAddr(config.httpAddr);
  const loopbackListener = isLoopback(host);
  if (!loopbackListener) log.warn("listening on a non-loopback address: every Host header is accepted", { address: config.httpAddr });
  const settings = config.http;
  const budgetSettings: BudgetSettings = {
    failureLimit: settings.authFailureLimit,
    failureWindowMs: settings.authFailureWindowMs,
    distinctLimit: settings.authDistinctLimit,
    distinctWindowMs: settings.authDistinctWindowMs,
  };
  let store: RedisStore | undefined;
  if (settings.redisUrl) {
    registerSecret(safeDecode(URL.canParse(settings.redisUrl) ? new URL(settings.redisUrl).password : ""));
    const { RedisStore } = await import("./http/redis.js");
    store = await RedisStore.connect(settings.redisUrl, log, budgetSettings);
  }
  const pool = new CredentialPool(
    { capacity: settings.maxClients, idleMs: settings.poolIdleMs, revalidateMs: settings.revalidateMs },
    {
      now: Date.now,
      client: (token, instance) => new GitLabClient(instance, token, `gitlab-mcp-server/${VERSION}`, log, connectionOf(config)),
      verify,
      scopes: (client) => detectScopes(client, log),
      limiter: (key) =>
        config.rateLimitRps <= 0 ? undefined : store ? store.limiter(key, config.rateLimitRps, config.rateLimitBurst) : new RateLimiter(config.rateLimitRps, config.rateLimitBurst),
    },
  );
  setInterval(() => pool.sweep(), 60_000).unref();
  const door: Door = {
    config,
    log,
    startedAt: new Date(),
    loopbackListener,
    pool,
    budget: store ? store.budget(budgetSettings) : new MemoryAuthBudget(budgetSettings),
    trustedProxies: new Set(settings.trustedProxies),
    state: "serving",
    inFlight: 0,
  };
  const server = createServer((req, res) => {
    void handle(req, res, door).catch((e: unknown) => {
      log.error("HTTP request failed", { stack: e instanceof Error ? e.stack : String(e) });
      if (!res.headersSent) jsonRpcError(res, 500, -32603, "Internal error");
    });
  });
  await new Promise<void>((resolve) => server.listen(Number(portText), host, resolve));
  const address = server.address();
  log.info("gitlab-mcp-server listening", { address: typeof address === "object" && address ? `${address.address}:${address.port}` : config.httpAddr, instances: config.gitlabUrls });

  // HTTP-29: /health reports draining at once, so a load balancer stops sending; after the drain delay
  // the listener closes and new requests are refused; in-flight calls get DRAIN_GRACE_MS, then the
  // process exits, which aborts whatever GitLab requests are still open.
  const exit = () => void (store?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  const drain = (delayMs: number) => {
    if (door.state !== "serving") return;
    door.state = "draining";
    log.info("draining", { drain_delay_ms: delayMs, in_flight: door.inFlight });
    setTimeout(() => {
      door.state = "closed";
      server.close();
      server.closeIdleConnections();
      const grace = setTimeout(() => {
        log.warn("in-flight requests did not finish in time: aborting them", { in_flight: door.inFlight });
        exit();
      }, DRAIN_GRACE_MS);
      door.onIdle = () => (clearTimeout(grace), log.info("drained: exiting"), exit());
      if (door.inFlight === 0) door.onIdle();
    }, delayMs);
  };
  process.once("SIGTERM", () => drain(settings.drainDelayMs));
  process.once("SIGINT", () => drain(0));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function splitAddr(addr: string): [string, string] {
  const i = addr.lastIndexOf(":");
  if (i <= 0) throw new Error(`--http-addr ${addr} is not HOST:PORT`);
  return [addr.slice(0, i).replace(/^\[|\]$/g, ""), addr.slice(i + 1)];
}

async function handle(req: IncomingMessage, res: ServerResponse, door: Door): Promise<void> {
  const { config, log } = door;
  const path = (req.url ?? "/").split("?")[0];
  // HTTP-17: a loopback listener answers only loopback Host names, so a web page cannot reach it
  // through DNS rebinding.
  if (door.loopbackListener && !isLoopback(hostName(req.headers.host))) {
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
    res.writeHead(door.state === "serving" ? 200 : 503, { "content-type": "application/json", "cache-control": "no-store" }).end(
      JSON.stringify({
        status: door.state === "serving" ? "ok" : "draining",
        version: VERSION,
        started_at: door.startedAt.toISOString(),
        uptime_seconds: Math.floor((Date.now() - door.startedAt.getTime()) / 1000),
        config_digest: configDigest(config),
      }),
    );
    return;
  }
  if (path !== "/mcp" && path !== "/") {
    res.writeHead(404).end();
    return;
  }
  if (door.state === "closed") {
    jsonRpcError(res, 503, -50300, "Server is shutting down: retry on another replica.", { "retry-after": "1", connection: "close" });
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
  if (door.inFlight >= MAX_IN_FLIGHT) {
    jsonRpcError(res, 503, -50300, "Server busy: too many requests in progress. Retry shortly.", { "retry-after": "1" });
    return;
  }
  const selection = selectInstance(req, config.gitlabUrls);
  if ("refusal" in selection) {
    jsonRpcError(res, 400, -32600, selection.refusal);
    return;
  }
  if (selection.ignoredHeader) log.debug("GITLAB-URL header ignored: this server publishes one instance");
  // HTTP-22..24: an address past its failure budget is refused before its credential is looked at.
  const address = clientAddress(req, door.trustedProxies, config.http.trustedProxyHeader);
  const blockedMs = await door.budget.blockedFor(address);
  if (blockedMs > 0) {
    const seconds = Math.ceil(blockedMs / 1000);
    log.info("request refused", { refusal_class: "auth_budget", address, retry_after_s: seconds });
    jsonRpcError(res, 429, -42900, `Too many refused credentials from this address: retry in ${seconds} s.`, { "retry-after": String(seconds) });
    return;
  }
  const token = credential(req);
  if (!token) {
    jsonRpcError(res, 401, -40100, `${AUTH_REQUIRED}.`, CHALLENGE);
    return;
  }
  registerSecret(token);
  door.inFlight += 1;
  let released = false;
  const done = () => {
    if (released) return;
    released = true;
    door.inFlight -= 1;
    if (door.inFlight === 0) door.onIdle?.();
  };
  res.on("close", done);
  const admission = await door.pool.acquire(token, selection.instance);
  if (admission.kind === "rejected") {
    await door.budget.refused(address, admission.key);
    log.info("credential refused by GitLab", { credential: tokenTail(token), address, instance: selection.instance });
    jsonRpcError(res, 401, -40100, `${AUTH_REQUIRED}. GitLab refused the credential sent.`, CHALLENGE);
    return;
  }
  const { entry } = admission;
  if (res.closed) {
    // The client left while its credential was being checked.
    door.pool.release(entry);
    return;
  }
  if (admission.fresh) {
    log.info("credential admitted", { credential: tokenTail(token), pool_key: entry.key.slice(0, 12), instance: entry.instance, user: entry.user?.username });
    // §8.2: said again for every new pool entry, since each one sends a token over the unverified link.
    if (config.skipTlsVerify) log.warn("GITLAB_MCP_SKIP_TLS_VERIFY is on: this credential travels to GitLab without certificate verification", { credential: tokenTail(token) });
  }
  // Stateless HTTP cannot carry a server-to-client request, so it never elicits (SAF-17).
  const session = createSession({ config, token: entry.token, log, client: entry.client, scopes: entry.scopes, canElicit: false, limiter: entry.limiter });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on("close", () => {
    door.pool.release(entry);
    void transport.close();
    void session.close();
  });
  await session.connect(transport);
  await transport.handleRequest(req, res);
}
