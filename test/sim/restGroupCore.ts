// Groups themselves and what hangs off them, written from GitLab's API docs (groups.md, members.md,
// group_import_export.md, group_relations_export.md, group_webhooks.md, group_releases.md,
// group_markdown_uploads.md):
// - groups are the "group" documents of restDocuments.ts (so GET /groups/:id serves what is created or
//   changed here); a group the simulator derived from project paths (SimGroup) becomes a document the
//   first time a route here names it. A group whose SimGroup lists members without the caller answers
//   find_group!'s 404 {"message":"404 Group Not Found"}, as GitLab hides groups one cannot read.
// - POST /groups 201 (path taken: 400 {"message":"Failed to save group {:path=>[\"has already been taken\"]}"});
//   PUT /groups/:id 200 with the group; POST archive / unarchive 201 with the group.
// - POST /groups/:id/projects/:project_id (administrators, else 403): moves the project, answers 201 with
//   the group and its projects; a project of the same path already there answers 400 {"message":
//   "Failed to transfer project {:base=>[\"Project with same name or path in target namespace already exists\"]}"}.
// - members: direct members per group; /members/all adds those of ancestor groups (the nearest wins).
//   Unknown member 404 {"message":"404 Not found"}; a second add 409 {"message":"Member already exists"};
//   a level outside 10..50 400 {"error":"access_level does not have a valid value"}.
// - share: POST /groups/:id/share (group_id, group_access, expires_at) 201 with shared_with_groups;
//   DELETE /groups/:id/share/:group_id 204, or 404 {"message":"404 Group Link Not Found"}.
// - export: POST /export 202 {"message":"202 Accepted"}; GET /export/download answers 404
//   {"message":"404 Not found or has expired"} until the export is done (here: the first download after
//   a schedule still finds it running), then the tar.gz bytes with a content-disposition file name.
// - import: POST /groups/import multipart (file, name, path, parent_id) 202 {"message":"202 Accepted"};
//   the new group exists at once (deliberate simplification: GitLab creates it when the import starts).
// - export_relations: POST 202; GET status lists each relation, started (0) on the first read after a
//   schedule and finished (1) afterwards; not paginated.
// - uploads: seeded with seedGroupUpload, listed with pages, deleted by id or secret/filename (204, else
//   404 {"message":"404 Not found"}).
// - hooks: stored per group; token never shown; unknown hook 404 {"message":"404 Not found"}.
// - releases: the "release" documents of the group's projects, newest released_at first.
import { gzipSync } from "node:zlib";
import { conflict, forbidden, grapeError, messageError, notFound, recordNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap } from "./params.js";
import { currentUserId, projectWebUrl } from "./projectAccess.js";
import { listDocuments, putDocument } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject, type SimState } from "./state.js";
import { presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

interface GroupExtras {
  members: Map<number, Json>;
  hooks: Json[];
  uploads: Json[];
  exportState?: "running" | "done";
  relations?: "started" | "finished";
}

const EXTRAS = new WeakMap<SimState, Map<number, GroupExtras>>();
const HOOK_IDS = new WeakMap<SimState, number>();

function extras(state: SimState, groupId: number): GroupExtras {
  let all = EXTRAS.get(state);
  if (!all) EXTRAS.set(state, (all = new Map()));
  let e = all.get(groupId);
  if (!e) all.set(groupId, (e = { members: new Map(), hooks: [], uploads: [] }));
  return e;
}

const groupDocs = (state: SimState) => listDocuments(state, "group", "instance");

function webUrl(ctx: RestContext, fullPath: string): string {
  return `${ctx.options.externalUrl}/groups/${fullPath}`;
}

/** The group document for an ID or full path, made from the derived SimGroup when there is none yet. */
function findGroupDoc(ctx: RestContext, ref: string): Json | undefined {
  const wanted = ref.toLowerCase();
  const sim = ctx.state.findGroup(ref);
  if (sim?.members && !sim.members.has(currentUserId(ctx))) return undefined;
  const doc = groupDocs(ctx.state).find((d) => String(d.id) === ref || String(d.full_path ?? "").toLowerCase() === wanted);
  if (doc) return doc;
  if (!sim) return undefined;
  const made: Json = {
    id: sim.id, name: sim.name, path: sim.path, full_name: sim.full_path.split("/").join(" / "), full_path: sim.full_path,
    description: "", visibility: ctx.state.groupVisibility(sim), parent_id: sim.parent_id, archived: false,
    created_at: jsonTime(new Date("2025-01-06T09:00:00.000Z")), web_url: webUrl(ctx, sim.full_path),
  };
  putDocument(ctx.state, "group", "instance", made);
  return made;
}

function groupOf(ctx: RestContext, ref = ctx.route.id ?? ""): Json {
  const g = findGroupDoc(ctx, ref);
  if (!g) throw notFound("Group");
  return g;
}

function requireUser(ctx: RestContext): void {
  if (ctx.auth.kind !== "user") throw messageError(401, "401 Unauthorized");
}

function isAdmin(ctx: RestContext): boolean {
  return ctx.auth.kind === "user" && ctx.auth.token.admin === true;
}

function paged(ctx: RestContext, items: Json[], p: ParamMap): RestResult {
  const page = paginateOffset(items, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items, headers: page.headers };
}

function projectsIn(state: SimState, fullPath: string, subgroups: boolean): SimProject[] {
  const prefix = `${fullPath.toLowerCase()}/`;
  return [...state.projects.values()].filter((p) => {
    const path = p.path_with_namespace.toLowerCase();
    return path.startsWith(prefix) && (subgroups || !path.slice(prefix.length).includes("/"));
  });
}

function projectEntity(ctx: RestContext, p: SimProject): Json {
  const segments = p.path_with_namespace.split("/");
  return {
    id: p.id, name: segments[segments.length - 1], path: segments[segments.length - 1], path_with_namespace: p.path_with_namespace,
    name_with_namespace: segments.join(" / "), description: null, default_branch: p.default_branch, visibility: p.visibility,
    archived: false, created_at: p.created_at, last_activity_at: p.created_at, web_url: projectWebUrl(ctx.options.externalUrl, p),
    namespace: { full_path: segments.slice(0, -1).join("/"), kind: "group" },
  };
}

function groupDetail(ctx: RestContext, g: Json): Json {
  return { ...g, projects: projectsIn(ctx.state, String(g.full_path), false).map((p) => projectEntity(ctx, p)), shared_projects: [] };
}

// ---- Groups -----------------------------------------------------------------------------------------

function listGroups(ctx: RestContext): RestResult {
  const p = declare(ctx.params, [
    { name: "search", type: "string" },
    { name: "owned", type: "boolean" },
    { name: "top_level_only", type: "boolean" },
    { name: "visibility", type: "string", values: ["public", "internal", "private"] },
    { name: "archived", type: "boolean" },
    { name: "order_by", type: "string", values: ["name", "path", "id", "similarity"] },
    { name: "sort", type: "string", values: ["asc", "desc"] },
    ...PAGINATION_PARAMS,
  ]);
  for (const sim of ctx.state.groups.values()) findGroupDoc(ctx, String(sim.id));
  let all = groupDocs(ctx.state).filter((g) => findGroupDoc(ctx, String(g.id)));
  if (p.search !== undefined) all = all.filter((g) => `${String(g.name)} ${String(g.path)}`.toLowerCase().includes(String(p.search).toLowerCase()));
  if (p.top_level_only === true) all = all.filter((g) => g.parent_id === null || g.parent_id === undefined);
  if (p.visibility !== undefined) all = all.filter((g) => g.visibility === p.visibility);
  if (p.archived !== undefined) all = all.filter((g) => Boolean(g.archived) === p.archived);
  const key = String(p.order_by ?? "name");
  all = [...all].sort((a, b) => String(a[key]).localeCompare(String(b[key]), undefined, { numeric: true }) * (p.sort === "desc" ? -1 : 1));
  return paged(ctx, all, p);
}

function createGroup(ctx: RestContext): RestResult {
  requireUser(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true },
    { name: "path", type: "string", required: true },
    { name: "parent_id", type: "integer" },
    { name: "description", type: "string" },
    { name: "visibility", type: "string", values: ["private", "internal", "public"] },
  ]);
  return { status: 201, body: makeGroup(ctx, { ...ctx.params, ...p }) };
}

