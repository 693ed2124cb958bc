// Tokens and membership requests: personal access tokens (list, rotate, revoke, `self` included),
// project and group access tokens, deploy tokens, invitations and access requests. Answers follow
// GitLab's documentation pages of the same names:
// - GET /personal_access_tokens (personal_access_tokens.md): the caller's own tokens, every user's for an
//   administrator; filters state, revoked, search, user_id (another user's as a non-admin: 401),
//   expires_before; never the secret. POST /personal_access_tokens/:id/rotate (`self` = the calling
//   token, which needs api or self_rotate, else 403): 200 with a new `token`, the old one revoked; a token
//   of someone else, revoked or absent: 401 (404 for an administrator). DELETE /personal_access_tokens/:id
//   (or self): 204.
// - /projects/:id/access_tokens and /groups/:id/access_tokens (project_access_tokens.md,
//   group_access_tokens.md): tokens of a bot user, with access_level (default 40). Create needs name and
//   scopes (400 otherwise), answers 201 with `token`; rotate answers 200 with a new `token`, `self`
//   being the calling token when it belongs to that project or group (otherwise 401). A missing token
//   answers 404 {"message":"404 Access token Not Found"}. The bot tokens authenticate like any other.
// - /deploy_tokens (admins only, else 403), /projects|groups/:id/deploy_tokens[/:token_id]
//   (deploy_tokens.md): {id, name, username, expires_at, revoked, expired, scopes}; `token` only in the
//   201 answer of a creation; an unknown ID answers 404 {"message":"404 Not found"}; DELETE 204.
// - POST /projects|groups/:id/invitations (invitations.md): email or user_id (400 when neither),
//   access_level required and one of 10..50. 201 {"status":"success"}; an email already invited answers
//   201 {"status":"error","message":{"<email>":"Invite email has already been taken"}}. A user_id makes a
//   member directly, so only email invitations are listed by GET .../invitations (`query` must equal the
//   email, as the page says).
// - /projects|groups/:id/access_requests (access_requests.md): POST requests access as the caller (201),
//   GET lists them, PUT .../:user_id/approve (access_level default 30) answers the new member with its
//   access_level, DELETE .../:user_id 204; an unknown request answers 404 {"message":"404 Not found"}.
import { requireUser } from "./auth.js";
import { forbidden, messageError, notFound, recordNotFound, unauthorized, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimState, TokenRecord } from "./state.js";

type Json = Record<string, unknown>;
type Kind = "project" | "group";

const RESOURCE_SCOPES = [
  "api", "read_api", "read_repository", "write_repository", "read_registry", "write_registry", "read_virtual_registry",
  "write_virtual_registry", "create_runner", "manage_runner", "ai_features", "k8s_proxy", "self_rotate", "read_observability", "write_observability",
];
const DEPLOY_SCOPES = ["read_repository", "read_registry", "write_registry", "read_package_registry", "write_package_registry", "read_virtual_registry", "write_virtual_registry"];
const ROLE_LEVELS = [10, 15, 20, 30, 40, 50];

interface ResourceToken {
  kind: Kind;
  ownerId: number;
  accessLevel: number;
  description: string | null;
}
interface DeployTokenRow {
  id: number;
  kind: Kind;
  ownerId: number;
  name: string;
  username: string;
  expires_at: string | null;
  revoked: boolean;
  scopes: string[];
}
interface InvitationRow {
  id: number;
  kind: Kind;
  ownerId: number;
  invite_email: string;
  access_level: number;
  expires_at: string | null;
  created_at: string;
  created_by_name: string;
}
interface AccessRequestRow {
  kind: Kind;
  ownerId: number;
  userId: number;
  requested_at: string;
}

interface Store {
  /** Project and group access tokens by token record id (the record itself lives in state.tokens). */
  resourceTokens: Map<number, ResourceToken>;
  descriptions: Map<number, string | null>;
  deployTokens: DeployTokenRow[];
  invitations: InvitationRow[];
  requests: AccessRequestRow[];
  seq: { deploy: number; invitation: number; secret: number; bot: number };
}

