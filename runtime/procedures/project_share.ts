// Sharing a project with a group: GitLab's answer holds IDs only, so the project is read back (its
// shared_with_groups names the group) to name both sides and the role in the result.
import type { Procedure } from "./types.js";

export const projectShare: Procedure = async ({ call, ctx, object }) => {
  const answer = await ctx.client.rest(call);
  const link = answer.body && typeof answer.body === "object" ? (answer.body as Record<string, unknown>) : {};
  let projectPath: unknown;
  let groupPath: unknown;
  try {
    const project = await ctx.client.rest({ method: "GET", path: call.path.replace(/\/share$/, ""), signal: call.signal, retry: "read" });
    const body = project.body as { path_with_namespace?: string; shared_with_groups?: Array<{ group_id?: number; group_full_path?: string }> };
    projectPath = body.path_with_namespace;
    groupPath = body.shared_with_groups?.find((g) => g.group_id === link.group_id)?.group_full_path;
  } catch {
    // The share took place; without the names the result falls back to the IDs.
  }
  return object({ ...link, project_path: projectPath ?? String(link.project_id ?? ""), shared_with: groupPath ?? String(link.group_id ?? "") }, answer.size);
};
