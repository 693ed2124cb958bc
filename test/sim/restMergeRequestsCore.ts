// Merge requests API beyond one merge request's review: listing (project, group, everything the user
// sees), creating, updating and deleting, and the small per-MR endpoints (commits, participants,
// reviewers, related and closing issues, rebase, auto-merge cancel, MR pipelines, to-dos, subscriptions).
// Written from doc/api/merge_requests.md and lib/api/merge_requests.rb:
// - lists are MergeRequestBasic, newest first (order_by created_at, sort desc), offset-paginated; state
//   defaults to all; /merge_requests defaults to scope created_by_me;
// - create needs source_branch, target_branch and title (400 "x is missing"); an open MR for the same
//   branches, or a source branch that does not exist, is validate_branches: 409 {"message":["..."]};
// - update needs one of its attributes (400 "... at least one parameter must be provided");
// - delete answers 204; rebase 202 {"rebase_in_progress":true}; a merged or closed MR cannot be rebased
//   (403 "403 Forbidden - Cannot push to source branch");
// - cancel_merge_when_pipeline_succeeds: 405 when the MR is not open, 406 when auto-merge is not set;
// - subscribe / unsubscribe / todo answer 201, or 304 Not Modified when nothing changes.
import { createHash } from "node:crypto";
import { messageError, validationError } from "./errors.js";
import { filterMergeRequests, simpleView, type MrRow } from "./mergeRequestFilters.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamSpec, type ParamValue } from "./params.js";
import { authorizeWrite, currentUserId, projectWebUrl, userProject } from "./projectAccess.js";
import { groupOf, listDocuments } from "./restDocuments.js";
import { projectExtra } from "./restProjectCore.js";
import { findMergeRequest } from "./restMergeRequests.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject } from "./state.js";
import type { SimMergeRequest } from "./tracker.js";
import { presentIssue, presentMergeRequest, presentMergeRequestBasic, presentPipeline, presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

function splitList(value: ParamValue | undefined): string[] {
  return typeof value === "string" ? value.split(",").map((l) => l.trim()).filter((l) => l !== "") : [];
}

function listPage(ctx: RestContext, rows: MrRow[], scopeDefault?: string): RestResult {
  const { rows: sorted, p } = filterMergeRequests(ctx, rows, scopeDefault);
  const page = paginateOffset(sorted, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  const present = ({ project, mr }: MrRow) => presentMergeRequestBasic(ctx.state, project, mr, ctx.options.externalUrl);
  return { status: 200, body: page.items.map((row) => (p.view === "simple" ? simpleView(present(row)) : present(row))), headers: page.headers };
}

function rowsOf(ctx: RestContext, projects: Iterable<SimProject>): MrRow[] {
  const out: MrRow[] = [];
  for (const project of projects) for (const mr of ctx.state.tracker.of(project).mergeRequests.values()) out.push({ project, mr });
  return out;
}

function listProject(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return listPage(ctx, rowsOf(ctx, [project]));
}

function visibleProjects(ctx: RestContext): SimProject[] {
  const user = ctx.auth.kind === "user" ? ctx.auth.user.id : undefined;
  return [...ctx.state.projects.values()].filter((pr) => ctx.state.canRead(pr, user));
}

function listGroup(ctx: RestContext): RestResult {
  const group = groupOf(ctx);
  const prefix = `${String(group.full_path).toLowerCase()}/`;
  return listPage(ctx, rowsOf(ctx, visibleProjects(ctx).filter((pr) => pr.path_with_namespace.toLowerCase().startsWith(prefix))));
}

function listGlobal(ctx: RestContext): RestResult {
  return listPage(ctx, rowsOf(ctx, visibleProjects(ctx)), "created_by_me");
}

/** Grape `Array[Integer]`: integers, numeric strings, or one comma-separated string. */
function integerArray(raw: ParamValue | undefined, name: string): number[] | undefined {
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : raw === null || raw === "" ? [] : String(raw).split(",");
  const out = list.map((v) => (typeof v === "number" ? v : /^\s*\d+\s*$/.test(String(v)) ? Number(v) : NaN));
  if (out.some((n) => !Number.isInteger(n))) throw validationError([`${name} is invalid`]);
  return out.filter((n) => n !== 0);
}

const DRAFT = /^\s*(\[draft\]|\(draft\)|draft:|draft\s*-|\[wip\]|wip:)\s*/i;

const COMMON: ParamSpec[] = [
  { name: "description", type: "string" },
  { name: "labels", type: "string" },
  { name: "milestone_id", type: "integer" },
  { name: "remove_source_branch", type: "boolean" },
  { name: "squash", type: "boolean" },
  { name: "allow_collaboration", type: "boolean" },
  { name: "allow_maintainer_to_push", type: "boolean" },
  { name: "assignee_id", type: "integer" },
  { name: "merge_after", type: "string" },
];

/** The optional fields create and update share: stored on the merge request, shown in its entity. */
function applyCommon(ctx: RestContext, project: SimProject, mr: SimMergeRequest, p: Record<string, ParamValue>): void {
  if (p.milestone_id !== undefined) {
    const id = p.milestone_id as number | null;
    // An unknown milestone is dropped silently, as MergeRequests::BaseService#filter_milestone does.
    const found = id ? listDocuments(ctx.state, "milestone", project.id).find((m) => m.id === id) : undefined;
    mr.milestone = found ? { id: found.id, iid: found.iid, project_id: project.id, title: found.title, state: found.state ?? "active", due_date: found.due_date ?? null, web_url: found.web_url } : null;
  }
  const collab = p.allow_collaboration ?? p.allow_maintainer_to_push;
  if (collab !== undefined) mr.allow_collaboration = collab as boolean;
  if (p.assignee_id !== undefined && ctx.params.assignee_ids === undefined) mr.assigneeIds = p.assignee_id ? [p.assignee_id as number] : [];
  if (p.merge_after !== undefined) {
    if (p.merge_after !== null && Number.isNaN(Date.parse(String(p.merge_after)))) throw validationError(["merge_after is invalid"]);
    mr.mergeAfter = p.merge_after === null ? null : new Date(String(p.merge_after)).toISOString();
  }
}

/**
 * The project a new merge request lands in: target_project_id names the upstream of a fork (the MR is
 * then the target's, its source this project); any other project is 422 validate_fork.
 */
function targetOf(ctx: RestContext, source: SimProject, targetId: ParamValue | undefined): SimProject {
  if (targetId === undefined || targetId === source.id) return source;
  const target = ctx.state.projects.get(targetId as number);
  if (!target) throw messageError(404, "404 Project Not Found");
  if (projectExtra(source).forkedFrom !== target.id) throw messageError(422, ["Source project is not a fork of the target project"]);
  return target;
}

function createMergeRequest(ctx: RestContext): RestResult {
  const source = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "title", type: "string", required: true, allowBlank: false },
    { name: "source_branch", type: "string", required: true, allowBlank: false },
    { name: "target_branch", type: "string", required: true, allowBlank: false },
    { name: "target_project_id", type: "integer" },
    ...COMMON,
  ]);
  authorizeWrite(ctx);
  const project = targetOf(ctx, source, p.target_project_id);
  const tracker = ctx.state.tracker;
  const sourceBranch = p.source_branch as string;
  const target = p.target_branch as string;
  const problems: string[] = [];
  if (sourceBranch === target && project === source) problems.push("You can't use same project/branch for source and target");
  if (!source.branches.has(sourceBranch)) problems.push(`Source branch "${sourceBranch}" does not exist`);
  if (!project.branches.has(target)) problems.push(`Target branch "${target}" does not exist`);
  const open = [...tracker.of(project).mergeRequests.values()].find((m) => m.state === "opened" && m.source_branch === sourceBranch && m.target_branch === target && (m.sourceProjectId ?? project.id) === source.id);
  if (open) problems.push(`Another open merge request already exists for this source branch: !${open.iid}`);
  if (problems.length > 0) throw messageError(409, problems);
  const now = jsonTime(ctx.state.now());
  const title = p.title as string;
  const mr: SimMergeRequest = {
    id: tracker.mergeRequestId(),
    iid: tracker.nextMergeRequestIid(project),
    title,
    description: (p.description as string | undefined) ?? null,
    state: "opened",
    authorId: currentUserId(ctx),
    assigneeIds: integerArray(ctx.params.assignee_ids, "assignee_ids") ?? [],
    reviewerIds: integerArray(ctx.params.reviewer_ids, "reviewer_ids") ?? [],
    labels: splitList(p.labels),
    source_branch: sourceBranch,
    target_branch: target,
    draft: DRAFT.test(title),
    sha: source.branches.get(sourceBranch)!.commit.id,
    detailed_merge_status: DRAFT.test(title) ? "draft_status" : "mergeable",
    has_conflicts: false,
    changes: [],
    created_at: now,
    updated_at: now,
    merged_at: null,
    mergeUserId: null,
    merge_commit_sha: null,
    squash: p.squash === true,
    should_remove_source_branch: (p.remove_source_branch as boolean | undefined) ?? null,
    closed_at: null,
    closedById: null,
    approverIds: [],
    closesIssues: [],
    notes: [],
    ...(project === source ? {} : { sourceProjectId: source.id }),
  };
  applyCommon(ctx, project, mr, p);
  tracker.of(project).mergeRequests.set(mr.iid, mr);
  return { status: 201, body: presentMergeRequest(ctx.state, project, mr, ctx.options.externalUrl) };
}

