// Projects themselves (doc/api/projects.md, project_forks.md, project_statistics.md,
// project_security_settings.md) and group deletion (doc/api/groups.md): listing, creating, editing,
// delayed deletion and restore, archiving, transfer, forks, stars, sharing with groups.
// What GET /projects/:id shows beyond the seeded SimProject (description, settings, deletion mark, fork
// source, stars, group links) is kept here per project and merged in by restProjects.ts.
//
// Delayed deletion, as on most instances: DELETE answers 202 {"message":"202 Accepted"} and marks the
// project or group (marked_for_deletion_on = today); the removal would come DELETION_DAYS later.
// `permanently_remove` with the right `full_path` removes a marked one at once; on one not marked GitLab
// answers 400. The simulator option `delayedDeletion: false` stands for an instance without delayed
// deletion: DELETE removes at once.
import { updateProjectAvatar } from "./restContent.js";
import { ApiError, forbidden, messageError, notFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamValue } from "./params.js";
import { currentUserId, userProject } from "./projectAccess.js";
import { groupOf } from "./restDocuments.js";
import { projectBody } from "./restProjects.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimProject, SimState } from "./state.js";
import { presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

/** GitLab's default deletion_adjourned_period, in days. */
export const DELETION_DAYS = 7;

interface ProjectExtra {
  description: string | null;
  topics: string[];
  archived: boolean;
  markedOn: string | null;
  forkedFrom: number | null;
  starredBy: Map<number, string>;
  settings: Json;
  groupLinks: Map<number, { access: number; expires: string | null }>;
  languages: Record<string, number>;
}

const extras = new WeakMap<SimProject, ProjectExtra>();

export function projectExtra(project: SimProject): ProjectExtra {
  let e = extras.get(project);
  if (!e) {
    e = { description: null, topics: [], archived: false, markedOn: null, forkedFrom: null, starredBy: new Map(), settings: {}, groupLinks: new Map(), languages: {} };
    extras.set(project, e);
  }
  return e;
}

/** The fields of GET /projects/:id this module keeps (restProjects.ts merges them in). */
export function projectExtraFields(state: SimState, project: SimProject, externalUrl: string): Json {
  const e = projectExtra(project);
  const source = e.forkedFrom === null ? undefined : state.projects.get(e.forkedFrom);
  return {
    description: e.description,
    topics: e.topics,
    tag_list: e.topics,
    archived: e.archived,
    star_count: e.starredBy.size,
    forks_count: [...state.projects.values()].filter((p) => extras.get(p)?.forkedFrom === project.id).length,
    ...e.settings,
    shared_with_groups: [...e.groupLinks].map(([id, l]) => {
      const g = state.groups.get(id);
      return { group_id: id, group_name: g?.name ?? `group${id}`, group_full_path: g?.full_path ?? `group${id}`, group_access_level: l.access, expires_at: l.expires };
    }),
    ...(source ? { forked_from_project: { id: source.id, name: source.name, path: source.path, path_with_namespace: source.path_with_namespace, web_url: `${externalUrl}/${source.path_with_namespace}` } } : {}),
    marked_for_deletion_at: e.markedOn,
    marked_for_deletion_on: e.markedOn,
  };
}

function today(state: SimState): string {
  return state.now().toISOString().slice(0, 10);
}

function show(ctx: RestContext, project: SimProject, status = 200): RestResult {
  return { status, body: projectBody(ctx, project) };
}

function page<T>(ctx: RestContext, all: T[], present: (t: T) => unknown): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const paged = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items.map(present), headers: paged.headers };
}

const bool = (v: ParamValue | undefined): boolean | undefined => (v === undefined || v === null ? undefined : v === true || v === "true");
const str = (v: ParamValue | undefined): string | undefined => (v === undefined || v === null ? undefined : String(v));

function filterProjects(ctx: RestContext, all: SimProject[]): SimProject[] {
  const uid = ctx.auth.kind === "user" ? ctx.auth.user.id : undefined;
  const search = str(ctx.params.search)?.toLowerCase();
  const visibility = str(ctx.params.visibility);
  const archived = bool(ctx.params.archived);
  const starred = bool(ctx.params.starred);
  let out = all.filter((p) => ctx.state.canRead(p, uid));
  if (search) out = out.filter((p) => p.name.toLowerCase().includes(search) || p.path.toLowerCase().includes(search));
  if (visibility) out = out.filter((p) => p.visibility === visibility);
  if (archived !== undefined) out = out.filter((p) => projectExtra(p).archived === archived);
  if (starred && uid !== undefined) out = out.filter((p) => projectExtra(p).starredBy.has(uid));
  if (bool(ctx.params.membership) && uid !== undefined) out = out.filter((p) => ctx.state.isProjectMember(p, uid));
  const sort = str(ctx.params.sort) ?? "desc";
  out.sort((a, b) => (sort === "asc" ? a.id - b.id : b.id - a.id));
  return out;
}

