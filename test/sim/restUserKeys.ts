// A user's SSH keys, GPG keys and secondary email addresses (doc/api/user_keys.md,
// doc/api/user_email_addresses.md, doc/api/keys.md; lib/api/users.rb, lib/api/keys.rb).
//
// - /user/... acts on the token's own account (authentication required).
// - /users/:id/keys and /users/:id/gpg_keys (and one key of them) are public reads; /users/:id/keys
//   also takes a username. Adding or deleting another user's keys or emails, listing another user's
//   emails and the /keys lookups are for administrators: anyone else gets 403 {"message":"403 Forbidden"}.
// - Misses: an unknown user 404 {"message":"404 User Not Found"}; a key or email of the wrong user or
//   none at all: 404 Key / GPG Key / Email Not Found. GET /keys/:id is a find (404 "404 Not found").
// - POST answers 201 with the record; a duplicate key or email 400 {"message":{"<field>":["has already
//   been taken"]}}; a missing attribute Grape's 400 {"error":"key is missing"}; a key GitLab cannot
//   parse 400 {"message":{"key":["is invalid"],...}}. DELETE answers 204.
// - Each SSH key has MD5 and SHA256 fingerprints computed from its base64 blob, so GET /keys?fingerprint=
//   finds it by either.
import { createHash } from "node:crypto";
import { forbidden, messageError, notFound, recordNotFound, unauthorized, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimState, type SimUser } from "./state.js";
import { presentUser } from "./trackerEntities.js";

interface SshKeyRecord {
  id: number;
  userId: number;
  title: string;
  key: string;
  usage_type: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  md5: string;
  sha256: string;
}

interface GpgKeyRecord {
  id: number;
  userId: number;
  key: string;
  created_at: string;
}

interface EmailRecord {
  id: number;
  userId: number;
  email: string;
  confirmed_at: string | null;
}

interface KeyStore {
  ssh: SshKeyRecord[];
  gpg: GpgKeyRecord[];
  emails: EmailRecord[];
  ids: { ssh: number; gpg: number; email: number };
}

const stores = new WeakMap<SimState, KeyStore>();

function storeOf(state: SimState): KeyStore {
  let s = stores.get(state);
  if (!s) {
    s = { ssh: [], gpg: [], emails: [], ids: { ssh: 0, gpg: 0, email: 0 } };
    stores.set(state, s);
  }
  return s;
}

function me(ctx: RestContext): SimUser {
  if (ctx.auth.kind !== "user") throw unauthorized();
  return ctx.auth.user;
}

function requireAdmin(ctx: RestContext): void {
  if (ctx.auth.kind !== "user") throw unauthorized();
  if (!ctx.auth.token.admin) throw forbidden();
}

/** find_user: a numeric ID, or (where the route allows it) a username. */
function findUser(ctx: RestContext, raw: string, usernameToo = false): SimUser {
  if (/^\d+$/.test(raw)) {
    const u = ctx.state.users.get(Number(raw));
    if (u) return u;
  } else if (usernameToo) {
    for (const u of ctx.state.users.values()) if (u.username.toLowerCase() === raw.toLowerCase()) return u;
  }
  throw notFound("User");
}

const presentSsh = (k: SshKeyRecord) => ({ id: k.id, title: k.title, created_at: k.created_at, expires_at: k.expires_at, key: k.key, usage_type: k.usage_type, last_used_at: k.last_used_at });
const presentGpg = (k: GpgKeyRecord) => ({ id: k.id, key: k.key, created_at: k.created_at });
const presentEmail = (e: EmailRecord) => ({ id: e.id, email: e.email, confirmed_at: e.confirmed_at });

function page<T>(ctx: RestContext, all: T[], present: (t: T) => unknown): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const paged = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items.map(present), headers: paged.headers };
}

// ---- SSH keys ------------------------------------------------------------------------------------------

const SSH_TYPES = /^(ssh-(rsa|dss|ed25519)|ecdsa-sha2-nistp(256|384|521)|sk-(ecdsa-sha2-nistp256|ssh-ed25519)@openssh\.com)$/;

function fingerprints(text: string): { md5: string; sha256: string } | undefined {
  const [type, blob] = text.trim().split(/\s+/);
  if (!type || !blob || !SSH_TYPES.test(type) || !/^[A-Za-z0-9+/]+={0,2}$/.test(blob)) return undefined;
  const bytes = Buffer.from(blob, "base64");
  if (bytes.length < 8) return undefined;
  const md5 = createHash("md5").update(bytes).digest("hex").match(/../g)!.join(":");
  const sha256 = `SHA256:${createHash("sha256").update(bytes).digest("base64").replace(/=+$/, "")}`;
  return { md5, sha256 };
}

