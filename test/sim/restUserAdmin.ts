// Users as an administrator sees them, with state (doc/api/users.md, user_moderation.md, user_tokens.md,
// service_accounts.md, events.md, avatar.md):
// - GET /users (filters username, search, active, blocked, external, humans; ordered by id, newest
//   first; offset pages) and GET /users/:id (an Integer id: anything else is Grape's 400 "id is invalid";
//   a miss is 404 {"message":"404 User Not Found"}). Administrators also see email, is_admin, note...
// - POST /users (201; 409 "Email has already been taken" / "Username has already been taken"; one of
//   password, reset_password, force_random_password is required), PUT /users/:id (200), DELETE
//   /users/:id (204, hard_delete accepted).
// - moderation: block, unblock, deactivate, activate, ban, unban answer 201 `true`, or 403 with the
//   reason GitLab gives; approve answers 201 {"message":"Success"} (409 when not pending), reject 200
//   {"message":"Success"} (409 "User does not have a pending request") and deletes the pending user.
// - PATCH /users/:id/disable_two_factor: 204, 400 when two-factor is off, 403 for an administrator.
// - DELETE /users/:id/identities/:provider: 204, or 404 Identity Not Found.
// - impersonation tokens (create 201 with `token`, list with state all|active|inactive, get, revoke 204,
//   a miss 404 Impersonation Token Not Found) and POST /users/:user_id/personal_access_tokens (201 with
//   `token`); POST/GET /service_accounts (201 / list).
// - GET /users/:id/associations_count (the user or an administrator), /users/:id/memberships (type
//   Project|Namespace), /user/activities (from), events of a user (ID or username), of the token's user
//   (/events) and of a project; GET /avatar?email=.
// Every administrator route answers 403 {"message":"403 Forbidden"} to a token whose user is no admin.
import { ApiError, forbidden, messageError, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { requireUser } from "./auth.js";
import { userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimProject, SimState, SimUser } from "./state.js";

type Json = Record<string, unknown>;

/** What an administrator sees of a user beyond SimUser, seeded with seedUserAdmin. */
export interface UserAdminSeed {
  state?: "active" | "blocked" | "deactivated" | "banned" | "ldap_blocked" | "blocked_pending_approval";
  is_admin?: boolean;
  external?: boolean;
  bot?: boolean;
  two_factor_enabled?: boolean;
  note?: string | null;
  last_activity_on?: string | null;
  identities?: { provider: string; extern_uid: string }[];
  memberships?: { source_id: number; source_name: string; source_type: "Project" | "Namespace"; access_level: number }[];
  associations?: { groups_count: number; projects_count: number; issues_count: number; merge_requests_count: number };
  events?: Json[];
}

interface Extras extends UserAdminSeed {
  tokens: Json[];
}

const EXTRAS = new WeakMap<SimUser, Extras>();
const PROJECT_EVENTS = new WeakMap<SimProject, Json[]>();
const SERVICE_ACCOUNTS = new WeakMap<SimState, Json[]>();
const TOKEN_IDS = new WeakMap<SimState, number>();

function extrasOf(user: SimUser): Extras {
  let e = EXTRAS.get(user);
  if (!e) {
    e = { tokens: [] };
    EXTRAS.set(user, e);
  }
  return e;
}

/** Seeds what an administrator sees of a user (sim.addUser returns the user). */
export function seedUserAdmin(user: SimUser, seed: UserAdminSeed): void {
  Object.assign(extrasOf(user), seed);
}

/** Seeds the visible events of a project (sim.getProject returns it). */
export function seedProjectEvents(project: SimProject, events: Json[]): void {
  PROJECT_EVENTS.set(project, [...(PROJECT_EVENTS.get(project) ?? []), ...events]);
}

function isAdmin(ctx: RestContext): boolean {
  return requireUser(ctx.auth).token.admin === true;
}

/** authenticated_as_admin! */
function requireAdmin(ctx: RestContext): void {
  if (!isAdmin(ctx)) throw forbidden();
}

const userNotFound = (): ApiError => messageError(404, "404 User Not Found");

/** `requires :id, type: Integer` then User.find_by(id:). */
function userById(ctx: RestContext, key = "id"): SimUser {
  const raw = ctx.route[key] ?? "";
  if (!/^\d+$/.test(raw)) throw validationError([`${key} is invalid`]);
  const user = ctx.state.users.get(Number(raw));
  if (!user) throw userNotFound();
  return user;
}

/** find_user(id): an ID or a username. */
function userByIdOrUsername(ctx: RestContext): SimUser {
  const raw = ctx.route.id ?? "";
  const user = /^\d+$/.test(raw) ? ctx.state.users.get(Number(raw)) : [...ctx.state.users.values()].find((u) => u.username.toLowerCase() === raw.toLowerCase());
  if (!user) throw userNotFound();
  return user;
}

function present(ctx: RestContext, user: SimUser, admin: boolean): Json {
  const e = extrasOf(user);
  const basic: Json = {
    id: user.id,
    username: user.username,
    name: user.name,
    state: e.state ?? "active",
    locked: false,
    avatar_url: `https://www.gravatar.com/avatar/${user.id.toString(16).padStart(32, "0")}?s=80&d=identicon`,
    web_url: `${ctx.options.externalUrl}/${user.username}`,
  };
  if (!admin) return basic;
  return {
    ...basic,
    created_at: "2024-12-02T08:00:00.000Z",
    bot: e.bot ?? false,
    public_email: null,
    email: user.email,
    is_admin: e.is_admin ?? false,
    external: e.external ?? false,
    two_factor_enabled: e.two_factor_enabled ?? false,
    note: e.note ?? null,
    last_activity_on: e.last_activity_on ?? null,
    last_sign_in_at: null,
    projects_limit: 100000,
    can_create_group: true,
    identities: e.identities ?? [],
  };
}

function page(ctx: RestContext, items: Json[]): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const paged = paginateOffset(items, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items, headers: paged.headers };
}