const stores = new WeakMap<SimState, Store>();
function store(state: SimState): Store {
  let s = stores.get(state);
  if (!s) {
    s = { resourceTokens: new Map(), descriptions: new Map(), deployTokens: [], invitations: [], requests: [], seq: { deploy: 0, invitation: 0, secret: 0, bot: 0 } };
    stores.set(state, s);
  }
  return s;
}

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (ctx: RestContext, days: number) => new Date(ctx.state.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

function isActive(t: TokenRecord): boolean {
  return !t.revoked && !(t.expiresAt !== null && t.expiresAt.slice(0, 10) <= today());
}

function tokenBody(ctx: RestContext, t: TokenRecord, secret?: string): Json {
  const resource = store(ctx.state).resourceTokens.get(t.id);
  return {
    id: t.id,
    name: t.name,
    revoked: t.revoked,
    created_at: t.createdAt,
    description: store(ctx.state).descriptions.get(t.id) ?? null,
    scopes: t.scopes,
    user_id: t.userId,
    last_used_at: t.lastUsedAt,
    active: isActive(t),
    expires_at: t.expiresAt,
    ...(resource ? { access_level: resource.accessLevel } : {}),
    ...(secret ? { token: secret } : {}),
  };
}

function newSecret(ctx: RestContext, prefix: string): string {
  const n = ++store(ctx.state).seq.secret;
  return `${prefix}sim${String(n).padStart(4, "0")}RotatedSecretQw${n}`;
}

/** Adds a token record (state.tokens, so that it authenticates) and returns it. */
function mintToken(ctx: RestContext, fields: { name: string; scopes: string[]; userId: number; expiresAt: string | null; description: string | null }): { record: TokenRecord; secret: string } {
  const secret = newSecret(ctx, "glpat-");
  ctx.state.addToken(secret, { name: fields.name, scopes: fields.scopes, userId: fields.userId, expiresAt: fields.expiresAt });
  const record = ctx.state.tokens.get(secret)!;
  record.createdAt = ctx.state.now().toISOString();
  store(ctx.state).descriptions.set(record.id, fields.description);
  return { record, secret };
}

function tokenById(state: SimState, id: number): TokenRecord | undefined {
  for (const t of state.tokens.values()) if (t.id === id) return t;
  return undefined;
}

function scopesOf(p: unknown): string[] {
  return Array.isArray(p) ? p.map(String) : typeof p === "string" ? [p] : [];
}

function listFilter(rows: TokenRecord[], q: Json): TokenRecord[] {
  return rows
    .filter((t) => q.state === undefined || (q.state === "active") === isActive(t))
    .filter((t) => q.revoked === undefined || t.revoked === (q.revoked === true || q.revoked === "true"))
    .filter((t) => typeof q.search !== "string" || t.name.toLowerCase().includes(q.search.toLowerCase()))
    .filter((t) => typeof q.expires_before !== "string" || (t.expiresAt !== null && t.expiresAt < q.expires_before))
    .sort((a, b) => a.id - b.id);
}

function paged<T>(ctx: RestContext, rows: T[], present: (row: T) => unknown): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(rows, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items.map(present), headers: page.headers };
}

// ---- Personal access tokens ----------------------------------------------------------------------

function listPersonal(ctx: RestContext): RestResult {
  const { token: caller, user } = requireUser(ctx.auth);
  const q = ctx.params;
  const wanted = q.user_id === undefined ? undefined : Number(q.user_id);
  if (wanted !== undefined && wanted !== user.id && !caller.admin) throw unauthorized();
  const resources = store(ctx.state).resourceTokens;
  const rows = [...ctx.state.tokens.values()]
    .filter((t) => !resources.has(t.id))
    .filter((t) => (wanted !== undefined ? t.userId === wanted : caller.admin || t.userId === user.id));
  return paged(ctx, listFilter(rows, q), (t) => tokenBody(ctx, t));
}

