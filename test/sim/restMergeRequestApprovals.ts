// Merge request approvals beyond approve (restMergeRequests.ts): the approvals of one merge request,
// withdrawing and resetting them, merge-request-level approval rules and the approval state they make,
// and the merge request approval settings of groups and projects. Written from
// doc/api/merge_request_approvals.md and doc/api/merge_request_approval_settings.md:
// - GET .../approvals answers the same entity as approve; with rules, approvals_required is what the
//   rules ask and approvals_left what they still miss;
// - unapprove by a user who has not approved: 404 {"message":"404 Not Found"}; success 201 + approvals;
// - reset_approvals: only project or group bot users (401 otherwise), 202 Accepted with no body;
// - approval_state: {approval_rules_overwritten, rules[]}; without rules of its own a merge request has
//   the any_approver rule "All Members" (0 required);
// - approval rules: POST 201, PUT 200, DELETE 204; an unknown rule 404 {"message":"404 Not found"};
// - approval settings: each setting is {value, locked, inherited_from}; PUT answers the new settings.
import { messageError, recordNotFound, unauthorized, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamValue } from "./params.js";
import { authorizeWrite, currentUserId, userProject } from "./projectAccess.js";
import { groupOf } from "./restDocuments.js";
import { findMergeRequest } from "./restMergeRequests.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimProject, SimState } from "./state.js";
import type { SimMergeRequest } from "./tracker.js";
import { presentApprovals, presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

interface SimApprovalRule {
  id: number;
  name: string;
  approvals_required: number;
  userIds: number[];
  groupIds: number[];
}

const rulesByMr = new WeakMap<SimMergeRequest, SimApprovalRule[]>();
const lastRuleId = new WeakMap<SimState, number>();

function nextRuleId(state: SimState): number {
  const id = (lastRuleId.get(state) ?? 300) + 1;
  lastRuleId.set(state, id);
  return id;
}

function rulesOf(mr: SimMergeRequest): SimApprovalRule[] {
  let list = rulesByMr.get(mr);
  if (!list) rulesByMr.set(mr, (list = []));
  return list;
}

function approvedUnder(mr: SimMergeRequest, rule: SimApprovalRule): number[] {
  return mr.approverIds.filter((id) => rule.userIds.includes(id));
}

function presentRule(state: SimState, mr: SimMergeRequest, rule: SimApprovalRule, ext: string): Json {
  const users = rule.userIds.map((id) => presentUser(state, id, ext));
  return {
    id: rule.id,
    name: rule.name,
    rule_type: "regular",
    report_type: null,
    eligible_approvers: users,
    approvals_required: rule.approvals_required,
    users,
    groups: rule.groupIds.map((id) => ({ id, name: `group-${id}`, path: `group-${id}`, full_path: `group-${id}` })),
    contains_hidden_groups: false,
    section: null,
    source_rule: null,
    overridden: false,
  };
}

/** The approvals entity of a merge request, with its rules counted (approve, unapprove, approvals). */
/** The users the merge request's own approval rules name (the list filter approver_ids reads them). */
export function eligibleApproverIds(mr: SimMergeRequest): number[] {
  return [...new Set((rulesByMr.get(mr) ?? []).flatMap((r) => r.userIds))];
}

export function approvalsBody(ctx: RestContext, project: SimProject, mr: SimMergeRequest): Json {
  const body = presentApprovals(ctx.state, project, mr, ctx.options.externalUrl);
  const rules = rulesOf(mr);
  body.user_has_approved = mr.approverIds.includes(currentUserId(ctx));
  body.user_can_approve = mr.state === "opened" && !mr.approverIds.includes(currentUserId(ctx));
  if (rules.length > 0) {
    const left = rules.reduce((n, r) => n + Math.max(0, r.approvals_required - approvedUnder(mr, r).length), 0);
    body.approvals_required = rules.reduce((n, r) => n + r.approvals_required, 0);
    body.approvals_left = left;
    body.approved = left === 0;
    body.has_approval_rules = true;
    body.approval_rules_left = rules.filter((r) => approvedUnder(mr, r).length < r.approvals_required).map((r) => ({ id: r.id, name: r.name, rule_type: "regular" }));
  }
  return body;
}

function approvals(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return { status: 200, body: approvalsBody(ctx, project, findMergeRequest(ctx, project)) };
}

function unapprove(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  authorizeWrite(ctx);
  const me = currentUserId(ctx);
  if (!mr.approverIds.includes(me)) throw messageError(404, "404 Not Found");
  mr.approverIds = mr.approverIds.filter((id) => id !== me);
  return { status: 201, body: approvalsBody(ctx, project, mr) };
}

function resetApprovals(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  authorizeWrite(ctx);
  // Project and group access tokens act as bot users named project_<id>_bot_<hash> / group_<id>_bot_<hash>.
  if (!/^(project|group)_\d+_bot/.test(ctx.state.ensureUser(currentUserId(ctx)).username)) throw unauthorized();
  mr.approverIds = [];
  return { status: 202 };
}

function approvalState(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const ext = ctx.options.externalUrl;
  const own = rulesOf(mr);
  const rules = own.length > 0
    ? own.map((r) => {
        const by = approvedUnder(mr, r);
        return { ...presentRule(ctx.state, mr, r, ext), approved_by: by.map((id) => presentUser(ctx.state, id, ext)), approved: by.length >= r.approvals_required };
      })
    : [{
        id: mr.id * 10, name: "All Members", rule_type: "any_approver", report_type: null, eligible_approvers: [], approvals_required: 0, users: [], groups: [],
        contains_hidden_groups: false, section: null, source_rule: null, overridden: false,
        approved_by: mr.approverIds.map((id) => presentUser(ctx.state, id, ext)), approved: true,
      }];
  return { status: 200, body: { approval_rules_overwritten: own.length > 0, rules } };
}

function integerArray(raw: ParamValue | undefined, name: string): number[] | undefined {
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : raw === null || raw === "" ? [] : String(raw).split(",");
  const out = list.map((v) => (typeof v === "number" ? v : /^\s*\d+\s*$/.test(String(v)) ? Number(v) : NaN));
  if (out.some((n) => !Number.isInteger(n))) throw validationError([`${name} is invalid`]);
  return out;
}

function ruleUsers(ctx: RestContext): number[] | undefined {
  const ids = integerArray(ctx.params.user_ids, "user_ids");
  const names = ctx.params.usernames;
  if (ids === undefined && names === undefined) return undefined;
  const byName = (Array.isArray(names) ? names : typeof names === "string" ? names.split(",") : []).map((n) => ctx.state.userNamed(String(n).trim()).id);
  return [...new Set([...(ids ?? []), ...byName])];
}

function listRules(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(rulesOf(mr), p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items.map((r) => presentRule(ctx.state, mr, r, ctx.options.externalUrl)), headers: page.headers };
}

function createRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true, allowBlank: false },
    { name: "approvals_required", type: "integer", required: true },
    { name: "approval_project_rule_id", type: "integer" },
  ]);
  authorizeWrite(ctx);
  if ((p.approvals_required as number) < 0) throw messageError(400, { approvals_required: ["must be greater than or equal to 0"] });
  const rule: SimApprovalRule = {
    id: nextRuleId(ctx.state),
    name: p.name as string,
    approvals_required: p.approvals_required as number,
    userIds: ruleUsers(ctx) ?? [],
    groupIds: integerArray(ctx.params.group_ids, "group_ids") ?? [],
  };
  rulesOf(mr).push(rule);
  return { status: 201, body: presentRule(ctx.state, mr, rule, ctx.options.externalUrl) };
}

