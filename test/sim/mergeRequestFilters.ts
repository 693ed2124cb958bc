// The filters of GitLab's merge request lists (GET /merge_requests, /groups/:id/merge_requests,
// /projects/:id/merge_requests), applied the way MergeRequestsFinder does. Written from
// doc/api/merge_requests.md ("List merge requests" and its project and group variants) and
// lib/api/merge_requests.rb `merge_requests_params`:
// - labels, milestone, my_reaction_emoji, assignee_id, reviewer_id and approved_by_ids take None / Any;
// - the pairs author_id/author_username, assignee_id/assignee_username, reviewer_id/reviewer_username,
//   approved_by_ids/approved_by_usernames and merge_user_id/merge_user_username are mutually exclusive:
//   400 {"error":"author_id, author_username are mutually exclusive"};
// - times are Grape DateTime (a bad one: "created_after is invalid"); wip is yes or no (drafts);
// - `in` narrows search to title or description; `not[...]` excludes what its keys match;
// - non_archived (default true) leaves out archived projects' merge requests;
// - view=simple answers only id, iid, project_id, title, description, state, created_at, updated_at,
//   web_url; with_merge_status_recheck only asks for a recomputation, which the simulator never defers.
import { validationError } from "./errors.js";
import { declare, PAGINATION_PARAMS, type ParamMap, type ParamSpec, type ParamValue } from "./params.js";
import { eligibleApproverIds } from "./restMergeRequestApprovals.js";
import { mergeRequestAwards } from "./restMergeRequestActivity.js";
import { projectExtra } from "./restProjectCore.js";
import type { RestContext } from "./router.js";
import type { SimProject } from "./state.js";
import type { SimMergeRequest } from "./tracker.js";

export type MrRow = { project: SimProject; mr: SimMergeRequest };

const SCOPES = ["created-by-me", "assigned-to-me", "created_by_me", "assigned_to_me", "reviews_for_me", "all"];
const ORDER = ["created_at", "label_priority", "milestone_due", "popularity", "priority", "title", "updated_at", "merged_at"];
const TIMES = ["created_after", "created_before", "updated_after", "updated_before", "merged_after", "merged_before", "deployed_after", "deployed_before"];
const EXCLUSIVE: [string, string][] = [
  ["author_id", "author_username"],
  ["assignee_id", "assignee_username"],
  ["reviewer_id", "reviewer_username"],
  ["approved_by_ids", "approved_by_usernames"],
  ["merge_user_id", "merge_user_username"],
];

/** The list parameters every merge request list declares (scope's default differs per endpoint). */
export function mergeRequestListParams(scopeDefault?: string): ParamSpec[] {
  const str = (name: string, values?: string[]): ParamSpec => ({ name, type: "string", ...(values ? { values } : {}) });
  return [
    ...PAGINATION_PARAMS,
    { name: "state", type: "string", values: ["opened", "closed", "locked", "merged", "all"], default: "all" },
    { name: "order_by", type: "string", values: ORDER, default: "created_at" },
    { name: "sort", type: "string", values: ["asc", "desc"], default: "desc" },
    { name: "scope", type: "string", values: SCOPES, ...(scopeDefault ? { default: scopeDefault } : {}) },
    ...["labels", "milestone", "author_username", "assignee_username", "reviewer_username", "merge_user_username", "my_reaction_emoji", "source_branch", "target_branch", "search", "in", "environment", ...TIMES].map((n) => str(n)),
    str("wip", ["yes", "no"]),
    str("approved", ["yes", "no"]),
    str("view", ["simple"]),
    { name: "author_id", type: "integer" },
    { name: "merge_user_id", type: "integer" },
    { name: "source_project_id", type: "integer" },
    { name: "with_labels_details", type: "boolean", default: false },
    { name: "with_merge_status_recheck", type: "boolean", default: false },
    { name: "non_archived", type: "boolean", default: true },
  ];
}

function splitList(value: ParamValue | undefined): string[] {
  return typeof value === "string" ? value.split(",").map((l) => l.trim()).filter((l) => l !== "") : [];
}

/** Grape Array[Integer], or None / Any where the finder takes them. */
function idsOrWord(raw: ParamValue | undefined, name: string): number[] | "none" | "any" | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === "string" && /^(none|any)$/i.test(raw)) return raw.toLowerCase() as "none" | "any";
  const list = Array.isArray(raw) ? raw : String(raw).split(",");
  const out = list.map((v) => (typeof v === "number" ? v : /^\s*\d+\s*$/.test(String(v)) ? Number(v) : NaN));
  if (out.some((n) => !Number.isInteger(n))) throw validationError([`${name} is invalid`]);
  return out;
}

