// CI/CD variables of projects, groups and the instance (doc/api/project_level_variables.md,
// group_level_variables.md, instance_level_ci_variables.md; lib/api/ci/variables.rb,
// group_variables.rb, admin/ci/variables.rb, lib/api/helpers/variables_helpers.rb,
// lib/api/entities/ci/variable.rb):
// - project and group variables are unique by key and environment scope, instance ones by key: a
//   duplicate answers 400 {"message": {"key": ["(KEY) has already been taken"]}};
// - get, update and delete pick the variable by key and `filter[environment_scope]`: none answers
//   404 "404 Variable Not Found", several 409 "There are multiple variables with provided parameters.
//   Please use 'filter[environment_scope]'";
// - a key holds only letters, digits and _ (400 {"message": {"key": [...]}}); a masked value needs 8+
//   characters without spaces (400 {"message": {"value": ["is invalid"]}});
// - masked_and_hidden (create only) makes a variable masked and hidden, and the entity never exposes a
//   hidden variable's value; the instance entity has no environment_scope and no hidden;
// - delete answers 204; lists are offset-paginated in creation order.
import { ApiError, messageError, notFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamSpec } from "./params.js";
import { authorizeWrite, userProject } from "./projectAccess.js";
import { groupOf } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimState } from "./state.js";

type Json = Record<string, unknown>;

interface SimVariable {
  key: string;
  value: string;
  variable_type: string;
  protected: boolean;
  masked: boolean;
  hidden: boolean;
  raw: boolean;
  environment_scope: string;
  description: string | null;
}

type Owner = "project" | "group" | "instance";

const stores = new WeakMap<SimState, Map<string, SimVariable[]>>();

function store(state: SimState, bucket: string): SimVariable[] {
  let all = stores.get(state);
  if (!all) stores.set(state, (all = new Map()));
  let list = all.get(bucket);
  if (!list) all.set(bucket, (list = []));
  return list;
}

/** Seeds a variable (the simulator's addCiVariable). */
export function seedCiVariable(state: SimState, bucket: string, v: Partial<SimVariable> & { key: string; value: string }): void {
  store(state, bucket).push({ variable_type: "env_var", protected: false, masked: false, hidden: false, raw: false, environment_scope: "*", description: null, ...v });
}

function bucketOf(ctx: RestContext, owner: Owner): string {
  if (owner === "project") return `project:${userProject(ctx).id}`;
  if (owner === "group") return `group:${String(groupOf(ctx).id)}`;
  return "instance";
}

function present(v: SimVariable, owner: Owner): Json {
  if (owner === "instance") return { key: v.key, description: v.description, variable_type: v.variable_type, value: v.value, protected: v.protected, masked: v.masked, raw: v.raw };
  const out: Json = { variable_type: v.variable_type, key: v.key, value: v.value, hidden: v.hidden, protected: v.protected, masked: v.masked, raw: v.raw, environment_scope: v.environment_scope, description: v.description };
  if (v.hidden) delete out.value;
  return out;
}

function find(ctx: RestContext, owner: Owner, list: SimVariable[]): SimVariable {
  const filter = ctx.params.filter;
  const scope = owner !== "instance" && filter && typeof filter === "object" && !Array.isArray(filter) ? filter.environment_scope : undefined;
  const hits = list.filter((v) => v.key === ctx.route.key && (scope === undefined || scope === null || v.environment_scope === String(scope)));
  if (hits.length === 0) throw notFound("Variable");
  if (hits.length > 1) throw messageError(409, "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'");
  return hits[0];
}

const FLAGS: ParamSpec[] = [
  { name: "value", type: "string" },
  { name: "description", type: "string" },
  { name: "protected", type: "boolean" },
  { name: "masked", type: "boolean" },
  { name: "raw", type: "boolean" },
  { name: "variable_type", type: "string", values: ["env_var", "file"] },
];

function validate(v: SimVariable, list: SimVariable[], owner: Owner, self?: SimVariable): void {
  const errors: Record<string, string[]> = {};
  if (!/^[a-zA-Z0-9_]+$/.test(v.key) || v.key.length > 255) errors.key = ["can contain only letters, digits and '_'."];
  const clash = list.some((o) => o !== self && o.key === v.key && (owner === "instance" || o.environment_scope === v.environment_scope));
  if (clash) errors.key = [...(errors.key ?? []), `(${v.key}) has already been taken`];
  if (v.masked && (v.value.length < 8 || /\s/.test(v.value))) errors.value = ["is invalid"];
  if (Object.keys(errors).length > 0) throw new ApiError(400, { message: errors });
}

function routes(router: Router, base: string, owner: Owner): void {
  router.add("GET", base, (ctx): RestResult => {
    const list = store(ctx.state, bucketOf(ctx, owner));
    const p = declare(ctx.params, PAGINATION_PARAMS);
    const page = paginateOffset(list, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
    return { status: 200, body: page.items.map((v) => present(v, owner)), headers: page.headers };
  });
  router.add("POST", base, (ctx): RestResult => {
    const list = store(ctx.state, bucketOf(ctx, owner));
    const specs: ParamSpec[] = [{ name: "key", type: "string", required: true }, ...FLAGS.map((f) => (f.name === "value" ? { ...f, required: true } : f))];
    if (owner !== "instance") specs.push({ name: "environment_scope", type: "string", default: "*" }, { name: "masked_and_hidden", type: "boolean", default: false });
    const p = declare(ctx.params, specs);
    authorizeWrite(ctx);
    const hidden = p.masked_and_hidden === true;
    const v: SimVariable = {
      key: p.key as string,
      value: p.value as string,
      variable_type: (p.variable_type as string | undefined) ?? "env_var",
      protected: p.protected === true,
      masked: p.masked === true || hidden,
      hidden,
      raw: p.raw === true,
      environment_scope: (p.environment_scope as string | undefined) ?? "*",
      description: (p.description as string | undefined) ?? null,
    };
    validate(v, list, owner);
    list.push(v);
    return { status: 201, body: present(v, owner) };
  });
  router.add("GET", `${base}/:key`, (ctx): RestResult => ({ status: 200, body: present(find(ctx, owner, store(ctx.state, bucketOf(ctx, owner))), owner) }));
  router.add("PUT", `${base}/:key`, (ctx): RestResult => {
    const list = store(ctx.state, bucketOf(ctx, owner));
    const specs = [...FLAGS];
    if (owner !== "instance") specs.push({ name: "environment_scope", type: "string" });
    const p = declare(ctx.params, specs);
    authorizeWrite(ctx);
    const v = find(ctx, owner, list);
    const next: SimVariable = { ...v };
    for (const k of ["value", "description", "protected", "masked", "raw", "variable_type", "environment_scope"] as const) {
      if (p[k] !== undefined && p[k] !== null) (next as unknown as Json)[k] = p[k];
    }
    if (v.hidden) next.masked = true;
    validate(next, list, owner, v);
    Object.assign(v, next);
    return { status: 200, body: present(v, owner) };
  });
  router.add("DELETE", `${base}/:key`, (ctx): RestResult => {
    const list = store(ctx.state, bucketOf(ctx, owner));
    authorizeWrite(ctx);
    const v = find(ctx, owner, list);
    list.splice(list.indexOf(v), 1);
    return { status: 204 };
  });
}

export function registerCiVariableRoutes(router: Router): void {
  routes(router, "/projects/:id/variables", "project");
  routes(router, "/groups/:id/variables", "group");
  routes(router, "/admin/ci/variables", "instance");
}