function findRule(ctx: RestContext, mr: SimMergeRequest): SimApprovalRule {
  const rule = rulesOf(mr).find((r) => String(r.id) === ctx.route.approval_rule_id);
  if (!rule) throw recordNotFound();
  return rule;
}

function updateRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const rule = findRule(ctx, mr);
  const p = declare(ctx.params, [
    { name: "name", type: "string", allowBlank: false },
    { name: "approvals_required", type: "integer" },
    { name: "remove_hidden_groups", type: "boolean" },
  ]);
  authorizeWrite(ctx);
  if (p.name !== undefined) rule.name = p.name as string;
  if (p.approvals_required !== undefined) rule.approvals_required = p.approvals_required as number;
  const users = ruleUsers(ctx);
  if (users !== undefined) rule.userIds = users;
  const groups = integerArray(ctx.params.group_ids, "group_ids");
  if (groups !== undefined) rule.groupIds = groups;
  return { status: 200, body: presentRule(ctx.state, mr, rule, ctx.options.externalUrl) };
}

function deleteRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const rule = findRule(ctx, mr);
  authorizeWrite(ctx);
  rulesByMr.set(mr, rulesOf(mr).filter((r) => r !== rule));
  return { status: 204 };
}

// Approval settings: GitLab's defaults for a new group or project.
const SETTING_DEFAULTS: Record<string, boolean> = {
  allow_author_approval: false,
  allow_committer_approval: true,
  allow_overrides_to_approver_list_per_merge_request: true,
  retain_approvals_on_push: false,
  selective_code_owner_removals: false,
  require_password_to_approve: false,
  require_reauthentication_to_approve: false,
};
const settingsOf = new WeakMap<object, Record<string, boolean>>();

