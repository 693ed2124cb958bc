// The package registry of a project, written from GitLab's docs:
// - doc/api/packages.md: GET /projects/:id/packages (order_by created_at|name|version|type, sort asc|desc,
//   package_type, fuzzy package_name, exact package_version, include_versionless, status; without status
//   hidden, processing and pending_destruction packages are left out), GET .../:package_id/package_files
//   (order_by id|file_name|created_at, sort; each file with size and md5/sha1/sha256), DELETE a package
//   (204) or one file (204). An unknown package is 404 {"message":"404 Not found"}.
// - doc/user/packages/generic_packages: PUT /projects/:id/packages/generic/:name/:version/(path/):file
//   with the file as the raw body (Workhorse hands it over as `file`), `status` default|hidden, `select`
//   package_file (answer the file, else {"message":"201 Created"}), 201; a name or version outside
//   GitLab's pattern is 400; a package protection rule whose push level is above the Maintainer the
//   simulator's users are answers 403 {"message":"403 Forbidden - Package protected."}. GET of the same
//   path answers the bytes (application/octet-stream), 404 {"message":"404 Package Not Found"} when missing.
// - doc/api/model_registry.md: GET /projects/:id/packages/ml_models/:model_version_id/files/(path/):file,
//   seeded with seedModelFile; `candidate:N` names a run.
// - doc/api/project_packages_protection_rules.md: list, create 201 (package_type one of GitLab's seven;
//   at least one level; a pattern taken for the type is 422), PATCH 200, DELETE 204; unknown 404.
// Every route answers 404 {"message":"404 Project Not Found"} for a project the user cannot see.
import { createHash } from "node:crypto";
import { grapeError, messageError, notFound, recordNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap } from "./params.js";
import { userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject, type SimState } from "./state.js";
import type { GitLabSimulator } from "./simulator.js";

export interface SimPackageFile {
  id: number;
  file_name: string;
  path: string;
  bytes: Buffer;
  created_at: string;
  pending_destruction?: boolean;
}

export interface SimPackage {
  id: number;
  projectId: number;
  name: string;
  version: string | null;
  package_type: string;
  status: string;
  created_at: string;
  files: SimPackageFile[];
}

interface Rule {
  id: number;
  project_id: number;
  package_name_pattern: string;
  package_type: string;
  minimum_access_level_for_delete: string | null;
  minimum_access_level_for_push: string | null;
}

interface Store {
  packages: SimPackage[];
  rules: Rule[];
  models: Map<string, Buffer>;
  ids: { pkg: number; file: number; rule: number };
}

const stores = new WeakMap<SimState, Store>();

function storeOf(state: SimState): Store {
  let s = stores.get(state);
  if (!s) {
    s = { packages: [], rules: [], models: new Map(), ids: { pkg: 100, file: 500, rule: 0 } };
    stores.set(state, s);
  }
  return s;
}

const PACKAGE_TYPES = ["maven", "npm", "conan", "nuget", "pypi", "composer", "generic", "golang", "debian", "rubygems", "helm", "terraform_module", "rpm", "ml_model", "cargo"];
const STATUSES = ["default", "hidden", "processing", "error", "pending_destruction", "deprecated"];
const PROTECTED_TYPES = ["conan", "generic", "helm", "maven", "npm", "nuget", "pypi"];
const PUSH_LEVELS = ["maintainer", "owner", "admin"];
const DELETE_LEVELS = ["owner", "admin"];
const GENERIC_NAME = /^[-._+~0-9A-Za-z]+$/;
const GENERIC_VERSION = /^[-._+~0-9A-Za-z]+$/;

const sha = (alg: string, b: Buffer) => createHash(alg).update(b).digest("hex");

const presentFile = (p: SimPackage, f: SimPackageFile) => ({
  id: f.id,
  package_id: p.id,
  created_at: f.created_at,
  file_name: f.file_name,
  size: f.bytes.length,
  file_md5: sha("md5", f.bytes),
  file_sha1: sha("sha1", f.bytes),
  file_sha256: sha("sha256", f.bytes),
});