const flag = (v: unknown): boolean | undefined => (v === undefined ? undefined : v === true || v === "true");

function listUsers(ctx: RestContext): RestResult {
  const admin = ctx.auth.kind === "user" && isAdmin(ctx);
  const q = ctx.params;
  let users = [...ctx.state.users.values()].sort((a, b) => b.id - a.id);
  if (typeof q.username === "string") users = users.filter((u) => u.username.toLowerCase() === (q.username as string).toLowerCase());
  if (typeof q.search === "string") {
    const s = q.search.toLowerCase();
    users = users.filter((u) => u.username.toLowerCase().includes(s) || u.name.toLowerCase().includes(s) || (admin && u.email.toLowerCase() === s));
  }
  const stateOf = (u: SimUser) => extrasOf(u).state ?? "active";
  if (flag(q.active)) users = users.filter((u) => stateOf(u) === "active");
  if (flag(q.blocked)) users = users.filter((u) => stateOf(u).includes("blocked"));
  if (admin && flag(q.external)) users = users.filter((u) => extrasOf(u).external === true);
  if (flag(q.humans)) users = users.filter((u) => extrasOf(u).bot !== true);
  return page(ctx, users.map((u) => present(ctx, u, admin)));
}

function getUser(ctx: RestContext): RestResult {
  const user = userById(ctx);
  return { status: 200, body: present(ctx, user, ctx.auth.kind === "user" && isAdmin(ctx)) };
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

function takenBy(ctx: RestContext, field: "email" | "username", value: string, except?: number): boolean {
  return [...ctx.state.users.values()].some((u) => u.id !== except && u[field].toLowerCase() === value.toLowerCase());
}

function createUser(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const q = ctx.params;
  const missing = ["email", "name", "username"].filter((k) => str(q[k]) === undefined);
  if (missing.length > 0) throw validationError(missing.map((k) => `${k} is missing`));
  if (q.password === undefined && !flag(q.reset_password) && !flag(q.force_random_password))
    throw validationError(["password, reset_password, force_random_password are missing, at least one parameter must be provided"]);
  if (takenBy(ctx, "email", str(q.email)!)) throw messageError(409, "Email has already been taken");
  if (takenBy(ctx, "username", str(q.username)!)) throw messageError(409, "Username has already been taken");
  const id = Math.max(1, ...ctx.state.users.keys()) + 1;
  const user = ctx.state.putUser({ id, username: str(q.username)!, name: str(q.name)!, email: str(q.email)! });
  seedUserAdmin(user, { is_admin: flag(q.admin) ?? false, external: flag(q.external) ?? false, note: str(q.note) ?? null });
  return { status: 201, body: present(ctx, user, true) };
}

function modifyUser(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const user = userById(ctx);
  const q = ctx.params;
  if (str(q.email) && takenBy(ctx, "email", str(q.email)!, user.id)) throw messageError(409, "Email has already been taken");
  if (str(q.username) && takenBy(ctx, "username", str(q.username)!, user.id)) throw messageError(409, "Username has already been taken");
  if (str(q.email)) user.email = str(q.email)!;
  if (str(q.username)) user.username = str(q.username)!;
  if (str(q.name)) user.name = str(q.name)!;
  const e = extrasOf(user);
  if (flag(q.admin) !== undefined) e.is_admin = flag(q.admin);
  if (flag(q.external) !== undefined) e.external = flag(q.external);
  if (q.note !== undefined) e.note = str(q.note) ?? null;
  return { status: 200, body: present(ctx, user, true) };
}

function deleteUser(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const user = userById(ctx);
  if (user.id === requireUser(ctx.auth).user.id) throw forbidden();
  ctx.state.users.delete(user.id);
  return { status: 204 };
}

type Transition = (e: Extras, self: boolean) => RestResult;

const moderation: Record<string, Transition> = {
  block: (e, self) => {
    if (e.state === "ldap_blocked") throw forbidden("LDAP blocked users cannot be modified by the API");
    if (self) throw forbidden("The API you are trying to access is not allowed for the current user");
    e.state = "blocked";
    return { status: 201, body: true };
  },
  unblock: (e) => {
    if (e.state === "ldap_blocked") throw forbidden("LDAP blocked users cannot be unblocked by the API");
    if (e.state === "deactivated") throw forbidden("Deactivated users cannot be unblocked by the API");
    e.state = "active";
    return { status: 201, body: true };
  },
  deactivate: (e) => {
    if (e.state === "deactivated") return { status: 201, body: true };
    if ((e.state ?? "active") !== "active") throw forbidden("A blocked user cannot be deactivated by the API");
    const last = e.last_activity_on ? Date.parse(e.last_activity_on) : 0;
    if (Date.now() - last < 90 * 86400_000)
      throw forbidden("The user you are trying to deactivate has been active in the past 90 days and cannot be deactivated");
    e.state = "deactivated";
    return { status: 201, body: true };
  },
  activate: (e) => {
    if (e.state === "blocked" || e.state === "ldap_blocked") throw forbidden("A blocked user must be unblocked to be activated");
    e.state = "active";
    return { status: 201, body: true };
  },
  ban: (e) => {
    if ((e.state ?? "active") !== "active") throw messageError(403, "You cannot ban blocked, deactivated, or already banned users");
    e.state = "banned";
    return { status: 201, body: true };
  },
  unban: (e) => {
    if (e.state !== "banned") throw messageError(403, "You cannot unban active users");
    e.state = "active";
    return { status: 201, body: true };
  },
  approve: (e) => {
    if (e.state === "deactivated") throw messageError(409, "The user you are trying to approve is not pending approval");
    if (e.state !== "blocked_pending_approval") throw messageError(409, "The user you are trying to approve is not pending approval");
    e.state = "active";
    return { status: 201, body: { message: "Success" } };
  },
};

function moderate(action: string): (ctx: RestContext) => RestResult {
  return (ctx) => {
    requireAdmin(ctx);
    const user = userById(ctx);
    return moderation[action](extrasOf(user), user.id === requireUser(ctx.auth).user.id);
  };
}

function reject(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const user = userById(ctx);
  if (extrasOf(user).state !== "blocked_pending_approval") throw messageError(409, "User does not have a pending request");
  ctx.state.users.delete(user.id);
  return { status: 200, body: { message: "Success" } };
}

function disableTwoFactor(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const e = extrasOf(userById(ctx));
  if (e.is_admin) throw forbidden("Two-factor authentication for admins cannot be disabled via the API. Use the Rails console");
  if (!e.two_factor_enabled) throw messageError(400, "400 Bad request - Two-factor authentication is not enabled for this user");
  e.two_factor_enabled = false;
  return { status: 204 };
}

function deleteIdentity(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const e = extrasOf(userById(ctx));
  const before = e.identities ?? [];
  const kept = before.filter((i) => i.provider !== ctx.route.provider);
  if (kept.length === before.length) throw messageError(404, "404 Identity Not Found");
  e.identities = kept;
  return { status: 204 };
}

/** Token IDs count from 901 in each simulator. */
function nextTokenId(state: SimState): number {
  const id = (TOKEN_IDS.get(state) ?? 900) + 1;
  TOKEN_IDS.set(state, id);
  return id;
}

function tokenValue(): string {
  return `glpat-${Array.from({ length: 20 }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(Math.random() * 36)]).join("")}`;
}

function newToken(ctx: RestContext, impersonation: boolean): RestResult {
  requireAdmin(ctx);
  const user = userById(ctx, "user_id");
  const q = ctx.params;
  const missing = ["name", "scopes"].filter((k) => q[k] === undefined);
  if (missing.length > 0) throw validationError(missing.map((k) => `${k} is missing`));
  const scopes = Array.isArray(q.scopes) ? q.scopes.map(String) : [String(q.scopes)];
  const token: Json = {
    id: nextTokenId(ctx.state),
    name: String(q.name),
    description: str(q.description) ?? null,
    revoked: false,
    created_at: new Date().toISOString(),
    scopes,
    user_id: user.id,
    last_used_at: null,
    active: true,
    expires_at: str(q.expires_at) ?? null,
    ...(impersonation ? { impersonation: true } : {}),
  };
  if (impersonation) extrasOf(user).tokens.push(token);
  return { status: 201, body: { ...token, token: tokenValue() } };
}

function impersonationTokens(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const tokens = extrasOf(userById(ctx, "user_id")).tokens;
  const state = str(ctx.params.state) ?? "all";
  if (!["all", "active", "inactive"].includes(state)) throw validationError(["state does not have a valid value"]);
  return page(ctx, tokens.filter((t) => state === "all" || (state === "active") === (t.active === true)));
}

function findToken(ctx: RestContext): Json {
  requireAdmin(ctx);
  const tokens = extrasOf(userById(ctx, "user_id")).tokens;
  const hit = tokens.find((t) => String(t.id) === ctx.route.impersonation_token_id);
  if (!hit) throw messageError(404, "404 Impersonation Token Not Found");
  return hit;
}

function revokeToken(ctx: RestContext): RestResult {
  const t = findToken(ctx);
  t.revoked = true;
  t.active = false;
  return { status: 204 };
}

function serviceAccounts(state: SimState): Json[] {
  let list = SERVICE_ACCOUNTS.get(state);
  if (!list) {
    list = [];
    SERVICE_ACCOUNTS.set(state, list);
  }
  return list;
}

function createServiceAccount(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const q = ctx.params;
  const id = Math.max(1, ...ctx.state.users.keys()) + 1;
  const suffix = id.toString(16).padStart(8, "0");
  const username = str(q.username) ?? `service_account_${suffix}`;
  if (takenBy(ctx, "username", username)) throw messageError(400, "Username has already been taken");
  const email = str(q.email) ?? `service_account_${suffix}@noreply.gitlab.example.com`;
  const user = ctx.state.putUser({ id, username, name: str(q.name) ?? "Service account user", email });
  seedUserAdmin(user, { bot: true });
  const account = { id, username, name: user.name, email };
  serviceAccounts(ctx.state).push(account);
  return { status: 201, body: account };
}

function listServiceAccounts(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const by = str(ctx.params.order_by) ?? "id";
  const dir = str(ctx.params.sort) === "asc" ? 1 : -1;
  const all = [...serviceAccounts(ctx.state)].sort((a, b) => (String(a[by]).localeCompare(String(b[by]), "en", { numeric: true })) * dir);
  return page(ctx, all);
}

function associationsCount(ctx: RestContext): RestResult {
  const user = userById(ctx);
  if (!isAdmin(ctx) && requireUser(ctx.auth).user.id !== user.id) throw forbidden();
  return { status: 200, body: extrasOf(user).associations ?? { groups_count: 0, projects_count: 0, issues_count: 0, merge_requests_count: 0 } };
}

function memberships(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const type = str(ctx.params.type);
  if (type !== undefined && type !== "Project" && type !== "Namespace") throw validationError(["type does not have a valid value"]);
  return page(ctx, (extrasOf(userById(ctx)).memberships ?? []).filter((m) => type === undefined || m.source_type === type));
}

function activities(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const from = str(ctx.params.from) ?? new Date(Date.now() - 6 * 30 * 86400_000).toISOString().slice(0, 10);
  const rows = [...ctx.state.users.values()]
    .map((u) => ({ username: u.username, last_activity_on: extrasOf(u).last_activity_on ?? null }))
    .filter((r) => r.last_activity_on !== null && r.last_activity_on >= from)
    .map((r) => ({ ...r, last_activity_at: r.last_activity_on }));
  return page(ctx, rows);
}

function filterEvents(ctx: RestContext, events: Json[]): RestResult {
  const q = ctx.params;
  const day = (e: Json) => String(e.created_at).slice(0, 10);
  let out = events.filter(
    (e) =>
      (q.action === undefined || e.action_name === q.action || String(e.action_name).startsWith(String(q.action))) &&
      (q.target_type === undefined || String(e.target_type ?? "").toLowerCase().replace(/([a-z])([A-Z])/g, "$1_$2") === String(q.target_type).toLowerCase() ||
        String(e.target_type ?? "").replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase() === String(q.target_type)) &&
      (q.before === undefined || day(e) < String(q.before)) &&
      (q.after === undefined || day(e) > String(q.after)),
  );
  out = out.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) * (q.sort === "asc" ? -1 : 1));
  return page(ctx, out);
}

