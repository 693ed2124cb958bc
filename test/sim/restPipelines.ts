// Pipelines, pipeline schedules, trigger tokens and resource groups of a project (doc/api/pipelines.md,
// pipeline_schedules.md, pipeline_triggers.md, resource_groups.md):
// - pipelines are the tracker's (tracker.ts), so merge request pipelines and these are one list; what
//   only these endpoints show (name, the user, variables, the test report) is kept here beside them;
// - a seeded pipeline may carry a script of statuses: each GET of it takes the next one, so a test can
//   watch a pipeline go pending -> running -> success while pipeline.wait polls;
// - lists are offset-paginated; pipelines newest first (order_by id, sort desc by default);
// - schedules answer PipelineSchedule in lists and PipelineScheduleDetails (last_pipeline, variables)
//   otherwise; short refs are stored expanded (refs/heads/main); take_ownership makes the caller the
//   owner; play runs a pipeline (source schedule) and answers 201 {"message":"201 Created"};
// - trigger tokens are shown in full to their owner only, to anyone else cut to four characters;
//   POST /trigger/pipeline with a valid token runs a pipeline (source trigger), an unknown token is 404;
// - ActiveRecord `find` misses answer {"message":"404 Not found"}; Grape validation 400 {"error": ...}.
import { randomBytes } from "node:crypto";
import { forbidden, messageError, notFound, recordNotFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap, type ParamSpec } from "./params.js";
import { authorizeWrite, currentUserId, projectWebUrl, userProject } from "./projectAccess.js";
import { listDocuments } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject, type SimState } from "./state.js";
import type { SimPipeline } from "./tracker.js";
import { presentPipeline, presentUser } from "./trackerEntities.js";
import { seedPipeline } from "./trackerSeed.js";

type Json = Record<string, unknown>;

export interface SimVariable {
  key: string;
  value: string;
  variable_type: string;
  raw?: boolean;
}

interface PipelineExtra {
  name: string | null;
  userId: number;
  variables: SimVariable[];
  testReport: Json | null;
  /** Statuses the pipeline takes, one per GET of it. */
  script: string[];
  scheduleId: number | null;
}

interface SimSchedule {
  id: number;
  description: string;
  ref: string;
  cron: string;
  cron_timezone: string;
  active: boolean;
  ownerId: number;
  created_at: string;
  updated_at: string;
  variables: SimVariable[];
  inputs: { name: string; value: string }[];
}

interface SimTrigger {
  id: number;
  description: string;
  token: string;
  ownerId: number;
  created_at: string;
  updated_at: string;
  last_used: string | null;
}

interface SimResourceGroup {
  id: number;
  key: string;
  process_mode: string;
  created_at: string;
  updated_at: string;
  upcomingJobs: Json[];
}

interface ProjectCi {
  extras: Map<number, PipelineExtra>;
  schedules: SimSchedule[];
  triggers: SimTrigger[];
  resourceGroups: SimResourceGroup[];
}

/** What a test seeds: extras of tracker pipelines, schedules, trigger tokens and resource groups. */
export interface CiSeed {
  pipelines?: { id: number; name?: string; user?: string; variables?: SimVariable[]; test_report?: Json; statuses?: string[] }[];
  schedules?: { id?: number; description: string; ref: string; cron: string; cron_timezone?: string; active?: boolean; owner?: string; variables?: SimVariable[] }[];
  triggers?: { id?: number; description: string; token?: string; owner?: string }[];
  resource_groups?: { key: string; process_mode?: string; upcoming_jobs?: Json[] }[];
}

const stores = new WeakMap<SimState, { ids: { schedule: number; trigger: number; group: number }; projects: Map<number, ProjectCi> }>();

function storeOf(state: SimState) {
  let s = stores.get(state);
  if (!s) stores.set(state, (s = { ids: { schedule: 0, trigger: 0, group: 0 }, projects: new Map() }));
  return s;
}

function ciOf(state: SimState, project: SimProject): ProjectCi {
  const s = storeOf(state);
  let ci = s.projects.get(project.id);
  if (!ci) s.projects.set(project.id, (ci = { extras: new Map(), schedules: [], triggers: [], resourceGroups: [] }));
  return ci;
}

