// Checks of a credential the caller sends (POST /runners/verify): GitLab answers 200 with the runner's
// ID, the token itself and its expiry, or 403 when the token is not valid. The token the caller sent is
// not written back: the answer keeps what it learns (valid, the ID, the expiry) and drops the secret.
import type { Procedure } from "./types.js";

export const tokenVerify: Procedure = async ({ ctx, call, object }) => {
  const answer = await ctx.client.rest(call);
  const body = answer.body && typeof answer.body === "object" && !Array.isArray(answer.body) ? { ...(answer.body as Record<string, unknown>) } : {};
  delete body.token;
  return object({ valid: true, ...body }, answer.size);
};
