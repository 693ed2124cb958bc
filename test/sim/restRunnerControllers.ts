// Runner controllers (doc/api/runner_controllers.md, runner_controller_tokens.md; lib/api/ci/
// runner_controllers.rb, runner_controller_scopes.rb, runner_controller_tokens.rb): administrators only,
// everyone else 403 {"message":"403 Forbidden"} (authenticated_as_admin!); CE has no such routes (404).
// - /runner_controllers: list (one array), create 201 (state disabled by default, enabled, dry_run; another
//   value is Grape's 400 {"error":"state does not have a valid value"}), get/PUT 200, DELETE 204; an
//   unknown ID 404 {"message":"404 Not found"} (find on the model).
// - /runner_controllers/:id/scopes: {instance_level_scopings, runner_level_scopings}; POST scopes/instance
//   201 {created_at, updated_at}, a second one 409 {"message":"Instance-level scope already exists"};
//   POST scopes/runners/:runner_id 201 {runner_id, created_at, updated_at}: with an instance scope 409,
//   a runner that is not an instance runner 422 {"message":"Runner must be an instance runner"}; DELETE 204
//   (404 when there is no such scope).
// - /runner_controllers/:id/tokens: list, get (never the value), create 201 with `token` (glrct-),
//   rotate 200 with a new `token`, DELETE (revoke) 204; an unknown token 404 {"message":"404 Not found"}.
import { recordNotFound, grapeError, messageError, routeNotFound, validationError } from "./errors.js";
import { declare } from "./params.js";
import type { RestContext, RestResult, Router } from "./router.js";
import { requireAdmin, runnerStore } from "./restRunners.js";
import { jsonTime, type SimState } from "./state.js";

interface Controller {
  id: number;
  description: string | null;
  state: string;
  created_at: string;
  updated_at: string;
  instanceScope: { created_at: string; updated_at: string } | null;
  runnerScopes: { runner_id: number; created_at: string; updated_at: string }[];
}

interface ControllerToken {
  id: number;
  controllerId: number;
  description: string;
  value: string;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
}

interface Store {
  controllers: Map<number, Controller>;
  tokens: ControllerToken[];
  seq: { controller: number; token: number; secret: number };
}

const STORES = new WeakMap<SimState, Store>();
const STATES = ["disabled", "enabled", "dry_run"];

function store(state: SimState): Store {
  let s = STORES.get(state);
  if (!s) {
    s = { controllers: new Map(), tokens: [], seq: { controller: 0, token: 0, secret: 0 } };
    STORES.set(state, s);
  }
  return s;
}

function guard(ctx: RestContext): Store {
  if (ctx.options.edition === "ce") throw routeNotFound();
  requireAdmin(ctx);
  return store(ctx.state);
}

function controllerOf(ctx: RestContext, s: Store): Controller {
  const raw = ctx.route.id ?? "";
  if (!/^\d+$/.test(raw)) throw validationError(["id is invalid"]);
  const c = s.controllers.get(Number(raw));
  if (!c) throw recordNotFound();
  return c;
}

const present = (c: Controller) => ({ id: c.id, description: c.description, state: c.state, created_at: c.created_at, updated_at: c.updated_at });
const presentToken = (t: ControllerToken) => ({ id: t.id, runner_controller_id: t.controllerId, description: t.description, last_used_at: t.last_used_at, created_at: t.created_at, updated_at: t.updated_at });

function attrs(ctx: RestContext) {
  return declare(ctx.params, [
    { name: "description", type: "string" },
    { name: "state", type: "string", values: STATES },
  ]);
}

function create(ctx: RestContext): RestResult {
  const s = guard(ctx);
  const p = attrs(ctx);
  const at = jsonTime(ctx.state.now());
  const c: Controller = { id: ++s.seq.controller, description: (p.description as string | undefined) ?? null, state: (p.state as string | undefined) ?? "disabled", created_at: at, updated_at: at, instanceScope: null, runnerScopes: [] };
  s.controllers.set(c.id, c);
  return { status: 201, body: present(c) };
}

function update(ctx: RestContext): RestResult {
  const s = guard(ctx);
  const c = controllerOf(ctx, s);
  const p = attrs(ctx);
  if (p.description !== undefined) c.description = p.description as string;
  if (p.state !== undefined) c.state = p.state as string;
  c.updated_at = jsonTime(ctx.state.now());
  return { status: 200, body: present(c) };
}

function remove(ctx: RestContext): RestResult {
  const s = guard(ctx);
  const c = controllerOf(ctx, s);
  s.controllers.delete(c.id);
  s.tokens = s.tokens.filter((t) => t.controllerId !== c.id);
  return { status: 204 };
}

function scopes(ctx: RestContext): RestResult {
  const c = controllerOf(ctx, guard(ctx));
  return { status: 200, body: { instance_level_scopings: c.instanceScope ? [c.instanceScope] : [], runner_level_scopings: c.runnerScopes } };
}

function addInstance(ctx: RestContext): RestResult {
  const c = controllerOf(ctx, guard(ctx));
  if (c.instanceScope) throw messageError(409, "Instance-level scope already exists");
  if (c.runnerScopes.length > 0) throw messageError(409, "Runner controller has runner-level scopes");
  const at = jsonTime(ctx.state.now());
  c.instanceScope = { created_at: at, updated_at: at };
  return { status: 201, body: c.instanceScope };
}