function listProjects(ctx: RestContext, all: SimProject[]): RestResult {
  const filtered = filterProjects(ctx, all);
  return page(ctx, filtered, (p) => projectBody(ctx, p));
}

function userOf(ctx: RestContext): number {
  const ref = ctx.route.user_id ?? "";
  const user = /^\d+$/.test(ref) ? ctx.state.users.get(Number(ref)) : [...ctx.state.users.values()].find((u) => u.username.toLowerCase() === ref.toLowerCase());
  if (!user) throw notFound("User");
  return user.id;
}

const FEATURE_LEVELS = ["disabled", "private", "enabled", "public"];

/** Grape's own checks of the edit params the simulator knows (values GitLab would refuse with 400). */
function checkSettings(ctx: RestContext): Json {
  const out: Json = {};
  const errors: string[] = [];
  for (const [k, v] of Object.entries(ctx.params)) {
    if (k === "id" || k === "user_id") continue;
    if (k.endsWith("_access_level") && !FEATURE_LEVELS.includes(String(v))) errors.push(`${k} does not have a valid value`);
    if (k === "visibility" && !["private", "internal", "public"].includes(String(v))) errors.push("visibility does not have a valid value");
    if (k === "merge_method" && !["merge", "rebase_merge", "ff"].includes(String(v))) errors.push("merge_method does not have a valid value");
    out[k] = v;
  }
  if (errors.length > 0) throw validationError(errors);
  return out;
}

function applySettings(project: SimProject, settings: Json): void {
  const e = projectExtra(project);
  for (const [k, v] of Object.entries(settings)) {
    if (k === "name") project.name = String(v);
    else if (k === "path") {
      project.path = String(v);
      project.path_with_namespace = `${project.path_with_namespace.split("/").slice(0, -1).join("/")}/${project.path}`;
    } else if (k === "visibility") project.visibility = v as SimProject["visibility"];
    else if (k === "default_branch") project.default_branch = String(v);
    else if (k === "description") e.description = String(v);
    else if (k === "topics") e.topics = Array.isArray(v) ? v.map(String) : String(v).split(",");
    else e.settings[k] = v;
  }
}

function createProject(ctx: RestContext, ownerId: number): RestResult {
  if (ctx.auth.kind === "anonymous") throw messageError(401, "401 Unauthorized");
  const name = str(ctx.params.name);
  const path = str(ctx.params.path) ?? name?.toLowerCase().replace(/[^a-z0-9_.-]+/g, "-");
  if (!name && !str(ctx.params.path)) throw validationError(["name, path are missing, at least one parameter must be provided"]);
  let namespace = ctx.state.ensureUser(ownerId).username;
  const ns = str(ctx.params.namespace_id);
  if (ns) {
    const group = ctx.state.findGroup(ns);
    if (!group) throw notFound("Namespace");
    namespace = group.full_path;
  }
  const full = `${namespace}/${path}`;
  if (ctx.state.findProject(full)) throw messageError(400, { name: ["has already been taken"], path: ["has already been taken"] });
  const settings = checkSettings(ctx);
  delete settings.namespace_id;
  delete settings.initialize_with_readme;
  const project = ctx.state.addProject({ path_with_namespace: full, name: name ?? path, visibility: (str(ctx.params.visibility) as SimProject["visibility"]) ?? "private" });
  applySettings(project, settings);
  return show(ctx, project, 201);
}

// ---- deletion -------------------------------------------------------------------------------------------

function deleteProject(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const e = projectExtra(project);
  if (bool(ctx.params.permanently_remove)) {
    if (!e.markedOn) throw messageError(400, "Project must be marked for deletion first.");
    if (str(ctx.params.full_path) !== project.path_with_namespace) throw messageError(400, "`full_path` is incorrect. You must enter the complete path for the project.");
    ctx.state.projects.delete(project.id);
  } else if (!ctx.options.delayedDeletion) ctx.state.projects.delete(project.id);
  else if (!e.markedOn) e.markedOn = today(ctx.state);
  return { status: 202, body: { message: "202 Accepted" } };
}

function restoreProject(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const e = projectExtra(project);
  if (!e.markedOn) throw messageError(400, "Project not marked for deletion");
  e.markedOn = null;
  return show(ctx, project, 201);
}