function addSshKey(ctx: RestContext, owner: SimUser): RestResult {
  const p = declare(ctx.params, [
    { name: "title", type: "string", required: true },
    { name: "key", type: "string", required: true },
    { name: "expires_at", type: "string" },
    { name: "usage_type", type: "string", values: ["auth", "signing", "auth_and_signing"], default: "auth_and_signing" },
  ]);
  const key = String(p.key).trim();
  const fp = fingerprints(key);
  if (!fp) throw messageError(400, { key: ["type is forbidden. Must be DSA, ECDSA, ED25519, ECDSA_SK, or ED25519_SK", "is invalid"], fingerprint_sha256: ["cannot be generated"] });
  const store = storeOf(ctx.state);
  if (store.ssh.some((k) => k.sha256 === fp.sha256)) throw messageError(400, { fingerprint_sha256: ["has already been taken"] });
  let expires: string | null = null;
  if (typeof p.expires_at === "string" && p.expires_at !== "") {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(p.expires_at)) throw validationError(["expires_at is invalid"]);
    expires = `${p.expires_at}T00:00:00.000Z`;
  }
  const record: SshKeyRecord = {
    id: ++store.ids.ssh,
    userId: owner.id,
    title: String(p.title),
    key,
    usage_type: String(p.usage_type),
    created_at: jsonTime(ctx.state.now()),
    expires_at: expires,
    last_used_at: null,
    ...fp,
  };
  store.ssh.push(record);
  return { status: 201, body: presentSsh(record) };
}

function sshKeyOf(ctx: RestContext, owner: SimUser, rawId: string): SshKeyRecord {
  const hit = storeOf(ctx.state).ssh.find((k) => k.userId === owner.id && String(k.id) === rawId);
  if (!hit) throw notFound("Key");
  return hit;
}

function deleteSshKey(ctx: RestContext, owner: SimUser): RestResult {
  const key = sshKeyOf(ctx, owner, ctx.route.key_id);
  const store = storeOf(ctx.state);
  store.ssh = store.ssh.filter((k) => k !== key);
  return { status: 204 };
}

const keyWithUser = (ctx: RestContext, k: SshKeyRecord) => ({ ...presentSsh(k), user: presentUser(ctx.state, k.userId, ctx.options.externalUrl) });

// ---- GPG keys ------------------------------------------------------------------------------------------

function addGpgKey(ctx: RestContext, owner: SimUser): RestResult {
  const p = declare(ctx.params, [{ name: "key", type: "string", required: true }]);
  const key = String(p.key);
  if (!/-----BEGIN PGP PUBLIC KEY BLOCK-----[\s\S]+-----END PGP PUBLIC KEY BLOCK-----/.test(key)) {
    throw messageError(400, { key: ["does not appear to be a valid PGP public key"] });
  }
  const store = storeOf(ctx.state);
  if (store.gpg.some((k) => k.key.trim() === key.trim())) throw messageError(400, { fingerprint: ["has already been taken"], primary_keyid: ["has already been taken"] });
  const record: GpgKeyRecord = { id: ++store.ids.gpg, userId: owner.id, key, created_at: jsonTime(ctx.state.now()) };
  store.gpg.push(record);
  return { status: 201, body: presentGpg(record) };
}

function gpgKeyOf(ctx: RestContext, owner: SimUser, rawId: string): GpgKeyRecord {
  const hit = storeOf(ctx.state).gpg.find((k) => k.userId === owner.id && String(k.id) === rawId);
  if (!hit) throw notFound("GPG Key");
  return hit;
}

function deleteGpgKey(ctx: RestContext, owner: SimUser): RestResult {
  const key = gpgKeyOf(ctx, owner, ctx.route.key_id);
  const store = storeOf(ctx.state);
  store.gpg = store.gpg.filter((k) => k !== key);
  return { status: 204 };
}

// ---- Emails --------------------------------------------------------------------------------------------

function addEmail(ctx: RestContext, owner: SimUser, admin: boolean): RestResult {
  const p = declare(ctx.params, [
    { name: "email", type: "string", required: true },
    ...(admin ? [{ name: "skip_confirmation", type: "boolean" as const }] : []),
  ]);
  const email = String(p.email).trim();
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw messageError(400, { email: ["is invalid"] });
  const store = storeOf(ctx.state);
  const taken = store.emails.some((e) => e.email.toLowerCase() === email.toLowerCase()) || [...ctx.state.users.values()].some((u) => u.email.toLowerCase() === email.toLowerCase());
  if (taken) throw messageError(400, { email: ["has already been taken"] });
  const record: EmailRecord = { id: ++store.ids.email, userId: owner.id, email, confirmed_at: p.skip_confirmation === true ? jsonTime(ctx.state.now()) : null };
  store.emails.push(record);
  return { status: 201, body: presentEmail(record) };
}

function emailOf(ctx: RestContext, owner: SimUser): EmailRecord {
  const hit = storeOf(ctx.state).emails.find((e) => e.userId === owner.id && String(e.id) === ctx.route.email_id);
  if (!hit) throw notFound("Email");
  return hit;
}

