// Protected branches API (doc/api/protected_branches.md; lib/api/protected_branches.rb;
// ee/lib/ee/api/helpers/protected_branches_helpers.rb;
// app/services/protected_branches/api_service.rb;
// app/services/protected_refs/access_level_params.rb + EE override).
//
// - list: ProtectedBranchesFinder (ordered by id, `search` = case-insensitive
//   substring), offset-paginated as an ActiveRecord relation, so above
//   `totalsLimit` rows (10,000 in GitLab) the totals and rel="last" disappear;
// - get / update / delete use `find_by!(name:)` -> 404 {"message":"404 Not found"};
// - create: 409 {"message":"Protected branch '<name>' already exists"}, 201 on success;
//   push/merge/unprotect levels default to 40 unless `allowed_to_*` is given;
// - invalid records -> 422 {"message":[<full messages>]}.
import { checkUnmodifiedSince } from "./restBranches.js";
import { presentProtectedBranch } from "./entities.js";
import { ApiError, conflict, recordNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap, type ParamSpec } from "./params.js";
import { authorizeWrite, userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { ALLOWED_ACCESS_LEVELS, type SimAccessLevel, type SimProject, type SimProtectedBranch } from "./state.js";

type Kind = "push" | "merge" | "unprotect";
const KINDS: Kind[] = ["push", "merge", "unprotect"];
const UNPROTECT_LEVELS = [30, 40, 60];
const LABEL: Record<Kind, string> = { push: "Push", merge: "Merge", unprotect: "Unprotect" };

function entrySpecs(kind: Kind): ParamSpec[] {
  const specs: ParamSpec[] = [
    { name: "access_level", type: "integer", values: kind === "unprotect" ? UNPROTECT_LEVELS : ALLOWED_ACCESS_LEVELS },
    { name: "user_id", type: "integer" },
    { name: "group_id", type: "integer" },
    { name: "id", type: "integer" },
    { name: "_destroy", type: "boolean" },
  ];
  if (kind === "push") specs.splice(1, 0, { name: "deploy_key_id", type: "integer" });
  return specs;
}

/** optional_params_ee */
const EE_PARAMS: ParamSpec[] = [
  { name: "unprotect_access_level", type: "integer", values: UNPROTECT_LEVELS },
  ...KINDS.map((k): ParamSpec => ({ name: `allowed_to_${k}`, type: "hashArray", items: entrySpecs(k) })),
  { name: "code_owner_approval_required", type: "boolean" },
];

function findRule(project: SimProject, name: string): SimProtectedBranch {
  const rule = project.protectedBranches.find((pb) => pb.name === name);
  if (!rule) throw recordNotFound();
  return rule;
}

function levelsOf(rule: SimProtectedBranch, kind: Kind): SimAccessLevel[] {
  return kind === "push" ? rule.push_access_levels : kind === "merge" ? rule.merge_access_levels : rule.unprotect_access_levels;
}

/** ProtectedRefs::AccessLevelParams (EE): role level (+ default 40) and allowed_to_* entries. */
function requestedLevels(p: ParamMap, kind: Kind, withDefaults: boolean): ParamMap[] {
  const entries = (p[`allowed_to_${kind}`] as ParamMap[] | undefined) ?? [];
  let role = p[`${kind}_access_level`];
  if (withDefaults && role === undefined && entries.length === 0) role = 40;
  return [...(role === undefined || role === null ? [] : [{ access_level: role }]), ...entries];
}

type Alloc = (kind: Kind, level: Omit<SimAccessLevel, "id">) => SimAccessLevel;

function applyLevels(alloc: Alloc, rule: SimProtectedBranch, kind: Kind, requested: ParamMap[]): string[] {
  const levels = levelsOf(rule, kind);
  for (const entry of requested) {
    const existing = typeof entry.id === "number" ? levels.find((l) => l.id === entry.id) : undefined;
    if (existing && entry._destroy === true) {
      levels.splice(levels.indexOf(existing), 1);
    } else if (existing) {
      if (entry.access_level !== undefined) existing.access_level = entry.access_level as number;
    } else if (entry._destroy !== true) {
      levels.push(
        alloc(kind, {
          access_level: (entry.access_level as number | undefined) ?? (entry.user_id || entry.group_id || entry.deploy_key_id ? null : 40),
          user_id: (entry.user_id as number | undefined) ?? null,
          group_id: (entry.group_id as number | undefined) ?? null,
          deploy_key_id: (entry.deploy_key_id as number | undefined) ?? null,
        }),
      );
    }
  }
  const seen = new Set<number>();
  const errors: string[] = [];
  for (const l of levels) {
    if (l.user_id !== null || l.group_id !== null || l.deploy_key_id !== null || l.access_level === null) continue;
    if (seen.has(l.access_level)) errors.push(`${LABEL[kind]} access levels access level has already been taken`);
    seen.add(l.access_level);
  }
  return errors;
}

function listRules(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [...PAGINATION_PARAMS, { name: "search", type: "string" }]);
  let rules = [...project.protectedBranches].sort((a, b) => a.id - b.id);
  if (typeof p.search === "string" && p.search !== "") {
    const q = p.search.toLowerCase();
    rules = rules.filter((r) => r.name.toLowerCase().includes(q));
  }
  const page = paginateOffset(rules, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items.map((r) => presentProtectedBranch(r, ctx.state)), headers: page.headers };
}

function showRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return { status: 200, body: presentProtectedBranch(findRule(project, ctx.route.name), ctx.state) };
}

function createRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true },
    { name: "push_access_level", type: "integer", values: ALLOWED_ACCESS_LEVELS },
    { name: "merge_access_level", type: "integer", values: ALLOWED_ACCESS_LEVELS },
    { name: "allow_force_push", type: "boolean", default: false },
    ...EE_PARAMS,
  ]);
  authorizeWrite(ctx);
  const name = p.name as string;
  if (project.protectedBranches.some((pb) => pb.name === name)) {
    throw conflict(`Protected branch '${name}' already exists`);
  }
  if (name.trim() === "") throw new ApiError(422, { message: ["Name can't be blank"] });
  const rule: SimProtectedBranch = {
    id: 0,
    name,
    push_access_levels: [],
    merge_access_levels: [],
    unprotect_access_levels: [],
    allow_force_push: p.allow_force_push === true,
    code_owner_approval_required: p.code_owner_approval_required === true,
    created_at: "",
    updated_at: "",
  };
  const unsaved: Alloc = (_kind, level) => ({ id: 0, ...level });
  const errors = KINDS.flatMap((k) => applyLevels(unsaved, rule, k, requestedLevels(p, k, true)));
  if (errors.length > 0) throw new ApiError(422, { message: errors });
  const saved = ctx.state.addProtectedBranch(project, {
    name,
    push: rule.push_access_levels,
    merge: rule.merge_access_levels,
    unprotect: rule.unprotect_access_levels,
    allow_force_push: rule.allow_force_push,
    code_owner_approval_required: rule.code_owner_approval_required,
  });
  return { status: 201, body: presentProtectedBranch(saved, ctx.state) };
}

function updateRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true },
    { name: "allow_force_push", type: "boolean", allowBlank: false },
    ...EE_PARAMS,
  ]);
  const rule = findRule(project, ctx.route.name);
  authorizeWrite(ctx);
  const draft: SimProtectedBranch = structuredClone(rule);
  const alloc: Alloc = (kind, level) => ctx.state.accessLevel(kind, level);
  const errors = KINDS.flatMap((k) => applyLevels(alloc, draft, k, requestedLevels(p, k, false)));
  if (errors.length > 0) throw new ApiError(422, { message: errors });
  if (typeof p.allow_force_push === "boolean") draft.allow_force_push = p.allow_force_push;
  if (typeof p.code_owner_approval_required === "boolean") draft.code_owner_approval_required = p.code_owner_approval_required;
  draft.updated_at = new Date().toISOString();
  Object.assign(rule, draft);
  return { status: 200, body: presentProtectedBranch(rule, ctx.state) };
}

function deleteRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const rule = findRule(project, ctx.route.name);
  authorizeWrite(ctx);
  checkUnmodifiedSince(ctx, rule.updated_at);
  ctx.state.removeProtectedBranch(project, rule);
  return { status: 204 };
}

export function registerProtectedBranchRoutes(router: Router): void {
  router.add("GET", "/projects/:id/protected_branches", listRules);
  router.add("POST", "/projects/:id/protected_branches", createRule);
  router.add("GET", "/projects/:id/protected_branches/:name", showRule);
  router.add("PATCH", "/projects/:id/protected_branches/:name", updateRule);
  router.add("DELETE", "/projects/:id/protected_branches/:name", deleteRule);
}
