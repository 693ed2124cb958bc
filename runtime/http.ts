// Streamable HTTP mode (§9), stateless: every POST to /mcp builds a session for the credential the
// request carries (PRIVATE-TOKEN or Authorization: Bearer), from that credential's pool entry
// (http/pool.ts). GITLAB_TOKEN is never read in this mode, so no server-side token is exposed to HTTP
// clients (§11 row 20). Several replicas share their rate limits and failure budgets through Redis
// (http/redis.ts) and nothing else: any replica can serve any request. The SDK's createMcpHandler
// serves both protocol eras on the one endpoint: a 2026-07-28 request carries its version in its own
// _meta, anything else is served the 2025 way, statelessly. It takes web Requests and checks no
// credential, so the gates below (Host, Origin, size, version, budget, 401, admission) stand in front.
// In OAuth mode (§9.10, http/oauth/) only a bearer token GitLab vouches for passes the 401 gate.
import { malformedParamsAnswer } from "./envelope.js";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createMcpHandler, SUPPORTED_PROTOCOL_VERSIONS, type McpHttpHandler } from "@modelcontextprotocol/server";
import type { Config } from "./config.js";
import { type Logger, registerSecret } from "./log.js";
import { GitLabClient } from "./gitlab/client.js";
import { learnCredential } from "./policy/credential.js";
import { configDigest, GRANULAR_USER_REFUSED, verify } from "./http/admission.js";
import { RateLimiter } from "./ratelimit.js";
import { MemoryAuthBudget, type AuthBudget, type BudgetSettings } from "./http/authBudget.js";
import { CredentialPool, tokenTail, type PoolEntry } from "./http/pool.js";
import type { RedisStore } from "./http/redis.js";
import { clientAddress, credential, selectInstance } from "./http/request.js";
import { hostName, jsonRpcError, parseMessage, pending, readBody, safeDecode, splitAddr, webHeaders, writeResponse } from "./http/wire.js";
import { connectionOf, createSession, MODERN_PROTOCOL_VERSION } from "./server.js";
import { VERSION } from "./version.js";
import type { OAuthMode } from "./http/oauth/setup.js";

/** HTTP-9, wire text. */
export const AUTH_REQUIRED = "Authentication required: send a GitLab personal access token as 'Authorization: Bearer <glpat-...>' or 'PRIVATE-TOKEN: <glpat-...>'";
const CHALLENGE = { "www-authenticate": 'Bearer realm="gitlab-mcp-server"' };
/** Every protocol revision served, newest first. */
const PROTOCOL_VERSIONS = [MODERN_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS];
/** HTTP-20: the largest request body accepted. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** HTTP-14: requests served at once; past this the server answers 503 rather than queueing without bound. */
const MAX_IN_FLIGHT = 512;
/** HTTP-29: how long in-flight calls get to finish after the listener closes. */
const DRAIN_GRACE_MS = 15_000;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || /^127\./.test(host);

