// Issues API and issue notes (doc/api/issues.md, doc/api/notes.md; lib/api/issues.rb, lib/api/notes.rb).
//
// - an unknown issue is ActiveRecord::RecordNotFound from `find_by!(iid:)`: 404 {"message":"404 Not found"};
// - create needs `title` (400 "title is missing"), sets the author to the token's user and the next IID;
// - update needs at least one of its attributes (400 "... are missing, at least one parameter must be
//   provided"), `state_event` close/reopen sets or clears closed_at and closed_by;
// - labels are comma-separated strings; notes list newest first (sort desc, order_by created_at) and
//   include system notes; related_merge_requests lists MRs that close or mention the issue.
import { presentIssue, presentMergeRequestBasic, presentNote, relatedMergeRequests } from "./trackerEntities.js";
import { recordNotFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap, type ParamSpec, type ParamValue } from "./params.js";
import { authorizeWrite, currentUserId, userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject } from "./state.js";
import type { SimIssue } from "./tracker.js";

const ISSUE_TYPES = ["issue", "incident", "test_case", "task"];

export function findIssue(ctx: RestContext, project: SimProject): SimIssue {
  if (!/^\d+$/.test(ctx.route.issue_iid)) throw validationError(["issue_iid is invalid"]);
  const issue = ctx.state.tracker.of(project).issues.get(Number(ctx.route.issue_iid));
  if (!issue) throw recordNotFound();
  if (issue.confidential && ctx.auth.kind === "anonymous") throw recordNotFound();
  return issue;
}

function splitLabels(value: ParamValue | undefined): string[] {
  return typeof value === "string" ? value.split(",").map((l) => l.trim()).filter((l) => l !== "") : [];
}

/** Grape `Array[Integer]` with coerce: integers, numeric strings, or one comma-separated string. */
function integerArray(raw: ParamValue | undefined, name: string): number[] | undefined {
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : raw === null || raw === "" ? [] : String(raw).split(",");
  const out = list.map((v) => (typeof v === "number" ? v : /^\s*\d+\s*$/.test(String(v)) ? Number(v) : NaN));
  if (out.some((n) => !Number.isInteger(n))) throw validationError([`${name} is invalid`]);
  return out.filter((n) => n !== 0);
}

const COMMON: ParamSpec[] = [
  { name: "description", type: "string" },
  { name: "labels", type: "string" },
  { name: "milestone_id", type: "integer" },
  { name: "due_date", type: "string" },
  { name: "confidential", type: "boolean" },
  { name: "issue_type", type: "string", values: ISSUE_TYPES },
];

function showIssue(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return { status: 200, body: presentIssue(ctx.state, project, findIssue(ctx, project), ctx.options.externalUrl) };
}

function createIssue(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [{ name: "title", type: "string", required: true, allowBlank: false }, ...COMMON]);
  authorizeWrite(ctx);
  const assignees = integerArray(ctx.params.assignee_ids, "assignee_ids") ?? [];
  const now = jsonTime(ctx.state.now());
  const tracker = ctx.state.tracker;
  const issue: SimIssue = {
    id: tracker.issueId(),
    iid: tracker.nextIssueIid(project),
    title: p.title as string,
    description: (p.description as string | undefined) ?? null,
    state: "opened",
    authorId: currentUserId(ctx),
    // GitLab Free keeps one assignee (Issues::BaseService#filter_assignees).
    assigneeIds: assignees.slice(0, 1),
    labels: splitLabels(p.labels),
    due_date: (p.due_date as string | undefined) ?? null,
    confidential: p.confidential === true,
    discussion_locked: null,
    issue_type: (p.issue_type as string | undefined) ?? "issue",
    created_at: now,
    updated_at: now,
    closed_at: null,
    closedById: null,
    notes: [],
  };
  tracker.of(project).issues.set(issue.iid, issue);
  return { status: 201, body: presentIssue(ctx.state, project, issue, ctx.options.externalUrl) };
}

const UPDATE_KEYS = ["assignee_id", "assignee_ids", "confidential", "created_at", "description", "discussion_locked", "due_date", "issue_type", "labels", "milestone_id", "state_event", "title", "add_labels", "remove_labels"];

function updateIssue(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const issue = findIssue(ctx, project);
  const p = declare(ctx.params, [
    { name: "title", type: "string", allowBlank: false },
    { name: "state_event", type: "string", values: ["reopen", "close"] },
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
  if (p.title !== undefined) issue.title = p.title as string;
  if (p.description !== undefined) issue.description = p.description as string | null;
  if (p.labels !== undefined) issue.labels = splitLabels(p.labels);
  for (const l of splitLabels(p.add_labels)) if (!issue.labels.includes(l)) issue.labels.push(l);
  const removed = new Set(splitLabels(p.remove_labels));
  issue.labels = issue.labels.filter((l) => !removed.has(l));
  const assignees = integerArray(ctx.params.assignee_ids, "assignee_ids");
  if (assignees !== undefined) issue.assigneeIds = assignees.slice(0, 1);
  if (p.due_date !== undefined) issue.due_date = (p.due_date as string | null) || null;
  if (p.confidential !== undefined) issue.confidential = p.confidential === true;
  if (p.discussion_locked !== undefined) issue.discussion_locked = p.discussion_locked as boolean;
  if (p.issue_type !== undefined) issue.issue_type = p.issue_type as string;
  if (p.state_event === "close" && issue.state === "opened") {
    Object.assign(issue, { state: "closed", closed_at: now, closedById: currentUserId(ctx) });
  } else if (p.state_event === "reopen" && issue.state === "closed") {
    Object.assign(issue, { state: "opened", closed_at: null, closedById: null });
  }
  issue.updated_at = now;
  return { status: 200, body: presentIssue(ctx.state, project, issue, ctx.options.externalUrl) };
}

function listNotes(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const issue = findIssue(ctx, project);
  const p = declare(ctx.params, [
    ...PAGINATION_PARAMS,
    { name: "sort", type: "string", values: ["asc", "desc"], default: "desc" },
    { name: "order_by", type: "string", values: ["created_at", "updated_at"], default: "created_at" },
  ]);
  const key = p.order_by as "created_at" | "updated_at";
  const dir = p.sort === "asc" ? 1 : -1;
  const notes = [...issue.notes].sort((a, b) => dir * (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id));
  const page = paginateOffset(notes, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  const noteable = { id: issue.id, iid: issue.iid, type: "Issue" };
  return { status: 200, body: page.items.map((n) => presentNote(ctx.state, project, n, noteable, ctx.options.externalUrl)), headers: page.headers };
}

function relatedMrs(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const issue = findIssue(ctx, project);
  const p: ParamMap = declare(ctx.params, PAGINATION_PARAMS);
  const mrs = relatedMergeRequests(ctx.state, project, issue).sort((a, b) => b.id - a.id);
  const page = paginateOffset(mrs, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items.map((mr) => presentMergeRequestBasic(ctx.state, project, mr, ctx.options.externalUrl)), headers: page.headers };
}

export function registerIssueRoutes(router: Router): void {
  router.add("POST", "/projects/:id/issues", createIssue);
  router.add("GET", "/projects/:id/issues/:issue_iid", showIssue);
  router.add("PUT", "/projects/:id/issues/:issue_iid", updateIssue);
  router.add("GET", "/projects/:id/issues/:issue_iid/notes", listNotes);
  router.add("GET", "/projects/:id/issues/:issue_iid/related_merge_requests", relatedMrs);
}
