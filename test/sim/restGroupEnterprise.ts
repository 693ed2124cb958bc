// Group administration of Premium and Ultimate, written from GitLab's API docs:
// - doc/api/group_protected_branches.md: rules by name or wildcard; levels 0/30/40/60; role grants only.
//   Create 201 (409 {"message":"Protected branch '<name>' already exists"}), miss 404 {"message":"404 Not found"},
//   PATCH takes allowed_to_* entries with id (change) or _destroy (remove); DELETE 204.
// - doc/api/group_protected_environments.md: one rule per deployment tier (production, staging, testing,
//   development, other; another name is Grape's 400 {"error":"name does not have a valid value"});
//   deploy_access_levels required on create; PUT changes entries by id or removes them with _destroy.
// - doc/api/service_accounts.md (group service accounts): list/create/PATCH/DELETE service accounts
//   of a top-level group, and their personal access tokens (list, create 201 with `token` once, revoke 204).
//   A subgroup answers 400 {"message":"400 Bad request - Group is not a top-level group"}.
// - doc/api/groups.md (credentials inventory): the personal access tokens and SSH keys of the group's
//   enterprise users (seeded), revoke 204, delete key 204; tokens never carry their value.
// - doc/api/group_ssh_certificates.md: list, create 201, delete 204; a key GitLab cannot parse 422.
// - group security settings (PUT /groups/:id/security_settings): {secret_push_protection_enabled, errors}.
// Every route answers 404 {"message":"404 Group Not Found"} for a group the token's user cannot see.
import { conflict, grapeError, messageError, notFound, recordNotFound, unauthorized } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap, type ParamSpec } from "./params.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimGroup, type SimState } from "./state.js";

interface Level {
  id: number;
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
  required_approvals?: number;
}

interface BranchRule {
  id: number;
  name: string;
  push: Level[];
  merge: Level[];
  unprotect: Level[];
  allow_force_push: boolean;
  code_owner_approval_required: boolean;
}

interface EnvRule {
  name: string;
  deploy: Level[];
  approval: Level[];
  required_approval_count: number;
}

interface ServiceAccount {
  id: number;
  groupId: number;
  username: string;
  name: string;
  email: string;
  unconfirmed_email?: string;
}

interface Pat {
  id: number;
  userId: number;
  name: string;
  description: string | null;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked: boolean;
}

interface SshKey {
  id: number;
  title: string;
  usage_type: string;
  user_id: number;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

interface Certificate {
  id: number;
  title: string;
  key: string;
  created_at: string;
}

interface GroupAdmin {
  branches: BranchRule[];
  environments: EnvRule[];
  certificates: Certificate[];
  enterprisePats: Pat[];
  enterpriseKeys: SshKey[];
  secretPushProtection: boolean;
}

interface Store {
  groups: Map<number, GroupAdmin>;
  accounts: ServiceAccount[];
  accountPats: Pat[];
  ids: { level: number; rule: number; account: number; pat: number; cert: number };
}

const stores = new WeakMap<SimState, Store>();
const TIERS = ["production", "staging", "testing", "development", "other"];
const BRANCH_LEVELS = [0, 30, 40, 60];
const ENV_LEVELS = [30, 40, 60];
const LEVEL_TEXT: Record<number, string> = { 0: "No one", 30: "Developers + Maintainers", 40: "Maintainers", 60: "Admins" };

function storeOf(state: SimState): Store {
  let s = stores.get(state);
  if (!s) {
    s = { groups: new Map(), accounts: [], accountPats: [], ids: { level: 0, rule: 0, account: 900, pat: 700, cert: 0 } };
    stores.set(state, s);
  }
  return s;
}

/** The group of the route, visible to the token's user, with its administration state (seeded on first use). */
function groupAdmin(ctx: RestContext): { group: SimGroup; admin: GroupAdmin; store: Store } {
  if (ctx.auth.kind !== "user") throw unauthorized();
  const group = ctx.state.findGroup(ctx.route.id ?? "");
  if (!group || !ctx.state.isGroupMember(group, ctx.auth.user.id)) throw notFound("Group");
  const store = storeOf(ctx.state);
  let admin = store.groups.get(group.id);
  if (!admin) {
    const at = jsonTime(ctx.state.now());
    // The credentials inventory lists what enterprise users hold; two tokens and a key stand for them.
    admin = {
      branches: [],
      environments: [],
      certificates: [],
      enterprisePats: [
        { id: 501, userId: 31, name: "laptop", description: "Daily work", scopes: ["api"], created_at: at, expires_at: "2027-03-01", last_used_at: at, revoked: false },
        { id: 502, userId: 32, name: "ci-reader", description: null, scopes: ["read_api"], created_at: at, expires_at: "2027-06-01", last_used_at: null, revoked: false },
      ],
      enterpriseKeys: [{ id: 601, title: "work laptop", usage_type: "auth_and_signing", user_id: 31, created_at: at, expires_at: null, last_used_at: at }],
      secretPushProtection: false,
    };
    store.groups.set(group.id, admin);
  }
  return { group, admin, store };
}

function topLevel(group: SimGroup): void {
  if (group.parent_id !== null) throw messageError(400, "400 Bad request - Group is not a top-level group");
}

function page<T>(ctx: RestContext, all: T[], present: (t: T) => unknown): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const paged = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items.map(present), headers: paged.headers };
}

