// CI/CD runners, written from GitLab's docs (doc/api/runners.md) and lib/api/ci/runners.rb:
// - GET /runners (the user's runners), /runners/all (administrators or auditors: 403 {"message":"403 Forbidden"}
//   otherwise), /projects/:id/runners, /groups/:id/runners: offset pages; filters type, status (online,
//   offline, stale, never_contacted, deprecated active/paused), paused, tag_list (all tags, comma-separated
//   or key[]), version_prefix, deprecated scope. A value outside the list: 400 {"message":"Scope contains
//   invalid value"} (filter_runners), as GitLab answers after Grape's own values check.
// - GET|PUT|DELETE /runners/:id (404 {"message":"404 Runner Not Found"}); PUT needs at least one field
//   (Grape: 400 {"error":"description, active, paused, ... are missing, at least one parameter must be
//   provided"}) and refuses active with paused; DELETE answers 204.
// - GET /runners/:id/jobs (status, system_id, order_by id, sort asc|desc default desc, offset pages);
//   GET /runners/:id/managers (one unpaginated array).
// - POST /projects/:id/runners {runner_id}: 201 with the runner; a group runner 403 "Runner is a group
//   runner", a locked one 403 "Runner is locked"; already assigned 400 {"message":"Failed to assign runner"...}.
//   DELETE /projects/:id/runners/:runner_id: 204; not assigned 404 Runner; the owner project 403
//   "You cannot unassign a runner from the owner project. Delete the runner instead".
// - Runner-token endpoints (lib/api/ci/runner.rb): POST /runners {token: registration token} 201
//   {id, token, token_expires_at} (an unknown token 403 {"message":"403 Forbidden"}); DELETE /runners
//   {token} 204; POST /runners/verify {token, system_id} 200 {id, token, token_expires_at}, 403 otherwise.
// - POST /runners/:id/reset_authentication_token and POST /runners|projects/:id|groups/:id
//   /runners/reset_registration_token: 201 {token, token_expires_at}; the instance one needs an administrator.
// Fixtures are seeded on first use: an instance runner (1), a group runner (2) of the first group, a project
// runner (3) of the first project, and a spare project runner (4) of the same project, with managers and
// jobs on runner 1. Tokens are deterministic so tests can send them.
import { requireUser } from "./auth.js";
import { forbidden, grapeError, messageError, notFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap, type ParamSpec } from "./params.js";
import { userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimState } from "./state.js";

type Json = Record<string, unknown>;

interface SimRunner {
  id: number;
  description: string;
  runner_type: "instance_type" | "group_type" | "project_type";
  status: "online" | "offline" | "stale" | "never_contacted";
  paused: boolean;
  tag_list: string[];
  run_untagged: boolean;
  locked: boolean;
  access_level: string;
  maximum_timeout: number | null;
  maintenance_note: string | null;
  version: string;
  projectIds: number[];
  groupIds: number[];
  token: string;
  created_at: string;
  contacted_at: string | null;
}

interface SimRunnerJob {
  id: number;
  runnerId: number;
  projectId: number;
  name: string;
  status: string;
  system_id: string;
}

interface RunnerStore {
  runners: Map<number, SimRunner>;
  jobs: SimRunnerJob[];
  instanceRegToken: string;
  projectRegTokens: Map<number, string>;
  groupRegTokens: Map<number, string>;
  seq: { runner: number; token: number };
}

const STORES = new WeakMap<SimState, RunnerStore>();
export const TOKEN_EXPIRES = "2027-01-01T00:00:00.000Z";
const TYPES = ["instance_type", "group_type", "project_type"];
const STATUSES = ["online", "offline", "stale", "never_contacted", "active", "paused"];
const JOB_STATUSES = ["created", "waiting_for_resource", "preparing", "pending", "running", "success", "failed", "canceling", "canceled", "skipped", "manual", "scheduled"];

