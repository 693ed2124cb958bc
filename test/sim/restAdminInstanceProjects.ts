// Instance administration, second module: the project- and group-level endpoints GitLab's target list
// files under administration, and migrations by direct transfer (doc/api/alert_management_alerts.md,
// bulk_imports.md, cluster_agents.md, error_tracking.md, dependency_proxy.md, secure_files.md):
// - alert metric images of a seeded alert (seedAlert): upload needs the multipart `file` (400 "file is
//   missing"), list is one array, update and delete a miss answer 404 Not found, delete 204.
// - /bulk_imports: POST validates configuration[url|access_token] and entities (source_type
//   group_entity|project_entity, source_full_path, destination_namespace, destination_slug or the
//   deprecated destination_name) and answers 201 `created`. Each read of the migration moves it one
//   state on (created -> started -> finished), its entities with it; cancel (administrators) makes it
//   `canceled`. Lists are offset pages filtered by status, sorted by creation (desc by default).
//   Failures are seeded with seedBulkImportFailure. A miss answers 404 Not found.
// - cluster agents: names unique per project (400 {"message":{"name":["has already been taken"]}});
//   tokens: at most two active per agent (400), created with the `glagent-` secret once, lists show
//   active ones, revoke 204; a miss answers 404 Not found.
// - error tracking: settings exist once seeded (seedErrorTracking), else 404 Error Tracking Setting
//   Not Found; PATCH needs `active`; client keys list, create 201, delete 204.
// - DELETE /groups/:id/dependency_proxy/cache: 202 Accepted (GitLab purges in a worker), 404 Group Not
//   Found.
// - secure files: offset pages, POST needs `name` and the multipart `file` (5 MB at most), names
//   unique per project, sha256 checksum; delete 204; a miss answers 404 Not found.
import { createHash } from "node:crypto";
import { requireUser } from "./auth.js";
import { messageError, notFound, recordNotFound, validationError } from "./errors.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { paginateOffset } from "./pagination.js";
import { userProject } from "./projectAccess.js";
import { requireAdmin } from "./restAdminInstance.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimState } from "./state.js";

type Json = Record<string, unknown>;

interface Store {
  ids: Record<string, number>;
  alerts: Map<string, Json[]>;
  imports: Json[];
  entities: Json[];
  failures: Map<number, Json[]>;
  agents: Json[];
  agentTokens: Json[];
  errorTracking: Map<number, Json>;
  clientKeys: Json[];
  secureFiles: Json[];
}

const STORES = new WeakMap<SimState, Store>();

/** The next ID of a kind of record (each GitLab table counts on its own). */
const nextId = (s: Store, kind: string): number => (s.ids[kind] = (s.ids[kind] ?? 0) + 1);

function store(state: SimState): Store {
  let s = STORES.get(state);
  if (!s) {
    s = { ids: {}, alerts: new Map(), imports: [], entities: [], failures: new Map(), agents: [], agentTokens: [], errorTracking: new Map(), clientKeys: [], secureFiles: [] };
    STORES.set(state, s);
  }
  return s;
}

/** Seeds an alert (by IID) of a project, which metric images attach to. */
export function seedAlert(state: SimState, projectId: number, alertIid: number): void {
  store(state).alerts.set(`${projectId}/${alertIid}`, []);
}

/** Seeds the error tracking settings of a project. */
export function seedErrorTracking(state: SimState, projectId: number, settings: { active: boolean; integrated: boolean; project_name?: string; sentry_external_url?: string | null; api_url?: string | null }): void {
  store(state).errorTracking.set(projectId, { project_name: null, sentry_external_url: null, api_url: null, ...settings });
}

/** Seeds a failed record of a migration entity. */
export function seedBulkImportFailure(state: SimState, entityId: number, failure: Json): void {
  const s = store(state);
  s.failures.set(entityId, [...(s.failures.get(entityId) ?? []), failure]);
  const entity = s.entities.find((e) => e.id === entityId);
  if (entity) entity.has_failures = true;
}

const now = () => new Date().toISOString();

function page(ctx: RestContext, items: Json[]): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const paged = paginateOffset(items, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items, headers: paged.headers };
}

function fileParam(ctx: RestContext): { filename: string; bytes: Buffer } {
  const file = ctx.params.file as unknown as { filename?: string; bytes?: Buffer } | undefined;
  if (!file || typeof file !== "object" || !file.filename) throw validationError(["file is missing"]);
  return { filename: file.filename, bytes: file.bytes ?? Buffer.alloc(0) };
}

