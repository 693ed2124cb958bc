// Builds the MCP server for one session on the SDK's low-level Server: tools/list serves the generated
// JSON Schemas verbatim and tools/call goes through the surface to executeAction (STYLE rules 19, 20).
// A tool call never ends in a JSON-RPC error except for an unknown tool name (ERR-1, IND-3).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { catalog as fullCatalog, type Catalog } from "./catalog/index.js";
import type { Config } from "./config.js";
import type { Connection } from "./gitlab/transport.js";
import { RATE_LIMITED, RateLimiter, rateLimitText, type Charge, type Limiter } from "./ratelimit.js";
import type { ExecContext } from "./execute.js";
import { GitLabClient, timed, type GitLabApi } from "./gitlab/client.js";
import { Logger, mayCarrySecret, redactDeep } from "./log.js";
import { toCallToolResult, type Outcome } from "./result.js";
import { DYNAMIC_INSTRUCTIONS, dynamicSurface } from "./surfaces/dynamic.js";
import { INDIVIDUAL_INSTRUCTIONS, individualSurface } from "./surfaces/individual.js";
import { META_INSTRUCTIONS, metaSurface } from "./surfaces/meta.js";
import type { Surface } from "./surfaces/types.js";
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Confirmation } from "./policy/gates.js";
import { detectScopes } from "./policy/scopes.js";
import { buildView, type SessionView, type TokenScopes } from "./policy/view.js";
import { CATALOG_URI, catalogDocument, catalogResource, detailDocument, detailTemplate } from "./resources.js";
import { VERSION } from "./version.js";

const SURFACES = { dynamic: dynamicSurface, meta: metaSurface, individual: individualSurface } as const;
const INSTRUCTIONS = { dynamic: DYNAMIC_INSTRUCTIONS, meta: META_INSTRUCTIONS, individual: INDIVIDUAL_INSTRUCTIONS } as const;

/** CFG-12: catalog methods wait this long for detection, then proceed with fallbacks. */
const READINESS_LIMIT_MS = 20_000;
/** SAF-14: how long the user has to answer a confirmation. */
const CONFIRMATION_LIMIT_MS = 5 * 60_000;

/** Everything one session needs. */
export interface SessionOptions {
  readonly config: Config;
  readonly token: string | undefined;
  readonly log: Logger;
  readonly catalog?: Catalog;
  /** The credential's scopes when the caller already knows them (HTTP caches them per token). */
  readonly scopes?: Promise<TokenScopes>;
  /** Whether the transport can carry a server-to-client request (stdio yes, stateless HTTP no, SAF-17). */
  readonly canElicit?: boolean;
  /** ERR-20 is applied to each result here (HTTP); false when the transport scans every line it writes (stdio). */
  readonly redactResults?: boolean;
  /** RES-14: the buckets this session draws on (HTTP: its credential's); by default one per process, if on. */
  readonly limiter?: Limiter;
  /** The GitLab client of the session's credential (HTTP: its pool entry's); by default one for config.gitlabUrl. */
  readonly client?: GitLabApi;
}