/** The personal token a request names (`self` = the caller's), with GitLab's 401/404 answers. */
function personalTarget(ctx: RestContext): TokenRecord {
  const { token: caller, user } = requireUser(ctx.auth);
  if (ctx.route.id === "self") return caller;
  const id = Number(ctx.route.id);
  const target = Number.isInteger(id) ? tokenById(ctx.state, id) : undefined;
  if (!target || store(ctx.state).resourceTokens.has(target.id) || (target.userId !== user.id && !caller.admin)) throw caller.admin ? notFound() : unauthorized();
  return target;
}

function rotate(ctx: RestContext, target: TokenRecord, self: boolean): RestResult {
  const { token: caller } = requireUser(ctx.auth);
  if (self ? !caller.scopes.some((s) => s === "api" || s === "self_rotate") : !caller.scopes.includes("api")) throw forbidden();
  if (target.revoked || !isActive(target)) throw unauthorized();
  const p = ctx.params;
  if (p.expires_at !== undefined && (typeof p.expires_at !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(p.expires_at))) throw validationError(["expires_at is invalid"]);
  const expiresAt = typeof p.expires_at === "string" ? p.expires_at : inDays(ctx, 7);
  target.revoked = true;
  const s = store(ctx.state);
  const { record, secret } = mintToken(ctx, { name: target.name, scopes: target.scopes, userId: target.userId, expiresAt, description: s.descriptions.get(target.id) ?? null });
  const resource = s.resourceTokens.get(target.id);
  if (resource) s.resourceTokens.set(record.id, { ...resource });
  return { status: 200, body: tokenBody(ctx, record, secret) };
}

function rotatePersonal(ctx: RestContext): RestResult {
  return rotate(ctx, personalTarget(ctx), ctx.route.id === "self");
}

function revokePersonal(ctx: RestContext): RestResult {
  const target = personalTarget(ctx);
  if (ctx.route.id !== "self" && !requireUser(ctx.auth).token.scopes.includes("api")) throw forbidden();
  if (target.revoked) throw messageError(400, "400 Bad request - Token already revoked");
  target.revoked = true;
  return { status: 204, body: null };
}

// ---- Project and group access tokens ---------------------------------------------------------------

function owner(ctx: RestContext, kind: Kind): { id: number; path: string } {
  if (kind === "project") {
    const project = userProject(ctx);
    return { id: project.id, path: project.path_with_namespace };
  }
  requireUser(ctx.auth);
  const group = ctx.state.findGroup(ctx.route.id ?? "");
  if (!group) throw notFound("Group");
  return { id: group.id, path: group.full_path };
}

function resourceTokens(ctx: RestContext, kind: Kind, ownerId: number): TokenRecord[] {
  const s = store(ctx.state);
  return [...ctx.state.tokens.values()].filter((t) => {
    const r = s.resourceTokens.get(t.id);
    return r !== undefined && r.kind === kind && r.ownerId === ownerId;
  });
}

function resourceToken(ctx: RestContext, kind: Kind, ownerId: number): TokenRecord {
  const { token: caller } = requireUser(ctx.auth);
  if (ctx.route.token_id === "self") {
    const r = store(ctx.state).resourceTokens.get(caller.id);
    if (!r || r.kind !== kind || r.ownerId !== ownerId) throw unauthorized();
    return caller;
  }
  const id = Number(ctx.route.token_id);
  const found = resourceTokens(ctx, kind, ownerId).find((t) => t.id === id);
  if (!found) throw notFound("Access token");
  return found;
}

