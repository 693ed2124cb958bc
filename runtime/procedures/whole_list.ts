// A list GitLab answers whole, without pagination (DORA metrics: one row per day or month of the range):
// read once. With page and per_page (`in: local`) the action pages it locally, reported as offset pages
// so a long answer stays resumable; without them the whole list is the answer, with no pagination line.
import { restPage } from "../gitlab/pagination.js";
import type { Procedure } from "./index.js";
import { localPage } from "./localPages.js";

export const wholeList: Procedure = async ({ action, params, ctx, call, list }) => {
  const answer = await ctx.client.rest(call);
  const all = Array.isArray(answer.body) ? (answer.body as unknown[]) : [];
  if (!action.params.some((p) => p.name === "per_page")) return list(all, restPage({ get: () => null }, all.length, {}), answer.size);
  const { items, page } = localPage(all, params);
  return list(items, page, answer.size);
};
