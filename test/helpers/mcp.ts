// Drives the built server (dist/runtime/cli.js) through the SDK's real MCP Client over stdio, against
// the GitLab simulator, the way an assistant's client would.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { GitLabSimulator } from "../sim/simulator.js";

/** The token the simulator accepts by default. */
export const SIM_TOKEN = "glpat-simulator-token";

/** Path of the built server: the bundle that `npm run build` writes and `bin` names. */
export const CLI = new URL("../../runtime/gitlab-mcp-server.cjs", import.meta.url).pathname;

/** A connected client and what the server wrote to stderr. */
export interface Connection {
  readonly client: Client;
  readonly stderr: string[];
  close(): Promise<void>;
}

/** Spawns the server on stdio and connects an SDK Client to it. */
export async function connect(options: {
  sim?: GitLabSimulator;
  surface?: "dynamic" | "meta" | "individual";
  env?: Record<string, string>;
  args?: string[];
  clientName?: string;
  capabilities?: Record<string, unknown>;
  /** Keep the start-up requests (scope detection) in the simulator's log instead of clearing them. */
  keepLog?: boolean;
}): Promise<Connection> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    GITLAB_URL: options.sim?.url ?? "http://127.0.0.1:9",
    GITLAB_TOKEN: SIM_TOKEN,
    GITLAB_MCP_TOOL_SURFACE: options.surface ?? "dynamic",
    // The whole catalog unless a test detects the tier (GITLAB_MCP_TIER "" detects it, CAT-19).
    GITLAB_MCP_TIER: "ultimate",
    ...options.env,
  };
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, ...(options.args ?? [])], env, stderr: "pipe" });
  const stderr: string[] = [];
  transport.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const client = new Client({ name: options.clientName ?? "gitlab-mcp-server-tests", version: "1.0.0" }, { capabilities: options.capabilities ?? {} });
  await client.connect(transport);
  // Like a real client, list the tools first: that waits until the session has read its token's
  // scopes, so the start-up requests are done before a test looks at what reached GitLab.
  await client.listTools().catch(() => undefined);
  if (options.sim && !options.keepLog) options.sim.clearLog();
  return { client, stderr, close: () => client.close() };
}

/** The three surfaces, for tests that run one table on each. */
export const SURFACES = ["dynamic", "meta", "individual"] as const;
export type SurfaceName = (typeof SURFACES)[number];

/** Calls an action by canonical ID in the form the surface expects. */
export async function callAction(
  conn: Connection,
  surface: SurfaceName,
  id: string,
  params: Record<string, unknown>,
  confirm = false,
): Promise<CallToolResult> {
  const [domain, action] = id.split(".");
  let request: { name: string; arguments: Record<string, unknown> };
  if (surface === "dynamic") request = { name: "gitlab_execute_action", arguments: { action: id, params, ...(confirm ? { confirm: true } : {}) } };
  else if (surface === "meta") request = { name: `gitlab_${domain}`, arguments: { action, params: { ...params, ...(confirm ? { confirm: true } : {}) } } };
  else request = { name: `gitlab_${domain}_${action}`, arguments: { ...params, ...(confirm ? { confirm: true } : {}) } };
  return (await conn.client.callTool(request)) as CallToolResult;
}

/** The Markdown text of a result's first block. */
export function text(result: CallToolResult): string {
  const block = result.content[0];
  return block?.type === "text" ? block.text : "";
}
