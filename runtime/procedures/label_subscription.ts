// Subscribing to (or unsubscribing from) a project or group label. GitLab answers 304 Not Modified, with
// no body, when the user already is (or already is not) subscribed. That is the state the caller asked
// for, so it is no failure: the label is read back, shown as it stands, and the card says plainly that
// nothing changed.
import { GitLabHttpError } from "../gitlab/errors.js";
import type { Procedure } from "./types.js";

export const labelSubscription: Procedure = async ({ call, ctx, object }) => {
  try {
    const answer = await ctx.client.rest(call);
    return object(answer.body, answer.size);
  } catch (e) {
    if (!(e instanceof GitLabHttpError) || e.status !== 304) throw e;
    const subscribing = !call.path.endsWith("/unsubscribe");
    const current = await ctx.client.rest({ method: "GET", path: call.path.replace(/\/(un)?subscribe$/, ""), signal: call.signal, retry: "read" });
    const out = object(current.body, current.size);
    if (out.kind !== "success") return out;
    const note = subscribing
      ? "Already subscribed: GitLab answered 304 Not Modified, nothing changed."
      : "Already not subscribed: GitLab answered 304 Not Modified, nothing changed.";
    const lines = out.markdown.split("\n");
    lines.splice(1, 0, "", note);
    return { ...out, markdown: lines.join("\n") };
  }
};