function nextId(state: SimState, kind: "schedule" | "trigger" | "group", wanted?: number): number {
  const ids = storeOf(state).ids;
  ids[kind] = Math.max(ids[kind] + 1, wanted ?? 0);
  return wanted ?? ids[kind];
}

function extraOf(state: SimState, project: SimProject, p: SimPipeline): PipelineExtra {
  const ci = ciOf(state, project);
  let e = ci.extras.get(p.id);
  if (!e) ci.extras.set(p.id, (e = { name: null, userId: 1, variables: [], testReport: null, script: [], scheduleId: null }));
  return e;
}

const FINISHED = ["success", "failed", "canceled", "skipped"];
const userIdNamed = (state: SimState, username?: string) => (username ? state.userNamed(username).id : 1);

/** Seeds CI state for a project (GitLabSimulator.seedCi). */
export function seedCi(state: SimState, project: SimProject, seed: CiSeed): void {
  const ci = ciOf(state, project);
  const at = () => jsonTime(state.nextSeedTime());
  for (const ps of seed.pipelines ?? []) {
    const p = state.tracker.of(project).pipelines.find((x) => x.id === ps.id);
    if (!p) throw new Error(`seedCi: no pipeline ${ps.id} in project ${project.id}`);
    const e = extraOf(state, project, p);
    if (ps.name !== undefined) e.name = ps.name;
    if (ps.user !== undefined) e.userId = userIdNamed(state, ps.user);
    if (ps.variables) e.variables = ps.variables.map((v) => ({ ...v }));
    if (ps.test_report) e.testReport = ps.test_report;
    if (ps.statuses) e.script = [...ps.statuses];
  }
  for (const s of seed.schedules ?? []) {
    const time = at();
    ci.schedules.push({
      id: nextId(state, "schedule", s.id),
      description: s.description,
      ref: expandRef(state, project, s.ref),
      cron: s.cron,
      cron_timezone: s.cron_timezone ?? "UTC",
      active: s.active ?? true,
      ownerId: userIdNamed(state, s.owner),
      created_at: time,
      updated_at: time,
      variables: (s.variables ?? []).map((v) => ({ ...v })),
      inputs: [],
    });
  }
  for (const t of seed.triggers ?? []) {
    const time = at();
    ci.triggers.push({ id: nextId(state, "trigger", t.id), description: t.description, token: t.token ?? newToken(), ownerId: userIdNamed(state, t.owner), created_at: time, updated_at: time, last_used: null });
  }
  for (const g of seed.resource_groups ?? []) {
    const time = at();
    ci.resourceGroups.push({ id: nextId(state, "group"), key: g.key, process_mode: g.process_mode ?? "unordered", created_at: time, updated_at: time, upcomingJobs: g.upcoming_jobs ?? [] });
  }
}

const newToken = () => `glptt-${randomBytes(20).toString("hex")}`;

// ---------------------------------------------------------------------------------------------------
// Pipelines

function pipelinesOf(ctx: RestContext, project: SimProject): SimPipeline[] {
  return ctx.state.tracker.of(project).pipelines;
}

function findPipeline(ctx: RestContext, project: SimProject): SimPipeline {
  const p = pipelinesOf(ctx, project).find((pl) => String(pl.id) === ctx.route.pipeline_id);
  if (!p) throw recordNotFound();
  return p;
}

/** PipelineBasic plus name: what lists answer. */
function presentBasic(ctx: RestContext, project: SimProject, p: SimPipeline): Json {
  return { ...presentPipeline(project, p, ctx.options.externalUrl), name: extraOf(ctx.state, project, p).name };
}

/** Ci::Pipeline entity: what a single pipeline answers. */
function presentFull(ctx: RestContext, project: SimProject, p: SimPipeline): Json {
  const ext = ctx.options.externalUrl;
  const e = extraOf(ctx.state, project, p);
  const finished = FINISHED.includes(p.status);
  return {
    ...presentPipeline(project, p, ext),
    name: e.name,
    before_sha: "0000000000000000000000000000000000000000",
    tag: false,
    yaml_errors: null,
    user: presentUser(ctx.state, e.userId, ext),
    started_at: ["created", "pending"].includes(p.status) ? null : p.created_at,
    finished_at: finished ? p.updated_at : null,
    committed_at: null,
    duration: finished ? 42 : null,
    queued_duration: null,
    coverage: null,
    detailed_status: { icon: `status_${p.status}`, text: p.status, label: p.status, group: p.status, tooltip: p.status, has_details: true, details_path: `/${project.path_with_namespace}/-/pipelines/${p.id}` },
  };
}