function makeGroup(ctx: RestContext, p: ParamMap): Json {
  let parentPath = "";
  if (p.parent_id !== undefined && p.parent_id !== null) {
    const parent = findGroupDoc(ctx, String(p.parent_id));
    if (!parent) throw notFound("Parent Group");
    parentPath = `${String(parent.full_path)}/`;
  }
  const fullPath = `${parentPath}${String(p.path)}`;
  if (findGroupDoc(ctx, fullPath)) throw messageError(400, 'Failed to save group {:path=>["has already been taken"]}');
  const sim = ctx.state.ensureGroupPath(fullPath);
  const { file: _file, ...rest } = p;
  void _file;
  const g: Json = {
    ...rest,
    id: sim!.id, name: p.name, path: p.path, full_name: String(p.name), full_path: fullPath, description: p.description ?? "",
    visibility: p.visibility ?? "private", parent_id: p.parent_id ?? null, archived: false, created_at: jsonTime(new Date()), web_url: webUrl(ctx, fullPath),
  };
  putDocument(ctx.state, "group", "instance", g);
  return g;
}

function updateGroup(ctx: RestContext): RestResult {
  requireUser(ctx);
  const g = groupOf(ctx);
  const p = declare(ctx.params, [
    { name: "visibility", type: "string", values: ["private", "internal", "public"] },
    { name: "two_factor_grace_period", type: "integer" },
    { name: "lfs_enabled", type: "boolean" },
    { name: "request_access_enabled", type: "boolean" },
  ]);
  for (const [k, v] of Object.entries({ ...ctx.params, ...p })) if (k !== "id") g[k] = v;
  if (typeof ctx.params.path === "string") {
    const parent = String(g.full_path).split("/").slice(0, -1);
    g.full_path = [...parent, ctx.params.path].join("/");
    g.web_url = webUrl(ctx, String(g.full_path));
  }
  return { status: 200, body: groupDetail(ctx, g) };
}

