// OAuth mode's parts, put together once per process: the token verifier, the resource-server door, the
// optional authorization proxy, and what the credential pool needs to build an entry from an OAuth token
// (a client that sends it as Authorization: Bearer, its user and scopes from the verifier, SAF-25).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Config } from "../../config.js";
import { GitLabClient, type GitLabApi } from "../../gitlab/client.js";
import { send } from "../../gitlab/transport.js";
import type { Logger } from "../../log.js";
import type { Credential } from "../../policy/credential.js";
import { detectTier } from "../../policy/credential.js";
import { connectionOf } from "../../server.js";
import { VERSION } from "../../version.js";
import type { PoolDeps, Verdict } from "../pool.js";
import type { RedisStore } from "../redis.js";
import { ResourceServer } from "./resource.js";
import type { OAuthSettings } from "./settings.js";
import { TokenVerifier } from "./verify.js";

/** What the HTTP door holds in OAuth mode. */
export interface OAuthMode {
  readonly resource: ResourceServer;
  readonly verifier: TokenVerifier;
  /** The authorization proxy's routes (/.well-known/oauth-authorization-server, /oauth/*), when configured. */
  serve?(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
  /** The pool's dependencies for OAuth tokens. */
  readonly pool: Pick<PoolDeps, "client" | "verify" | "credential">;
}

export async function setupOAuth(config: Config, log: Logger, redis: RedisStore | undefined): Promise<OAuthMode> {
  const settings = config.http.oauth as OAuthSettings & { publicUrl: string };
  const connection = connectionOf(config);
  const verifier = new TokenVerifier(
    {
      now: Date.now,
      get: (instance, path, token, signal) =>
        send({ method: "GET", url: `${instance}${path}`, headers: { accept: "application/json", authorization: `Bearer ${token}`, "user-agent": `gitlab-mcp-server/${VERSION}` }, signal }, connection),
    },
    { ttlMs: settings.cacheTtlMs, clientUids: settings.clientUids },
  );
  const instance = config.gitlabUrls[0];
  let proxy: Awaited<ReturnType<typeof import("./proxy.js").startProxy>> | undefined;
  if (settings.proxy) {
    const { startProxy } = await import("./proxy.js");
    proxy = await startProxy({ config, settings, proxy: settings.proxy, instance, log, redis, verifier });
  }
  const resource = new ResourceServer({ settings, instance, readOnly: config.readOnly || config.safeMode, verifier, log, ...(proxy ? { proxy } : {}) });
  log.info("OAuth mode", { public_url: settings.publicUrl, authorization_server: proxy ? proxy.issuer : instance, metadata: resource.metadataUrl, cache_ttl_ms: settings.cacheTtlMs });

  // The pool hands verify() and credential() only the client: each client remembers its token.
  const owners = new WeakMap<GitLabApi, { token: string; instance: string }>();
  const checkOf = (client: GitLabApi) => {
    const owner = owners.get(client)!;
    return verifier.check(owner.token, owner.instance);
  };
  return {
    resource,
    verifier,
    ...(proxy ? { serve: proxy.serve } : {}),
    pool: {
      client: (token, at) => {
        const client = new GitLabClient(at, token, `gitlab-mcp-server/${VERSION}`, log, connection, "bearer");
        owners.set(client, { token, instance: at });
        return client;
      },
      verify: async (client): Promise<Verdict> => {
        const check = await checkOf(client);
        if (check.kind === "ok") return { user: check.identity.user };
        return check.kind === "outage" ? "unknown" : "rejected";
      },
      // SAF-25: an OAuth token's scopes come from /oauth/token/info, which the verifier has read.
      credential: async (client): Promise<Credential> => {
        const [check, tier] = await Promise.all([checkOf(client), config.tier ? Promise.resolve(config.tier) : detectTier(client, log)]);
        if (check.kind !== "ok") return { tier };
        log.info("token scopes detected", { scopes: check.identity.scopes, kind: "oauth" });
        return { scopes: check.identity.scopes, user: check.identity.user, tier };
      },
    },
  };
}