const presentLevel = (l: Level) => ({
  id: l.id,
  access_level: l.access_level,
  access_level_description: l.access_level !== null ? LEVEL_TEXT[l.access_level] : l.group_id !== null ? `group ${l.group_id}` : `user ${l.user_id}`,
  user_id: l.user_id,
  group_id: l.group_id,
  ...(l.required_approvals !== undefined ? { required_approvals: l.required_approvals } : {}),
});

// ---- Protected branches --------------------------------------------------------------------------------

const presentBranch = (r: BranchRule) => ({
  id: r.id,
  name: r.name,
  push_access_levels: r.push.map(presentLevel),
  merge_access_levels: r.merge.map(presentLevel),
  unprotect_access_levels: r.unprotect.map(presentLevel),
  allow_force_push: r.allow_force_push,
  code_owner_approval_required: r.code_owner_approval_required,
});

const entrySpecs = (levels: number[]): ParamSpec[] => [
  { name: "id", type: "integer" },
  { name: "access_level", type: "integer", values: levels },
  { name: "user_id", type: "integer" },
  { name: "group_id", type: "integer" },
  { name: "required_approvals", type: "integer" },
  { name: "_destroy", type: "boolean" },
];

function newLevel(store: Store, e: ParamMap): Level {
  return {
    id: ++store.ids.level,
    access_level: (e.access_level as number | undefined) ?? null,
    user_id: (e.user_id as number | undefined) ?? null,
    group_id: (e.group_id as number | undefined) ?? null,
    ...(e.required_approvals !== undefined ? { required_approvals: e.required_approvals as number } : {}),
  };
}

/** allowed_to_* / deploy_access_levels on update: an entry with id changes or removes that grant, without one adds. */
function applyEntries(store: Store, list: Level[], entries: ParamMap[] | undefined): Level[] {
  if (!entries) return list;
  let out = [...list];
  for (const e of entries) {
    if (e.id !== undefined) {
      const hit = out.find((l) => l.id === e.id);
      if (!hit) throw recordNotFound();
      if (e._destroy === true) out = out.filter((l) => l !== hit);
      else Object.assign(hit, newLevel(store, e), { id: hit.id });
    } else out.push(newLevel(store, e));
  }
  return out;
}

function branchRule(admin: GroupAdmin, name: string): BranchRule {
  const rule = admin.branches.find((r) => r.name === name);
  if (!rule) throw recordNotFound();
  return rule;
}