function archive(value: boolean) {
  return (ctx: RestContext): RestResult => {
    requireUser(ctx);
    const g = groupOf(ctx);
    g.archived = value;
    return { status: 201, body: g };
  };
}

function transferProject(ctx: RestContext): RestResult {
  requireUser(ctx);
  if (!isAdmin(ctx)) throw forbidden();
  const g = groupOf(ctx);
  const project = ctx.state.findProject(ctx.route.project_id ?? "");
  if (!project) throw notFound("Project");
  const name = project.path_with_namespace.split("/").pop()!;
  const target = `${String(g.full_path)}/${name}`;
  if (ctx.state.findProject(target) && ctx.state.findProject(target) !== project) {
    throw messageError(400, 'Failed to transfer project {:base=>["Project with same name or path in target namespace already exists"]}');
  }
  project.path_with_namespace = target;
  return { status: 201, body: groupDetail(ctx, g) };
}

function subgroups(ctx: RestContext): RestResult {
  const g = groupOf(ctx);
  const p = declare(ctx.params, [{ name: "search", type: "string" }, ...PAGINATION_PARAMS]);
  for (const sim of ctx.state.groups.values()) if (sim.parent_id === g.id) findGroupDoc(ctx, String(sim.id));
  let all = groupDocs(ctx.state).filter((d) => d.parent_id === g.id);
  if (p.search !== undefined) all = all.filter((d) => String(d.name).toLowerCase().includes(String(p.search).toLowerCase()));
  return paged(ctx, all, p);
}

