// Environments, deployments, deploy freeze periods and protected environments (doc/api/environments.md,
// deployments.md, freeze_periods.md, protected_environments.md), kept as the "environment",
// "deployment", "freeze_period", "protected_environment" and "deployment_merge_request" documents of
// restDocuments.ts, which also serves GET of one environment or deployment:
// - environments: list filters name (exact), search (3+ chars, else 400), states; create answers 201,
//   a taken name 400 {"message":{"name":["has already been taken"]}}; update changes external_url, tier
//   and description; stop answers 200 with state "stopped"; delete of an available environment is
//   refused 403 (the environment must be stopped first), else 204;
// - deployments: list filters environment, status, updated_*/finished_*, order_by/sort (default id asc);
//   create needs environment, sha, ref, tag and status (running/success/failed/canceled) and creates the
//   environment when missing; update sets status; delete refuses a running deployment and the
//   environment's last one (400); approval answers 201, or 400 when the deployment is not blocked;
//   merge_requests lists the merge requests seeded for the deployment;
// - freeze periods: crons must have 5 fields (400 {"message":{"freeze_start":[" is invalid syntax"]}}),
//   cron_timezone a known zone; get/update/delete find by ID (404 Not found);
// - protected environments: deploy_access_levels is required; a second rule for a name answers 422;
//   update adds grants, or removes the ones named by id with _destroy; a miss answers 404 Not found.
import { ApiError, forbidden, messageError, recordNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap, type ParamSpec } from "./params.js";
import { authorizeWrite, currentUserId, userProject } from "./projectAccess.js";
import { listDocuments, putDocument } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { HUMAN_ACCESS_LEVELS, type SimProject } from "./state.js";
import { presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

// IDs count per simulator, so every run of a table sees the same ones.
const COUNTERS = new WeakMap<object, number>();
function newId(ctx: RestContext): number {
  const id = (COUNTERS.get(ctx.state) ?? 7000) + 1;
  COUNTERS.set(ctx.state, id);
  return id;
}

const now = (ctx: RestContext) => ctx.state.now().toISOString();
const envs = (ctx: RestContext, p: SimProject) => listDocuments(ctx.state, "environment", p.id);
const deps = (ctx: RestContext, p: SimProject) => listDocuments(ctx.state, "deployment", p.id);
const freezes = (ctx: RestContext, p: SimProject) => listDocuments(ctx.state, "freeze_period", p.id);
const rules = (ctx: RestContext, p: SimProject) => listDocuments(ctx.state, "protected_environment", p.id);

function page(ctx: RestContext, items: Json[], p: ParamMap): RestResult {
  const pg = paginateOffset(items, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: pg.items, headers: pg.headers };
}

function byId(list: Json[], raw: string | undefined): Json {
  const hit = list.find((d) => String(d.id) === raw);
  if (!hit) throw recordNotFound();
  return hit;
}

function remove(list: Json[], doc: Json): void {
  list.splice(list.indexOf(doc), 1);
}

// Environments --------------------------------------------------------------------------------------

const TIERS = ["production", "staging", "testing", "development", "other"];

function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 24) || "env";
}

function guessTier(name: string): string {
  if (/prod|live/i.test(name)) return "production";
  if (/stag|model|pre/i.test(name)) return "staging";
  if (/test|qa/i.test(name)) return "testing";
  if (/dev|review|trunk/i.test(name)) return "development";
  return "other";
}

function checkUrl(url: unknown): void {
  if (url !== undefined && url !== null && url !== "" && !/^https?:\/\/[^\s/]+/.test(String(url))) {
    throw messageError(400, { external_url: ["is blocked: Only allowed schemes are http, https"] });
  }
}

function presentEnv(doc: Json): Json {
  return Object.fromEntries(Object.entries(doc).filter(([k]) => k !== "last_deployment" || doc.last_deployment !== undefined));
}

function listEnvironments(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [{ name: "name", type: "string" }, { name: "search", type: "string" }, { name: "states", type: "string", values: ["available", "stopping", "stopped"] }, ...PAGINATION_PARAMS]);
  if (p.name !== undefined && p.search !== undefined) throw messageError(400, "name, search are mutually exclusive");
  if (p.search !== undefined && String(p.search).length < 3) throw messageError(400, "search must be at least 3 characters");
  let list = envs(ctx, project);
  if (p.name !== undefined) list = list.filter((e) => e.name === p.name);
  if (p.search !== undefined) list = list.filter((e) => String(e.name).toLowerCase().includes(String(p.search).toLowerCase()));
  if (p.states !== undefined) list = list.filter((e) => e.state === p.states);
  return page(ctx, list.map((e) => { const { last_deployment: _l, ...rest } = e; return rest; }), p);
}

