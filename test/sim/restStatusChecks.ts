// External status checks (doc/api/status_checks.md; ee/lib/api/status_checks.rb). GitLab Ultimate.
//
// Project services: list, create (201), update, delete (204). Merge request side: the checks that apply
// to a merge request with their status (pending until a response is recorded), recording a response
// (201, the response with its merge request and check) and retrying a failed check (202
// {"message":"202 Accepted"}; 422 {"message":"External status check must be failed"} otherwise).
// Errors: 404 {"message":"404 Not found"} for an unknown check (find_by!), 400 {"error":"name is missing,
// external_url is missing"} from Grape, 400 {"message":{"name":["has already been taken"]}} for a
// duplicate name, 409 {"message":"SHA does not match HEAD of source branch: <sha>"} for a stale SHA.
import { authorizeWrite, userProject } from "./projectAccess.js";
import { messageError, notFound, recordNotFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimProject } from "./state.js";
import type { SimMergeRequest } from "./tracker.js";

interface SimStatusCheck {
  id: number;
  name: string;
  external_url: string;
  shared_secret?: string;
  protected_branch_ids: number[];
}

interface ProjectChecks {
  checks: SimStatusCheck[];
  /** merge request iid -> check id -> status */
  responses: Map<number, Map<number, "passed" | "failed" | "pending">>;
  /** Last ids handed out, per project (GitLab's are global; per project keeps each simulator's ids stable). */
  ids: { check: number; response: number };
}

const byProject = new WeakMap<SimProject, ProjectChecks>();

function checksOf(project: SimProject): ProjectChecks {
  let c = byProject.get(project);
  if (!c) {
    c = { checks: [], responses: new Map(), ids: { check: 0, response: 0 } };
    byProject.set(project, c);
  }
  return c;
}

function present(ctx: RestContext, project: SimProject, c: SimStatusCheck) {
  return {
    id: c.id,
    name: c.name,
    project_id: project.id,
    external_url: c.external_url,
    hmac: Boolean(c.shared_secret),
    protected_branches: project.protectedBranches
      .filter((b) => c.protected_branch_ids.includes(b.id))
      .map((b) => ({ id: b.id, project_id: project.id, name: b.name, created_at: project.created_at, updated_at: project.created_at, code_owner_approval_required: false })),
  };
}

function findCheck(project: SimProject, id: string | number): SimStatusCheck {
  const hit = checksOf(project).checks.find((c) => c.id === Number(id));
  if (!hit) throw recordNotFound();
  return hit;
}

function mergeRequest(ctx: RestContext, project: SimProject): SimMergeRequest {
  const mr = ctx.state.tracker.of(project).mergeRequests.get(Number(ctx.route.merge_request_iid));
  if (!mr) throw notFound("Merge Request");
  return mr;
}

const CHECK_PARAMS = [
  { name: "name", type: "string" as const },
  { name: "external_url", type: "string" as const },
  { name: "shared_secret", type: "string" as const },
];

function branchIds(ctx: RestContext): number[] | undefined {
  const raw = ctx.params.protected_branch_ids;
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : [raw];
  const ids = list.map(Number);
  if (ids.some((n) => !Number.isInteger(n))) throw validationError(["protected_branch_ids is invalid"]);
  return ids;
}

function validate(project: SimProject, c: Partial<SimStatusCheck>, self?: number): void {
  if (c.external_url !== undefined && !/^https?:\/\/[^\s/]+/.test(c.external_url)) throw messageError(400, { external_url: ["is blocked: Only allowed schemes are http, https"] });
  if (c.name !== undefined && checksOf(project).checks.some((x) => x.name === c.name && x.id !== self)) throw messageError(400, { name: ["has already been taken"] });
  for (const id of c.protected_branch_ids ?? []) {
    if (!project.protectedBranches.some((b) => b.id === id)) throw messageError(400, { protected_branches: ["must belong to the project"] });
  }
}

function list(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(checksOf(project).checks, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items.map((c) => present(ctx, project, c)), headers: page.headers };
}

function create(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const missing = ["name", "external_url"].filter((n) => ctx.params[n] === undefined || ctx.params[n] === "");
  if (missing.length > 0) throw validationError(missing.map((n) => `${n} is missing`));
  const p = declare(ctx.params, CHECK_PARAMS);
  const check: SimStatusCheck = {
    id: ++checksOf(project).ids.check,
    name: String(p.name),
    external_url: String(p.external_url),
    ...(typeof p.shared_secret === "string" ? { shared_secret: p.shared_secret } : {}),
    protected_branch_ids: branchIds(ctx) ?? [],
  };
  validate(project, check);
  checksOf(project).checks.push(check);
  return { status: 201, body: present(ctx, project, check) };
}