function groupProjects(ctx: RestContext): RestResult {
  const g = groupOf(ctx);
  const p = declare(ctx.params, [
    { name: "include_subgroups", type: "boolean" },
    { name: "search", type: "string" },
    { name: "visibility", type: "string", values: ["public", "internal", "private"] },
    ...PAGINATION_PARAMS,
  ]);
  let all = projectsIn(ctx.state, String(g.full_path), p.include_subgroups === true).map((x) => projectEntity(ctx, x));
  if (p.search !== undefined) all = all.filter((x) => String(x.path_with_namespace).toLowerCase().includes(String(p.search).toLowerCase()));
  if (p.visibility !== undefined) all = all.filter((x) => x.visibility === p.visibility);
  return paged(ctx, all, p);
}

function groupReleases(ctx: RestContext): RestResult {
  const g = groupOf(ctx);
  const p = declare(ctx.params, [{ name: "sort", type: "string", values: ["asc", "desc"] }, { name: "simple", type: "boolean" }, ...PAGINATION_PARAMS]);
  const dir = p.sort === "asc" ? 1 : -1;
  const all = projectsIn(ctx.state, String(g.full_path), true)
    .flatMap((x) => listDocuments(ctx.state, "release", x.id))
    .sort((a, b) => dir * String(a.released_at ?? a.created_at ?? "").localeCompare(String(b.released_at ?? b.created_at ?? "")));
  return paged(ctx, all, p);
}

// ---- Members ----------------------------------------------------------------------------------------

const LEVELS = [5, 10, 15, 20, 30, 40, 50];

function memberEntity(ctx: RestContext, userId: number, level: number, expiresAt: unknown): Json {
  const u = presentUser(ctx.state, userId, ctx.options.externalUrl)!;
  return { ...u, access_level: level, expires_at: expiresAt ?? null, created_at: jsonTime(new Date("2025-02-01T10:00:00.000Z")), membership_state: "active" };
}

function listMembers(ctx: RestContext): RestResult {
  const g = groupOf(ctx);
  const p = declare(ctx.params, [{ name: "query", type: "string" }, ...PAGINATION_PARAMS]);
  let all = [...extras(ctx.state, g.id as number).members.values()];
  if (p.query !== undefined) all = all.filter((m) => `${String(m.username)} ${String(m.name)}`.toLowerCase().includes(String(p.query).toLowerCase()));
  return paged(ctx, all, p);
}

function ancestors(ctx: RestContext, g: Json): Json[] {
  const out: Json[] = [];
  for (let at: Json | undefined = g; at; at = at.parent_id === null || at.parent_id === undefined ? undefined : findGroupDoc(ctx, String(at.parent_id))) out.push(at);
  return out;
}

function getMember(all: boolean) {
  return (ctx: RestContext): RestResult => {
    const g = groupOf(ctx);
    const userId = Number(ctx.route.user_id);
    for (const at of all ? ancestors(ctx, g) : [g]) {
      const m = extras(ctx.state, at.id as number).members.get(userId);
      if (m) return { status: 200, body: m };
    }
    throw recordNotFound();
  };
}

function addMember(ctx: RestContext): RestResult {
  requireUser(ctx);
  const g = groupOf(ctx);
  const p = declare(ctx.params, [
    { name: "user_id", type: "string" },
    { name: "username", type: "string" },
    { name: "access_level", type: "integer", required: true, values: LEVELS },
    { name: "expires_at", type: "string" },
  ]);
  let userId: number | undefined;
  if (p.user_id !== undefined) userId = Number(p.user_id);
  else if (p.username !== undefined) userId = [...ctx.state.users.values()].find((u) => u.username === p.username)?.id;
  else throw grapeError(400, "user_id, username are missing, exactly one parameter must be provided");
  if (userId === undefined || !ctx.state.users.has(userId)) throw notFound("User");
  const members = extras(ctx.state, g.id as number).members;
  if (members.has(userId)) throw conflict("Member already exists");
  const m = memberEntity(ctx, userId, p.access_level as number, p.expires_at);
  members.set(userId, m);
  return { status: 201, body: m };
}