function makeEnvironment(ctx: RestContext, project: SimProject, name: string, extra: Json): Json {
  if (!/^[A-Za-z0-9 _\-/${}.]+$/.test(name)) throw messageError(400, { name: ["can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', and spaces"] });
  if (envs(ctx, project).some((e) => e.name === name)) throw messageError(400, { name: ["has already been taken"] });
  const t = now(ctx);
  const doc: Json = { id: newId(ctx), name, slug: slugOf(name), description: null, external_url: null, state: "available", tier: guessTier(name), created_at: t, updated_at: t, auto_stop_at: null, ...extra };
  putDocument(ctx.state, "environment", project.id, doc);
  return doc;
}

// The settings create and update share (doc/api/environments.md). The simulator knows no agents: a
// cluster_agent_id is kept as the agent's ID (null removes it).
const SETTINGS: ParamSpec[] = [
  { name: "external_url", type: "string" },
  { name: "tier", type: "string", values: TIERS },
  { name: "description", type: "string" },
  { name: "cluster_agent_id", type: "integer" },
  { name: "kubernetes_namespace", type: "string" },
  { name: "flux_resource_path", type: "string" },
  { name: "auto_stop_setting", type: "string", values: ["always", "with_action"] },
];

function applySettings(doc: Json, p: ParamMap): void {
  checkUrl(p.external_url);
  if (p.flux_resource_path !== undefined && p.flux_resource_path !== null && (p.kubernetes_namespace ?? doc.kubernetes_namespace) == null) {
    throw messageError(400, { flux_resource_path: ["cannot be set without kubernetes_namespace"] });
  }
  for (const k of ["external_url", "tier", "description", "kubernetes_namespace", "flux_resource_path", "auto_stop_setting"]) if (p[k] !== undefined) doc[k] = p[k];
  if (p.cluster_agent_id !== undefined) doc.cluster_agent = p.cluster_agent_id === null ? null : { id: p.cluster_agent_id };
}

function createEnvironment(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [{ name: "name", type: "string", required: true, allowBlank: false }, ...SETTINGS]);
  const extra: Json = { auto_stop_setting: "always" };
  applySettings(extra, p);
  return { status: 201, body: presentEnv(makeEnvironment(ctx, project, p.name as string, extra)) };
}

function updateEnvironment(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const env = byId(envs(ctx, project), ctx.route.environment_id);
  const p = declare(ctx.params, SETTINGS);
  applySettings(env, p);
  env.updated_at = now(ctx);
  return { status: 200, body: presentEnv(env) };
}

function stopEnvironment(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const env = byId(envs(ctx, project), ctx.route.environment_id);
  declare(ctx.params, [{ name: "force", type: "boolean", default: false }]);
  env.state = "stopped";
  env.updated_at = now(ctx);
  return { status: 200, body: presentEnv(env) };
}

function deleteEnvironment(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const list = envs(ctx, project);
  const env = byId(list, ctx.route.environment_id);
  if (env.state !== "stopped") throw forbidden();
  remove(list, env);
  return { status: 204 };
}

// Deployments ---------------------------------------------------------------------------------------

const DEPLOY_STATUSES = ["created", "running", "success", "failed", "canceled", "skipped", "blocked"];
const WRITE_STATUSES = ["running", "success", "failed", "canceled"];

function listDeployments(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "order_by", type: "string", values: ["id", "iid", "created_at", "updated_at", "finished_at", "ref"], default: "id" },
    { name: "sort", type: "string", values: ["asc", "desc"], default: "asc" },
    { name: "environment", type: "string" },
    { name: "status", type: "string", values: DEPLOY_STATUSES },
    { name: "updated_after", type: "string" },
    { name: "updated_before", type: "string" },
    { name: "finished_after", type: "string" },
    { name: "finished_before", type: "string" },
    ...PAGINATION_PARAMS,
  ]);
  if ((p.finished_after !== undefined || p.finished_before !== undefined) && p.order_by !== "finished_at") {
    throw messageError(400, "`finished_at` filter must be combined with `order_by=finished_at`");
  }
  let list = [...deps(ctx, project)];
  if (p.environment !== undefined) list = list.filter((d) => (d.environment as Json | undefined)?.name === p.environment);
  if (p.status !== undefined) list = list.filter((d) => d.status === p.status);
  const time = (d: Json, k: string) => Date.parse(String(d[k] ?? "")) || 0;
  if (p.updated_after !== undefined) list = list.filter((d) => time(d, "updated_at") > Date.parse(String(p.updated_after)));
  if (p.updated_before !== undefined) list = list.filter((d) => time(d, "updated_at") < Date.parse(String(p.updated_before)));
  if (p.finished_after !== undefined) list = list.filter((d) => time(d, "finished_at") > Date.parse(String(p.finished_after)));
  if (p.finished_before !== undefined) list = list.filter((d) => time(d, "finished_at") < Date.parse(String(p.finished_before)));
  const key = p.order_by as string;
  list.sort((a, b) => {
    const x = a[key] as string | number;
    const y = b[key] as string | number;
    const c = x < y ? -1 : x > y ? 1 : Number(a.id) - Number(b.id);
    return p.sort === "desc" ? -c : c;
  });
  return page(ctx, list, p);
}

