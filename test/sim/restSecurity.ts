// Security and compliance administration (Premium/Ultimate), written from GitLab's API docs:
// - doc/api/audit_events.md: instance events (administrators: anyone else 403 {"message":"403 Forbidden"}),
//   group and project events; created_after/created_before (ISO 8601, else Grape's 400 "<name> is
//   invalid"); entity_type/entity_id on the instance list; offset pages, or keyset pages with
//   pagination=keyset&order_by=id&sort=asc|desc: a full page links the next with `cursor` (base64 JSON
//   {"id":"<last id>"}), and another order_by answers 405 {"message":"405 Method Not Allowed - Keyset
//   pagination is not yet available for this type of request"}. Seeded once per simulator from its groups
//   and projects (two events each) plus a user event and an instance event. A miss is 404 {"message":"404 Not found"}.
// - doc/api/member_roles.md: instance roles (administrators), group roles on top-level groups (a subgroup
//   400 {"message":"400 Bad request - Group is not a top-level group"}); base_access_level required, one of
//   10/15/20/25/30/40/50; name defaults to "Custom"; every permission flag defaults to false; DELETE 204,
//   a miss 404 {"message":"404 Member Role Not Found"}.
// - doc/api/scim.md: a group's SCIM identities (two seeded per group); get/PATCH/DELETE by extern_uid, a
//   miss 404 {"message":"404 Identity Not Found"}; PATCH needs extern_uid and answers 204; DELETE 204.
// - doc/api/group_enterprise_users.md (and the OpenAPI description for get/delete/2FA): three seeded
//   enterprise users per top-level group; filters username, search, active, blocked, created_after,
//   created_before, two_factor; a miss 404 {"message":"404 User Not Found"}; disable_two_factor on a user
//   without 2FA 400 {"message":"400 Bad request - Two-factor authentication is not enabled for this user"}.
// - doc/api/compliance_policy_settings.md: administrators only; PUT needs csp_namespace_id, a top-level group.
// Error texts not shown in the docs (the 404 resource names, the 400 texts above) are our reading of
// GitLab's helpers (not_found!, bad_request!), not checked against its source.
import { forbidden, messageError, notFound, recordNotFound, unauthorized } from "./errors.js";
import { effectivePerPage, keysetNextLink, paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap } from "./params.js";
import { userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimGroup, SimState } from "./state.js";

interface AuditEvent {
  id: number;
  author_id: number;
  entity_id: number;
  entity_type: string;
  event_name: string;
  details: Record<string, unknown>;
  created_at: string;
}

interface MemberRole {
  id: number;
  group_id: number | null;
  fields: Record<string, unknown>;
}

interface Identity {
  groupId: number;
  extern_uid: string;
  user_id: number;
  active: boolean;
}

interface EnterpriseUser {
  groupId: number;
  id: number;
  username: string;
  name: string;
  email: string;
  state: string;
  created_at: string;
  two_factor_enabled: boolean;
}

interface Store {
  events: AuditEvent[];
  roles: MemberRole[];
  identities: Identity[];
  seededGroups: Set<number>;
  users: EnterpriseUser[];
  csp: number | null;
  ids: { role: number };
}

/** Permission flags of a member role (GitLab's OpenAPI description of POST /groups/:id/member_roles). */
export const MEMBER_ROLE_PERMISSIONS = [
  "apply_security_scan_profiles", "admin_merge_request", "archive_project", "admin_ai_catalog_item_consumer", "destroy_package",
  "remove_project", "remove_group", "manage_security_policy_link", "admin_ai_catalog_item", "admin_compliance_framework",
  "admin_cicd_variables", "manage_deploy_tokens", "manage_group_access_tokens", "admin_group_member", "admin_integrations",
  "manage_merge_request_settings", "manage_project_access_tokens", "admin_protected_branch", "admin_protected_environments",
  "admin_push_rules", "admin_runners", "admin_security_attributes", "admin_terraform_state", "admin_vulnerability", "admin_web_hook",
  "read_agent_artifacts", "read_compliance_dashboard", "read_security_scan_profiles", "read_virtual_registry",
  "update_sec_ai_workflow_settings", "read_admin_cicd", "read_crm_contact", "read_dependency", "read_admin_groups",
  "read_admin_projects", "read_code", "read_runners", "read_security_attribute", "read_admin_subscription",
  "read_admin_monitoring", "read_admin_users", "read_vulnerability",
];

const stores = new WeakMap<SimState, Store>();