function editMember(ctx: RestContext): RestResult {
  requireUser(ctx);
  const g = groupOf(ctx);
  const p = declare(ctx.params, [
    { name: "access_level", type: "integer", required: true, values: LEVELS },
    { name: "expires_at", type: "string" },
  ]);
  const m = extras(ctx.state, g.id as number).members.get(Number(ctx.route.user_id));
  if (!m) throw recordNotFound();
  m.access_level = p.access_level;
  if (p.expires_at !== undefined) m.expires_at = p.expires_at;
  return { status: 200, body: m };
}

function removeMember(ctx: RestContext): RestResult {
  requireUser(ctx);
  const g = groupOf(ctx);
  if (!extras(ctx.state, g.id as number).members.delete(Number(ctx.route.user_id))) throw recordNotFound();
  return { status: 204 };
}

function share(ctx: RestContext): RestResult {
  requireUser(ctx);
  const g = groupOf(ctx);
  const p = declare(ctx.params, [
    { name: "group_id", type: "integer", required: true },
    { name: "group_access", type: "integer", required: true, values: LEVELS },
    { name: "expires_at", type: "string" },
  ]);
  const other = groupOf(ctx, String(p.group_id));
  const links = ((g.shared_with_groups as Json[] | undefined) ?? []).filter((l) => l.group_id !== other.id);
  links.push({ group_id: other.id, group_name: other.name, group_full_path: other.full_path, group_access_level: p.group_access, expires_at: p.expires_at ?? null });
  g.shared_with_groups = links;
  return { status: 201, body: groupDetail(ctx, g) };
}

function unshare(ctx: RestContext): RestResult {
  requireUser(ctx);
  const g = groupOf(ctx);
  const links = (g.shared_with_groups as Json[] | undefined) ?? [];
  const kept = links.filter((l) => String(l.group_id) !== ctx.route.group_id);
  if (kept.length === links.length) throw notFound("Group Link");
  g.shared_with_groups = kept;
  return { status: 204 };
}

// ---- Export, import, relations ------------------------------------------------------------------------

const ACCEPTED: RestResult = { status: 202, body: { message: "202 Accepted" } };

function scheduleExport(ctx: RestContext): RestResult {
  requireUser(ctx);
  extras(ctx.state, groupOf(ctx).id as number).exportState = "running";
  return ACCEPTED;
}

function downloadExport(ctx: RestContext): RestResult {
  const g = groupOf(ctx);
  const e = extras(ctx.state, g.id as number);
  if (e.exportState !== "done") {
    if (e.exportState === "running") e.exportState = "done";
    throw messageError(404, "404 Not found or has expired");
  }
  const bytes = gzipSync(Buffer.from(JSON.stringify({ group: g.full_path })));
  const name = `${new Date().toISOString().slice(0, 10)}_${String(g.full_path).replace(/\//g, "_")}_export.tar.gz`;
  return { status: 200, body: bytes, headers: { "content-type": "application/octet-stream", "content-disposition": `attachment; filename="${name}"` } };
}

function importGroup(ctx: RestContext): RestResult {
  requireUser(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true },
    { name: "path", type: "string", required: true },
    { name: "parent_id", type: "integer" },
  ]);
  const file = ctx.params.file as unknown as { filename?: string } | undefined;
  if (!file || typeof file !== "object" || !file.filename) throw grapeError(400, "file is missing");
  makeGroup(ctx, p);
  return ACCEPTED;
}

