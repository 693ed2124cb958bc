// The text of `gitlab-mcp-server --help` (CFG-1..CFG-11 name every setting it lists).
/** The --help text. */
export const HELP = `gitlab-mcp-server: GitLab's API for AI assistants over the Model Context Protocol.

Usage: gitlab-mcp-server [flags]

Runs on stdio by default, for an MCP client that launches it. Configuration comes from flags and
environment variables; flags win.

Environment:
  GITLAB_URL                       GitLab instance root (default https://gitlab.com); /api/v4 is accepted too
  GITLAB_TOKEN                     Personal, project, group or OAuth access token (stdio)
  GITLAB_MCP_TOOL_SURFACE          dynamic (default), meta or individual
  GITLAB_MCP_CAPABILITY_SURFACE    full (default) serves data resources, guides and completions; minimal only gitlab://tools
  GITLAB_MCP_YOLO_MODE             true runs destructive actions without confirmation (AUTOPILOT is read when unset)
  GITLAB_MCP_EMBEDDED_RESOURCES    false leaves gitlab:// resources out of get results (default true)
  GITLAB_MCP_CLIENT_COMPAT         off disables client profiles (default auto)
  GITLAB_MCP_LOG_LEVEL             debug, info (default), warn or error; JSON lines on stderr
  GITLAB_MCP_READ_ONLY             true offers read actions only
  GITLAB_MCP_SAFE_MODE             true answers every write with a preview and sends nothing
  GITLAB_MCP_EXCLUDE_TOOLS         comma list of action IDs, domains or tool names to withhold
  GITLAB_MCP_IGNORE_SCOPES         true skips narrowing the catalog to the token's scopes
  GITLAB_MCP_ALLOW_QUICK_ACTIONS   true lets comments and descriptions carry GitLab quick actions
  GITLAB_MCP_META_PARAM_SCHEMA     opaque (default), compact or full: how meta tools list their params
  GITLAB_MCP_TIER                  free (or ce), premium or ultimate; detected from GitLab when unset
  GITLAB_MCP_ACTION_TIMEOUT        deadline of one call, such as 90s or 15m (default 65m, 0 disables)
  GITLAB_MCP_MAX_RESPONSE_BYTES    largest Markdown or JSON part of a result, 16KB to 4MB (default 64KB)
  GITLAB_MCP_RATE_LIMIT_RPS        requests a second per credential (HTTP, default 10) or process (stdio, default 0 = off)
  GITLAB_MCP_RATE_LIMIT_BURST      requests allowed at once before the rate applies (default 40)
  GITLAB_MCP_SKIP_TLS_VERIFY       true stops verifying GitLab's certificate (prefer GITLAB_MCP_CA_FILE)
  GITLAB_MCP_CA_FILE               PEM bundle of CAs to trust besides the built-in ones (SSL_CERT_FILE when unset;
                                   NODE_EXTRA_CA_CERTS works as in Node)
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY  proxy for requests to GitLab, and the hosts that bypass it

HTTP mode (--http):
  GITLAB_URL                       required; a comma list publishes several instances, chosen per request by the GITLAB-URL header
  GITLAB_MCP_MAX_HTTP_CLIENTS      credentials kept in the pool, 1 to 10,000 (default 100)
  GITLAB_MCP_POOL_IDLE_TIMEOUT     an unused credential leaves the pool after this long (default 1h)
  GITLAB_MCP_SESSION_REVALIDATE_INTERVAL  credentials are checked with GitLab again this often (default 15m, 0 disables, at most 24h)
  GITLAB_MCP_DRAIN_DELAY           on SIGTERM, /health reports draining this long before new requests are refused (default 0, at most 5m)
  GITLAB_MCP_AUTH_FAILURE_LIMIT    refused credentials per client address and window before 429 (default 10)
  GITLAB_MCP_AUTH_FAILURE_WINDOW   that window (default 1m)
  GITLAB_MCP_AUTH_DISTINCT_TOKEN_LIMIT   distinct refused credentials per address and window before a block of 1m, 10m, 60m (default 50)
  GITLAB_MCP_AUTH_DISTINCT_TOKEN_WINDOW  that window (default 10m)
  GITLAB_MCP_TRUSTED_ORIGINS       browser origins allowed besides the request's own (comma list)
  GITLAB_MCP_AUTH_MODE             legacy (default: a personal access token per request) or oauth (OAuth bearer tokens only)
  GITLAB_MCP_PUBLIC_URL            the URL clients reach this server at (required by oauth; named in its OAuth metadata)
  GITLAB_MCP_OAUTH_CACHE_TTL       how long a verified OAuth token is trusted before GitLab is asked again, 1m to 2h (default 15m)
  GITLAB_MCP_OAUTH_CLIENT_UID      comma list of GitLab OAuth application IDs whose tokens are accepted (default any)
  GITLAB_MCP_OAUTH_APP_ID, GITLAB_MCP_OAUTH_APP_SECRET  a GitLab OAuth application: this server then signs people in
                                   itself (client registration, PKCE) and hands each client a token of its own
  GITLAB_MCP_REDIS_URL             redis://[user:password@]host:port[/db] or rediss:// (TLS): replicas share rate limits and
                                   authentication budgets there (default: each process keeps its own in memory)

Flags:
  --tool-surface <s>               as GITLAB_MCP_TOOL_SURFACE
  --capability-surface <s>         as GITLAB_MCP_CAPABILITY_SURFACE
  --log-level <l>                  as GITLAB_MCP_LOG_LEVEL
  --yolo-mode <bool>               as GITLAB_MCP_YOLO_MODE
  --embedded-resources <bool>      as GITLAB_MCP_EMBEDDED_RESOURCES
  --client-compat <auto|off>       as GITLAB_MCP_CLIENT_COMPAT
  --http                           serve Streamable HTTP instead of stdio (same as --transport http)
  --http-addr <host:port>          HTTP listen address (default 127.0.0.1:8080)
  --gitlab-url <url>               as GITLAB_URL; repeat it (HTTP) to publish several instances
  --read-only[=bool], --safe-mode[=bool], --ignore-scopes[=bool], --allow-quick-actions[=bool]
  --exclude-tools <list>, --meta-param-schema <mode>, --tier <tier>, --action-timeout <duration>, --max-response-bytes <size>
  --skip-tls-verify[=bool], --ca-file <path>, --rate-limit-rps <n>, --rate-limit-burst <n>
  --max-http-clients <n>, --pool-idle-timeout <d>, --revalidate-interval <d>, --drain-delay <d>,
  --auth-failure-limit <n>, --auth-failure-window <d>, --auth-distinct-token-limit <n>, --auth-distinct-token-window <d>,
  --trusted-origins <list>, --auth-mode <mode>, --public-url <url>, --oauth-cache-ttl <d>, --oauth-client-uid <list>,
  --oauth-app-id <id>
                                   as the variables of the same names
  --trusted-proxies <ips> --trusted-proxy-header <name>
                                   both or neither: the client address of a request from one of these proxies is read
                                   from that header (such as X-Forwarded-For), right to left, skipping trusted proxies
  --version                        print the version and exit
  -h, --help                       print this help and exit
`;