const resourceRoutes = (kind: Kind) => ({
  list(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    return paged(ctx, listFilter(resourceTokens(ctx, kind, o.id), ctx.params), (t) => tokenBody(ctx, t));
  },
  get(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    return { status: 200, body: tokenBody(ctx, resourceToken(ctx, kind, o.id)) };
  },
  create(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    const p = ctx.params;
    if (typeof p.name !== "string" || p.name === "") throw validationError(["name is missing"]);
    const scopes = scopesOf(p.scopes);
    if (scopes.length === 0) throw validationError(["scopes is missing"]);
    if (scopes.some((x) => !RESOURCE_SCOPES.includes(x))) throw validationError(["scopes does not have a valid value"]);
    const level = p.access_level === undefined ? 40 : Number(p.access_level);
    if (!ROLE_LEVELS.includes(level)) throw validationError(["access_level does not have a valid value"]);
    const s = store(ctx.state);
    const bot = ctx.state.userNamed(`${kind}_${o.id}_bot_${++s.seq.bot}`);
    const expiresAt = typeof p.expires_at === "string" ? p.expires_at : inDays(ctx, 365);
    const { record, secret } = mintToken(ctx, { name: p.name, scopes, userId: bot.id, expiresAt, description: typeof p.description === "string" ? p.description : null });
    s.resourceTokens.set(record.id, { kind, ownerId: o.id, accessLevel: level, description: null });
    return { status: 201, body: tokenBody(ctx, record, secret) };
  },
  rotate(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    return rotate(ctx, resourceToken(ctx, kind, o.id), ctx.route.token_id === "self");
  },
  revoke(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    const t = resourceToken(ctx, kind, o.id);
    t.revoked = true;
    return { status: 204, body: null };
  },
});

// ---- Deploy tokens --------------------------------------------------------------------------------

function deployBody(d: DeployTokenRow, secret?: string): Json {
  const expired = d.expires_at !== null && d.expires_at.slice(0, 10) <= today();
  return { id: d.id, name: d.name, username: d.username, expires_at: d.expires_at, ...(secret ? { token: secret } : {}), revoked: d.revoked, expired, scopes: d.scopes };
}

function activeFilter(rows: DeployTokenRow[], active: unknown): DeployTokenRow[] {
  if (active === undefined) return rows;
  const want = active === true || active === "true";
  return rows.filter((d) => (!d.revoked && !(d.expires_at !== null && d.expires_at.slice(0, 10) <= today())) === want);
}

const deployRoutes = (kind: Kind) => ({
  list(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    const rows = store(ctx.state).deployTokens.filter((d) => d.kind === kind && d.ownerId === o.id && !d.revoked);
    return paged(ctx, activeFilter(rows, ctx.params.active), (d) => deployBody(d));
  },
  get(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    const d = store(ctx.state).deployTokens.find((x) => x.kind === kind && x.ownerId === o.id && x.id === Number(ctx.route.token_id) && !x.revoked);
    if (!d) throw recordNotFound();
    return { status: 200, body: deployBody(d) };
  },
  create(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    const p = ctx.params;
    if (typeof p.name !== "string" || p.name === "") throw validationError(["name is missing"]);
    const scopes = scopesOf(p.scopes);
    if (scopes.length === 0) throw validationError(["scopes is missing"]);
    if (scopes.some((x) => !DEPLOY_SCOPES.includes(x))) throw validationError(["scopes does not have a valid value"]);
    const s = store(ctx.state);
    const id = ++s.seq.deploy;
    const expires = typeof p.expires_at === "string" && p.expires_at !== "" ? new Date(p.expires_at.length === 10 ? `${p.expires_at}T00:00:00Z` : p.expires_at) : null;
    if (expires && Number.isNaN(expires.getTime())) throw validationError(["expires_at is invalid"]);
    const row: DeployTokenRow = {
      id,
      kind,
      ownerId: o.id,
      name: p.name,
      username: typeof p.username === "string" && p.username !== "" ? p.username : `gitlab+deploy-token-${id}`,
      expires_at: expires ? expires.toISOString() : null,
      revoked: false,
      scopes,
    };
    s.deployTokens.push(row);
    return { status: 201, body: deployBody(row, `gldt-sim${String(id).padStart(4, "0")}DeploySecretZx`) };
  },
  remove(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    const d = store(ctx.state).deployTokens.find((x) => x.kind === kind && x.ownerId === o.id && x.id === Number(ctx.route.token_id) && !x.revoked);
    if (!d) throw recordNotFound();
    d.revoked = true;
    return { status: 204, body: null };
  },
});