function protectBranch(ctx: RestContext): RestResult {
  const { admin, store } = groupAdmin(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true },
    { name: "push_access_level", type: "integer", values: BRANCH_LEVELS },
    { name: "merge_access_level", type: "integer", values: BRANCH_LEVELS },
    { name: "unprotect_access_level", type: "integer", values: ENV_LEVELS },
    { name: "allow_force_push", type: "boolean", default: false },
    { name: "code_owner_approval_required", type: "boolean", default: false },
    { name: "allowed_to_push", type: "hashArray", items: entrySpecs(BRANCH_LEVELS) },
    { name: "allowed_to_merge", type: "hashArray", items: entrySpecs(BRANCH_LEVELS) },
    { name: "allowed_to_unprotect", type: "hashArray", items: entrySpecs(ENV_LEVELS) },
  ]);
  const name = String(p.name);
  if (admin.branches.some((r) => r.name === name)) throw conflict(`Protected branch '${name}' already exists`);
  const levels = (kind: "push" | "merge" | "unprotect"): Level[] => {
    const entries = (p[`allowed_to_${kind}`] as ParamMap[] | undefined) ?? [];
    const role = p[`${kind}_access_level`] ?? (entries.length === 0 ? 40 : undefined);
    return [...(role !== undefined ? [newLevel(store, { access_level: role })] : []), ...entries.map((e) => newLevel(store, e))];
  };
  const rule: BranchRule = {
    id: ++store.ids.rule,
    name,
    push: levels("push"),
    merge: levels("merge"),
    unprotect: levels("unprotect"),
    allow_force_push: p.allow_force_push === true,
    code_owner_approval_required: p.code_owner_approval_required === true,
  };
  admin.branches.push(rule);
  return { status: 201, body: presentBranch(rule) };
}

function updateBranch(ctx: RestContext): RestResult {
  const { admin, store } = groupAdmin(ctx);
  const rule = branchRule(admin, ctx.route.name);
  const p = declare(ctx.params, [
    { name: "allow_force_push", type: "boolean" },
    { name: "code_owner_approval_required", type: "boolean" },
    { name: "allowed_to_push", type: "hashArray", items: entrySpecs(BRANCH_LEVELS) },
    { name: "allowed_to_merge", type: "hashArray", items: entrySpecs(BRANCH_LEVELS) },
    { name: "allowed_to_unprotect", type: "hashArray", items: entrySpecs(ENV_LEVELS) },
  ]);
  if (p.allow_force_push !== undefined) rule.allow_force_push = p.allow_force_push === true;
  if (p.code_owner_approval_required !== undefined) rule.code_owner_approval_required = p.code_owner_approval_required === true;
  rule.push = applyEntries(store, rule.push, p.allowed_to_push as ParamMap[] | undefined);
  rule.merge = applyEntries(store, rule.merge, p.allowed_to_merge as ParamMap[] | undefined);
  rule.unprotect = applyEntries(store, rule.unprotect, p.allowed_to_unprotect as ParamMap[] | undefined);
  return { status: 200, body: presentBranch(rule) };
}

// ---- Protected environments ----------------------------------------------------------------------------

const presentEnv = (r: EnvRule) => ({
  name: r.name,
  deploy_access_levels: r.deploy.map(presentLevel),
  approval_rules: r.approval.map(presentLevel),
  required_approval_count: r.required_approval_count,
});

function tierOf(raw: string): string {
  if (!TIERS.includes(raw)) throw grapeError(400, "name does not have a valid value");
  return raw;
}

function envRule(admin: GroupAdmin, raw: string): EnvRule {
  const rule = admin.environments.find((r) => r.name === tierOf(raw));
  if (!rule) throw recordNotFound();
  return rule;
}

