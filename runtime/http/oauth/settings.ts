// The OAuth settings of HTTP mode (BEHAVIOR §8.2, §9.10): GITLAB_MCP_AUTH_MODE, GITLAB_MCP_PUBLIC_URL,
// GITLAB_MCP_OAUTH_CACHE_TTL, GITLAB_MCP_OAUTH_CLIENT_UID, and the optional authorization proxy's
// GitLab application (GITLAB_MCP_OAUTH_APP_ID, GITLAB_MCP_OAUTH_APP_SECRET). Parsed in every mode so a
// bad value refuses the start the same way whatever the transport (CFG-6).

/** How HTTP requests authenticate. */
export interface OAuthSettings {
  /** legacy: a personal access token per request (§9.3); oauth: only OAuth bearer tokens (§9.10). */
  readonly mode: "legacy" | "oauth";
  /** The URL clients reach this server at, without a trailing slash (GITLAB_MCP_PUBLIC_URL). */
  readonly publicUrl?: string;
  /** HTTP-26: how long a verified token is trusted before GitLab is asked again. */
  readonly cacheTtlMs: number;
  /** Accepted OAuth application IDs; empty accepts any (GITLAB_MCP_OAUTH_CLIENT_UID). */
  readonly clientUids: readonly string[];
  /** The authorization proxy's GitLab application, when the operator configured one. */
  readonly proxy?: { readonly appId: string; readonly appSecret: string };
}

/** The flags of these settings, for node:util parseArgs (the secret has none: it would show in the process list). */
export const OAUTH_FLAGS = {
  "auth-mode": { type: "string" },
  "public-url": { type: "string" },
  "oauth-cache-ttl": { type: "string" },
  "oauth-client-uid": { type: "string" },
  "oauth-app-id": { type: "string" },
} as const;

type Fail = (message: string) => never;
type Read = (flag: string | undefined, variable: string) => string | undefined;

const MINUTE = 60_000;

/** Reads the settings; `fail` throws the caller's configuration error (exit 1). */
export function parseOAuthSettings(read: Read, fail: Fail, parseDuration: (text: string) => number | undefined): OAuthSettings {
  const modeText = (read("auth-mode", "GITLAB_MCP_AUTH_MODE") ?? "legacy").trim().toLowerCase();
  if (modeText !== "legacy" && modeText !== "oauth") fail(`GITLAB_MCP_AUTH_MODE=${modeText} is not an authentication mode: use legacy (a personal access token per request) or oauth`);
  const mode = modeText as OAuthSettings["mode"];
  const publicText = read("public-url", "GITLAB_MCP_PUBLIC_URL")?.trim();
  let publicUrl: string | undefined;
  if (publicText !== undefined) {
    const url = URL.canParse(publicText) ? new URL(publicText) : undefined;
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.search || url.hash) {
      fail(`GITLAB_MCP_PUBLIC_URL=${publicText} is not the URL clients reach this server at: give https://host[:port][/path] such as https://mcp.example.com`);
    }
    if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) fail(`GITLAB_MCP_PUBLIC_URL=${publicText} uses http: OAuth needs https except on a loopback address`);
    publicUrl = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  }
  if (mode === "oauth" && publicUrl === undefined) {
    fail("GITLAB_MCP_AUTH_MODE=oauth needs GITLAB_MCP_PUBLIC_URL: set it to the URL clients reach this server at, such as https://mcp.example.com (OAuth metadata names it)");
  }
  const ttlText = read("oauth-cache-ttl", "GITLAB_MCP_OAUTH_CACHE_TTL") ?? "15m";
  const cacheTtlMs = parseDuration(ttlText);
  if (cacheTtlMs === undefined || cacheTtlMs < MINUTE || cacheTtlMs > 120 * MINUTE) fail(`GITLAB_MCP_OAUTH_CACHE_TTL=${ttlText} is not a duration from 1m to 2h such as 15m`);
  const appId = read("oauth-app-id", "GITLAB_MCP_OAUTH_APP_ID")?.trim();
  const appSecret = read(undefined, "GITLAB_MCP_OAUTH_APP_SECRET")?.trim();
  if ((appId !== undefined) !== (appSecret !== undefined)) {
    fail("GITLAB_MCP_OAUTH_APP_ID and GITLAB_MCP_OAUTH_APP_SECRET go together: give the Application ID and Secret of the GitLab OAuth application, or neither");
  }
  if (appId !== undefined && mode !== "oauth") fail("GITLAB_MCP_OAUTH_APP_ID is set but GITLAB_MCP_AUTH_MODE is not oauth: set GITLAB_MCP_AUTH_MODE=oauth to run the authorization proxy");
  const uids = (read("oauth-client-uid", "GITLAB_MCP_OAUTH_CLIENT_UID") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  // The proxy's own application is always accepted: its tokens are the ones it hands out.
  if (appId !== undefined && uids.length > 0 && !uids.includes(appId)) uids.push(appId);
  return {
    mode,
    ...(publicUrl !== undefined ? { publicUrl } : {}),
    cacheTtlMs: cacheTtlMs!,
    clientUids: uids,
    ...(appId !== undefined ? { proxy: { appId, appSecret: appSecret! } } : {}),
  };
}

/**
 * HTTP-26 and §8.2, once the instances are known: OAuth mode sends people's tokens only to https
 * instances (http on loopback), and never without certificate verification to a remote one.
 */
export function checkOAuthInstances(settings: OAuthSettings, instances: readonly string[], skipTlsVerify: boolean, fail: Fail): void {
  if (settings.mode !== "oauth") return;
  for (const instance of instances) {
    const url = new URL(instance);
    if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) fail(`GITLAB_URL ${instance} uses http: OAuth mode sends people's tokens only to https instances (http only on a loopback address)`);
    if (skipTlsVerify && !isLoopbackHost(url.hostname)) fail(`GITLAB_MCP_SKIP_TLS_VERIFY is refused in OAuth mode for ${instance}: trust its CA with GITLAB_MCP_CA_FILE instead`);
  }
  if (settings.proxy && instances.length !== 1) fail(`GITLAB_MCP_OAUTH_APP_ID names one GitLab application: the authorization proxy serves one instance, and GITLAB_URL names ${instances.length}`);
}

export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127\./.test(h);
}
