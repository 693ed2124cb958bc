// Requests that start work GitLab runs in the background (a project export, a pull mirror update,
// housekeeping): GitLab answers 201/202 at once, often with a bare {"message": "202 Accepted"}, an empty
// body or a number. The result is what GitLab accepted and its own words; the catalog's next steps name
// the action that polls the state (or say there is none, for housekeeping).
import type { Procedure } from "./types.js";

export const asyncStart: Procedure = async ({ ctx, call, object }) => {
  const answer = await ctx.client.rest(call);
  const body = answer.body;
  const said = body !== null && typeof body === "object" && typeof (body as { message?: unknown }).message === "string" ? (body as { message: string }).message : undefined;
  return object({ accepted: true, http_status: answer.status, message: said ?? `${answer.status} ${answer.status === 202 ? "Accepted" : answer.status === 201 ? "Created" : "OK"}` });
};
