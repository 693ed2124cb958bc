// The HTTP-mode settings of §8.2 and §8.3: the credential pool, the authentication failure budgets,
// shutdown, trusted proxies and the shared store of several replicas. Parsed in every mode, so a bad
// value refuses the start the same way whatever the transport (CFG-6); only HTTP mode uses them.
import { isIP } from "node:net";
import { OAUTH_FLAGS, parseOAuthSettings, type OAuthSettings } from "./http/oauth/settings.js";

/** Settings only the HTTP transport reads. */
export interface HttpSettings {
  /** HTTP-13: pool capacity (GITLAB_MCP_MAX_HTTP_CLIENTS). */
  readonly maxClients: number;
  /** HTTP-13: an entry unused this long is reclaimed (GITLAB_MCP_POOL_IDLE_TIMEOUT). */
  readonly poolIdleMs: number;
  /** HTTP-13: credentials are re-checked this often; 0 disables it (GITLAB_MCP_SESSION_REVALIDATE_INTERVAL). */
  readonly revalidateMs: number;
  /** HTTP-29: how long /health reports draining before the listener closes (GITLAB_MCP_DRAIN_DELAY). */
  readonly drainDelayMs: number;
  /** HTTP-22: refused credentials allowed per client address and window. */
  readonly authFailureLimit: number;
  readonly authFailureWindowMs: number;
  /** HTTP-23: distinct refused credentials allowed per client address and window. */
  readonly authDistinctLimit: number;
  readonly authDistinctWindowMs: number;
  /** HTTP-24: peers whose forwarding header is believed, and that header (flags only, both or neither). */
  readonly trustedProxies: readonly string[];
  readonly trustedProxyHeader?: string;
  /** Where replicas share rate-limit buckets and failure budgets (GITLAB_MCP_REDIS_URL); memory when unset. */
  readonly redisUrl?: string;
  /** §9.10: legacy or OAuth authentication, the public URL, and the optional authorization proxy. */
  readonly oauth: OAuthSettings;
}

/** The flags of these settings, for node:util parseArgs. */
export const HTTP_FLAGS = {
  "max-http-clients": { type: "string" },
  "pool-idle-timeout": { type: "string" },
  "revalidate-interval": { type: "string" },
  "drain-delay": { type: "string" },
  "auth-failure-limit": { type: "string" },
  "auth-failure-window": { type: "string" },
  "auth-distinct-token-limit": { type: "string" },
  "auth-distinct-token-window": { type: "string" },
  "trusted-proxies": { type: "string" },
  "trusted-proxy-header": { type: "string" },
  ...OAUTH_FLAGS,
} as const;

type Fail = (message: string) => never;
const HOUR = 3_600_000;

/** Reads the settings; `fail` throws the caller's configuration error (exit 1). */
export function parseHttpSettings(values: Record<string, unknown>, e: NodeJS.ProcessEnv, fail: Fail, parseDuration: (text: string) => number | undefined): HttpSettings {
  const read = (flag: string | undefined, variable: string | undefined): string | undefined => {
    const v = flag === undefined ? undefined : values[flag];
    if (typeof v === "string") return v;
    const fromEnv = variable === undefined ? undefined : e[variable];
    return fromEnv === undefined || fromEnv === "" ? undefined : fromEnv;
  };
  const whole = (flag: string, variable: string, fallback: number, min: number, max: number): number => {
    const text = read(flag, variable) ?? String(fallback);
    const n = Number(text.trim());
    if (!/^\d+$/.test(text.trim()) || n < min || n > max) fail(`${variable}=${text} is not a whole number from ${min} to ${max.toLocaleString("en-US")}`);
    return n;
  };
  // CFG-3: a bare 0 only where 0 disables the feature.
  const duration = (flag: string, variable: string, fallback: string, max: number, zero: "disables" | "allowed" | "refused", maxText: string): number => {
    const text = read(flag, variable) ?? fallback;
    const ms = text.trim() === "0" && zero !== "refused" ? 0 : parseDuration(text);
    const zeroHint = zero === "disables" ? " (0 disables it)" : zero === "allowed" ? " (0 for none)" : "";
    if (ms === undefined || ms > max || (ms === 0 && zero === "refused") || (ms === 0 && text.trim() !== "0")) {
      fail(`${variable}=${text} is not a duration of at most ${maxText} such as 90s, 15m or 1h30m${zeroHint}`);
    }
    return ms;
  };
  const proxies = (read("trusted-proxies", undefined) ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const p of proxies) if (isIP(p) === 0) fail(`--trusted-proxies entry ${p} is not an IP address: give a comma list such as 10.0.0.5,10.0.0.6`);
  const header = read("trusted-proxy-header", undefined)?.trim().toLowerCase();
  if ((proxies.length > 0) !== (header !== undefined)) {
    fail("--trusted-proxies and --trusted-proxy-header go together: give both (such as --trusted-proxies 10.0.0.5 --trusted-proxy-header X-Forwarded-For) or neither");
  }
  // No flag: a URL with a password would show in the process list.
  const redisUrl = read(undefined, "GITLAB_MCP_REDIS_URL");
  if (redisUrl !== undefined && (!/^rediss?:\/\/[^/]/.test(redisUrl) || !URL.canParse(redisUrl))) {
    fail(`GITLAB_MCP_REDIS_URL is not a Redis URL: use redis://[user:password@]host:port[/db], or rediss:// for TLS`);
  }
  return {
    maxClients: whole("max-http-clients", "GITLAB_MCP_MAX_HTTP_CLIENTS", 100, 1, 10_000),
    poolIdleMs: duration("pool-idle-timeout", "GITLAB_MCP_POOL_IDLE_TIMEOUT", "1h", 24 * HOUR, "refused", "24h"),
    revalidateMs: duration("revalidate-interval", "GITLAB_MCP_SESSION_REVALIDATE_INTERVAL", "15m", 24 * HOUR, "disables", "24h"),
    drainDelayMs: duration("drain-delay", "GITLAB_MCP_DRAIN_DELAY", "0", 5 * 60_000, "allowed", "5m"),
    authFailureLimit: whole("auth-failure-limit", "GITLAB_MCP_AUTH_FAILURE_LIMIT", 10, 1, 1_000_000),
    authFailureWindowMs: duration("auth-failure-window", "GITLAB_MCP_AUTH_FAILURE_WINDOW", "1m", 24 * HOUR, "refused", "24h"),
    authDistinctLimit: whole("auth-distinct-token-limit", "GITLAB_MCP_AUTH_DISTINCT_TOKEN_LIMIT", 50, 1, 1_000_000),
    authDistinctWindowMs: duration("auth-distinct-token-window", "GITLAB_MCP_AUTH_DISTINCT_TOKEN_WINDOW", "10m", 24 * HOUR, "refused", "24h"),
    trustedProxies: proxies,
    ...(header !== undefined ? { trustedProxyHeader: header } : {}),
    ...(redisUrl !== undefined ? { redisUrl } : {}),
    oauth: parseOAuthSettings((flag, variable) => read(flag, variable), fail, parseDuration),
  };
}
