// Deleting a project or a group. On most GitLab instances DELETE only marks the object for deletion
// (delayed deletion) and answers 202 {"message":"202 Accepted"}; the object stays readable, marked, until
// the instance's deletion period ends. So the DELETE is followed by a GET that tells what happened:
// still there and marked (the result gives the date and names the restore action), 404 (removed), or
// still there unmarked (GitLab is removing it in the background).
// Immediate removal is GitLab's `permanently_remove` with the `full_path` it requires: the two come
// together or not at all, which is checked here before anything is sent.
import { GitLabHttpError } from "../gitlab/errors.js";
import type { Procedure } from "./types.js";

/** GitLab's default deletion period (deletion_adjourned_period); instances may set 1 to 90 days. */
export const DEFAULT_DELETION_DAYS = 7;

function addDays(date: string, days: number): string | undefined {
  const t = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(t) ? undefined : new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

export const delayedDelete: Procedure = async ({ action, params, ctx, call, object }) => {
  const isGroup = action.id.startsWith("group.");
  const noun = isGroup ? "group" : "project";
  const idParam = isGroup ? "group_id" : "project_id";
  const example = isGroup ? "parent/group" : "group/project";
  const permanently = params.permanently_remove === true;
  const fullPath = typeof params.full_path === "string" ? params.full_path : undefined;
  if (permanently && !fullPath) {
    return {
      kind: "refusal",
      text: `${action.id}: permanently_remove needs full_path, the ${noun}'s full path (such as ${example}) that GitLab requires to confirm an immediate removal. Add full_path, or leave permanently_remove out to mark the ${noun} for deletion. Nothing was sent to GitLab.`,
    };
  }
  if (fullPath && !permanently) {
    return {
      kind: "refusal",
      text: `${action.id}: full_path only confirms an immediate removal: add permanently_remove: true to remove a ${noun} already marked for deletion, or leave full_path out to mark it. Nothing was sent to GitLab.`,
    };
  }
  await ctx.client.rest(call);
  const subject = String(params[idParam]);
  let current: Record<string, unknown> | undefined;
  try {
    const answer = await ctx.client.rest({ method: "GET", path: call.path, signal: call.signal, retry: "read" });
    current = answer.body && typeof answer.body === "object" ? (answer.body as Record<string, unknown>) : {};
  } catch (e) {
    if (!(e instanceof GitLabHttpError) || e.status !== 404) throw e;
  }
  if (!current) {
    return object({ outcome: "removed", summary: `${cap(noun)} removed: ${fullPath ?? subject}`, full_path: fullPath ?? subject });
  }
  const path = String(current.full_path ?? current.path_with_namespace ?? subject);
  const marked = (current.marked_for_deletion_on ?? current.marked_for_deletion_at) as string | null | undefined;
  if (marked) {
    const removal = addDays(marked, DEFAULT_DELETION_DAYS);
    return object({
      outcome: "marked_for_deletion",
      summary: `${cap(noun)} marked for deletion: ${path} (permanent removal ${removal ? `on ${removal} with the default ${DEFAULT_DELETION_DAYS}-day period` : "after the instance's deletion period"}; ${action.id.replace(".delete", ".restore")} undoes it until then)`,
      full_path: path,
      marked_for_deletion_on: String(marked).slice(0, 10),
      ...(removal ? { permanent_removal_on: removal } : {}),
      web_url: current.web_url,
    });
  }
  return object({ outcome: "deletion_in_progress", summary: `${cap(noun)} deletion started: ${path} (GitLab removes it in the background)`, full_path: path, web_url: current.web_url });
};

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