const byId = (list: Json[], raw: string | undefined, also: (x: Json) => boolean = () => true): Json => {
  const hit = /^\d+$/.test(raw ?? "") ? list.find((x) => x.id === Number(raw) && also(x)) : undefined;
  if (!hit) throw recordNotFound();
  return hit;
};

// ---- Alert metric images -----------------------------------------------------------------------------

function alertImages(ctx: RestContext): Json[] {
  const project = userProject(ctx);
  const images = store(ctx.state).alerts.get(`${project.id}/${ctx.route.alert_iid}`);
  if (!images) throw notFound("Alert");
  return images;
}

function uploadMetricImage(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const images = alertImages(ctx);
  const file = fileParam(ctx);
  const p = declare(ctx.params, [
    { name: "url", type: "string" },
    { name: "url_text", type: "string" },
  ]);
  const id = nextId(store(ctx.state), "metric_image");
  const image = { id, created_at: now(), filename: file.filename, file_path: `/uploads/-/system/alert_metric_image/file/${id}/${file.filename}`, url: p.url ?? null, url_text: p.url_text ?? null };
  images.push(image);
  return { status: 201, body: image };
}

function updateMetricImage(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const image = byId(alertImages(ctx), ctx.route.image_id);
  Object.assign(image, declare(ctx.params, [
    { name: "url", type: "string" },
    { name: "url_text", type: "string" },
  ]));
  return { status: 200, body: image };
}

function deleteMetricImage(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const images = alertImages(ctx);
  const image = byId(images, ctx.route.image_id);
  images.splice(images.indexOf(image), 1);
  return { status: 204 };
}

// ---- Bulk imports ------------------------------------------------------------------------------------

const IMPORT_STATUSES = ["created", "started", "finished", "timeout", "failed", "canceled"];

