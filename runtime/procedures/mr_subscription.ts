// Subscribing to (or unsubscribing from) a merge request. GitLab answers 304 Not Modified, with no body,
// when the user already is (or is not) subscribed: that is the state asked for, not a failure, so the
// merge request is read back and shown as it stands.
import { GitLabHttpError } from "../gitlab/errors.js";
import type { Procedure } from "./types.js";

export const mrSubscription: Procedure = async ({ call, ctx, object }) => {
  try {
    const answer = await ctx.client.rest(call);
    return object(answer.body, answer.size);
  } catch (e) {
    if (!(e instanceof GitLabHttpError) || e.status !== 304) throw e;
    const current = await ctx.client.rest({ method: "GET", path: call.path.replace(/\/(un)?subscribe$/, ""), signal: call.signal, retry: "read" });
    return object(current.body, current.size);
  }
};
