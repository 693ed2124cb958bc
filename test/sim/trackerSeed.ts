// Seeding issues, merge requests, pipelines and notes for tests and demos: usernames become users,
// times default to the deterministic seed clock, and IIDs follow GitLab's per-project sequence.
import { createHash } from "node:crypto";
import { jsonTime, type SimProject, type SimState } from "./state.js";
import { discussionId, type SimDiff, type SimIssue, type SimMergeRequest, type SimNote, type SimPipeline } from "./tracker.js";

export interface IssueSeed {
  iid?: number;
  title: string;
  description?: string | null;
  state?: "opened" | "closed";
  author?: string;
  assignees?: string[];
  labels?: string[];
  due_date?: string | null;
  confidential?: boolean;
  created_at?: string;
}

export interface MergeRequestSeed {
  iid?: number;
  title: string;
  description?: string | null;
  state?: SimMergeRequest["state"];
  author?: string;
  assignees?: string[];
  reviewers?: string[];
  labels?: string[];
  source_branch: string;
  target_branch?: string;
  draft?: boolean;
  detailed_merge_status?: string;
  has_conflicts?: boolean;
  files?: string[];
  created_at?: string;
  closes_issues?: number[];
  should_remove_source_branch?: boolean | null;
}

export interface PipelineSeed {
  id?: number;
  status: string;
  ref?: string;
  merge_request_iid?: number;
  source?: string;
  created_at?: string;
}

export interface NoteSeed {
  body: string;
  author?: string;
  system?: boolean;
  created_at?: string;
  /** Reply in the thread of the note with this body (merge request discussions). */
  reply_to?: string;
  resolvable?: boolean;
  resolved?: boolean;
}

const sha = (seed: string) => createHash("sha1").update(seed).digest("hex");
const userId = (state: SimState, name: string | undefined) => (name === undefined ? 1 : state.userNamed(name).id);

export function seedIssue(state: SimState, project: SimProject, seed: IssueSeed): SimIssue {
  const tracker = state.tracker;
  const at = seed.created_at ?? jsonTime(state.nextSeedTime());
  const closed = seed.state === "closed";
  const issue: SimIssue = {
    id: tracker.issueId(),
    iid: seed.iid ?? tracker.nextIssueIid(project),
    title: seed.title,
    description: seed.description ?? null,
    state: closed ? "closed" : "opened",
    authorId: userId(state, seed.author),
    assigneeIds: (seed.assignees ?? []).map((a) => userId(state, a)),
    labels: seed.labels ?? [],
    due_date: seed.due_date ?? null,
    confidential: seed.confidential ?? false,
    discussion_locked: null,
    issue_type: "issue",
    created_at: at,
    updated_at: at,
    closed_at: closed ? at : null,
    closedById: closed ? userId(state, seed.author) : null,
    notes: [],
  };
  tracker.of(project).issues.set(issue.iid, issue);
  return issue;
}

function diffOf(path: string): SimDiff {
  return { old_path: path, new_path: path, a_mode: "100644", b_mode: "100644", diff: `@@ -1 +1 @@\n-old ${path}\n+new ${path}\n`, new_file: false, renamed_file: false, deleted_file: false, generated_file: false };
}

export function seedMergeRequest(state: SimState, project: SimProject, seed: MergeRequestSeed): SimMergeRequest {
  const tracker = state.tracker;
  const at = seed.created_at ?? jsonTime(state.nextSeedTime());
  const mrState = seed.state ?? "opened";
  const author = userId(state, seed.author);
  const mr: SimMergeRequest = {
    id: tracker.mergeRequestId(),
    iid: seed.iid ?? tracker.nextMergeRequestIid(project),
    title: seed.title,
    description: seed.description ?? null,
    state: mrState,
    authorId: author,
    assigneeIds: (seed.assignees ?? []).map((a) => userId(state, a)),
    reviewerIds: (seed.reviewers ?? []).map((r) => userId(state, r)),
    labels: seed.labels ?? [],
    source_branch: seed.source_branch,
    target_branch: seed.target_branch ?? project.default_branch,
    draft: seed.draft ?? false,
    sha: project.branches.get(seed.source_branch)?.commit.id ?? sha(`mr:${seed.source_branch}`),
    detailed_merge_status: seed.detailed_merge_status ?? "mergeable",
    has_conflicts: seed.has_conflicts ?? false,
    changes: (seed.files ?? ["README.md"]).map(diffOf),
    created_at: at,
    updated_at: at,
    merged_at: mrState === "merged" ? at : null,
    mergeUserId: mrState === "merged" ? author : null,
    merge_commit_sha: mrState === "merged" ? sha(`merge:${seed.title}`) : null,
    squash: false,
    should_remove_source_branch: seed.should_remove_source_branch ?? null,
    closed_at: mrState === "closed" ? at : null,
    closedById: mrState === "closed" ? author : null,
    approverIds: [],
    closesIssues: seed.closes_issues ?? [],
    notes: [],
  };
  tracker.of(project).mergeRequests.set(mr.iid, mr);
  return mr;
}

export function seedPipeline(state: SimState, project: SimProject, seed: PipelineSeed, seedTime: Date): SimPipeline {
  const t = state.tracker.of(project);
  const mr = seed.merge_request_iid === undefined ? undefined : t.mergeRequests.get(seed.merge_request_iid);
  const at = seed.created_at ?? jsonTime(seedTime);
  const pipeline: SimPipeline = {
    id: state.tracker.pipelineId(seed.id),
    iid: t.pipelines.length + 1,
    sha: mr?.sha ?? project.branches.get(seed.ref ?? project.default_branch)?.commit.id ?? sha(`pipeline:${seed.ref}`),
    ref: seed.ref ?? (mr ? `refs/merge-requests/${mr.iid}/head` : project.default_branch),
    status: seed.status,
    source: seed.source ?? (mr ? "merge_request_event" : "push"),
    created_at: at,
    updated_at: at,
    mergeRequestIid: mr?.iid ?? null,
  };
  t.pipelines.push(pipeline);
  return pipeline;
}

export function seedNote(state: SimState, project: SimProject, on: { issue_iid: number } | { merge_request_iid: number }, seed: NoteSeed, seedTime: Date): void {
  const t = state.tracker.of(project);
  const target = "issue_iid" in on ? t.issues.get(on.issue_iid) : t.mergeRequests.get(on.merge_request_iid);
  if (!target) throw new Error(`GitLabSimulator: no such noteable ${JSON.stringify(on)}`);
  const at = seed.created_at ?? jsonTime(seedTime);
  const id = state.tracker.noteId();
  const parent = seed.reply_to === undefined ? undefined : target.notes.find((n) => n.body === seed.reply_to);
  const resolvable = seed.resolvable ?? ("merge_request_iid" in on && !seed.system);
  const note: SimNote = {
    id,
    body: seed.body,
    authorId: userId(state, seed.author),
    system: seed.system ?? false,
    created_at: at,
    updated_at: at,
    discussionId: parent?.discussionId ?? discussionId(`${project.id}:${id}`),
    type: parent || resolvable ? "DiscussionNote" : null,
    resolvable,
    resolved: seed.resolved ?? false,
    resolvedById: seed.resolved ? userId(state, seed.author) : null,
  };
  target.notes.push(note);
}
