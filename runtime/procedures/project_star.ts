// Starring or unstarring a project. GitLab answers 304 Not Modified, without a body, when the project
// already is (or is not) starred: the state asked for holds, so the project is read back and shown.
import { GitLabHttpError } from "../gitlab/errors.js";
import type { Procedure } from "./types.js";

export const projectStar: Procedure = async ({ call, ctx, object }) => {
  try {
    const answer = await ctx.client.rest(call);
    return object(answer.body, answer.size);
  } catch (e) {
    if (!(e instanceof GitLabHttpError) || e.status !== 304) throw e;
    const current = await ctx.client.rest({ method: "GET", path: call.path.replace(/\/(un)?star$/, ""), signal: call.signal, retry: "read" });
    return object(current.body, current.size);
  }
};
