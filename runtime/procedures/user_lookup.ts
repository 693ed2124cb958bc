// Actions that take one user parameter answering to an ID or a username. GitLab's /users/:id route takes
// a numeric ID only, so a username is first looked up with GET /users?username= (an exact, case-insensitive
// match): an empty answer is the action's not-found card, a hit puts the user's ID in the path.
import { restPage } from "../gitlab/pagination.js";
import type { Procedure } from "./types.js";

export const userLookup: Procedure = async ({ action, params, ctx, call, list, object, notFound }) => {
  const given = String(params.user_id).trim();
  let path = call.path;
  if (!/^\d+$/.test(given)) {
    const username = given.replace(/^@/, "");
    const found = await ctx.client.rest({ method: "GET", path: "/users", query: { username }, signal: ctx.signal, retry: "read" });
    const first = Array.isArray(found.body) ? (found.body[0] as { id?: unknown } | undefined) : undefined;
    if (typeof first?.id !== "number") {
      return notFound({ username_lookup: "empty" }) ?? { kind: "error", contentKind: action.contentKind, text: `${action.id}: no user has the username "${username}".` };
    }
    path = path.replace(/^\/users\/[^/]+/, `/users/${first.id}`);
  }
  const answer = await ctx.client.rest({ ...call, path });
  if (action.output.kind === "list") {
    const items = Array.isArray(answer.body) ? answer.body : [];
    return list(items, restPage(answer.headers, items.length, { page: params.page as number | undefined, per_page: params.per_page as number | undefined }), answer.size);
  }
  return object(answer.body, answer.size);
};