function protectEnv(ctx: RestContext): RestResult {
  const { admin, store } = groupAdmin(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true },
    { name: "deploy_access_levels", type: "hashArray", required: true, items: entrySpecs(ENV_LEVELS) },
    { name: "approval_rules", type: "hashArray", items: entrySpecs(ENV_LEVELS) },
  ]);
  const name = tierOf(String(p.name));
  if (admin.environments.some((r) => r.name === name)) throw messageError(422, ["Name has already been taken"]);
  const rule: EnvRule = {
    name,
    deploy: (p.deploy_access_levels as ParamMap[]).map((e) => newLevel(store, e)),
    approval: ((p.approval_rules as ParamMap[] | undefined) ?? []).map((e) => newLevel(store, e)),
    required_approval_count: 0,
  };
  admin.environments.push(rule);
  return { status: 201, body: presentEnv(rule) };
}

function updateEnv(ctx: RestContext): RestResult {
  const { admin, store } = groupAdmin(ctx);
  const rule = envRule(admin, ctx.route.name);
  const p = declare(ctx.params, [
    { name: "deploy_access_levels", type: "hashArray", items: entrySpecs(ENV_LEVELS) },
    { name: "approval_rules", type: "hashArray", items: entrySpecs(ENV_LEVELS) },
    { name: "required_approval_count", type: "integer" },
  ]);
  rule.deploy = applyEntries(store, rule.deploy, p.deploy_access_levels as ParamMap[] | undefined);
  rule.approval = applyEntries(store, rule.approval, p.approval_rules as ParamMap[] | undefined);
  if (p.required_approval_count !== undefined) rule.required_approval_count = p.required_approval_count as number;
  return { status: 200, body: presentEnv(rule) };
}

// ---- Service accounts and their tokens -----------------------------------------------------------------

const presentAccount = (a: ServiceAccount) => ({ id: a.id, username: a.username, name: a.name, email: a.email, ...(a.unconfirmed_email ? { unconfirmed_email: a.unconfirmed_email } : {}) });

/** A token as GitLab lists it: never its value. */
const presentPat = (t: Pat) => ({
  id: t.id,
  name: t.name,
  revoked: t.revoked,
  created_at: t.created_at,
  description: t.description,
  scopes: t.scopes,
  user_id: t.userId,
  last_used_at: t.last_used_at,
  active: !t.revoked && (t.expires_at === null || t.expires_at >= new Date().toISOString().slice(0, 10)),
  expires_at: t.expires_at,
});

function accountOf(ctx: RestContext, store: Store, group: SimGroup): ServiceAccount {
  const account = store.accounts.find((a) => a.groupId === group.id && String(a.id) === ctx.route.user_id);
  if (!account) throw notFound("User");
  return account;
}

function listAccounts(ctx: RestContext): RestResult {
  const { group, store } = groupAdmin(ctx);
  topLevel(group);
  const p = declare(ctx.params, [
    { name: "order_by", type: "string", values: ["id", "username"], default: "id" },
    { name: "sort", type: "string", values: ["asc", "desc"], default: "desc" },
  ]);
  const key = p.order_by === "username" ? (a: ServiceAccount) => a.username : (a: ServiceAccount) => a.id;
  const sorted = store.accounts.filter((a) => a.groupId === group.id).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  if (p.sort === "desc") sorted.reverse();
  return page(ctx, sorted, presentAccount);
}

function createAccount(ctx: RestContext): RestResult {
  const { group, store } = groupAdmin(ctx);
  topLevel(group);
  const p = declare(ctx.params, [
    { name: "name", type: "string" },
    { name: "username", type: "string" },
    { name: "email", type: "string" },
  ]);
  const id = ++store.ids.account;
  const username = (p.username as string | undefined) ?? `service_account_group_${group.id}_${id.toString(16).padStart(8, "0")}`;
  if (store.accounts.some((a) => a.username.toLowerCase() === username.toLowerCase()) || [...ctx.state.users.values()].some((u) => u.username.toLowerCase() === username.toLowerCase())) {
    throw messageError(400, "400 Bad request - Username has already been taken");
  }
  const account: ServiceAccount = { id, groupId: group.id, username, name: (p.name as string | undefined) ?? "Service account user", email: (p.email as string | undefined) ?? `${username}@noreply.${new URL(ctx.options.externalUrl).hostname}` };
  store.accounts.push(account);
  return { status: 201, body: presentAccount(account) };
}

