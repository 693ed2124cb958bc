// Starts the built server in HTTP mode on a free loopback port and talks to it the way an MCP client
// or a load balancer would.
import { spawn, type ChildProcess } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CLI } from "./mcp.js";

/** A running HTTP server process. */
export interface HttpServer {
  readonly url: URL;
  readonly child: ChildProcess;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Spawns `gitlab-mcp-server --http` on 127.0.0.1:0 with exactly this environment (plus PATH). */
export async function startHttp(env: Record<string, string>, args: string[] = []): Promise<HttpServer> {
  const child = spawn(process.execPath, [CLI, "--http", "--http-addr", "127.0.0.1:0", ...args], { env: { PATH: process.env.PATH ?? "", GITLAB_MCP_TIER: "ultimate", ...env } });
  let err = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const address = await new Promise<string>((resolve, reject) => {
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString();
      const m = /"address":"([^"]+)"/.exec(err);
      if (m) resolve(m[1]);
    });
    void exited.then(() => reject(new Error(`server exited: ${err}`)));
  });
  return {
    url: new URL(`http://${address}/mcp`),
    child,
    stderr: () => err,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** One JSON-RPC POST, as a client without the SDK would send it. */
export function post(url: URL, headers: Record<string, string>, body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" }): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(body) });
}

/** An SDK client connected with these headers. */
export async function httpClient(url: URL, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "http-test", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

/** gitlab_execute_action branch.get on project 42. */
export const getBranch = (client: Client, branch = "main") =>
  client.callTool({ name: "gitlab_execute_action", arguments: { action: "branch.get", params: { project_id: 42, branch_name: branch } } }) as Promise<CallToolResult>;
