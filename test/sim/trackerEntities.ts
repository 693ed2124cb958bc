// JSON representations of issues, merge requests, notes and pipelines, field for field in the order
// GitLab's Grape entities expose them (doc/api/issues.md, merge_requests.md, notes.md, discussions.md,
// merge_request_approvals.md; lib/api/entities/{issue_basic,issue,merge_request_basic,merge_request,
// note,discussion,ci/pipeline_basic,user_basic}.rb). Fields only a paid tier fills (weight, epic,
// health_status) are left out: the simulator is a Free instance.
import { projectWebUrl } from "./projectAccess.js";
import type { SimProject, SimState } from "./state.js";
import type { SimIssue, SimMergeRequest, SimNote, SimPipeline } from "./tracker.js";

type Json = Record<string, unknown>;

export function presentUser(state: SimState, id: number | null, externalUrl: string): Json | null {
  if (id === null) return null;
  const u = state.ensureUser(id);
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    state: "active",
    locked: false,
    avatar_url: `https://www.gravatar.com/avatar/${u.id}?s=80&d=identicon`,
    web_url: `${externalUrl}/${u.username}`,
  };
}

const timeStats = { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null };

function userNotes(notes: SimNote[]): number {
  return notes.filter((n) => !n.system).length;
}

export function presentIssue(state: SimState, project: SimProject, issue: SimIssue, externalUrl: string): Json {
  const user = (id: number | null) => presentUser(state, id, externalUrl);
  const api = `${externalUrl}/api/v4/projects/${project.id}`;
  const assignees = issue.assigneeIds.map(user);
  return {
    id: issue.id,
    iid: issue.iid,
    project_id: project.id,
    title: issue.title,
    description: issue.description,
    state: issue.state,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.closed_at,
    closed_by: user(issue.closedById),
    labels: [...issue.labels].sort(),
    milestone: null,
    assignees,
    author: user(issue.authorId),
    type: issue.issue_type.toUpperCase(),
    assignee: assignees[0] ?? null,
    user_notes_count: userNotes(issue.notes),
    merge_requests_count: relatedMergeRequests(state, project, issue).length,
    upvotes: 0,
    downvotes: 0,
    due_date: issue.due_date,
    confidential: issue.confidential,
    discussion_locked: issue.discussion_locked,
    issue_type: issue.issue_type,
    web_url: `${projectWebUrl(externalUrl, project)}/-/issues/${issue.iid}`,
    time_stats: timeStats,
    task_completion_status: { count: 0, completed_count: 0 },
    has_tasks: false,
    _links: {
      self: `${api}/issues/${issue.iid}`,
      notes: `${api}/issues/${issue.iid}/notes`,
      award_emoji: `${api}/issues/${issue.iid}/award_emoji`,
      project: api,
      closed_as_duplicate_of: null,
    },
    references: { short: `#${issue.iid}`, relative: `#${issue.iid}`, full: `${project.path_with_namespace}#${issue.iid}` },
    severity: "UNKNOWN",
    subscribed: true,
    moved_to_id: null,
    imported: false,
    imported_from: "none",
  };
}

/** Merge requests that close the issue or mention it (#iid) in their description. */
export function relatedMergeRequests(state: SimState, project: SimProject, issue: SimIssue): SimMergeRequest[] {
  const mention = new RegExp(`(^|[^\\w&!#])#${issue.iid}(?!\\d)`);
  return [...state.tracker.of(project).mergeRequests.values()].filter((mr) => mr.closesIssues.includes(issue.iid) || mention.test(mr.description ?? ""));
}

export function presentPipeline(project: SimProject, p: SimPipeline, externalUrl: string): Json {
  return {
    id: p.id,
    iid: p.iid,
    project_id: project.id,
    sha: p.sha,
    ref: p.ref,
    status: p.status,
    source: p.source,
    created_at: p.created_at,
    updated_at: p.updated_at,
    web_url: `${projectWebUrl(externalUrl, project)}/-/pipelines/${p.id}`,
  };
}

