// repository.file_blame: GitLab answers every blame range of the file (or of range[start..end]) at once;
// the ranges are paged here so a long file's blame stays within the response budget.
import type { Procedure } from "./index.js";
import { localPage } from "./localPages.js";

export const blamePages: Procedure = async (call) => {
  const answer = await call.ctx.client.rest(call.call);
  const all = Array.isArray(answer.body) ? (answer.body as unknown[]) : [];
  const { items, page } = localPage(all, call.params);
  return call.list(items, page);
};