function listAllDeploy(ctx: RestContext): RestResult {
  const { token } = requireUser(ctx.auth);
  if (!token.admin) throw forbidden();
  return paged(ctx, activeFilter(store(ctx.state).deployTokens, ctx.params.active), (d) => deployBody(d));
}

// ---- Invitations and access requests ------------------------------------------------------------

const membershipRoutes = (kind: Kind) => ({
  invite(ctx: RestContext): RestResult {
    const { user } = requireUser(ctx.auth);
    const o = owner(ctx, kind);
    const p = ctx.params;
    if (p.email === undefined && p.user_id === undefined) throw validationError(["email, user_id are missing, at least one parameter must be provided"]);
    if (p.access_level === undefined) throw validationError(["access_level is missing"]);
    const level = Number(p.access_level);
    if (!ROLE_LEVELS.includes(level)) throw validationError(["access_level does not have a valid value"]);
    const s = store(ctx.state);
    const problems: Json = {};
    for (const email of typeof p.email === "string" ? p.email.split(",").map((e) => e.trim()).filter((e) => e !== "") : []) {
      if (s.invitations.some((i) => i.kind === kind && i.ownerId === o.id && i.invite_email === email)) {
        problems[email] = "Invite email has already been taken";
        continue;
      }
      s.invitations.push({
        id: ++s.seq.invitation,
        kind,
        ownerId: o.id,
        invite_email: email,
        access_level: level,
        expires_at: typeof p.expires_at === "string" ? p.expires_at : null,
        created_at: ctx.state.now().toISOString(),
        created_by_name: user.name,
      });
    }
    const body = Object.keys(problems).length > 0 ? { status: "error", message: problems } : { status: "success" };
    return { status: 201, body };
  },
  listInvitations(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    const q = typeof ctx.params.query === "string" ? ctx.params.query.toLowerCase() : undefined;
    const rows = store(ctx.state).invitations.filter((i) => i.kind === kind && i.ownerId === o.id && (q === undefined || q === "" || i.invite_email.toLowerCase() === q));
    return paged(ctx, rows, (i) => ({ id: i.id, invite_email: i.invite_email, created_at: i.created_at, access_level: i.access_level, expires_at: i.expires_at, user_name: null, created_by_name: i.created_by_name }));
  },
  request(ctx: RestContext): RestResult {
    const { user } = requireUser(ctx.auth);
    const o = owner(ctx, kind);
    const s = store(ctx.state);
    let row = s.requests.find((r) => r.kind === kind && r.ownerId === o.id && r.userId === user.id);
    if (!row) s.requests.push((row = { kind, ownerId: o.id, userId: user.id, requested_at: ctx.state.now().toISOString() }));
    return { status: 201, body: requestBody(ctx, row) };
  },
  listRequests(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    return paged(ctx, store(ctx.state).requests.filter((r) => r.kind === kind && r.ownerId === o.id), (r) => requestBody(ctx, r));
  },
  approve(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    const s = store(ctx.state);
    const row = s.requests.find((r) => r.kind === kind && r.ownerId === o.id && r.userId === Number(ctx.route.user_id));
    if (!row) throw recordNotFound();
    const level = ctx.params.access_level === undefined ? 30 : Number(ctx.params.access_level);
    if (!ROLE_LEVELS.includes(level)) throw validationError(["access_level does not have a valid value"]);
    s.requests.splice(s.requests.indexOf(row), 1);
    const { requested_at: _requested, ...member } = requestBody(ctx, row);
    return { status: 200, body: { ...member, access_level: level } };
  },
  deny(ctx: RestContext): RestResult {
    const o = owner(ctx, kind);
    const s = store(ctx.state);
    const row = s.requests.find((r) => r.kind === kind && r.ownerId === o.id && r.userId === Number(ctx.route.user_id));
    if (!row) throw recordNotFound();
    s.requests.splice(s.requests.indexOf(row), 1);
    return { status: 204, body: null };
  },
});