function startImport(ctx: RestContext): RestResult {
  const user = requireUser(ctx.auth).user;
  const config = ctx.params.configuration as Json | undefined;
  const errors: string[] = [];
  if (!config || typeof config !== "object") errors.push("configuration is missing");
  else {
    if (!config.url) errors.push("configuration[url] is missing")
    if (!config.access_token) errors.push("configuration[access_token] is missing");
  }
  const raw = ctx.params.entities;
  const entities = (Array.isArray(raw) ? raw : []) as Json[];
  if (entities.length === 0) errors.push("entities is missing");
  entities.forEach((e, i) => {
    if (!["group_entity", "project_entity"].includes(String(e.source_type))) errors.push(`entities[${i}][source_type] does not have a valid value`);
    if (!e.source_full_path) errors.push(`entities[${i}][source_full_path] is missing`);
    if (e.destination_namespace === undefined) errors.push(`entities[${i}][destination_namespace] is missing`);
    if (!e.destination_slug && !e.destination_name) errors.push(`entities[${i}][destination_slug] is missing`);
  });
  if (errors.length > 0) throw validationError(errors);
  if (!/^https?:\/\//.test(String(config!.url))) throw messageError(422, "Invalid source URL. Enter only the base URL of the source GitLab instance.");
  const s = store(ctx.state);
  const id = nextId(s, "bulk_import");
  const at = now();
  const imp: Json = { id, status: "created", source_type: "gitlab", source_url: String(config!.url), created_at: at, updated_at: at, has_failures: false, user_id: user.id };
  s.imports.push(imp);
  for (const e of entities) {
    const slug = String(e.destination_slug ?? e.destination_name);
    const ns = String(e.destination_namespace ?? "");
    s.entities.push({
      id: nextId(s, "bulk_import_entity"),
      bulk_import_id: id,
      status: "created",
      entity_type: e.source_type === "group_entity" ? "group" : "project",
      source_full_path: e.source_full_path,
      destination_full_path: ns === "" ? slug : `${ns}/${slug}`,
      destination_name: slug,
      destination_slug: slug,
      destination_namespace: ns,
      parent_id: null,
      namespace_id: null,
      project_id: null,
      created_at: at,
      updated_at: at,
      failures: [],
      migrate_projects: e.migrate_projects === undefined ? true : e.migrate_projects === true || e.migrate_projects === "true",
      migrate_memberships: e.migrate_memberships === undefined ? true : e.migrate_memberships === true || e.migrate_memberships === "true",
      has_failures: false,
      stats: {},
    });
  }
  return { status: 201, body: presentImport(imp) };
}

function presentImport(imp: Json): Json {
  const { user_id: _owner, ...rest } = imp;
  return rest;
}

function presentEntity(s: Store, e: Json): Json {
  return { ...e, failures: s.failures.get(e.id as number) ?? [] };
}

function ownImports(ctx: RestContext): Json[] {
  const user = requireUser(ctx.auth).user;
  return store(ctx.state).imports.filter((i) => i.user_id === user.id);
}

function findImport(ctx: RestContext): Json {
  const user = requireUser(ctx.auth);
  const list = store(ctx.state).imports;
  return byId(list, ctx.route.import_id, (i) => i.user_id === user.user.id || user.token.admin === true);
}

/** A read of a running migration moves it on one state, as GitLab's workers would between two polls. */
function advance(s: Store, imp: Json): void {
  const next: Record<string, string> = { created: "started", started: "finished" };
  const to = next[String(imp.status)];
  if (!to) return;
  imp.status = to;
  imp.updated_at = now();
  for (const e of s.entities.filter((x) => x.bulk_import_id === imp.id)) {
    e.status = to;
    e.updated_at = imp.updated_at;
  }
}

function listFilter(ctx: RestContext, items: Json[]): RestResult {
  const q = declare(ctx.params, [
    { name: "sort", type: "string", values: ["asc", "desc"], default: "desc" },
    { name: "status", type: "string", values: IMPORT_STATUSES },
  ]);
  let out = items.filter((x) => q.status === undefined || x.status === q.status);
  out = [...out].sort((a, b) => ((a.id as number) - (b.id as number)) * (q.sort === "asc" ? 1 : -1));
  return page(ctx, out);
}

function getImport(ctx: RestContext): RestResult {
  const imp = findImport(ctx);
  advance(store(ctx.state), imp);
  return { status: 200, body: presentImport(imp) };
}

function cancelImport(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const imp = findImport(ctx);
  const s = store(ctx.state);
  imp.status = "canceled";
  imp.updated_at = now();
  for (const e of s.entities.filter((x) => x.bulk_import_id === imp.id && x.status !== "finished")) e.status = "canceled";
  return { status: 200, body: presentImport(imp) };
}

function importEntities(ctx: RestContext): RestResult {
  const imp = findImport(ctx);
  const s = store(ctx.state);
  return listFilter(ctx, s.entities.filter((e) => e.bulk_import_id === imp.id).map((e) => presentEntity(s, e)));
}

function allEntities(ctx: RestContext): RestResult {
  const s = store(ctx.state);
  const mine = new Set(ownImports(ctx).map((i) => i.id));
  return listFilter(ctx, s.entities.filter((e) => mine.has(e.bulk_import_id)).map((e) => presentEntity(s, e)));
}

function findEntity(ctx: RestContext): Json {
  const imp = findImport(ctx);
  return byId(store(ctx.state).entities, ctx.route.entity_id, (e) => e.bulk_import_id === imp.id);
}

// ---- Cluster agents ----------------------------------------------------------------------------------

function projectAgents(ctx: RestContext): { projectId: number; agents: Json[] } {
  const project = userProject(ctx);
  return { projectId: project.id, agents: store(ctx.state).agents.filter((a) => a.project_id === project.id) };
}

function presentAgent(ctx: RestContext, a: Json): Json {
  const project = ctx.state.findProject(a.project_id as number)!;
  const { project_id: _p, ...rest } = a;
  return { ...rest, config_project: { id: project.id, name: project.name, path: project.path, path_with_namespace: project.path_with_namespace, created_at: project.created_at } };
}

function findAgent(ctx: RestContext): Json {
  return byId(projectAgents(ctx).agents, ctx.route.agent_id);
}

function registerAgent(ctx: RestContext): RestResult {
  const user = requireUser(ctx.auth).user;
  const { projectId, agents } = projectAgents(ctx);
  const p = declare(ctx.params, [{ name: "name", type: "string", required: true }]);
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(String(p.name))) throw messageError(400, { name: ["can contain only lowercase letters, digits, and '-', but cannot start or end with '-'"] });
  if (agents.some((a) => a.name === p.name)) throw messageError(400, { name: ["has already been taken"] });
  const agent = { id: nextId(store(ctx.state), "agent"), name: p.name, created_at: now(), created_by_user_id: user.id, is_receptive: false, project_id: projectId };
  store(ctx.state).agents.push(agent);
  return { status: 201, body: presentAgent(ctx, agent) };
}

