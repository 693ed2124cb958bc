// Feature flags and feature flag user lists (doc/api/feature_flags.md, feature_flag_user_lists.md),
// kept as the "feature_flag" and "ff_user_list" documents of restDocuments.ts (which serves GET of one
// flag by name):
// - flags: list filters scope enabled/disabled; create answers 201 with version "new_version_flag";
//   a name outside [a-z]([-_a-z0-9]*[a-z0-9])? or already taken answers 400 {"message":[...]};
//   strategies carry a name from the five GitLab knows, parameters as an object and scopes
//   [{id, environment_scope}]; update edits a strategy or scope named by id, removes it with _destroy,
//   and adds one without id; delete answers 204 (a miss 404 Not found);
// - user lists: iid per project; user_xids a comma-separated string; a taken name answers 400;
//   deleting a list a gitlabUserList strategy still uses answers 409.
import { messageError, recordNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap, type ParamValue } from "./params.js";
import { authorizeWrite, userProject } from "./projectAccess.js";
import { listDocuments, putDocument } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimProject } from "./state.js";

type Json = Record<string, unknown>;

// IDs count per simulator, so every run of a table sees the same ones.
const COUNTERS = new WeakMap<object, number>();
function newId(ctx: RestContext): number {
  const id = (COUNTERS.get(ctx.state) ?? 9000) + 1;
  COUNTERS.set(ctx.state, id);
  return id;
}

const STRATEGIES = ["default", "gradualRolloutUserId", "flexibleRollout", "userWithId", "gitlabUserList"];
const NAME = /^[a-z]([-_a-z0-9]*[a-z0-9])?$/;

const flags = (ctx: RestContext, p: SimProject) => listDocuments(ctx.state, "feature_flag", p.id);
const lists = (ctx: RestContext, p: SimProject) => listDocuments(ctx.state, "ff_user_list", p.id);
const now = (ctx: RestContext) => ctx.state.now().toISOString();

function page(ctx: RestContext, items: Json[], p: ParamMap): RestResult {
  const pg = paginateOffset(items, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: pg.items, headers: pg.headers };
}

function findFlag(ctx: RestContext, project: SimProject): Json {
  const flag = flags(ctx, project).find((f) => f.name === ctx.route.feature_flag_name);
  if (!flag) throw recordNotFound();
  return flag;
}

function asObject(v: unknown): Json {
  if (typeof v === "string") {
    try {
      const parsed = JSON.parse(v) as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Json;
    } catch {
      throw messageError(400, "strategies[parameters] is invalid");
    }
  }
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {};
}

function listRef(ctx: RestContext, project: SimProject, id: unknown): Json | undefined {
  if (id === undefined || id === null) return undefined;
  const list = lists(ctx, project).find((l) => l.id === Number(id));
  if (!list) throw messageError(400, ["Strategies user list must belong to the same project"]);
  return { id: list.id, iid: list.iid, name: list.name, user_xids: list.user_xids };
}

function scopesOf(ctx: RestContext, raw: ParamValue | undefined, current: Json[]): Json[] {
  if (!Array.isArray(raw)) return current;
  let out = [...current];
  for (const item of raw) {
    const s = (item ?? {}) as Json;
    if (s.id !== undefined && (s._destroy === true || s._destroy === "true")) out = out.filter((x) => x.id !== Number(s.id));
    else if (s.id !== undefined) {
      const hit = out.find((x) => x.id === Number(s.id));
      if (hit && s.environment_scope !== undefined) hit.environment_scope = s.environment_scope;
    } else out.push({ id: newId(ctx), environment_scope: String(s.environment_scope ?? "*") });
  }
  return out;
}

function strategy(ctx: RestContext, project: SimProject, s: Json, current?: Json): Json {
  const name = s.name !== undefined ? String(s.name) : String(current?.name ?? "");
  if (!STRATEGIES.includes(name)) throw messageError(400, ["Strategies name strategy name is invalid"]);
  const out: Json = current ?? { id: newId(ctx), scopes: [] };
  out.name = name;
  if (s.parameters !== undefined || !current) out.parameters = asObject(s.parameters);
  if (name === "gitlabUserList") out.user_list = listRef(ctx, project, s.user_list_id ?? (current?.user_list as Json | undefined)?.id);
  else delete out.user_list;
  out.scopes = scopesOf(ctx, s.scopes as ParamValue | undefined, (out.scopes as Json[]) ?? []);
  return out;
}

function applyStrategies(ctx: RestContext, project: SimProject, raw: ParamValue | undefined, current: Json[]): Json[] {
  if (!Array.isArray(raw)) return current;
  let out = [...current];
  for (const item of raw) {
    const s = (item ?? {}) as Json;
    if (s.id !== undefined && (s._destroy === true || s._destroy === "true")) out = out.filter((x) => x.id !== Number(s.id));
    else if (s.id !== undefined) {
      const hit = out.find((x) => x.id === Number(s.id));
      if (!hit) throw recordNotFound();
      strategy(ctx, project, s, hit);
    } else out.push(strategy(ctx, project, s));
  }
  return out;
}

function listFlags(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [{ name: "scope", type: "string", values: ["enabled", "disabled"] }, ...PAGINATION_PARAMS]);
  let list = flags(ctx, project);
  if (p.scope !== undefined) list = list.filter((f) => f.active === (p.scope === "enabled"));
  return page(ctx, list, p);
}