function requestBody(ctx: RestContext, r: AccessRequestRow): Json {
  const u = ctx.state.ensureUser(r.userId);
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    state: "active",
    avatar_url: null,
    web_url: `${ctx.options.externalUrl}/${u.username}`,
    created_at: "2024-12-02T08:00:00.000Z",
    requested_at: r.requested_at,
  };
}

export function registerAccessTokenRoutes(router: Router): void {
  router.add("GET", "/personal_access_tokens", listPersonal);
  // Rotation and revocation of `self` are open to every scope GitLab lets a token use on itself.
  router.add("POST", "/personal_access_tokens/:id/rotate", rotatePersonal, "any");
  router.add("DELETE", "/personal_access_tokens/:id", revokePersonal, "any");
  router.add("GET", "/deploy_tokens", listAllDeploy);
  for (const kind of ["project", "group"] as const) {
    const base = `/${kind}s/:id`;
    const t = resourceRoutes(kind);
    router.add("GET", `${base}/access_tokens`, t.list);
    router.add("POST", `${base}/access_tokens`, t.create);
    router.add("GET", `${base}/access_tokens/:token_id`, t.get);
    router.add("POST", `${base}/access_tokens/:token_id/rotate`, t.rotate, "any");
    router.add("DELETE", `${base}/access_tokens/:token_id`, t.revoke);
    const d = deployRoutes(kind);
    router.add("GET", `${base}/deploy_tokens`, d.list);
    router.add("POST", `${base}/deploy_tokens`, d.create);
    router.add("GET", `${base}/deploy_tokens/:token_id`, d.get);
    router.add("DELETE", `${base}/deploy_tokens/:token_id`, d.remove);
    const m = membershipRoutes(kind);
    router.add("POST", `${base}/invitations`, m.invite);
    router.add("GET", `${base}/invitations`, m.listInvitations);
    router.add("POST", `${base}/access_requests`, m.request);
    router.add("GET", `${base}/access_requests`, m.listRequests);
    router.add("PUT", `${base}/access_requests/:user_id/approve`, m.approve);
    router.add("DELETE", `${base}/access_requests/:user_id`, m.deny);
  }
}

/** Seeds a project or group access token (its bot user and its record), which authenticates as `value`. */
export function seedResourceToken(
  state: SimState,
  value: string,
  t: { kind: Kind; ownerId: number; scopes: string[]; name?: string; accessLevel?: number; expiresAt?: string | null },
): number {
  const s = store(state);
  const bot = state.userNamed(`${t.kind}_${t.ownerId}_bot_${++s.seq.bot}`);
  state.addToken(value, { name: t.name, scopes: t.scopes, userId: bot.id, expiresAt: t.expiresAt ?? null });
  const record = state.tokens.get(value)!;
  s.resourceTokens.set(record.id, { kind: t.kind, ownerId: t.ownerId, accessLevel: t.accessLevel ?? 40, description: null });
  return record.id;
}

/** Seeds a pending access request of a user to a project or group. */
export function seedAccessRequest(state: SimState, r: { kind: Kind; ownerId: number; userId: number; requestedAt?: string }): void {
  state.ensureUser(r.userId);
  store(state).requests.push({ kind: r.kind, ownerId: r.ownerId, userId: r.userId, requested_at: r.requestedAt ?? "2025-01-06T09:00:00.000Z" });
}