/** Creates the MCP server of one session (one stdio connection, or one HTTP request when stateless). */
export function createSession(options: SessionOptions): Server {
  const { config, log } = options;
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
  // initialize is answered at once and before any GitLab request (CFG-12, CMP-16): the scopes are read
  // once the client has initialized, or at the first catalog method, whichever comes first.
  let current: { view: SessionView; surface: Surface } | undefined;
  let ready: Promise<unknown> | undefined;
  const start = () =>
    (ready ??= Promise.race([
      (options.scopes ?? (options.token ? detectScopes(client, log) : Promise.resolve({}))).then((s) => buildView(catalog, policy, s)),
      new Promise<SessionView>((resolve) => setTimeout(() => resolve(fallback), READINESS_LIMIT_MS).unref()),
    ]).then((view) => (current = { view, surface: SURFACES[config.surface](view, config.metaParamSchema) })));
  const surfaceNow = async () => {
    if (!current) await start();
    const { view, surface } = current!;
    if (view.refuseAll) throw new McpError(-40300, view.refuseAll);
    return { view, surface };
  };
  const instructions = INSTRUCTIONS[config.surface];
  const server = new Server(
    { name: "gitlab-mcp-server", title: "GitLab MCP Server", version: VERSION },
    { capabilities: { tools: { listChanged: false }, resources: {} }, instructions: `${instructions} Every result comes as Markdown and as structuredContent.` },
  );

  server.oninitialized = () => void start();

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    if (!(await allowed("list", "tools/list"))) throw new McpError(RATE_LIMITED as ErrorCode, rateLimitText("tools/list"));
    return { tools: [...(await surfaceNow()).surface.tools] };
  });

  // gitlab://tools and gitlab://tools/{id} on every surface (MAN-1).
  server.setRequestHandler(ListResourcesRequestSchema, async () => (await surfaceNow(), { resources: [catalogResource] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => (await surfaceNow(), { resourceTemplates: [detailTemplate] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    if (!(await allowed("call", "resources/read"))) throw new McpError(RATE_LIMITED as ErrorCode, rateLimitText("resources/read"));
    const { view, surface } = await surfaceNow();
    const uri = request.params.uri;
    const doc = uri === CATALOG_URI ? catalogDocument(config.surface, view, surface.tools) : uri.startsWith(`${CATALOG_URI}/`) ? await detailDocument(config.surface, view, uri, log) : undefined;
    if (!doc) throw new McpError(-32002 as ErrorCode, `Resource not found: ${uri}`);
    return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(doc, null, 2) }] };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    // RES-16: refused before anything else, so nothing reaches GitLab.
    if (!(await allowed("call", name))) return toCallToolResult({ kind: "refusal", text: rateLimitText(name) }, { roundPriorities: isCodex(server, config) });
    const args = request.params.arguments ?? {};
    const { view, surface } = await surfaceNow();
    const gitlab = { ms: 0 };
    // RES-9: the deadline covers the whole call; the client's cancellation aborts it too (RES-11).
    const signal = config.actionTimeoutMs > 0 ? AbortSignal.any([extra.signal, AbortSignal.timeout(config.actionTimeoutMs)]) : extra.signal;
    const ctx: ExecContext = {
      client: timed(client, gitlab),
      log,
      yolo: config.yolo,
      safeMode: config.safeMode,
      allowQuickActions: config.allowQuickActions,
      embeddedResources: config.embeddedResources,
      maxResponseBytes: config.maxResponseBytes,
      routable: (id) => view.routable.byId.has(id),
      elicit: (message) => (options.canElicit === false ? Promise.resolve("unavailable") : confirm(server, message, extra.signal, log)),
      signal,
    };
    const started = performance.now();
    let result: CallToolResult;
    try {
      const pending = surface.call(name, args, ctx);
      if (!pending) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
      const answer = await pending;
      result = "kind" in answer ? toCallToolResult(answer as Outcome, { roundPriorities: isCodex(server, config) }) : answer;
    } catch (e) {
      if (e instanceof McpError) throw e;
      log.error("unexpected error in tool call", { tool: name, stack: e instanceof Error ? e.stack : String(e) });
      result = toCallToolResult({ kind: "error", text: `${name}: unexpected error`, contentKind: "assistant" }, { roundPriorities: isCodex(server, config) });
    }
    // gitlab_ms is time spent waiting on GitLab; the rest is this server's own overhead.
    log.debug("tool call", { tool: name, ms: round(performance.now() - started), gitlab_ms: round(gitlab.ms), is_error: result.isError === true });
    return options.redactResults === false ? result : redactResult(result);
  });
  return server;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** SAF-14 step 3: a form with one required boolean; no answer in time means the client cannot prompt. */
async function confirm(server: Server, message: string, signal: AbortSignal, log: Logger): Promise<Confirmation> {
  const elicitation = server.getClientCapabilities()?.elicitation as { form?: object } | undefined;
  if (!elicitation) return "unavailable";
  try {
    const result = await server.request(
      {
        method: "elicitation/create",
        params: {
          ...(elicitation.form ? { mode: "form" as const } : {}),
          message,
          requestedSchema: {
            type: "object",
            properties: { confirm: { type: "boolean", title: "Confirm", description: "Run this operation. It may be irreversible." } },
            required: ["confirm"],
          },
        },
      },
      ElicitResultSchema,
      { signal, timeout: CONFIRMATION_LIMIT_MS },
    );
    if (result.action === "accept") return result.content?.confirm === true ? "accept" : "decline";
    return result.action;
  } catch (e) {
    log.info("confirmation not answered", { error: e instanceof Error ? e.message : String(e) });
    return "unavailable";
  }
}

/** CMP-2: a session whose client names itself Codex gets priorities rounded (unless compat is off). */
function isCodex(server: Server, config: Config): boolean {
  if (config.clientCompat === "off") return false;
  const info = server.getClientVersion();
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