function touch(ctx: RestContext, p: SimPipeline, status?: string): void {
  if (status) p.status = status;
  p.updated_at = jsonTime(ctx.state.now());
}

const LIST_PARAMS: ParamSpec[] = [
  { name: "scope", type: "string", values: ["running", "pending", "finished", "branches", "tags"] },
  { name: "status", type: "string", values: ["created", "waiting_for_resource", "preparing", "pending", "running", "success", "failed", "canceled", "skipped", "manual", "scheduled"] },
  { name: "ref", type: "string" },
  { name: "sha", type: "string" },
  { name: "source", type: "string" },
  { name: "name", type: "string" },
  { name: "username", type: "string" },
  { name: "yaml_errors", type: "boolean" },
  { name: "updated_after", type: "string" },
  { name: "updated_before", type: "string" },
  { name: "created_after", type: "string" },
  { name: "created_before", type: "string" },
  { name: "order_by", type: "string", values: ["id", "status", "ref", "updated_at", "user_id"], default: "id" },
  { name: "sort", type: "string", values: ["asc", "desc"], default: "desc" },
  ...PAGINATION_PARAMS,
];

function listPipelines(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const q = declare(ctx.params, LIST_PARAMS);
  const extra = (p: SimPipeline) => extraOf(ctx.state, project, p);
  const scopeOk = (p: SimPipeline) =>
    q.scope === undefined ||
    (q.scope === "finished" ? FINISHED.includes(p.status) : q.scope === "tags" ? false : q.scope === "branches" ? true : p.status === q.scope);
  const found = pipelinesOf(ctx, project)
    .filter(scopeOk)
    .filter((p) => q.status === undefined || p.status === q.status)
    .filter((p) => q.ref === undefined || p.ref === q.ref)
    .filter((p) => q.sha === undefined || p.sha === q.sha)
    .filter((p) => q.source === undefined || p.source === q.source)
    .filter((p) => q.name === undefined || extra(p).name === q.name)
    .filter((p) => q.username === undefined || ctx.state.ensureUser(extra(p).userId).username === q.username)
    .filter((p) => q.yaml_errors !== true)
    .filter((p) => q.updated_after === undefined || p.updated_at > String(q.updated_after))
    .filter((p) => q.updated_before === undefined || p.updated_at < String(q.updated_before))
    .filter((p) => q.created_after === undefined || p.created_at > String(q.created_after))
    .filter((p) => q.created_before === undefined || p.created_at < String(q.created_before));
  const key = (p: SimPipeline): string | number =>
    q.order_by === "status" ? p.status : q.order_by === "ref" ? p.ref : q.order_by === "updated_at" ? p.updated_at : q.order_by === "user_id" ? extra(p).userId : p.id;
  const dir = q.sort === "asc" ? 1 : -1;
  found.sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : (a.id - b.id) * dir));
  const page = paginateOffset(found, q.page as number, q.per_page as number, linkContext(ctx, q), ctx.options.totalsLimit);
  return { status: 200, body: page.items.map((p) => presentBasic(ctx, project, p)), headers: page.headers };
}

function showPipeline(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = findPipeline(ctx, project);
  const next = extraOf(ctx.state, project, p).script.shift();
  if (next) touch(ctx, p, next);
  return { status: 200, body: presentFull(ctx, project, p) };
}

function latestPipeline(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const q = declare(ctx.params, [{ name: "ref", type: "string" }]);
  const ref = (q.ref as string | undefined) ?? project.default_branch;
  const head = project.branches.get(ref)?.commit.id;
  const p = pipelinesOf(ctx, project)
    .filter((pl) => pl.ref === ref && (head === undefined || pl.sha === head))
    .sort((a, b) => b.id - a.id)[0];
  // GitLab documents a 403 when the ref's newest commit has no pipeline.
  if (!p) throw forbidden();
  return { status: 200, body: presentFull(ctx, project, p) };
}

