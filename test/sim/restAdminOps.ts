// Instance administration, second half (doc/api/settings.md, plan_limits.md, features.md, license.md,
// system_hooks.md, sidekiq_metrics.md, usage_data.md, import.md; lib/api/terraform/state.rb and
// state_version.rb):
// - Administrator routes (authenticated_as_admin!): anonymous -> 401 {"message":"401 Unauthorized"}, a
//   user who is no administrator -> 403 {"message":"403 Forbidden"}.
// - GET/PUT /application/settings: one settings object per simulator; PUT merges what it is sent and
//   answers the whole object (200). Visibility fields outside private|internal|public answer Grape's 400
//   "<field> does not have a valid value"; deletion_adjourned_period outside 1..90 answers 400
//   {"message":{"deletion_adjourned_period":["must be between 1 and 90"]}} (the model's validation).
// - GET/PUT /application/plan_limits: limits per plan (CE: only "default"); an unknown plan answers
//   404 {"message":"404 Plan Not Found"}; PUT without plan_name is Grape's 400 "plan_name is missing".
// - /features (Flipper): list, definitions, POST /features/:name (value true|false|<percentage>, key,
//   actors) answers the feature with its gates (201); DELETE answers 204 whether or not it existed.
// - POST /license (key = Base64 of {"plan": ...}; anything else 400 with GitLab's sentence), DELETE
//   /license/:id (204, 404 {"message":"404 Not Found"}); the newest license becomes what GET /license
//   (restTiers.ts) answers.
// - /hooks: list (offset pages), get, add (201, the token never answered), test POST /hooks/:id (201
//   with the sample project_create payload), delete (204); a miss is 404 {"message":"404 System hook Not
//   Found"}.
// - /sidekiq/{queue_metrics,process_metrics,job_stats,compound_metrics}: fixed figures.
// - /usage_data/service_ping (admin), /queries and /non_sql_metrics (admin), /metric_definitions (no
//   authentication, YAML), POST /track_event and /track_events (200, empty body; a missing event is 400).
// - POST /import/github, /import/bitbucket_server, /import/bitbucket create the project and schedule
//   its import (201 with the import summary); GET /projects/:id/import then moves it on (restProjectOps).
//   A token starting "bad" answers 422 {"errors":"..."} as GitLab does when the provider refuses it.
//   POST /import/github/cancel: 200 canceled, 400 when the import is over, 404 for a missing project.
//   POST /import/github/gists: 202 empty, 422 while one is running, 401 for a refused token.
// - Terraform state (seedTerraformState): GET state (the latest version's bytes, application/json;
//   204 when the state has no file), DELETE (200 empty), POST/DELETE /lock (200; 409 with the holder's
//   lock info when someone else holds it, 409 empty for a wrong lock ID on unlock), DELETE
//   /versions/:serial (204; 404 {"message":"404 Not found"} for a missing serial). A missing state is
//   404 {"message":"404 Not found"}.
import { ApiError, forbidden, messageError, notFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { requireUser } from "./auth.js";
import { userProject } from "./projectAccess.js";
import { projectImport, startProjectImport } from "./restProjectOps.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimProject, SimState } from "./state.js";

type Json = Record<string, unknown>;

const NOW = "2025-05-01T10:00:00.000Z";

interface AdminOps {
  settings: Json;
  limits: Map<string, Json>;
  features: Map<string, Json>;
  licenses: Json[];
  hooks: Json[];
  gistImports: Set<number>;
  ids: { hook: number; license: number };
}

const byState = new WeakMap<SimState, AdminOps>();

const DEFINITIONS: Json[] = [
  { name: "geo_pages_deployment_replication", introduced_by_url: "https://gitlab.com/gitlab-org/gitlab/-/merge_requests/68662", rollout_issue_url: "https://gitlab.com/gitlab-org/gitlab/-/issues/337676", milestone: "14.3", log_state_changes: null, type: "development", group: "group::geo", default_enabled: true },
  { name: "new_library", introduced_by_url: null, rollout_issue_url: null, milestone: "18.0", log_state_changes: null, type: "gitlab_com_derisk", group: "group::ci", default_enabled: false },
];

const PLANS_EE = ["default", "free", "bronze", "silver", "premium", "gold", "ultimate", "ultimate_trial", "premium_trial", "opensource", "early_adopter"];

function defaultLimits(): Json {
  return {
    ci_instance_level_variables: 25,
    ci_pipeline_size: 0,
    ci_active_jobs: 0,
    ci_project_subscriptions: 2,
    ci_pipeline_schedules: 10,
    ci_needs_size_limit: 50,
    ci_registered_group_runners: 1000,
    ci_registered_project_runners: 1000,
    dotenv_size: 5120,
    dotenv_variables: 20,
    conan_max_file_size: 3221225472,
    enforcement_limit: 0,
    generic_packages_max_file_size: 5368709120,
    helm_max_file_size: 5242880,
    limits_history: {},
    maven_max_file_size: 3221225472,
    notification_limit: 0,
    npm_max_file_size: 524288000,
    nuget_max_file_size: 524288000,
    pipeline_hierarchy_size: 1000,
    pypi_max_file_size: 3221225472,
    storage_size_limit: 0,
    terraform_module_max_file_size: 1073741824,
  };
}

function opsOf(state: SimState): AdminOps {
  let o = byState.get(state);
  if (!o) {
    o = {
      settings: {
        id: 1,
        default_projects_limit: 100000,
        signup_enabled: true,
        admin_mode: false,
        default_branch_name: null,
        default_project_visibility: "private",
        default_group_visibility: "private",
        default_snippet_visibility: "private",
        restricted_visibility_levels: [],
        require_two_factor_authentication: false,
        deletion_adjourned_period: 7,
        max_attachment_size: 100,
        session_expire_delay: 10080,
        import_sources: ["github", "bitbucket", "bitbucket_server", "git", "gitlab_project"],
        created_at: "2025-01-01T00:00:00.000Z",
        updated_at: "2025-01-01T00:00:00.000Z",
      },
      limits: new Map(),
      features: new Map(),
      licenses: [],
      hooks: [],
      gistImports: new Set(),
      ids: { hook: 0, license: 0 },
    };
    byState.set(state, o);
  }
  return o;
}

/** authenticated_as_admin! */
function requireAdmin(ctx: RestContext): void {
  const { token } = requireUser(ctx.auth);
  if (token.admin !== true) throw forbidden();
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : typeof v === "number" ? String(v) : undefined);
const bool = (v: unknown): boolean => v === true || v === "true" || v === "1";
const missing = (ctx: RestContext, names: string[]): void => {
  const absent = names.filter((n) => ctx.params[n] === undefined || ctx.params[n] === "");
  if (absent.length > 0) throw validationError(absent.map((n) => `${n} is missing`));
};

// ---- Settings and plan limits ---------------------------------------------------------------------

function settingsGet(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  return { status: 200, body: opsOf(ctx.state).settings };
}

const VISIBILITY = ["private", "internal", "public"];

function settingsPut(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const o = opsOf(ctx.state);
  const bad = ["default_project_visibility", "default_group_visibility", "default_snippet_visibility"].filter((k) => ctx.params[k] !== undefined && !VISIBILITY.includes(String(ctx.params[k])));
  if (bad.length > 0) throw validationError(bad.map((k) => `${k} does not have a valid value`));
  const period = ctx.params.deletion_adjourned_period;
  if (period !== undefined && (Number(period) < 1 || Number(period) > 90)) throw messageError(400, { deletion_adjourned_period: ["must be between 1 and 90"] });
  for (const [k, v] of Object.entries(ctx.params)) o.settings[k] = v;
  o.settings.updated_at = NOW;
  return { status: 200, body: o.settings };
}

function planOf(ctx: RestContext, name: string): Json {
  const plans = ctx.options.edition === "ce" ? ["default"] : PLANS_EE;
  if (!plans.includes(name)) throw notFound("Plan");
  const o = opsOf(ctx.state);
  let l = o.limits.get(name);
  if (!l) {
    l = defaultLimits();
    o.limits.set(name, l);
  }
  return l;
}

function limitsGet(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  return { status: 200, body: planOf(ctx, str(ctx.params.plan_name) ?? "default") };
}

function limitsPut(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  missing(ctx, ["plan_name"]);
  const limits = planOf(ctx, String(ctx.params.plan_name));
  for (const [k, v] of Object.entries(ctx.params)) {
    if (k === "plan_name" || !(k in limits) || k === "limits_history") continue;
    limits[k] = Number(v);
  }
  return { status: 200, body: limits };
}

// ---- Feature flags (Flipper) ----------------------------------------------------------------------

function featureList(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  return { status: 200, body: [...opsOf(ctx.state).features.values()] };
}

function definitions(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  return { status: 200, body: DEFINITIONS };
}

const ACTORS: readonly [string, string][] = [
  ["feature_group", "group"],
  ["user", "User"],
  ["group", "Group"],
  ["namespace", "Namespace"],
  ["project", "Project"],
  ["repository", "Repository"],
];

function featureSet(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  missing(ctx, ["value"]);
  const name = ctx.route.name;
  const value = String(ctx.params.value);
  const key = str(ctx.params.key) ?? "percentage_of_time";
  if (!["percentage_of_actors", "percentage_of_time"].includes(key)) throw validationError(["key does not have a valid value"]);
  const actors = ACTORS.flatMap(([param, kind]) => (str(ctx.params[param]) ?? "").split(",").filter(Boolean).map((v) => `${kind}:${v.trim()}`));
  const gates: Json[] = [];
  let state: string;
  if (value === "true" || value === "false") {
    const on = value === "true";
    if (actors.length > 0) {
      gates.push({ key: "boolean", value: false }, { key: "actors", value: actors });
      state = "conditional";
    } else {
      gates.push({ key: "boolean", value: on });
      state = on ? "on" : "off";
    }
  } else if (/^\d+$/.test(value) && Number(value) <= 100) {
    gates.push({ key: "boolean", value: false }, { key, value: Number(value) });
    state = "conditional";
  } else throw messageError(400, "Value must be a boolean or an integer");
  const feature = { name, state, gates, definition: DEFINITIONS.find((d) => d.name === name) ?? null };
  opsOf(ctx.state).features.set(name, feature);
  return { status: 201, body: feature };
}

function featureDelete(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  opsOf(ctx.state).features.delete(ctx.route.name);
  return { status: 204 };
}

// ---- Licenses ------------------------------------------------------------------------------------

const INVALID_LICENSE = "The license key is invalid. Make sure it is exactly as you received it from GitLab Inc.";

function licenseAdd(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  missing(ctx, ["license"]);
  let plan: unknown;
  try {
    plan = (JSON.parse(Buffer.from(String(ctx.params.license), "base64").toString("utf8")) as { plan?: unknown }).plan;
  } catch {
    plan = undefined;
  }
  if (typeof plan !== "string") throw messageError(400, INVALID_LICENSE);
  const o = opsOf(ctx.state);
  o.ids.license += 1;
  const license = {
    id: o.ids.license,
    plan,
    created_at: NOW,
    starts_at: "2025-05-01",
    expires_at: "2026-05-01",
    historical_max: 10,
    maximum_user_count: 10,
    expired: false,
    overage: 0,
    user_limit: 100,
    active_users: ctx.state.users.size,
    licensee: { Name: "Simulator", Email: "admin@example.com", Company: "Simulator" },
    add_ons: {},
  };
  o.licenses.push(license);
  ctx.options.license = { plan };
  return { status: 201, body: license };
}

function licenseDelete(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const o = opsOf(ctx.state);
  const i = o.licenses.findIndex((l) => String(l.id) === ctx.route.id);
  if (i < 0) throw notFound();
  o.licenses.splice(i, 1);
  const newest = o.licenses.at(-1);
  ctx.options.license = newest ? { plan: String(newest.plan) } : null;
  return { status: 204 };
}

// ---- System hooks --------------------------------------------------------------------------------

const HOOK_EVENTS = ["push_events", "tag_push_events", "merge_requests_events", "repository_update_events"];

function hookOf(ctx: RestContext): Json {
  const hook = opsOf(ctx.state).hooks.find((h) => String(h.id) === ctx.route.id);
  if (!hook) throw notFound("System hook");
  return hook;
}

function present(hook: Json): Json {
  const { token: _token, ...rest } = hook;
  return rest;
}

function hookList(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(opsOf(ctx.state).hooks.map(present), p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items, headers: page.headers };
}

function hookGet(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  return { status: 200, body: present(hookOf(ctx)) };
}

function hookAdd(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  missing(ctx, ["url"]);
  const url = String(ctx.params.url);
  if (!/^https?:\/\//.test(url)) throw messageError(422, { url: ["is blocked: Only allowed schemes are http, https"] });
  const strategy = str(ctx.params.branch_filter_strategy) ?? "wildcard";
  if (!["wildcard", "regex", "all_branches"].includes(strategy)) throw validationError(["branch_filter_strategy does not have a valid value"]);
  const o = opsOf(ctx.state);
  o.ids.hook += 1;
  const hook: Json = {
    id: o.ids.hook,
    url,
    name: str(ctx.params.name) ?? "",
    description: str(ctx.params.description) ?? "",
    created_at: NOW,
    push_events: ctx.params.push_events === undefined ? true : bool(ctx.params.push_events),
    tag_push_events: bool(ctx.params.tag_push_events),
    merge_requests_events: bool(ctx.params.merge_requests_events),
    repository_update_events: ctx.params.repository_update_events === undefined ? true : bool(ctx.params.repository_update_events),
    enable_ssl_verification: ctx.params.enable_ssl_verification === undefined ? true : bool(ctx.params.enable_ssl_verification),
    push_events_branch_filter: str(ctx.params.push_events_branch_filter) ?? null,
    branch_filter_strategy: strategy,
    alert_status: "executable",
    disabled_until: null,
    url_variables: [],
    token: str(ctx.params.token),
  };
  void HOOK_EVENTS;
  o.hooks.push(hook);
  return { status: 201, body: present(hook) };
}

function hookTest(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  hookOf(ctx);
  return { status: 201, body: { project_id: 1, owner_email: "example@gitlabhq.com", owner_name: "Someone", name: "Ruby", path: "ruby", event_name: "project_create" } };
}

function hookDelete(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const hook = hookOf(ctx);
  const o = opsOf(ctx.state);
  o.hooks = o.hooks.filter((h) => h !== hook);
  return { status: 204 };
}

// ---- Sidekiq metrics -----------------------------------------------------------------------------

const QUEUES = { default: { backlog: 0, latency: 0 }, mailers: { backlog: 2, latency: 1 } };
const PROCESSES = [{ hostname: "gitlab-sidekiq-0", pid: 4242, tag: "gitlab", started_at: NOW, queues: ["default", "mailers"], labels: [], concurrency: 20, busy: 1 }];
const JOBS = { processed: 2107, failed: 33, enqueued: 2 , dead: 0 };

function sidekiq(part: "queue" | "process" | "jobs" | "all") {
  return (ctx: RestContext): RestResult => {
    requireAdmin(ctx);
    const body = part === "queue" ? { queues: QUEUES } : part === "process" ? { processes: PROCESSES } : part === "jobs" ? { jobs: JOBS } : { queues: QUEUES, processes: PROCESSES, jobs: JOBS };
    return { status: 200, body };
  };
}

// ---- Service Ping and events ---------------------------------------------------------------------

function pingPayload(sql: boolean): Json {
  return {
    recorded_at: NOW,
    uuid: null,
    hostname: "gitlab.example.com",
    version: "18.6.0-ee",
    installation_type: "gitlab-simulator",
    active_user_count: sql ? 'SELECT COUNT("users"."id") FROM "users"' : -3,
    edition: "EE",
    counts: sql ? { boards: 'SELECT COUNT("boards"."id") FROM "boards"' } : { ci_builds: 463, boards: 4 },
  };
}

function servicePing(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  return { status: 200, body: pingPayload(false) };
}

function pingQueries(sql: boolean) {
  return (ctx: RestContext): RestResult => {
    requireAdmin(ctx);
    return { status: 200, body: pingPayload(sql) };
  };
}

const METRIC_DEFINITIONS = `---
- key_path: redis_hll_counters.search.i_search_paid_monthly
  description: Unique users searching with a paid license, by month
  product_group: global_search
  value_type: number
  status: active
  time_frame: 28d
  data_source: redis_hll
- key_path: counts.boards
  description: Count of boards
  product_group: project_management
  value_type: number
  status: active
  time_frame: all
  data_source: database
`;

function metricDefinitions(): RestResult {
  return { status: 200, body: Buffer.from(METRIC_DEFINITIONS), headers: { "content-type": "application/yaml" } };
}

function trackEvent(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  missing(ctx, ["event"]);
  return { status: 200 };
}

function trackEvents(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  missing(ctx, ["events"]);
  const events = ctx.params.events;
  if (!Array.isArray(events) || events.some((e) => !e || typeof e !== "object" || !(e as Json).event)) throw validationError(["events[event] is missing"]);
  return { status: 200 };
}

// ---- Imports -------------------------------------------------------------------------------------

function importSummary(project: SimProject, source: string, status: string): Json {
  return {
    id: project.id,
    name: project.name,
    full_path: `/${project.path_with_namespace}`,
    full_name: project.path_with_namespace.replace(/\//g, " / "),
    refs_url: `/${project.path_with_namespace}/refs`,
    import_source: source,
    import_status: status,
    human_import_status_name: status,
    provider_link: `/${source}`,
    relation_type: null,
    import_warning: null,
  };
}

function refusedToken(token: unknown): void {
  if (String(token).startsWith("bad")) throw new ApiError(422, { errors: "Access denied to the repository: check the personal access token" });
}

function createImported(ctx: RestContext, namespace: string, path: string, type: string, source: string): RestResult {
  const full = `${namespace.replace(/^\/+|\/+$/g, "")}/${path}`;
  if (ctx.state.findProject(full)) throw new ApiError(422, { errors: "Project namespace name has already been taken" });
  const project = ctx.state.addProject({ path_with_namespace: full, name: path });
  startProjectImport(project, type);
  return { status: 201, body: importSummary(project, source, "scheduled") };
}

function importGithub(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  missing(ctx, ["personal_access_token", "repo_id", "target_namespace"]);
  refusedToken(ctx.params.personal_access_token);
  const strategy = str(ctx.params.timeout_strategy);
  if (strategy && !["optimistic", "pessimistic"].includes(strategy)) throw validationError(["timeout_strategy does not have a valid value"]);
  const name = str(ctx.params.new_name) ?? `repo-${String(ctx.params.repo_id)}`;
  void user;
  return createImported(ctx, String(ctx.params.target_namespace), name, "github", `octo/${name}`);
}

function importGithubCancel(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  missing(ctx, ["project_id"]);
  const project = ctx.state.findProject(Number(ctx.params.project_id));
  if (!project) throw notFound("Project");
  const imp = projectImport(project);
  if (!imp || imp.type !== "github" || imp.status === "finished" || imp.status === "failed" || (imp.status as string) === "canceled") {
    throw messageError(400, "The import cannot be canceled because it is finished");
  }
  (imp as { status: string }).status = "canceled";
  return { status: 200, body: importSummary(project, `octo/${project.path}`, "canceled") };
}

function importGists(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  missing(ctx, ["personal_access_token"]);
  if (String(ctx.params.personal_access_token).startsWith("bad")) throw messageError(401, "Access denied to your GitHub account");
  const o = opsOf(ctx.state);
  if (o.gistImports.has(user.id)) throw messageError(422, "Import already in progress");
  o.gistImports.add(user.id);
  return { status: 202 };
}

function importBitbucketServer(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  missing(ctx, ["bitbucket_server_url", "bitbucket_server_username", "personal_access_token", "bitbucket_server_project", "bitbucket_server_repo"]);
  refusedToken(ctx.params.personal_access_token);
  const repo = String(ctx.params.bitbucket_server_repo);
  const ns = str(ctx.params.target_namespace) ?? user.username;
  return createImported(ctx, ns, str(ctx.params.new_name) ?? repo, "bitbucket_server", `${String(ctx.params.bitbucket_server_project)}/${repo}`);
}

function importBitbucket(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  missing(ctx, ["bitbucket_username", "bitbucket_app_password", "repo_path", "target_namespace"]);
  refusedToken(ctx.params.bitbucket_app_password);
  const repoPath = String(ctx.params.repo_path);
  const name = str(ctx.params.new_name) ?? repoPath.split("/").pop()!;
  return createImported(ctx, String(ctx.params.target_namespace), name, "bitbucket", repoPath);
}

// ---- Terraform state -----------------------------------------------------------------------------

interface TfLock {
  ID: string;
  Operation: string;
  Info: string;
  Version: string;
  Path: string;
  Who: string;
  Created: string;
}

interface TfState {
  versions: Map<number, Buffer>;
  lock?: TfLock;
}

const TF = new WeakMap<SimProject, Map<string, TfState>>();

/** Seeds a Terraform state of a project with its versions (serial 1, 2, ...). */
export function seedTerraformState(project: SimProject, name: string, versions: Buffer[]): void {
  let states = TF.get(project);
  if (!states) {
    states = new Map();
    TF.set(project, states);
  }
  states.set(name, { versions: new Map(versions.map((b, i) => [i + 1, b])) });
}

function tfState(ctx: RestContext): { project: SimProject; states: Map<string, TfState>; state: TfState } {
  const project = userProject(ctx);
  const states = TF.get(project) ?? new Map<string, TfState>();
  const state = states.get(ctx.route.name);
  if (!state) throw messageError(404, "404 Not found");
  return { project, states, state };
}

function lockHeld(ctx: RestContext, state: TfState): void {
  const id = str(ctx.params.ID);
  if (state.lock && id !== undefined && id !== state.lock.ID) throw new ApiError(409, "");
}

function tfGet(ctx: RestContext): RestResult {
  const { state } = tfState(ctx);
  lockHeld(ctx, state);
  const serials = [...state.versions.keys()];
  if (serials.length === 0) return { status: 204 };
  return { status: 200, body: state.versions.get(Math.max(...serials)), headers: { "content-type": "application/json" } };
}

function tfDelete(ctx: RestContext): RestResult {
  const { states, state } = tfState(ctx);
  lockHeld(ctx, state);
  states.delete(ctx.route.name);
  return { status: 200 };
}

function tfLock(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  const { state } = tfState(ctx);
  const absent = ["ID", "Operation", "Info", "Who", "Version", "Created", "Path"].filter((n) => ctx.params[n] === undefined);
  if (absent.length > 0) throw validationError(absent.map((n) => `${n} is missing`));
  let status = 200;
  if (state.lock && state.lock.ID !== String(ctx.params.ID)) status = 409;
  else state.lock = { ID: String(ctx.params.ID), Operation: String(ctx.params.Operation), Info: String(ctx.params.Info), Version: String(ctx.params.Version), Path: String(ctx.params.Path), Who: user.username, Created: NOW };
  const l = state.lock!;
  return { status, body: { Operation: String(ctx.params.Operation), Info: String(ctx.params.Info), Version: String(ctx.params.Version), Path: String(ctx.params.Path), ID: l.ID, Who: l.Who, Created: l.Created } };
}

function tfUnlock(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const { state } = tfState(ctx);
  const id = str(ctx.params.ID);
  if (state.lock && id !== undefined && id !== state.lock.ID) return { status: 409 };
  state.lock = undefined;
  return { status: 200 };
}

function tfVersionDelete(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const { state } = tfState(ctx);
  if (!/^\d+$/.test(ctx.route.serial)) throw validationError(["serial is invalid"]);
  if (!state.versions.delete(Number(ctx.route.serial))) throw messageError(404, "404 Not found");
  return { status: 204 };
}

export function registerAdminOpsRoutes(router: Router): void {
  router.add("GET", "/application/settings", settingsGet);
  router.add("PUT", "/application/settings", settingsPut);
  router.add("GET", "/application/plan_limits", limitsGet);
  router.add("PUT", "/application/plan_limits", limitsPut);
  router.add("GET", "/features", featureList);
  router.add("GET", "/features/definitions", definitions);
  router.add("POST", "/features/:name", featureSet);
  router.add("DELETE", "/features/:name", featureDelete);
  router.add("POST", "/license", licenseAdd);
  router.add("DELETE", "/license/:id", licenseDelete);
  router.add("GET", "/hooks", hookList);
  router.add("POST", "/hooks", hookAdd);
  router.add("GET", "/hooks/:id", hookGet);
  router.add("POST", "/hooks/:id", hookTest);
  router.add("DELETE", "/hooks/:id", hookDelete);
  router.add("GET", "/sidekiq/queue_metrics", sidekiq("queue"));
  router.add("GET", "/sidekiq/process_metrics", sidekiq("process"));
  router.add("GET", "/sidekiq/job_stats", sidekiq("jobs"));
  router.add("GET", "/sidekiq/compound_metrics", sidekiq("all"));
  router.add("GET", "/usage_data/service_ping", servicePing);
  router.add("GET", "/usage_data/queries", pingQueries(true));
  router.add("GET", "/usage_data/non_sql_metrics", pingQueries(false));
  router.add("GET", "/usage_data/metric_definitions", metricDefinitions, "any");
  router.add("POST", "/usage_data/track_event", trackEvent);
  router.add("POST", "/usage_data/track_events", trackEvents);
  router.add("POST", "/import/github", importGithub);
  router.add("POST", "/import/github/cancel", importGithubCancel);
  router.add("POST", "/import/github/gists", importGists);
  router.add("POST", "/import/bitbucket_server", importBitbucketServer);
  router.add("POST", "/import/bitbucket", importBitbucket);
  router.add("GET", "/projects/:id/terraform/state/:name", tfGet);
  router.add("DELETE", "/projects/:id/terraform/state/:name", tfDelete);
  router.add("POST", "/projects/:id/terraform/state/:name/lock", tfLock);
  router.add("DELETE", "/projects/:id/terraform/state/:name/lock", tfUnlock);
  router.add("DELETE", "/projects/:id/terraform/state/:name/versions/:serial", tfVersionDelete);
}