const UPDATE_KEYS = [
  "target_branch", "title", "assignee_id", "assignee_ids", "reviewer_ids", "milestone_id", "labels", "add_labels", "remove_labels",
  "description", "state_event", "remove_source_branch", "allow_collaboration", "allow_maintainer_to_push", "squash", "discussion_locked", "merge_after",
];

function updateMergeRequest(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, [
    { name: "title", type: "string", allowBlank: false },
    { name: "target_branch", type: "string", allowBlank: false },
    { name: "state_event", type: "string", values: ["close", "reopen"] },
    { name: "add_labels", type: "string" },
    { name: "remove_labels", type: "string" },
    { name: "discussion_locked", type: "boolean" },
    ...COMMON,
  ]);
  if (!UPDATE_KEYS.some((k) => ctx.params[k] !== undefined)) {
    throw validationError([`${UPDATE_KEYS.join(", ")} are missing, at least one parameter must be provided`]);
  }
  authorizeWrite(ctx);
  const now = jsonTime(ctx.state.now());
  if (p.title !== undefined) {
    mr.title = p.title as string;
    mr.draft = DRAFT.test(mr.title);
  }
  if (p.description !== undefined) mr.description = p.description as string | null;
  if (p.target_branch !== undefined) mr.target_branch = p.target_branch as string;
  if (p.labels !== undefined) mr.labels = splitList(p.labels);
  for (const l of splitList(p.add_labels)) if (!mr.labels.includes(l)) mr.labels.push(l);
  const removed = new Set(splitList(p.remove_labels));
  mr.labels = mr.labels.filter((l) => !removed.has(l));
  const assignees = integerArray(ctx.params.assignee_ids, "assignee_ids");
  if (assignees !== undefined) mr.assigneeIds = assignees;
  const reviewers = integerArray(ctx.params.reviewer_ids, "reviewer_ids");
  if (reviewers !== undefined) mr.reviewerIds = reviewers;
  if (p.remove_source_branch !== undefined) mr.should_remove_source_branch = p.remove_source_branch as boolean;
  if (p.squash !== undefined) mr.squash = p.squash as boolean;
  if (p.discussion_locked !== undefined) mr.discussion_locked = p.discussion_locked as boolean | null;
  applyCommon(ctx, project, mr, p);
  if (p.state_event === "close" && mr.state === "opened") Object.assign(mr, { state: "closed", closed_at: now, closedById: currentUserId(ctx), autoMerge: false });
  else if (p.state_event === "reopen" && mr.state === "closed") Object.assign(mr, { state: "opened", closed_at: null, closedById: null });
  mr.updated_at = now;
  return { status: 200, body: presentMergeRequest(ctx.state, project, mr, ctx.options.externalUrl) };
}

