// Configuration from command-line flags and the environment (BEHAVIOR §8): flags win over variables.
// An invalid value refuses the start with a message naming the variable and the accepted form (CFG-6).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { LogLevel } from "./log.js";
import type { Tier } from "./catalog/types.js";
import { HTTP_FLAGS, parseHttpSettings, type HttpSettings } from "./configHttp.js";
import { instanceRoot } from "./gitlab/client.js";
import { legacyNames } from "./configLegacy.js";
import { parseDuration, parseSize } from "./configValues.js";

export { parseDuration, parseSize };
import { checkOAuthInstances } from "./http/oauth/settings.js";

/** The three projections of the catalog onto MCP tools (SUR-1). */
export type ToolSurface = "dynamic" | "meta" | "individual";

/** Settled configuration for one server process. */
export interface Config {
  /** The instance of stdio sessions: the first of gitlabUrls. */
  readonly gitlabUrl: string;
  /** §9.5: every published instance, canonical (scheme and host lower-cased, no default port, no trailing slash). */
  readonly gitlabUrls: readonly string[];
  /** §8.2 HTTP mode: pool, budgets, shutdown, proxies, shared store. */
  readonly http: HttpSettings;
  readonly token?: string;
  readonly surface: ToolSurface;
  /** RPC-1: `minimal` serves only gitlab://tools and gitlab://tools/{id} beside the tools. */
  readonly capabilitySurface: "full" | "minimal";
  readonly logLevel: LogLevel;
  readonly yolo: boolean;
  readonly yoloSource?: string;
  readonly embeddedResources: boolean;
  readonly clientCompat: "auto" | "off";
  readonly transport: "stdio" | "http";
  readonly httpAddr: string;
  /** §3.2: only read actions are routable. */
  readonly readOnly: boolean;
  /** §3.3: mutating actions answer a preview instead of running. */
  readonly safeMode: boolean;
  /** §3.6: canonical IDs, domains, meta tool names or individual tool names, lower-cased. */
  readonly excludeTools: readonly string[];
  /** SAF-30: skip the narrowing by token scopes (never the read_api minimum). */
  readonly ignoreScopes: boolean;
  /** VAL-14: send comment and description lines that GitLab runs as quick actions. */
  readonly allowQuickActions: boolean;
  /** RES-17: the largest Markdown or JSON part of a result, in bytes. */
  readonly maxResponseBytes: number;
  /** HTTP-18: browser origins allowed besides the request's own (GITLAB_MCP_TRUSTED_ORIGINS). */
  readonly trustedOrigins: readonly string[];
  /** RES-9: every call's deadline in milliseconds; 0 disables it. */
  readonly actionTimeoutMs: number;
  /** §8.2: certificate verification toward GitLab is off (GITLAB_MCP_SKIP_TLS_VERIFY). */
  readonly skipTlsVerify: boolean;
  /** §8.2: extra trusted CAs (PEM) from GITLAB_MCP_CA_FILE, or SSL_CERT_FILE when that is unset. */
  readonly extraCa?: { readonly source: string; readonly pem: string };
  /** RES-14: requests per second per credential (HTTP) or process (stdio); 0 turns the limiter off. */
  readonly rateLimitRps: number;
  /** RES-14: how many requests may come at once before the rate applies. */
  readonly rateLimitBurst: number;
  /** CAT-19: the instance tier the operator set (GITLAB_MCP_TIER); undefined detects it. */
  readonly tier?: Tier;
  /** META-3: how the meta tools describe params in tools/list. */
  readonly metaParamSchema: "opaque" | "compact" | "full";
  /** Warnings to log once the logger exists (renamed variables, CFG-11). */
  readonly warnings: readonly string[];
}

/** A configuration problem: exit 1 (bad value) or 2 (bad flag), per CFG-14. */
export { HELP } from "./help.js";

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

// Boolean flags may stand bare (`--read-only`) or carry a value (`--read-only=false`).
const BOOL_FLAGS = new Set(["--read-only", "--safe-mode", "--ignore-scopes", "--allow-quick-actions", "--yolo-mode", "--embedded-resources", "--skip-tls-verify"]);