function storeOf(state: SimState): Store {
  let s = stores.get(state);
  if (!s) {
    s = { events: seedEvents(state), roles: [], identities: [], seededGroups: new Set(), users: [], csp: null, ids: { role: 0 } };
    stores.set(state, s);
  }
  return s;
}

function seedEvents(state: SimState): AuditEvent[] {
  const events: AuditEvent[] = [];
  let id = 0;
  const at = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 9, 30)).toISOString();
  const add = (entity_type: string, entity_id: number, path: string, event_name: string, details: Record<string, unknown>) => {
    id += 1;
    events.push({ id, author_id: 1, entity_id, entity_type, event_name, created_at: at(id), details: { author_name: "Administrator", author_email: "admin@example.com", ip_address: "127.0.0.1", entity_path: path, target_details: path, ...details } });
  };
  add("User", 1, "root", "user_email_changed", { change: "email address", from: "old@example.com", to: "admin@example.com", target_type: "User", target_id: 1 });
  for (const g of [...state.groups.values()].sort((a, b) => a.id - b.id)) {
    add("Group", g.id, g.full_path, "group_created", { add: "group", target_type: "Group", target_id: g.id });
    add("Group", g.id, g.full_path, "group_visibility_level_updated", { change: "visibility", from: "Private", to: "Internal", target_type: "Group", target_id: g.id });
  }
  for (const p of [...state.projects.values()].sort((a, b) => a.id - b.id)) {
    add("Project", p.id, p.path_with_namespace, "project_created", { add: "project", target_type: "Project", target_id: p.id });
    add("Project", p.id, p.path_with_namespace, "project_archived", { custom_message: "Project archived", target_type: "Project", target_id: p.id });
  }
  add("Gitlab::Audit::InstanceScope", 1, "gitlab_instance", "audit_events_streaming_instance_headers_create", { custom_message: "Created custom HTTP header with key X-arg.", target_type: "AuditEvents::Streaming::InstanceHeader", target_id: 32 });
  return events;
}

function requireUser(ctx: RestContext) {
  if (ctx.auth.kind !== "user") throw unauthorized();
  return ctx.auth;
}

/** authenticated_as_admin!: anonymous 401, anyone but an administrator 403. */
function requireAdmin(ctx: RestContext): void {
  if (requireUser(ctx).token.admin !== true) throw forbidden();
}

function visibleGroup(ctx: RestContext): SimGroup {
  const auth = requireUser(ctx);
  const group = ctx.state.findGroup(ctx.route.id ?? "");
  if (!group || !ctx.state.isGroupMember(group, auth.user.id)) throw notFound("Group");
  return group;
}

function topLevel(group: SimGroup): void {
  if (group.parent_id !== null) throw messageError(400, "400 Bad request - Group is not a top-level group");
}

// ---- Audit events ----------------------------------------------------------------------------------

const presentEvent = (e: AuditEvent) => ({
  id: e.id,
  author_id: e.author_id,
  entity_id: e.entity_id,
  entity_type: e.entity_type,
  event_name: e.event_name,
  details: e.details,
  created_at: e.created_at,
});

const TIME_SPECS = [
  { name: "created_after", type: "string" as const },
  { name: "created_before", type: "string" as const },
];

function listEvents(ctx: RestContext, scope: AuditEvent[], extra: ParamMap = {}): RestResult {
  const p = declare(ctx.params, [
    ...TIME_SPECS,
    ...PAGINATION_PARAMS,
    { name: "pagination", type: "string" },
    { name: "order_by", type: "string" },
    { name: "sort", type: "string", values: ["asc", "desc"] },
    { name: "cursor", type: "string" },
  ]);
  const bound = (name: string): number | undefined => {
    if (p[name] === undefined) return undefined;
    const t = Date.parse(String(p[name]));
    if (Number.isNaN(t)) throw messageError(400, `${name} is invalid`);
    return t;
  };
  const after = bound("created_after");
  const before = bound("created_before");
  let events = scope.filter((e) => (after === undefined || Date.parse(e.created_at) >= after) && (before === undefined || Date.parse(e.created_at) <= before));
  const link = linkContext(ctx, { ...p, ...extra });
  if (p.pagination === "keyset") {
    if ((p.order_by ?? "id") !== "id") throw messageError(405, "405 Method Not Allowed - Keyset pagination is not yet available for this type of request");
    const desc = (p.sort ?? "desc") === "desc";
    events = [...events].sort((a, b) => (desc ? b.id - a.id : a.id - b.id));
    if (typeof p.cursor === "string") {
      let last: number;
      try {
        last = Number((JSON.parse(Buffer.from(p.cursor, "base64").toString("utf8")) as { id: string }).id);
      } catch {
        throw messageError(400, "400 Bad request - Invalid cursor parameter");
      }
      events = events.filter((e) => (desc ? e.id < last : e.id > last));
    }
    const per = effectivePerPage(p.per_page as number);
    const items = events.slice(0, per);
    const more = events.length > per;
    const cursor = more ? Buffer.from(JSON.stringify({ id: String(items[items.length - 1].id), _kd: "n" })).toString("base64") : undefined;
    // The link repeats the request's query (not the route's :id) with the cursor of the next page.
    const { page: _page, ...rest } = { ...ctx.params, ...p, ...extra };
    void _page;
    for (const key of Object.keys(ctx.route)) delete rest[key];
    const headers = cursor ? keysetNextLink({ base: link.base, params: { ...rest, cursor } }, {}) : {};
    return { status: 200, body: items.map(presentEvent), headers };
  }
  events = [...events].sort((a, b) => b.id - a.id);
  const paged = paginateOffset(events, p.page as number, p.per_page as number, link);
  return { status: 200, body: paged.items.map(presentEvent), headers: paged.headers };
}

