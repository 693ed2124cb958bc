// merge_request.dependency_create: people name the blocking merge request by its IID (the 10 of !10),
// while every GitLab version takes its global id. The procedure reads the blocking merge request in its
// project (this one unless blocking_project_id names another) and sends that id.
import { GitLabResponseError } from "../gitlab/errors.js";
import type { Procedure } from "./types.js";
import { pathSegment as segment } from "../gitlab/route.js";


export const mergeRequestDependencyCreate: Procedure = async ({ params, ctx, call, object }) => {
  const project = params.blocking_project_id ?? params.project_id;
  const blocking = await ctx.client.rest({
    method: "GET",
    path: `/projects/${segment(project)}/merge_requests/${String(params.blocking_merge_request_iid)}`,
    signal: ctx.signal,
    retry: "read",
  });
  const id = (blocking.body as { id?: unknown } | null)?.id;
  if (typeof id !== "number") throw new GitLabResponseError("the blocking merge request has no id");
  const answer = await ctx.client.rest({ ...call, body: { ...call.body, blocking_merge_request_id: id } });
  return object(answer.body, answer.size);
};
