// GitLab's search API (doc/api/search.md): one action per scope, each at instance, group or project
// level. The action fixes GitLab's `scope`; project_id or group_id (both `in: local`) choose the path,
// /projects/:id/search, /groups/:id/search or /search. What GitLab would refuse for the level is refused
// here first. GitLab sends no x-total/x-total-pages on search, so the page reports lower bounds (FMT-5).
import { pathSegment as segment } from "../gitlab/route.js";
import { restPage } from "../gitlab/pagination.js";
import type { Outcome } from "../result.js";
import type { Procedure } from "./types.js";

/** GitLab's scope for each search action. */
export const SEARCH_SCOPES: Readonly<Record<string, string>> = {
  "search.code": "blobs",
  "search.commits": "commits",
  "search.issues": "issues",
  "search.merge_requests": "merge_requests",
  "search.milestones": "milestones",
  "search.notes": "notes",
  "search.projects": "projects",
  "search.snippets": "snippet_titles",
  "search.users": "users",
  "search.wiki": "wiki_blobs",
};


export const search: Procedure = async ({ action, params, ctx, call, list }) => {
  const scope = SEARCH_SCOPES[action.id];
  if (!scope) throw new Error(`${action.id}: no search scope`);
  const project = params.project_id;
  const group = params.group_id;
  const refuse = (text: string): Outcome => ({ kind: "refusal", text: `${action.id}: ${text}` });
  if (project !== undefined && group !== undefined) return refuse("give project_id or group_id, not both: a search runs in one project, one group or the whole instance.");
  if (params.ref !== undefined && project === undefined) return refuse("ref needs project_id: GitLab searches a branch or tag of one project only.");
  if (typeof params.search === "string" && params.search.trim().length < 2) return refuse("search needs at least 2 characters besides spaces.");
  const path = project !== undefined ? `/projects/${segment(project)}/search` : group !== undefined ? `/groups/${segment(group)}/search` : "/search";
  const answer = await ctx.client.rest({ ...call, path, query: { ...call.query, scope } });
  const items = Array.isArray(answer.body) ? answer.body : [];
  const requested = { page: params.page as number | undefined, per_page: params.per_page as number | undefined };
  return list(items, restPage(answer.headers, items.length, requested, action.request.kind === "rest" && action.request.noTotals === true), answer.size);
};