/** Parses argv and the environment. */
export function parseCommand(argv: readonly string[], e: NodeJS.ProcessEnv): Command {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv.map((a) => (BOOL_FLAGS.has(a) ? `${a}=true` : a)),
      strict: true,
      allowPositionals: false,
      options: {
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" },
        "tool-surface": { type: "string" },
        "capability-surface": { type: "string" },
        "log-level": { type: "string" },
        "yolo-mode": { type: "string" },
        "embedded-resources": { type: "string" },
        "client-compat": { type: "string" },
        transport: { type: "string" },
        http: { type: "boolean" },
        "http-addr": { type: "string" },
        "gitlab-url": { type: "string", multiple: true },
        "read-only": { type: "string" },
        "safe-mode": { type: "string" },
        "exclude-tools": { type: "string" },
        "ignore-scopes": { type: "string" },
        "allow-quick-actions": { type: "string" },
        "meta-param-schema": { type: "string" },
        tier: { type: "string" },
        "action-timeout": { type: "string" },
        "trusted-origins": { type: "string" },
        "max-response-bytes": { type: "string" },
        "skip-tls-verify": { type: "string" },
        "ca-file": { type: "string" },
        "rate-limit-rps": { type: "string" },
        "rate-limit-burst": { type: "string" },
        ...HTTP_FLAGS,
      },
    }));
  } catch (err) {
    throw new ConfigError(`${(err as Error).message}. Run gitlab-mcp-server --help for the flags.`, 2);
  }
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  const legacy = legacyNames(e);
  if ("refusal" in legacy) throw new ConfigError(legacy.refusal, 1);
  const { warnings } = legacy;
  // A boolean flag may be given bare (--read-only) or with a value (--read-only=false).
  const bool = (flag: string, variable: string): boolean => {
    const v = values[flag] as string | undefined;
    if (v !== undefined) return parseBool(`--${flag}`, v);
    const fromEnv = env(e, variable);
    return fromEnv === undefined ? false : parseBool(variable, fromEnv);
  };

  const surface = ((values["tool-surface"] as string | undefined) ?? env(e, "GITLAB_MCP_TOOL_SURFACE") ?? "dynamic").toLowerCase();
  if (!["dynamic", "meta", "individual"].includes(surface)) {
    throw new ConfigError(`GITLAB_MCP_TOOL_SURFACE=${surface} is not a tool surface: use dynamic, meta or individual`, 1);
  }
  const capabilitySurface = ((values["capability-surface"] as string | undefined) ?? env(e, "GITLAB_MCP_CAPABILITY_SURFACE") ?? "full").toLowerCase();
  if (capabilitySurface !== "full" && capabilitySurface !== "minimal") {
    throw new ConfigError(`GITLAB_MCP_CAPABILITY_SURFACE=${capabilitySurface} is not a capability surface: use full or minimal`, 1);
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

  const metaParamSchema = ((values["meta-param-schema"] as string | undefined) ?? env(e, "GITLAB_MCP_META_PARAM_SCHEMA") ?? "opaque").toLowerCase();
  if (!["opaque", "compact", "full"].includes(metaParamSchema)) {
    throw new ConfigError(`GITLAB_MCP_META_PARAM_SCHEMA=${metaParamSchema} is not a schema mode: use opaque, compact or full`, 1);
  }
  const tierText = ((values.tier as string | undefined) ?? env(e, "GITLAB_MCP_TIER"))?.trim().toLowerCase();
  const tier = tierText === undefined || tierText === "" ? undefined : tierText === "ce" ? "free" : tierText;
  if (tier !== undefined && !["free", "premium", "ultimate"].includes(tier)) {
    throw new ConfigError(`GITLAB_MCP_TIER=${tierText} is not a tier: use free (or ce), premium or ultimate, or leave it unset to detect it`, 1);
  }
  const timeoutText = (values["action-timeout"] as string | undefined) ?? env(e, "GITLAB_MCP_ACTION_TIMEOUT") ?? "65m";
  const actionTimeoutMs = timeoutText === "0" ? 0 : parseDuration(timeoutText);
  if (actionTimeoutMs === undefined || actionTimeoutMs > 24 * 3_600_000 || (actionTimeoutMs === 0 && timeoutText !== "0")) {
    throw new ConfigError(`GITLAB_MCP_ACTION_TIMEOUT=${timeoutText} is not a duration of at most 24h such as 90s, 15m or 1h30m (0 disables it)`, 1);
  }
  const sizeText = (values["max-response-bytes"] as string | undefined) ?? env(e, "GITLAB_MCP_MAX_RESPONSE_BYTES") ?? "64KB";
  const maxResponseBytes = parseSize(sizeText);
  if (maxResponseBytes === undefined || maxResponseBytes < 16 * 1024 || maxResponseBytes > 4 * 1024 * 1024) {
    throw new ConfigError(`GITLAB_MCP_MAX_RESPONSE_BYTES=${sizeText} is not a size from 16KB to 4MB, such as 64KB or 1MB`, 1);
  }
  const gitlabUrls = instances(values["gitlab-url"] as string[] | undefined, env(e, "GITLAB_URL"), transport);
  const rpsText = (values["rate-limit-rps"] as string | undefined) ?? env(e, "GITLAB_MCP_RATE_LIMIT_RPS") ?? (transport === "http" ? "10" : "0");
  const rateLimitRps = Number(rpsText);
  if (!/^\d+(\.\d+)?$/.test(rpsText.trim()) || rateLimitRps > 1000) {
    throw new ConfigError(`GITLAB_MCP_RATE_LIMIT_RPS=${rpsText} is not a rate from 0 (off) to 1000 requests a second`, 1);
  }
  const burstText = (values["rate-limit-burst"] as string | undefined) ?? env(e, "GITLAB_MCP_RATE_LIMIT_BURST") ?? "40";
  const rateLimitBurst = Number(burstText);
  if (!/^\d+$/.test(burstText.trim()) || rateLimitBurst < 1) throw new ConfigError(`GITLAB_MCP_RATE_LIMIT_BURST=${burstText} is not a whole number of at least 1`, 1);
  const caFile = (values["ca-file"] as string | undefined) ?? env(e, "GITLAB_MCP_CA_FILE");
  let extraCa: Config["extraCa"];
  if (caFile !== undefined) {
    extraCa = { source: caFile, pem: readPem(caFile) };
    if (extraCa.pem === "") throw new ConfigError(`GITLAB_MCP_CA_FILE=${caFile} cannot be read or holds no PEM certificate: give a readable PEM bundle`, 1);
  } else if (env(e, "SSL_CERT_FILE") !== undefined) {
    // SSL_CERT_FILE is the system's setting, not ours: a bad one is reported, not fatal.
    const pem = readPem(env(e, "SSL_CERT_FILE")!);
    if (pem !== "") extraCa = { source: env(e, "SSL_CERT_FILE")!, pem };
    else warnings.push(`SSL_CERT_FILE=${env(e, "SSL_CERT_FILE")!} cannot be read or holds no PEM certificate: it is ignored`);
  }
  const configFail = (message: string): never => {
    throw new ConfigError(message, 1);
  };
  const http = parseHttpSettings(values, e, configFail, parseDuration);
  if (transport === "http") checkOAuthInstances(http.oauth, gitlabUrls, bool("skip-tls-verify", "GITLAB_MCP_SKIP_TLS_VERIFY"), configFail);
  return {
    kind: "serve",
    config: {
      gitlabUrl: gitlabUrls[0],
      gitlabUrls,
      http,
      token: transport === "stdio" ? env(e, "GITLAB_TOKEN") : undefined,
      surface: surface as ToolSurface,
      capabilitySurface,
      logLevel: logLevel as LogLevel,
      yolo,
      ...(yolo ? { yoloSource } : {}),
      embeddedResources: embedded === undefined ? true : parseBool("GITLAB_MCP_EMBEDDED_RESOURCES", embedded),
      clientCompat: compat?.toLowerCase() === "off" ? "off" : "auto",
      transport,
      httpAddr: (values["http-addr"] as string | undefined) ?? "127.0.0.1:8080",
      readOnly: bool("read-only", "GITLAB_MCP_READ_ONLY"),
      safeMode: bool("safe-mode", "GITLAB_MCP_SAFE_MODE"),
      excludeTools: list((values["exclude-tools"] as string | undefined) ?? env(e, "GITLAB_MCP_EXCLUDE_TOOLS")),
      ignoreScopes: bool("ignore-scopes", "GITLAB_MCP_IGNORE_SCOPES"),
      allowQuickActions: bool("allow-quick-actions", "GITLAB_MCP_ALLOW_QUICK_ACTIONS"),
      metaParamSchema: metaParamSchema as Config["metaParamSchema"],
      ...(tier ? { tier: tier as Tier } : {}),
      skipTlsVerify: bool("skip-tls-verify", "GITLAB_MCP_SKIP_TLS_VERIFY"),
      rateLimitRps,
      rateLimitBurst,
      ...(extraCa ? { extraCa } : {}),
      actionTimeoutMs,
      maxResponseBytes,
      trustedOrigins: list((values["trusted-origins"] as string | undefined) ?? env(e, "GITLAB_MCP_TRUSTED_ORIGINS")),
      warnings,
    },
  };
}

