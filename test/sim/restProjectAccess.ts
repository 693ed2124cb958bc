// Who may do what in a project, and the project's badges and push-time checks, as GitLab's REST API
// answers them. Written from doc/api/members.md, project_badges.md, group_badges.md,
// merge_request_approvals.md (project-level configuration and rules), project_push_rules.md and
// project_aliases.md.
//
// - Members (lib/api/members.rb): GET /projects/:id/members lists direct members only; .../members/all
//   adds the members of the ancestor groups, one row per user with the highest access level (the
//   effective role). GET/PUT/DELETE .../members/:user_id find a direct member (find_by! -> 404
//   {"message":"404 Not found"}). POST answers 201, 409 {"message":"Member already exists"} for a user who
//   is one, 404 {"message":"404 User Not Found"} for an unknown user; an access level that is not a role
//   is Grape's 400 {"error":"access_level does not have a valid value"}; an expiry in the past is 400
//   {"message":{"expires_at":["cannot be a date in the past"]}}. Groups have members too (seeded).
// - Badges (lib/api/badges.rb): a project lists its own badges (kind "project") then its groups' badges
//   (kind "group"), rendered for the project; a group lists its own. Placeholders: %{project_path},
//   %{project_title}, %{project_name}, %{project_id}, %{default_branch}, %{commit_sha}; a group renders
//   none (no project to fill them from). GET .../badges/render previews two URLs; missing URLs are
//   Grape's 400 "link_url is missing, image_url is missing". Unknown badge: 404 {"message":"404 Not found"}.
// - Approvals (ee/lib/api/project_approvals.rb, project_approval_rules.rb): GET/POST /projects/:id/approvals
//   (POST answers 201 with the whole configuration); rules list (paginated), get, create (201),
//   update, delete (204); a taken name is 400 {"message":{"name":["has already been taken"]}}.
// - Push rules (ee/lib/api/project_push_rule.rb, Premium): GET answers the rule or `null` when the
//   project has none; POST on a project that has one is 422 {"message":"Project push rule exists, try
//   updating"}; PUT and DELETE without one are 404 {"message":"404 Push Rule Not Found"}.
// - Project aliases (ee/lib/api/project_aliases.rb, Premium, administrators only: 403 otherwise):
//   list (not paginated), get by name, create (201; 400 for a taken name), delete (204); unknown name 404
//   {"message":"404 Not found"}. CE has none of the Premium routes (Grape's catch-all 404).
import { requireUser } from "./auth.js";
import { conflict, forbidden, messageError, notFound, recordNotFound, routeNotFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamSpec } from "./params.js";
import { authorizeWrite, userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimGroup, SimProject, SimState } from "./state.js";

type Json = Record<string, unknown>;

const ROLES = [5, 10, 15, 20, 30, 40, 50];

interface SimMember {
  user_id: number;
  access_level: number;
  expires_at: string | null;
  created_at: string;
}

interface SimBadge {
  id: number;
  name: string;
  link_url: string;
  image_url: string;
}

interface SimRule {
  id: number;
  name: string;
  rule_type: string;
  report_type: string | null;
  approvals_required: number;
  user_ids: number[];
  group_ids: number[];
  protected_branch_ids: number[];
  applies_to_all_protected_branches: boolean;
}

interface AccessState {
  members: WeakMap<SimProject | SimGroup, SimMember[]>;
  badges: WeakMap<SimProject | SimGroup, SimBadge[]>;
  approvals: WeakMap<SimProject, Json>;
  rules: WeakMap<SimProject, SimRule[]>;
  pushRules: WeakMap<SimProject, Json>;
  aliases: { id: number; name: string; project_id: number }[];
  ids: { badge: number; rule: number; pushRule: number; alias: number };
}

const byState = new WeakMap<SimState, AccessState>();

function access(state: SimState): AccessState {
  let a = byState.get(state);
  if (!a) {
    a = { members: new WeakMap(), badges: new WeakMap(), approvals: new WeakMap(), rules: new WeakMap(), pushRules: new WeakMap(), aliases: [], ids: { badge: 0, rule: 0, pushRule: 0, alias: 0 } };
    byState.set(state, a);
  }
  return a;
}

