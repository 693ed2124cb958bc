// The CI/CD job token scope of a project (doc/api/project_job_token_scopes.md): the "Limit access to this
// project" setting (on by default) and the inbound allowlists of projects and groups, kept per simulator.
// Adding an entry twice answers 422, an unknown target project or group 404 Project/Group Not Found,
// removing an entry that is not there 404 Not Found; lists are offset-paginated.
import { messageError, notFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { userProject } from "./projectAccess.js";
import { listDocuments } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimState } from "./state.js";

type Json = Record<string, unknown>;

interface TokenScope {
  inbound: boolean;
  outbound: boolean;
  projects: number[];
  groups: number[];
}

const SCOPES = new WeakMap<SimState, Map<number, TokenScope>>();

function scopeOf(ctx: RestContext): TokenScope {
  const project = userProject(ctx);
  let all = SCOPES.get(ctx.state);
  if (!all) SCOPES.set(ctx.state, (all = new Map()));
  let s = all.get(project.id);
  if (!s) all.set(project.id, (s = { inbound: true, outbound: false, projects: [], groups: [] }));
  return s;
}

function intParam(ctx: RestContext, name: string): number {
  const p = declare(ctx.params, [{ name, type: "integer", required: true }]);
  return p[name] as number;
}

function projectSummary(ctx: RestContext, id: number): Json {
  const p = ctx.state.findProject(id);
  const path = p?.path_with_namespace ?? `project-${id}`;
  return { id, name: p?.name ?? path.split("/").pop(), path_with_namespace: path, web_url: `${ctx.options.externalUrl}/${path}` };
}

function groupSummary(ctx: RestContext, id: number): Json {
  const g = listDocuments(ctx.state, "group", "instance").find((d) => Number(d.id) === id);
  return { id, name: g?.name ?? `group-${id}`, web_url: g?.web_url ?? `${ctx.options.externalUrl}/groups/group-${id}` };
}

function pageOf(ctx: RestContext, items: Json[]): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(items, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items, headers: page.headers };
}

function addProject(ctx: RestContext): RestResult {
  const s = scopeOf(ctx);
  const target = intParam(ctx, "target_project_id");
  if (!ctx.state.findProject(target)) throw notFound("Project");
  if (s.projects.includes(target)) throw messageError(422, "Target project is already in the job token scope");
  s.projects.push(target);
  return { status: 201, body: { source_project_id: userProject(ctx).id, target_project_id: target } };
}

function removeProject(ctx: RestContext): RestResult {
  const s = scopeOf(ctx);
  const target = Number(ctx.route.target_project_id);
  if (!s.projects.includes(target)) throw notFound();
  s.projects = s.projects.filter((p) => p !== target);
  return { status: 204 };
}

function addGroup(ctx: RestContext): RestResult {
  const s = scopeOf(ctx);
  const target = intParam(ctx, "target_group_id");
  if (!listDocuments(ctx.state, "group", "instance").some((g) => Number(g.id) === target)) throw notFound("Group");
  if (s.groups.includes(target)) throw messageError(422, "Target group is already in the job token scope");
  s.groups.push(target);
  return { status: 201, body: { source_project_id: userProject(ctx).id, target_group_id: target } };
}

function removeGroup(ctx: RestContext): RestResult {
  const s = scopeOf(ctx);
  const target = Number(ctx.route.target_group_id);
  if (!s.groups.includes(target)) throw notFound();
  s.groups = s.groups.filter((g) => g !== target);
  return { status: 204 };
}

function patchScope(ctx: RestContext): RestResult {
  const s = scopeOf(ctx);
  const p = declare(ctx.params, [{ name: "enabled", type: "boolean", required: true }]);
  s.inbound = p.enabled as boolean;
  return { status: 204 };
}

export function registerJobTokenScopeRoutes(router: Router): void {
  router.add("GET", "/projects/:id/job_token_scope", (ctx) => {
    const s = scopeOf(ctx);
    return { status: 200, body: { inbound_enabled: s.inbound, outbound_enabled: s.outbound } };
  });
  router.add("PATCH", "/projects/:id/job_token_scope", patchScope);
  router.add("GET", "/projects/:id/job_token_scope/allowlist", (ctx) => pageOf(ctx, scopeOf(ctx).projects.map((id) => projectSummary(ctx, id))));
  router.add("POST", "/projects/:id/job_token_scope/allowlist", addProject);
  router.add("DELETE", "/projects/:id/job_token_scope/allowlist/:target_project_id", removeProject);
  router.add("GET", "/projects/:id/job_token_scope/groups_allowlist", (ctx) => pageOf(ctx, scopeOf(ctx).groups.map((id) => groupSummary(ctx, id))));
  router.add("POST", "/projects/:id/job_token_scope/groups_allowlist", addGroup);
  router.add("DELETE", "/projects/:id/job_token_scope/groups_allowlist/:target_group_id", removeGroup);
}