function update(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const check = findCheck(project, ctx.route.check_id);
  const p = declare(ctx.params, CHECK_PARAMS);
  const ids = branchIds(ctx);
  const next: Partial<SimStatusCheck> = {
    ...(typeof p.name === "string" ? { name: p.name } : {}),
    ...(typeof p.external_url === "string" ? { external_url: p.external_url } : {}),
    ...(ids ? { protected_branch_ids: ids } : {}),
  };
  validate(project, next, check.id);
  Object.assign(check, next, typeof p.shared_secret === "string" ? { shared_secret: p.shared_secret } : {});
  return { status: 200, body: present(ctx, project, check) };
}

function remove(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const check = findCheck(project, ctx.route.check_id);
  const state = checksOf(project);
  state.checks = state.checks.filter((c) => c !== check);
  return { status: 204 };
}

/** The checks that apply to a merge request: unscoped ones, and those scoped to its target branch. */
function applicable(project: SimProject, mr: SimMergeRequest): SimStatusCheck[] {
  return checksOf(project).checks.filter((c) => c.protected_branch_ids.length === 0 || project.protectedBranches.some((b) => c.protected_branch_ids.includes(b.id) && b.name === mr.target_branch));
}

function statusOf(project: SimProject, iid: number, id: number) {
  return checksOf(project).responses.get(iid)?.get(id) ?? "pending";
}

function mrChecks(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = mergeRequest(ctx, project);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const all = applicable(project, mr).map((c) => ({ id: c.id, name: c.name, external_url: c.external_url, status: statusOf(project, mr.iid, c.id) }));
  const page = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items, headers: page.headers };
}

function respond(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const mr = mergeRequest(ctx, project);
  const missing = ["sha", "external_status_check_id"].filter((n) => ctx.params[n] === undefined);
  if (missing.length > 0) throw validationError(missing.map((n) => `${n} is missing`));
  const p = declare(ctx.params, [
    { name: "sha", type: "string" },
    { name: "external_status_check_id", type: "integer" },
    { name: "status", type: "string", values: ["passed", "failed", "pending"], default: "passed" },
  ]);
  const head = mr.sha;
  if (p.sha !== head) throw messageError(409, `SHA does not match HEAD of source branch: ${head}`);
  const check = applicable(project, mr).find((c) => c.id === p.external_status_check_id);
  if (!check) throw recordNotFound();
  const state = checksOf(project);
  const forMr = state.responses.get(mr.iid) ?? new Map();
  forMr.set(check.id, p.status as "passed" | "failed" | "pending");
  state.responses.set(mr.iid, forMr);
  const web = `${ctx.options.externalUrl}/${project.path_with_namespace}/-/merge_requests/${mr.iid}`;
  return {
    status: 201,
    body: {
      id: ++state.ids.response,
      merge_request: { id: mr.id, iid: mr.iid, project_id: project.id, title: mr.title, state: mr.state, references: { short: `!${mr.iid}`, relative: `!${mr.iid}`, full: `${project.path_with_namespace}!${mr.iid}` }, web_url: web },
      external_status_check: present(ctx, project, check),
    },
  };
}

function retry(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const mr = mergeRequest(ctx, project);
  const check = applicable(project, mr).find((c) => c.id === Number(ctx.route.external_status_check_id));
  if (!check) throw recordNotFound();
  if (statusOf(project, mr.iid, check.id) !== "failed") throw messageError(422, "External status check must be failed");
  checksOf(project).responses.get(mr.iid)?.set(check.id, "pending");
  return { status: 202, body: { message: "202 Accepted" } };
}

export function registerStatusCheckRoutes(router: Router): void {
  router.add("GET", "/projects/:id/external_status_checks", list);
  router.add("POST", "/projects/:id/external_status_checks", create);
  router.add("PUT", "/projects/:id/external_status_checks/:check_id", update);
  router.add("DELETE", "/projects/:id/external_status_checks/:check_id", remove);
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid/status_checks", mrChecks);
  router.add("POST", "/projects/:id/merge_requests/:merge_request_iid/status_check_responses", respond);
  router.add("POST", "/projects/:id/merge_requests/:merge_request_iid/status_checks/:external_status_check_id/retry", retry);
}