function updateAccount(ctx: RestContext): RestResult {
  const { group, store } = groupAdmin(ctx);
  topLevel(group);
  const account = accountOf(ctx, store, group);
  const p = declare(ctx.params, [
    { name: "name", type: "string" },
    { name: "username", type: "string" },
    { name: "email", type: "string" },
  ]);
  if (p.name !== undefined) account.name = String(p.name);
  if (p.username !== undefined) account.username = String(p.username);
  // A custom address waits for confirmation; the account keeps its current one meanwhile.
  if (p.email !== undefined) account.unconfirmed_email = String(p.email);
  return { status: 200, body: presentAccount(account) };
}

function deleteAccount(ctx: RestContext): RestResult {
  const { group, store } = groupAdmin(ctx);
  topLevel(group);
  const account = accountOf(ctx, store, group);
  declare(ctx.params, [{ name: "hard_delete", type: "boolean" }]);
  store.accounts = store.accounts.filter((a) => a !== account);
  return { status: 204 };
}

function listAccountPats(ctx: RestContext): RestResult {
  const { group, store } = groupAdmin(ctx);
  topLevel(group);
  const account = accountOf(ctx, store, group);
  const p = declare(ctx.params, [
    { name: "state", type: "string", values: ["active", "inactive"] },
    { name: "revoked", type: "boolean" },
    { name: "search", type: "string" },
    { name: "sort", type: "string", values: ["created_asc", "created_desc", "expires_asc", "expires_desc", "last_used_asc", "last_used_desc", "name_asc", "name_desc"] },
  ]);
  let tokens = store.accountPats.filter((t) => t.userId === account.id);
  if (p.revoked !== undefined) tokens = tokens.filter((t) => t.revoked === p.revoked);
  if (p.state !== undefined) tokens = tokens.filter((t) => presentPat(t).active === (p.state === "active"));
  if (typeof p.search === "string") tokens = tokens.filter((t) => t.name.toLowerCase().includes(String(p.search).toLowerCase()));
  if (p.sort === "name_asc" || p.sort === "name_desc") tokens.sort((a, b) => a.name.localeCompare(b.name) * (p.sort === "name_desc" ? -1 : 1));
  return page(ctx, tokens, presentPat);
}

function createAccountPat(ctx: RestContext): RestResult {
  const { group, store } = groupAdmin(ctx);
  topLevel(group);
  const account = accountOf(ctx, store, group);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true },
    { name: "description", type: "string" },
    { name: "expires_at", type: "string" },
  ]);
  const raw = ctx.params.scopes;
  const scopes = Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? [raw] : [];
  if (scopes.length === 0) throw grapeError(400, "scopes is missing");
  if (typeof p.expires_at === "string" && !/^\d{4}-\d{2}-\d{2}$/.test(p.expires_at)) throw grapeError(400, "expires_at is invalid");
  const token: Pat = {
    id: ++store.ids.pat,
    userId: account.id,
    name: String(p.name),
    description: (p.description as string | undefined) ?? null,
    scopes,
    created_at: jsonTime(ctx.state.now()),
    expires_at: (p.expires_at as string | undefined) ?? "2027-12-01",
    last_used_at: null,
    revoked: false,
  };
  store.accountPats.push(token);
  return { status: 201, body: { ...presentPat(token), token: `glpat-svc${String(token.id).padStart(4, "0")}ServiceSecretQw` } };
}

function revokeAccountPat(ctx: RestContext): RestResult {
  const { group, store } = groupAdmin(ctx);
  topLevel(group);
  const account = accountOf(ctx, store, group);
  const token = store.accountPats.find((t) => t.userId === account.id && String(t.id) === ctx.route.token_id);
  if (!token) throw notFound();
  if (token.revoked) throw messageError(400, "400 Bad request - Token already revoked");
  token.revoked = true;
  return { status: 204 };
}

