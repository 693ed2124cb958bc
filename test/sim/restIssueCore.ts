// Issues API beyond one issue's card (doc/api/issues.md, issues_statistics.md, issue_links.md,
// iterations.md, group_iterations.md; lib/api/issues.rb, issue_links.rb, ee/lib/api/iterations.rb).
//
// - lists (/issues, /groups/:id/issues, /projects/:id/issues) are newest first (order_by created_at,
//   sort desc), offset-paginated; state defaults to all; /issues defaults to scope created_by_me, the
//   others to all; labels must all match (case-insensitive), None and Any mean no label / some label;
//   milestone None/Any compare with no milestone (simulated issues carry none);
// - GET /issues/:id takes the global ID and is admin only (authenticated_as_admin!: 403 otherwise);
// - delete, move and reorder look the issue up with find_by and not_found!('Issue'): 404 "404 Issue Not
//   Found" (the other endpoints answer ActiveRecord's "404 Not found"); reorder needs move_after_id or
//   move_before_id (400 "... at least one parameter must be provided"); lists leave out `subscribed`;
// - delete answers 204; move answers 201 with the new issue and closes the original; moving to the same
//   project is 400 {"message":"Cannot move issue to project it originates from!"};
// - reorder answers 200 with the issue; subscribe/unsubscribe 201, or 304 Not Modified when nothing
//   changes; todo 201, or 304 when the user already has a pending to-do for the issue;
// - closed_by lists the merge requests that close the issue on merge;
// - issues_statistics answers {"statistics":{"counts":{"all","closed","opened"}}} with the list filters;
// - time tracking as for merge requests (8h days, 5d weeks); a duration GitLab cannot read is
//   400 {"message":{"time_estimate":["is invalid"]}} (time_spent for add_spent_time);
// - issue links: the list shows each linked issue with issue_link_id, link_type (seen from this issue:
//   a link "A blocks B" lists as is_blocked_by on B), link_created_at, link_updated_at; create answers
//   201 {source_issue, target_issue, link_type}; a target GitLab cannot find is 404 {"message":"No
//   matching issue found. Make sure that you are adding a valid issue URL."}, a pair already linked 409
//   {"message":"Issue(s) already assigned"}, a link to the issue itself 422 "#1 cannot be added: cannot be
//   related to itself"; get and delete answer the same shape (404 "404 Not found"
//   for a link of another issue or none); delete answers 200;
// - iterations (Premium) are seeded documents ("iteration" under a project, "group_iteration" under a
//   group); state opened = upcoming + current; include_ancestors defaults to true and adds the
//   ancestor groups' iterations; a project sees its group's.
import { checkIssueFilters, MORE_ISSUE_FILTERS, passesMoreIssueFilters } from "./issueFilters.js";
import { forbidden, messageError, notFound, recordNotFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap, type ParamSpec, type ParamValue } from "./params.js";
import { authorizeWrite, currentUserId, projectWebUrl, userProject } from "./projectAccess.js";
import { listDocuments } from "./restDocuments.js";
import { findIssue } from "./restIssues.js";
import { humanDuration, parseDuration } from "./restMergeRequestActivity.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject, type SimState } from "./state.js";
import type { SimIssue } from "./tracker.js";
import { presentIssue, presentMergeRequestBasic, presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;
type Row = { project: SimProject; issue: SimIssue };

interface IssueExtra {
  subscribed: boolean;
  position: number;
  estimate: number;
  spent: number;
  todoUsers: number[];
}

interface SimIssueLink {
  id: number;
  source: SimIssue;
  sourceProject: SimProject;
  target: SimIssue;
  targetProject: SimProject;
  type: "relates_to" | "blocks";
  created_at: string;
}

const extras = new WeakMap<SimIssue, IssueExtra>();
const links = new WeakMap<SimState, { next: number; list: SimIssueLink[] }>();
const todoIds = new WeakMap<SimState, number>();

function extraOf(issue: SimIssue): IssueExtra {
  let e = extras.get(issue);
  if (!e) {
    e = { subscribed: true, position: issue.id * 100, estimate: 0, spent: 0, todoUsers: [] };
    extras.set(issue, e);
  }
  return e;
}

function linksOf(state: SimState): { next: number; list: SimIssueLink[] } {
  let l = links.get(state);
  if (!l) {
    l = { next: 0, list: [] };
    links.set(state, l);
  }
  return l;
}

function timeStatsOf(issue: SimIssue): Json {
  const e = extraOf(issue);
  return { time_estimate: e.estimate, total_time_spent: e.spent, human_time_estimate: humanDuration(e.estimate), human_total_time_spent: humanDuration(e.spent) };
}

/** The issue as GitLab shows it, with the state this module keeps (subscription, time tracking). */
export function presentIssueFull(ctx: RestContext, project: SimProject, issue: SimIssue): Json {
  const body = presentIssue(ctx.state, project, issue, ctx.options.externalUrl);
  return { ...body, time_stats: timeStatsOf(issue), subscribed: extraOf(issue).subscribed };
}

// ---- lists ----

const FILTERS: ParamSpec[] = [
  { name: "labels", type: "string" },
  { name: "milestone", type: "string" },
  { name: "author_username", type: "string" },
  { name: "assignee_username", type: "string" },
  { name: "search", type: "string" },
  { name: "confidential", type: "boolean" },
];
const SCOPES = ["created-by-me", "assigned-to-me", "created_by_me", "assigned_to_me", "all"];
const ORDERS = ["created_at", "updated_at", "priority", "due_date", "relative_position", "label_priority", "milestone_due", "popularity", "weight", "title"];
const LIST_PARAMS: ParamSpec[] = [
  ...PAGINATION_PARAMS,
  ...FILTERS,
  { name: "state", type: "string", values: ["opened", "closed", "all"], default: "all" },
  { name: "order_by", type: "string", values: ORDERS, default: "created_at" },
  { name: "sort", type: "string", values: ["asc", "desc"], default: "desc" },
  ...MORE_ISSUE_FILTERS,
];

function splitList(value: ParamValue | undefined): string[] {
  return typeof value === "string" ? value.split(",").map((l) => l.trim()).filter((l) => l !== "") : [];
}

function visibleProjects(ctx: RestContext): SimProject[] {
  const user = ctx.auth.kind === "user" ? ctx.auth.user.id : undefined;
  return [...ctx.state.projects.values()].filter((pr) => ctx.state.canRead(pr, user));
}

function rowsOf(ctx: RestContext, projects: Iterable<SimProject>): Row[] {
  const out: Row[] = [];
  for (const project of projects) for (const issue of ctx.state.tracker.of(project).issues.values()) out.push({ project, issue });
  return out;
}

/** The filters of GitLab's IssuesFinder (without state), scope included. */
function filterRows(ctx: RestContext, rows: Row[], p: ParamMap): Row[] {
  const labels = splitList(p.labels).map((l) => l.toLowerCase());
  const special = labels.length === 1 && (labels[0] === "none" || labels[0] === "any") ? labels[0] : undefined;
  const search = typeof p.search === "string" ? p.search.toLowerCase() : undefined;
  const me = currentUserId(ctx);
  const scope = typeof p.scope === "string" ? p.scope.replace(/-/g, "_") : "all";
  const username = (id: number) => ctx.state.ensureUser(id).username;
  return rows.filter(({ issue }) => {
    if (scope === "created_by_me" && issue.authorId !== me) return false;
    if (scope === "assigned_to_me" && !issue.assigneeIds.includes(me)) return false;
    if (special === "none" && issue.labels.length > 0) return false;
    if (special === "any" && issue.labels.length === 0) return false;
    if (!special && !labels.every((l) => issue.labels.some((m) => m.toLowerCase() === l))) return false;
    if (p.milestone !== undefined && String(p.milestone).toLowerCase() !== "none") return false; // simulated issues carry no milestone
    if (p.author_username !== undefined && username(issue.authorId) !== p.author_username) return false;
    if (p.assignee_username !== undefined && !issue.assigneeIds.some((id) => username(id) === p.assignee_username)) return false;
    if (p.confidential !== undefined && issue.confidential !== p.confidential) return false;
    if (search !== undefined && !`${issue.title}\n${issue.description ?? ""}`.toLowerCase().includes(search)) return false;
    return true;
  });
}

function sortRows(rows: Row[], p: ParamMap): Row[] {
  const dir = p.sort === "asc" ? 1 : -1;
  const key = (i: SimIssue): string | number =>
    p.order_by === "title" ? i.title.toLowerCase() : p.order_by === "updated_at" ? i.updated_at : p.order_by === "due_date" ? (i.due_date ?? "9999") : p.order_by === "relative_position" ? extraOf(i).position : i.created_at;
  return [...rows].sort((a, b) => {
    const ka = key(a.issue);
    const kb = key(b.issue);
    return ka < kb ? -dir : ka > kb ? dir : dir * (a.issue.id - b.issue.id);
  });
}

function listPage(ctx: RestContext, rows: Row[], p: ParamMap): RestResult {
  const times = checkIssueFilters(ctx.params, p);
  const kept = filterRows(ctx, rows, p).filter(({ issue }) => (p.state === "all" || issue.state === p.state) && passesMoreIssueFilters(ctx, issue, ctx.params, p, times));
  const page = paginateOffset(sortRows(kept, p), p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  // Lists are presented with include_subscribed: false.
  const body = page.items.map(({ project, issue }) => {
    const { subscribed: _omitted, ...rest } = presentIssueFull(ctx, project, issue);
    return rest;
  });
  return { status: 200, body, headers: page.headers };
}

function groupProjects(ctx: RestContext): SimProject[] {
  const group = ctx.state.findGroup(ctx.route.id ?? "");
  if (!group) throw notFound("Group");
  const prefix = `${group.full_path.toLowerCase()}/`;
  return visibleProjects(ctx).filter((pr) => pr.path_with_namespace.toLowerCase().startsWith(prefix));
}

function listProject(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [...LIST_PARAMS, { name: "scope", type: "string", values: SCOPES, default: "all" }]);
  return listPage(ctx, rowsOf(ctx, [project]), p);
}

function listGroup(ctx: RestContext): RestResult {
  const projects = groupProjects(ctx);
  const p = declare(ctx.params, [...LIST_PARAMS, { name: "scope", type: "string", values: SCOPES, default: "all" }]);
  return listPage(ctx, rowsOf(ctx, projects), p);
}

function listAll(ctx: RestContext): RestResult {
  const p = declare(ctx.params, [...LIST_PARAMS, { name: "scope", type: "string", values: SCOPES, default: "created_by_me" }]);
  return listPage(ctx, rowsOf(ctx, visibleProjects(ctx)), p);
}

function statistics(projects: (ctx: RestContext) => SimProject[], defaultScope: string) {
  return (ctx: RestContext): RestResult => {
    const list = projects(ctx);
    const p = declare(ctx.params, [...FILTERS, { name: "scope", type: "string", values: SCOPES, default: defaultScope }]);
    const rows = filterRows(ctx, rowsOf(ctx, list), p);
    const opened = rows.filter((r) => r.issue.state === "opened").length;
    return { status: 200, body: { statistics: { counts: { all: rows.length, closed: rows.length - opened, opened } } } };
  };
}

// ---- one issue ----

function showById(ctx: RestContext): RestResult {
  if (ctx.auth.kind !== "user" || !ctx.auth.token.admin) throw forbidden();
  const id = Number(ctx.route.issue_id);
  for (const project of ctx.state.projects.values()) {
    for (const issue of ctx.state.tracker.of(project).issues.values()) if (issue.id === id) return { status: 200, body: presentIssueFull(ctx, project, issue) };
  }
  throw recordNotFound();
}

/** `find_by(iid:)` then not_found!('Issue'): delete, move and reorder answer 404 "404 Issue Not Found". */
function issueOr404(ctx: RestContext, project: SimProject): SimIssue {
  const issue = ctx.state.tracker.of(project).issues.get(Number(ctx.route.issue_iid));
  if (!issue || (issue.confidential && ctx.auth.kind === "anonymous")) throw notFound("Issue");
  return issue;
}

function deleteIssue(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const issue = issueOr404(ctx, project);
  authorizeWrite(ctx);
  ctx.state.tracker.of(project).issues.delete(issue.iid);
  return { status: 204 };
}

function moveIssue(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const issue = issueOr404(ctx, project);
  const p = declare(ctx.params, [{ name: "to_project_id", type: "integer", required: true }]);
  authorizeWrite(ctx);
  const target = ctx.state.findProject(String(p.to_project_id));
  if (!target || !ctx.state.canRead(target, currentUserId(ctx))) throw notFound("Project");
  if (target === project) throw messageError(400, "Cannot move issue to project it originates from!");
  const now = jsonTime(ctx.state.now());
  const tracker = ctx.state.tracker;
  const moved: SimIssue = { ...issue, id: tracker.issueId(), iid: tracker.nextIssueIid(target), assigneeIds: [...issue.assigneeIds], labels: [...issue.labels], notes: [], created_at: now, updated_at: now };
  tracker.of(target).issues.set(moved.iid, moved);
  Object.assign(issue, { state: "closed", closed_at: now, closedById: currentUserId(ctx), updated_at: now });
  return { status: 201, body: presentIssueFull(ctx, target, moved) };
}

function reorderIssue(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "move_after_id", type: "integer" },
    { name: "move_before_id", type: "integer" },
  ]);
  if (p.move_after_id === undefined && p.move_before_id === undefined) throw validationError(["move_after_id, move_before_id are missing, at least one parameter must be provided"]);
  const issue = issueOr404(ctx, project);
  authorizeWrite(ctx);
  const byId = (id: ParamValue | undefined) => (id === undefined ? undefined : [...ctx.state.tracker.of(project).issues.values()].find((i) => i.id === id));
  const after = byId(p.move_after_id);
  const before = byId(p.move_before_id);
  if ((p.move_after_id !== undefined && !after) || (p.move_before_id !== undefined && !before)) throw messageError(422, "Unprocessable Entity");
  const lo = after ? extraOf(after).position : undefined;
  const hi = before ? extraOf(before).position : undefined;
  extraOf(issue).position = lo !== undefined && hi !== undefined ? (lo + hi) / 2 : lo !== undefined ? lo + 50 : hi !== undefined ? hi - 50 : extraOf(issue).position;
  return { status: 200, body: presentIssueFull(ctx, project, issue) };
}