function refExists(state: SimState, project: SimProject, ref: string): "branch" | "tag" | undefined {
  if (project.branches.has(ref)) return "branch";
  if (listDocuments(state, "tag", project.id).some((t) => t.name === ref)) return "tag";
  return undefined;
}

const VARIABLE_ITEMS: ParamSpec[] = [
  { name: "key", type: "string", required: true },
  { name: "value", type: "string" },
  { name: "variable_type", type: "string", values: ["env_var", "file"], default: "env_var" },
];

/** Runs a new pipeline on a ref, as the API, a schedule or a trigger token does. */
function runPipeline(ctx: RestContext, project: SimProject, ref: string, source: string, variables: SimVariable[], scheduleId: number | null = null): SimPipeline {
  const p = seedPipeline(ctx.state, project, { status: "created", ref, source }, ctx.state.now());
  const e = extraOf(ctx.state, project, p);
  e.userId = currentUserId(ctx) || 1;
  e.variables = variables;
  e.scheduleId = scheduleId;
  return p;
}

function createPipeline(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const q = declare(ctx.params, [
    { name: "ref", type: "string", required: true },
    { name: "variables", type: "hashArray", items: VARIABLE_ITEMS },
  ]);
  checkInputs(ctx);
  const ref = q.ref as string;
  if (!refExists(ctx.state, project, ref)) throw messageError(400, { base: ["Reference not found"] });
  const vars = ((q.variables as ParamMap[] | undefined) ?? []).map((v) => ({ key: String(v.key), value: String(v.value ?? ""), variable_type: String(v.variable_type) }));
  return { status: 201, body: presentFull(ctx, project, runPipeline(ctx, project, ref, "api", vars)) };
}

/**
 * `inputs` is a hash of name to value (string, number, boolean or array); anything else is a 400. GitLab's
 * REST pipeline entity never shows a pipeline's inputs, so the simulator checks their shape and keeps
 * nothing (it has no CI config whose spec:inputs could refuse an unknown name).
 */
function checkInputs(ctx: RestContext): void {
  const raw = ctx.params.inputs;
  if (raw === undefined) return;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw validationError(["inputs is invalid"]);
  const bad = Object.entries(raw as Record<string, unknown>).filter(([, v]) => v === null || (typeof v === "object" && !Array.isArray(v)));
  if (bad.length > 0) throw validationError(bad.map(([k]) => `inputs[${k}] is invalid`));
}

function retryPipeline(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = findPipeline(ctx, project);
  if (["failed", "canceled"].includes(p.status)) touch(ctx, p, "pending");
  return { status: 201, body: presentFull(ctx, project, p) };
}

function cancelPipeline(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = findPipeline(ctx, project);
  if (!FINISHED.includes(p.status)) touch(ctx, p, "canceled");
  return { status: 201, body: presentFull(ctx, project, p) };
}

function deletePipeline(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = findPipeline(ctx, project);
  const list = pipelinesOf(ctx, project);
  list.splice(list.indexOf(p), 1);
  return { status: 204 };
}

function updateMetadata(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const q = declare(ctx.params, [{ name: "name", type: "string", required: true, allowBlank: false }]);
  const p = findPipeline(ctx, project);
  extraOf(ctx.state, project, p).name = q.name as string;
  touch(ctx, p);
  return { status: 200, body: presentFull(ctx, project, p) };
}

function pipelineVariables(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = findPipeline(ctx, project);
  const q = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(extraOf(ctx.state, project, p).variables, q.page as number, q.per_page as number, linkContext(ctx, q));
  return { status: 200, body: page.items.map((v) => ({ key: v.key, variable_type: v.variable_type, value: v.value, raw: v.raw ?? false })), headers: page.headers };
}

const EMPTY_REPORT = { total_time: 0, total_count: 0, success_count: 0, failed_count: 0, skipped_count: 0, error_count: 0, test_suites: [] };

function testReport(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = findPipeline(ctx, project);
  return { status: 200, body: extraOf(ctx.state, project, p).testReport ?? EMPTY_REPORT };
}

