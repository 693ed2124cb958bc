// The token user's own area: status, to-do items, notification settings, the creations that answer a
// secret once, and single namespaces. Fields and answers follow GitLab's documentation:
// - GET|PUT /user/status, GET /users/:id_or_username/status (doc/api/users.md): {emoji, availability,
//   message, message_html, clear_status_at}. PUT replaces the status: an omitted emoji or message is
//   cleared. clear_status_after takes 30_minutes..30_days; anything else answers 400. An unknown user
//   answers 404 {"message":"404 User Not Found"}.
// - GET /todos, POST /todos/:id/mark_as_done (the item, 201), POST /todos/mark_as_done (204)
//   (doc/api/todos.md). state defaults to pending; an item of another user or none answers
//   404 {"message":"404 Not found"} (ActiveRecord find on current_user.todos).
// - GET|PUT /notification_settings, /groups/:id/notification_settings,
//   /projects/:id/notification_settings (doc/api/notification_settings.md): {level, notification_email}
//   globally, {level} on a group or project, plus `events` when the level is custom. An unknown level
//   answers 400 {"message":{"level":["is not included in the list"]}}.
// - POST /user/personal_access_tokens (doc/api/user_tokens.md): name and scopes required, scopes limited
//   to k8s_proxy and self_rotate (else 400); 201 with the token's fields and `token` (glpat-...).
// - POST /user/runners (doc/api/users.md): runner_type required; group_type needs group_id and
//   project_type project_id (400 otherwise); 201 {id, token (glrt-...), token_expires_at}.
// - GET /namespaces/:id and GET /namespaces/:namespace/exists (doc/api/namespaces.md): a namespace the
//   user cannot see answers 404 {"message":"404 Namespace Not Found"}; exists answers
//   {exists, suggests} with free paths when taken.
import { requireUser } from "./auth.js";
import { messageError, notFound, recordNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { userProject } from "./projectAccess.js";
import { findNamespace, namespacePlan, type NamespaceRow } from "./restTiers.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimState } from "./state.js";
import { presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

/** A seeded to-do item; `user_id` is whose list it is on. */
export interface SimTodo {
  id: number;
  user_id: number;
  author_id: number;
  project_id: number | null;
  group_id?: number | null;
  action_name: string;
  target_type: string;
  target: Json;
  target_url: string;
  body: string;
  state: "pending" | "done";
  created_at: string;
}

interface UserArea {
  statuses: Map<number, Json>;
  todos: SimTodo[];
  notifications: Map<string, Json>;
  tokenSeq: number;
  runnerSeq: number;
}

const AREAS = new WeakMap<SimState, UserArea>();

function area(state: SimState): UserArea {
  let a = AREAS.get(state);
  if (!a) {
    a = { statuses: new Map(), todos: [], notifications: new Map(), tokenSeq: 900, runnerSeq: 700 };
    AREAS.set(state, a);
  }
  return a;
}

/** Puts a to-do item on a user's list (the simulator's addTodo). */
export function seedTodo(state: SimState, todo: Omit<SimTodo, "state" | "created_at" | "body"> & Partial<SimTodo>): void {
  area(state).todos.push({ state: "pending", created_at: "2025-03-01T10:00:00.000Z", body: "", ...todo });
}

const CLEAR_AFTER: Record<string, number> = { "30_minutes": 1800, "3_hours": 10800, "8_hours": 28800, "1_day": 86400, "3_days": 259200, "7_days": 604800, "30_days": 2592000 };
const EMPTY_STATUS: Json = { emoji: null, availability: "not_set", message: null, message_html: null, clear_status_at: null };

function statusOf(ctx: RestContext, userId: number): Json {
  return area(ctx.state).statuses.get(userId) ?? EMPTY_STATUS;
}

function getMyStatus(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  return { status: 200, body: statusOf(ctx, user.id) };
}

function setMyStatus(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  const p = ctx.params;
  const after = p.clear_status_after;
  if (after !== undefined && (typeof after !== "string" || !(after in CLEAR_AFTER))) throw messageError(400, "clear_status_after does not have a valid value");
  const availability = p.availability ?? "not_set";
  if (availability !== "not_set" && availability !== "busy") throw messageError(400, "availability does not have a valid value");
  const message = typeof p.message === "string" && p.message !== "" ? p.message : null;
  if (message && message.length > 100) throw messageError(400, { message: ["is too long (maximum is 100 characters)"] });
  const status: Json = {
    emoji: typeof p.emoji === "string" && p.emoji !== "" ? p.emoji : message ? "speech_balloon" : null,
    availability,
    message,
    message_html: message ? `<p>${message.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>` : null,
    clear_status_at: typeof after === "string" ? new Date(ctx.state.now().getTime() + CLEAR_AFTER[after] * 1000).toISOString() : null,
  };
  area(ctx.state).statuses.set(user.id, status);
  return { status: 200, body: status };
}

function getUserStatus(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const ref = ctx.route.id ?? "";
  const u = [...ctx.state.users.values()].find((x) => (/^\d+$/.test(ref) ? x.id === Number(ref) : x.username.toLowerCase() === ref.toLowerCase()));
  if (!u) throw notFound("User");
  return { status: 200, body: statusOf(ctx, u.id) };
}

function presentTodo(ctx: RestContext, t: SimTodo): Json {
  const project = t.project_id === null ? null : ctx.state.findProject(t.project_id);
  return {
    id: t.id,
    project: project ? { id: project.id, name: project.path_with_namespace.split("/").pop(), name_with_namespace: project.path_with_namespace.split("/").join(" / "), path: project.path_with_namespace.split("/").pop(), path_with_namespace: project.path_with_namespace } : null,
    author: presentUser(ctx.state, t.author_id, ctx.options.externalUrl),
    action_name: t.action_name,
    target_type: t.target_type,
    target: t.target,
    target_url: t.target_url,
    body: t.body,
    state: t.state,
    created_at: t.created_at,
    updated_at: t.created_at,
  };
}

function listTodos(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const q = ctx.params;
  const state = q.state ?? "pending";
  const rows = area(ctx.state)
    .todos.filter((t) => t.user_id === user.id)
    .filter((t) => t.state === state)
    .filter((t) => q.action === undefined || t.action_name === q.action)
    .filter((t) => q.type === undefined || t.target_type === q.type)
    .filter((t) => q.author_id === undefined || t.author_id === Number(q.author_id))
    .filter((t) => q.project_id === undefined || t.project_id === Number(q.project_id))
    .filter((t) => q.group_id === undefined || t.group_id === Number(q.group_id))
    .sort((a, b) => b.id - a.id);
  const page = paginateOffset(rows, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items.map((t) => presentTodo(ctx, t)), headers: page.headers };
}

function markTodoDone(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  const todo = area(ctx.state).todos.find((t) => t.user_id === user.id && t.id === Number(ctx.route.id));
  if (!todo) throw recordNotFound();
  todo.state = "done";
  return { status: 201, body: presentTodo(ctx, todo) };
}

function markAllDone(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  for (const t of area(ctx.state).todos) if (t.user_id === user.id) t.state = "done";
  return { status: 204 };
}

const LEVELS = ["disabled", "participating", "watch", "global", "mention", "custom"];
const EVENTS = ["new_release", "new_note", "new_issue", "reopen_issue", "close_issue", "reassign_issue", "issue_due", "new_merge_request", "push_to_merge_request", "reopen_merge_request", "close_merge_request", "reassign_merge_request", "change_reviewer_merge_request", "merge_merge_request", "failed_pipeline", "fixed_pipeline", "success_pipeline", "moved_project", "merge_when_pipeline_succeeds"];

type Scope = "global" | "group" | "project";

function scopeKey(ctx: RestContext, scope: Scope, userId: number): string {
  if (scope === "global") return `${userId}:global`;
  if (scope === "project") return `${userId}:project:${userProject(ctx).id}`;
  const group = ctx.state.findGroup(ctx.route.id ?? "");
  if (!group || !ctx.state.isGroupMember(group, userId)) throw notFound("Group");
  return `${userId}:group:${group.id}`;
}

function notificationBody(stored: Json | undefined, scope: Scope, email: string): Json {
  const level = (stored?.level as string | undefined) ?? (scope === "global" ? "participating" : "global");
  const body: Json = { level };
  if (scope === "global") body.notification_email = (stored?.notification_email as string | undefined) ?? email;
  if (level === "custom") body.events = Object.fromEntries(EVENTS.map((e) => [e, (stored?.events as Json | undefined)?.[e] === true]));
  return body;
}

function notificationRoutes(scope: Scope): { get: (ctx: RestContext) => RestResult; put: (ctx: RestContext) => RestResult } {
  return {
    get(ctx) {
      const { user } = requireUser(ctx.auth);
      return { status: 200, body: notificationBody(area(ctx.state).notifications.get(scopeKey(ctx, scope, user.id)), scope, user.email) };
    },
    put(ctx) {
      const { user } = requireUser(ctx.auth);
      const key = scopeKey(ctx, scope, user.id);
      const p = ctx.params;
      if (p.level !== undefined && !LEVELS.includes(String(p.level))) throw messageError(400, { level: ["is not included in the list"] });
      const prev = area(ctx.state).notifications.get(key) ?? {};
      const events = { ...((prev.events as Json | undefined) ?? {}) };
      for (const e of EVENTS) if (p[e] !== undefined) events[e] = p[e] === true || p[e] === "true";
      const next: Json = { ...prev, events, ...(p.level !== undefined ? { level: p.level } : {}), ...(scope === "global" && typeof p.notification_email === "string" ? { notification_email: p.notification_email } : {}) };
      area(ctx.state).notifications.set(key, next);
      return { status: 200, body: notificationBody(next, scope, user.email) };
    },
  };
}

const PAT_SCOPES = ["k8s_proxy", "self_rotate"];

function createPat(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  const p = ctx.params;
  if (typeof p.name !== "string" || p.name === "") throw messageError(400, "name is missing");
  const scopes = Array.isArray(p.scopes) ? p.scopes.map(String) : typeof p.scopes === "string" ? [p.scopes] : [];
  if (scopes.length === 0) throw messageError(400, "scopes is missing");
  if (scopes.some((s) => !PAT_SCOPES.includes(s))) throw messageError(400, "scopes does not have a valid value");
  const a = area(ctx.state);
  const id = ++a.tokenSeq;
  const expires = typeof p.expires_at === "string" ? p.expires_at : new Date(ctx.state.now().getTime() + 30 * 86400_000).toISOString().slice(0, 10);
  return {
    status: 201,
    body: {
      id,
      name: p.name,
      revoked: false,
      created_at: ctx.state.now().toISOString(),
      description: typeof p.description === "string" ? p.description : null,
      scopes,
      user_id: user.id,
      last_used_at: null,
      active: true,
      expires_at: expires,
      token: `glpat-sim${String(id).padStart(4, "0")}SecretValueXyZ`,
    },
  };
}

function createRunner(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const p = ctx.params;
  const type = p.runner_type;
  if (type !== "instance_type" && type !== "group_type" && type !== "project_type") throw messageError(400, "runner_type does not have a valid value");
  if (type === "group_type" && p.group_id === undefined) throw messageError(400, "group_id is missing");
  if (type === "project_type" && p.project_id === undefined) throw messageError(400, "project_id is missing");
  if (type === "project_type" && !ctx.state.findProject(String(p.project_id))) throw notFound("Project");
  if (type === "group_type" && !ctx.state.findGroup(String(p.group_id))) throw notFound("Group");
  const id = ++area(ctx.state).runnerSeq;
  return { status: 201, body: { id, token: `glrt-sim${id}RunnerSecretAbC`, token_expires_at: null } };
}

function namespaceBody(ctx: RestContext, n: NamespaceRow): Json {
  const out: Json = {
    id: n.id,
    name: n.name,
    path: n.path,
    kind: n.kind,
    full_path: n.full_path,
    parent_id: n.parent_id,
    avatar_url: null,
    web_url: n.kind === "user" ? `${ctx.options.externalUrl}/${n.path}` : `${ctx.options.externalUrl}/groups/${n.full_path}`,
  };
  if (ctx.options.edition === "ee") out.plan = namespacePlan(ctx.state, n);
  return out;
}

function getNamespace(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  const n = findNamespace(ctx.state, ctx.route.id ?? "");
  const visible = n && (n.kind === "user" ? n.path.toLowerCase() === user.username.toLowerCase() : ctx.state.isGroupMember(ctx.state.findGroup(n.id)!, user.id));
  if (!n || !visible) throw notFound("Namespace");
  return { status: 200, body: namespaceBody(ctx, n) };
}

function namespaceExists(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const path = (ctx.route.namespace ?? "").toLowerCase();
  const parent = ctx.params.parent_id === undefined ? null : Number(ctx.params.parent_id);
  const taken = (candidate: string): boolean =>
    [...ctx.state.groups.values()].some((g) => g.parent_id === parent && g.path.toLowerCase() === candidate) ||
    (parent === null && [...ctx.state.users.values()].some((u) => u.username.toLowerCase() === candidate));
  const exists = taken(path);
  const suggests: string[] = [];
  for (let i = 1; exists && suggests.length < 1; i++) if (!taken(`${path}${i}`)) suggests.push(`${ctx.route.namespace}${i}`);
  return { status: 200, body: { exists, suggests } };
}

export function registerUserAreaRoutes(router: Router): void {
  router.add("GET", "/user/status", getMyStatus, "user");
  router.add("PUT", "/user/status", setMyStatus);
  router.add("GET", "/users/:id/status", getUserStatus, "user");
  router.add("GET", "/todos", listTodos);
  router.add("POST", "/todos/mark_as_done", markAllDone);
  router.add("POST", "/todos/:id/mark_as_done", markTodoDone);
  for (const [scope, path] of [["global", "/notification_settings"], ["group", "/groups/:id/notification_settings"], ["project", "/projects/:id/notification_settings"]] as const) {
    const r = notificationRoutes(scope);
    router.add("GET", path, r.get);
    router.add("PUT", path, r.put);
  }
  router.add("POST", "/user/personal_access_tokens", createPat);
  router.add("POST", "/user/runners", createRunner);
  router.add("GET", "/namespaces/:namespace/exists", namespaceExists);
  router.add("GET", "/namespaces/:id", getNamespace);
}