function removeInstance(ctx: RestContext): RestResult {
  const c = controllerOf(ctx, guard(ctx));
  if (!c.instanceScope) throw messageError(404, "Instance-level scope not found");
  c.instanceScope = null;
  return { status: 204 };
}

function scopeRunner(ctx: RestContext): number {
  const raw = ctx.route.runner_id ?? "";
  const r = runnerStore(ctx.state).runners.get(Number(raw));
  if (!r) throw recordNotFound();
  return r.id;
}

function addRunner(ctx: RestContext): RestResult {
  const c = controllerOf(ctx, guard(ctx));
  const runnerId = scopeRunner(ctx);
  const r = runnerStore(ctx.state).runners.get(runnerId)!;
  if (c.instanceScope) throw messageError(409, "Runner controller has an instance-level scope");
  if (r.runner_type !== "instance_type") throw messageError(422, "Runner must be an instance runner");
  if (c.runnerScopes.some((x) => x.runner_id === runnerId)) throw messageError(409, "Runner-level scope already exists");
  const at = jsonTime(ctx.state.now());
  const scoping = { runner_id: runnerId, created_at: at, updated_at: at };
  c.runnerScopes.push(scoping);
  return { status: 201, body: scoping };
}

function removeRunner(ctx: RestContext): RestResult {
  const c = controllerOf(ctx, guard(ctx));
  const runnerId = scopeRunner(ctx);
  if (!c.runnerScopes.some((x) => x.runner_id === runnerId)) throw messageError(404, "Runner-level scope not found");
  c.runnerScopes = c.runnerScopes.filter((x) => x.runner_id !== runnerId);
  return { status: 204 };
}

function tokenOf(ctx: RestContext, s: Store, c: Controller): ControllerToken {
  const t = s.tokens.find((x) => x.controllerId === c.id && String(x.id) === ctx.route.token_id);
  if (!t) throw recordNotFound();
  return t;
}

function secret(s: Store): string {
  s.seq.secret += 1;
  return `glrct-${String(s.seq.secret).padStart(4, "0")}ControllerSecretZx`;
}

function listTokens(ctx: RestContext): RestResult {
  const s = guard(ctx);
  const c = controllerOf(ctx, s);
  return { status: 200, body: s.tokens.filter((t) => t.controllerId === c.id).map(presentToken) };
}

function getToken(ctx: RestContext): RestResult {
  const s = guard(ctx);
  return { status: 200, body: presentToken(tokenOf(ctx, s, controllerOf(ctx, s))) };
}

function createToken(ctx: RestContext): RestResult {
  const s = guard(ctx);
  const c = controllerOf(ctx, s);
  const p = declare(ctx.params, [{ name: "description", type: "string", required: true }]);
  if ((p.description as string).trim() === "") throw grapeError(400, "description is empty");
  const at = jsonTime(ctx.state.now());
  const t: ControllerToken = { id: ++s.seq.token, controllerId: c.id, description: p.description as string, value: secret(s), last_used_at: null, created_at: at, updated_at: at };
  s.tokens.push(t);
  return { status: 201, body: { ...presentToken(t), token: t.value } };
}

function rotateToken(ctx: RestContext): RestResult {
  const s = guard(ctx);
  const t = tokenOf(ctx, s, controllerOf(ctx, s));
  t.value = secret(s);
  t.updated_at = jsonTime(ctx.state.now());
  return { status: 200, body: { ...presentToken(t), token: t.value } };
}

function revokeToken(ctx: RestContext): RestResult {
  const s = guard(ctx);
  const t = tokenOf(ctx, s, controllerOf(ctx, s));
  s.tokens = s.tokens.filter((x) => x !== t);
  return { status: 204 };
}

export function registerRunnerControllerRoutes(router: Router): void {
  router.add("GET", "/runner_controllers", (ctx) => ({ status: 200, body: [...guard(ctx).controllers.values()].map(present) }));
  router.add("POST", "/runner_controllers", create);
  router.add("GET", "/runner_controllers/:id", (ctx) => ({ status: 200, body: present(controllerOf(ctx, guard(ctx))) }));
  router.add("PUT", "/runner_controllers/:id", update);
  router.add("DELETE", "/runner_controllers/:id", remove);
  router.add("GET", "/runner_controllers/:id/scopes", scopes);
  router.add("POST", "/runner_controllers/:id/scopes/instance", addInstance);
  router.add("DELETE", "/runner_controllers/:id/scopes/instance", removeInstance);
  router.add("POST", "/runner_controllers/:id/scopes/runners/:runner_id", addRunner);
  router.add("DELETE", "/runner_controllers/:id/scopes/runners/:runner_id", removeRunner);
  router.add("GET", "/runner_controllers/:id/tokens", listTokens);
  router.add("POST", "/runner_controllers/:id/tokens", createToken);
  router.add("GET", "/runner_controllers/:id/tokens/:token_id", getToken);
  router.add("POST", "/runner_controllers/:id/tokens/:token_id/rotate", rotateToken);
  router.add("DELETE", "/runner_controllers/:id/tokens/:token_id", revokeToken);
}
