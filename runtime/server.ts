// Builds the MCP server for one session on the SDK's low-level Server: tools/list serves the generated
// JSON Schemas verbatim and tools/call goes through the surface to executeAction (STYLE rules 19, 20).
// A tool call never ends in a JSON-RPC error except for an unknown tool name (ERR-1, IND-3).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { catalog as fullCatalog, type Catalog } from "./catalog/index.js";
import type { Config } from "./config.js";
import type { ExecContext } from "./execute.js";
import { GitLabClient } from "./gitlab/client.js";
import { Logger, redact } from "./log.js";
import { toCallToolResult, type Outcome } from "./result.js";
import { dynamicSurface } from "./surfaces/dynamic.js";
import { individualSurface } from "./surfaces/individual.js";
import { metaSurface } from "./surfaces/meta.js";
import type { Surface } from "./surfaces/types.js";
import { VERSION } from "./version.js";

const SURFACES = { dynamic: dynamicSurface, meta: metaSurface, individual: individualSurface } as const;

/** Everything one session needs. */
export interface SessionOptions {
  readonly config: Config;
  readonly token: string | undefined;
  readonly log: Logger;
  readonly catalog?: Catalog;
}

/** Creates the MCP server of one session (one stdio connection, or one HTTP request when stateless). */
export function createSession(options: SessionOptions): Server {
  const { config, log } = options;
  const catalog = options.catalog ?? fullCatalog;
  const surface: Surface = SURFACES[config.surface](catalog);
  const client = new GitLabClient(config.gitlabUrl, options.token, `gitlab-mcp-server/${VERSION}`);
  const server = new Server(
    { name: "gitlab-mcp-server", title: "GitLab MCP Server", version: VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: `${surface.instructions} Every result comes as Markdown and as structuredContent.` },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...surface.tools] }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const ctx: ExecContext = {
      client,
      log,
      yolo: config.yolo,
      embeddedResources: config.embeddedResources,
      routable: (id) => catalog.byId.has(id),
      signal: extra.signal,
    };
    const started = Date.now();
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
    log.debug("tool call", { tool: name, ms: Date.now() - started, is_error: result.isError === true });
    return redactResult(result);
  });
  return server;
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
  const clean = redact(text);
  return clean === text ? result : (JSON.parse(clean) as CallToolResult);
}