// ---- Credentials inventory -----------------------------------------------------------------------------

function listEnterprisePats(ctx: RestContext): RestResult {
  const { group, admin } = groupAdmin(ctx);
  topLevel(group);
  const p = declare(ctx.params, [
    { name: "state", type: "string", values: ["active", "inactive"] },
    { name: "revoked", type: "boolean" },
    { name: "search", type: "string" },
    { name: "created_after", type: "string" },
    { name: "last_used_before", type: "string" },
    { name: "sort", type: "string" },
  ]);
  let tokens = admin.enterprisePats;
  if (p.revoked !== undefined) tokens = tokens.filter((t) => t.revoked === p.revoked);
  if (p.state !== undefined) tokens = tokens.filter((t) => presentPat(t).active === (p.state === "active"));
  if (typeof p.search === "string") tokens = tokens.filter((t) => t.name.toLowerCase().includes(String(p.search).toLowerCase()));
  return page(ctx, tokens, presentPat);
}

function revokeEnterprisePat(ctx: RestContext): RestResult {
  const { group, admin } = groupAdmin(ctx);
  topLevel(group);
  const token = admin.enterprisePats.find((t) => String(t.id) === ctx.route.pat_id);
  if (!token) throw notFound();
  if (token.revoked) throw messageError(400, "400 Bad request");
  token.revoked = true;
  return { status: 204 };
}

function listEnterpriseKeys(ctx: RestContext): RestResult {
  const { group, admin } = groupAdmin(ctx);
  topLevel(group);
  declare(ctx.params, [
    { name: "created_after", type: "string" },
    { name: "created_before", type: "string" },
    { name: "expires_before", type: "string" },
    { name: "expires_after", type: "string" },
  ]);
  return page(ctx, admin.enterpriseKeys, (k) => ({ ...k }));
}

function deleteEnterpriseKey(ctx: RestContext): RestResult {
  const { group, admin } = groupAdmin(ctx);
  topLevel(group);
  const key = admin.enterpriseKeys.find((k) => String(k.id) === ctx.route.key_id);
  if (!key) throw notFound("Key");
  admin.enterpriseKeys = admin.enterpriseKeys.filter((k) => k !== key);
  return { status: 204 };
}

// ---- SSH certificates ----------------------------------------------------------------------------------

function createCertificate(ctx: RestContext): RestResult {
  const { group, admin, store } = groupAdmin(ctx);
  topLevel(group);
  const p = declare(ctx.params, [
    { name: "title", type: "string", required: true },
    { name: "key", type: "string", required: true },
  ]);
  const key = String(p.key).trim();
  if (!/^(ssh-(rsa|dss|ed25519)|ecdsa-sha2-nistp(256|384|521)|sk-\S+) [A-Za-z0-9+/]+={0,2}( .*)?$/.test(key)) throw messageError(422, "Validation failed: Key is invalid");
  if (admin.certificates.some((c) => c.key === key)) throw messageError(422, "Validation failed: Fingerprint has already been taken");
  const cert: Certificate = { id: ++store.ids.cert, title: String(p.title), key, created_at: jsonTime(ctx.state.now()) };
  admin.certificates.push(cert);
  return { status: 201, body: { ...cert } };
}

function deleteCertificate(ctx: RestContext): RestResult {
  const { group, admin } = groupAdmin(ctx);
  topLevel(group);
  const cert = admin.certificates.find((c) => String(c.id) === ctx.route.ssh_certificates_id);
  if (!cert) throw notFound();
  admin.certificates = admin.certificates.filter((c) => c !== cert);
  return { status: 204 };
}

// ---- Security settings ---------------------------------------------------------------------------------

