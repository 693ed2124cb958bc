// Builds the MCP server for one session on the SDK's low-level Server: tools/list serves the generated
// JSON Schemas verbatim and tools/call goes through the surface to executeAction (STYLE rules 19, 20).
// The low-level Server is the SDK's layer for servers that own dispatch and compute their tool set per
// session, which is what the catalog's surfaces are; McpServer would rebuild every tool per request and
// validate arguments with messages of its own (VAL-*). A tool call never ends in a JSON-RPC error
// except for an unknown tool name (ERR-1, IND-3).
//
// One factory serves both protocol eras (serveStdio on stdio, createMcpHandler over HTTP): the 2025
// era opens with initialize, the 2026-07-28 era sends its version, client identity and capabilities
// with every request. The only place the era shows is how a destructive confirmation reaches the user
// (confirmation.ts): the handler returns an input-required result in both eras, which the SDK turns
// into a real elicitation/create request on a 2025-era connection.
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CallToolResult,
  type ClientCapabilities,
  type JSONRPCRequest,
  type Result,
  type Implementation,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { catalog as fullCatalog, type Catalog } from "./catalog/index.js";
import type { Config } from "./config.js";
import type { Connection } from "./gitlab/transport.js";
import { RATE_LIMITED, RateLimiter, rateLimitText, type Charge, type Limiter } from "./ratelimit.js";
import type { ExecContext } from "./context.js";
import { GitLabClient, instanceRoot, timed, type GitLabApi } from "./gitlab/client.js";
import { progressReporter, retryProgress } from "./progress.js";
import { Logger, mayCarrySecret, redactDeep } from "./log.js";
import { toCallToolResult, type Outcome } from "./result.js";
import { DYNAMIC_INSTRUCTIONS, dynamicSurface } from "./surfaces/dynamic.js";
import { INDIVIDUAL_INSTRUCTIONS, individualSurface } from "./surfaces/individual.js";
import { META_INSTRUCTIONS, metaSurface } from "./surfaces/meta.js";
import type { Surface } from "./surfaces/types.js";
import { CONFIRMATION_LIMIT_MS, Confirmations, NeedsConfirmation } from "./confirmation.js";
import { learnCredential, relearned, type Credential } from "./policy/credential.js";
import { buildView, type SessionView } from "./policy/view.js";
import type { Era, Feature, SessionContext } from "./features.js";
import { catalogResources } from "./resources/index.js";
import { completions } from "./completion/index.js";
import { catalogPrompts } from "./prompts/index.js";
import { VERSION } from "./version.js";

/** What a session offers beside its tools (§7), in the order their capabilities are merged. */
const FEATURES: readonly Feature[] = [catalogResources, catalogPrompts, completions];

const SURFACES = { dynamic: dynamicSurface, meta: metaSurface, individual: individualSurface } as const;
const INSTRUCTIONS = { dynamic: DYNAMIC_INSTRUCTIONS, meta: META_INSTRUCTIONS, individual: INDIVIDUAL_INSTRUCTIONS } as const;

/** CFG-12: catalog methods wait this long for detection, then proceed with fallbacks. */
const READINESS_LIMIT_MS = 20_000;

/** The revision of the modern era this server speaks (the SDK's first, and so far only, modern revision). */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";

export type { Era } from "./features.js";