function testReportSummary(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = findPipeline(ctx, project);
  const r = (extraOf(ctx.state, project, p).testReport ?? EMPTY_REPORT) as Json & { test_suites: Json[] };
  return {
    status: 200,
    body: {
      total: { time: r.total_time, count: r.total_count, success: r.success_count, failed: r.failed_count, skipped: r.skipped_count, error: r.error_count, suite_error: null },
      test_suites: r.test_suites.map(({ test_cases: _cases, ...suite }) => ({ build_ids: [], suite_error: null, ...suite })),
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Resource groups

function findGroup(ctx: RestContext, project: SimProject): SimResourceGroup {
  const g = ciOf(ctx.state, project).resourceGroups.find((x) => x.key === ctx.route.key);
  if (!g) throw notFound();
  return g;
}

const presentGroup = (g: SimResourceGroup): Json => ({ id: g.id, key: g.key, process_mode: g.process_mode, created_at: g.created_at, updated_at: g.updated_at });

function listGroups(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const q = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(ciOf(ctx.state, project).resourceGroups, q.page as number, q.per_page as number, linkContext(ctx, q));
  return { status: 200, body: page.items.map(presentGroup), headers: page.headers };
}

function editGroup(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const q = declare(ctx.params, [{ name: "process_mode", type: "string", values: ["unordered", "oldest_first", "newest_first", "newest_ready_first"] }]);
  const g = findGroup(ctx, project);
  if (q.process_mode !== undefined) g.process_mode = q.process_mode as string;
  g.updated_at = jsonTime(ctx.state.now());
  return { status: 200, body: presentGroup(g) };
}

function upcomingJobs(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const g = findGroup(ctx, project);
  const q = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(g.upcomingJobs, q.page as number, q.per_page as number, linkContext(ctx, q));
  return { status: 200, body: page.items, headers: page.headers };
}

// ---------------------------------------------------------------------------------------------------
// Pipeline schedules

/** Short refs are stored expanded: a tag's as refs/tags/..., anything else as refs/heads/... */
function expandRef(state: SimState, project: SimProject, ref: string): string {
  if (ref.startsWith("refs/")) return ref;
  return refExists(state, project, ref) === "tag" ? `refs/tags/${ref}` : `refs/heads/${ref}`;
}

function findSchedule(ctx: RestContext, project: SimProject): SimSchedule {
  const s = ciOf(ctx.state, project).schedules.find((x) => String(x.id) === ctx.route.pipeline_schedule_id);
  if (!s) throw recordNotFound();
  return s;
}

function nextRunAt(s: SimSchedule): string | null {
  if (!s.active) return null;
  return jsonTime(new Date(Date.parse(s.updated_at) + 86_400_000));
}

function presentSchedule(ctx: RestContext, s: SimSchedule): Json {
  return {
    id: s.id,
    description: s.description,
    ref: s.ref,
    cron: s.cron,
    cron_timezone: s.cron_timezone,
    next_run_at: nextRunAt(s),
    active: s.active,
    created_at: s.created_at,
    updated_at: s.updated_at,
    owner: presentUser(ctx.state, s.ownerId, ctx.options.externalUrl),
  };
}

function scheduledPipelines(ctx: RestContext, project: SimProject, s: SimSchedule): SimPipeline[] {
  return pipelinesOf(ctx, project).filter((p) => extraOf(ctx.state, project, p).scheduleId === s.id);
}

function presentScheduleDetails(ctx: RestContext, project: SimProject, s: SimSchedule): Json {
  const last = scheduledPipelines(ctx, project, s).sort((a, b) => b.id - a.id)[0];
  return {
    ...presentSchedule(ctx, s),
    last_pipeline: last ? { id: last.id, iid: last.iid, project_id: project.id, sha: last.sha, ref: last.ref, status: last.status, source: last.source, created_at: last.created_at, updated_at: last.updated_at, web_url: `${projectWebUrl(ctx.options.externalUrl, project)}/-/pipelines/${last.id}` } : null,
    variables: s.variables.map(presentVariable),
    inputs: s.inputs.map((i) => ({ ...i })),
  };
}

const presentVariable = (v: SimVariable): Json => ({ key: v.key, variable_type: v.variable_type, value: v.value, raw: v.raw ?? false });

function validCron(cron: string): boolean {
  return cron.trim().split(/\s+/).length === 5;
}

function listSchedules(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const q = declare(ctx.params, [{ name: "scope", type: "string", values: ["active", "inactive"] }, ...PAGINATION_PARAMS]);
  const found = ciOf(ctx.state, project).schedules.filter((s) => q.scope === undefined || s.active === (q.scope === "active"));
  const page = paginateOffset(found, q.page as number, q.per_page as number, linkContext(ctx, q));
  return { status: 200, body: page.items.map((s) => presentSchedule(ctx, s)), headers: page.headers };
}

const SCHEDULE_FIELDS: ParamSpec[] = [
  { name: "description", type: "string" },
  { name: "ref", type: "string", allowBlank: false },
  { name: "cron", type: "string", allowBlank: false },
  { name: "cron_timezone", type: "string" },
  { name: "active", type: "boolean" },
  { name: "inputs", type: "hashArray", items: [{ name: "name", type: "string", required: true }, { name: "value", type: "string" }, { name: "_destroy", type: "boolean" }] },
];

/** Sets each input by name, or removes it when `_destroy` is true. */
function applyInputs(s: SimSchedule, raw: ParamMap[] | undefined): void {
  for (const i of raw ?? []) {
    const at = s.inputs.findIndex((x) => x.name === i.name);
    if (i._destroy === true) {
      if (at >= 0) s.inputs.splice(at, 1);
    } else if (at >= 0) s.inputs[at].value = String(i.value ?? "");
    else s.inputs.push({ name: String(i.name), value: String(i.value ?? "") });
  }
}

function createSchedule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const q = declare(ctx.params, SCHEDULE_FIELDS.map((f) => (["description", "ref", "cron"].includes(f.name) ? { ...f, required: true } : f)));
  if (!validCron(q.cron as string)) throw messageError(400, { cron: [" is invalid syntax"] });
  const time = jsonTime(ctx.state.now());
  const s: SimSchedule = {
    id: nextId(ctx.state, "schedule"),
    description: q.description as string,
    ref: expandRef(ctx.state, project, q.ref as string),
    cron: q.cron as string,
    cron_timezone: (q.cron_timezone as string | undefined) ?? "UTC",
    active: (q.active as boolean | undefined) ?? true,
    ownerId: currentUserId(ctx) || 1,
    created_at: time,
    updated_at: time,
    variables: [],
    inputs: [],
  };
  applyInputs(s, q.inputs as ParamMap[] | undefined);
  ciOf(ctx.state, project).schedules.push(s);
  return { status: 201, body: presentScheduleDetails(ctx, project, s) };
}

function showSchedule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return { status: 200, body: presentScheduleDetails(ctx, project, findSchedule(ctx, project)) };
}

function updateSchedule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const s = findSchedule(ctx, project);
  const q = declare(ctx.params, SCHEDULE_FIELDS);
  if (q.cron !== undefined && !validCron(q.cron as string)) throw messageError(400, { cron: [" is invalid syntax"] });
  if (q.description !== undefined) s.description = q.description as string;
  if (q.ref !== undefined) s.ref = expandRef(ctx.state, project, q.ref as string);
  if (q.cron !== undefined) s.cron = q.cron as string;
  if (q.cron_timezone !== undefined) s.cron_timezone = q.cron_timezone as string;
  if (q.active !== undefined) s.active = q.active as boolean;
  applyInputs(s, q.inputs as ParamMap[] | undefined);
  s.updated_at = jsonTime(ctx.state.now());
  return { status: 200, body: presentScheduleDetails(ctx, project, s) };
}

