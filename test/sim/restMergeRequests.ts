// Merge requests API: one merge request, its pipelines, diffs and discussions, approving and merging
// (doc/api/merge_requests.md, discussions.md, merge_request_approvals.md; lib/api/merge_requests.rb,
// lib/api/discussions.rb, lib/api/merge_request_approvals.rb).
//
// - an unknown merge request is ActiveRecord::RecordNotFound: 404 {"message":"404 Not found"};
// - approve: a user who already approved gets 401 {"message":"401 Unauthorized"} (can_be_approved_by?),
//   a `sha` that is not the source head 409 {"message":"SHA does not match HEAD of source branch: <sha>"};
// - merge: a merge request that is not open, or not mergeable, gets 405 {"message":"405 Method Not
//   Allowed"}, a stale `sha` the same 409; success answers the merged merge request, and
//   should_remove_source_branch deletes the source branch;
// - lists are offset-paginated: pipelines newest first, diffs in file order, discussions oldest first.
import { createHash } from "node:crypto";
import { approvalsBody } from "./restMergeRequestApprovals.js";
import { presentMergeRequest, presentNote, presentPipeline } from "./trackerEntities.js";
import { messageError, recordNotFound, unauthorized, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { authorizeWrite, currentUserId, userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject } from "./state.js";
import type { SimMergeRequest, SimNote } from "./tracker.js";

export function findMergeRequest(ctx: RestContext, project: SimProject): SimMergeRequest {
  if (!/^\d+$/.test(ctx.route.merge_request_iid)) throw validationError(["merge_request_iid is invalid"]);
  const mr = ctx.state.tracker.of(project).mergeRequests.get(Number(ctx.route.merge_request_iid));
  if (!mr) throw recordNotFound();
  return mr;
}

// render_html adds title_html and description_html; include_diverged_commits_count and
// include_rebase_in_progress add diverged_commits_count (0: the simulator's target never moves) and
// rebase_in_progress.
function showMergeRequest(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "render_html", type: "boolean" },
    { name: "include_diverged_commits_count", type: "boolean" },
    { name: "include_rebase_in_progress", type: "boolean" },
  ]);
  const mr = findMergeRequest(ctx, project);
  const body = presentMergeRequest(ctx.state, project, mr, ctx.options.externalUrl);
  const html = (text: string) => `<p dir="auto">${text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p>`;
  if (p.render_html === true) Object.assign(body, { title_html: html(mr.title), description_html: html(mr.description ?? "") });
  if (p.include_diverged_commits_count === true) body.diverged_commits_count = 0;
  if (p.include_rebase_in_progress === true) body.rebase_in_progress = false;
  return { status: 200, body };
}

function listPipelines(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const all = ctx.state.tracker.pipelinesOf(project, mr.iid);
  const page = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items.map((pl) => presentPipeline(project, pl, ctx.options.externalUrl)), headers: page.headers };
}

function listDiffs(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, [...PAGINATION_PARAMS, { name: "unidiff", type: "boolean", default: false }]);
  // The merge request diff is an Array of files: always counted.
  const page = paginateOffset(mr.changes, p.page as number, p.per_page as number, linkContext(ctx, p));
  const items = page.items.map((d) => (p.unidiff ? { ...d, diff: `--- a/${d.old_path}\n+++ b/${d.new_path}\n${d.diff}` } : d));
  return { status: 200, body: items, headers: page.headers };
}

function listDiscussions(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const threads = new Map<string, SimNote[]>();
  for (const n of [...mr.notes].sort((a, b) => a.id - b.id)) threads.set(n.discussionId, [...(threads.get(n.discussionId) ?? []), n]);
  const noteable = { id: mr.id, iid: mr.iid, type: "MergeRequest" };
  const all = [...threads.entries()].map(([id, notes]) => ({
    id,
    individual_note: notes.length === 1 && notes[0].type === null,
    notes: notes.map((n) => presentNote(ctx.state, project, n, noteable, ctx.options.externalUrl)),
  }));
  const page = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items, headers: page.headers };
}

const ACTIVE_PIPELINE = ["created", "waiting_for_resource", "preparing", "pending", "running", "scheduled"];

function checkSha(ctx: RestContext, mr: SimMergeRequest, sha: unknown): void {
  if (typeof sha === "string" && sha !== mr.sha) throw messageError(409, `SHA does not match HEAD of source branch: ${mr.sha}`);
}

function approve(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, [
    { name: "sha", type: "string" },
    { name: "approval_password", type: "string" },
  ]);
  authorizeWrite(ctx);
  const user = currentUserId(ctx);
  if (mr.state !== "opened" || mr.approverIds.includes(user)) throw unauthorized();
  checkSha(ctx, mr, p.sha);
  mr.approverIds.push(user);
  return { status: 201, body: approvalsBody(ctx, project, mr) };
}

function merge(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, [
    { name: "merge_commit_message", type: "string" },
    { name: "squash_commit_message", type: "string" },
    { name: "squash", type: "boolean" },
    { name: "should_remove_source_branch", type: "boolean" },
    { name: "merge_when_pipeline_succeeds", type: "boolean" },
    { name: "auto_merge", type: "boolean" },
    { name: "sha", type: "string" },
  ]);
  authorizeWrite(ctx);
  // With auto_merge (formerly merge_when_pipeline_succeeds) and a head pipeline still running, GitLab
  // sets auto-merge instead.
  const head = ctx.state.tracker.pipelinesOf(project, mr.iid)[0];
  const autoMerge = (p.auto_merge === true || p.merge_when_pipeline_succeeds === true) && head !== undefined && ACTIVE_PIPELINE.includes(head.status);
  if (mr.state !== "opened" || mr.draft || mr.has_conflicts || (!autoMerge && mr.detailed_merge_status !== "mergeable")) {
    throw messageError(405, "405 Method Not Allowed");
  }
  checkSha(ctx, mr, p.sha);
  const now = jsonTime(ctx.state.now());
  if (autoMerge) {
    Object.assign(mr, { autoMerge: true, updated_at: now });
    return { status: 200, body: presentMergeRequest(ctx.state, project, mr, ctx.options.externalUrl) };
  }
  Object.assign(mr, {
    state: "merged",
    autoMerge: false,
    merged_at: now,
    updated_at: now,
    mergeUserId: currentUserId(ctx),
    squash: p.squash === true || mr.squash,
    merge_commit_sha: createHash("sha1").update(`merge:${mr.iid}:${mr.sha}`).digest("hex"),
  });
  if (p.should_remove_source_branch !== undefined) mr.should_remove_source_branch = p.should_remove_source_branch as boolean;
  if (mr.should_remove_source_branch) ctx.state.removeBranch(project, mr.source_branch);
  return { status: 200, body: presentMergeRequest(ctx.state, project, mr, ctx.options.externalUrl) };
}

export function registerMergeRequestRoutes(router: Router): void {
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid", showMergeRequest);
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid/pipelines", listPipelines);
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid/diffs", listDiffs);
  router.add("GET", "/projects/:id/merge_requests/:merge_request_iid/discussions", listDiscussions);
  router.add("POST", "/projects/:id/merge_requests/:merge_request_iid/approve", approve);
  router.add("PUT", "/projects/:id/merge_requests/:merge_request_iid/merge", merge);
}
