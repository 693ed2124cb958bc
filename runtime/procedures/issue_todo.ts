// Adding an issue to the user's to-do list. GitLab answers 304 Not Modified, with no body, when the
// user already has a pending to-do for the issue: there is no to-do to show, so the answer says that
// the issue is already on the list and nothing changed, rather than a bare HTTP status.
import { GitLabHttpError } from "../gitlab/errors.js";
import type { Procedure } from "./types.js";

export const issueTodo: Procedure = async ({ action, call, ctx, object }) => {
  try {
    const answer = await ctx.client.rest(call);
    return object(answer.body, answer.size);
  } catch (e) {
    if (!(e instanceof GitLabHttpError) || e.status !== 304) throw e;
    return {
      kind: "error",
      contentKind: action.contentKind,
      text: `${action.id}: the issue is already on your to-do list (GitLab answered 304 Not Modified). Nothing changed.`,
    };
  }
};