function envRef(env: Json): Json {
  return { id: env.id, name: env.name, slug: env.slug, external_url: env.external_url, created_at: env.created_at, updated_at: env.updated_at };
}

function createDeployment(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "environment", type: "string", required: true, allowBlank: false },
    { name: "sha", type: "string", required: true, allowBlank: false },
    { name: "ref", type: "string", required: true, allowBlank: false },
    { name: "tag", type: "boolean", required: true },
    { name: "status", type: "string", required: true, values: WRITE_STATUSES },
  ]);
  const env = envs(ctx, project).find((e) => e.name === p.environment) ?? makeEnvironment(ctx, project, p.environment as string, {});
  const t = now(ctx);
  const list = deps(ctx, project);
  const iid = list.reduce((m, d) => Math.max(m, Number(d.iid) || 0), 0) + 1;
  const doc: Json = {
    id: newId(ctx),
    iid,
    ref: p.ref,
    sha: p.sha,
    status: p.status,
    created_at: t,
    updated_at: t,
    finished_at: p.status === "running" ? null : t,
    user: presentUser(ctx.state, currentUserId(ctx), ctx.options.externalUrl),
    environment: envRef(env),
    deployable: null,
  };
  putDocument(ctx.state, "deployment", project.id, doc);
  if (p.status === "success") env.last_deployment = { id: doc.id, iid, ref: doc.ref, sha: doc.sha, status: doc.status, created_at: t };
  return { status: 201, body: doc };
}

function updateDeployment(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const dep = byId(deps(ctx, project), ctx.route.deployment_id);
  const p = declare(ctx.params, [{ name: "status", type: "string", required: true, values: WRITE_STATUSES }]);
  dep.status = p.status;
  dep.updated_at = now(ctx);
  if (p.status !== "running") dep.finished_at = dep.updated_at;
  return { status: 200, body: dep };
}

function isLastOf(ctx: RestContext, project: SimProject, dep: Json): boolean {
  const envId = (dep.environment as Json | undefined)?.id;
  const env = envs(ctx, project).find((e) => e.id === envId);
  const last = env?.last_deployment as Json | undefined;
  return last?.id === dep.id;
}

function deleteDeployment(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const list = deps(ctx, project);
  const dep = byId(list, ctx.route.deployment_id);
  if (dep.status === "running") throw messageError(400, "Cannot destroy running deployment");
  if (isLastOf(ctx, project, dep)) throw messageError(400, "Deployment currently deployed to environment");
  remove(list, dep);
  return { status: 204 };
}

function approveDeployment(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const dep = byId(deps(ctx, project), ctx.route.deployment_id);
  const p = declare(ctx.params, [
    { name: "status", type: "string", required: true, values: ["approved", "rejected"] },
    { name: "comment", type: "string" },
    { name: "represented_as", type: "string" },
  ]);
  if (dep.status !== "blocked") throw messageError(400, "This deployment is not waiting for approvals.");
  const approval: Json = { user: presentUser(ctx.state, currentUserId(ctx), ctx.options.externalUrl), status: p.status, created_at: now(ctx), comment: p.comment ?? null };
  dep.approvals = [...((dep.approvals as Json[] | undefined) ?? []), approval];
  if (p.status === "rejected") dep.status = "canceled";
  else {
    const pending = Math.max(0, Number(dep.pending_approval_count ?? 1) - 1);
    dep.pending_approval_count = pending;
    if (pending === 0) dep.status = "created";
  }
  return { status: 201, body: approval };
}

