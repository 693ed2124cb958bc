// A list GitLab answers whole, without pagination (DORA metrics: one row per day or month of the range):
// read once, then paged with the caller's page and per_page (`in: local`), reported as offset pages so a
// long answer stays resumable and within the response budget.
import type { Procedure } from "./index.js";
import { localPage } from "./localPages.js";

export const wholeList: Procedure = async ({ params, ctx, call, list }) => {
  const answer = await ctx.client.rest(call);
  const all = Array.isArray(answer.body) ? (answer.body as unknown[]) : [];
  const { items, page } = localPage(all, params);
  return list(items, page, answer.size);
};
