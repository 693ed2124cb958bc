// Instance administration, first half (doc/api/statistics.md, appearance.md, applications.md,
// broadcast_messages.md, custom_attributes.md, database_migrations.md, topics.md), with state:
// - GET /application/statistics, GET|PUT /application/appearance: administrators only.
// - /applications: administrators only. POST (201) answers the client `secret` once, GET lists without
//   it (one unpaginated array), DELETE 204 or 404 Application Not Found. Scopes GitLab does not know
//   answer 400 {"message":{"scopes":["doesn't match configured on the server."]}}.
// - /broadcast_messages: GET (offset pages) needs no token, writes need an administrator (403
//   otherwise). A miss is ActiveRecord's 404 Not found. DELETE 204.
// - /:resource/:id/custom_attributes (users, groups, projects): administrators only; the owner's miss is
//   404 User|Group|Project Not Found, a key's miss 404 Not found. PUT answers {key, value}.
// - POST /admin/migrations/:timestamp/mark: administrators, `database` main|ci|sec, a version not
//   pending answers 404 {"message":"404 Migration Not Found"}, then 201.
// - /topics: GET (offset pages; search, without_projects, organization_id; most projects first) for
//   everyone, writes for administrators. A taken name is 400 {"message":{"name":["has already been taken"]}}.
// Every administrator route answers 403 {"message":"403 Forbidden"} to a non-administrator token.
import { requireUser } from "./auth.js";
import { forbidden, messageError, notFound, recordNotFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamSpec } from "./params.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimState } from "./state.js";

type Json = Record<string, unknown>;

interface Store {
  ids: Record<string, number>;
  appearance: Json;
  applications: Json[];
  broadcasts: Json[];
  topics: Json[];
  customAttributes: Map<string, Map<string, string>>;
  pendingMigrations: Map<string, Set<number>>;
}

const STORES = new WeakMap<SimState, Store>();

/** The next ID of a kind of record (each GitLab table counts on its own). */
const nextId = (s: Store, kind: string): number => (s.ids[kind] = (s.ids[kind] ?? 0) + 1);

function store(state: SimState): Store {
  let s = STORES.get(state);
  if (!s) {
    s = {
      ids: {},
      appearance: {
        title: "GitLab",
        description: "",
        pwa_name: "GitLab",
        pwa_short_name: "GitLab",
        pwa_description: "The complete DevOps platform.",
        pwa_icon: null,
        logo: null,
        header_logo: null,
        favicon: null,
        member_guidelines: "",
        new_project_guidelines: "",
        profile_image_guidelines: "",
        header_message: "",
        footer_message: "",
        message_background_color: "#E75E40",
        message_font_color: "#FFFFFF",
        email_header_and_footer_enabled: false,
      },
      applications: [],
      broadcasts: [],
      topics: [],
      customAttributes: new Map(),
      pendingMigrations: new Map([["main", new Set<number>()], ["ci", new Set<number>()], ["sec", new Set<number>()]]),
    };
    STORES.set(state, s);
  }
  return s;
}

/** Seeds a pending database migration that POST /admin/migrations/:version/mark may mark. */
export function seedPendingMigration(state: SimState, version: number, database = "main"): void {
  store(state).pendingMigrations.get(database)?.add(version);
}

/** Seeds a project topic (total_projects_count and organization_id as given). */
export function seedTopic(state: SimState, topic: { name: string; title?: string; description?: string | null; total_projects_count?: number; organization_id?: number }): number {
  const s = store(state);
  const id = nextId(s, "topic");
  s.topics.push({ id, name: topic.name, title: topic.title ?? topic.name, description: topic.description ?? null, total_projects_count: topic.total_projects_count ?? 0, organization_id: topic.organization_id ?? 1, avatar_url: null });
  return id;
}

/** authenticated_as_admin! */
export function requireAdmin(ctx: RestContext): void {
  if (requireUser(ctx.auth).token.admin !== true) throw forbidden();
}

export function pageOf(ctx: RestContext, items: Json[]): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const paged = paginateOffset(items, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items, headers: paged.headers };
}

const now = () => new Date().toISOString();
const hex = (n: number, seed: string) => Buffer.from(`${seed}-${n}-${Date.now()}`).toString("hex").padEnd(64, "0").slice(0, 64);