function listOf<K extends object, V>(map: WeakMap<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}

/** Seeds a direct member of a project or group (GitLabSimulator.addMember). */
export function seedMember(state: SimState, source: SimProject | SimGroup, m: { user_id: number; access_level: number; expires_at?: string | null }): void {
  const list = listOf(access(state).members, source);
  const kept = list.filter((x) => x.user_id !== m.user_id);
  kept.push({ user_id: m.user_id, access_level: m.access_level, expires_at: m.expires_at ?? null, created_at: "2025-01-06T09:00:00.000Z" });
  list.splice(0, list.length, ...kept);
}

function premium(ctx: RestContext): void {
  if (ctx.options.edition === "ce") throw routeNotFound();
}

function now(ctx: RestContext): Date {
  return ctx.state.fixedNow ?? new Date();
}

// ---- members

function presentMember(ctx: RestContext, m: SimMember): Json {
  const user = ctx.state.users.get(m.user_id);
  const username = user?.username ?? `user${m.user_id}`;
  return {
    id: m.user_id,
    username,
    name: user?.name ?? username,
    state: "active",
    avatar_url: null,
    web_url: `${ctx.options.externalUrl}/${username}`,
    access_level: m.access_level,
    created_at: m.created_at,
    expires_at: m.expires_at,
    membership_state: "active",
  };
}

function filterMembers(ctx: RestContext, members: SimMember[]): SimMember[] {
  const query = typeof ctx.params.query === "string" ? ctx.params.query.toLowerCase() : undefined;
  const rawIds = ctx.params.user_ids;
  const ids = rawIds === undefined ? undefined : (Array.isArray(rawIds) ? rawIds : [rawIds]).map(Number);
  return members.filter((m) => {
    if (ids && !ids.includes(m.user_id)) return false;
    if (query === undefined) return true;
    const u = ctx.state.users.get(m.user_id);
    return Boolean(u && (u.username.toLowerCase().includes(query) || u.name.toLowerCase().includes(query)));
  });
}

function pageOf(ctx: RestContext, rows: Json[]): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(rows, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items, headers: page.headers };
}

function directMembers(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return pageOf(ctx, filterMembers(ctx, listOf(access(ctx.state).members, project)).map((m) => presentMember(ctx, m)));
}

/** Direct members, then the ancestor groups' (nearest first); a user keeps their highest level. */
function effectiveMembers(ctx: RestContext, project: SimProject): SimMember[] {
  const a = access(ctx.state);
  const best = new Map<number, SimMember>();
  const sources: (SimProject | SimGroup)[] = [project, ...ctx.state.groupAncestry(ctx.state.projectGroup(project))];
  for (const source of sources) {
    for (const m of listOf(a.members, source)) {
      const held = best.get(m.user_id);
      if (!held || m.access_level > held.access_level) best.set(m.user_id, m);
    }
  }
  return [...best.values()];
}

function allMembers(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return pageOf(ctx, filterMembers(ctx, effectiveMembers(ctx, project)).map((m) => presentMember(ctx, m)));
}

function findDirect(ctx: RestContext, project: SimProject): SimMember {
  const hit = listOf(access(ctx.state).members, project).find((m) => m.user_id === Number(ctx.route.user_id));
  if (!hit) throw recordNotFound();
  return hit;
}

function getMember(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return { status: 200, body: presentMember(ctx, findDirect(ctx, project)) };
}

function getEffectiveMember(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const hit = effectiveMembers(ctx, project).find((m) => m.user_id === Number(ctx.route.user_id));
  if (!hit) throw recordNotFound();
  return { status: 200, body: presentMember(ctx, hit) };
}

const MEMBER_PARAMS: ParamSpec[] = [
  { name: "user_id", type: "integer" },
  { name: "access_level", type: "integer" },
  { name: "expires_at", type: "string" },
];