/** MergeRequestBasic: what lists answer. */
export function presentMergeRequestBasic(state: SimState, project: SimProject, mr: SimMergeRequest, externalUrl: string): Json {
  const user = (id: number | null) => presentUser(state, id, externalUrl);
  const assignees = mr.assigneeIds.map(user);
  const mergeUser = user(mr.mergeUserId);
  return {
    id: mr.id,
    iid: mr.iid,
    project_id: project.id,
    title: mr.title,
    description: mr.description,
    state: mr.state,
    created_at: mr.created_at,
    updated_at: mr.updated_at,
    merged_by: mergeUser,
    merge_user: mergeUser,
    merged_at: mr.merged_at,
    merge_after: mr.mergeAfter ?? null,
    prepared_at: mr.created_at,
    closed_by: user(mr.closedById),
    closed_at: mr.closed_at,
    target_branch: mr.target_branch,
    source_branch: mr.source_branch,
    user_notes_count: userNotes(mr.notes),
    upvotes: 0,
    downvotes: 0,
    author: user(mr.authorId),
    assignees,
    assignee: assignees[0] ?? null,
    reviewers: mr.reviewerIds.map(user),
    source_project_id: mr.sourceProjectId ?? project.id,
    target_project_id: project.id,
    labels: [...mr.labels].sort(),
    draft: mr.draft,
    imported: false,
    imported_from: "none",
    work_in_progress: mr.draft,
    milestone: mr.milestone ?? null,
    merge_when_pipeline_succeeds: mr.autoMerge === true,
    merge_status: mr.state !== "opened" ? "can_be_merged" : mr.has_conflicts ? "cannot_be_merged" : "can_be_merged",
    detailed_merge_status: mr.state === "opened" ? mr.detailed_merge_status : "not_open",
    sha: mr.sha,
    merge_commit_sha: mr.merge_commit_sha,
    squash_commit_sha: null,
    discussion_locked: mr.discussion_locked ?? null,
    should_remove_source_branch: mr.should_remove_source_branch,
    force_remove_source_branch: true,
    reference: `!${mr.iid}`,
    references: { short: `!${mr.iid}`, relative: `!${mr.iid}`, full: `${project.path_with_namespace}!${mr.iid}` },
    web_url: `${projectWebUrl(externalUrl, project)}/-/merge_requests/${mr.iid}`,
    time_stats: timeStats,
    squash: mr.squash,
    squash_on_merge: mr.squash,
    task_completion_status: { count: 0, completed_count: 0 },
    has_conflicts: mr.has_conflicts,
    blocking_discussions_resolved: mr.notes.every((n) => !n.resolvable || n.resolved),
    approvals_before_merge: null,
  };
}

/** MergeRequest: what the single-object endpoints answer. */
export function presentMergeRequest(state: SimState, project: SimProject, mr: SimMergeRequest, externalUrl: string): Json {
  const pipelines = state.tracker.pipelinesOf(project, mr.iid);
  const head = pipelines[0] ? presentPipeline(project, pipelines[0], externalUrl) : null;
  return {
    ...presentMergeRequestBasic(state, project, mr, externalUrl),
    subscribed: mr.subscribed ?? true,
    changes_count: mr.changes.length > 1000 ? "1000+" : String(mr.changes.length),
    latest_build_started_at: head ? pipelines[0].created_at : null,
    latest_build_finished_at: head ? pipelines[0].updated_at : null,
    first_deployed_to_production_at: null,
    pipeline: head,
    head_pipeline: head,
    diff_refs: { base_sha: mr.sha, head_sha: mr.sha, start_sha: mr.sha },
    merge_error: null,
    allow_collaboration: mr.allow_collaboration ?? false,
    allow_maintainer_to_push: mr.allow_collaboration ?? false,
    first_contribution: false,
    user: { can_merge: true },
  };
}

export function presentNote(state: SimState, project: SimProject, note: SimNote, noteable: { id: number; iid: number; type: string }, externalUrl: string): Json {
  const out: Json = {
    id: note.id,
    type: note.type,
    body: note.body,
    attachment: null,
    author: presentUser(state, note.authorId, externalUrl),
    created_at: note.created_at,
    updated_at: note.updated_at,
    system: note.system,
    noteable_id: noteable.id,
    noteable_type: noteable.type,
    project_id: project.id,
    resolvable: note.resolvable,
    confidential: false,
    internal: false,
    imported: false,
    imported_from: "none",
    noteable_iid: noteable.iid,
    commands_changes: {},
  };
  if (note.resolvable) {
    out.resolved = note.resolved;
    out.resolved_by = presentUser(state, note.resolvedById, externalUrl);
    out.resolved_at = note.resolved ? note.updated_at : null;
  }
  return out;
}

export function presentApprovals(state: SimState, project: SimProject, mr: SimMergeRequest, externalUrl: string): Json {
  return {
    id: mr.id,
    iid: mr.iid,
    project_id: project.id,
    title: mr.title,
    description: mr.description,
    state: mr.state,
    created_at: mr.created_at,
    updated_at: mr.updated_at,
    merge_status: "can_be_merged",
    approved: mr.approverIds.length > 0,
    approvals_required: 0,
    approvals_left: 0,
    require_password_to_approve: false,
    approved_by: mr.approverIds.map((id) => ({ user: presentUser(state, id, externalUrl) })),
    suggested_approvers: [],
    approvers: [],
    approver_groups: [],
    user_has_approved: true,
    user_can_approve: false,
    approval_rules_left: [],
    has_approval_rules: false,
    merge_request_approvers_available: false,
    multiple_approval_rules_available: false,
    invalid_approvers_rules: [],
  };
}
