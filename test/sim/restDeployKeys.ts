// Deploy keys as GitLab's REST API serves them (doc/api/deploy_keys.md, lib/api/deploy_keys.rb):
// - GET /projects/:id/deploy_keys lists the keys enabled for a project (paginated), each with the
//   project's can_push; GET .../:key_id is restDocuments.ts's route over the same per-project documents;
// - POST /projects/:id/deploy_keys (title, key, can_push, expires_at) answers 201; a key already known to
//   the instance is joined to the project instead of created; the same key twice in one project, or a
//   malformed key, answers 400 with the model's validation messages;
// - PUT .../:key_id (title, can_push), POST .../:key_id/enable (201, a public key or one of another
//   project), DELETE .../:key_id (204; a key no project uses any more is deleted unless public). A key the
//   project does not have answers {"message":"404 Not found"} (ActiveRecord find);
// - GET /deploy_keys (administrators, `public` filter) lists every key with the projects using it, and
//   POST /deploy_keys (administrators) adds a public key; other tokens get 403;
// - GET /users/:id_or_username/project_deploy_keys lists the keys of projects the requester and the
//   user share; an unknown user answers 404 User Not Found.
// Only the public key is ever stored or answered.
import { createHash } from "node:crypto";
import { forbidden, messageError, notFound, recordNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { authorizeWrite, userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject, type SimState } from "./state.js";
import type { GitLabSimulator } from "./simulator.js";

type Json = Record<string, unknown>;

/** The instance's keys (without can_push), in the document store under the "instance" scope. */
const registry = (state: SimState): Json[] => {
  if (!state.documents.has("deploy_key:instance")) state.documents.set("deploy_key:instance", []);
  return state.documents.get("deploy_key:instance")!;
};

/** The documents of one project's enabled keys (GET .../:key_id reads the same ones). */
const projectKeys = (state: SimState, project: SimProject): Json[] => {
  if (!state.documents.has(`deploy_key:${project.id}`)) state.documents.set(`deploy_key:${project.id}`, []);
  return state.documents.get(`deploy_key:${project.id}`)!;
};

function fingerprints(key: string): { fingerprint: string; fingerprint_sha256: string } {
  const blob = Buffer.from(key.trim().split(/\s+/)[1] ?? "", "base64");
  const md5 = createHash("md5").update(blob).digest("hex").match(/../g)!.join(":");
  return { fingerprint: md5, fingerprint_sha256: `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}` };
}

const KEY_SHAPE = /^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) [A-Za-z0-9+/]+={0,3}( .*)?$/;

function isAdmin(ctx: RestContext): boolean {
  return ctx.auth.kind === "user" && ctx.auth.token.admin === true;
}

function page<T>(ctx: RestContext, all: T[], present: (t: T) => unknown, extra: Parameters<typeof declare>[1] = []): RestResult {
  const p = declare(ctx.params, [...PAGINATION_PARAMS, ...extra]);
  const paged = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items.map(present), headers: paged.headers };
}

const keyFields = (k: Json): Json => ({
  id: k.id,
  title: k.title,
  created_at: k.created_at,
  expires_at: k.expires_at ?? null,
  key: k.key,
  usage_type: "auth",
  fingerprint: k.fingerprint,
  fingerprint_sha256: k.fingerprint_sha256,
});

/** Seeds (or joins) a key for a project; also registers it instance-wide. */
export function putDeployKey(state: SimState, project: SimProject | null, k: { id?: number; title: string; key: string; can_push?: boolean; public?: boolean; expires_at?: string | null }): Json {
  const reg = registry(state);
  let record = reg.find((r) => r.key === k.key.trim());
  if (!record) {
    const id = k.id ?? Math.max(0, ...reg.map((r) => r.id as number), ...[...state.documents.entries()].filter(([b]) => b.startsWith("deploy_key:")).flatMap(([, docs]) => docs.map((d) => d.id as number))) + 1;
    record = { id, title: k.title, key: k.key.trim(), created_at: jsonTime(state.now()), expires_at: k.expires_at ?? null, public: k.public === true, ...fingerprints(k.key) };
    reg.push(record);
  }
  if (!project) return keyFields(record);
  const doc = { ...keyFields(record), can_push: k.can_push === true };
  projectKeys(state, project).push(doc);
  return doc;
}

function listProject(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return page(ctx, projectKeys(ctx.state, project), (k) => k);
}

function findInProject(ctx: RestContext, project: SimProject): { keys: Json[]; index: number } {
  const keys = projectKeys(ctx.state, project);
  const index = keys.findIndex((k) => String(k.id) === ctx.route.key_id);
  if (index < 0) throw recordNotFound();
  return { keys, index };
}

function validateExpiry(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === "") return null;
  const t = Date.parse(String(raw));
  if (Number.isNaN(t)) throw messageError(400, "expires_at is invalid");
  return new Date(t).toISOString();
}

function addToProject(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "title", type: "string", required: true },
    { name: "key", type: "string", required: true },
    { name: "can_push", type: "boolean" },
    { name: "expires_at", type: "string" },
  ]);
  const key = (p.key as string).trim();
  if (!KEY_SHAPE.test(key)) throw messageError(400, { "deploy_key.key": ["is invalid"], "deploy_key.fingerprint_sha256": ["cannot be generated"] });
  if (projectKeys(ctx.state, project).some((k) => k.key === key)) throw messageError(400, { "deploy_key.fingerprint_sha256": ["has already been taken"] });
  const doc = putDeployKey(ctx.state, project, { title: p.title as string, key, can_push: p.can_push === true, expires_at: validateExpiry(p.expires_at) });
  return { status: 201, body: doc };
}