function deleteGroup(ctx: RestContext): RestResult {
  const group = groupOf(ctx);
  if (bool(ctx.params.permanently_remove)) {
    if (!group.marked_for_deletion_on) throw messageError(400, "Group must be marked for deletion first.");
    if (str(ctx.params.full_path) !== group.full_path) throw messageError(400, "`full_path` is incorrect. You must enter the complete path for the group.");
    removeGroupDocument(ctx.state, group);
  } else if (!ctx.options.delayedDeletion) removeGroupDocument(ctx.state, group);
  else if (!group.marked_for_deletion_on) {
    group.marked_for_deletion_on = today(ctx.state);
    group.marked_for_deletion_at = group.marked_for_deletion_on;
  }
  return { status: 202, body: { message: "202 Accepted" } };
}

function removeGroupDocument(state: SimState, group: Json): void {
  const docs = state.documents.get("group:instance") ?? [];
  state.documents.set("group:instance", docs.filter((d) => d !== group));
}

function restoreGroup(ctx: RestContext): RestResult {
  const group = groupOf(ctx);
  if (!group.marked_for_deletion_on) throw messageError(400, "Group has not been marked for deletion");
  group.marked_for_deletion_on = null;
  group.marked_for_deletion_at = null;
  return { status: 201, body: group };
}

// ---- archive, transfer, forks ---------------------------------------------------------------------------

function setArchived(archived: boolean) {
  return (ctx: RestContext): RestResult => {
    const project = userProject(ctx);
    projectExtra(project).archived = archived;
    return show(ctx, project, 201);
  };
}

function transfer(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const target = str(ctx.params.namespace);
  if (!target) throw validationError(["namespace is missing"]);
  const group = ctx.state.findGroup(target);
  const user = [...ctx.state.users.values()].find((u) => String(u.id) === target || u.username.toLowerCase() === target.toLowerCase());
  const uid = currentUserId(ctx);
  let path: string;
  if (group) {
    if (group.members && !group.members.has(uid) && ctx.state.groupVisibility(group) === "private") throw notFound("Namespace");
    if (group.members && !group.members.has(uid)) {
      throw messageError(400, `Failed to transfer project {:new_namespace=>["You don't have permission to transfer projects into that namespace."]}`);
    }
    path = group.full_path;
  } else if (user) {
    if (user.id !== uid) throw messageError(400, `Failed to transfer project {:new_namespace=>["You don't have permission to transfer projects into that namespace."]}`);
    path = user.username;
  } else throw notFound("Namespace");
  const current = project.path_with_namespace.split("/").slice(0, -1).join("/");
  if (current.toLowerCase() === path.toLowerCase()) throw messageError(400, `Failed to transfer project {:new_namespace=>["Project is already in this namespace."]}`);
  project.path_with_namespace = `${path}/${project.path}`;
  return show(ctx, project);
}

function fork(ctx: RestContext): RestResult {
  const source = userProject(ctx);
  const uid = currentUserId(ctx);
  if (uid === 0) throw messageError(401, "401 Unauthorized");
  let namespace = ctx.state.ensureUser(uid).username;
  const nsRef = str(ctx.params.namespace_path) ?? str(ctx.params.namespace_id);
  if (nsRef) {
    const group = ctx.state.findGroup(nsRef);
    if (!group) throw notFound("Target Namespace");
    namespace = group.full_path;
  }
  const path = str(ctx.params.path) ?? source.path;
  const full = `${namespace}/${path}`;
  if (ctx.state.findProject(full)) throw messageError(409, { name: ["has already been taken"], path: ["has already been taken"] });
  const project = ctx.state.addProject({ path_with_namespace: full, name: str(ctx.params.name) ?? source.name, visibility: (str(ctx.params.visibility) as SimProject["visibility"]) ?? source.visibility });
  const e = projectExtra(project);
  e.forkedFrom = source.id;
  e.description = str(ctx.params.description) ?? projectExtra(source).description;
  e.settings.import_status = "scheduled";
  return show(ctx, project, 201);
}

function createForkRelation(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const source = ctx.state.findProject(ctx.route.forked_from_id ?? "");
  if (!source) throw notFound("Project");
  const e = projectExtra(project);
  if (e.forkedFrom !== null) throw messageError(409, "409 Conflict: Project already forked");
  e.forkedFrom = source.id;
  return show(ctx, project, 201);
}

function deleteForkRelation(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const e = projectExtra(project);
  if (e.forkedFrom === null) return { status: 304 };
  e.forkedFrom = null;
  return { status: 204 };
}