function deleteMergeRequest(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  authorizeWrite(ctx);
  ctx.state.tracker.of(project).mergeRequests.delete(mr.iid);
  return { status: 204 };
}

/** The MR's commits: the simulator keeps one, its source head, titled as the merge request. */
function listCommits(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const author = ctx.state.ensureUser(mr.authorId);
  const commit = {
    id: mr.sha,
    short_id: mr.sha.slice(0, 8),
    created_at: mr.created_at,
    parent_ids: [createHash("sha1").update(`parent:${mr.sha}`).digest("hex")],
    title: mr.title,
    message: `${mr.title}\n`,
    author_name: author.name,
    author_email: author.email,
    authored_date: mr.created_at,
    committer_name: author.name,
    committer_email: author.email,
    committed_date: mr.created_at,
    trailers: {},
    extended_trailers: {},
    web_url: `${projectWebUrl(ctx.options.externalUrl, project)}/-/commit/${mr.sha}`,
  };
  const page = paginateOffset([commit], p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items, headers: page.headers };
}

function listParticipants(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const ids = [...new Set([mr.authorId, ...mr.assigneeIds, ...mr.reviewerIds, ...mr.notes.filter((n) => !n.system).map((n) => n.authorId)])];
  const page = paginateOffset(ids, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items.map((id) => presentUser(ctx.state, id, ctx.options.externalUrl)), headers: page.headers };
}