function instanceEvents(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const p = declare(ctx.params, [
    { name: "entity_type", type: "string", values: ["User", "Group", "Project", "Gitlab::Audit::InstanceScope"] },
    { name: "entity_id", type: "integer" },
  ]);
  if (p.entity_id !== undefined && p.entity_type === undefined) throw messageError(400, "entity_type is missing");
  const scope = storeOf(ctx.state).events.filter((e) => (p.entity_type === undefined || e.entity_type === p.entity_type) && (p.entity_id === undefined || e.entity_id === p.entity_id));
  return listEvents(ctx, scope, p);
}

function findEvent(scope: AuditEvent[], raw: string | undefined): RestResult {
  const hit = scope.find((e) => String(e.id) === raw);
  if (!hit) throw recordNotFound();
  return { status: 200, body: presentEvent(hit) };
}

const groupEvents = (ctx: RestContext) => {
  const group = visibleGroup(ctx);
  return storeOf(ctx.state).events.filter((e) => e.entity_type === "Group" && e.entity_id === group.id);
};
const projectEvents = (ctx: RestContext) => {
  requireUser(ctx);
  const project = userProject(ctx);
  return storeOf(ctx.state).events.filter((e) => e.entity_type === "Project" && e.entity_id === project.id);
};

// ---- Member roles ----------------------------------------------------------------------------------

function presentRole(r: MemberRole) {
  return { id: r.id, group_id: r.group_id, ...r.fields };
}

function createRole(ctx: RestContext, groupId: number | null): RestResult {
  const p = declare(ctx.params, [
    { name: "name", type: "string", default: "Custom" },
    { name: "description", type: "string" },
    { name: "base_access_level", type: "integer", required: true, values: [10, 15, 20, 25, 30, 40, 50] },
    ...MEMBER_ROLE_PERMISSIONS.map((name) => ({ name, type: "boolean" as const, default: false })),
  ]);
  const store = storeOf(ctx.state);
  const role: MemberRole = { id: ++store.ids.role, group_id: groupId, fields: { name: p.name, description: p.description ?? null, base_access_level: p.base_access_level, ...Object.fromEntries(MEMBER_ROLE_PERMISSIONS.map((k) => [k, p[k] === true])) } };
  store.roles.push(role);
  return { status: 201, body: presentRole(role) };
}

function deleteRole(ctx: RestContext, groupId: number | null): RestResult {
  const store = storeOf(ctx.state);
  const role = store.roles.find((r) => String(r.id) === ctx.route.member_role_id && r.group_id === groupId);
  if (!role) throw notFound("Member Role");
  store.roles = store.roles.filter((r) => r !== role);
  return { status: 204 };
}

// ---- SCIM identities and enterprise users ------------------------------------------------------------