const RELATIONS = ["labels", "milestones", "badges", "boards", "members", "epics", "iterations", "namespace_settings"];

function scheduleRelations(ctx: RestContext): RestResult {
  requireUser(ctx);
  extras(ctx.state, groupOf(ctx).id as number).relations = "started";
  return ACCEPTED;
}

function relationsStatus(ctx: RestContext): RestResult {
  const e = extras(ctx.state, groupOf(ctx).id as number);
  const p = declare(ctx.params, [{ name: "relation", type: "string" }]);
  if (!e.relations) return { status: 200, body: [] };
  const status = e.relations === "started" ? 0 : 1;
  e.relations = "finished";
  const rows = RELATIONS.filter((r) => p.relation === undefined || r === p.relation).map((relation) => ({
    relation, status, error: null, updated_at: jsonTime(new Date()), batched: false, batches_count: 0, total_objects_count: 0,
  }));
  return { status: 200, body: rows };
}

// ---- Uploads ----------------------------------------------------------------------------------------

/** Seeds a file uploaded to a group (id, filename, size, secret). */
export function seedGroupUpload(state: SimState, groupId: number, upload: { id: number; filename: string; size: number; secret: string; uploaded_by?: number; created_at?: string }): void {
  extras(state, groupId).uploads.push({ ...upload });
}

function listUploads(ctx: RestContext): RestResult {
  const g = groupOf(ctx);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const all = extras(ctx.state, g.id as number).uploads.map((u) => ({
    id: u.id, size: u.size, filename: u.filename, created_at: u.created_at ?? "2025-03-01T10:00:00.000Z",
    uploaded_by: presentUser(ctx.state, (u.uploaded_by as number | undefined) ?? 1, ctx.options.externalUrl),
  }));
  return paged(ctx, all, p);
}

function deleteUpload(bySecret: boolean) {
  return (ctx: RestContext): RestResult => {
    requireUser(ctx);
    const uploads = extras(ctx.state, groupOf(ctx).id as number).uploads;
    const i = uploads.findIndex((u) => (bySecret ? u.secret === ctx.route.secret && u.filename === ctx.route.filename : String(u.id) === ctx.route.upload_id));
    if (i < 0) throw recordNotFound();
    uploads.splice(i, 1);
    return { status: 204 };
  };
}

// ---- Hooks ------------------------------------------------------------------------------------------

const HOOK_EVENTS = [
  "push_events", "tag_push_events", "issues_events", "confidential_issues_events", "merge_requests_events", "note_events",
  "confidential_note_events", "job_events", "pipeline_events", "wiki_page_events", "deployment_events", "feature_flag_events",
  "releases_events", "milestone_events", "subgroup_events", "member_events", "project_events", "emoji_events",
  "resource_access_token_events", "vulnerability_events",
];

function hookView(h: Json): Json {
  const { token: _token, ...rest } = h;
  void _token;
  return rest;
}

function findHook(ctx: RestContext): { hooks: Json[]; index: number } {
  const hooks = extras(ctx.state, groupOf(ctx).id as number).hooks;
  const index = hooks.findIndex((h) => String(h.id) === ctx.route.hook_id);
  if (index < 0) throw recordNotFound();
  return { hooks, index };
}

function hookParams(ctx: RestContext, urlRequired: boolean): ParamMap {
  return declare(ctx.params, [
    { name: "url", type: "string", required: urlRequired },
    { name: "name", type: "string" },
    { name: "description", type: "string" },
    { name: "token", type: "string" },
    { name: "push_events_branch_filter", type: "string" },
    { name: "branch_filter_strategy", type: "string", values: ["wildcard", "regex", "all_branches"] },
    { name: "enable_ssl_verification", type: "boolean" },
    { name: "custom_webhook_template", type: "string" },
    ...HOOK_EVENTS.map((name) => ({ name, type: "boolean" as const })),
  ]);
}

