// The proxy's token endpoint and revocation (RFC 6749 §4.1.3, §6; RFC 7009), and the lookup the resource
// side makes for each request. An access token of ours maps to the GitLab access token of the person who
// signed in, for as long as GitLab's token lives; a refresh token of ours maps to GitLab's refresh token
// and is rotated at every use. Both are stored under their SHA-256 and sealed with themselves (store.ts).
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { registerSecret, type Logger } from "../../log.js";
import { authenticateClient, type ClientRecord, oauthJson } from "./clients.js";
import { keyOf, newSecret, seal, unseal, type OAuthStore } from "./store.js";
import { type GitLabOAuth, type GitLabTokens, UpstreamError } from "./upstream.js";
import type { TokenVerifier } from "./verify.js";

/** What an authorization code stands for until it is exchanged. */
export interface CodeRecord {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly challenge: string;
  readonly scope: string;
  readonly user: string;
  readonly gitlab: GitLabTokens;
}

/** What one of our access tokens stands for. */
interface AccessRecord {
  readonly clientId: string;
  readonly gitlabAccess: string;
  /** Key of the refresh token issued with it, so a revocation of either ends both. */
  readonly refreshKey?: string;
}

/** What one of our refresh tokens stands for. */
interface RefreshRecord {
  readonly clientId: string;
  readonly scope: string;
  readonly user: string;
  readonly gitlab: GitLabTokens;
  readonly accessKey: string;
}

/** How long a refresh token of ours is kept unused (GitLab's own do not expire until used or revoked). */
const REFRESH_TTL_MS = 30 * 24 * 3_600_000;
const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
type ClientOf = (id: string) => Promise<ClientRecord | undefined>;

export class TokenService {
  constructor(
    private readonly store: OAuthStore,
    private readonly upstream: GitLabOAuth,
    private readonly verifier: TokenVerifier,
    private readonly instance: string,
    private readonly log: Logger,
  ) {}

  /** The GitLab access token behind one of ours, or undefined. */
  async gitlabToken(token: string): Promise<string | undefined> {
    return unseal<AccessRecord>(token, await this.store.get(keyOf("access", token)))?.gitlabAccess;
  }

  /** POST /oauth/token. */
  async token(form: URLSearchParams, authorization: string | undefined, clientOf: ClientOf, res: ServerResponse): Promise<void> {
    const client = await authenticateClient(form, authorization, clientOf);
    if (!client) return oauthJson(res, 401, { error: "invalid_client", error_description: "Unknown client or wrong client secret: register the client again" }, { "www-authenticate": 'Basic realm="gitlab-mcp-server"' });
    const grant = form.get("grant_type");
    if (grant === "authorization_code") return this.codeGrant(form, client, res);
    if (grant === "refresh_token") return this.refreshGrant(form, client, res);
    oauthJson(res, 400, { error: "unsupported_grant_type", error_description: "grant_type must be authorization_code or refresh_token" });
  }

  private async codeGrant(form: URLSearchParams, client: ClientRecord, res: ServerResponse): Promise<void> {
    const code = form.get("code") ?? "";
    // Taken, not read: a code is used once, whether this exchange succeeds or not.
    const record = code ? unseal<CodeRecord>(code, await this.store.take(keyOf("code", code))) : undefined;
    const invalid = (why: string) => oauthJson(res, 400, { error: "invalid_grant", error_description: why });
    if (!record) return invalid("The code is unknown, expired or already used: sign in again");
    if (record.clientId !== client.client_id) return invalid("The code was issued to another client");
    if (form.get("redirect_uri") !== record.redirectUri) return invalid("redirect_uri differs from the one of the authorization request");
    const verifier = form.get("code_verifier") ?? "";
    if (!PKCE_VERIFIER.test(verifier) || createHash("sha256").update(verifier).digest("base64url") !== record.challenge) return invalid("code_verifier does not match the code_challenge (PKCE)");
    await this.issue(res, client.client_id, record.scope, record.user, record.gitlab);
  }