/** The runner store of a simulator, seeded with fixtures on first use. */
export function runnerStore(state: SimState): RunnerStore {
  let s = STORES.get(state);
  if (s) return s;
  const at = jsonTime(state.now());
  const firstProject = [...state.projects.values()][0];
  const firstGroup = [...state.groups.values()][0];
  const base = { run_untagged: false, locked: false, access_level: "not_protected", maximum_timeout: null, maintenance_note: null, created_at: at, contacted_at: at };
  const runners: SimRunner[] = [
    { ...base, id: 1, description: "shared-runner-1", runner_type: "instance_type", status: "online", paused: false, tag_list: ["docker", "linux"], run_untagged: true, version: "17.5.0", projectIds: [], groupIds: [], token: "glrt-instance0001RunnerAuthTok" },
    { ...base, id: 2, description: "group-mac-runner", runner_type: "group_type", status: "offline", paused: true, tag_list: ["macos"], version: "16.11.1", projectIds: [], groupIds: firstGroup ? [firstGroup.id] : [], token: "glrt-group00002RunnerAuthToken" },
    { ...base, id: 3, description: "project-runner", runner_type: "project_type", status: "online", paused: false, tag_list: ["linux", "gpu"], version: "17.5.1", locked: false, projectIds: firstProject ? [firstProject.id] : [], groupIds: [], token: "glrt-project003RunnerAuthToken" },
    { ...base, id: 4, description: "spare-runner", runner_type: "project_type", status: "never_contacted", paused: false, tag_list: [], version: "", projectIds: firstProject ? [firstProject.id] : [], groupIds: [], token: "glrt-project004RunnerAuthToken", contacted_at: null },
  ];
  const pid = firstProject?.id ?? 1;
  s = {
    runners: new Map(runners.map((r) => [r.id, r])),
    jobs: [
      { id: 9001, runnerId: 1, projectId: pid, name: "build", status: "success", system_id: "s_89e5e9956577" },
      { id: 9002, runnerId: 1, projectId: pid, name: "test", status: "failed", system_id: "s_89e5e9956577" },
      { id: 9003, runnerId: 1, projectId: pid, name: "deploy", status: "running", system_id: "runner-2" },
    ],
    instanceRegToken: "GR1348941instanceRegistration",
    projectRegTokens: new Map(),
    groupRegTokens: new Map(),
    seq: { runner: 100, token: 0 },
  };
  STORES.set(state, s);
  return s;
}

const isAdmin = (ctx: RestContext): boolean => requireUser(ctx.auth).token.admin === true;
/** authenticated_as_admin!: 403 {"message":"403 Forbidden"} to everyone else. */
export function requireAdmin(ctx: RestContext): void {
  if (!isAdmin(ctx)) throw forbidden();
}

const runnerNotFound = () => notFound("Runner");

function runnerById(ctx: RestContext, raw: string | undefined): SimRunner {
  const id = Number(raw);
  if (!/^\d+$/.test(raw ?? "")) throw validationError(["id is invalid"]);
  const r = runnerStore(ctx.state).runners.get(id);
  if (!r) throw runnerNotFound();
  return r;
}

function presentRunner(r: SimRunner): Json {
  return {
    id: r.id,
    description: r.description,
    ip_address: "",
    active: !r.paused,
    paused: r.paused,
    is_shared: r.runner_type === "instance_type",
    runner_type: r.runner_type,
    name: "gitlab-runner",
    online: r.status === "online",
    status: r.status,
    created_at: r.created_at,
    job_execution_status: "idle",
  };
}

function presentDetails(ctx: RestContext, r: SimRunner, includeProjects = true): Json {
  const base = `${ctx.options.externalUrl}`;
  return {
    ...presentRunner(r),
    architecture: null,
    platform: null,
    revision: null,
    version: r.version || null,
    contacted_at: r.contacted_at,
    maintenance_note: r.maintenance_note,
    tag_list: r.tag_list,
    run_untagged: r.run_untagged,
    locked: r.locked,
    access_level: r.access_level,
    maximum_timeout: r.maximum_timeout,
    ...(includeProjects
      ? {
          projects: r.projectIds.map((id) => {
            const p = ctx.state.projects.get(id);
            return { id, name: p?.name ?? `project${id}`, path_with_namespace: p?.path_with_namespace ?? `project${id}`, web_url: `${base}/${p?.path_with_namespace ?? id}` };
          }),
        }
      : {}),
    groups: r.groupIds.map((id) => {
      const g = ctx.state.groups.get(id);
      return { id, name: g?.name ?? `group${id}`, full_path: g?.full_path ?? `group${id}`, web_url: `${base}/groups/${g?.full_path ?? id}` };
    }),
  };
}

