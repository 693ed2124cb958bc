// Search (doc/api/search.md) and DORA metrics (doc/api/dora/metrics.md), written from GitLab's docs.
//
// Search: GET /search, /groups/:id/search, /projects/:id/search.
// - `scope` and `search` are required (Grape: 400 {"error":"scope is missing"} / "search is missing");
//   a scope the level does not offer answers 400 {"error":"scope does not have a valid value"}:
//   instance: projects issues merge_requests milestones snippet_titles users blobs commits notes wiki_blobs;
//   group: the same without snippet_titles; project: issues merge_requests milestones notes wiki_blobs
//   commits blobs users. `ref` is a project-level parameter (ignored elsewhere, as Grape ignores it).
// - The simulator behaves as an instance with advanced search on: every scope answers at every level.
// - Pages: x-page, x-per-page, x-next-page, x-prev-page and a link header with prev/next/first, and
//   never x-total / x-total-pages / rel="last" (search results are paginated without counting).
// - Hits: projects come from the seeded projects (name, path, description), users from the seeded
//   users (username, name); every other scope from hits seeded per project with seedSearchHit (GitLab's
//   per-scope entities as the docs show them). A hit matches when one of its text fields contains the
//   search text, case-insensitively. Group search covers the group's projects (by path prefix).
//   `state` filters issues and merge requests, `confidential` issues; order_by=created_at with sort.
// - Unknown project: 404 {"message":"404 Project Not Found"}; unknown group 404 {"message":"404 Group Not Found"}.
//
// DORA: GET /projects/:id/dora/metrics and /groups/:id/dora/metrics.
// - metric required, one of deployment_frequency lead_time_for_changes time_to_restore_service
//   change_failure_rate (else 400 Grape error); interval all|monthly|daily (default daily); start_date
//   default 3 months before end_date, end_date default today; a start after the end answers 400
//   {"message":"The start date must be earlier than the end date."}, a range over 180 days 400
//   {"message":"Date range must be shorter than 180 days."}.
// - Values come from daily rows seeded per project with seedDora; days without a row count 0 for
//   deployment_frequency and are skipped for the others. Monthly and all buckets sum deployments and
//   average the other metrics (deliberate simplification: GitLab takes medians of the underlying events).
//   A group aggregates its projects the same way. The answer is one JSON array, not paginated.
//   Licensing is not modelled (GitLab refuses DORA on a tier without it).
import { grapeError, messageError, notFound } from "./errors.js";
import { effectivePerPage, offsetHeaders } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimGroup, SimProject } from "./state.js";

type Json = Record<string, unknown>;
type Level = "instance" | "group" | "project";

const SCOPES: Record<Level, readonly string[]> = {
  instance: ["projects", "issues", "merge_requests", "milestones", "snippet_titles", "users", "blobs", "commits", "notes", "wiki_blobs"],
  group: ["projects", "issues", "merge_requests", "milestones", "users", "blobs", "commits", "notes", "wiki_blobs"],
  project: ["issues", "merge_requests", "milestones", "notes", "wiki_blobs", "commits", "blobs", "users"],
};

const TEXT_FIELDS = ["title", "description", "name", "path", "filename", "data", "message", "body", "username", "file_name"];

const HITS = new WeakMap<SimProject, Map<string, Json[]>>();

/** Seeds one search hit of a scope (issues, blobs, commits, ...) in a project: GitLab's entity for it. */
export function seedSearchHit(project: SimProject, scope: string, hit: Json): void {
  let byScope = HITS.get(project);
  if (!byScope) HITS.set(project, (byScope = new Map()));
  byScope.set(scope, [...(byScope.get(scope) ?? []), { project_id: project.id, ...hit }]);
}

function inGroup(project: SimProject, group: SimGroup): boolean {
  return project.path_with_namespace.toLowerCase().startsWith(`${group.full_path.toLowerCase()}/`);
}

function visibleProjects(ctx: RestContext): SimProject[] {
  const userId = ctx.auth.kind === "user" ? ctx.auth.user.id : undefined;
  return [...ctx.state.projects.values()].filter((p) => ctx.state.canRead(p, userId));
}

function findGroup(ctx: RestContext): SimGroup {
  const group = ctx.state.findGroup(ctx.route.id ?? "");
  if (!group) throw notFound("Group");
  return group;
}

function projectEntity(ctx: RestContext, p: SimProject): Json {
  const web = `${ctx.options.externalUrl}/${p.path_with_namespace}`;
  return {
    id: p.id,
    description: null,
    name: p.name,
    name_with_namespace: p.path_with_namespace.split("/").join(" / "),
    path: p.path,
    path_with_namespace: p.path_with_namespace,
    created_at: p.created_at,
    default_branch: p.default_branch,
    tag_list: [],
    topics: [],
    ssh_url_to_repo: `git@${new URL(ctx.options.externalUrl).host}:${p.path_with_namespace}.git`,
    http_url_to_repo: `${web}.git`,
    web_url: web,
    avatar_url: null,
    star_count: 0,
    forks_count: 0,
    last_activity_at: p.created_at,
  };
}

function userEntity(ctx: RestContext, u: { id: number; username: string; name: string }): Json {
  return { id: u.id, username: u.username, name: u.name, state: "active", locked: false, avatar_url: null, web_url: `${ctx.options.externalUrl}/${u.username}` };
}

function matches(hit: Json, term: string): boolean {
  const t = term.toLowerCase();
  return TEXT_FIELDS.some((f) => typeof hit[f] === "string" && (hit[f] as string).toLowerCase().includes(t));
}

