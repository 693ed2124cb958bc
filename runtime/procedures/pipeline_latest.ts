// pipeline.latest: GitLab answers 403 when the newest commit of the ref has no pipeline (doc/api/
// pipelines.md), which the shared error text would call a permission problem. A 403 here is answered
// with the action's not-found card instead, whose hints also name the permission reading.
import { GitLabHttpError } from "../gitlab/errors.js";
import type { Procedure } from "./types.js";

export const pipelineLatest: Procedure = async ({ ctx, call, object, notFound }) => {
  try {
    const answer = await ctx.client.rest(call);
    return object(answer.body, answer.size);
  } catch (e) {
    const card = e instanceof GitLabHttpError && e.status === 403 ? notFound({ status: 403 }) : undefined;
    if (card) return card;
    throw e;
  }
};