function seedGroup(state: SimState, group: SimGroup): void {
  const store = storeOf(state);
  if (store.seededGroups.has(group.id)) return;
  store.seededGroups.add(group.id);
  const base = group.id * 100;
  store.identities.push({ groupId: group.id, extern_uid: `be20d8dcc028677c931e04f${group.id}a`, user_id: base + 1, active: true }, { groupId: group.id, extern_uid: `c7a51f0e9d${group.id}b`, user_id: base + 2, active: false });
  const at = (d: number) => new Date(Date.UTC(2026, 0, d, 12)).toISOString();
  store.users.push(
    { groupId: group.id, id: base + 1, username: "alice.ent", name: "Alice Enterprise", email: "alice@acme.example", state: "active", created_at: at(5), two_factor_enabled: true },
    { groupId: group.id, id: base + 2, username: "bob.ent", name: "Bob Enterprise", email: "bob@acme.example", state: "blocked", created_at: at(15), two_factor_enabled: false },
    { groupId: group.id, id: base + 3, username: "carol.ent", name: "Carol Enterprise", email: "carol@acme.example", state: "active", created_at: at(25), two_factor_enabled: true },
  );
}

function identityOf(ctx: RestContext): { group: SimGroup; identity: Identity } {
  const group = visibleGroup(ctx);
  seedGroup(ctx.state, group);
  const identity = storeOf(ctx.state).identities.find((i) => i.groupId === group.id && i.extern_uid === ctx.route.uid);
  if (!identity) throw notFound("Identity");
  return { group, identity };
}

const presentIdentity = (i: Identity) => ({ extern_uid: i.extern_uid, user_id: i.user_id, active: i.active });

function presentUser(ctx: RestContext, u: EnterpriseUser) {
  const identity = storeOf(ctx.state).identities.find((i) => i.user_id === u.id && i.groupId === u.groupId);
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    state: u.state,
    locked: false,
    avatar_url: null,
    web_url: `${ctx.options.externalUrl}/${u.username}`,
    created_at: u.created_at,
    email: u.email,
    public_email: "",
    commit_email: u.email,
    confirmed_at: u.created_at,
    last_sign_in_at: null,
    current_sign_in_at: null,
    last_activity_on: null,
    two_factor_enabled: u.two_factor_enabled,
    external: false,
    bot: false,
    identities: identity ? [{ provider: "group_saml", extern_uid: identity.extern_uid, saml_provider_id: 1 }] : [],
    scim_identities: identity ? [{ extern_uid: identity.extern_uid, group_id: u.groupId, active: identity.active }] : [],
  };
}

function enterpriseGroup(ctx: RestContext): SimGroup {
  const group = visibleGroup(ctx);
  topLevel(group);
  seedGroup(ctx.state, group);
  return group;
}

function enterpriseUser(ctx: RestContext): EnterpriseUser {
  const group = enterpriseGroup(ctx);
  const user = storeOf(ctx.state).users.find((u) => u.groupId === group.id && String(u.id) === ctx.route.user_id);
  if (!user) throw notFound("User");
  return user;
}

function listEnterpriseUsers(ctx: RestContext): RestResult {
  const group = enterpriseGroup(ctx);
  const p = declare(ctx.params, [
    { name: "username", type: "string" },
    { name: "search", type: "string" },
    { name: "active", type: "boolean" },
    { name: "blocked", type: "boolean" },
    ...TIME_SPECS,
    { name: "two_factor", type: "string", values: ["enabled", "disabled"] },
    ...PAGINATION_PARAMS,
  ]);
  const time = (name: string) => {
    if (p[name] === undefined) return undefined;
    const t = Date.parse(String(p[name]));
    if (Number.isNaN(t)) throw messageError(400, `${name} is invalid`);
    return t;
  };
  const after = time("created_after");
  const before = time("created_before");
  const needle = typeof p.search === "string" ? p.search.toLowerCase() : undefined;
  const users = storeOf(ctx.state).users.filter(
    (u) =>
      u.groupId === group.id &&
      (p.username === undefined || u.username === p.username) &&
      (needle === undefined || [u.name, u.email, u.username].some((v) => v.toLowerCase().includes(needle))) &&
      (p.active !== true || u.state === "active") &&
      (p.blocked !== true || u.state === "blocked") &&
      (after === undefined || Date.parse(u.created_at) > after) &&
      (before === undefined || Date.parse(u.created_at) < before) &&
      (p.two_factor === undefined || u.two_factor_enabled === (p.two_factor === "enabled")),
  );
  const paged = paginateOffset(users, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items.map((u) => presentUser(ctx, u)), headers: paged.headers };
}

// ---- Routes -----------------------------------------------------------------------------------------

