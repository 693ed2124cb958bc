// In-memory issues, merge requests, notes and pipelines of the simulated instance: plain data kept per
// project, with project-scoped IIDs as GitLab allocates them (InternalId: the next IID is one above the
// highest one used). HTTP concerns live in restIssues.ts and restMergeRequests.ts.
import { createHash } from "node:crypto";
import type { SimProject } from "./state.js";

export interface SimNote {
  id: number;
  body: string;
  authorId: number;
  system: boolean;
  created_at: string;
  updated_at: string;
  /** Thread this note belongs to (GitLab's discussion_id, 40 hex characters). */
  discussionId: string;
  /** DiscussionNote for a thread reply or a resolvable MR comment, null for a plain comment. */
  type: string | null;
  resolvable: boolean;
  resolved: boolean;
  resolvedById: number | null;
}

export interface SimIssue {
  id: number;
  iid: number;
  title: string;
  description: string | null;
  state: "opened" | "closed";
  authorId: number;
  assigneeIds: number[];
  labels: string[];
  due_date: string | null;
  confidential: boolean;
  discussion_locked: boolean | null;
  issue_type: string;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  closedById: number | null;
  notes: SimNote[];
}

export interface SimPipeline {
  id: number;
  iid: number;
  sha: string;
  ref: string;
  status: string;
  source: string;
  created_at: string;
  updated_at: string;
  /** IID of the merge request the pipeline ran for, if any. */
  mergeRequestIid: number | null;
}

export interface SimMergeRequest {
  id: number;
  iid: number;
  title: string;
  description: string | null;
  state: "opened" | "closed" | "merged" | "locked";
  authorId: number;
  assigneeIds: number[];
  reviewerIds: number[];
  labels: string[];
  source_branch: string;
  target_branch: string;
  draft: boolean;
  sha: string;
  detailed_merge_status: string;
  has_conflicts: boolean;
  changes: SimDiff[];
  created_at: string;
  updated_at: string;
  merged_at: string | null;
  mergeUserId: number | null;
  merge_commit_sha: string | null;
  squash: boolean;
  should_remove_source_branch: boolean | null;
  closed_at: string | null;
  closedById: number | null;
  approverIds: number[];
  /** IIDs of issues the merge request closes when merged. */
  closesIssues: number[];
  notes: SimNote[];
  /** Whether the current user gets notifications (unset: subscribed, as the author is). */
  subscribed?: boolean;
  /** Set to merge when the pipeline succeeds (auto-merge). */
  autoMerge?: boolean;
  /** The milestone, as GitLab embeds it (id, iid, title, ...). */
  milestone?: Record<string, unknown> | null;
  /** Deployments of its merge commit: environment name and time. */
  deployments?: { environment: string; deployed_at: string }[];
  discussion_locked?: boolean | null;
  allow_collaboration?: boolean;
  /** Not to be merged before this time (merge_after). */
  mergeAfter?: string | null;
  /** The project the changes come from (a fork), when not the target project. */
  sourceProjectId?: number;
}

export interface SimDiff {
  old_path: string;
  new_path: string;
  a_mode: string;
  b_mode: string;
  diff: string;
  new_file: boolean;
  renamed_file: boolean;
  deleted_file: boolean;
  generated_file: boolean;
}

interface ProjectTracker {
  issues: Map<number, SimIssue>;
  mergeRequests: Map<number, SimMergeRequest>;
  pipelines: SimPipeline[];
}

export class Tracker {
  private readonly byProject = new WeakMap<SimProject, ProjectTracker>();
  private ids = { issue: 1000, mergeRequest: 5000, note: 9000, pipeline: 0 };

  of(project: SimProject): ProjectTracker {
    let t = this.byProject.get(project);
    if (!t) {
      t = { issues: new Map(), mergeRequests: new Map(), pipelines: [] };
      this.byProject.set(project, t);
    }
    return t;
  }

  nextIssueIid(project: SimProject): number {
    return Math.max(0, ...this.of(project).issues.keys()) + 1;
  }

  nextMergeRequestIid(project: SimProject): number {
    return Math.max(0, ...this.of(project).mergeRequests.keys()) + 1;
  }

  issueId(): number {
    return ++this.ids.issue;
  }

  mergeRequestId(): number {
    return ++this.ids.mergeRequest;
  }

  noteId(): number {
    return ++this.ids.note;
  }

  pipelineId(wanted?: number): number {
    this.ids.pipeline = Math.max(this.ids.pipeline + 1, wanted ?? 0);
    return wanted ?? this.ids.pipeline;
  }

  /** Pipelines of one merge request, newest first (GitLab orders them by id desc). */
  pipelinesOf(project: SimProject, iid: number): SimPipeline[] {
    return this.of(project)
      .pipelines.filter((p) => p.mergeRequestIid === iid)
      .sort((a, b) => b.id - a.id);
  }
}

/** A discussion id as GitLab makes them: 40 hex characters. */
export function discussionId(seed: string): string {
  return createHash("sha1").update(`discussion:${seed}`).digest("hex");
}
