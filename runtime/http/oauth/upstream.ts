// The proxy's side toward GitLab, through oauth4webapi: the authorization URL (PKCE S256, state), the code
// exchange, the refresh and the revocation, as a confidential client with the operator's application.
// GitLab's endpoints are fixed paths under the instance root, so no discovery request is made at start.
// Requests go through the server's own transport (proxies, extra CAs of §8.2) via oauth4webapi's
// customFetch.
import * as oauth from "oauth4webapi";
import { send, type Connection } from "../../gitlab/transport.js";
import { isLoopbackHost } from "./settings.js";

/** GitLab's answer to a token request, as the proxy keeps it. */
export interface GitLabTokens {
  readonly access: string;
  readonly refresh?: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

/** Why GitLab did not give tokens: it refused the grant, or it could not answer. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: "refused" | "outage",
    message: string,
  ) {
    super(message);
  }
}

/** GitLab's default access-token lifetime, when an answer does not say. */
const DEFAULT_EXPIRES_S = 7200;

export class GitLabOAuth {
  private readonly as: oauth.AuthorizationServer;
  private readonly client: oauth.Client;
  private readonly auth: oauth.ClientAuth;
  private readonly options: { [oauth.customFetch]: typeof fetch; [oauth.allowInsecureRequests]?: boolean; signal?: () => AbortSignal };

  constructor(
    private readonly instance: string,
    appId: string,
    appSecret: string,
    readonly redirectUri: string,
    connection: Connection,
  ) {
    this.as = {
      issuer: instance,
      authorization_endpoint: `${instance}/oauth/authorize`,
      token_endpoint: `${instance}/oauth/token`,
      revocation_endpoint: `${instance}/oauth/revoke`,
    };
    this.client = { client_id: appId };
    this.auth = oauth.ClientSecretPost(appSecret);
    const viaTransport = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
      const body = init?.body === undefined || init.body === null ? undefined : String(init.body);
      const answer = await send({ method: init?.method ?? "GET", url: String(url), headers, body, signal: init?.signal ?? AbortSignal.timeout(10_000) }, connection);
      const out = new Headers();
      const type = answer.headers.get("content-type");
      if (type) out.set("content-type", type);
      return new Response(answer.status === 204 ? null : answer.text, { status: answer.status, headers: out });
    };
    this.options = { [oauth.customFetch]: viaTransport as typeof fetch, ...(isLoopbackHost(new URL(instance).hostname) ? { [oauth.allowInsecureRequests]: true } : {}) };
  }

  /** Where the person signs in: GitLab's /oauth/authorize for the operator's application. */
  async authorizeUrl(state: string, verifier: string, scope: string): Promise<URL> {
    const url = new URL(this.as.authorization_endpoint!);
    url.searchParams.set("client_id", this.client.client_id);
    url.searchParams.set("redirect_uri", this.redirectUri);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("state", state);
    url.searchParams.set("scope", scope);
    url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set("code_challenge_method", "S256");
    return url;
  }

  /** Exchanges the code GitLab sent to the callback (its state already matched). */
  async exchange(callback: URLSearchParams, state: string, verifier: string): Promise<GitLabTokens> {
    return this.tokens(async () => {
      const params = oauth.validateAuthResponse(this.as, this.client, callback, state);
      const response = await oauth.authorizationCodeGrantRequest(this.as, this.client, this.auth, params, this.redirectUri, verifier, this.options);
      return oauth.processAuthorizationCodeResponse(this.as, this.client, response);
    });
  }

  /** A new pair for a GitLab refresh token (GitLab invalidates the old pair). */
  async refresh(refreshToken: string): Promise<GitLabTokens> {
    return this.tokens(async () => {
      const response = await oauth.refreshTokenGrantRequest(this.as, this.client, this.auth, refreshToken, this.options);
      return oauth.processRefreshTokenResponse(this.as, this.client, response);
    });
  }

  /** RFC 7009 at GitLab; a failure is reported, not thrown (the proxy's own record is gone already). */
  async revoke(token: string): Promise<boolean> {
    try {
      const response = await oauth.revocationRequest(this.as, this.client, this.auth, token, this.options);
      await oauth.processRevocationResponse(response);
      return true;
    } catch {
      return false;
    }
  }

  private async tokens(run: () => Promise<oauth.TokenEndpointResponse>): Promise<GitLabTokens> {
    let answer: oauth.TokenEndpointResponse;
    try {
      answer = await run();
    } catch (e) {
      // An OAuth error GitLab sent (invalid_grant...) is a refusal; anything else means GitLab could not answer.
      if (e instanceof oauth.ResponseBodyError || e instanceof oauth.AuthorizationResponseError) throw new UpstreamError("refused", e.error);
      const status = (e as { cause?: { status?: unknown } }).cause?.status;
      throw new UpstreamError(typeof status === "number" && status < 500 && status !== 429 ? "refused" : "outage", e instanceof Error ? e.message : String(e));
    }
    const expiresIn = typeof answer.expires_in === "number" && answer.expires_in > 0 ? answer.expires_in : DEFAULT_EXPIRES_S;
    return { access: answer.access_token, ...(answer.refresh_token ? { refresh: answer.refresh_token } : {}), expiresAt: Date.now() + expiresIn * 1000 };
  }
}