function deleteAgent(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const agent = findAgent(ctx);
  const s = store(ctx.state);
  s.agents = s.agents.filter((a) => a !== agent);
  s.agentTokens = s.agentTokens.filter((t) => t.agent_id !== agent.id);
  return { status: 204 };
}

const presentToken = (t: Json): Json => {
  const { secret: _s, ...rest } = t;
  return rest;
};

function createAgentToken(ctx: RestContext): RestResult {
  const user = requireUser(ctx.auth).user;
  const agent = findAgent(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true, allowBlank: false },
    { name: "description", type: "string" },
  ]);
  const s = store(ctx.state);
  if (s.agentTokens.filter((t) => t.agent_id === agent.id && t.status === "active").length >= 2) throw messageError(400, "An agent can have only two active tokens at a time");
  const id = nextId(s, "agent_token");
  const secret = `glagent-${createHash("sha256").update(`agent-${id}-${Date.now()}`).digest("hex").slice(0, 50)}`;
  const token = { id, name: p.name, description: p.description ?? null, agent_id: agent.id, status: "active", created_at: now(), created_by_user_id: user.id, last_used_at: null, secret };
  s.agentTokens.push(token);
  return { status: 201, body: { ...presentToken(token), token: secret } };
}

function agentTokens(ctx: RestContext): Json[] {
  const agent = findAgent(ctx);
  return store(ctx.state).agentTokens.filter((t) => t.agent_id === agent.id);
}

// ---- Error tracking ----------------------------------------------------------------------------------

function errorSettings(ctx: RestContext): Json {
  const project = userProject(ctx);
  const settings = store(ctx.state).errorTracking.get(project.id);
  if (!settings) throw notFound("Error Tracking Setting");
  return settings;
}

function patchErrorSettings(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const settings = errorSettings(ctx);
  const p = declare(ctx.params, [
    { name: "active", type: "boolean", required: true },
    { name: "integrated", type: "boolean" },
  ]);
  Object.assign(settings, p);
  return { status: 200, body: settings };
}

function clientKeys(ctx: RestContext): { projectId: number; keys: Json[] } {
  const project = userProject(ctx);
  return { projectId: project.id, keys: store(ctx.state).clientKeys.filter((k) => k.project_id === project.id) };
}

const presentKey = (k: Json): Json => {
  const { project_id: _p, ...rest } = k;
  return rest;
};