// ---- stars, users, groups, sharing ----------------------------------------------------------------------

function star(on: boolean) {
  return (ctx: RestContext): RestResult => {
    const project = userProject(ctx);
    const uid = currentUserId(ctx);
    const stars = projectExtra(project).starredBy;
    if (stars.has(uid) === on) return { status: 304 };
    if (on) stars.set(uid, ctx.state.now().toISOString());
    else stars.delete(uid);
    return show(ctx, project, 201);
  };
}

function groupRef(ctx: RestContext, id: number): Json {
  const g = ctx.state.groups.get(id);
  const full = g?.full_path ?? `group${id}`;
  return { id, web_url: `${ctx.options.externalUrl}/groups/${full}`, name: g?.name ?? full, avatar_url: null, full_name: full.split("/").join(" / "), full_path: full };
}

function share(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const groupId = Number(ctx.params.group_id);
  const access = Number(ctx.params.group_access);
  const errors: string[] = [];
  if (!ctx.params.group_id) errors.push("group_id is missing");
  if (!ctx.params.group_access) errors.push("group_access is missing");
  else if (![10, 15, 20, 30, 40, 50].includes(access)) errors.push("group_access does not have a valid value");
  if (errors.length) throw validationError(errors);
  if (!ctx.state.groups.has(groupId)) throw notFound("Group");
  const links = projectExtra(project).groupLinks;
  if (links.has(groupId)) throw messageError(409, "Group already shared with this group");
  const expires = str(ctx.params.expires_at) ?? null;
  links.set(groupId, { access, expires });
  return { status: 201, body: { id: project.id * 1000 + groupId, project_id: project.id, group_id: groupId, group_access: access, expires_at: expires } };
}

function unshare(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const links = projectExtra(project).groupLinks;
  if (!links.delete(Number(ctx.route.group_id))) throw notFound();
  return { status: 204 };
}