function subscription(wanted: boolean) {
  return (ctx: RestContext): RestResult => {
    const project = userProject(ctx);
    const issue = findIssue(ctx, project);
    authorizeWrite(ctx);
    if (extraOf(issue).subscribed === wanted) return { status: 304 };
    extraOf(issue).subscribed = wanted;
    return { status: 201, body: presentIssueFull(ctx, project, issue) };
  };
}

function createTodo(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const issue = findIssue(ctx, project);
  authorizeWrite(ctx);
  const me = currentUserId(ctx);
  const e = extraOf(issue);
  if (e.todoUsers.includes(me)) return { status: 304 };
  e.todoUsers.push(me);
  const id = (todoIds.get(ctx.state) ?? 300) + 1;
  todoIds.set(ctx.state, id);
  const ext = ctx.options.externalUrl;
  const now = jsonTime(ctx.state.now());
  return {
    status: 201,
    body: {
      id,
      project: { id: project.id, name: project.name, name_with_namespace: project.path_with_namespace.replace(/\//g, " / "), path: project.path, path_with_namespace: project.path_with_namespace },
      author: presentUser(ctx.state, issue.authorId, ext),
      action_name: "marked",
      target_type: "Issue",
      target: presentIssueFull(ctx, project, issue),
      target_url: `${projectWebUrl(ext, project)}/-/issues/${issue.iid}`,
      body: issue.title,
      state: "pending",
      created_at: now,
      updated_at: now,
    },
  };
}

function participants(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const issue = findIssue(ctx, project);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const ids = [...new Set([issue.authorId, ...issue.assigneeIds, ...issue.notes.filter((n) => !n.system).map((n) => n.authorId)])];
  const page = paginateOffset(ids, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items.map((id) => presentUser(ctx.state, id, ctx.options.externalUrl)), headers: page.headers };
}

function closedBy(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const issue = findIssue(ctx, project);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const mrs = [...ctx.state.tracker.of(project).mergeRequests.values()].filter((mr) => mr.closesIssues.includes(issue.iid)).sort((a, b) => b.id - a.id);
  const page = paginateOffset(mrs, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items.map((mr) => presentMergeRequestBasic(ctx.state, project, mr, ctx.options.externalUrl)), headers: page.headers };
}

// ---- time tracking ----

function timeStats(ctx: RestContext): RestResult {
  return { status: 200, body: timeStatsOf(findIssue(ctx, userProject(ctx))) };
}

function timeWrite(change: (ctx: RestContext, e: IssueExtra) => void) {
  return (ctx: RestContext): RestResult => {
    const issue = findIssue(ctx, userProject(ctx));
    authorizeWrite(ctx);
    change(ctx, extraOf(issue));
    return { status: 201, body: timeStatsOf(issue) };
  };
}

const setEstimate = timeWrite((ctx, e) => {
  const p = declare(ctx.params, [{ name: "duration", type: "string", required: true }]);
  const seconds = parseDuration(String(p.duration));
  if (seconds === undefined || seconds < 0) throw messageError(400, { time_estimate: ["is invalid"] });
  e.estimate = seconds;
});

const addSpent = timeWrite((ctx, e) => {
  const p = declare(ctx.params, [
    { name: "duration", type: "string", required: true },
    { name: "summary", type: "string" },
  ]);
  const seconds = parseDuration(String(p.duration));
  if (seconds === undefined) throw messageError(400, { time_spent: ["is invalid"] });
  if (e.spent + seconds < 0) throw messageError(400, { base: ["Time to subtract exceeds the total time spent"] });
  e.spent += seconds;
});

// ---- issue links ----

function presentLink(ctx: RestContext, l: SimIssueLink): Json {
  return { source_issue: presentIssueFull(ctx, l.sourceProject, l.source), target_issue: presentIssueFull(ctx, l.targetProject, l.target), link_type: l.type };
}

function linksOfIssue(ctx: RestContext, issue: SimIssue): SimIssueLink[] {
  return linksOf(ctx.state).list.filter((l) => l.source === issue || l.target === issue);
}

function listLinks(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const issue = findIssue(ctx, project);
  const body = linksOfIssue(ctx, issue).map((l) => {
    const mine = l.source === issue;
    const [other, otherProject] = mine ? [l.target, l.targetProject] : [l.source, l.sourceProject];
    const type = l.type === "relates_to" ? "relates_to" : mine ? "blocks" : "is_blocked_by";
    return { ...presentIssueFull(ctx, otherProject, other), issue_link_id: l.id, link_type: type, link_created_at: l.created_at, link_updated_at: l.created_at };
  });
  return { status: 200, body };
}

function findLink(ctx: RestContext): SimIssueLink {
  const issue = findIssue(ctx, userProject(ctx));
  const id = Number(ctx.route.issue_link_id);
  const link = linksOfIssue(ctx, issue).find((l) => l.id === id);
  if (!link) throw recordNotFound();
  return link;
}

function createLink(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const issue = findIssue(ctx, project);
  const p = declare(ctx.params, [
    { name: "target_project_id", type: "string", required: true },
    { name: "target_issue_iid", type: "string", required: true },
    { name: "link_type", type: "string", values: ["relates_to", "blocks", "is_blocked_by"], default: "relates_to" },
  ]);
  authorizeWrite(ctx);
  const noMatch = () => messageError(404, "No matching issue found. Make sure that you are adding a valid issue URL.");
  const targetProject = ctx.state.findProject(String(p.target_project_id));
  if (!targetProject || !ctx.state.canRead(targetProject, currentUserId(ctx))) throw noMatch();
  const target = ctx.state.tracker.of(targetProject).issues.get(Number(p.target_issue_iid));
  if (!target) throw noMatch();
  // IssuableLinks::CreateService gathers the link's validation errors: 422 "<ref> cannot be added: ...".
  if (target === issue) throw messageError(422, `#${issue.iid} cannot be added: cannot be related to itself`);
  if (linksOfIssue(ctx, issue).some((l) => l.source === target || l.target === target)) throw messageError(409, "Issue(s) already assigned");
  const store = linksOf(ctx.state);
  const flip = p.link_type === "is_blocked_by";
  const link: SimIssueLink = {
    id: ++store.next,
    source: flip ? target : issue,
    sourceProject: flip ? targetProject : project,
    target: flip ? issue : target,
    targetProject: flip ? project : targetProject,
    type: p.link_type === "relates_to" ? "relates_to" : "blocks",
    created_at: jsonTime(ctx.state.now()),
  };
  store.list.push(link);
  return { status: 201, body: presentLink(ctx, link) };
}

function showLink(ctx: RestContext): RestResult {
  return { status: 200, body: presentLink(ctx, findLink(ctx)) };
}

function deleteLink(ctx: RestContext): RestResult {
  const link = findLink(ctx);
  authorizeWrite(ctx);
  const store = linksOf(ctx.state);
  store.list = store.list.filter((l) => l !== link);
  return { status: 200, body: presentLink(ctx, link) };
}

// ---- iterations ----

const ITERATION_STATES: Record<string, number[]> = { upcoming: [1], current: [2], opened: [1, 2], closed: [3], all: [1, 2, 3] };

function iterationPage(ctx: RestContext, docs: Json[]): RestResult {
  const p = declare(ctx.params, [
    ...PAGINATION_PARAMS,
    { name: "state", type: "string", values: Object.keys(ITERATION_STATES), default: "all" },
    { name: "search", type: "string" },
    { name: "include_ancestors", type: "boolean", default: true },
  ]);
  const states = ITERATION_STATES[String(p.state)];
  const search = typeof p.search === "string" ? p.search.toLowerCase() : undefined;
  const kept = docs
    .filter((d) => states.includes(Number(d.state)) && (search === undefined || String(d.title ?? "").toLowerCase().includes(search)))
    .sort((a, b) => String(a.due_date ?? "").localeCompare(String(b.due_date ?? "")) || Number(a.id) - Number(b.id));
  const page = paginateOffset(kept, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items, headers: page.headers };
}

function groupChain(ctx: RestContext, fullPath: string, ancestors: boolean): number[] {
  const ids: number[] = [];
  const segments = fullPath.split("/");
  for (let n = segments.length; n >= 1; n--) {
    const g = ctx.state.findGroup(segments.slice(0, n).join("/"));
    if (g) ids.push(g.id);
    if (!ancestors) break;
  }
  return ids;
}

function iterationsOfGroups(ctx: RestContext, groupIds: number[]): Json[] {
  return groupIds.flatMap((id) => listDocuments(ctx.state, "group_iteration", id));
}

function listProjectIterations(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const ancestors = ctx.params.include_ancestors !== false && ctx.params.include_ancestors !== "false";
  const groupPath = project.path_with_namespace.split("/").slice(0, -1).join("/");
  const own = listDocuments(ctx.state, "iteration", project.id);
  return iterationPage(ctx, [...own, ...iterationsOfGroups(ctx, groupPath ? groupChain(ctx, groupPath, ancestors) : [])]);
}

function listGroupIterations(ctx: RestContext): RestResult {
  const group = ctx.state.findGroup(ctx.route.id ?? "");
  if (!group) throw notFound("Group");
  const ancestors = ctx.params.include_ancestors !== false && ctx.params.include_ancestors !== "false";
  return iterationPage(ctx, iterationsOfGroups(ctx, groupChain(ctx, group.full_path, ancestors)));
}

export function registerIssueCoreRoutes(router: Router): void {
  const issue = "/projects/:id/issues/:issue_iid";
  router.add("GET", "/issues", listAll);
  router.add("GET", "/issues/:issue_id", showById);
  router.add("GET", "/groups/:id/issues", listGroup);
  router.add("GET", "/projects/:id/issues", listProject);
  router.add("GET", "/issues_statistics", statistics(visibleProjects, "created_by_me"));
  router.add("GET", "/groups/:id/issues_statistics", statistics(groupProjects, "all"));
  router.add("GET", "/projects/:id/issues_statistics", statistics((ctx) => [userProject(ctx)], "all"));
  router.add("DELETE", issue, deleteIssue);
  router.add("POST", `${issue}/move`, moveIssue);
  router.add("PUT", `${issue}/reorder`, reorderIssue);
  router.add("POST", `${issue}/subscribe`, subscription(true));
  router.add("POST", `${issue}/unsubscribe`, subscription(false));
  router.add("POST", `${issue}/todo`, createTodo);
  router.add("GET", `${issue}/participants`, participants);
  router.add("GET", `${issue}/closed_by`, closedBy);
  router.add("GET", `${issue}/time_stats`, timeStats);
  router.add("POST", `${issue}/time_estimate`, setEstimate);
  router.add("POST", `${issue}/reset_time_estimate`, timeWrite((_ctx, e) => void (e.estimate = 0)));
  router.add("POST", `${issue}/add_spent_time`, addSpent);
  router.add("POST", `${issue}/reset_spent_time`, timeWrite((_ctx, e) => void (e.spent = 0)));
  router.add("GET", `${issue}/links`, listLinks);
  router.add("POST", `${issue}/links`, createLink);
  router.add("GET", `${issue}/links/:issue_link_id`, showLink);
  router.add("DELETE", `${issue}/links/:issue_link_id`, deleteLink);
  router.add("GET", "/projects/:id/iterations", listProjectIterations);
  router.add("GET", "/groups/:id/iterations", listGroupIterations);
}