function times(p: ParamMap): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of TIMES) {
    if (p[name] === undefined) continue;
    const t = Date.parse(String(p[name]));
    if (Number.isNaN(t)) throw validationError([`${name} is invalid`]);
    out[name] = t;
  }
  return out;
}

const lower = (v: ParamValue | undefined) => (typeof v === "string" ? v.toLowerCase() : undefined);

/** A None / Any / value filter over a list of what the merge request has. */
function matches(have: readonly (string | number)[], want: ParamValue | undefined): boolean {
  if (want === undefined || want === null) return true;
  const w = String(want).toLowerCase();
  if (w === "none") return have.length === 0;
  if (w === "any") return have.length > 0;
  return have.some((h) => String(h).toLowerCase() === w);
}

function labelsMatch(mr: SimMergeRequest, raw: ParamValue | undefined): boolean {
  const labels = splitList(raw).map((l) => l.toLowerCase());
  if (labels.length === 0) return true;
  if (labels.length === 1 && (labels[0] === "none" || labels[0] === "any")) return matches(mr.labels, labels[0]);
  return labels.every((l) => mr.labels.some((m) => m.toLowerCase() === l));
}

/** The parameters of one merge request a filter reads, by the filter's name. */
function facts(ctx: RestContext, mr: SimMergeRequest) {
  const name = (id: number) => ctx.state.ensureUser(id).username;
  const me = ctx.auth.kind === "user" ? ctx.auth.user.id : undefined;
  const milestone = mr.milestone ? [String(mr.milestone.title)] : [];
  return {
    labels: mr.labels,
    milestone,
    author_id: [mr.authorId],
    author_username: [name(mr.authorId)],
    assignee_id: mr.assigneeIds,
    assignee_username: mr.assigneeIds.map(name),
    reviewer_id: mr.reviewerIds,
    reviewer_username: mr.reviewerIds.map(name),
    merge_user_id: mr.mergeUserId === null ? [] : [mr.mergeUserId],
    merge_user_username: mr.mergeUserId === null ? [] : [name(mr.mergeUserId)],
    my_reaction_emoji: mergeRequestAwards(mr).filter((a) => a.userId === me).map((a) => a.name),
  };
}

/** One filter of `not[...]` or of the list itself: true when the merge request passes. */
function passes(f: ReturnType<typeof facts>, mr: SimMergeRequest, key: string, want: ParamValue | undefined): boolean {
  if (key === "labels") return labelsMatch(mr, want);
  const have = (f as Record<string, readonly (string | number)[]>)[key];
  return have === undefined || matches(have, want);
}