const FILTER_SPECS: ParamSpec[] = [
  { name: "type", type: "string" },
  { name: "status", type: "string" },
  { name: "paused", type: "boolean" },
  { name: "version_prefix", type: "string" },
  { name: "scope", type: "string" },
  ...PAGINATION_PARAMS,
];

function tagList(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (Array.isArray(raw)) return raw.map(String).flatMap((t) => t.split(",")).map((t) => t.trim()).filter(Boolean);
  return String(raw).split(",").map((t) => t.trim()).filter(Boolean);
}

function matchesStatus(r: SimRunner, status: string): boolean {
  if (status === "active") return !r.paused;
  if (status === "paused") return r.paused;
  if (status === "offline") return r.status === "offline" || r.status === "stale";
  return r.status === status;
}

function filtered(ctx: RestContext, all: SimRunner[], scopes: readonly string[] | null): RestResult {
  const p = declare(ctx.params, scopes === null ? FILTER_SPECS.filter((s) => s.name !== "scope") : FILTER_SPECS);
  let list = all;
  const scope = p.scope as string | undefined;
  if (scope !== undefined) {
    if (!scopes?.includes(scope)) throw messageError(400, "Scope contains invalid value");
    if (scope === "specific") list = list.filter((r) => r.runner_type !== "instance_type");
    else if (scope === "shared") list = list.filter((r) => r.runner_type === "instance_type");
    else if (TYPES.includes(scope)) list = list.filter((r) => r.runner_type === scope);
    else list = list.filter((r) => matchesStatus(r, scope));
  }
  if (p.type !== undefined) {
    if (!TYPES.includes(p.type as string)) throw messageError(400, "Scope contains invalid value");
    list = list.filter((r) => r.runner_type === p.type);
  }
  if (p.status !== undefined) {
    if (!STATUSES.includes(p.status as string)) throw messageError(400, "Scope contains invalid value");
    list = list.filter((r) => matchesStatus(r, p.status as string));
  }
  if (p.paused !== undefined) list = list.filter((r) => r.paused === p.paused);
  if (p.version_prefix !== undefined) {
    if (!/^[\d+.]+/.test(p.version_prefix as string)) throw validationError(["version_prefix is invalid"]);
    list = list.filter((r) => r.version.startsWith(p.version_prefix as string));
  }
  const tags = tagList(ctx.params.tag_list);
  if (tags) list = list.filter((r) => tags.every((t) => r.tag_list.includes(t)));
  const paged = paginateOffset(list, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items.map(presentRunner), headers: paged.headers };
}

const USER_SCOPES = ["active", "paused", "online", "offline", "stale", "never_contacted"];
const ALL_SCOPES = ["specific", "shared", ...TYPES, ...USER_SCOPES];

function listOwned(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  // The user's available runners: the simulator's signed-in users own every group and project runner.
  const all = [...runnerStore(ctx.state).runners.values()].filter((r) => isAdmin(ctx) || r.runner_type !== "instance_type");
  return filtered(ctx, all, USER_SCOPES);
}

function listAll(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  return filtered(ctx, [...runnerStore(ctx.state).runners.values()], ALL_SCOPES);
}

function listProject(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const all = [...runnerStore(ctx.state).runners.values()].filter((r) => r.runner_type === "instance_type" || r.projectIds.includes(project.id));
  return filtered(ctx, all, USER_SCOPES);
}

function listGroup(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const group = ctx.state.findGroup(ctx.route.id ?? "");
  if (!group) throw notFound("Group");
  const all = [...runnerStore(ctx.state).runners.values()].filter((r) => r.runner_type === "instance_type" || r.groupIds.includes(group.id));
  return filtered(ctx, all, null);
}

function getRunner(ctx: RestContext): RestResult {
  const r = runnerById(ctx, ctx.route.id);
  const p = declare(ctx.params, [{ name: "include_projects", type: "boolean", default: true }]);
  return { status: 200, body: presentDetails(ctx, r, p.include_projects as boolean) };
}