function userEvents(ctx: RestContext): RestResult {
  return filterEvents(ctx, extrasOf(userByIdOrUsername(ctx)).events ?? []);
}

function myEvents(ctx: RestContext): RestResult {
  return filterEvents(ctx, extrasOf(requireUser(ctx.auth).user).events ?? []);
}

function projectEvents(ctx: RestContext): RestResult {
  return filterEvents(ctx, PROJECT_EVENTS.get(userProject(ctx)) ?? []);
}

function avatar(ctx: RestContext): RestResult {
  const email = str(ctx.params.email);
  if (email === undefined) throw validationError(["email is missing"]);
  const size = ctx.params.size === undefined ? 80 : Number(ctx.params.size);
  const user = [...ctx.state.users.values()].find((u) => u.email.toLowerCase() === email.toLowerCase());
  const hash = Buffer.from(email.toLowerCase()).toString("hex").slice(0, 32).padEnd(32, "0");
  return {
    status: 200,
    body: { avatar_url: user ? `${ctx.options.externalUrl}/uploads/-/system/user/avatar/${user.id}/avatar.png` : `https://www.gravatar.com/avatar/${hash}?s=${size}&d=identicon` },
  };
}

export function registerUserAdminRoutes(router: Router): void {
  router.add("GET", "/users", listUsers, "user");
  router.add("POST", "/users", createUser);
  router.add("GET", "/users/:id", getUser, "user");
  router.add("PUT", "/users/:id", modifyUser);
  router.add("DELETE", "/users/:id", deleteUser);
  for (const action of Object.keys(moderation)) router.add("POST", `/users/:id/${action}`, moderate(action));
  router.add("POST", "/users/:id/reject", reject);
  router.add("PATCH", "/users/:id/disable_two_factor", disableTwoFactor);
  router.add("DELETE", "/users/:id/identities/:provider", deleteIdentity);
  router.add("POST", "/users/:user_id/impersonation_tokens", (ctx) => newToken(ctx, true));
  router.add("GET", "/users/:user_id/impersonation_tokens", impersonationTokens, "user");
  router.add("GET", "/users/:user_id/impersonation_tokens/:impersonation_token_id", (ctx) => ({ status: 200, body: findToken(ctx) }), "user");
  router.add("DELETE", "/users/:user_id/impersonation_tokens/:impersonation_token_id", revokeToken);
  router.add("POST", "/users/:user_id/personal_access_tokens", (ctx) => newToken(ctx, false));
  router.add("POST", "/service_accounts", createServiceAccount);
  router.add("GET", "/service_accounts", listServiceAccounts);
  router.add("GET", "/users/:id/associations_count", associationsCount, "user");
  router.add("GET", "/users/:id/memberships", memberships, "user");
  router.add("GET", "/user/activities", activities, "user");
  router.add("GET", "/users/:id/events", userEvents, "user");
  router.add("GET", "/events", myEvents);
  router.add("GET", "/projects/:id/events", projectEvents);
  router.add("GET", "/avatar", avatar);
}
