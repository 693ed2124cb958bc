// The token this server itself runs with, rotated or revoked (the `self` keyword of GitLab's personal,
// project and group access token APIs). GitLab revokes the old secret in both cases, so the answer says
// plainly that the configured GITLAB_TOKEN no longer works. A rotation's new secret is shown once, as
// secret_once shows it, and never handed to the logger.
import type { Procedure } from "./types.js";
import { STORE_IT_NOW } from "./secret_once.js";

/** Beside a rotated own token: the old one, which this server is configured with, is revoked. */
export const SERVER_TOKEN_ROTATED =
  "⚠️ This server was using the token just rotated: GitLab revoked it, so the configured GITLAB_TOKEN no longer works. Replace it with the new token below and restart the server.";

/** After the own token is revoked: nothing works until a new token is configured. */
export const SERVER_TOKEN_REVOKED =
  "⚠️ This server was using the token just revoked: it will stop working (401) until a new token is configured in GITLAB_TOKEN and the server restarts.";

export const ownToken: Procedure = async ({ ctx, call, object }) => {
  const answer = await ctx.client.rest(call);
  if (call.method === "DELETE") {
    return object({ status: "success", message: "Token revoked.", server_notice: SERVER_TOKEN_REVOKED }, answer.size);
  }
  const body = answer.body && typeof answer.body === "object" && !Array.isArray(answer.body) ? (answer.body as Record<string, unknown>) : {};
  const hasSecret = typeof body.token === "string" && body.token !== "";
  return object({ server_notice: SERVER_TOKEN_ROTATED, ...(hasSecret ? { token_notice: STORE_IT_NOW } : {}), ...body }, answer.size);
};