function settings(owner: object): Record<string, boolean> {
  let s = settingsOf.get(owner);
  if (!s) settingsOf.set(owner, (s = { ...SETTING_DEFAULTS }));
  return s;
}

function presentSettings(values: Record<string, boolean>, keys: string[]): Json {
  return Object.fromEntries(keys.map((k) => [k, { value: values[k], locked: false, inherited_from: null }]));
}

const GROUP_KEYS = Object.keys(SETTING_DEFAULTS).filter((k) => k !== "selective_code_owner_removals");
const PROJECT_KEYS = Object.keys(SETTING_DEFAULTS);

function settingsRoute(scope: "group" | "project", write: boolean) {
  return (ctx: RestContext): RestResult => {
    const owner = scope === "group" ? groupOf(ctx) : userProject(ctx);
    const keys = scope === "group" ? GROUP_KEYS : PROJECT_KEYS;
    const values = settings(owner);
    if (write) {
      const p = declare(ctx.params, keys.map((name) => ({ name, type: "boolean" as const })));
      authorizeWrite(ctx);
      if (Object.keys(p).length === 0) throw validationError([`${keys.join(", ")} are missing, at least one parameter must be provided`]);
      // require_password_to_approve became require_reauthentication_to_approve: GitLab keeps them equal.
      if (p.require_password_to_approve !== undefined) p.require_reauthentication_to_approve = p.require_password_to_approve;
      if (p.require_reauthentication_to_approve !== undefined) p.require_password_to_approve = p.require_reauthentication_to_approve;
      Object.assign(values, p);
    }
    return { status: 200, body: presentSettings(values, keys) };
  };
}

export function registerMergeRequestApprovalRoutes(router: Router): void {
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid/approvals", approvals);
  router.add("POST", "/projects/:id/merge_requests/:merge_request_iid/unapprove", unapprove);
  router.add("PUT", "/projects/:id/merge_requests/:merge_request_iid/reset_approvals", resetApprovals);
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid/approval_state", approvalState);
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid/approval_rules", listRules);
  router.add("POST", "/projects/:id/merge_requests/:merge_request_iid/approval_rules", createRule);
  router.add("PUT", "/projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id", updateRule);
  router.add("DELETE", "/projects/:id/merge_requests/:merge_request_iid/approval_rules/:approval_rule_id", deleteRule);
  router.add("GET", "/groups/:id/merge_request_approval_setting", settingsRoute("group", false));
  router.add("PUT", "/groups/:id/merge_request_approval_setting", settingsRoute("group", true));
  router.add("GET", "/projects/:id/merge_request_approval_setting", settingsRoute("project", false));
  router.add("PUT", "/projects/:id/merge_request_approval_setting", settingsRoute("project", true));
}
