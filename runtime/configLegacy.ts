// CFG-11: the configuration names an earlier release read, and what became of them.
// CFG-11: names the server no longer reads. The three safety switches refuse the start, because an
// operator relying on them would otherwise run unprotected; the others are ignored with a warning.
const REFUSED = { GITLAB_READ_ONLY: "GITLAB_MCP_READ_ONLY", GITLAB_SAFE_MODE: "GITLAB_MCP_SAFE_MODE", EXCLUDE_TOOLS: "GITLAB_MCP_EXCLUDE_TOOLS" };
const RENAMED: Record<string, string> = {
  TOOL_SURFACE: "GITLAB_MCP_TOOL_SURFACE",
  CAPABILITY_SURFACE: "GITLAB_MCP_CAPABILITY_SURFACE",
  META_PARAM_SCHEMA: "GITLAB_MCP_META_PARAM_SCHEMA",
  EMBEDDED_RESOURCES: "GITLAB_MCP_EMBEDDED_RESOURCES",
  CLIENT_COMPAT: "GITLAB_MCP_CLIENT_COMPAT",
  YOLO_MODE: "GITLAB_MCP_YOLO_MODE",
  UPLOAD_MAX_FILE_SIZE: "GITLAB_MCP_UPLOAD_MAX_FILE_SIZE",
  ACTION_TIMEOUT: "GITLAB_MCP_ACTION_TIMEOUT",
  MAX_HTTP_CLIENTS: "GITLAB_MCP_MAX_HTTP_CLIENTS",
  SESSION_TIMEOUT: "GITLAB_MCP_SESSION_TIMEOUT",
  SESSION_REVALIDATE_INTERVAL: "GITLAB_MCP_SESSION_REVALIDATE_INTERVAL",
  POOL_IDLE_TIMEOUT: "GITLAB_MCP_POOL_IDLE_TIMEOUT",
  DRAIN_DELAY: "GITLAB_MCP_DRAIN_DELAY",
  PUBLIC_URL: "GITLAB_MCP_PUBLIC_URL",
  TRUSTED_ORIGINS: "GITLAB_MCP_TRUSTED_ORIGINS",
  AUTH_MODE: "GITLAB_MCP_AUTH_MODE",
  RATE_LIMIT_RPS: "GITLAB_MCP_RATE_LIMIT_RPS",
  RATE_LIMIT_BURST: "GITLAB_MCP_RATE_LIMIT_BURST",
  GITLAB_TIER: "GITLAB_MCP_TIER",
  GITLAB_IGNORE_SCOPES: "GITLAB_MCP_IGNORE_SCOPES",
  GITLAB_SKIP_TLS_VERIFY: "GITLAB_MCP_SKIP_TLS_VERIFY",
};

/** The refusal of the start when a safety switch is set under its old name, else the warnings to log. */
export function legacyNames(e: NodeJS.ProcessEnv): { refusal: string } | { warnings: string[] } {
  for (const [old, now] of Object.entries(REFUSED)) {
    if (e[old] !== undefined) return { refusal: `${old} is no longer read and the server will not start while it is set: rename it to ${now}` };
  }
  const warnings = Object.entries(RENAMED)
    .filter(([old]) => e[old] !== undefined && e[old] !== "")
    .map(([old, now]) => `${old} is no longer read: rename it to ${now}`);
  for (const name of Object.keys(e).filter((n) => n.startsWith("OAUTH_") && e[n] !== "")) {
    warnings.push(`${name} is no longer read: rename it to GITLAB_MCP_${name}`);
  }
  return { warnings };
}