// ---- Statistics and appearance -----------------------------------------------------------------------

function statistics(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const users = ctx.state.users.size;
  const projects = ctx.state.projects.size;
  const groups = ctx.state.groups.size;
  const fmt = (n: number) => n.toLocaleString("en-US");
  return {
    status: 200,
    body: { forks: "0", issues: "0", merge_requests: "0", notes: "0", snippets: "0", ssh_keys: "0", milestones: "0", users: fmt(users), groups: fmt(groups), projects: fmt(projects), active_users: fmt(users) },
  };
}

const APPEARANCE_PARAMS: ParamSpec[] = [
  ...["title", "description", "pwa_name", "pwa_short_name", "pwa_description", "member_guidelines", "new_project_guidelines", "profile_image_guidelines", "header_message", "footer_message", "message_background_color", "message_font_color"].map(
    (name): ParamSpec => ({ name, type: "string" }),
  ),
  { name: "email_header_and_footer_enabled", type: "boolean" },
];

function getAppearance(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  return { status: 200, body: store(ctx.state).appearance };
}

function putAppearance(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const p = declare(ctx.params, APPEARANCE_PARAMS);
  const s = store(ctx.state);
  for (const key of ["message_background_color", "message_font_color"]) {
    if (typeof p[key] === "string" && !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(p[key] as string)) throw messageError(400, { [key]: ["must be a valid color code"] });
  }
  s.appearance = { ...s.appearance, ...p };
  return { status: 200, body: s.appearance };
}

// ---- OAuth applications ------------------------------------------------------------------------------

const OAUTH_SCOPES = new Set(["api", "read_api", "read_user", "create_runner", "manage_runner", "k8s_proxy", "read_repository", "write_repository", "read_registry", "write_registry", "sudo", "admin_mode", "openid", "profile", "email", "read_observability", "write_observability", "ai_features"]);

function createApplication(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true, allowBlank: false },
    { name: "redirect_uri", type: "string", required: true, allowBlank: false },
    { name: "scopes", type: "string", required: true },
    { name: "confidential", type: "boolean", default: true },
  ]);
  const scopes = String(p.scopes).split(/\s+/).filter((x) => x !== "");
  if (scopes.some((x) => !OAUTH_SCOPES.has(x))) throw messageError(400, { scopes: ["doesn't match configured on the server."] });
  const s = store(ctx.state);
  const id = nextId(s, "application");
  const app = { id, application_id: hex(id, "app"), application_name: p.name, callback_url: p.redirect_uri, confidential: p.confidential };
  s.applications.push(app);
  return { status: 201, body: { ...app, secret: `gloas-${hex(id, "secret")}` } };
}

function listApplications(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  return { status: 200, body: store(ctx.state).applications };
}

function deleteApplication(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const s = store(ctx.state);
  const i = s.applications.findIndex((a) => String(a.id) === ctx.route.id);
  if (i < 0) throw notFound("Application");
  s.applications.splice(i, 1);
  return { status: 204 };
}

// ---- Broadcast messages ------------------------------------------------------------------------------

const THEMES = ["indigo", "light-indigo", "blue", "light-blue", "green", "light-green", "red", "light-red", "dark", "light"];

function broadcastSpecs(create: boolean): ParamSpec[] {
  return [
    { name: "message", type: "string", required: create, allowBlank: false },
    { name: "starts_at", type: "string" },
    { name: "ends_at", type: "string" },
    { name: "font", type: "string" },
    { name: "target_path", type: "string" },
    { name: "broadcast_type", type: "string", values: ["banner", "notification"] },
    { name: "dismissable", type: "boolean" },
    { name: "theme", type: "string", values: THEMES },
  ];
}

function levels(raw: unknown): number[] | undefined {
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : [raw];
  const out = list.map((v) => Number(v));
  if (out.some((v) => ![10, 20, 30, 40, 50].includes(v))) throw validationError(["target_access_levels does not have a valid value"]);
  return out;
}

function validTime(key: string, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  const t = Date.parse(String(v));
  if (Number.isNaN(t)) throw validationError([`${key} is invalid`]);
  return new Date(t).toISOString();
}

function presentBroadcast(m: Json): Json {
  const t = Date.now();
  return { ...m, active: Date.parse(String(m.starts_at)) <= t && t < Date.parse(String(m.ends_at)) };
}