function takeScheduleOwnership(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const s = findSchedule(ctx, project);
  s.ownerId = currentUserId(ctx) || 1;
  s.updated_at = jsonTime(ctx.state.now());
  return { status: 201, body: presentScheduleDetails(ctx, project, s) };
}

function deleteSchedule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const s = findSchedule(ctx, project);
  const list = ciOf(ctx.state, project).schedules;
  list.splice(list.indexOf(s), 1);
  return { status: 204 };
}

function playSchedule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const s = findSchedule(ctx, project);
  const ref = s.ref.replace(/^refs\/(heads|tags)\//, "");
  runPipeline(ctx, project, ref, "schedule", s.variables.map((v) => ({ ...v })), s.id);
  return { status: 201, body: { message: "201 Created" } };
}

function schedulePipelines(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const s = findSchedule(ctx, project);
  const q = declare(ctx.params, PAGINATION_PARAMS);
  const all = scheduledPipelines(ctx, project, s).sort((a, b) => a.id - b.id);
  const page = paginateOffset(all, q.page as number, q.per_page as number, linkContext(ctx, q));
  return { status: 200, body: page.items.map((p) => presentBasic(ctx, project, p)), headers: page.headers };
}

function scheduleVariable(ctx: RestContext, s: SimSchedule): SimVariable {
  const v = s.variables.find((x) => x.key === ctx.route.key);
  if (!v) throw notFound("Pipeline Schedule Variable");
  return v;
}