function checkMemberInput(ctx: RestContext, p: Json): void {
  if (p.access_level !== undefined && !ROLES.includes(p.access_level as number)) throw validationError(["access_level does not have a valid value"]);
  if (typeof p.expires_at === "string" && p.expires_at !== "") {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(p.expires_at) || Number.isNaN(Date.parse(p.expires_at))) throw validationError(["expires_at is invalid"]);
    if (p.expires_at < now(ctx).toISOString().slice(0, 10)) throw messageError(400, { expires_at: ["cannot be a date in the past"] });
  }
}

function addMember(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const missing = ["user_id", "access_level"].filter((n) => ctx.params[n] === undefined || ctx.params[n] === "");
  if (missing.length > 0) throw validationError(missing.map((n) => `${n} is missing`));
  const p = declare(ctx.params, MEMBER_PARAMS);
  checkMemberInput(ctx, p);
  const userId = p.user_id as number;
  if (!ctx.state.users.has(userId)) throw notFound("User");
  const list = listOf(access(ctx.state).members, project);
  if (list.some((m) => m.user_id === userId)) throw conflict("Member already exists");
  const member: SimMember = { user_id: userId, access_level: p.access_level as number, expires_at: typeof p.expires_at === "string" && p.expires_at !== "" ? p.expires_at : null, created_at: now(ctx).toISOString() };
  list.push(member);
  return { status: 201, body: presentMember(ctx, member) };
}

function editMember(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const member = findDirect(ctx, project);
  if (ctx.params.access_level === undefined) throw validationError(["access_level is missing"]);
  const p = declare(ctx.params, MEMBER_PARAMS);
  checkMemberInput(ctx, p);
  member.access_level = p.access_level as number;
  if (p.expires_at !== undefined) member.expires_at = p.expires_at === "" ? null : (p.expires_at as string);
  return { status: 200, body: presentMember(ctx, member) };
}

function removeMember(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const member = findDirect(ctx, project);
  const list = listOf(access(ctx.state).members, project);
  list.splice(list.indexOf(member), 1);
  return { status: 204 };
}

// ---- badges

function groupOf(ctx: RestContext): SimGroup {
  const group = ctx.state.findGroup(ctx.route.id ?? "");
  if (!group) throw notFound("Group");
  return group;
}