function findBroadcast(ctx: RestContext): Json {
  const m = store(ctx.state).broadcasts.find((b) => String(b.id) === ctx.route.id);
  if (!m) throw recordNotFound();
  return m;
}

function createBroadcast(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const p = declare(ctx.params, broadcastSpecs(true));
  const s = store(ctx.state);
  const starts = validTime("starts_at", p.starts_at) ?? now();
  const ends = validTime("ends_at", p.ends_at) ?? new Date(Date.parse(starts) + 3600_000).toISOString();
  if (ends < starts) throw messageError(400, { ends_at: ["must be after the start date"] });
  const m: Json = {
    id: nextId(s, "broadcast"),
    message: p.message,
    starts_at: starts,
    ends_at: ends,
    font: p.font ?? "#FFFFFF",
    target_access_levels: levels(ctx.params.target_access_levels) ?? [],
    target_path: p.target_path ?? "",
    broadcast_type: p.broadcast_type ?? "banner",
    dismissable: p.dismissable ?? false,
    theme: p.theme ?? "indigo",
  };
  s.broadcasts.push(m);
  return { status: 201, body: presentBroadcast(m) };
}

function updateBroadcast(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const m = findBroadcast(ctx);
  const p = declare(ctx.params, broadcastSpecs(false));
  const lv = levels(ctx.params.target_access_levels);
  Object.assign(m, p, lv ? { target_access_levels: lv } : {});
  if (p.starts_at !== undefined) m.starts_at = validTime("starts_at", p.starts_at);
  if (p.ends_at !== undefined) m.ends_at = validTime("ends_at", p.ends_at);
  return { status: 200, body: presentBroadcast(m) };
}

function deleteBroadcast(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const m = findBroadcast(ctx);
  const s = store(ctx.state);
  s.broadcasts = s.broadcasts.filter((b) => b !== m);
  return { status: 204 };
}

// ---- Custom attributes -------------------------------------------------------------------------------

function attributeOwner(ctx: RestContext): string {
  requireAdmin(ctx);
  const { resource, id } = ctx.route;
  if (resource === "users") {
    if (!/^\d+$/.test(id) || !ctx.state.users.get(Number(id))) throw notFound("User");
    return `users/${id}`;
  }
  if (resource === "groups") {
    const g = ctx.state.findGroup(id);
    if (!g) throw notFound("Group");
    return `groups/${g.id}`;
  }
  const p = ctx.state.findProject(id);
  if (!p) throw notFound("Project");
  return `projects/${p.id}`;
}

function attributesOf(ctx: RestContext): Map<string, string> {
  const key = attributeOwner(ctx);
  const all = store(ctx.state).customAttributes;
  let m = all.get(key);
  if (!m) all.set(key, (m = new Map()));
  return m;
}

function customAttributeRoutes(router: Router, resource: "users" | "groups" | "projects"): void {
  const withResource = (h: (ctx: RestContext) => RestResult) => (ctx: RestContext) => h({ ...ctx, route: { ...ctx.route, resource } });
  router.add("GET", `/${resource}/:id/custom_attributes`, withResource((ctx) => ({ status: 200, body: [...attributesOf(ctx)].map(([key, value]) => ({ key, value })) })));
  router.add(
    "GET",
    `/${resource}/:id/custom_attributes/:key`,
    withResource((ctx) => {
      const value = attributesOf(ctx).get(ctx.route.key);
      if (value === undefined) throw recordNotFound();
      return { status: 200, body: { key: ctx.route.key, value } };
    }),
  );
  router.add(
    "PUT",
    `/${resource}/:id/custom_attributes/:key`,
    withResource((ctx) => {
      const attrs = attributesOf(ctx);
      const p = declare(ctx.params, [{ name: "value", type: "string", required: true }]);
      attrs.set(ctx.route.key, p.value as string);
      return { status: 200, body: { key: ctx.route.key, value: p.value } };
    }),
  );
  router.add(
    "DELETE",
    `/${resource}/:id/custom_attributes/:key`,
    withResource((ctx) => {
      const attrs = attributesOf(ctx);
      if (!attrs.delete(ctx.route.key)) throw recordNotFound();
      return { status: 204 };
    }),
  );
}

// ---- Database migrations -----------------------------------------------------------------------------