function deploymentMergeRequests(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const dep = byId(deps(ctx, project), ctx.route.deployment_id);
  const p = declare(ctx.params, [{ name: "state", type: "string", values: ["opened", "closed", "locked", "merged", "all"] }, ...PAGINATION_PARAMS]);
  let list = listDocuments(ctx.state, "deployment_merge_request", project.id).filter((m) => m.deployment_id === dep.id);
  if (p.state !== undefined && p.state !== "all") list = list.filter((m) => m.state === p.state);
  return page(ctx, list.map((m) => { const { deployment_id: _d, ...rest } = m; return rest; }), p);
}

// Freeze periods ------------------------------------------------------------------------------------

const CRON_FIELD = /^[0-9A-Za-z*?,/#-]+$/;

function validCron(text: string): boolean {
  const fields = text.trim().split(/\s+/);
  return fields.length === 5 && fields.every((f) => CRON_FIELD.test(f));
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function checkFreeze(p: ParamMap): void {
  const errors: Json = {};
  for (const k of ["freeze_start", "freeze_end"]) if (p[k] !== undefined && !validCron(String(p[k]))) errors[k] = [" is invalid syntax"];
  if (p.cron_timezone !== undefined && !validZone(String(p.cron_timezone))) errors.cron_timezone = [" is invalid syntax"];
  if (Object.keys(errors).length > 0) throw messageError(400, errors);
}

const FREEZE_SPECS = (required: boolean) =>
  [
    { name: "freeze_start", type: "string", required, allowBlank: false },
    { name: "freeze_end", type: "string", required, allowBlank: false },
    { name: "cron_timezone", type: "string" },
  ] as const;

function createFreeze(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [...FREEZE_SPECS(true)]);
  checkFreeze(p);
  const t = now(ctx);
  const doc: Json = { id: newId(ctx), freeze_start: p.freeze_start, freeze_end: p.freeze_end, cron_timezone: p.cron_timezone ?? "UTC", created_at: t, updated_at: t };
  putDocument(ctx.state, "freeze_period", project.id, doc);
  return { status: 201, body: doc };
}

function updateFreeze(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const doc = byId(freezes(ctx, project), ctx.route.freeze_period_id);
  const p = declare(ctx.params, [...FREEZE_SPECS(false)]);
  checkFreeze(p);
  for (const k of ["freeze_start", "freeze_end", "cron_timezone"]) if (p[k] !== undefined) doc[k] = p[k];
  doc.updated_at = now(ctx);
  return { status: 200, body: doc };
}

function deleteFreeze(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const list = freezes(ctx, project);
  remove(list, byId(list, ctx.route.freeze_period_id));
  return { status: 204 };
}

// Protected environments ----------------------------------------------------------------------------

const GRANT_SPECS = [
  { name: "id", type: "integer" },
  { name: "_destroy", type: "boolean" },
  { name: "access_level", type: "integer", values: [30, 40, 60] },
  { name: "user_id", type: "integer" },
  { name: "group_id", type: "integer" },
  { name: "group_inheritance_type", type: "integer", values: [0, 1] },
  { name: "required_approvals", type: "integer" },
] as const;

function grant(ctx: RestContext, entry: ParamMap, approval: boolean): Json {
  const access = (entry.access_level as number | undefined) ?? null;
  const user = (entry.user_id as number | undefined) ?? null;
  const group = (entry.group_id as number | undefined) ?? null;
  const description = access !== null ? HUMAN_ACCESS_LEVELS[access] : user !== null ? `User ${user}` : `Group ${String(group)}`;
  const out: Json = { id: newId(ctx), access_level: access, access_level_description: description, user_id: user, group_id: group, group_inheritance_type: (entry.group_inheritance_type as number | undefined) ?? 0 };
  if (approval) out.required_approvals = (entry.required_approvals as number | undefined) ?? 1;
  return out;
}

function meaningful(e: ParamMap): boolean {
  return e.access_level !== undefined || e.user_id !== undefined || e.group_id !== undefined;
}

function findRule(ctx: RestContext, project: SimProject): Json {
  const rule = rules(ctx, project).find((r) => r.name === ctx.route.name);
  if (!rule) throw recordNotFound();
  return rule;
}

function protectEnvironment(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true, allowBlank: false },
    { name: "deploy_access_levels", type: "hashArray", required: true, items: [...GRANT_SPECS] },
    { name: "approval_rules", type: "hashArray", items: [...GRANT_SPECS] },
    { name: "required_approval_count", type: "integer" },
  ]);
  if (rules(ctx, project).some((r) => r.name === p.name)) throw new ApiError(422, { message: ["Name has already been taken"] });
  const levels = (p.deploy_access_levels as ParamMap[]).filter(meaningful);
  if (levels.length === 0) throw new ApiError(422, { message: ["Deploy access levels can't be blank"] });
  const deploy = levels.map((e) => grant(ctx, e, false));
  const approvals = ((p.approval_rules as ParamMap[] | undefined) ?? []).filter(meaningful).map((e) => grant(ctx, e, true));
  const doc: Json = {
    name: p.name,
    deploy_access_levels: deploy,
    required_approval_count: (p.required_approval_count as number | undefined) ?? 0,
    approval_rules: approvals,
  };
  putDocument(ctx.state, "protected_environment", project.id, doc);
  return { status: 201, body: doc };
}

