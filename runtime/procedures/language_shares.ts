// A repository's languages: GitLab answers one object mapping each language to its percentage, which is
// shown as a list of rows (language, percent), largest first.
import { GitLabResponseError } from "../gitlab/errors.js";
import { restPage } from "../gitlab/pagination.js";
import type { Procedure } from "./types.js";

export const languageShares: Procedure = async ({ call, ctx, list }) => {
  const answer = await ctx.client.rest(call);
  if (!answer.body || typeof answer.body !== "object" || Array.isArray(answer.body)) throw new GitLabResponseError("an object was expected");
  const rows = Object.entries(answer.body as Record<string, unknown>)
    .map(([language, percent]) => ({ language, percent: Number(percent) }))
    .sort((a, b) => b.percent - a.percent);
  return list(rows, restPage(answer.headers, rows.length, {}), answer.size);
};