function keep(ctx: RestContext, { project, mr }: MrRow, p: ParamMap, raw: ParamMap, t: Record<string, number>): boolean {
  const f = facts(ctx, mr);
  const at = (s: string | null | undefined) => (s ? Date.parse(s) : NaN);
  if (p.state !== "all" && mr.state !== p.state) return false;
  const me = ctx.auth.kind === "user" ? ctx.auth.user.id : -1;
  const scope = String(p.scope ?? "all").replace(/-/g, "_");
  if (scope === "created_by_me" && mr.authorId !== me) return false;
  if (scope === "assigned_to_me" && !mr.assigneeIds.includes(me)) return false;
  if (scope === "reviews_for_me" && !mr.reviewerIds.includes(me)) return false;
  for (const key of ["labels", "milestone", "author_id", "author_username", "assignee_id", "assignee_username", "reviewer_id", "reviewer_username", "merge_user_id", "merge_user_username", "my_reaction_emoji"]) {
    if (!passes(f, mr, key, raw[key] as ParamValue | undefined)) return false;
  }
  const not = raw.not;
  if (not && typeof not === "object" && !Array.isArray(not)) {
    for (const [key, want] of Object.entries(not)) {
      if (want === undefined || want === null || String(want) === "") continue;
      // not[labels] leaves out what carries any of the labels; the other keys what matches the value.
      if (key === "labels" ? splitList(want).some((l) => mr.labels.some((m) => m.toLowerCase() === l.toLowerCase())) : key in f && passes(f, mr, key, want)) return false;
    }
  }
  const iids = idsOrWord(raw.iids, "iids");
  if (Array.isArray(iids) && !iids.includes(mr.iid)) return false;
  const approvedBy = idsOrWord(raw.approved_by_ids, "approved_by_ids");
  if (approvedBy === "none" && mr.approverIds.length > 0) return false;
  if (approvedBy === "any" && mr.approverIds.length === 0) return false;
  if (Array.isArray(approvedBy) && !approvedBy.every((id) => mr.approverIds.includes(id))) return false;
  const byName = raw.approved_by_usernames;
  if (byName !== undefined && !(Array.isArray(byName) ? byName : [byName]).every((u) => mr.approverIds.some((id) => ctx.state.ensureUser(id).username === String(u)))) return false;
  const approvers = idsOrWord(raw.approver_ids, "approver_ids");
  const eligible = eligibleApproverIds(mr);
  if (approvers === "none" && eligible.length > 0) return false;
  if (approvers === "any" && eligible.length === 0) return false;
  if (Array.isArray(approvers) && !approvers.every((id) => eligible.includes(id))) return false;
  if (p.approved !== undefined && (mr.approverIds.length > 0) !== (p.approved === "yes")) return false;
  if (p.wip !== undefined && mr.draft !== (p.wip === "yes")) return false;
  if (p.source_branch !== undefined && mr.source_branch !== p.source_branch) return false;
  if (p.target_branch !== undefined && mr.target_branch !== p.target_branch) return false;
  if (p.source_project_id !== undefined && (mr.sourceProjectId ?? project.id) !== p.source_project_id) return false;
  if (p.non_archived === true && projectExtra(project).archived) return false;
  const search = lower(p.search);
  if (search !== undefined) {
    const fields = splitList(p.in ?? "title,description");
    const text = fields.map((x) => (x === "title" ? mr.title : x === "description" ? (mr.description ?? "") : "")).join("\n").toLowerCase();
    if (!text.includes(search)) return false;
  }
  if (t.created_after !== undefined && at(mr.created_at) < t.created_after) return false;
  if (t.created_before !== undefined && at(mr.created_at) > t.created_before) return false;
  if (t.updated_after !== undefined && at(mr.updated_at) < t.updated_after) return false;
  if (t.updated_before !== undefined && at(mr.updated_at) > t.updated_before) return false;
  if (t.merged_after !== undefined && !(at(mr.merged_at) >= t.merged_after)) return false;
  if (t.merged_before !== undefined && !(at(mr.merged_at) <= t.merged_before)) return false;
  const deployments = (mr.deployments ?? []).filter((d) => p.environment === undefined || d.environment === p.environment);
  if ((p.environment !== undefined || t.deployed_after !== undefined || t.deployed_before !== undefined) && !deployments.some((d) => !(at(d.deployed_at) < (t.deployed_after ?? -Infinity)) && !(at(d.deployed_at) > (t.deployed_before ?? Infinity)))) return false;
  return true;
}

/** Declares and checks the list's parameters, then keeps the rows the filters match, ordered. */
export function filterMergeRequests(ctx: RestContext, rows: MrRow[], scopeDefault?: string): { rows: MrRow[]; p: ParamMap } {
  const p = declare(ctx.params, mergeRequestListParams(scopeDefault));
  const raw = ctx.params;
  const both = EXCLUSIVE.find(([a, b]) => raw[a] !== undefined && raw[b] !== undefined);
  if (both) throw validationError([`${both[0]}, ${both[1]} are mutually exclusive`]);
  for (const key of ["author_id", "assignee_id", "reviewer_id"]) {
    const v = raw[key];
    if (v !== undefined && v !== null && !/^(\d+|none|any)$/i.test(String(v))) throw validationError([`${key} is invalid`]);
  }
  const t = times(p);
  const kept = rows.filter((row) => keep(ctx, row, p, raw, t));
  const key = (mr: SimMergeRequest): string | number =>
    p.order_by === "title" ? mr.title : p.order_by === "updated_at" ? mr.updated_at : p.order_by === "merged_at" ? (mr.merged_at ?? "") : p.order_by === "milestone_due" ? String(mr.milestone?.due_date ?? "9999") : mr.created_at;
  const dir = p.sort === "asc" ? 1 : -1;
  kept.sort((a, b) => {
    const ka = key(a.mr);
    const kb = key(b.mr);
    return ka < kb ? -dir : ka > kb ? dir : dir * (a.mr.id - b.mr.id);
  });
  return { rows: kept, p };
}

/** view=simple: the few fields GitLab's MergeRequestSimple entity exposes. */
export function simpleView(row: Record<string, unknown>): Record<string, unknown> {
  const { id, iid, project_id, title, description, state, created_at, updated_at, web_url } = row;
  return { id, iid, project_id, title, description, state, created_at, updated_at, web_url };
}