function createClientKey(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const { projectId } = clientKeys(ctx);
  const s = store(ctx.state);
  const id = nextId(s, "client_key");
  const pub = `glet_${createHash("md5").update(`key-${id}`).digest("hex")}`;
  const key = { id, active: true, public_key: pub, sentry_dsn: `${ctx.options.externalUrl.replace("://", `://${pub}@`)}/api/v4/error_tracking/collector/${projectId}`, project_id: projectId };
  s.clientKeys.push(key);
  return { status: 201, body: presentKey(key) };
}

function deleteClientKey(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const key = byId(clientKeys(ctx).keys, ctx.route.key_id);
  const s = store(ctx.state);
  s.clientKeys = s.clientKeys.filter((k) => k !== key);
  return { status: 204 };
}

// ---- Dependency proxy --------------------------------------------------------------------------------

function purgeDependencyProxy(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  if (!ctx.state.findGroup(ctx.route.id)) throw notFound("Group");
  return { status: 202, body: { message: "202 Accepted" } };
}

// ---- Secure files ------------------------------------------------------------------------------------

const SECURE_FILE_LIMIT = 5 * 1024 * 1024;

function projectFiles(ctx: RestContext): { projectId: number; files: Json[] } {
  const project = userProject(ctx);
  return { projectId: project.id, files: store(ctx.state).secureFiles.filter((f) => f.project_id === project.id) };
}

const presentFile = (f: Json): Json => {
  const { project_id: _p, ...rest } = f;
  return rest;
};

function createSecureFile(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const { projectId, files } = projectFiles(ctx);
  const p = declare(ctx.params, [{ name: "name", type: "string", required: true, allowBlank: false }]);
  const file = fileParam(ctx);
  if (file.bytes.length > SECURE_FILE_LIMIT) throw messageError(400, { file: ["size must be less than 5 MB"] });
  if (files.some((f) => f.name === p.name)) throw messageError(400, { name: ["has already been taken"] });
  const ext = /\.([^.]+)$/.exec(String(p.name))?.[1] ?? null;
  const entry = {
    id: nextId(store(ctx.state), "secure_file"),
    name: p.name,
    checksum: createHash("sha256").update(file.bytes).digest("hex"),
    checksum_algorithm: "sha256",
    created_at: now(),
    expires_at: null,
    metadata: null,
    file_extension: ext,
    project_id: projectId,
  };
  store(ctx.state).secureFiles.push(entry);
  return { status: 201, body: presentFile(entry) };
}

function deleteSecureFile(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const f = byId(projectFiles(ctx).files, ctx.route.secure_file_id);
  const s = store(ctx.state);
  s.secureFiles = s.secureFiles.filter((x) => x !== f);
  return { status: 204 };
}

export function registerAdminInstanceProjectRoutes(router: Router): void {
  const images = "/projects/:id/alert_management_alerts/:alert_iid/metric_images";
  router.add("POST", images, uploadMetricImage);
  router.add("GET", images, (ctx) => ({ status: 200, body: alertImages(ctx) }));
  router.add("PUT", `${images}/:image_id`, updateMetricImage);
  router.add("DELETE", `${images}/:image_id`, deleteMetricImage);

  router.add("POST", "/bulk_imports", startImport);
  router.add("GET", "/bulk_imports", (ctx) => listFilter(ctx, ownImports(ctx).map(presentImport)));
  router.add("GET", "/bulk_imports/entities", allEntities);
  router.add("GET", "/bulk_imports/:import_id", getImport);
  router.add("POST", "/bulk_imports/:import_id/cancel", cancelImport);
  router.add("GET", "/bulk_imports/:import_id/entities", importEntities);
  router.add("GET", "/bulk_imports/:import_id/entities/:entity_id", (ctx) => ({ status: 200, body: presentEntity(store(ctx.state), findEntity(ctx)) }));
  router.add("GET", "/bulk_imports/:import_id/entities/:entity_id/failures", (ctx) => page(ctx, store(ctx.state).failures.get(findEntity(ctx).id as number) ?? []));

  const agents = "/projects/:id/cluster_agents";
  router.add("GET", agents, (ctx) => page(ctx, projectAgents(ctx).agents.map((a) => presentAgent(ctx, a))));
  router.add("POST", agents, registerAgent);
  router.add("GET", `${agents}/:agent_id`, (ctx) => ({ status: 200, body: presentAgent(ctx, findAgent(ctx)) }));
  router.add("DELETE", `${agents}/:agent_id`, deleteAgent);
  router.add("GET", `${agents}/:agent_id/tokens`, (ctx) => page(ctx, agentTokens(ctx).filter((t) => t.status === "active").map(presentToken)));
  router.add("POST", `${agents}/:agent_id/tokens`, createAgentToken);
  router.add("GET", `${agents}/:agent_id/tokens/:token_id`, (ctx) => ({ status: 200, body: presentToken(byId(agentTokens(ctx), ctx.route.token_id)) }));
  router.add("DELETE", `${agents}/:agent_id/tokens/:token_id`, (ctx) => {
    const t = byId(agentTokens(ctx), ctx.route.token_id);
    t.status = "revoked";
    return { status: 204 };
  });

  router.add("GET", "/projects/:id/error_tracking/settings", (ctx) => ({ status: 200, body: errorSettings(ctx) }));
  router.add("PATCH", "/projects/:id/error_tracking/settings", patchErrorSettings);
  router.add("GET", "/projects/:id/error_tracking/client_keys", (ctx) => ({ status: 200, body: clientKeys(ctx).keys.map(presentKey) }));
  router.add("POST", "/projects/:id/error_tracking/client_keys", createClientKey);
  router.add("DELETE", "/projects/:id/error_tracking/client_keys/:key_id", deleteClientKey);

  router.add("DELETE", "/groups/:id/dependency_proxy/cache", purgeDependencyProxy);

  const files = "/projects/:id/secure_files";
  router.add("GET", files, (ctx) => page(ctx, projectFiles(ctx).files.map(presentFile)));
  router.add("POST", files, createSecureFile);
  router.add("GET", `${files}/:secure_file_id`, (ctx) => ({ status: 200, body: presentFile(byId(projectFiles(ctx).files, ctx.route.secure_file_id)) }));
  router.add("DELETE", `${files}/:secure_file_id`, deleteSecureFile);
}
