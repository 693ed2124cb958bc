// Tokens created for a user (impersonation and personal access tokens). GitLab returns the secret once,
// in the creation answer only, so the result shows it with a notice to store it now. The value goes to
// the caller and nowhere else: nothing here logs it, and the logger writes no request or answer bodies.
import type { Procedure } from "./index.js";

export const TOKEN_NOTICE = "Store this token now: GitLab shows it only once, and this server neither keeps nor logs it.";

export const createdToken: Procedure = async ({ ctx, call, object }) => {
  const answer = await ctx.client.rest(call);
  const body = answer.body && typeof answer.body === "object" && !Array.isArray(answer.body) ? (answer.body as Record<string, unknown>) : {};
  // The notice comes first so that it leads the card and the structured result alike.
  return object({ token_notice: TOKEN_NOTICE, ...body }, answer.size);
};