const UPDATE_SPECS: ParamSpec[] = [
  { name: "description", type: "string" },
  { name: "active", type: "boolean" },
  { name: "paused", type: "boolean" },
  { name: "run_untagged", type: "boolean" },
  { name: "locked", type: "boolean" },
  { name: "access_level", type: "string", values: ["not_protected", "ref_protected"] },
  { name: "maximum_timeout", type: "integer" },
  { name: "maintenance_note", type: "string" },
];
const UPDATE_NAMES = ["description", "active", "paused", "tag_list", "run_untagged", "locked", "access_level", "maximum_timeout", "maintenance_note"];

function updateRunner(ctx: RestContext): RestResult {
  const r = runnerById(ctx, ctx.route.id);
  const p = declare(ctx.params, UPDATE_SPECS);
  const tags = tagList(ctx.params.tag_list);
  if (Object.keys(p).length === 0 && tags === undefined) throw grapeError(400, `${UPDATE_NAMES.join(", ")} are missing, at least one parameter must be provided`);
  if (p.active !== undefined && p.paused !== undefined) throw grapeError(400, "active, paused are mutually exclusive");
  if (p.maximum_timeout !== undefined && (p.maximum_timeout as number) < 600) throw messageError(400, { maximum_timeout: ["needs to be at least 10 minutes"] });
  if (typeof p.maintenance_note === "string" && p.maintenance_note.length > 1024) throw messageError(400, { maintenance_note: ["is too long (maximum is 1024 characters)"] });
  if (p.description !== undefined) r.description = p.description as string;
  if (p.paused !== undefined) r.paused = p.paused as boolean;
  if (p.active !== undefined) r.paused = !(p.active as boolean);
  if (tags !== undefined) r.tag_list = tags;
  if (p.run_untagged !== undefined) r.run_untagged = p.run_untagged as boolean;
  if (p.locked !== undefined) r.locked = p.locked as boolean;
  if (p.access_level !== undefined) r.access_level = p.access_level as string;
  if (p.maximum_timeout !== undefined) r.maximum_timeout = p.maximum_timeout as number;
  if (p.maintenance_note !== undefined) r.maintenance_note = p.maintenance_note as string;
  return { status: 200, body: presentDetails(ctx, r) };
}

function deleteRunner(ctx: RestContext): RestResult {
  const r = runnerById(ctx, ctx.route.id);
  if (r.runner_type === "instance_type") requireAdmin(ctx);
  if (!isAdmin(ctx) && r.projectIds.length > 1) throw forbidden("Runner associated with more than one project");
  runnerStore(ctx.state).runners.delete(r.id);
  return { status: 204 };
}

function runnerJobs(ctx: RestContext): RestResult {
  const r = runnerById(ctx, ctx.route.id);
  const p = declare(ctx.params, [
    { name: "system_id", type: "string" },
    { name: "status", type: "string", values: JOB_STATUSES },
    { name: "order_by", type: "string", values: ["id"] },
    { name: "sort", type: "string", values: ["asc", "desc"], default: "desc" },
    ...PAGINATION_PARAMS,
  ]);
  let jobs = runnerStore(ctx.state).jobs.filter((j) => j.runnerId === r.id);
  if (p.status !== undefined) jobs = jobs.filter((j) => j.status === p.status);
  if (p.system_id !== undefined) jobs = jobs.filter((j) => j.system_id === p.system_id);
  jobs = [...jobs].sort((a, b) => (p.sort === "asc" ? a.id - b.id : b.id - a.id));
  const paged = paginateOffset(jobs, p.page as number, p.per_page as number, linkContext(ctx, p));
  const at = jsonTime(ctx.state.now());
  const body = paged.items.map((j) => {
    const project = ctx.state.projects.get(j.projectId);
    const path = project?.path_with_namespace ?? `project${j.projectId}`;
    return {
      id: j.id,
      status: j.status,
      stage: j.name === "deploy" ? "deploy" : j.name === "build" ? "build" : "test",
      name: j.name,
      ref: "main",
      tag: false,
      coverage: null,
      created_at: at,
      started_at: at,
      finished_at: j.status === "running" ? null : at,
      duration: j.status === "running" ? null : 120,
      queued_duration: 2,
      web_url: `${ctx.options.externalUrl}/${path}/-/jobs/${j.id}`,
      pipeline: { id: 700 + (j.id % 10), sha: "97de212e80737a608d939f648d959671fb0a0142", ref: "main", status: j.status },
      project: { id: j.projectId, name: project?.name ?? path, path_with_namespace: path, created_at: project?.created_at ?? at },
    };
  });
  return { status: 200, body, headers: paged.headers };
}