export function registerSecurityRoutes(router: Router): void {
  router.add("GET", "/audit_events", instanceEvents);
  router.add("GET", "/audit_events/:id", (ctx) => {
    requireAdmin(ctx);
    return findEvent(storeOf(ctx.state).events, ctx.route.id);
  });
  router.add("GET", "/groups/:id/audit_events", (ctx) => listEvents(ctx, groupEvents(ctx)));
  router.add("GET", "/groups/:id/audit_events/:audit_event_id", (ctx) => findEvent(groupEvents(ctx), ctx.route.audit_event_id));
  router.add("GET", "/projects/:id/audit_events", (ctx) => listEvents(ctx, projectEvents(ctx)));
  router.add("GET", "/projects/:id/audit_events/:audit_event_id", (ctx) => findEvent(projectEvents(ctx), ctx.route.audit_event_id));

  router.add("GET", "/member_roles", (ctx) => {
    requireAdmin(ctx);
    return { status: 200, body: storeOf(ctx.state).roles.filter((r) => r.group_id === null).map(presentRole) };
  });
  router.add("POST", "/member_roles", (ctx) => {
    requireAdmin(ctx);
    return createRole(ctx, null);
  });
  router.add("DELETE", "/member_roles/:member_role_id", (ctx) => {
    requireAdmin(ctx);
    return deleteRole(ctx, null);
  });
  router.add("GET", "/groups/:id/member_roles", (ctx) => {
    const group = visibleGroup(ctx);
    topLevel(group);
    return { status: 200, body: storeOf(ctx.state).roles.filter((r) => r.group_id === group.id).map(presentRole) };
  });
  router.add("POST", "/groups/:id/member_roles", (ctx) => {
    const group = visibleGroup(ctx);
    topLevel(group);
    return createRole(ctx, group.id);
  });
  router.add("DELETE", "/groups/:id/member_roles/:member_role_id", (ctx) => deleteRole(ctx, visibleGroup(ctx).id));

  router.add("GET", "/groups/:id/scim/identities", (ctx) => {
    const group = visibleGroup(ctx);
    seedGroup(ctx.state, group);
    return { status: 200, body: storeOf(ctx.state).identities.filter((i) => i.groupId === group.id).map(presentIdentity) };
  });
  router.add("GET", "/groups/:id/scim/:uid", (ctx) => ({ status: 200, body: presentIdentity(identityOf(ctx).identity) }));
  router.add("PATCH", "/groups/:id/scim/:uid", (ctx) => {
    const { identity } = identityOf(ctx);
    const p = declare(ctx.params, [{ name: "extern_uid", type: "string", required: true, allowBlank: false }]);
    identity.extern_uid = String(p.extern_uid);
    return { status: 204 };
  });
  router.add("DELETE", "/groups/:id/scim/:uid", (ctx) => {
    const { identity } = identityOf(ctx);
    const store = storeOf(ctx.state);
    store.identities = store.identities.filter((i) => i !== identity);
    return { status: 204 };
  });

  router.add("GET", "/groups/:id/enterprise_users", listEnterpriseUsers);
  router.add("GET", "/groups/:id/enterprise_users/:user_id", (ctx) => ({ status: 200, body: presentUser(ctx, enterpriseUser(ctx)) }));
  router.add("PATCH", "/groups/:id/enterprise_users/:user_id/disable_two_factor", (ctx) => {
    const user = enterpriseUser(ctx);
    if (!user.two_factor_enabled) throw messageError(400, "400 Bad request - Two-factor authentication is not enabled for this user");
    user.two_factor_enabled = false;
    return { status: 204 };
  });
  router.add("DELETE", "/groups/:id/enterprise_users/:user_id", (ctx) => {
    const user = enterpriseUser(ctx);
    declare(ctx.params, [{ name: "hard_delete", type: "boolean", default: false }]);
    const store = storeOf(ctx.state);
    store.users = store.users.filter((u) => u !== user);
    return { status: 204 };
  });

  router.add("GET", "/admin/security/compliance_policy_settings", (ctx) => {
    requireAdmin(ctx);
    return { status: 200, body: { csp_namespace_id: storeOf(ctx.state).csp } };
  });
  router.add("PUT", "/admin/security/compliance_policy_settings", (ctx) => {
    requireAdmin(ctx);
    const p = declare(ctx.params, [{ name: "csp_namespace_id", type: "integer", required: true }]);
    const store = storeOf(ctx.state);
    if (p.csp_namespace_id === null) store.csp = null;
    else {
      const group = ctx.state.findGroup(p.csp_namespace_id as number);
      if (!group) throw notFound("Group");
      topLevel(group);
      store.csp = group.id;
    }
    return { status: 200, body: { csp_namespace_id: store.csp } };
  });
}
