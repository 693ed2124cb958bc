// Creations whose answer carries a secret GitLab never shows again: personal access tokens (the current
// user's or another user's), impersonation tokens, runner authentication tokens, Kubernetes agent tokens
// and OAuth application client secrets (GitLab's `secret`).
// The secret goes into this one answer, beside a warning to store it now; the procedure never hands it
// to the logger (no log call here sees the body), and nothing else in the server keeps it. Later reads
// (token lists, runner details) never carry it, because GitLab does not return it again.
import type { Procedure } from "./types.js";

/** The warning written beside the secret, in the Markdown and in structuredContent alike. */
export const STORE_IT_NOW =
  "⚠️ Shown once: copy this token now and store it in a secret manager. GitLab will not show it again, and this server does not log or keep it.";

export const secretOnce: Procedure = async ({ ctx, call, object }) => {
  const answer = await ctx.client.rest(call);
  const body = answer.body && typeof answer.body === "object" && !Array.isArray(answer.body) ? (answer.body as Record<string, unknown>) : {};
  const hasSecret = ["token", "secret"].some((k) => typeof body[k] === "string" && body[k] !== "");
  // The warning comes first, so that it leads the card and the structured result alike.
  return object(hasSecret ? { token_notice: STORE_IT_NOW, ...body } : body, answer.size);
};
