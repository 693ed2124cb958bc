// Starts the built server in Streamable HTTP mode on a free loopback port, for the tests that judge it
// from outside (conformance suite, Inspector, load). The port comes from the server's own listening log
// line, so two test files never race for one.
import { spawn } from "node:child_process";
import type { GitLabSimulator } from "../sim/simulator.js";
import { CLI } from "./mcp.js";

/** A running HTTP server process. */
export interface HttpServer {
  /** The MCP endpoint, http://127.0.0.1:<port>/mcp. */
  readonly url: string;
  /** Everything the server wrote to stderr so far. */
  readonly stderr: string[];
  close(): Promise<void>;
}

/** Spawns `gitlab-mcp-server --http --http-addr 127.0.0.1:0` against the simulator; no GITLAB_TOKEN. */
export async function startHttpServer(options: { sim: GitLabSimulator; env?: Record<string, string> }): Promise<HttpServer> {
  const child = spawn(process.execPath, [CLI, "--http", "--http-addr", "127.0.0.1:0"], {
    env: { PATH: process.env.PATH ?? "", GITLAB_URL: options.sim.url, ...options.env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const stderr: string[] = [];
  const address = await new Promise<string>((resolve, reject) => {
    child.stderr.on("data", (c: Buffer) => {
      stderr.push(c.toString());
      const m = /"msg":"gitlab-mcp-server listening","address":"([^"]+)"/.exec(stderr.join(""));
      if (m) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code} before listening: ${stderr.join("")}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url: `http://${address}/mcp`,
    stderr,
    close: async () => {
      child.kill();
      await exited;
    },
  };
}
