// Group writes whose answer is one side only (issue 13, "transfer and share name both sides"):
// - group.transfer_project: GitLab answers the receiving group. The project is read first (a failure
//   there only loses the "from" line) so the result names the project, where it was, and the group.
// - group.group_member_share: GitLab answers the shared group with its shared_with_groups; the link just
//   made is picked from it so the result names both groups and the role.
// GitLab's own refusal (404 Group Not Found, 403, 400 "Failed to transfer project ...") is not caught:
// it reaches the caller as GitLab wrote it.
import { GitLabHttpError } from "../gitlab/errors.js";
import type { Procedure } from "./types.js";

type Json = Record<string, unknown>;

const asObject = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

export const groupSides: Procedure = async ({ action, params, ctx, call, object }) => {
  if (action.id === "group.transfer_project") {
    const projectSegment = call.path.split("/projects/")[1] ?? "";
    let before: Json = {};
    try {
      before = asObject((await ctx.client.rest({ method: "GET", path: `/projects/${projectSegment}`, signal: ctx.signal, retry: "read" })).body);
    } catch {
      // Not readable before the move (or gone): the transfer itself will say what GitLab thinks.
    }
    let answer;
    try {
      answer = await ctx.client.rest(call);
    } catch (e) {
      // GitLab's refusal, as GitLab wrote it, with both sides named (a hidden group answers 404).
      if (!(e instanceof GitLabHttpError) || e.status < 400 || e.status >= 500) throw e;
      const body = asObject(e.body);
      const reason = typeof body.message === "string" ? body.message : typeof body.error === "string" ? body.error : JSON.stringify(e.body);
      const what = before.path_with_namespace ? String(before.path_with_namespace) : String(params.project_id);
      const hint = e.status === 404 ? " The group does not exist or this token cannot see it." : e.status === 403 ? " Moving a project into a group through this endpoint needs an administrator." : "";
      return { kind: "error", contentKind: action.contentKind, text: `${action.id}: GitLab refused to move project ${what} into group ${String(params.group_id)}: ${reason} (HTTP ${e.status}).${hint}` };
    }
    const group = asObject(answer.body);
    const projects = Array.isArray(group.projects) ? (group.projects as Json[]) : [];
    const moved = projects.find((p) => before.id !== undefined && p.id === before.id) ?? {};
    const namespace = asObject(before.namespace);
    const fromNamespace = (namespace.full_path as string | undefined) ?? (typeof before.path_with_namespace === "string" ? before.path_with_namespace.split("/").slice(0, -1).join("/") : undefined);
    const projectPath = (moved.path_with_namespace as string | undefined) ?? (before.path ? `${String(group.full_path)}/${String(before.path)}` : String(params.project_id));
    const out: Json = {
      project_id: (before.id as number | undefined) ?? (moved.id as number | undefined) ?? (/^\d+$/.test(String(params.project_id)) ? Number(params.project_id) : 0),
      project_path: projectPath,
      group_id: group.id,
      group_full_path: group.full_path,
    };
    if (fromNamespace) out.from_namespace = fromNamespace;
    const web = (moved.web_url as string | undefined) ?? (typeof group.web_url === "string" && before.path ? String(group.web_url).replace(/\/groups\//, "/") + `/${String(before.path)}` : undefined);
    if (web) out.web_url = web;
    return object(out, answer.size);
  }
  // group.group_member_share
  const answer = await ctx.client.rest(call);
  const group = asObject(answer.body);
  const links = Array.isArray(group.shared_with_groups) ? (group.shared_with_groups as Json[]) : [];
  const link = links.find((l) => Number(l.group_id) === Number(params.shared_with_group_id)) ?? {};
  const out: Json = {
    group_id: group.id,
    group_full_path: group.full_path,
    shared_with_group_id: Number(params.shared_with_group_id),
    shared_with_group_full_path: link.group_full_path ?? link.group_name ?? `group ${String(params.shared_with_group_id)}`,
    group_access_level: link.group_access_level ?? params.access_level,
  };
  if (link.expires_at) out.expires_at = link.expires_at;
  if (group.web_url) out.web_url = group.web_url;
  return object(out, answer.size);
};