function createScheduleVariable(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const s = findSchedule(ctx, project);
  const q = declare(ctx.params, [
    { name: "key", type: "string", required: true },
    { name: "value", type: "string", required: true },
    { name: "variable_type", type: "string", values: ["env_var", "file"], default: "env_var" },
  ]);
  const key = q.key as string;
  if (!/^[A-Za-z0-9_]{1,255}$/.test(key)) throw messageError(400, { key: ["can contain only letters, digits and '_'."] });
  if (s.variables.some((v) => v.key === key)) throw messageError(400, { key: [`(${key}) has already been taken`] });
  const v: SimVariable = { key, value: q.value as string, variable_type: q.variable_type as string };
  s.variables.push(v);
  return { status: 201, body: presentVariable(v) };
}

function editScheduleVariable(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const v = scheduleVariable(ctx, findSchedule(ctx, project));
  const q = declare(ctx.params, [
    { name: "value", type: "string" },
    { name: "variable_type", type: "string", values: ["env_var", "file"] },
  ]);
  if (q.value !== undefined) v.value = q.value as string;
  if (q.variable_type !== undefined) v.variable_type = q.variable_type as string;
  return { status: 200, body: presentVariable(v) };
}

function deleteScheduleVariable(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const s = findSchedule(ctx, project);
  const v = scheduleVariable(ctx, s);
  s.variables.splice(s.variables.indexOf(v), 1);
  return { status: 202, body: presentVariable(v) };
}

// ---------------------------------------------------------------------------------------------------
// Pipeline trigger tokens

function findTrigger(ctx: RestContext, project: SimProject): SimTrigger {
  const t = ciOf(ctx.state, project).triggers.find((x) => String(x.id) === ctx.route.trigger_id);
  if (!t) throw recordNotFound();
  return t;
}

function presentTrigger(ctx: RestContext, t: SimTrigger): Json {
  const mine = t.ownerId === currentUserId(ctx);
  return {
    id: t.id,
    token: mine ? t.token : t.token.slice(0, 4),
    description: t.description,
    created_at: t.created_at,
    updated_at: t.updated_at,
    last_used: t.last_used,
    expires_at: null,
    owner: presentUser(ctx.state, t.ownerId, ctx.options.externalUrl),
  };
}

function listTriggers(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const q = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(ciOf(ctx.state, project).triggers, q.page as number, q.per_page as number, linkContext(ctx, q));
  return { status: 200, body: page.items.map((t) => presentTrigger(ctx, t)), headers: page.headers };
}

function createTrigger(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const q = declare(ctx.params, [{ name: "description", type: "string", required: true }]);
  const time = jsonTime(ctx.state.now());
  const t: SimTrigger = { id: nextId(ctx.state, "trigger"), description: q.description as string, token: newToken(), ownerId: currentUserId(ctx) || 1, created_at: time, updated_at: time, last_used: null };
  ciOf(ctx.state, project).triggers.push(t);
  return { status: 201, body: presentTrigger(ctx, t) };
}

function updateTrigger(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const t = findTrigger(ctx, project);
  const q = declare(ctx.params, [{ name: "description", type: "string" }]);
  if (q.description !== undefined) t.description = q.description as string;
  t.updated_at = jsonTime(ctx.state.now());
  return { status: 200, body: presentTrigger(ctx, t) };
}

function deleteTrigger(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const t = findTrigger(ctx, project);
  const list = ciOf(ctx.state, project).triggers;
  list.splice(list.indexOf(t), 1);
  return { status: 204 };
}

