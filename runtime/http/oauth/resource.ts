// The resource-server side of OAuth mode (HTTP-26..HTTP-28): RFC 9728 metadata naming who issues this
// server's tokens, the Bearer challenges, and the admission of a request's OAuth token. The challenge
// answers and the metadata document come from the MCP SDK's own helpers (bearerAuthChallengeResponse,
// buildOAuthProtectedResourceMetadata), so their wire form is the one MCP clients are tested against.
import type { IncomingMessage, ServerResponse } from "node:http";
import { bearerAuthChallengeResponse, buildOAuthProtectedResourceMetadata, OAuthError, OAuthErrorCode } from "@modelcontextprotocol/server";
import type { Logger } from "../../log.js";
import { registerSecret } from "../../log.js";
import { poolKey, tokenTail } from "../pool.js";
import { jsonRpcError, writeResponse } from "../wire.js";
import type { OAuthSettings } from "./settings.js";
import { isLoopbackHost } from "./settings.js";
import type { Check, TokenVerifier } from "./verify.js";

/** HTTP-28: the advice given with a token of GitLab's dynamic client registration. */
export const MCP_SCOPE_ADVICE =
  "This token comes from GitLab's dynamic client registration (scope mcp), which GitLab grants for its own MCP endpoint only: it cannot call the REST API. " +
  "Register an OAuth application in GitLab (User settings > Applications, scope api or read_api) and configure its client ID in your MCP client.";
/** The 401 of a request without a token, wire text first. */
export const OAUTH_REQUIRED = "Authentication required: sign in with GitLab; this server accepts only 'Authorization: Bearer <OAuth access token>'";
export const PRIVATE_TOKEN_REFUSED = "PRIVATE-TOKEN is not accepted: this server runs in OAuth mode; sign in with GitLab and send 'Authorization: Bearer <OAuth access token>'";

/** What the proxy (proxy.ts) offers the resource side: its issuer, and our tokens' GitLab tokens. */
export interface TokenExchange {
  readonly issuer: string;
  /** The GitLab token behind one of our access tokens, or undefined when it is not ours (or expired). */
  gitlabToken(token: string): Promise<string | undefined>;
}

/** What the door needs to know about the process. */
export interface ResourceOptions {
  readonly settings: OAuthSettings & { readonly publicUrl: string };
  readonly instance: string;
  readonly readOnly: boolean;
  readonly verifier: TokenVerifier;
  readonly log: Logger;
  readonly proxy?: TokenExchange;
}

/** A request's OAuth admission: the GitLab token to serve it with, or undefined once answered. */
export class ResourceServer {
  readonly metadataUrl: string;
  private readonly document: Record<string, unknown>;
  private readonly paths: ReadonlySet<string>;