const presentPackage = (project: SimProject, p: SimPackage) => ({
  id: p.id,
  name: p.name,
  version: p.version,
  package_type: p.package_type,
  status: p.status,
  _links: { web_path: `/${project.path_with_namespace}/-/packages/${p.id}`, delete_api_path: `/api/v4/projects/${project.id}/packages/${p.id}` },
  created_at: p.created_at,
  last_downloaded_at: null,
  pipelines: [],
  tags: [],
});

function page<T>(ctx: RestContext, all: T[], declared: ParamMap, present: (t: T) => unknown): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const paged = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, { ...declared, ...p }));
  return { status: 200, body: paged.items.map(present), headers: paged.headers };
}

function packageOf(ctx: RestContext, project: SimProject): SimPackage {
  const id = Number(ctx.route.package_id);
  const hit = storeOf(ctx.state).packages.find((p) => p.projectId === project.id && p.id === id && p.status !== "pending_destruction");
  if (!hit) throw recordNotFound();
  return hit;
}

function listPackages(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const d = declare(ctx.params, [
    { name: "order_by", type: "string", values: ["created_at", "name", "version", "type"], default: "created_at" },
    { name: "sort", type: "string", values: ["asc", "desc"], default: "asc" },
    { name: "package_type", type: "string", values: PACKAGE_TYPES },
    { name: "package_name", type: "string" },
    { name: "package_version", type: "string" },
    { name: "include_versionless", type: "boolean" },
    { name: "status", type: "string", values: STATUSES },
  ]);
  let all = storeOf(ctx.state).packages.filter((p) => p.projectId === project.id);
  all = d.status !== undefined ? all.filter((p) => p.status === d.status) : all.filter((p) => !["hidden", "processing", "pending_destruction"].includes(p.status));
  if (d.package_type !== undefined) all = all.filter((p) => p.package_type === d.package_type);
  if (d.package_name !== undefined) all = all.filter((p) => p.name.toLowerCase().includes(String(d.package_name).toLowerCase()));
  if (d.package_version !== undefined) all = all.filter((p) => p.version === d.package_version);
  if (d.include_versionless !== true) all = all.filter((p) => p.version !== null);
  const key = (p: SimPackage): string => (d.order_by === "name" ? p.name : d.order_by === "version" ? (p.version ?? "") : d.order_by === "type" ? p.package_type : p.created_at);
  const sign = d.sort === "desc" ? -1 : 1;
  all = [...all].sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
  return page(ctx, all, d, (p) => presentPackage(project, p));
}

function listFiles(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const pkg = packageOf(ctx, project);
  const d = declare(ctx.params, [
    { name: "order_by", type: "string", values: ["id", "file_name", "created_at"], default: "id" },
    { name: "sort", type: "string", values: ["asc", "desc"], default: "asc" },
  ]);
  const key = (f: SimPackageFile): string | number => (d.order_by === "file_name" ? f.file_name : d.order_by === "created_at" ? f.created_at : f.id);
  const sign = d.sort === "desc" ? -1 : 1;
  const files = pkg.files.filter((f) => !f.pending_destruction).sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return page(ctx, files, d, (f) => presentFile(pkg, f));
}

function deletePackage(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const pkg = packageOf(ctx, project);
  const store = storeOf(ctx.state);
  store.packages = store.packages.filter((p) => p !== pkg);
  return { status: 204 };
}

function deleteFile(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const pkg = packageOf(ctx, project);
  const file = pkg.files.find((f) => f.id === Number(ctx.route.package_file_id) && !f.pending_destruction);
  if (!file) throw recordNotFound();
  file.pending_destruction = true;
  return { status: 204 };
}

// ---- Generic packages ------------------------------------------------------------------------------

/** The directory of a generic or model file: the route's p1..p3 segments. */
const dirOf = (ctx: RestContext) => ["p1", "p2", "p3"].map((k) => ctx.route[k]).filter((s): s is string => s !== undefined).join("/");