function nextHookId(state: SimState): number {
  const id = (HOOK_IDS.get(state) ?? 0) + 1;
  HOOK_IDS.set(state, id);
  return id;
}

function addHook(ctx: RestContext): RestResult {
  requireUser(ctx);
  const g = groupOf(ctx);
  const p = hookParams(ctx, true);
  if (!/^https?:\/\//.test(String(p.url))) throw messageError(422, { url: ["is blocked: Only allowed schemes are http, https"] });
  const hook: Json = {
    id: nextHookId(ctx.state), group_id: g.id, name: "", description: "", created_at: jsonTime(new Date()), push_events: true,
    ...Object.fromEntries(HOOK_EVENTS.filter((e) => e !== "push_events").map((e) => [e, false])),
    enable_ssl_verification: true, alert_status: "executable", disabled_until: null, push_events_branch_filter: "", branch_filter_strategy: "wildcard",
    ...p,
  };
  extras(ctx.state, g.id as number).hooks.push(hook);
  return { status: 201, body: hookView(hook) };
}

function editHook(ctx: RestContext): RestResult {
  requireUser(ctx);
  const { hooks, index } = findHook(ctx);
  Object.assign(hooks[index], hookParams(ctx, true));
  return { status: 200, body: hookView(hooks[index]) };
}

export function registerGroupCoreRoutes(router: Router): void {
  router.add("GET", "/groups", listGroups);
  router.add("POST", "/groups", createGroup);
  router.add("POST", "/groups/import", importGroup);
  router.add("PUT", "/groups/:id", updateGroup);
  router.add("POST", "/groups/:id/archive", archive(true));
  router.add("POST", "/groups/:id/unarchive", archive(false));
  router.add("POST", "/groups/:id/projects/:project_id", transferProject);
  router.add("GET", "/groups/:id/subgroups", subgroups);
  router.add("GET", "/groups/:id/projects", groupProjects);
  router.add("GET", "/groups/:id/releases", groupReleases);
  router.add("GET", "/groups/:id/members", listMembers);
  router.add("GET", "/groups/:id/members/all/:user_id", getMember(true));
  router.add("GET", "/groups/:id/members/:user_id", getMember(false));
  router.add("POST", "/groups/:id/members", addMember);
  router.add("PUT", "/groups/:id/members/:user_id", editMember);
  router.add("DELETE", "/groups/:id/members/:user_id", removeMember);
  router.add("POST", "/groups/:id/share", share);
  router.add("DELETE", "/groups/:id/share/:group_id", unshare);
  router.add("POST", "/groups/:id/export", scheduleExport);
  router.add("GET", "/groups/:id/export/download", downloadExport);
  router.add("POST", "/groups/:id/export_relations", scheduleRelations);
  router.add("GET", "/groups/:id/export_relations/status", relationsStatus);
  router.add("GET", "/groups/:id/uploads", listUploads);
  router.add("DELETE", "/groups/:id/uploads/:upload_id", deleteUpload(false));
  router.add("DELETE", "/groups/:id/uploads/:secret/:filename", deleteUpload(true));
  router.add("GET", "/groups/:id/hooks", (ctx) => paged(ctx, extras(ctx.state, groupOf(ctx).id as number).hooks.map(hookView), declare(ctx.params, PAGINATION_PARAMS)));
  router.add("GET", "/groups/:id/hooks/:hook_id", (ctx) => {
    const { hooks, index } = findHook(ctx);
    return { status: 200, body: hookView(hooks[index]) };
  });
  router.add("POST", "/groups/:id/hooks", addHook);
  router.add("PUT", "/groups/:id/hooks/:hook_id", editHook);
  router.add("DELETE", "/groups/:id/hooks/:hook_id", (ctx) => {
    requireUser(ctx);
    const { hooks, index } = findHook(ctx);
    hooks.splice(index, 1);
    return { status: 204 };
  });
}