/** What every request of the process shares. */
interface Door {
  readonly config: Config;
  readonly log: Logger;
  readonly startedAt: Date;
  readonly loopbackListener: boolean;
  readonly pool: CredentialPool;
  readonly budget: AuthBudget;
  readonly trustedProxies: ReadonlySet<string>;
  /** The SDK's handler of both eras, which builds each request's session from its pool entry. */
  readonly mcp: McpHttpHandler;
  /** §9.10: OAuth mode's metadata, admission and (optional) authorization proxy. */
  readonly oauth?: OAuthMode;
  /** HTTP-17, HTTP-18: the public URL's host and origin, accepted besides loopback names and the request's own origin. */
  readonly publicHost?: string;
  readonly publicOrigin?: string;
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
  const oauth = settings.oauth.mode === "oauth" ? await (await import("./http/oauth/setup.js")).setupOAuth(config, log, store) : undefined;
  const pool = new CredentialPool(
    { capacity: settings.maxClients, idleMs: settings.poolIdleMs, revalidateMs: settings.revalidateMs },
    {
      now: Date.now,
      client: (token, instance) => new GitLabClient(instance, token, `gitlab-mcp-server/${VERSION}`, log, connectionOf(config)),
      verify,
      credential: (client) => learnCredential(client, log, { tier: config.tier }),
      ...oauth?.pool,
      limiter: (key) =>
        config.rateLimitRps <= 0 ? undefined : store ? store.limiter(key, config.rateLimitRps, config.rateLimitBurst) : new RateLimiter(config.rateLimitRps, config.rateLimitBurst),
    },
  );
  setInterval(() => pool.sweep(), 60_000).unref();
  // One handler for the process: the factory builds each request's session from the pool entry the gate
  // admitted, which reaches it as the request's authInfo. Stateless HTTP cannot carry a server-to-client
  // request, so a 2025-era call never elicits (SAF-17); a 2026-07-28 call asks in its own result.
  const mcp = createMcpHandler(
    ({ era, authInfo }) => {
      const entry = authInfo!.extra!.entry as PoolEntry;
      return createSession({ config, token: entry.token, instance: entry.instance, log, era, client: entry.client, credential: entry.credential, canElicit: false, limiter: entry.limiter });
    },
    { legacy: "stateless", maxRequestBodySize: MAX_BODY_BYTES, onerror: (e) => log.debug("MCP request refused by the protocol layer", { error: e.message }) },
  );
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
    mcp,
    ...(oauth ? { oauth } : {}),
    ...(settings.oauth.publicUrl ? { publicHost: hostName(new URL(settings.oauth.publicUrl).host), publicOrigin: new URL(settings.oauth.publicUrl).origin } : {}),
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

async function handle(req: IncomingMessage, res: ServerResponse, door: Door): Promise<void> {
  const { config, log } = door;
  const path = (req.url ?? "/").split("?")[0];
  // HTTP-17: a loopback listener answers only loopback Host names, so a web page cannot reach it
  // through DNS rebinding.
  const host = hostName(req.headers.host);
  if (door.loopbackListener && !isLoopback(host) && host !== door.publicHost) {
    jsonRpcError(res, 403, -40300, "Host not allowed: this server answers only loopback host names.");
    return;
  }
  // HTTP-18: a browser request from another origin is refused unless the operator trusts it.
  const origin = req.headers.origin;
  if (origin && origin !== `http://${req.headers.host ?? ""}` && origin !== door.publicOrigin && !config.trustedOrigins.includes(origin.toLowerCase())) {
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
  if (door.oauth?.resource.serveMetadata(path, res)) return;
  if (door.oauth?.serve && (await door.oauth.serve(req, res, path))) return;
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
  // HTTP-7: a version this server does not speak, in either era, is named with the ones it does.
  const version = req.headers["mcp-protocol-version"];
  if (typeof version === "string" && !PROTOCOL_VERSIONS.includes(version)) {
    res.writeHead(400, { "content-type": "application/json" }).end(
      JSON.stringify({ jsonrpc: "2.0", error: { code: -32022, message: `Unsupported protocol version: ${version}`, data: { supported: PROTOCOL_VERSIONS, requested: version } }, id: null }),
    );
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
  // §9.10: in OAuth mode only a bearer token GitLab vouches for gets this far (resource.ts answers the rest).
  const token = door.oauth ? await door.oauth.resource.admit(req, res, address, (key) => door.budget.refused(address, key)) : credential(req);
  if (!token) {
    if (!door.oauth) jsonRpcError(res, 401, -40100, `${AUTH_REQUIRED}.`, CHALLENGE);
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
  if (admission.kind === "granular") {
    // SAF-41: GitLab accepted the token, so this is no failed authentication: 403, not charged.
    log.info("fine-grained credential cannot read its own user", { credential: tokenTail(token), address, instance: selection.instance });
    jsonRpcError(res, 403, -40300, GRANULAR_USER_REFUSED);
    return;
  }
  if (admission.kind === "rejected") {
    await door.budget.refused(address, admission.key);
    log.info("credential refused by GitLab", { credential: tokenTail(token), address, instance: selection.instance });
    const challenge = door.oauth ? { "www-authenticate": `Bearer error="invalid_token", resource_metadata="${door.oauth.resource.metadataUrl}"` } : CHALLENGE;
    jsonRpcError(res, 401, -40100, `${door.oauth ? "GitLab refused the token: sign in again" : `${AUTH_REQUIRED}. GitLab refused the credential sent`}.`, challenge);
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
  res.on("close", () => door.pool.release(entry));
  const body = await readBody(req, MAX_BODY_BYTES);
  if (body === undefined) {
    // The rest of the body is still on its way: answer, then close the connection rather than read it.
    jsonRpcError(res, 413, -32600, `Request body too large: at most ${MAX_BODY_BYTES} bytes.`, { connection: "close" });
    return;
  }
  // The client going away aborts the request, and with it the call's GitLab requests (RES-11): that is
  // how a 2026-07-28 client cancels. A 2025-era client sends notifications/cancelled in a POST of its own.
  const gone = new AbortController();
  res.on("close", () => gone.abort());
  const message = parseMessage(body);
  const malformed = malformedParamsAnswer(message);
  if (malformed) {
    // The SDK would refuse the message without answering its id: answer it here (§5.10).
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(malformed));
    return;
  }
  const untrack = pending.track(entry.key, message, gone);
  try {
    const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, { method: "POST", headers: webHeaders(req), body, signal: gone.signal });
    const response = await door.mcp.fetch(request, { authInfo: { token: entry.token, clientId: entry.key.slice(0, 16), scopes: [], extra: { entry } } });
    await writeResponse(response, res);
  } finally {
    untrack();
  }
}