function runnerManagers(ctx: RestContext): RestResult {
  const r = runnerById(ctx, ctx.route.id);
  if (r.id !== 1) return { status: 200, body: [] };
  const at = jsonTime(ctx.state.now());
  return {
    status: 200,
    body: [
      { id: 1, system_id: "s_89e5e9956577", version: "17.5.0", revision: "535ced5f", platform: "linux", architecture: "amd64", created_at: at, contacted_at: at, ip_address: "10.0.0.11", status: "online", job_execution_status: "active" },
      { id: 2, system_id: "runner-2", version: "17.4.2", revision: "91a27b2a", platform: "linux", architecture: "arm64", created_at: at, contacted_at: at, ip_address: "10.0.0.12", status: "offline", job_execution_status: "idle" },
    ],
  };
}

function enableProject(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [{ name: "runner_id", type: "integer", required: true }]);
  const r = runnerStore(ctx.state).runners.get(p.runner_id as number);
  if (!r) throw runnerNotFound();
  if (r.runner_type === "group_type") throw forbidden("Runner is a group runner");
  if (!isAdmin(ctx) && r.locked) throw forbidden("Runner is locked");
  if (r.runner_type === "instance_type" || r.projectIds.includes(project.id)) throw messageError(400, "Failed to assign runner");
  r.projectIds.push(project.id);
  return { status: 201, body: presentRunner(r) };
}

function disableProject(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const r = runnerStore(ctx.state).runners.get(Number(ctx.route.runner_id));
  if (!r || !r.projectIds.includes(project.id)) throw runnerNotFound();
  if (r.projectIds[0] === project.id) throw forbidden("You cannot unassign a runner from the owner project. Delete the runner instead");
  r.projectIds = r.projectIds.filter((id) => id !== project.id);
  return { status: 204 };
}

function newAuthToken(store: RunnerStore): string {
  store.seq.token += 1;
  return `glrt-${String(store.seq.token).padStart(4, "0")}NewRunnerAuthTokenQw`;
}

function register(ctx: RestContext): RestResult {
  const store = runnerStore(ctx.state);
  const p = declare(ctx.params, [
    { name: "token", type: "string", required: true },
    { name: "description", type: "string" },
    { name: "active", type: "boolean" },
    { name: "paused", type: "boolean" },
    { name: "locked", type: "boolean" },
    { name: "run_untagged", type: "boolean" },
    { name: "access_level", type: "string", values: ["not_protected", "ref_protected"] },
    { name: "maximum_timeout", type: "integer" },
    { name: "maintenance_note", type: "string" },
    { name: "maintainer_note", type: "string" },
  ]);
  const token = p.token as string;
  let owner: Pick<SimRunner, "runner_type" | "projectIds" | "groupIds"> | undefined;
  if (token === store.instanceRegToken) owner = { runner_type: "instance_type", projectIds: [], groupIds: [] };
  for (const [id, t] of store.projectRegTokens) if (t === token) owner = { runner_type: "project_type", projectIds: [id], groupIds: [] };
  for (const [id, t] of store.groupRegTokens) if (t === token) owner = { runner_type: "group_type", projectIds: [], groupIds: [id] };
  if (!owner) throw forbidden();
  const at = jsonTime(ctx.state.now());
  const runner: SimRunner = {
    id: ++store.seq.runner,
    description: (p.description as string | undefined) ?? "",
    ...owner,
    status: "never_contacted",
    paused: p.paused !== undefined ? (p.paused as boolean) : p.active !== undefined ? !(p.active as boolean) : false,
    tag_list: tagList(ctx.params.tag_list) ?? [],
    run_untagged: (p.run_untagged as boolean | undefined) ?? true,
    locked: (p.locked as boolean | undefined) ?? false,
    access_level: (p.access_level as string | undefined) ?? "not_protected",
    maximum_timeout: (p.maximum_timeout as number | undefined) ?? null,
    maintenance_note: ((p.maintenance_note ?? p.maintainer_note) as string | undefined) ?? null,
    version: typeof (ctx.params.info as ParamMap | undefined)?.version === "string" ? ((ctx.params.info as ParamMap).version as string) : "",
    token: newAuthToken(store),
    created_at: at,
    contacted_at: null,
  };
  store.runners.set(runner.id, runner);
  return { status: 201, body: { id: runner.id, token: runner.token, token_expires_at: TOKEN_EXPIRES } };
}