  constructor(private readonly o: ResourceOptions) {
    const publicUrl = new URL(o.settings.publicUrl);
    const suffix = publicUrl.pathname === "/" ? "" : publicUrl.pathname;
    this.metadataUrl = `${publicUrl.origin}/.well-known/oauth-protected-resource${suffix}`;
    // RFC 9728 §3.1 inserts the well-known part before the resource's path; clients that probe the MCP
    // endpoint's own path (…/mcp) find it too.
    this.paths = new Set([`/.well-known/oauth-protected-resource${suffix}`, `/.well-known/oauth-protected-resource${suffix}/mcp`, "/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]);
    const issuer = o.proxy?.issuer ?? o.instance;
    const metadata = buildOAuthProtectedResourceMetadata({
      // Only the issuer is read from it here; the proxy serves its full RFC 8414 document itself.
      oauthMetadata: { issuer, authorization_endpoint: `${issuer}/oauth/authorize`, token_endpoint: `${issuer}/oauth/token`, response_types_supported: ["code"] },
      resourceServerUrl: new URL(o.settings.publicUrl),
      scopesSupported: o.readOnly ? ["read_api"] : ["api", "read_api"],
      resourceName: "GitLab MCP server",
      dangerouslyAllowInsecureIssuerUrl: isLoopbackHost(new URL(issuer).hostname),
    });
    this.document = { ...JSON.parse(JSON.stringify(metadata)), bearer_methods_supported: ["header"] };
  }

  /** HTTP-26: serves the metadata document when the path asks for it. */
  serveMetadata(path: string, res: ServerResponse): boolean {
    if (!this.paths.has(path.replace(/\/+$/, "") || "/")) return false;
    res.writeHead(200, { "content-type": "application/json", "cache-control": "max-age=300", "access-control-allow-origin": "*" }).end(JSON.stringify(this.document));
    return true;
  }

  /**
   * HTTP-26, HTTP-27: the GitLab token a request is served with, or undefined when it was answered (401,
   * 403 or 503). `refused` charges the failure budget for a token GitLab does not know.
   */
  async admit(req: IncomingMessage, res: ServerResponse, address: string, refused: (key: string) => Promise<void>): Promise<string | undefined> {
    const { log } = this.o;
    if (typeof req.headers["private-token"] === "string") {
      log.info("request refused", { refusal_class: "private_token_in_oauth_mode", address });
      await this.challenge(res, new OAuthError(OAuthErrorCode.InvalidRequest, PRIVATE_TOKEN_REFUSED), 401);
      return undefined;
    }
    const m = /^Bearer\s+(\S+)\s*$/i.exec(typeof req.headers.authorization === "string" ? req.headers.authorization : "");
    if (!m) {
      jsonRpcError(res, 401, -40100, `${OAUTH_REQUIRED}.`, { "www-authenticate": `Bearer realm="gitlab-mcp-server", resource_metadata="${this.metadataUrl}"` });
      return undefined;
    }
    const presented = m[1];
    registerSecret(presented);
    // A token this server handed out (authorization proxy) stands for a GitLab token; any other is GitLab's own.
    const token = (await this.o.proxy?.gitlabToken(presented)) ?? presented;
    registerSecret(token);
    const check = await this.o.verifier.check(token, this.o.instance);
    if (check.kind === "ok") return token;
    await this.refuse(res, check, presented, address, refused);
    return undefined;
  }

  private async refuse(res: ServerResponse, check: Exclude<Check, { kind: "ok" }>, presented: string, address: string, refused: (key: string) => Promise<void>): Promise<void> {
    const { log } = this.o;
    const credential = tokenTail(presented);
    switch (check.kind) {
      case "outage":
        // HTTP-27: GitLab could not say; the client retries, its token is not called invalid.
        log.warn("GitLab could not verify an OAuth token now", { credential, address, retry_after_s: check.retryAfterS });
        jsonRpcError(res, 503, -50300, `GitLab could not verify the token now (unreachable or throttled): retry in ${check.retryAfterS} s.`, { "retry-after": String(check.retryAfterS) });
        return;
      case "invalid":
        await refused(poolKey(presented, this.o.instance));
        log.info("OAuth token refused", { credential, address, reason: check.reason });
        await this.challenge(res, new OAuthError(OAuthErrorCode.InvalidToken, `${check.reason}: sign in again`), 401);
        return;
      case "mcp":
        log.info("OAuth token of GitLab's dynamic client registration refused", { credential, address });
        await this.challenge(res, new OAuthError(OAuthErrorCode.InsufficientScope, MCP_SCOPE_ADVICE), 403);
        return;
      case "insufficient":
        log.info("OAuth token without read_api refused", { credential, address, scopes: check.scopes });
        await this.challenge(res, new OAuthError(OAuthErrorCode.InsufficientScope, "The token needs the read_api scope (api to make changes): sign in again granting it"), 403, ["read_api"]);
    }
  }

  private async challenge(res: ServerResponse, error: OAuthError, status: 401 | 403, requiredScopes: string[] = []): Promise<void> {
    const answer = bearerAuthChallengeResponse(error, { resourceMetadataUrl: this.metadataUrl, requiredScopes });
    if (answer.status === status) return writeResponse(answer, res);
    // invalid_request has no challenge of its own in the SDK: the same header, by hand, with the 401.
    res.writeHead(status, {
      "content-type": "application/json",
      "www-authenticate": `Bearer error="${error.code}", error_description="${error.message.replace(/["\\]/g, "'")}", resource_metadata="${this.metadataUrl}"`,
    });
    res.end(JSON.stringify(error.toResponseObject()));
  }
}
