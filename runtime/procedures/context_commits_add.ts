// merge_request.context_commits_create: GitLab answers the commits it added; one status line names them.
import { code } from "../markdown/escape.js";
import type { Procedure } from "./types.js";

export const contextCommitsAdd: Procedure = async ({ action, params, ctx, call }) => {
  const answer = await ctx.client.rest(call);
  const added = (Array.isArray(answer.body) ? answer.body : []) as { id?: unknown; short_id?: unknown }[];
  const shas = added.map((c) => String(c.short_id ?? String(c.id ?? "").slice(0, 8)));
  const count = `${shas.length} context commit${shas.length === 1 ? "" : "s"}`;
  const iid = String(params.merge_request_iid);
  const message = `Added ${count} to merge request !${iid}${shas.length ? `: ${shas.join(", ")}` : ""}.`;
  const markdown = `✅ Added ${count} to merge request !${iid}${shas.length ? `: ${shas.map(code).join(", ")}` : ""}.`;
  return { kind: "success", contentKind: action.contentKind, markdown, structured: { status: "success", message } };
};
