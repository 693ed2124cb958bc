// Transferring a project: GitLab's answer names only the new namespace, so the project is read first to
// name the one it leaves. A refusal (a namespace the token cannot reach) comes back as GitLab wrote it.
import type { Procedure } from "./types.js";

export const projectTransfer: Procedure = async ({ ctx, call, object }) => {
  const before = await ctx.client.rest({ method: "GET", path: call.path.replace(/\/transfer$/, ""), signal: call.signal, retry: "read" });
  const source = before.body as { namespace?: { full_path?: string }; path_with_namespace?: string };
  const from = source.namespace?.full_path ?? String(source.path_with_namespace ?? "").split("/").slice(0, -1).join("/");
  const answer = await ctx.client.rest(call);
  const body = answer.body && typeof answer.body === "object" ? (answer.body as Record<string, unknown>) : {};
  return object({ transferred_from: from, ...body }, answer.size);
};