function listReviewers(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const rows = mr.reviewerIds.map((id) => ({
    user: presentUser(ctx.state, id, ctx.options.externalUrl),
    state: mr.approverIds.includes(id) ? "approved" : "unreviewed",
    created_at: mr.created_at,
  }));
  const page = paginateOffset(rows, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items, headers: page.headers };
}

const CLOSING = /\b(?:close[sd]?|closing|fix(?:e[sd])?|fixing|resolve[sd]?|resolving|implement(?:s|ed)?|implementing)\b:?\s+#(\d+)/gi;

function issuesFor(ctx: RestContext, project: SimProject, iids: number[]): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const issues = ctx.state.tracker.of(project).issues;
  const found = [...new Set(iids)].map((iid) => issues.get(iid)).filter((i) => i !== undefined);
  const page = paginateOffset(found, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items.map((i) => presentIssue(ctx.state, project, i, ctx.options.externalUrl)), headers: page.headers };
}

function closesIssues(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const mentioned = [...(mr.description ?? "").matchAll(CLOSING)].map((m) => Number(m[1]));
  return issuesFor(ctx, project, [...mr.closesIssues, ...mentioned]);
}

function relatedIssues(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const mentioned = [...`${mr.title}\n${mr.description ?? ""}`.matchAll(/(?:^|[^\w&!#])#(\d+)(?!\d)/g)].map((m) => Number(m[1]));
  return issuesFor(ctx, project, [...mr.closesIssues, ...mentioned]);
}

function rebase(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  declare(ctx.params, [{ name: "skip_ci", type: "boolean" }]);
  authorizeWrite(ctx);
  if (mr.state !== "opened") throw messageError(403, "403 Forbidden - Cannot push to source branch");
  return { status: 202, body: { rebase_in_progress: true } };
}

function cancelAutoMerge(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  authorizeWrite(ctx);
  if (mr.state !== "opened") throw messageError(405, "405 Method Not Allowed");
  if (mr.autoMerge !== true) throw messageError(406, "406 Not Acceptable");
  Object.assign(mr, { autoMerge: false, updated_at: jsonTime(ctx.state.now()) });
  return { status: 201, body: presentMergeRequest(ctx.state, project, mr, ctx.options.externalUrl) };
}

function createPipeline(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  authorizeWrite(ctx);
  if (mr.state !== "opened") throw messageError(400, { base: ["Merge request is not open"] });
  const t = ctx.state.tracker.of(project);
  const now = jsonTime(ctx.state.now());
  const pipeline = {
    id: ctx.state.tracker.pipelineId(),
    iid: t.pipelines.length + 1,
    sha: mr.sha,
    ref: `refs/merge-requests/${mr.iid}/head`,
    status: "created",
    source: "merge_request_event",
    created_at: now,
    updated_at: now,
    mergeRequestIid: mr.iid,
  };
  t.pipelines.push(pipeline);
  const ext = ctx.options.externalUrl;
  return {
    status: 201,
    body: { ...presentPipeline(project, pipeline, ext), before_sha: "0".repeat(40), tag: false, yaml_errors: null, user: presentUser(ctx.state, currentUserId(ctx), ext), started_at: null, finished_at: null, committed_at: null, duration: null, queued_duration: null, coverage: null },
  };
}

const todos = new WeakMap<SimMergeRequest, { id: number; userId: number; created_at: string }[]>();
const lastTodoId = new WeakMap<object, number>();

function createTodo(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const me = currentUserId(ctx);
  const list = todos.get(mr) ?? [];
  if (list.some((t) => t.userId === me)) return { status: 304 };
  const id = (lastTodoId.get(ctx.state) ?? 100) + 1;
  lastTodoId.set(ctx.state, id);
  const todo = { id, userId: me, created_at: jsonTime(ctx.state.now()) };
  todos.set(mr, [...list, todo]);
  const ext = ctx.options.externalUrl;
  const body: Json = {
    id: todo.id,
    project: { id: project.id, name: project.name, name_with_namespace: project.path_with_namespace.replace(/\//g, " / "), path: project.path, path_with_namespace: project.path_with_namespace },
    author: presentUser(ctx.state, mr.authorId, ext),
    action_name: "marked",
    target_type: "MergeRequest",
    target: presentMergeRequestBasic(ctx.state, project, mr, ext),
    target_url: `${projectWebUrl(ext, project)}/-/merge_requests/${mr.iid}`,
    body: mr.title,
    state: "pending",
    created_at: todo.created_at,
    updated_at: todo.created_at,
  };
  return { status: 201, body };
}

function subscription(wanted: boolean) {
  return (ctx: RestContext): RestResult => {
    const project = userProject(ctx);
    const mr = findMergeRequest(ctx, project);
    if ((mr.subscribed ?? true) === wanted) return { status: 304 };
    mr.subscribed = wanted;
    return { status: 201, body: presentMergeRequest(ctx.state, project, mr, ctx.options.externalUrl) };
  };
}

export function registerMergeRequestCoreRoutes(router: Router): void {
  router.add("GET", "/merge_requests", listGlobal);
  router.add("GET", "/groups/:id/merge_requests", listGroup);
  router.add("GET", "/projects/:id/merge_requests", listProject);
  router.add("POST", "/projects/:id/merge_requests", createMergeRequest);
  router.add("PUT", "/projects/:id/merge_requests/:merge_request_iid", updateMergeRequest);
  router.add("DELETE", "/projects/:id/merge_requests/:merge_request_iid", deleteMergeRequest);
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid/commits", listCommits);
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid/participants", listParticipants);
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid/reviewers", listReviewers);
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid/related_issues", relatedIssues);
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid/closes_issues", closesIssues);
  router.add("PUT", "/projects/:id/merge_requests/:merge_request_iid/rebase", rebase);
  router.add("POST", "/projects/:id/merge_requests/:merge_request_iid/cancel_merge_when_pipeline_succeeds", cancelAutoMerge);
  router.add("POST", "/projects/:id/merge_requests/:merge_request_iid/pipelines", createPipeline);
  router.add("POST", "/projects/:id/merge_requests/:merge_request_iid/todo", createTodo);
  router.add("POST", "/projects/:id/merge_requests/:merge_request_iid/subscribe", subscription(true));
  router.add("POST", "/projects/:id/merge_requests/:merge_request_iid/unsubscribe", subscription(false));
}