/**
 * §9.5: the published instances, from repeated --gitlab-url flags or a comma list in either. stdio
 * talks to one instance and defaults to gitlab.com; HTTP mode names its instances explicitly, since a
 * replica must not quietly send its clients' tokens to an instance the operator did not choose.
 */
function instances(flags: string[] | undefined, variable: string | undefined, transport: string): string[] {
  const name = flags ? "--gitlab-url" : "GITLAB_URL";
  const given = (flags ?? (variable === undefined ? [] : [variable])).flatMap((v) => v.split(",")).map((v) => v.trim()).filter((v) => v !== "");
  if (given.length === 0) {
    if (transport === "http") throw new ConfigError("GITLAB_URL is required in HTTP mode: set it (or --gitlab-url) to the instance root such as https://gitlab.example.com, a comma list for several", 1);
    return ["https://gitlab.com"];
  }
  if (transport === "stdio" && given.length > 1) throw new ConfigError(`${name} names ${given.length} instances: stdio talks to one, give a single URL such as https://gitlab.example.com`, 1);
  const roots = given.map((url) => {
    try {
      return instanceRoot(url);
    } catch {
      throw new ConfigError(`${name}=${url} is not an http or https URL such as https://gitlab.example.com`, 1);
    }
  });
  return [...new Set(roots)];
}

/** The PEM certificates of a file, or "" when it cannot be read or holds none. */
function readPem(file: string): string {
  try {
    const certs = readFileSync(file, "utf8").match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
    return certs ? certs.join("\n") + "\n" : "";
  } catch {
    return "";
  }
}

/** CFG-5 lists: comma-separated, trimmed, empty items ignored (lower-cased: exclusions match in any case). */
function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length > 0);
}