function runTrigger(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const q = declare(ctx.params, [
    { name: "ref", type: "string", required: true },
    { name: "token", type: "string", required: true },
  ]);
  const t = ciOf(ctx.state, project).triggers.find((x) => x.token === q.token);
  if (!t) throw notFound();
  const raw = ctx.params.variables;
  if (raw !== undefined && (raw === null || typeof raw !== "object" || Array.isArray(raw))) throw validationError(["variables is invalid"]);
  const vars = Object.entries((raw ?? {}) as ParamMap).map(([key, value]) => ({ key, value: String(value), variable_type: "env_var" }));
  const ref = q.ref as string;
  if (!refExists(ctx.state, project, ref)) throw messageError(400, { base: ["Reference not found"] });
  checkInputs(ctx);
  t.last_used = jsonTime(ctx.state.now());
  const p = runPipeline(ctx, project, ref, "trigger", vars);
  return { status: 201, body: presentFull(ctx, project, p) };
}

export function registerPipelineRoutes(router: Router): void {
  // Registered before restDocuments.ts, whose read-only GET of one pipeline this one takes over.
  router.add("GET", "/projects/:id/pipelines", listPipelines);
  router.add("GET", "/projects/:id/pipelines/latest", latestPipeline);
  router.add("GET", "/projects/:id/pipelines/:pipeline_id", showPipeline);
  router.add("DELETE", "/projects/:id/pipelines/:pipeline_id", deletePipeline);
  router.add("POST", "/projects/:id/pipeline", createPipeline);
  router.add("POST", "/projects/:id/pipelines/:pipeline_id/retry", retryPipeline);
  router.add("POST", "/projects/:id/pipelines/:pipeline_id/cancel", cancelPipeline);
  router.add("PUT", "/projects/:id/pipelines/:pipeline_id/metadata", updateMetadata);
  router.add("GET", "/projects/:id/pipelines/:pipeline_id/variables", pipelineVariables);
  router.add("GET", "/projects/:id/pipelines/:pipeline_id/test_report", testReport);
  router.add("GET", "/projects/:id/pipelines/:pipeline_id/test_report_summary", testReportSummary);
  router.add("GET", "/projects/:id/resource_groups", listGroups);
  router.add("GET", "/projects/:id/resource_groups/:key", (ctx) => ({ status: 200, body: presentGroup(findGroup(ctx, userProject(ctx))) }));
  router.add("PUT", "/projects/:id/resource_groups/:key", editGroup);
  router.add("GET", "/projects/:id/resource_groups/:key/upcoming_jobs", upcomingJobs);
  router.add("GET", "/projects/:id/pipeline_schedules", listSchedules);
  router.add("POST", "/projects/:id/pipeline_schedules", createSchedule);
  router.add("GET", "/projects/:id/pipeline_schedules/:pipeline_schedule_id", showSchedule);
  router.add("PUT", "/projects/:id/pipeline_schedules/:pipeline_schedule_id", updateSchedule);
  router.add("DELETE", "/projects/:id/pipeline_schedules/:pipeline_schedule_id", deleteSchedule);
  router.add("POST", "/projects/:id/pipeline_schedules/:pipeline_schedule_id/take_ownership", takeScheduleOwnership);
  router.add("POST", "/projects/:id/pipeline_schedules/:pipeline_schedule_id/play", playSchedule);
  router.add("GET", "/projects/:id/pipeline_schedules/:pipeline_schedule_id/pipelines", schedulePipelines);
  router.add("POST", "/projects/:id/pipeline_schedules/:pipeline_schedule_id/variables", createScheduleVariable);
  router.add("PUT", "/projects/:id/pipeline_schedules/:pipeline_schedule_id/variables/:key", editScheduleVariable);
  router.add("DELETE", "/projects/:id/pipeline_schedules/:pipeline_schedule_id/variables/:key", deleteScheduleVariable);
  router.add("GET", "/projects/:id/triggers", listTriggers);
  router.add("POST", "/projects/:id/triggers", createTrigger);
  router.add("GET", "/projects/:id/triggers/:trigger_id", (ctx) => ({ status: 200, body: presentTrigger(ctx, findTrigger(ctx, userProject(ctx))) }));
  router.add("PUT", "/projects/:id/triggers/:trigger_id", updateTrigger);
  router.add("DELETE", "/projects/:id/triggers/:trigger_id", deleteTrigger);
  router.add("POST", "/projects/:id/trigger/pipeline", runTrigger);
}