function deleteEmail(ctx: RestContext, owner: SimUser): RestResult {
  const email = emailOf(ctx, owner);
  const store = storeOf(ctx.state);
  store.emails = store.emails.filter((e) => e !== email);
  return { status: 204 };
}

export function registerUserKeyRoutes(router: Router): void {
  const own = <T>(pick: (s: KeyStore) => T[], userId: (t: T) => number) => (ctx: RestContext, owner: SimUser) => pick(storeOf(ctx.state)).filter((t) => userId(t) === owner.id);
  const sshOf = own((s) => s.ssh, (k) => k.userId);
  const gpgOf = own((s) => s.gpg, (k) => k.userId);
  const emailsOf = own((s) => s.emails, (e) => e.userId);

  // Your own account.
  router.add("GET", "/user/keys", (ctx) => page(ctx, sshOf(ctx, me(ctx)), presentSsh), "user");
  router.add("POST", "/user/keys", (ctx) => addSshKey(ctx, me(ctx)));
  router.add("GET", "/user/keys/:key_id", (ctx) => ({ status: 200, body: presentSsh(sshKeyOf(ctx, me(ctx), ctx.route.key_id)) }), "user");
  router.add("DELETE", "/user/keys/:key_id", (ctx) => deleteSshKey(ctx, me(ctx)));
  router.add("GET", "/user/gpg_keys", (ctx) => page(ctx, gpgOf(ctx, me(ctx)), presentGpg), "user");
  router.add("POST", "/user/gpg_keys", (ctx) => addGpgKey(ctx, me(ctx)));
  router.add("GET", "/user/gpg_keys/:key_id", (ctx) => ({ status: 200, body: presentGpg(gpgKeyOf(ctx, me(ctx), ctx.route.key_id)) }), "user");
  router.add("DELETE", "/user/gpg_keys/:key_id", (ctx) => deleteGpgKey(ctx, me(ctx)));
  router.add("GET", "/user/emails", (ctx) => page(ctx, emailsOf(ctx, me(ctx)), presentEmail), "user");
  router.add("POST", "/user/emails", (ctx) => addEmail(ctx, me(ctx), false));
  router.add("GET", "/user/emails/:email_id", (ctx) => ({ status: 200, body: presentEmail(emailOf(ctx, me(ctx))) }), "user");
  router.add("DELETE", "/user/emails/:email_id", (ctx) => deleteEmail(ctx, me(ctx)));

  // Another user's keys: public reads.
  router.add("GET", "/users/:id/keys", (ctx) => page(ctx, sshOf(ctx, findUser(ctx, ctx.route.id, true)), presentSsh), "user");
  router.add("GET", "/users/:id/keys/:key_id", (ctx) => ({ status: 200, body: presentSsh(sshKeyOf(ctx, findUser(ctx, ctx.route.id), ctx.route.key_id)) }), "user");
  router.add("GET", "/users/:id/gpg_keys", (ctx) => page(ctx, gpgOf(ctx, findUser(ctx, ctx.route.id)), presentGpg), "user");
  router.add("GET", "/users/:id/gpg_keys/:key_id", (ctx) => ({ status: 200, body: presentGpg(gpgKeyOf(ctx, findUser(ctx, ctx.route.id), ctx.route.key_id)) }), "user");

  // Another user's keys and emails: administrators.
  const admin = (handler: (ctx: RestContext, owner: SimUser) => RestResult) => (ctx: RestContext) => {
    requireAdmin(ctx);
    return handler(ctx, findUser(ctx, ctx.route.id));
  };
  router.add("POST", "/users/:id/keys", admin(addSshKey));
  router.add("DELETE", "/users/:id/keys/:key_id", admin(deleteSshKey));
  router.add("POST", "/users/:id/gpg_keys", admin(addGpgKey));
  router.add("DELETE", "/users/:id/gpg_keys/:key_id", admin(deleteGpgKey));
  router.add("GET", "/users/:id/emails", admin((ctx, owner) => page(ctx, emailsOf(ctx, owner), presentEmail)), "user");
  router.add("POST", "/users/:id/emails", admin((ctx, owner) => addEmail(ctx, owner, true)));
  router.add("DELETE", "/users/:id/emails/:email_id", admin(deleteEmail));

  // Instance-wide lookups: administrators.
  router.add("GET", "/keys", (ctx) => {
    requireAdmin(ctx);
    const p = declare(ctx.params, [{ name: "fingerprint", type: "string", required: true }]);
    const wanted = String(p.fingerprint);
    const hit = storeOf(ctx.state).ssh.find((k) => k.md5 === wanted || k.sha256 === wanted);
    if (!hit) throw notFound("Key");
    return { status: 200, body: keyWithUser(ctx, hit) };
  });
  router.add("GET", "/keys/:id", (ctx) => {
    requireAdmin(ctx);
    const hit = storeOf(ctx.state).ssh.find((k) => String(k.id) === ctx.route.id);
    if (!hit) throw recordNotFound();
    return { status: 200, body: keyWithUser(ctx, hit) };
  });
}