function markMigration(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  if (!/^\d+$/.test(ctx.route.timestamp)) throw validationError(["timestamp is invalid"]);
  const p = declare(ctx.params, [{ name: "database", type: "string", default: "main", values: ["main", "ci", "sec"] }]);
  const pending = store(ctx.state).pendingMigrations.get(p.database as string)!;
  const version = Number(ctx.route.timestamp);
  if (!pending.has(version)) throw notFound("Migration");
  pending.delete(version);
  return { status: 201 };
}

// ---- Topics ------------------------------------------------------------------------------------------

function findTopic(ctx: RestContext): Json {
  const t = store(ctx.state).topics.find((x) => String(x.id) === ctx.route.id);
  if (!t) throw recordNotFound();
  return t;
}

function listTopics(ctx: RestContext): RestResult {
  const q = declare(ctx.params, [
    { name: "search", type: "string" },
    { name: "without_projects", type: "boolean" },
    { name: "organization_id", type: "integer" },
  ]);
  let topics = [...store(ctx.state).topics];
  if (typeof q.search === "string") topics = topics.filter((t) => String(t.name).toLowerCase().includes((q.search as string).toLowerCase()));
  if (q.without_projects === true) topics = topics.filter((t) => t.total_projects_count === 0);
  if (q.organization_id !== undefined) topics = topics.filter((t) => t.organization_id === q.organization_id);
  topics.sort((a, b) => (b.total_projects_count as number) - (a.total_projects_count as number) || (a.id as number) - (b.id as number));
  return pageOf(ctx, topics);
}

function nameTaken(ctx: RestContext, name: unknown, except?: Json): void {
  if (store(ctx.state).topics.some((t) => t !== except && String(t.name).toLowerCase() === String(name).toLowerCase())) throw messageError(400, { name: ["has already been taken"] });
}

function createTopic(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true, allowBlank: false },
    { name: "title", type: "string", required: true, allowBlank: false },
    { name: "description", type: "string" },
    { name: "organization_id", type: "integer" },
  ]);
  nameTaken(ctx, p.name);
  const id = seedTopic(ctx.state, { name: p.name as string, title: p.title as string, description: (p.description as string | undefined) ?? null, organization_id: p.organization_id as number | undefined });
  return { status: 201, body: store(ctx.state).topics.find((t) => t.id === id) };
}

function updateTopic(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const t = findTopic(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", allowBlank: false },
    { name: "title", type: "string", allowBlank: false },
    { name: "description", type: "string" },
  ]);
  if (p.name !== undefined) nameTaken(ctx, p.name, t);
  Object.assign(t, p);
  return { status: 200, body: t };
}

function deleteTopic(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const t = findTopic(ctx);
  const s = store(ctx.state);
  s.topics = s.topics.filter((x) => x !== t);
  return { status: 204 };
}

export function registerAdminInstanceRoutes(router: Router): void {
  router.add("GET", "/application/statistics", statistics);
  router.add("GET", "/application/appearance", getAppearance);
  router.add("PUT", "/application/appearance", putAppearance);
  router.add("POST", "/applications", createApplication);
  router.add("GET", "/applications", listApplications);
  router.add("DELETE", "/applications/:id", deleteApplication);
  router.add("GET", "/broadcast_messages", (ctx) => pageOf(ctx, store(ctx.state).broadcasts.map(presentBroadcast)), "any");
  router.add("GET", "/broadcast_messages/:id", (ctx) => ({ status: 200, body: presentBroadcast(findBroadcast(ctx)) }), "any");
  router.add("POST", "/broadcast_messages", createBroadcast);
  router.add("PUT", "/broadcast_messages/:id", updateBroadcast);
  router.add("DELETE", "/broadcast_messages/:id", deleteBroadcast);
  customAttributeRoutes(router, "users");
  customAttributeRoutes(router, "groups");
  customAttributeRoutes(router, "projects");
  router.add("POST", "/admin/migrations/:timestamp/mark", markMigration);
  router.add("GET", "/topics", listTopics, "any");
  router.add("GET", "/topics/:id", (ctx) => ({ status: 200, body: findTopic(ctx) }), "any");
  router.add("POST", "/topics", createTopic);
  router.add("PUT", "/topics/:id", updateTopic);
  router.add("DELETE", "/topics/:id", deleteTopic);
}