function applyGrants(ctx: RestContext, current: Json[], entries: ParamMap[] | undefined, approval: boolean): Json[] {
  if (!entries) return current;
  let out = [...current];
  for (const e of entries) {
    if (e.id !== undefined && e._destroy === true) out = out.filter((g) => g.id !== e.id);
    else if (e.id !== undefined) {
      const g = out.find((x) => x.id === e.id);
      if (g && approval && e.required_approvals !== undefined) g.required_approvals = e.required_approvals;
      if (g && e.group_inheritance_type !== undefined) g.group_inheritance_type = e.group_inheritance_type;
    } else if (meaningful(e)) out.push(grant(ctx, e, approval));
  }
  return out;
}

function updateProtection(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const rule = findRule(ctx, project);
  const p = declare(ctx.params, [
    { name: "deploy_access_levels", type: "hashArray", items: [...GRANT_SPECS] },
    { name: "approval_rules", type: "hashArray", items: [...GRANT_SPECS] },
    { name: "required_approval_count", type: "integer" },
  ]);
  const levels = applyGrants(ctx, rule.deploy_access_levels as Json[], p.deploy_access_levels as ParamMap[] | undefined, false);
  if (levels.length === 0) throw new ApiError(422, { message: ["Deploy access levels can't be blank"] });
  rule.deploy_access_levels = levels;
  rule.approval_rules = applyGrants(ctx, (rule.approval_rules as Json[] | undefined) ?? [], p.approval_rules as ParamMap[] | undefined, true);
  if (p.required_approval_count !== undefined) rule.required_approval_count = p.required_approval_count;
  return { status: 200, body: rule };
}

function unprotectEnvironment(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  remove(rules(ctx, project), findRule(ctx, project));
  return { status: 204 };
}

export function registerEnvironmentRoutes(router: Router): void {
  router.add("GET", "/projects/:id/environments", listEnvironments);
  router.add("POST", "/projects/:id/environments", createEnvironment);
  router.add("PUT", "/projects/:id/environments/:environment_id", updateEnvironment);
  router.add("DELETE", "/projects/:id/environments/:environment_id", deleteEnvironment);
  router.add("POST", "/projects/:id/environments/:environment_id/stop", stopEnvironment);
  router.add("GET", "/projects/:id/deployments", listDeployments);
  router.add("POST", "/projects/:id/deployments", createDeployment);
  router.add("PUT", "/projects/:id/deployments/:deployment_id", updateDeployment);
  router.add("DELETE", "/projects/:id/deployments/:deployment_id", deleteDeployment);
  router.add("POST", "/projects/:id/deployments/:deployment_id/approval", approveDeployment);
  router.add("GET", "/projects/:id/deployments/:deployment_id/merge_requests", deploymentMergeRequests);
  router.add("GET", "/projects/:id/freeze_periods", (ctx) => {
    const project = userProject(ctx);
    return page(ctx, freezes(ctx, project), declare(ctx.params, PAGINATION_PARAMS));
  });
  router.add("POST", "/projects/:id/freeze_periods", createFreeze);
  router.add("GET", "/projects/:id/freeze_periods/:freeze_period_id", (ctx) => ({ status: 200, body: byId(freezes(ctx, userProject(ctx)), ctx.route.freeze_period_id) }));
  router.add("PUT", "/projects/:id/freeze_periods/:freeze_period_id", updateFreeze);
  router.add("DELETE", "/projects/:id/freeze_periods/:freeze_period_id", deleteFreeze);
  router.add("GET", "/projects/:id/protected_environments", (ctx) => {
    const project = userProject(ctx);
    return page(ctx, rules(ctx, project), declare(ctx.params, PAGINATION_PARAMS));
  });
  router.add("POST", "/projects/:id/protected_environments", protectEnvironment);
  router.add("GET", "/projects/:id/protected_environments/:name", (ctx) => ({ status: 200, body: findRule(ctx, userProject(ctx)) }));
  router.add("PUT", "/projects/:id/protected_environments/:name", updateProtection);
  router.add("DELETE", "/projects/:id/protected_environments/:name", unprotectEnvironment);
}
