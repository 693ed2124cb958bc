// The built server in OAuth mode on a known loopback port (its public URL must be known before it
// starts), for the OAuth tests.
import { createServer } from "node:net";
import { startHttp, type HttpServer } from "../helpers/http.js";
import type { GitLabSimulator } from "../sim/simulator.js";

/** A free loopback port, so the public URL is known before the server starts. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as { port: number };
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** The server in OAuth mode on a known port, against `sim`. */
export async function startOAuth(sim: GitLabSimulator, env: Record<string, string> = {}): Promise<HttpServer> {
  const port = await freePort();
  return startHttp(
    { GITLAB_URL: sim.url, GITLAB_MCP_AUTH_MODE: "oauth", GITLAB_MCP_PUBLIC_URL: `http://127.0.0.1:${port}`, GITLAB_MCP_RATE_LIMIT_RPS: "0", GITLAB_MCP_LOG_LEVEL: "debug", ...env },
    ["--http-addr", `127.0.0.1:${port}`],
  );
}