  private async refreshGrant(form: URLSearchParams, client: ClientRecord, res: ServerResponse): Promise<void> {
    const presented = form.get("refresh_token") ?? "";
    const key = keyOf("refresh", presented);
    const sealed = presented ? await this.store.take(key) : undefined;
    const record = unseal<RefreshRecord>(presented, sealed);
    if (!record || record.clientId !== client.client_id) return oauthJson(res, 400, { error: "invalid_grant", error_description: "The refresh token is unknown, revoked or of another client: sign in again" });
    if (!record.gitlab.refresh) return oauthJson(res, 400, { error: "invalid_grant", error_description: "GitLab gave no refresh token for this sign-in: sign in again" });
    let gitlab: GitLabTokens;
    try {
      gitlab = await this.upstream.refresh(record.gitlab.refresh);
    } catch (e) {
      if (e instanceof UpstreamError && e.kind === "outage") {
        // GitLab could not answer: the refresh token stays usable for the client's retry.
        await this.store.put(key, sealed!, REFRESH_TTL_MS);
        return oauthJson(res, 503, { error: "temporarily_unavailable", error_description: "GitLab could not be reached: retry shortly" }, { "retry-after": "5" });
      }
      await this.store.delete(record.accessKey);
      return oauthJson(res, 400, { error: "invalid_grant", error_description: "GitLab refused to refresh this sign-in: sign in again" });
    }
    // GitLab invalidated the old pair: so does this server.
    await this.store.delete(record.accessKey);
    this.verifier.forget(record.gitlab.access, this.instance);
    this.log.info("OAuth token refreshed", { user: record.user, client: client.client_id.slice(0, 8) });
    await this.issue(res, client.client_id, record.scope, record.user, gitlab);
  }

  private async issue(res: ServerResponse, clientId: string, scope: string, user: string, gitlab: GitLabTokens): Promise<void> {
    registerSecret(gitlab.access);
    registerSecret(gitlab.refresh);
    const access = newSecret("gmat_");
    const refresh = newSecret("gmrt_");
    registerSecret(access);
    registerSecret(refresh);
    const accessKey = keyOf("access", access);
    const refreshKey = keyOf("refresh", refresh);
    const lifetimeMs = Math.max(1000, gitlab.expiresAt - Date.now());
    await this.store.put(accessKey, seal(access, { clientId, gitlabAccess: gitlab.access, refreshKey } satisfies AccessRecord), lifetimeMs);
    await this.store.put(refreshKey, seal(refresh, { clientId, scope, user, gitlab, accessKey } satisfies RefreshRecord), REFRESH_TTL_MS);
    this.log.info("OAuth token issued", { user, client: clientId.slice(0, 8), expires_in_s: Math.round(lifetimeMs / 1000) });
    oauthJson(res, 200, { access_token: access, token_type: "Bearer", expires_in: Math.round(lifetimeMs / 1000), refresh_token: refresh, scope });
  }

  /** POST /oauth/revoke (RFC 7009): either token ends the pair, here and at GitLab; always 200 for a known client. */
  async revoke(form: URLSearchParams, authorization: string | undefined, clientOf: ClientOf, res: ServerResponse): Promise<void> {
    const client = await authenticateClient(form, authorization, clientOf);
    if (!client) return oauthJson(res, 401, { error: "invalid_client", error_description: "Unknown client or wrong client secret" });
    const token = form.get("token") ?? "";
    if (!token) return oauthJson(res, 400, { error: "invalid_request", error_description: "token is required" });
    const access = unseal<AccessRecord>(token, await this.store.get(keyOf("access", token)));
    const refresh = unseal<RefreshRecord>(token, await this.store.get(keyOf("refresh", token)));
    if (access && access.clientId === client.client_id) {
      await this.store.delete(keyOf("access", token));
      if (access.refreshKey) await this.store.delete(access.refreshKey);
      await this.revokeAtGitLab(access.gitlabAccess);
    } else if (refresh && refresh.clientId === client.client_id) {
      await this.store.delete(keyOf("refresh", token));
      await this.store.delete(refresh.accessKey);
      await this.revokeAtGitLab(refresh.gitlab.access);
      if (refresh.gitlab.refresh) await this.upstream.revoke(refresh.gitlab.refresh);
    }
    oauthJson(res, 200, {});
  }

  private async revokeAtGitLab(gitlabAccess: string): Promise<void> {
    this.verifier.forget(gitlabAccess, this.instance);
    if (!(await this.upstream.revoke(gitlabAccess))) this.log.warn("GitLab did not confirm the revocation of a token: it ends when it expires");
    else this.log.info("OAuth token revoked");
  }
}
