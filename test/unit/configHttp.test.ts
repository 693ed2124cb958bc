// The HTTP-mode settings of §8.2/§8.3 as parseCommand reads them: defaults, repeated --gitlab-url,
// flags over variables.
import assert from "node:assert/strict";
import { it } from "node:test";
import { parseCommand, type Config } from "../../runtime/config.js";

const serve = (argv: string[], env: NodeJS.ProcessEnv = {}): Config => {
  const command = parseCommand(argv, env);
  assert.equal(command.kind, "serve");
  return (command as { config: Config }).config;
};

it("defaults follow §8.2", () => {
  const { http } = serve(["--http"], { GITLAB_URL: "https://gitlab.example.com" });
  assert.deepEqual(http, {
    maxClients: 100,
    poolIdleMs: 3_600_000,
    revalidateMs: 900_000,
    drainDelayMs: 0,
    authFailureLimit: 10,
    authFailureWindowMs: 60_000,
    authDistinctLimit: 50,
    authDistinctWindowMs: 600_000,
    trustedProxies: [],
    oauth: { mode: "legacy", cacheTtlMs: 900_000, clientUids: [] },
  });
});

it("--gitlab-url repeats and takes comma lists; instances are canonical and the first serves stdio-shaped callers", () => {
  const config = serve(["--http", "--gitlab-url", "HTTPS://A.example.com/", "--gitlab-url", "https://b.example.com/sub/api/v4,https://a.example.com:443"], { GITLAB_URL: "https://ignored.example.com" });
  assert.deepEqual(config.gitlabUrls, ["https://a.example.com", "https://b.example.com/sub"]);
  assert.equal(config.gitlabUrl, "https://a.example.com");
});

it("stdio keeps its default instance; flags win over variables; 0 disables revalidation", () => {
  assert.deepEqual(serve([], {}).gitlabUrls, ["https://gitlab.com"]);
  const { http } = serve(["--http", "--max-http-clients", "7", "--revalidate-interval", "0", "--trusted-proxies", "10.0.0.5, ::1", "--trusted-proxy-header", "X-Forwarded-For"], {
    GITLAB_URL: "https://gitlab.example.com",
    GITLAB_MCP_MAX_HTTP_CLIENTS: "9",
    GITLAB_MCP_DRAIN_DELAY: "30s",
    GITLAB_MCP_REDIS_URL: "rediss://:secret@cache.internal:6380/2",
  });
  assert.equal(http.maxClients, 7);
  assert.equal(http.revalidateMs, 0);
  assert.equal(http.drainDelayMs, 30_000);
  assert.deepEqual(http.trustedProxies, ["10.0.0.5", "::1"]);
  assert.equal(http.trustedProxyHeader, "x-forwarded-for");
  assert.equal(http.redisUrl, "rediss://:secret@cache.internal:6380/2");
});