function updateSecuritySettings(ctx: RestContext): RestResult {
  const { admin } = groupAdmin(ctx);
  const p = declare(ctx.params, [{ name: "secret_push_protection_enabled", type: "boolean", required: true }]);
  admin.secretPushProtection = p.secret_push_protection_enabled === true;
  return { status: 200, body: { secret_push_protection_enabled: admin.secretPushProtection, errors: [] } };
}

export function registerGroupEnterpriseRoutes(router: Router): void {
  router.add("GET", "/groups/:id/protected_branches", (ctx) => {
    const { admin } = groupAdmin(ctx);
    const p = declare(ctx.params, [{ name: "search", type: "string" }]);
    const rules = typeof p.search === "string" ? admin.branches.filter((r) => r.name.toLowerCase().includes(String(p.search).toLowerCase())) : admin.branches;
    return page(ctx, rules, presentBranch);
  });
  router.add("POST", "/groups/:id/protected_branches", protectBranch);
  router.add("GET", "/groups/:id/protected_branches/:name", (ctx) => ({ status: 200, body: presentBranch(branchRule(groupAdmin(ctx).admin, ctx.route.name)) }));
  router.add("PATCH", "/groups/:id/protected_branches/:name", updateBranch);
  router.add("DELETE", "/groups/:id/protected_branches/:name", (ctx) => {
    const { admin } = groupAdmin(ctx);
    const rule = branchRule(admin, ctx.route.name);
    admin.branches = admin.branches.filter((r) => r !== rule);
    return { status: 204 };
  });

  router.add("GET", "/groups/:id/protected_environments", (ctx) => page(ctx, groupAdmin(ctx).admin.environments, presentEnv));
  router.add("POST", "/groups/:id/protected_environments", protectEnv);
  router.add("GET", "/groups/:id/protected_environments/:name", (ctx) => ({ status: 200, body: presentEnv(envRule(groupAdmin(ctx).admin, ctx.route.name)) }));
  router.add("PUT", "/groups/:id/protected_environments/:name", updateEnv);
  router.add("DELETE", "/groups/:id/protected_environments/:name", (ctx) => {
    const { admin } = groupAdmin(ctx);
    const rule = envRule(admin, ctx.route.name);
    admin.environments = admin.environments.filter((r) => r !== rule);
    return { status: 200, body: "" };
  });

  router.add("GET", "/groups/:id/service_accounts", listAccounts);
  router.add("POST", "/groups/:id/service_accounts", createAccount);
  router.add("PATCH", "/groups/:id/service_accounts/:user_id", updateAccount);
  router.add("DELETE", "/groups/:id/service_accounts/:user_id", deleteAccount);
  router.add("GET", "/groups/:id/service_accounts/:user_id/personal_access_tokens", listAccountPats);
  router.add("POST", "/groups/:id/service_accounts/:user_id/personal_access_tokens", createAccountPat);
  router.add("DELETE", "/groups/:id/service_accounts/:user_id/personal_access_tokens/:token_id", revokeAccountPat);

  router.add("GET", "/groups/:id/manage/personal_access_tokens", listEnterprisePats);
  router.add("DELETE", "/groups/:id/manage/personal_access_tokens/:pat_id", revokeEnterprisePat);
  router.add("GET", "/groups/:id/manage/ssh_keys", listEnterpriseKeys);
  router.add("DELETE", "/groups/:id/manage/ssh_keys/:key_id", deleteEnterpriseKey);

  router.add("GET", "/groups/:id/ssh_certificates", (ctx) => {
    const { group, admin } = groupAdmin(ctx);
    topLevel(group);
    return page(ctx, admin.certificates, (c) => ({ ...c }));
  });
  router.add("POST", "/groups/:id/ssh_certificates", createCertificate);
  router.add("DELETE", "/groups/:id/ssh_certificates/:ssh_certificates_id", deleteCertificate);

  router.add("PUT", "/groups/:id/security_settings", updateSecuritySettings);
}