function render(url: string, project: SimProject | undefined): string {
  if (!project) return url;
  const sha = project.branches.get(project.default_branch)?.commit.id ?? "";
  const values: Record<string, string> = {
    project_path: project.path_with_namespace,
    project_title: project.name,
    project_name: project.path,
    project_id: String(project.id),
    default_branch: project.default_branch,
    commit_sha: sha,
  };
  return url.replace(/%\{([a-z_]+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function presentBadge(b: SimBadge, kind: "project" | "group", project: SimProject | undefined): Json {
  return { id: b.id, name: b.name, link_url: b.link_url, image_url: b.image_url, rendered_link_url: render(b.link_url, project), rendered_image_url: render(b.image_url, project), kind };
}

function badgeSource(ctx: RestContext): { source: SimProject | SimGroup; project?: SimProject; kind: "project" | "group" } {
  if (ctx.rawPath.includes("/groups/")) return { source: groupOf(ctx), kind: "group" };
  const project = userProject(ctx);
  return { source: project, project, kind: "project" };
}

function listBadges(ctx: RestContext): RestResult {
  const { source, project, kind } = badgeSource(ctx);
  const a = access(ctx.state);
  const rows: Json[] = listOf(a.badges, source).map((b) => presentBadge(b, kind, project));
  if (project) {
    for (const g of [...ctx.state.groupAncestry(ctx.state.projectGroup(project))].reverse()) rows.push(...listOf(a.badges, g).map((b) => presentBadge(b, "group", project)));
  }
  const name = typeof ctx.params.name === "string" ? ctx.params.name : undefined;
  return pageOf(ctx, name === undefined ? rows : rows.filter((r) => r.name === name));
}

function findBadge(ctx: RestContext, source: SimProject | SimGroup): SimBadge {
  const hit = listOf(access(ctx.state).badges, source).find((b) => b.id === Number(ctx.route.badge_id));
  if (!hit) throw recordNotFound();
  return hit;
}

function getBadge(ctx: RestContext): RestResult {
  const { source, project, kind } = badgeSource(ctx);
  return { status: 200, body: presentBadge(findBadge(ctx, source), kind, project) };
}

const BADGE_PARAMS: ParamSpec[] = [
  { name: "link_url", type: "string" },
  { name: "image_url", type: "string" },
  { name: "name", type: "string" },
];

function checkUrls(p: Json): void {
  const bad: Record<string, string[]> = {};
  for (const key of ["link_url", "image_url"]) {
    if (typeof p[key] === "string" && !/^https?:\/\/\S+$/.test(p[key] as string)) bad[key] = ["must be a valid URL"];
  }
  if (Object.keys(bad).length > 0) throw messageError(400, bad);
}

function missingUrls(ctx: RestContext): void {
  const missing = ["link_url", "image_url"].filter((n) => ctx.params[n] === undefined || ctx.params[n] === "");
  if (missing.length > 0) throw validationError(missing.map((n) => `${n} is missing`));
}

function addBadge(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const { source, project, kind } = badgeSource(ctx);
  missingUrls(ctx);
  const p = declare(ctx.params, BADGE_PARAMS);
  checkUrls(p);
  const badge: SimBadge = { id: ++access(ctx.state).ids.badge, name: typeof p.name === "string" ? p.name : "", link_url: p.link_url as string, image_url: p.image_url as string };
  listOf(access(ctx.state).badges, source).push(badge);
  return { status: 201, body: presentBadge(badge, kind, project) };
}

function editBadge(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const { source, project, kind } = badgeSource(ctx);
  const badge = findBadge(ctx, source);
  const p = declare(ctx.params, BADGE_PARAMS);
  checkUrls(p);
  for (const key of ["link_url", "image_url", "name"] as const) if (typeof p[key] === "string") badge[key] = p[key] as string;
  return { status: 200, body: presentBadge(badge, kind, project) };
}

function removeBadge(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const { source } = badgeSource(ctx);
  const badge = findBadge(ctx, source);
  const list = listOf(access(ctx.state).badges, source);
  list.splice(list.indexOf(badge), 1);
  return { status: 204 };
}

function renderBadge(ctx: RestContext): RestResult {
  const { project } = badgeSource(ctx);
  missingUrls(ctx);
  const p = declare(ctx.params, BADGE_PARAMS);
  const link = p.link_url as string;
  const image = p.image_url as string;
  return { status: 200, body: { link_url: link, image_url: image, rendered_link_url: render(link, project), rendered_image_url: render(image, project) } };
}

// ---- approval configuration and project-level rules

const APPROVAL_FLAGS = [
  "reset_approvals_on_push",
  "selective_code_owner_removals",
  "disable_overriding_approvers_per_merge_request",
  "merge_requests_author_approval",
  "merge_requests_disable_committers_approval",
  "require_password_to_approve",
  "require_reauthentication_to_approve",
];

function approvalConfig(ctx: RestContext, project: SimProject): Json {
  const a = access(ctx.state);
  let config = a.approvals.get(project);
  if (!config) {
    config = { approvers: [], approver_groups: [], approvals_before_merge: 0, reset_approvals_on_push: true, selective_code_owner_removals: false, disable_overriding_approvers_per_merge_request: false, merge_requests_author_approval: false, merge_requests_disable_committers_approval: false, require_password_to_approve: false, require_reauthentication_to_approve: false };
    a.approvals.set(project, config);
  }
  return config;
}

function getApprovals(ctx: RestContext): RestResult {
  return { status: 200, body: approvalConfig(ctx, userProject(ctx)) };
}

function changeApprovals(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const p = declare(ctx.params, [{ name: "approvals_before_merge", type: "integer" }, ...APPROVAL_FLAGS.map((name): ParamSpec => ({ name, type: "boolean" }))]);
  if (typeof p.approvals_before_merge === "number" && p.approvals_before_merge < 0) throw messageError(400, { approvals_before_merge: ["must be greater than or equal to 0"] });
  const config = approvalConfig(ctx, project);
  for (const [k, v] of Object.entries(p)) if (v !== undefined) config[k] = v;
  return { status: 201, body: config };
}

function presentRule(ctx: RestContext, project: SimProject, r: SimRule): Json {
  const users = r.user_ids.map((id) => ctx.state.users.get(id)).filter((u) => u !== undefined).map((u) => ({ id: u.id, username: u.username, name: u.name, state: "active", avatar_url: null, web_url: `${ctx.options.externalUrl}/${u.username}` }));
  return {
    id: r.id,
    name: r.name,
    rule_type: r.rule_type,
    report_type: r.report_type,
    eligible_approvers: users,
    approvals_required: r.approvals_required,
    users,
    groups: r.group_ids.map((id) => ctx.state.groups.get(id)).filter((g) => g !== undefined).map((g) => ({ id: g.id, name: g.name, path: g.path, full_path: g.full_path })),
    contains_hidden_groups: false,
    protected_branches: project.protectedBranches.filter((b) => r.protected_branch_ids.includes(b.id)).map((b) => ({ id: b.id, name: b.name })),
    applies_to_all_protected_branches: r.applies_to_all_protected_branches,
  };
}

const RULE_PARAMS: ParamSpec[] = [
  { name: "name", type: "string" },
  { name: "approvals_required", type: "integer" },
  { name: "rule_type", type: "string", values: ["regular", "any_approver"] },
  { name: "report_type", type: "string", values: ["license_scanning", "code_coverage"] },
  { name: "applies_to_all_protected_branches", type: "boolean" },
];

function intList(raw: unknown): number[] | undefined {
  if (raw === undefined) return undefined;
  return (Array.isArray(raw) ? raw : [raw]).map(Number).filter((n) => Number.isInteger(n));
}

function ruleUsers(ctx: RestContext): number[] | undefined {
  const ids = intList(ctx.params.user_ids);
  const names = ctx.params.usernames === undefined ? undefined : (Array.isArray(ctx.params.usernames) ? ctx.params.usernames : [ctx.params.usernames]).map(String);
  if (ids === undefined && names === undefined) return undefined;
  const byName = (names ?? []).map((n) => [...ctx.state.users.values()].find((u) => u.username === n)?.id).filter((id): id is number => id !== undefined);
  return [...new Set([...(ids ?? []), ...byName])];
}

function rulesOf(ctx: RestContext, project: SimProject): SimRule[] {
  return listOf(access(ctx.state).rules, project);
}

function findRule(ctx: RestContext, project: SimProject): SimRule {
  const hit = rulesOf(ctx, project).find((r) => r.id === Number(ctx.route.approval_rule_id));
  if (!hit) throw recordNotFound();
  return hit;
}

function checkRule(ctx: RestContext, project: SimProject, p: Json, self?: number): void {
  if (typeof p.approvals_required === "number" && p.approvals_required < 0) throw messageError(400, { approvals_required: ["must be greater than or equal to 0"] });
  if (typeof p.name === "string" && rulesOf(ctx, project).some((r) => r.name === p.name && r.id !== self)) throw messageError(400, { name: ["has already been taken"] });
}

function listRules(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return pageOf(ctx, rulesOf(ctx, project).map((r) => presentRule(ctx, project, r)));
}

function getRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return { status: 200, body: presentRule(ctx, project, findRule(ctx, project)) };
}

function createRule(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const missing = ["name", "approvals_required"].filter((n) => ctx.params[n] === undefined || ctx.params[n] === "");
  if (missing.length > 0) throw validationError(missing.map((n) => `${n} is missing`));
  const p = declare(ctx.params, RULE_PARAMS);
  checkRule(ctx, project, p);
  const rule: SimRule = {
    id: ++access(ctx.state).ids.rule,
    name: p.name as string,
    rule_type: typeof p.rule_type === "string" ? p.rule_type : "regular",
    report_type: typeof p.report_type === "string" ? p.report_type : null,
    approvals_required: p.approvals_required as number,
    user_ids: ruleUsers(ctx) ?? [],
    group_ids: intList(ctx.params.group_ids) ?? [],
    protected_branch_ids: intList(ctx.params.protected_branch_ids) ?? [],
    applies_to_all_protected_branches: p.applies_to_all_protected_branches === true,
  };
  rulesOf(ctx, project).push(rule);
  return { status: 201, body: presentRule(ctx, project, rule) };
}

function updateRule(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const rule = findRule(ctx, project);
  const p = declare(ctx.params, [...RULE_PARAMS, { name: "remove_hidden_groups", type: "boolean" }]);
  checkRule(ctx, project, p, rule.id);
  if (typeof p.name === "string") rule.name = p.name;
  if (typeof p.approvals_required === "number") rule.approvals_required = p.approvals_required;
  if (typeof p.rule_type === "string") rule.rule_type = p.rule_type;
  if (typeof p.report_type === "string") rule.report_type = p.report_type;
  if (typeof p.applies_to_all_protected_branches === "boolean") rule.applies_to_all_protected_branches = p.applies_to_all_protected_branches;
  rule.user_ids = ruleUsers(ctx) ?? rule.user_ids;
  rule.group_ids = intList(ctx.params.group_ids) ?? rule.group_ids;
  rule.protected_branch_ids = intList(ctx.params.protected_branch_ids) ?? rule.protected_branch_ids;
  return { status: 200, body: presentRule(ctx, project, rule) };
}

function deleteRule(ctx: RestContext): RestResult {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const rule = findRule(ctx, project);
  const list = rulesOf(ctx, project);
  list.splice(list.indexOf(rule), 1);
  return { status: 204 };
}

// ---- push rules (Premium)

const PUSH_RULE_STRINGS = ["commit_message_regex", "commit_message_negative_regex", "branch_name_regex", "author_email_regex", "file_name_regex"];
const PUSH_RULE_FLAGS = ["deny_delete_tag", "member_check", "prevent_secrets", "commit_committer_check", "commit_committer_name_check", "reject_unsigned_commits", "reject_non_dco_commits"];
const PUSH_RULE_PARAMS: ParamSpec[] = [
  ...PUSH_RULE_STRINGS.map((name): ParamSpec => ({ name, type: "string" })),
  ...PUSH_RULE_FLAGS.map((name): ParamSpec => ({ name, type: "boolean" })),
  { name: "max_file_size", type: "integer" },
];

function applyPushRule(rule: Json, p: Json): void {
  for (const key of PUSH_RULE_STRINGS) if (typeof p[key] === "string") {
    try {
      new RegExp(p[key] as string);
    } catch {
      throw messageError(400, { [key]: ["is not a valid regular expression"] });
    }
  }
  if (typeof p.max_file_size === "number" && p.max_file_size < 0) throw messageError(400, { max_file_size: ["must be greater than or equal to 0"] });
  for (const [k, v] of Object.entries(p)) if (v !== undefined) rule[k] = v;
}

function getPushRule(ctx: RestContext): RestResult {
  premium(ctx);
  const project = userProject(ctx);
  return { status: 200, body: access(ctx.state).pushRules.get(project) ?? null };
}

function addPushRule(ctx: RestContext): RestResult {
  premium(ctx);
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const a = access(ctx.state);
  if (a.pushRules.has(project)) throw messageError(422, "Project push rule exists, try updating");
  const rule: Json = { id: ++a.ids.pushRule, project_id: project.id, created_at: now(ctx).toISOString(), max_file_size: 0 };
  for (const key of PUSH_RULE_STRINGS) rule[key] = null;
  for (const key of PUSH_RULE_FLAGS) rule[key] = false;
  applyPushRule(rule, declare(ctx.params, PUSH_RULE_PARAMS));
  a.pushRules.set(project, rule);
  return { status: 201, body: rule };
}

function editPushRule(ctx: RestContext): RestResult {
  premium(ctx);
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const rule = access(ctx.state).pushRules.get(project);
  if (!rule) throw notFound("Push Rule");
  applyPushRule(rule, declare(ctx.params, PUSH_RULE_PARAMS));
  return { status: 200, body: rule };
}

function deletePushRule(ctx: RestContext): RestResult {
  premium(ctx);
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const a = access(ctx.state);
  if (!a.pushRules.has(project)) throw notFound("Push Rule");
  a.pushRules.delete(project);
  return { status: 204 };
}

// ---- project aliases (Premium, administrators)

function admin(ctx: RestContext): void {
  premium(ctx);
  const { token } = requireUser(ctx.auth);
  if (!token.admin) throw forbidden();
}

function findAlias(ctx: RestContext) {
  const hit = access(ctx.state).aliases.find((x) => x.name === ctx.route.name);
  if (!hit) throw recordNotFound();
  return hit;
}

function listAliases(ctx: RestContext): RestResult {
  admin(ctx);
  return { status: 200, body: access(ctx.state).aliases.map((x) => ({ ...x })) };
}

function getAlias(ctx: RestContext): RestResult {
  admin(ctx);
  return { status: 200, body: { ...findAlias(ctx) } };
}

function createAlias(ctx: RestContext): RestResult {
  admin(ctx);
  const missing = ["project_id", "name"].filter((n) => ctx.params[n] === undefined || ctx.params[n] === "");
  if (missing.length > 0) throw validationError(missing.map((n) => `${n} is missing`));
  const project = ctx.state.findProject(String(ctx.params.project_id));
  if (!project) throw notFound("Project");
  const a = access(ctx.state);
  const name = String(ctx.params.name);
  if (a.aliases.some((x) => x.name === name)) throw messageError(400, { name: ["has already been taken"] });
  const created = { id: ++a.ids.alias, project_id: project.id, name };
  a.aliases.push(created);
  return { status: 201, body: { ...created } };
}

function deleteAlias(ctx: RestContext): RestResult {
  admin(ctx);
  const hit = findAlias(ctx);
  const a = access(ctx.state);
  a.aliases.splice(a.aliases.indexOf(hit), 1);
  return { status: 204 };
}

export function registerProjectAccessRoutes(router: Router): void {
  router.add("GET", "/projects/:id/members", directMembers);
  router.add("GET", "/projects/:id/members/all", allMembers);
  router.add("GET", "/projects/:id/members/all/:user_id", getEffectiveMember);
  router.add("GET", "/projects/:id/members/:user_id", getMember);
  router.add("POST", "/projects/:id/members", addMember);
  router.add("PUT", "/projects/:id/members/:user_id", editMember);
  router.add("DELETE", "/projects/:id/members/:user_id", removeMember);
  for (const scope of ["projects", "groups"]) {
    router.add("GET", `/${scope}/:id/badges`, listBadges);
    router.add("GET", `/${scope}/:id/badges/render`, renderBadge);
    router.add("GET", `/${scope}/:id/badges/:badge_id`, getBadge);
    router.add("POST", `/${scope}/:id/badges`, addBadge);
    router.add("PUT", `/${scope}/:id/badges/:badge_id`, editBadge);
    router.add("DELETE", `/${scope}/:id/badges/:badge_id`, removeBadge);
  }
  router.add("GET", "/projects/:id/approvals", getApprovals);
  router.add("POST", "/projects/:id/approvals", changeApprovals);
  router.add("GET", "/projects/:id/approval_rules", listRules);
  router.add("GET", "/projects/:id/approval_rules/:approval_rule_id", getRule);
  router.add("POST", "/projects/:id/approval_rules", createRule);
  router.add("PUT", "/projects/:id/approval_rules/:approval_rule_id", updateRule);
  router.add("DELETE", "/projects/:id/approval_rules/:approval_rule_id", deleteRule);
  router.add("GET", "/projects/:id/push_rule", getPushRule);
  router.add("POST", "/projects/:id/push_rule", addPushRule);
  router.add("PUT", "/projects/:id/push_rule", editPushRule);
  router.add("DELETE", "/projects/:id/push_rule", deletePushRule);
  router.add("GET", "/project_aliases", listAliases);
  router.add("GET", "/project_aliases/:name", getAlias);
  router.add("POST", "/project_aliases", createAlias);
  router.add("DELETE", "/project_aliases/:name", deleteAlias);
}