function searchRoute(level: Level) {
  return (ctx: RestContext): RestResult => {
    const project = level === "project" ? userProject(ctx) : undefined;
    const group = level === "group" ? findGroup(ctx) : undefined;
    const p = declare(ctx.params, [
      { name: "scope", type: "string", required: true, values: SCOPES[level] },
      { name: "search", type: "string", required: true },
      { name: "state", type: "string" },
      { name: "confidential", type: "boolean" },
      { name: "order_by", type: "string", values: ["created_at"] },
      { name: "sort", type: "string", values: ["asc", "desc"] },
      ...(level === "project" ? [{ name: "ref", type: "string" as const }] : []),
      ...PAGINATION_PARAMS,
    ]);
    const scope = String(p.scope);
    const term = String(p.search);
    const projects = project ? [project] : visibleProjects(ctx).filter((x) => !group || inGroup(x, group));
    let hits: Json[];
    if (scope === "projects") hits = projects.map((x) => projectEntity(ctx, x));
    else if (scope === "users") hits = [...ctx.state.users.values()].map((u) => userEntity(ctx, u));
    else hits = projects.flatMap((x) => HITS.get(x)?.get(scope) ?? []);
    hits = hits.filter((h) => matches(h, term));
    if (p.state !== undefined && p.state !== "all" && (scope === "issues" || scope === "merge_requests")) hits = hits.filter((h) => h.state === p.state);
    if (p.confidential !== undefined && scope === "issues") hits = hits.filter((h) => h.confidential === p.confidential);
    if (p.ref !== undefined && ["blobs", "wiki_blobs"].includes(scope)) hits = hits.filter((h) => h.ref === p.ref);
    if (p.order_by === "created_at") {
      const dir = p.sort === "asc" ? 1 : -1;
      hits = [...hits].sort((a, b) => dir * String(a.created_at ?? "").localeCompare(String(b.created_at ?? "")));
    }
    const perPage = effectivePerPage(p.per_page as number);
    const page = Math.max(1, p.page as number);
    const items = hits.slice((page - 1) * perPage, page * perPage);
    const next = hits.length > page * perPage ? page + 1 : null;
    const prev = page > 1 ? page - 1 : null;
    return { status: 200, body: items, headers: offsetHeaders(linkContext(ctx, p), { perPage, page, nextPage: next, prevPage: prev, withoutCounts: true }) };
  };
}

// --- DORA ---

const METRICS = ["deployment_frequency", "lead_time_for_changes", "time_to_restore_service", "change_failure_rate"] as const;
const DORA = new WeakMap<SimProject, Map<string, Map<string, number>>>();

/** Seeds daily DORA values of a project: { "2025-03-01": 3, ... } for one metric. */
export function seedDora(project: SimProject, metric: (typeof METRICS)[number], days: Record<string, number>): void {
  let byMetric = DORA.get(project);
  if (!byMetric) DORA.set(project, (byMetric = new Map()));
  const rows = byMetric.get(metric) ?? new Map<string, number>();
  for (const [d, v] of Object.entries(days)) rows.set(d, v);
  byMetric.set(metric, rows);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

function parseDay(value: unknown, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const d = new Date(`${String(value)}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(String(value)) || Number.isNaN(d.getTime())) throw grapeError(400, `${name} is invalid`);
  return d;
}

function bucketValue(metric: string, values: number[]): number | null {
  if (metric === "deployment_frequency") return values.reduce((a, b) => a + b, 0);
  if (values.length === 0) return null;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function doraRoute(level: "project" | "group") {
  return (ctx: RestContext): RestResult => {
    const projects = level === "project" ? [userProject(ctx)] : ((g) => visibleProjects(ctx).filter((x) => inGroup(x, g)))(findGroup(ctx));
    const p = declare(ctx.params, [
      { name: "metric", type: "string", required: true, values: [...METRICS] },
      { name: "interval", type: "string", values: ["all", "monthly", "daily"], default: "daily" },
      { name: "start_date", type: "string" },
      { name: "end_date", type: "string" },
    ]);
    const end = parseDay(p.end_date, "end_date") ?? new Date(`${day(ctx.state.now())}T00:00:00Z`);
    const start = parseDay(p.start_date, "start_date") ?? new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 3, end.getUTCDate()));
    if (start > end) throw messageError(400, "The start date must be earlier than the end date.");
    if ((end.getTime() - start.getTime()) / 86_400_000 > 180) throw messageError(400, "Date range must be shorter than 180 days.");
    const metric = String(p.metric);
    const buckets = new Map<string | null, number[]>();
    for (let d = new Date(start); d <= end; d = new Date(d.getTime() + 86_400_000)) {
      const key = p.interval === "all" ? null : p.interval === "monthly" ? `${day(d).slice(0, 7)}-01` : day(d);
      const list = buckets.get(key) ?? [];
      for (const project of projects) {
        const v = DORA.get(project)?.get(metric)?.get(day(d));
        if (v !== undefined) list.push(v);
        else if (metric === "deployment_frequency") list.push(0);
      }
      buckets.set(key, list);
    }
    const body = [...buckets].map(([date, values]) => ({ date, value: bucketValue(metric, values) }));
    return { status: 200, body };
  };
}

export function registerSearchRoutes(router: Router): void {
  router.add("GET", "/search", searchRoute("instance"));
  router.add("GET", "/groups/:id/search", searchRoute("group"));
  router.add("GET", "/projects/:id/search", searchRoute("project"));
  router.add("GET", "/projects/:id/dora/metrics", doraRoute("project"));
  router.add("GET", "/groups/:id/dora/metrics", doraRoute("group"));
}
