// The gitlab-mcp-server command (bundled into dist/runtime/server.cjs, started by launcher.cts): stdio by default, Streamable HTTP with --http. On stdio, stdout is the
// wire: nothing but JSON-RPC is written there (CFG-13); logs go to stderr.
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { screenedStdin } from "./envelope.js";
import { ConfigError, HELP, parseCommand } from "./config.js";
import { Transform, type Writable } from "node:stream";
import { Logger, mayCarrySecret, redact, redactDeep, registerSecret } from "./log.js";
import { catalog } from "./catalog/index.js";
import { unmatchedExclusions } from "./policy/view.js";
import { greetIfTerminal } from "./greeting.js";
import { RateLimiter } from "./ratelimit.js";
import { createSession } from "./server.js";
import { VERSION } from "./version.js";

async function main(): Promise<void> {
  let command;
  try {
    command = parseCommand(process.argv.slice(2), process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`gitlab-mcp-server: ${e.message}\n`);
      process.exit(e.exitCode);
    }
    throw e;
  }
  if (command.kind === "help" || command.kind === "version") {
    // Not a server run, so stdout is not the wire: print where a shell, a pipe or a script reads them.
    // eslint-disable-next-line no-restricted-syntax
    process.stdout.write(command.kind === "help" ? HELP : `gitlab-mcp-server ${VERSION}\n`);
    return;
  }
  const { config } = command;
  const log = new Logger(config.logLevel);
  registerSecret(config.token);
  for (const w of config.warnings) log.warn(w);
  for (const entry of unmatchedExclusions(catalog, config.excludeTools)) log.warn(`GITLAB_MCP_EXCLUDE_TOOLS entry "${entry}" matches no action`);
  if (config.skipTlsVerify) log.warn("GITLAB_MCP_SKIP_TLS_VERIFY is on: GitLab's certificate is not verified, so anyone on the network path can read the token");
  if (config.extraCa) log.info("trusting extra CA certificates", { file: config.extraCa.source });
  if (config.yolo) log.warn(`YOLO mode is on (${config.yoloSource}): destructive actions run without confirmation`);
  if (config.transport === "http") {
    // Loaded only for HTTP: the transport and its HTTP stack cost start-up time a stdio session does not need.
    const { serveHttp } = await import("./http.js");
    await serveHttp(config, log);
    return;
  }
  greetIfTerminal(config);
  if (!config.token) log.warn("GITLAB_TOKEN is not set: GitLab will answer only what is public");
  // One process, one set of rate-limit buckets (RES-14), whichever instance the connection is pinned to.
  const limiter = config.rateLimitRps > 0 ? new RateLimiter(config.rateLimitRps, config.rateLimitBurst) : undefined;
  // serveStdio picks the era from the client's opening (initialize, or a 2026-07-28 request) and pins one
  // session to the connection; a server/discover probe that falls back to initialize gets a throwaway one.
  const wire = redactingStdout();
  serveStdio(({ era }) => createSession({ config, token: config.token, log, era, limiter, redactResults: false }), {
    transport: new StdioServerTransport(screenedStdin(process.stdin, (line) => wire.write(line)), wire),
    onerror: (e) => log.warn("stdio connection error", { error: e.message }),
  });
  log.info("gitlab-mcp-server ready on stdio", { version: VERSION, surface: config.surface });
  log.debug("start-up", { code_cache: (globalThis as { __gitlabMcpCodeCache?: string }).__gitlabMcpCodeCache ?? "none", ms: Math.round(performance.now()) });
}

/**
 * The stdio transport's output, which it writes one serialised JSON-RPC message per call: each line is
 * scanned for a credential on its way to stdout (ERR-20), so every message is covered (results,
 * resources, errors) and nothing is serialised twice to check it. Piped, so stdout's backpressure holds.
 */
function redactingStdout(): Writable {
  const wire = new Transform({
    // The transport writes strings: keep them strings, instead of encoding each line to a Buffer only to
    // decode it again for the scan (for a 70 KB page that round trip was most of the wire's cost).
    decodeStrings: false,
    transform(chunk: string | Buffer, _encoding, done) {
      const line = typeof chunk === "string" ? chunk : chunk.toString("utf8");
      done(null, mayCarrySecret(line) ? redactLine(line) : line);
    },
  });
  wire.pipe(process.stdout);
  return wire;
}

/** A JSON-RPC line with every string redacted; the SDK writes one whole message per line. */
function redactLine(line: string): string {
  try {
    return `${JSON.stringify(redactDeep(JSON.parse(line)))}\n`;
  } catch {
    return redact(line);
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`gitlab-mcp-server: failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
