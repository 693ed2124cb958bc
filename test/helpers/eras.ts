// The two protocol eras through real clients: the v2 SDK Client speaks 2026-07-28 (or negotiates it), the
// v1 Client the rest of the suite uses speaks the 2025 era. Each can reach the built server over stdio
// or over Streamable HTTP.
import { Client, StreamableHTTPClientTransport, type ClientCapabilities } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as LegacyStdio } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as LegacyHttp } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { after, before } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { startHttp as spawnHttp, type HttpServer } from "./http.js";
import { CLI, SIM_TOKEN } from "./mcp.js";

export type { HttpServer };

export type Transport = "stdio" | "http";
export type Era = "legacy" | "modern";
export type Surface = "dynamic" | "meta" | "individual";

/** The server in HTTP mode on a free loopback port, against the simulator, with the rate limiter off. */
export const startHttp = (sim: GitLabSimulator, env: Record<string, string> = {}): Promise<HttpServer> =>
  spawnHttp({ GITLAB_URL: sim.url, GITLAB_MCP_RATE_LIMIT_RPS: "0", ...env });

/**
 * For one describe block: a simulator holding project 42 (group/project) with branch main, and the server
 * over HTTP against it; both stop after the block.
 */
export function simAndHttpServer(env: Record<string, string> = {}): { sim: GitLabSimulator; server: HttpServer } {
  const ctx = {} as { sim: GitLabSimulator; server: HttpServer };
  before(async () => {
    ctx.sim = await GitLabSimulator.start();
    ctx.sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    ctx.sim.addBranch(42, { name: "main" });
    ctx.server = await startHttp(ctx.sim, env);
  });
  after(async () => {
    await ctx.server.stop();
    await ctx.sim.close();
  });
  return ctx;
}

/** One connected client of either era: the calls the tests make, whichever SDK line runs them. */
export interface EraClient {
  readonly era: Era;
  /** The era the connection actually negotiated. */
  negotiated(): Era;
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(name: string, args: Record<string, unknown>, options?: { signal?: AbortSignal; onprogress?: (p: { progress: number; message?: string }) => void }): Promise<CallResult>;
  close(): Promise<void>;
  listPrompts(): Promise<{ prompts: { name: string; description?: string; arguments?: { name: string; description?: string; required?: boolean }[] }[] }>;
  getPrompt(name: string, args?: Record<string, string>): Promise<{ description?: string; messages: { role: string; content: { type: string; text?: string } }[] }>;
  /** Resources and completions, which both SDK lines call the same way. */
  readonly sdk: EraRequests;
}

/** The resource and completion requests of a client of either era. */
export interface EraRequests {
  getServerCapabilities(): Record<string, unknown> | undefined;
  listResources(): Promise<{ resources: { uri: string; mimeType?: string; name: string }[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: { uriTemplate: string; name: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: { uri: string; mimeType?: string; text?: string; blob?: string }[]; _meta?: Record<string, unknown> }>;
  complete(params: {
    ref: { type: "ref/resource"; uri: string } | { type: "ref/prompt"; name: string };
    argument: { name: string; value: string };
    context?: { arguments?: Record<string, string> };
  }): Promise<{ completion: { values: string[]; total?: number; hasMore?: boolean } }>;
}

export interface CallResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface ClientOptions {
  sim: GitLabSimulator;
  era: Era;
  transport: Transport;
  surface?: Surface;
  /** HTTP: the running server (the surface is then the server's). */
  http?: HttpServer;
  token?: string;
  env?: Record<string, string>;
  /** The client can show a confirmation form, and answers it this way. */
  confirm?: "accept" | "decline" | "cancel";
  /** How the client negotiates: pinned to 2026-07-28 (default for modern) or probing (`auto`). */
  negotiation?: "pin" | "auto";
}

const NAME = { name: "era-tests", version: "1.0.0" };

/** Connects a client of the given era over the given transport. */
export async function eraClient(o: ClientOptions): Promise<EraClient> {
  const token = o.token ?? SIM_TOKEN;
  const env = { PATH: process.env.PATH ?? "", GITLAB_URL: o.sim.url, GITLAB_TOKEN: token, GITLAB_MCP_TOOL_SURFACE: o.surface ?? "dynamic", ...o.env };
  const capabilities: ClientCapabilities = o.confirm ? { elicitation: { form: {} } } : {};
  const answer = () => (o.confirm === "accept" ? { action: "accept" as const, content: { confirm: true } } : { action: o.confirm! });
  if (o.era === "modern") {
    const client = new Client(NAME, { capabilities, versionNegotiation: { mode: o.negotiation === "auto" ? "auto" : { pin: "2026-07-28" } } });
    if (o.confirm) client.setRequestHandler("elicitation/create", async () => answer());
    const transport =
      o.transport === "stdio"
        ? new StdioClientTransport({ command: process.execPath, args: [CLI], env, stderr: "ignore" })
        : new StreamableHTTPClientTransport(new URL(o.http!.url), { requestInit: { headers: { "PRIVATE-TOKEN": token } } });
    await client.connect(transport);
    return {
      era: "modern",
      negotiated: () => client.getProtocolEra() as Era,
      listTools: () => client.listTools(),
      callTool: (name, args, options) =>
        client.callTool({ name, arguments: args }, { signal: options?.signal, onprogress: options?.onprogress, timeout: 60_000 }) as Promise<CallResult>,
      close: () => client.close(),
      listPrompts: () => client.listPrompts(),
      getPrompt: (name, args) => client.getPrompt({ name, arguments: args }, { timeout: 60_000 }),
      sdk: client as unknown as EraRequests,
    };
  }
  const client = new LegacyClient(NAME, { capabilities });
  if (o.confirm) {
    const { ElicitRequestSchema } = await import("@modelcontextprotocol/sdk/types.js");
    client.setRequestHandler(ElicitRequestSchema, async () => answer());
  }
  const transport =
    o.transport === "stdio"
      ? new LegacyStdio({ command: process.execPath, args: [CLI], env, stderr: "ignore" })
      : new LegacyHttp(new URL(o.http!.url), { requestInit: { headers: { "PRIVATE-TOKEN": token } } });
  await client.connect(transport);
  return {
    era: "legacy",
    negotiated: () => "legacy",
    listTools: () => client.listTools(),
    callTool: (name, args, options) =>
      client.callTool({ name, arguments: args }, undefined, { signal: options?.signal, onprogress: options?.onprogress, timeout: 60_000 }) as Promise<CallResult>,
    close: () => client.close(),
    listPrompts: () => client.listPrompts(),
    getPrompt: (name, args) => client.getPrompt({ name, arguments: args }, { timeout: 60_000 }),
    sdk: client as unknown as EraRequests,
  };
}

/** The request a surface expects for an action (as test/helpers/mcp.ts callAction builds it). */
export function toolCall(surface: Surface, id: string, params: Record<string, unknown>, confirm = false): { name: string; args: Record<string, unknown> } {
  const [domain, action] = id.split(".");
  if (surface === "dynamic") return { name: "gitlab_execute_action", args: { action: id, params, ...(confirm ? { confirm: true } : {}) } };
  if (surface === "meta") return { name: `gitlab_${domain}`, args: { action, params: { ...params, ...(confirm ? { confirm: true } : {}) } } };
  return { name: `gitlab_${domain}_${action}`, args: { ...params, ...(confirm ? { confirm: true } : {}) } };
}

export const textOf = (r: CallResult) => r.content[0]?.text ?? "";
