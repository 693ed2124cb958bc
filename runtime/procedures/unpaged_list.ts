// A list GitLab sends whole, without pages (a project's wiki pages): one request, every item shown,
// the pagination line saying there is no further page.
import { GitLabResponseError } from "../gitlab/errors.js";
import { restPage } from "../gitlab/pagination.js";
import type { Procedure } from "./types.js";

export const unpagedList: Procedure = async ({ call, ctx, list }) => {
  const answer = await ctx.client.rest(call);
  if (!Array.isArray(answer.body)) throw new GitLabResponseError("a list was expected");
  const items = answer.body as unknown[];
  return list(items, restPage(answer.headers, items.length, {}), answer.size);
};
