// Configuration from command-line flags and the environment (BEHAVIOR §8): flags win over variables.
// An invalid value refuses the start with a message naming the variable and the accepted form (CFG-6).
import { parseArgs } from "node:util";
import type { LogLevel } from "./log.js";

/** The three projections of the catalog onto MCP tools (SUR-1). */
export type ToolSurface = "dynamic" | "meta" | "individual";

/** Settled configuration for one server process. */
export interface Config {
  readonly gitlabUrl: string;
  readonly token?: string;
  readonly surface: ToolSurface;
  readonly logLevel: LogLevel;
  readonly yolo: boolean;
  readonly yoloSource?: string;
  readonly embeddedResources: boolean;
  readonly clientCompat: "auto" | "off";
  readonly transport: "stdio" | "http";
  readonly httpAddr: string;
}

/** A configuration problem: exit 1 (bad value) or 2 (bad flag), per CFG-14. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

/** What the command line asked for besides configuration. */
export type Command = { kind: "help" } | { kind: "version" } | { kind: "serve"; config: Config };

const env = (e: NodeJS.ProcessEnv, name: string) => (e[name] === undefined || e[name] === "" ? undefined : e[name]);

/** CFG-2 booleans. */
export function parseBool(name: string, value: string): boolean {
  if (/^(true|1|t)$/i.test(value)) return true;
  if (/^(false|0|f)$/i.test(value)) return false;
  throw new ConfigError(`${name}=${value} is not a boolean: use true or false`, 1);
}

/** SAF-19: YOLO is on for 1, true or yes, any case; everything else is off. */
const yoloOn = (v: string) => /^(1|true|yes)$/i.test(v.trim());

/** Parses argv and the environment. */
export function parseCommand(argv: readonly string[], e: NodeJS.ProcessEnv): Command {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" },
        "tool-surface": { type: "string" },
        "log-level": { type: "string" },
        "yolo-mode": { type: "string" },
        "embedded-resources": { type: "string" },
        "client-compat": { type: "string" },
        transport: { type: "string" },
        http: { type: "boolean" },
        "http-addr": { type: "string" },
        "gitlab-url": { type: "string" },
      },
    }));
  } catch (err) {
    throw new ConfigError(`${(err as Error).message}. Run gitlab-mcp-server --help for the flags.`, 2);
  }
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };

  const surface = ((values["tool-surface"] as string | undefined) ?? env(e, "GITLAB_MCP_TOOL_SURFACE") ?? "dynamic").toLowerCase();
  if (!["dynamic", "meta", "individual"].includes(surface)) {
    throw new ConfigError(`GITLAB_MCP_TOOL_SURFACE=${surface} is not a tool surface: use dynamic, meta or individual`, 1);
  }
  const level = ((values["log-level"] as string | undefined) ?? env(e, "GITLAB_MCP_LOG_LEVEL") ?? "info").toLowerCase();
  const logLevel = level === "warning" ? "warn" : level;
  if (!["debug", "info", "warn", "error"].includes(logLevel)) throw new ConfigError(`GITLAB_MCP_LOG_LEVEL=${level} is not a level: use debug, info, warn or error`, 1);

  let yolo = false;
  let yoloSource: string | undefined;
  const yoloFlag = values["yolo-mode"] as string | undefined;
  if (yoloFlag !== undefined) [yolo, yoloSource] = [yoloOn(yoloFlag), "--yolo-mode"];
  else if (env(e, "GITLAB_MCP_YOLO_MODE") !== undefined) [yolo, yoloSource] = [yoloOn(env(e, "GITLAB_MCP_YOLO_MODE")!), "GITLAB_MCP_YOLO_MODE"];
  else if (env(e, "AUTOPILOT") !== undefined) [yolo, yoloSource] = [yoloOn(env(e, "AUTOPILOT")!), "AUTOPILOT"];

  const embedded = (values["embedded-resources"] as string | undefined) ?? env(e, "GITLAB_MCP_EMBEDDED_RESOURCES");
  const compat = (values["client-compat"] as string | undefined) ?? env(e, "GITLAB_MCP_CLIENT_COMPAT");
  const transport = values.http ? "http" : ((values.transport as string | undefined) ?? "stdio");
  if (transport !== "stdio" && transport !== "http") throw new ConfigError(`--transport ${transport} is not a transport: use stdio or http`, 2);

  const gitlabUrl = (values["gitlab-url"] as string | undefined) ?? env(e, "GITLAB_URL") ?? "https://gitlab.com";
  try {
    const u = new URL(gitlabUrl);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error();
  } catch {
    throw new ConfigError(`GITLAB_URL=${gitlabUrl} is not an http or https URL such as https://gitlab.example.com`, 1);
  }
  return {
    kind: "serve",
    config: {
      gitlabUrl,
      token: transport === "stdio" ? env(e, "GITLAB_TOKEN") : undefined,
      surface: surface as ToolSurface,
      logLevel: logLevel as LogLevel,
      yolo,
      ...(yolo ? { yoloSource } : {}),
      embeddedResources: embedded === undefined ? true : parseBool("GITLAB_MCP_EMBEDDED_RESOURCES", embedded),
      clientCompat: compat?.toLowerCase() === "off" ? "off" : "auto",
      transport,
      httpAddr: (values["http-addr"] as string | undefined) ?? "127.0.0.1:8080",
    },
  };
}

/** The --help text. */
export const HELP = `gitlab-mcp-server: the whole GitLab API for AI assistants over the Model Context Protocol.

Usage: gitlab-mcp-server [flags]

Runs on stdio by default, for an MCP client that launches it. Configuration comes from flags and
environment variables; flags win.

Environment:
  GITLAB_URL                       GitLab instance root (default https://gitlab.com); /api/v4 is accepted too
  GITLAB_TOKEN                     Personal, project, group or OAuth access token (stdio)
  GITLAB_MCP_TOOL_SURFACE          dynamic (default), meta or individual
  GITLAB_MCP_YOLO_MODE             true runs destructive actions without confirmation (AUTOPILOT is read when unset)
  GITLAB_MCP_EMBEDDED_RESOURCES    false leaves gitlab:// resources out of get results (default true)
  GITLAB_MCP_CLIENT_COMPAT         off disables client profiles (default auto)
  GITLAB_MCP_LOG_LEVEL             debug, info (default), warn or error; JSON lines on stderr

Flags:
  --tool-surface <s>               as GITLAB_MCP_TOOL_SURFACE
  --log-level <l>                  as GITLAB_MCP_LOG_LEVEL
  --yolo-mode <bool>               as GITLAB_MCP_YOLO_MODE
  --embedded-resources <bool>      as GITLAB_MCP_EMBEDDED_RESOURCES
  --client-compat <auto|off>       as GITLAB_MCP_CLIENT_COMPAT
  --http                           serve Streamable HTTP instead of stdio (same as --transport http)
  --http-addr <host:port>          HTTP listen address (default 127.0.0.1:8080)
  --gitlab-url <url>               as GITLAB_URL
  --version                        print the version and exit
  -h, --help                       print this help and exit
`;