function createFlag(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true, allowBlank: false },
    { name: "description", type: "string" },
    { name: "active", type: "boolean", default: true },
    { name: "version", type: "string" },
  ]);
  const name = p.name as string;
  if (!NAME.test(name)) throw messageError(400, ["Name can contain only lowercase letters, digits, '_' and '-'. Must start with a letter, and cannot end with '-' or '_'"]);
  if (flags(ctx, project).some((f) => f.name === name)) throw messageError(400, ["Name has already been taken"]);
  const t = now(ctx);
  const doc: Json = {
    name,
    description: p.description ?? null,
    active: p.active,
    version: "new_version_flag",
    created_at: t,
    updated_at: t,
    scopes: [],
    strategies: applyStrategies(ctx, project, ctx.params.strategies, []),
  };
  putDocument(ctx.state, "feature_flag", project.id, doc);
  return { status: 201, body: doc };
}

function updateFlag(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const flag = findFlag(ctx, project);
  const p = declare(ctx.params, [{ name: "name", type: "string" }, { name: "description", type: "string" }, { name: "active", type: "boolean" }]);
  if (p.name !== undefined && p.name !== flag.name) {
    if (!NAME.test(String(p.name))) throw messageError(400, ["Name can contain only lowercase letters, digits, '_' and '-'. Must start with a letter, and cannot end with '-' or '_'"]);
    if (flags(ctx, project).some((f) => f.name === p.name)) throw messageError(400, ["Name has already been taken"]);
    flag.name = p.name;
  }
  if (p.description !== undefined) flag.description = p.description;
  if (p.active !== undefined) flag.active = p.active;
  flag.strategies = applyStrategies(ctx, project, ctx.params.strategies, flag.strategies as Json[]);
  flag.updated_at = now(ctx);
  return { status: 200, body: flag };
}

function deleteFlag(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const list = flags(ctx, project);
  list.splice(list.indexOf(findFlag(ctx, project)), 1);
  return { status: 204 };
}

// User lists ----------------------------------------------------------------------------------------

const XIDS = /^[^,\s]{1,256}(,[^,\s]{1,256})*$/;

function findList(ctx: RestContext, project: SimProject): Json {
  const list = lists(ctx, project).find((l) => String(l.iid) === ctx.route.iid);
  if (!list) throw recordNotFound();
  return list;
}

function checkList(ctx: RestContext, project: SimProject, self: Json | undefined, p: ParamMap): void {
  const errors: string[] = [];
  if (p.name !== undefined && lists(ctx, project).some((l) => l !== self && l.name === p.name)) errors.push("Name has already been taken");
  if (p.user_xids !== undefined) {
    const xids = String(p.user_xids);
    const parts = xids.split(",");
    if (xids !== "" && (!XIDS.test(xids) || new Set(parts).size !== parts.length)) errors.push("User xids user_xids must be a string of unique comma separated values each 256 characters or less");
  }
  if (errors.length > 0) throw messageError(400, errors);
}

function createList(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [{ name: "name", type: "string", required: true, allowBlank: false }, { name: "user_xids", type: "string", required: true }]);
  checkList(ctx, project, undefined, p);
  const t = now(ctx);
  const iid = lists(ctx, project).reduce((m, l) => Math.max(m, Number(l.iid)), 0) + 1;
  const doc: Json = { id: newId(ctx), iid, project_id: project.id, name: p.name, user_xids: p.user_xids, created_at: t, updated_at: t };
  putDocument(ctx.state, "ff_user_list", project.id, doc);
  return { status: 201, body: doc };
}

function updateList(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const list = findList(ctx, project);
  const p = declare(ctx.params, [{ name: "name", type: "string" }, { name: "user_xids", type: "string" }]);
  checkList(ctx, project, list, p);
  if (p.name !== undefined) list.name = p.name;
  if (p.user_xids !== undefined) list.user_xids = p.user_xids;
  list.updated_at = now(ctx);
  return { status: 200, body: list };
}

function deleteList(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const list = findList(ctx, project);
  const used = flags(ctx, project).some((f) => ((f.strategies as Json[] | undefined) ?? []).some((s) => (s.user_list as Json | undefined)?.id === list.id));
  if (used) throw messageError(409, ["User list is associated with a strategy"]);
  const all = lists(ctx, project);
  all.splice(all.indexOf(list), 1);
  return { status: 204 };
}

export function registerFeatureFlagRoutes(router: Router): void {
  router.add("GET", "/projects/:id/feature_flags", listFlags);
  router.add("POST", "/projects/:id/feature_flags", createFlag);
  router.add("PUT", "/projects/:id/feature_flags/:feature_flag_name", updateFlag);
  router.add("DELETE", "/projects/:id/feature_flags/:feature_flag_name", deleteFlag);
  router.add("GET", "/projects/:id/feature_flags_user_lists", (ctx) => {
    const project = userProject(ctx);
    const p = declare(ctx.params, [{ name: "search", type: "string" }, ...PAGINATION_PARAMS]);
    const q = p.search === undefined ? undefined : String(p.search).toLowerCase();
    return page(ctx, lists(ctx, project).filter((l) => q === undefined || String(l.name).toLowerCase().includes(q)), p);
  });
  router.add("POST", "/projects/:id/feature_flags_user_lists", createList);
  router.add("GET", "/projects/:id/feature_flags_user_lists/:iid", (ctx) => ({ status: 200, body: findList(ctx, userProject(ctx)) }));
  router.add("PUT", "/projects/:id/feature_flags_user_lists/:iid", updateList);
  router.add("DELETE", "/projects/:id/feature_flags_user_lists/:iid", deleteList);
}