export function registerProjectCoreRoutes(router: Router): void {
  router.add("GET", "/projects", (ctx) => listProjects(ctx, [...ctx.state.projects.values()]), "any");
  router.add("POST", "/projects", (ctx) => createProject(ctx, currentUserId(ctx)));
  router.add("POST", "/projects/user/:user_id", (ctx) => {
    if (ctx.auth.kind !== "user" || !ctx.auth.token.admin) throw forbidden();
    return createProject(ctx, userOf(ctx));
  });
  router.add("PUT", "/projects/:id", (ctx) => {
    // GitLab takes the avatar as a file part of the same settings update.
    if (ctx.params.avatar !== undefined) return updateProjectAvatar(ctx);
    const project = userProject(ctx);
    applySettings(project, checkSettings(ctx));
    return show(ctx, project);
  });
  router.add("DELETE", "/projects/:id", deleteProject);
  router.add("POST", "/projects/:id/restore", restoreProject);
  router.add("POST", "/projects/:id/archive", setArchived(true));
  router.add("POST", "/projects/:id/unarchive", setArchived(false));
  router.add("PUT", "/projects/:id/transfer", transfer);
  router.add("POST", "/projects/:id/fork", fork);
  router.add("POST", "/projects/:id/fork/:forked_from_id", createForkRelation);
  router.add("DELETE", "/projects/:id/fork", deleteForkRelation);
  router.add("GET", "/projects/:id/forks", (ctx) => {
    const source = userProject(ctx);
    return listProjects(ctx, [...ctx.state.projects.values()].filter((p) => extras.get(p)?.forkedFrom === source.id));
  }, "any");
  router.add("POST", "/projects/:id/star", star(true));
  router.add("POST", "/projects/:id/unstar", star(false));
  router.add("GET", "/projects/:id/starrers", (ctx) => {
    const project = userProject(ctx);
    const search = str(ctx.params.search)?.toLowerCase();
    const rows = [...projectExtra(project).starredBy].filter(([id]) => !search || ctx.state.ensureUser(id).username.toLowerCase().includes(search));
    return page(ctx, rows, ([id, since]) => ({ starred_since: since, user: presentUser(ctx.state, id, ctx.options.externalUrl) }));
  }, "any");
  router.add("GET", "/projects/:id/users", (ctx) => {
    const project = userProject(ctx);
    const search = str(ctx.params.search)?.toLowerCase();
    const skip = new Set([ctx.params.skip_users].flat().filter((v) => v !== undefined && v !== null).map(Number));
    const users = [...ctx.state.users.values()].filter((u) => ctx.state.isProjectMember(project, u.id) && !skip.has(u.id) && (!search || u.username.toLowerCase().includes(search) || u.name.toLowerCase().includes(search)));
    return page(ctx, users, (u) => presentUser(ctx.state, u.id, ctx.options.externalUrl));
  }, "any");
  router.add("GET", "/projects/:id/groups", (ctx) => {
    const project = userProject(ctx);
    const ids = ctx.state.groupAncestry(ctx.state.projectGroup(project)).map((g) => g.id);
    if (bool(ctx.params.with_shared)) ids.push(...projectExtra(project).groupLinks.keys());
    const search = str(ctx.params.search)?.toLowerCase();
    return page(ctx, ids.map((id) => groupRef(ctx, id)).filter((g) => !search || String(g.name).toLowerCase().includes(search)), (g) => g);
  }, "any");
  router.add("GET", "/projects/:id/invited_groups", (ctx) => {
    const project = userProject(ctx);
    return page(ctx, [...projectExtra(project).groupLinks.keys()].map((id) => groupRef(ctx, id)), (g) => g);
  }, "any");
  router.add("POST", "/projects/:id/share", share);
  router.add("DELETE", "/projects/:id/share/:group_id", unshare);
  router.add("GET", "/users/:user_id/projects", (ctx) => {
    const uid = userOf(ctx);
    const name = ctx.state.ensureUser(uid).username.toLowerCase();
    return listProjects(ctx, [...ctx.state.projects.values()].filter((p) => p.path_with_namespace.toLowerCase().startsWith(`${name}/`)));
  }, "any");
  router.add("GET", "/users/:user_id/starred_projects", (ctx) => {
    const uid = userOf(ctx);
    return listProjects(ctx, [...ctx.state.projects.values()].filter((p) => projectExtra(p).starredBy.has(uid)));
  }, "any");
  router.add("GET", "/users/:user_id/contributed_projects", (ctx) => {
    const uid = userOf(ctx);
    return listProjects(ctx, [...ctx.state.projects.values()].filter((p) => p.members?.has(uid) || projectExtra(p).starredBy.has(uid)));
  }, "any");
  router.add("GET", "/projects/:id/languages", (ctx) => ({ status: 200, body: projectExtra(userProject(ctx)).languages }), "any");
  router.add("GET", "/projects/:id/statistics", (ctx) => {
    userProject(ctx);
    const base = Date.parse(`${today(ctx.state)}T00:00:00Z`);
    const days = [0, 1, 2].map((i) => ({ count: 5 - i, date: new Date(base - i * 86_400_000).toISOString().slice(0, 10) }));
    return { status: 200, body: { fetches: { total: days.reduce((s, d) => s + d.count, 0), days } } };
  });
  router.add("GET", "/projects/:id/storage", (ctx) => {
    if (ctx.auth.kind !== "user" || !ctx.auth.token.admin) throw forbidden();
    const project = userProject(ctx);
    return { status: 200, body: { project_id: project.id, disk_path: `@hashed/${project.id.toString(16).padStart(2, "0")}/${project.id}`, created_at: project.created_at, repository_storage: "default" } };
  });
  router.add("GET", "/projects/:id/security_settings", (ctx) => ({ status: 200, body: securitySettings(ctx, userProject(ctx)) }));
  router.add("PUT", "/projects/:id/security_settings", (ctx) => {
    const project = userProject(ctx);
    if (ctx.params.secret_push_protection_enabled === undefined) throw validationError(["secret_push_protection_enabled is missing"]);
    projectExtra(project).settings.secret_push_protection_enabled = bool(ctx.params.secret_push_protection_enabled);
    return { status: 200, body: securitySettings(ctx, project) };
  });
  router.add("DELETE", "/groups/:id", deleteGroup);
  router.add("POST", "/groups/:id/restore", restoreGroup);
}

function securitySettings(ctx: RestContext, project: SimProject): Json {
  if (ctx.options.edition === "ce") throw new ApiError(404, { error: "404 Not Found" });
  return {
    project_id: project.id,
    created_at: project.created_at,
    updated_at: project.created_at,
    auto_fix_container_scanning: true,
    auto_fix_dast: true,
    auto_fix_dependency_scanning: true,
    auto_fix_sast: true,
    continuous_vulnerability_scans_enabled: false,
    container_scanning_for_registry_enabled: false,
    secret_push_protection_enabled: projectExtra(project).settings.secret_push_protection_enabled === true,
  };
}

/** Seeds languages of a project's repository (GET /projects/:id/languages). */
export function seedLanguages(project: SimProject, languages: Record<string, number>): void {
  projectExtra(project).languages = { ...languages };
}