const globMatch = (pattern: string, name: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`).test(name);

function publishGeneric(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const name = ctx.route.package_name;
  const version = ctx.route.package_version;
  if (!GENERIC_NAME.test(name)) throw grapeError(400, "package_name is invalid");
  if (!GENERIC_VERSION.test(version)) throw grapeError(400, "package_version is invalid");
  const d = declare(ctx.params, [
    { name: "status", type: "string", values: ["default", "hidden"] },
    { name: "select", type: "string", values: ["package_file"] },
  ]);
  const file = ctx.params.file as unknown as { bytes?: Buffer } | undefined;
  if (!file || !Buffer.isBuffer(file.bytes)) throw grapeError(400, "file is missing");
  const store = storeOf(ctx.state);
  const rule = store.rules.find((r) => r.project_id === project.id && r.package_type === "generic" && globMatch(r.package_name_pattern, name));
  if (rule && rule.minimum_access_level_for_push !== null && rule.minimum_access_level_for_push !== "maintainer") throw messageError(403, "403 Forbidden - Package protected.");
  let pkg = store.packages.find((p) => p.projectId === project.id && p.package_type === "generic" && p.name === name && p.version === version);
  const at = jsonTime(ctx.state.now());
  if (!pkg) {
    pkg = { id: ++store.ids.pkg, projectId: project.id, name, version, package_type: "generic", status: (d.status as string | undefined) ?? "default", created_at: at, files: [] };
    store.packages.push(pkg);
  } else if (d.status !== undefined) pkg.status = d.status as string;
  const entry: SimPackageFile = { id: ++store.ids.file, file_name: ctx.route.file_name, path: dirOf(ctx), bytes: file.bytes, created_at: at };
  pkg.files.push(entry);
  if (d.select !== "package_file") return { status: 201, body: { message: "201 Created" } };
  return { status: 201, body: { ...presentFile(pkg, entry), updated_at: at, file_store: 1, file: { url: `/${entry.file_name}` } } };
}

function downloadGeneric(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const pkg = storeOf(ctx.state).packages.find((p) => p.projectId === project.id && p.package_type === "generic" && p.name === ctx.route.package_name && p.version === ctx.route.package_version);
  const dir = dirOf(ctx);
  const file = pkg?.files.filter((f) => !f.pending_destruction && f.file_name === ctx.route.file_name && f.path === dir).at(-1);
  if (!file) throw notFound("Package");
  return { status: 200, body: file.bytes, headers: { "content-type": "application/octet-stream", "content-disposition": `attachment; filename="${file.file_name}"` } };
}

function downloadModel(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const dir = dirOf(ctx);
  const bytes = storeOf(ctx.state).models.get(`${project.id}|${ctx.route.model_version_id}|${dir ? `${dir}/` : ""}${ctx.route.file_name}`);
  if (!bytes) throw notFound("Package");
  return { status: 200, body: bytes, headers: { "content-type": "application/octet-stream" } };
}

// ---- Package protection rules ------------------------------------------------------------------------

function ruleOf(ctx: RestContext, project: SimProject): Rule {
  const hit = storeOf(ctx.state).rules.find((r) => r.project_id === project.id && r.id === Number(ctx.route.rule_id));
  if (!hit) throw recordNotFound();
  return hit;
}

function atLeastOneLevel(p: ParamMap): void {
  if (p.minimum_access_level_for_push === undefined && p.minimum_access_level_for_delete === undefined) {
    throw grapeError(400, "minimum_access_level_for_delete, minimum_access_level_for_push are missing, at least one parameter must be provided");
  }
}

function taken(store: Store, rule: Pick<Rule, "project_id" | "package_name_pattern" | "package_type">, except?: Rule): void {
  if (store.rules.some((r) => r !== except && r.project_id === rule.project_id && r.package_name_pattern === rule.package_name_pattern && r.package_type === rule.package_type)) {
    throw messageError(422, "Package name pattern has already been taken");
  }
}

function createRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "package_name_pattern", type: "string", required: true, allowBlank: false },
    { name: "package_type", type: "string", required: true, values: PROTECTED_TYPES },
    { name: "minimum_access_level_for_delete", type: "string", values: DELETE_LEVELS },
    { name: "minimum_access_level_for_push", type: "string", values: PUSH_LEVELS },
  ]);
  atLeastOneLevel(p);
  const store = storeOf(ctx.state);
  const rule: Rule = {
    id: ++store.ids.rule,
    project_id: project.id,
    package_name_pattern: String(p.package_name_pattern),
    package_type: String(p.package_type),
    minimum_access_level_for_delete: (p.minimum_access_level_for_delete as string | undefined) ?? null,
    minimum_access_level_for_push: (p.minimum_access_level_for_push as string | undefined) ?? null,
  };
  taken(store, rule);
  store.rules.push(rule);
  return { status: 201, body: rule };
}

function updateRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const rule = ruleOf(ctx, project);
  const p = declare(ctx.params, [
    { name: "package_name_pattern", type: "string", allowBlank: false },
    { name: "package_type", type: "string", values: PROTECTED_TYPES },
    { name: "minimum_access_level_for_delete", type: "string", values: DELETE_LEVELS },
    { name: "minimum_access_level_for_push", type: "string", values: PUSH_LEVELS },
  ]);
  const next = { ...rule, ...(p as Partial<Rule>) };
  taken(storeOf(ctx.state), next, rule);
  Object.assign(rule, next);
  return { status: 200, body: rule };
}

function deleteRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const rule = ruleOf(ctx, project);
  const store = storeOf(ctx.state);
  store.rules = store.rules.filter((r) => r !== rule);
  return { status: 204 };
}

export function registerPackageRoutes(router: Router): void {
  router.add("GET", "/projects/:id/packages", listPackages);
  router.add("GET", "/projects/:id/packages/protection/rules", (ctx) => {
    const project = userProject(ctx);
    return page(ctx, storeOf(ctx.state).rules.filter((r) => r.project_id === project.id), {}, (r) => r);
  });
  router.add("POST", "/projects/:id/packages/protection/rules", createRule);
  router.add("PATCH", "/projects/:id/packages/protection/rules/:rule_id", updateRule);
  router.add("DELETE", "/projects/:id/packages/protection/rules/:rule_id", deleteRule);
  router.add("GET", "/projects/:id/packages/:package_id/package_files", listFiles);
  router.add("DELETE", "/projects/:id/packages/:package_id/package_files/:package_file_id", deleteFile);
  router.add("DELETE", "/projects/:id/packages/:package_id", deletePackage);
  const dirs = ["", "/:p1", "/:p1/:p2", "/:p1/:p2/:p3"];
  for (const dir of dirs) {
    router.add("PUT", `/projects/:id/packages/generic/:package_name/:package_version${dir}/:file_name`, publishGeneric);
    router.add("GET", `/projects/:id/packages/generic/:package_name/:package_version${dir}/:file_name`, downloadGeneric);
    router.add("GET", `/projects/:id/packages/ml_models/:model_version_id/files${dir}/:file_name`, downloadModel);
  }
}

/** Seeds a package of a project (files by name, their bytes as given). */
export function seedPackage(sim: GitLabSimulator, projectRef: number | string, p: { name: string; version: string | null; package_type: string; status?: string; created_at?: string; files?: Record<string, string | Buffer> }): SimPackage {
  const state = (sim as unknown as { state: SimState }).state;
  const project = state.requireProject(projectRef);
  const store = storeOf(state);
  const at = p.created_at ?? jsonTime(state.now());
  const pkg: SimPackage = {
    id: ++store.ids.pkg,
    projectId: project.id,
    name: p.name,
    version: p.version,
    package_type: p.package_type,
    status: p.status ?? "default",
    created_at: at,
    files: Object.entries(p.files ?? {}).map(([file_name, b]) => ({ id: ++store.ids.file, file_name, path: "", bytes: Buffer.isBuffer(b) ? b : Buffer.from(b), created_at: at })),
  };
  store.packages.push(pkg);
  return pkg;
}

/** Seeds a file of a model version (or `candidate:N` run), at `path` such as model/weights.bin. */
export function seedModelFile(sim: GitLabSimulator, projectRef: number | string, modelVersionId: string, path: string, bytes: Buffer): void {
  const state = (sim as unknown as { state: SimState }).state;
  storeOf(state).models.set(`${state.requireProject(projectRef).id}|${modelVersionId}|${path}`, bytes);
}
