// Streamable HTTP mode (§9), stateless: every POST to /mcp builds a session for the credential the
// request carries (PRIVATE-TOKEN or Authorization: Bearer). GITLAB_TOKEN is never read in this mode,
// so no server-side token is exposed to HTTP clients (§11 row 20).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Config } from "./config.js";
import { type Logger, registerSecret } from "./log.js";
import { createSession } from "./server.js";

function credential(req: IncomingMessage): string | undefined {
  const priv = req.headers["private-token"];
  if (typeof priv === "string" && priv.trim()) return priv.trim();
  const auth = req.headers.authorization;
  const m = typeof auth === "string" ? /^Bearer\s+(.+)$/i.exec(auth) : null;
  return m ? m[1].trim() : undefined;
}

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/** Listens on --http-addr until the process is stopped. */
export async function serveHttp(config: Config, log: Logger): Promise<void> {
  const [host, portText] = splitAddr(config.httpAddr);
  const server = createServer((req, res) => {
    void handle(req, res, config, log).catch((e: unknown) => {
      log.error("HTTP request failed", { stack: e instanceof Error ? e.stack : String(e) });
      if (!res.headersSent) jsonRpcError(res, 500, -32603, "Internal error");
    });
  });
  await new Promise<void>((resolve) => server.listen(Number(portText), host, resolve));
  const address = server.address();
  log.info("gitlab-mcp-server listening", { address: typeof address === "object" && address ? `${address.address}:${address.port}` : config.httpAddr });
  const stop = () => server.close(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

function splitAddr(addr: string): [string, string] {
  const i = addr.lastIndexOf(":");
  if (i <= 0) throw new Error(`--http-addr ${addr} is not HOST:PORT`);
  return [addr.slice(0, i).replace(/^\[|\]$/g, ""), addr.slice(i + 1)];
}

async function handle(req: IncomingMessage, res: ServerResponse, config: Config, log: Logger): Promise<void> {
  const path = (req.url ?? "/").split("?")[0];
  if (path === "/health") {
    res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
    return;
  }
  if (path !== "/mcp") {
    res.writeHead(404).end();
    return;
  }
  if (req.method !== "POST") {
    // Stateless mode has no server-to-client stream to resume and no session to delete.
    res.writeHead(405, { allow: "POST" }).end();
    return;
  }
  const token = credential(req);
  if (!token) {
    jsonRpcError(res, 401, -40100, "A GitLab token is required: send it as PRIVATE-TOKEN or Authorization: Bearer.");
    return;
  }
  registerSecret(token);
  const session = createSession({ config, token, log });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on("close", () => {
    void transport.close();
    void session.close();
  });
  await session.connect(transport);
  await transport.handleRequest(req, res);
}