function addInstance(ctx: RestContext): RestResult {
  if (!isAdmin(ctx)) throw forbidden();
  const p = declare(ctx.params, [
    { name: "title", type: "string", required: true },
    { name: "key", type: "string", required: true },
    { name: "expires_at", type: "string" },
  ]);
  const key = (p.key as string).trim();
  if (!KEY_SHAPE.test(key)) throw messageError(400, { key: ["is invalid"], fingerprint_sha256: ["cannot be generated"] });
  if (registry(ctx.state).some((r) => r.key === key)) throw messageError(400, { fingerprint_sha256: ["has already been taken"] });
  return { status: 201, body: putDeployKey(ctx.state, null, { title: p.title as string, key, public: true, expires_at: validateExpiry(p.expires_at) }) };
}

function updateKey(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "title", type: "string" },
    { name: "can_push", type: "boolean" },
  ]);
  const { keys, index } = findInProject(ctx, project);
  const doc = { ...keys[index] };
  if (p.can_push !== undefined) doc.can_push = p.can_push;
  if (p.title !== undefined) {
    doc.title = p.title;
    const record = registry(ctx.state).find((r) => r.id === doc.id);
    if (record) record.title = p.title;
  }
  keys[index] = doc;
  return { status: 200, body: doc };
}

/** Projects (other than this one) where the key is enabled. */
function usersOf(state: SimState, id: unknown): number[] {
  const out: number[] = [];
  for (const [bucket, docs] of state.documents) {
    const m = /^deploy_key:(\d+)$/.exec(bucket);
    if (m && docs.some((d) => d.id === id)) out.push(Number(m[1]));
  }
  return out;
}

function enableKey(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const record = registry(ctx.state).find((r) => String(r.id) === ctx.route.key_id);
  if (!record || (!record.public && usersOf(ctx.state, record.id).length === 0)) throw recordNotFound();
  const existing = projectKeys(ctx.state, project).find((k) => k.id === record.id);
  if (existing) return { status: 201, body: keyFields(record) };
  projectKeys(ctx.state, project).push({ ...keyFields(record), can_push: false });
  return { status: 201, body: keyFields(record) };
}

function deleteKey(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const { keys, index } = findInProject(ctx, project);
  const [removed] = keys.splice(index, 1);
  const reg = registry(ctx.state);
  const record = reg.find((r) => r.id === removed.id);
  if (record && !record.public && usersOf(ctx.state, record.id).length === 0) reg.splice(reg.indexOf(record), 1);
  return { status: 204 };
}

function basicProject(state: SimState, id: number): Json {
  const p = state.projects.get(id);
  return { id, description: null, name: p?.name ?? String(id), name_with_namespace: p?.path_with_namespace.split("/").join(" / ") ?? "", path: p?.path ?? "", path_with_namespace: p?.path_with_namespace ?? "", created_at: p?.created_at ?? null };
}

function listAll(ctx: RestContext): RestResult {
  if (!isAdmin(ctx)) throw forbidden();
  const p = declare(ctx.params, [{ name: "public", type: "boolean", default: false }]);
  const all = registry(ctx.state).filter((r) => p.public !== true || r.public === true);
  return page(
    ctx,
    all,
    (r) => {
      const write: Json[] = [];
      const read: Json[] = [];
      for (const [bucket, docs] of ctx.state.documents) {
        const m = /^deploy_key:(\d+)$/.exec(bucket);
        const doc = m ? docs.find((d) => d.id === r.id) : undefined;
        if (doc) (doc.can_push ? write : read).push(basicProject(ctx.state, Number(m![1])));
      }
      return { ...keyFields(r), projects_with_write_access: write, projects_with_readonly_access: read };
    },
    [{ name: "public", type: "boolean" }],
  );
}

function listForUser(ctx: RestContext): RestResult {
  const ref = ctx.route.id ?? "";
  const user = /^\d+$/.test(ref) ? ctx.state.users.get(Number(ref)) : [...ctx.state.users.values()].find((u) => u.username.toLowerCase() === ref.toLowerCase());
  if (!user) throw notFound("User");
  const me = ctx.auth.kind === "user" ? ctx.auth.user.id : undefined;
  const seen = new Set<unknown>();
  const keys: Json[] = [];
  for (const project of ctx.state.projects.values()) {
    const shared = ctx.state.canRead(project, me) && (!project.members || project.members.has(user.id));
    if (!shared) continue;
    for (const k of projectKeys(ctx.state, project)) {
      if (seen.has(k.id)) continue;
      seen.add(k.id);
      const { can_push: _push, ...rest } = k;
      void _push;
      keys.push(rest);
    }
  }
  return page(ctx, keys, (k) => k);
}

export function registerDeployKeyRoutes(router: Router): void {
  router.add("GET", "/deploy_keys", listAll);
  router.add("POST", "/deploy_keys", addInstance);
  router.add("GET", "/projects/:id/deploy_keys", listProject);
  router.add("POST", "/projects/:id/deploy_keys", addToProject);
  router.add("PUT", "/projects/:id/deploy_keys/:key_id", updateKey);
  router.add("DELETE", "/projects/:id/deploy_keys/:key_id", deleteKey);
  router.add("POST", "/projects/:id/deploy_keys/:key_id/enable", enableKey);
  router.add("GET", "/users/:id/project_deploy_keys", listForUser);
}

/** Seeds a deploy key: enabled for a project, or (project null) a public key of the instance. */
export function seedDeployKey(sim: GitLabSimulator, project: SimProject | null, k: Parameters<typeof putDeployKey>[2]): Json {
  return putDeployKey((sim as unknown as { state: SimState }).state, project, k);
}
