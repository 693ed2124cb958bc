// repository.file_blame: GitLab answers every blame range of the file (or of range[start..end]) at once;
// the ranges are paged here so a long file's blame stays within the response budget.
import type { Procedure } from "./types.js";
import { localPage } from "./localPages.js";

export const blamePages: Procedure = async (call) => {
  // GitLab takes a range only whole: a start alone (a link ending in #L10, or #L10-20 giving line_count)
  // gets its end here.
  const { start_line: start, end_line: end, line_count: count } = call.params as { start_line?: number; end_line?: number; line_count?: number };
  const query = { ...call.call.query };
  if (start !== undefined && end === undefined) query["range[end]"] = start + (count ?? 1) - 1;
  if (start === undefined && end !== undefined) query["range[start]"] = 1;
  const answer = await call.ctx.client.rest({ ...call.call, query });
  const all = Array.isArray(answer.body) ? (answer.body as unknown[]) : [];
  const { items, page } = localPage(all, call.params);
  return call.list(items, page);
};