function byAuthToken(ctx: RestContext): SimRunner {
  const p = declare(ctx.params, [{ name: "token", type: "string", required: true }]);
  const r = [...runnerStore(ctx.state).runners.values()].find((x) => x.token === p.token);
  if (!r) throw forbidden();
  return r;
}

function deleteByToken(ctx: RestContext): RestResult {
  const r = byAuthToken(ctx);
  runnerStore(ctx.state).runners.delete(r.id);
  return { status: 204 };
}

function verify(ctx: RestContext): RestResult {
  const r = byAuthToken(ctx);
  const p = declare(ctx.params, [{ name: "system_id", type: "string" }]);
  if (r.token.startsWith("glrt-") && p.system_id === undefined) throw validationError(["system_id is missing"]);
  return { status: 200, body: { id: r.id, token: r.token, token_expires_at: TOKEN_EXPIRES } };
}

function resetAuthToken(ctx: RestContext): RestResult {
  const r = runnerById(ctx, ctx.route.id);
  if (r.runner_type === "instance_type") requireAdmin(ctx);
  r.token = newAuthToken(runnerStore(ctx.state));
  return { status: 201, body: { token: r.token, token_expires_at: TOKEN_EXPIRES } };
}

function regToken(store: RunnerStore, kind: string, id: number | string): string {
  store.seq.token += 1;
  return `GR1348941${kind}${id}Reset${String(store.seq.token).padStart(4, "0")}`;
}

function resetInstanceReg(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const store = runnerStore(ctx.state);
  store.instanceRegToken = regToken(store, "instance", "");
  return { status: 201, body: { token: store.instanceRegToken, token_expires_at: null } };
}

function resetProjectReg(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const store = runnerStore(ctx.state);
  const token = regToken(store, "project", project.id);
  store.projectRegTokens.set(project.id, token);
  return { status: 201, body: { token, token_expires_at: null } };
}

function resetGroupReg(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const group = ctx.state.findGroup(ctx.route.id ?? "");
  if (!group) throw notFound("Group");
  const store = runnerStore(ctx.state);
  const token = regToken(store, "group", group.id);
  store.groupRegTokens.set(group.id, token);
  return { status: 201, body: { token, token_expires_at: null } };
}

export function registerRunnerRoutes(router: Router): void {
  router.add("GET", "/runners", listOwned);
  router.add("GET", "/runners/all", listAll);
  router.add("POST", "/runners", register, "any");
  router.add("DELETE", "/runners", deleteByToken, "any");
  router.add("POST", "/runners/verify", verify, "any");
  router.add("POST", "/runners/reset_registration_token", resetInstanceReg);
  router.add("GET", "/runners/:id", getRunner);
  router.add("PUT", "/runners/:id", updateRunner);
  router.add("DELETE", "/runners/:id", deleteRunner);
  router.add("GET", "/runners/:id/jobs", runnerJobs);
  router.add("GET", "/runners/:id/managers", runnerManagers);
  router.add("POST", "/runners/:id/reset_authentication_token", resetAuthToken);
  router.add("GET", "/projects/:id/runners", listProject);
  router.add("POST", "/projects/:id/runners", enableProject);
  router.add("POST", "/projects/:id/runners/reset_registration_token", resetProjectReg);
  router.add("DELETE", "/projects/:id/runners/:runner_id", disableProject);
  router.add("GET", "/groups/:id/runners", listGroup);
  router.add("POST", "/groups/:id/runners/reset_registration_token", resetGroupReg);
}