/** Everything one session needs. */
export interface SessionOptions {
  readonly config: Config;
  readonly token: string | undefined;
  readonly log: Logger;
  readonly catalog?: Catalog;
  /** The era the serving entry chose for this instance (its factory context); legacy when absent. */
  readonly era?: Era;
  /** What is known of the credential when the caller already learned it (HTTP keeps it per pool entry). */
  readonly credential?: Promise<Credential>;
  /**
   * Whether a 2025-era connection can carry a server-to-client request (stdio yes, stateless HTTP no,
   * SAF-17). The 2026-07-28 era needs no such channel: confirmation rides the call's own result.
   */
  readonly canElicit?: boolean;
  /** ERR-20 is applied to each result here (HTTP); false when the transport scans every line it writes (stdio). */
  readonly redactResults?: boolean;
  /** RES-14: the buckets this session draws on (HTTP: its credential's); by default one per process, if on. */
  readonly limiter?: Limiter;
  /** The GitLab client of the session's credential (HTTP: its pool entry's); by default one for config.gitlabUrl. */
  readonly client?: GitLabApi;
  /** The GitLab instance the session talks to (HTTP: the request's); by default config.gitlabUrl. */
  readonly instance?: string;
}

/** Creates the MCP server of one session (one stdio connection, or one HTTP request). */
export function createSession(options: SessionOptions): Server {
  const { config, log } = options;
  const era = options.era ?? "legacy";
  const catalog = options.catalog ?? fullCatalog;
  const limiter = options.limiter ?? (config.rateLimitRps > 0 ? new RateLimiter(config.rateLimitRps, config.rateLimitBurst) : undefined);
  /** RES-15/16: false, logged, when the request's bucket is empty. */
  const allowed = async (charge: Charge, what: string): Promise<boolean> => {
    if (!limiter || (await limiter.take(charge))) return true;
    log.info("call refused", { method: what, refusal_class: "rate_limit" });
    return false;
  };
  const client = options.client ?? new GitLabClient(config.gitlabUrl, options.token, `gitlab-mcp-server/${VERSION}`, log, connectionOf(config));
  const policy = { readOnly: config.readOnly, excludeTools: config.excludeTools, ignoreScopes: config.ignoreScopes };
  const fallback = buildView(catalog, policy, {});
  // initialize is answered at once and before any GitLab request (CFG-12, CMP-16): the credential is
  // read once the client has initialized, or at the first catalog method, whichever comes first.
  let current: { view: SessionView; surface: Surface } | undefined;
  let ready: Promise<unknown> | undefined;
  const learn = () => (options.token ? learnCredential(client, log, { tier: config.tier, instance: options.instance ?? config.gitlabUrl }) : Promise.resolve<Credential>(config.tier ? { tier: config.tier } : {}));
  const install = (credential: Credential) => {
    const view = buildView(catalog, policy, credential);
    current = { view, surface: SURFACES[config.surface](view, config.metaParamSchema) };
  };
  const start = () =>
    (ready ??= Promise.race([
      (options.credential ?? learn()).then((c) => buildView(catalog, policy, c)),
      new Promise<SessionView>((resolve) => setTimeout(() => resolve(fallback), READINESS_LIMIT_MS).unref()),
    ]).then((view) => {
      current = { view, surface: SURFACES[config.surface](view, config.metaParamSchema) };
      // SAF-32, HTTP-13: a stdio session re-reads its credential at every revalidation too (HTTP does it
      // per pool entry); a re-read that fails keeps what was learned before.
      if (!options.credential && options.token && config.http.revalidateMs > 0) {
        const timer = setInterval(() => {
          const before = current!.view.credential;
          void learn().then((next) => install(relearned(before, next)));
        }, config.http.revalidateMs);
        timer.unref();
        server.onclose = () => clearInterval(timer);
      }
    }));
  const surfaceNow = async () => {
    if (!current) await start();
    const { view, surface } = current!;
    if (view.refuseAll) throw new ProtocolError(-40300, view.refuseAll);
    return { view, surface };
  };
  const instructions = INSTRUCTIONS[config.surface];
  const confirmations = new Confirmations(options.token, options.instance ?? config.gitlabUrl);
  const instanceUrl = instanceRoot(options.instance ?? config.gitlabUrl);
  const server = new CatalogServer(
    { name: "gitlab-mcp-server", title: "GitLab MCP Server", version: VERSION },
    {
      capabilities: Object.assign({ tools: { listChanged: false } }, ...FEATURES.map((f) => f.capabilities(config))),
      instructions: `${instructions} Every result comes as Markdown and as structuredContent.`,
      // The confirmation's state comes back from the client: only what this server signed is read.
      requestState: { verify: confirmations.verify },
      // SAF-14: the user has five minutes to answer a 2025-era confirmation form.
      inputRequired: { roundTimeoutMs: CONFIRMATION_LIMIT_MS, maxRounds: 2 },
    },
  );

  server.oninitialized = () => void start();

  /** The context of a catalog action run on this session's behalf; tools/call adds confirmation and progress. */
  const execContext = (view: SessionView, signal: AbortSignal): ExecContext => ({
    client,
    log,
    yolo: config.yolo,
    safeMode: config.safeMode,
    allowQuickActions: config.allowQuickActions,
    embeddedResources: config.embeddedResources,
    maxResponseBytes: config.maxResponseBytes,
    routable: (id) => view.routable.byId.has(id),
    ...(view.credential.fineGrained ? { fineGrained: view.credential.fineGrained } : {}),
    instanceUrl,
    transport: config.transport,
    elicit: async () => "unavailable",
    signal,
  });
  const session: SessionContext = { config, log, era, surfaceNow, allowed, execContext };
  for (const feature of FEATURES) feature.install(server, session);

  server.setRequestHandler("tools/list", async () => {
    if (!(await allowed("list", "tools/list"))) throw new ProtocolError(RATE_LIMITED, rateLimitText("tools/list"));
    return { tools: [...(await surfaceNow()).surface.tools] };
  });

  server.setRequestHandler("tools/call", async (request, extra) => {
    const { name } = request.params;
    const codex = isCodex(server, extra, config);
    // RES-16: refused before anything else, so nothing reaches GitLab.
    if (!(await allowed("call", name))) return toCallToolResult({ kind: "refusal", text: rateLimitText(name) }, { roundPriorities: codex });
    const args = request.params.arguments ?? {};
    const { view, surface } = await surfaceNow();
    const gitlab = { ms: 0 };
    const progress = progressReporter(request.params._meta?.progressToken, extra);
    // RES-9: the deadline covers the whole call; the client's cancellation aborts it too (RES-11). The
    // timer is cleared when the call ends: AbortSignal.timeout would keep each call's signal, and what
    // listens to it, alive for the whole 65 minutes.
    const deadline = config.actionTimeoutMs > 0 ? new AbortController() : undefined;
    const timer = deadline && setTimeout(() => deadline.abort(new DOMException("The action deadline passed", "TimeoutError")), config.actionTimeoutMs);
    const signal = deadline ? AbortSignal.any([extra.mcpReq.signal, deadline.signal]) : extra.mcpReq.signal;
    const asked = confirmations.answer(name, args, extra);
    const ctx: ExecContext = {
      ...execContext(view, signal),
      client: timed(client, gitlab, retryProgress(progress)),
      // SAF-14 step 3: the answer this call came back with, or a question for the user when the client
      // can show one (a NeedsConfirmation the handler below turns into an input-required result).
      elicit: async (message) => asked ?? (canElicit(era, server, extra, options.canElicit) ? Promise.reject(new NeedsConfirmation(message)) : "unavailable"),
      progress,
    };
    const started = performance.now();
    let result: CallToolResult;
    try {
      const pending = surface.call(name, args, ctx);
      if (!pending) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name.length > 128 ? `${name.slice(0, 125)}...` : name}`);
      const answer = await pending;
      result = "kind" in answer ? toCallToolResult(answer as Outcome, { roundPriorities: codex }) : answer;
    } catch (e) {
      if (e instanceof NeedsConfirmation) {
        log.info("confirmation requested", { tool: name, era });
        return confirmations.ask(e.message, name, args);
      }
      if (e instanceof ProtocolError) throw e;
      log.error("unexpected error in tool call", { tool: name, stack: e instanceof Error ? e.stack : String(e) });
      result = toCallToolResult({ kind: "error", text: `${name}: unexpected error`, contentKind: "assistant" }, { roundPriorities: codex });
    } finally {
      clearTimeout(timer);
    }
    // gitlab_ms is time spent waiting on GitLab; the rest is this server's own overhead.
    log.debug("tool call", { tool: name, ms: round(performance.now() - started), gitlab_ms: round(gitlab.ms), is_error: result.isError === true });
    return options.redactResults === false ? result : redactResult(result);
  });
  return server;
}

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The SDK's Server less one step: it parses every tools/call result against the protocol's wire schema
 * before sending it. Our results all come from one writer whose shapes the tests check against every
 * declared output schema (CMP-7), and that parse copied each result: on 100-row pages it raised peak
 * memory from 67 to 99 MiB (bench, 300 calls). The request's envelope is still checked here (a string
 * name, object arguments: -32602 otherwise, §5.10), and the input-required seam that carries
 * confirmations in both eras stays the SDK's own.
 */
class CatalogServer extends Server {
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    if (method !== "tools/call") return super._wrapHandler(method, handler);
    const seam = (this as unknown as { _invokeInputRequiredCapableHandler(m: string, h: Handler, r: JSONRPCRequest, c: ServerContext): Promise<Result> })
      ._invokeInputRequiredCapableHandler;
    if (typeof seam !== "function") throw new Error("@modelcontextprotocol/server no longer has the input-required seam this server relies on");
    return (request, ctx) => {
      const params = request.params as { name?: unknown; arguments?: unknown } | undefined;
      const args = params?.arguments;
      if (typeof params?.name !== "string" || (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args)))) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid tools/call request: params.name must be a string and params.arguments an object");
      }
      return seam.call(this, "tools/call", handler, request, ctx);
    };
  }
}

/**
 * SAF-14 step 3: whether this request's client can show a confirmation. In the 2026-07-28 era each
 * request declares its capabilities; a 2025-era connection declared them at initialize and must also be
 * able to carry the server's request back (stdio and stateful HTTP can, stateless HTTP cannot, SAF-17).
 */
function canElicit(era: Era, server: Server, extra: ServerContext, transportCanElicit: boolean | undefined): boolean {
  if (era === "modern") return envelope<ClientCapabilities>(extra, CLIENT_CAPABILITIES_META_KEY)?.elicitation !== undefined;
  return transportCanElicit !== false && server.getClientCapabilities()?.elicitation !== undefined;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** A key of the request's 2026-07-28 envelope (the SDK lifts them out of _meta before the handler runs). */
const envelope = <T>(extra: ServerContext, key: string): T | undefined => (extra.mcpReq.envelope as Record<string, T> | undefined)?.[key];

/** CMP-2: a session whose client names itself Codex gets priorities rounded (unless compat is off). */
function isCodex(server: Server, extra: ServerContext, config: Config): boolean {
  if (config.clientCompat === "off") return false;
  // The 2026-07-28 era names the client in each request; a 2025-era connection named it at initialize.
  const info = envelope<Implementation>(extra, CLIENT_INFO_META_KEY) ?? server.getClientVersion();
  return /codex/i.test(`${info?.name ?? ""} ${(info as { title?: string } | undefined)?.title ?? ""}`);
}

// ERR-20: the last line of defence: no text leaving the server carries a registered credential.
function redactResult(result: CallToolResult): CallToolResult {
  const text = JSON.stringify(result);
  if (!mayCarrySecret(text)) return result;
  return redactDeep(result) as CallToolResult;
}

/** The TLS settings a GitLab client takes from the configuration (§8.2). */
export function connectionOf(config: Config): Connection {
  return { skipTlsVerify: config.skipTlsVerify, ...(config.extraCa ? { extraCa: config.extraCa.pem } : {}) };
}
