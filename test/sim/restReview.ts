// Merge request review API: notes, discussion threads (one, create, reply, resolve, edit and delete a
// thread note), draft notes (a pending review: create, list, get, update, delete, publish one, publish
// all), diff versions and the raw diff (doc/api/notes.md, discussions.md, draft_notes.md,
// merge_requests.md); and the repository's diff reads: compare and a commit's diff (repositories.md,
// commits.md).
//
// - notes and threads live on the merge request (mr.notes, as restMergeRequests.ts lists discussions);
//   a diff note keeps its position, a DiffNote's `position` as GitLab presents it;
// - an unknown note is ActiveRecord's 404 {"message":"404 Not found"}, an unknown thread
//   {"message":"404 Discussion Not Found"}, an unknown draft note {"message":"404 Draft Note Not Found"},
//   an unknown version 404 {"message":"404 Not found"}, an unknown commit {"message":"404 Commit Not Found"};
// - a text position whose SHAs are not the latest version's, or whose file is not in the diff, or that
//   names no line, is refused as GitLab refuses it: 400 about line_code;
// - publishing a draft turns it into a note (in its thread, or a new thread), then deletes the draft;
//   publish and bulk_publish answer 204, as do the deletes;
// - versions are the merge request's pushes, newest first; one version exists for every merge request;
// - a comparison or commit diff nobody seeded is empty, as GitLab answers for refs with no difference.
import { createHash } from "node:crypto";
import { presentNote } from "./trackerEntities.js";
import { messageError, notFound, recordNotFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamValue } from "./params.js";
import { authorizeWrite, currentUserId, userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject, type SimState } from "./state.js";
import { discussionId, type SimMergeRequest, type SimNote } from "./tracker.js";

type Json = Record<string, unknown>;

interface SimVersion {
  id: number;
  head_commit_sha: string;
  base_commit_sha: string;
  start_commit_sha: string;
  created_at: string;
  real_size: string;
  /** Files of this version; by default the merge request's changes. */
  diffs?: Json[];
}

interface SimDraft {
  id: number;
  authorId: number;
  note: string;
  discussion_id: string | null;
  resolve_discussion: boolean;
  commit_id: string | null;
  position: Json | null;
}

/** What the review API keeps beside the tracker, per simulator. */
interface ReviewState {
  versions: WeakMap<SimMergeRequest, SimVersion[]>;
  drafts: WeakMap<SimMergeRequest, SimDraft[]>;
  positions: WeakMap<SimNote, Json>;
  commitDiffs: Map<string, Json[]>;
  comparisons: Map<string, Json>;
  ids: { draft: number; version: number };
}

const REVIEW = new WeakMap<SimState, ReviewState>();

function review(state: SimState): ReviewState {
  let r = REVIEW.get(state);
  if (!r) {
    r = { versions: new WeakMap(), drafts: new WeakMap(), positions: new WeakMap(), commitDiffs: new Map(), comparisons: new Map(), ids: { draft: 300, version: 700 } };
    REVIEW.set(state, r);
  }
  return r;
}

const sha1 = (seed: string) => createHash("sha1").update(seed).digest("hex");

function versionsOf(state: SimState, project: SimProject, mr: SimMergeRequest): SimVersion[] {
  const r = review(state);
  let list = r.versions.get(mr);
  if (!list) {
    const base = project.branches.get(mr.target_branch)?.commit.id ?? sha1(`base:${mr.target_branch}`);
    list = [{ id: ++r.ids.version, head_commit_sha: mr.sha, base_commit_sha: base, start_commit_sha: base, created_at: mr.created_at, real_size: String(mr.changes.length) }];
    r.versions.set(mr, list);
  }
  return list;
}

/** Seeds a further push of a merge request: a new latest version, with its own files when given. */
export function seedDiffVersion(state: SimState, project: SimProject, mr: SimMergeRequest, seed: { head_sha?: string; base_sha?: string; start_sha?: string; real_size?: string; diffs?: Json[] }): number {
  const list = versionsOf(state, project, mr);
  const prev = list[0];
  const head = seed.head_sha ?? sha1(`push:${mr.iid}:${list.length}`);
  const v: SimVersion = { id: ++review(state).ids.version, head_commit_sha: head, base_commit_sha: seed.base_sha ?? prev.base_commit_sha, start_commit_sha: seed.start_sha ?? seed.base_sha ?? prev.start_commit_sha, created_at: jsonTime(state.now()), real_size: seed.real_size ?? String((seed.diffs ?? mr.changes).length), diffs: seed.diffs };
  list.unshift(v);
  mr.sha = head;
  return v.id;
}

export function seedCommitDiff(state: SimState, project: SimProject, sha: string, diffs: Json[]): void {
  review(state).commitDiffs.set(`${project.id}:${sha}`, diffs);
}

export function seedComparison(state: SimState, project: SimProject, from: string, to: string, answer: Json): void {
  review(state).comparisons.set(`${project.id}:${from}...${to}`, answer);
}

function findMergeRequest(ctx: RestContext, project: SimProject): SimMergeRequest {
  if (!/^\d+$/.test(ctx.route.merge_request_iid)) throw validationError(["merge_request_iid is invalid"]);
  const mr = ctx.state.tracker.of(project).mergeRequests.get(Number(ctx.route.merge_request_iid));
  if (!mr) throw recordNotFound();
  return mr;
}

function presentMrNote(ctx: RestContext, project: SimProject, mr: SimMergeRequest, n: SimNote): Json {
  const out = presentNote(ctx.state, project, n, { id: mr.id, iid: mr.iid, type: "MergeRequest" }, ctx.options.externalUrl) as Json;
  const position = review(ctx.state).positions.get(n);
  if (position) out.position = position;
  return out;
}

function thread(ctx: RestContext, project: SimProject, mr: SimMergeRequest, id: string): Json {
  const notes = mr.notes.filter((n) => n.discussionId === id).sort((a, b) => a.id - b.id);
  if (notes.length === 0) throw notFound("Discussion");
  return { id, individual_note: notes.length === 1 && notes[0].type === null, notes: notes.map((n) => presentMrNote(ctx, project, mr, n)) };
}

function findNote(mr: SimMergeRequest, raw: string, discussion?: string): SimNote {
  const n = mr.notes.find((x) => String(x.id) === raw && (discussion === undefined || x.discussionId === discussion));
  if (!n) throw recordNotFound();
  return n;
}

function addNote(ctx: RestContext, mr: SimMergeRequest, body: string, opts: { discussion?: string; type: string | null; position?: Json | null }): SimNote {
  const now = jsonTime(ctx.state.now());
  const id = ctx.state.tracker.noteId();
  const note: SimNote = {
    id,
    body,
    authorId: currentUserId(ctx),
    system: false,
    created_at: now,
    updated_at: now,
    discussionId: opts.discussion ?? discussionId(`${mr.id}:${id}`),
    type: opts.position ? "DiffNote" : opts.type,
    resolvable: opts.type !== null || Boolean(opts.position),
    resolved: false,
    resolvedById: null,
  };
  mr.notes.push(note);
  if (opts.position) review(ctx.state).positions.set(note, opts.position);
  return note;
}

const LINE_CODE_ERROR = '400 Bad request - Note {:line_code=>["can\'t be blank", "must be a valid line code"]}';

/** A diff position as GitLab checks it: the latest version's SHAs, a file of the diff, a line for text. */
function checkPosition(ctx: RestContext, project: SimProject, mr: SimMergeRequest, raw: ParamValue | undefined): Json | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "object" || Array.isArray(raw)) throw validationError(["position is invalid"]);
  const p = raw as Record<string, ParamValue>;
  const missing = ["base_sha", "start_sha", "head_sha", "position_type"].filter((k) => typeof p[k] !== "string" || p[k] === "");
  if (missing.length > 0) throw validationError(missing.map((k) => `position[${k}] is missing`));
  const latest = versionsOf(ctx.state, project, mr)[0];
  const files = (latest.diffs ?? (mr.changes as unknown as Json[])).map((d) => String(d.new_path));
  const type = String(p.position_type);
  if (!["text", "image", "file"].includes(type)) throw validationError(["position[position_type] does not have a valid value"]);
  const line = (k: string) => (p[k] === undefined || p[k] === null ? null : Number(p[k]));
  const shasMatch = p.head_sha === latest.head_commit_sha && p.base_sha === latest.base_commit_sha && p.start_sha === latest.start_commit_sha;
  const fileKnown = files.includes(String(p.new_path ?? p.old_path));
  if (type === "text" && (!shasMatch || !fileKnown || (line("new_line") === null && line("old_line") === null))) throw messageError(400, LINE_CODE_ERROR);
  if (type === "text") {
    const diff = (latest.diffs ?? (mr.changes as unknown as Json[])).find((d) => d.new_path === (p.new_path ?? p.old_path))?.diff;
    if (typeof diff === "string" && diff !== "" && !lineFits(diff, line("old_line"), line("new_line"))) throw messageError(400, LINE_CODE_ERROR);
  }
  if (type === "file" && !fileKnown) throw messageError(400, "400 Bad request - Note {:position=>[\"is invalid\"]}");
  return {
    base_sha: p.base_sha,
    start_sha: p.start_sha,
    head_sha: p.head_sha,
    old_path: p.old_path ?? p.new_path,
    new_path: p.new_path ?? p.old_path,
    position_type: type,
    old_line: line("old_line"),
    new_line: line("new_line"),
    line_range: null,
  };
}

/**
 * Whether a diff line is named the way GitLab finds its line_code: an added line by its new number
 * alone, a removed line by its old number alone, an unchanged line (in a hunk or between hunks) by both.
 */
function lineFits(diff: string, oldLine: number | null, newLine: number | null): boolean {
  const added = new Set<number>();
  const removed = new Set<number>();
  const unchanged = new Map<number, number>(); // new -> old, inside hunks
  const hunks: { o: number; n: number; oEnd: number; nEnd: number }[] = [];
  let o = 0;
  let n = 0;
  for (const text of diff.split("\n")) {
    const h = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(text);
    if (h) {
      o = Number(h[1]) - 1;
      n = Number(h[3]) - 1;
      hunks.push({ o: o + 1, n: n + 1, oEnd: o, nEnd: n });
      continue;
    }
    if (hunks.length === 0) continue;
    const last = hunks[hunks.length - 1];
    if (text.startsWith("+")) added.add(++n);
    else if (text.startsWith("-")) removed.add(++o);
    else if (text.startsWith(" ")) unchanged.set(++n, ++o);
    else continue;
    last.oEnd = o;
    last.nEnd = n;
  }
  if (oldLine === null && newLine !== null) return added.has(newLine);
  if (newLine === null && oldLine !== null) return removed.has(oldLine);
  if (oldLine === null || newLine === null) return false;
  if (unchanged.has(newLine)) return unchanged.get(newLine) === oldLine;
  if (added.has(newLine) || removed.has(oldLine)) return false;
  // Between hunks: shifted by the hunks before the line.
  const before = hunks.filter((x) => x.nEnd < newLine);
  const prev = before[before.length - 1];
  const shift = prev ? prev.oEnd - prev.nEnd : 0;
  return oldLine === newLine + shift;
}

// ---- notes

function listNotes(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, [...PAGINATION_PARAMS, { name: "sort", type: "string", values: ["asc", "desc"], default: "desc" }, { name: "order_by", type: "string", values: ["created_at", "updated_at"], default: "created_at" }]);
  const key = p.order_by as "created_at" | "updated_at";
  const sorted = [...mr.notes].sort((a, b) => (a[key] === b[key] ? a.id - b.id : a[key] < b[key] ? -1 : 1));
  if (p.sort === "desc") sorted.reverse();
  const page = paginateOffset(sorted, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items.map((n) => presentMrNote(ctx, project, mr, n)), headers: page.headers };
}

function showNote(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  return { status: 200, body: presentMrNote(ctx, project, mr, findNote(mr, ctx.route.note_id)) };
}

function createNote(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, [
    { name: "body", type: "string", required: true, allowBlank: false },
    { name: "internal", type: "boolean", default: false },
    { name: "merge_request_diff_head_sha", type: "string" },
    { name: "created_at", type: "string" },
  ]);
  authorizeWrite(ctx);
  const note = addNote(ctx, mr, p.body as string, { type: null });
  return { status: 201, body: presentMrNote(ctx, project, mr, note) };
}

function editNote(ctx: RestContext, discussion?: string): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const note = findNote(mr, ctx.route.note_id, discussion);
  const p = declare(ctx.params, [
    { name: "body", type: "string", allowBlank: false },
    { name: "resolved", type: "boolean" },
  ]);
  authorizeWrite(ctx);
  if (p.body === undefined && p.resolved === undefined) throw validationError(["body, resolved are missing, at least one parameter must be provided"]);
  if (typeof p.body === "string") note.body = p.body;
  if (typeof p.resolved === "boolean" && note.resolvable) {
    note.resolved = p.resolved;
    note.resolvedById = p.resolved ? currentUserId(ctx) : null;
  }
  note.updated_at = jsonTime(ctx.state.now());
  return { status: 200, body: presentMrNote(ctx, project, mr, note) };
}

function deleteNote(ctx: RestContext, discussion?: string): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const note = findNote(mr, ctx.route.note_id, discussion);
  authorizeWrite(ctx);
  mr.notes.splice(mr.notes.indexOf(note), 1);
  return { status: 204 };
}

// ---- discussions

function showDiscussion(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  return { status: 200, body: thread(ctx, project, mr, ctx.route.discussion_id) };
}

function createDiscussion(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, [
    { name: "body", type: "string", required: true, allowBlank: false },
    { name: "commit_id", type: "string" },
    { name: "created_at", type: "string" },
  ]);
  authorizeWrite(ctx);
  const position = checkPosition(ctx, project, mr, ctx.params.position);
  const note = addNote(ctx, mr, p.body as string, { type: "DiscussionNote", position });
  return { status: 201, body: thread(ctx, project, mr, note.discussionId) };
}

function replyDiscussion(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const first = thread(ctx, project, mr, ctx.route.discussion_id);
  const p = declare(ctx.params, [{ name: "body", type: "string", required: true, allowBlank: false }, { name: "created_at", type: "string" }]);
  authorizeWrite(ctx);
  // A reply to a single comment turns it into a thread.
  for (const n of mr.notes) if (n.discussionId === first.id && n.type === null) n.type = "DiscussionNote";
  const note = addNote(ctx, mr, p.body as string, { discussion: String(first.id), type: "DiscussionNote" });
  return { status: 201, body: presentMrNote(ctx, project, mr, note) };
}

function resolveDiscussion(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  thread(ctx, project, mr, ctx.route.discussion_id);
  const p = declare(ctx.params, [{ name: "resolved", type: "boolean", required: true }]);
  authorizeWrite(ctx);
  const now = jsonTime(ctx.state.now());
  for (const n of mr.notes) {
    if (n.discussionId !== ctx.route.discussion_id || !n.resolvable) continue;
    n.resolved = p.resolved as boolean;
    n.resolvedById = n.resolved ? currentUserId(ctx) : null;
    n.updated_at = now;
  }
  return { status: 200, body: thread(ctx, project, mr, ctx.route.discussion_id) };
}

// ---- draft notes

function draftsOf(ctx: RestContext, mr: SimMergeRequest): SimDraft[] {
  const r = review(ctx.state);
  let list = r.drafts.get(mr);
  if (!list) {
    list = [];
    r.drafts.set(mr, list);
  }
  return list;
}

function presentDraft(mr: SimMergeRequest, d: SimDraft): Json {
  return {
    id: d.id,
    author_id: d.authorId,
    merge_request_id: mr.id,
    resolve_discussion: d.resolve_discussion,
    discussion_id: d.discussion_id,
    note: d.note,
    commit_id: d.commit_id,
    line_code: d.position && d.position.position_type === "text" ? `${sha1(String(d.position.new_path))}_${d.position.old_line ?? 0}_${d.position.new_line ?? 0}` : null,
    // GitLab always sends a position, all null but its type for a note not on the diff.
    position: d.position ?? { base_sha: null, start_sha: null, head_sha: null, old_path: null, new_path: null, position_type: "text", old_line: null, new_line: null, line_range: null },
  };
}

function findDraft(ctx: RestContext, mr: SimMergeRequest): SimDraft {
  // Only the current user's drafts are visible.
  const d = draftsOf(ctx, mr).find((x) => String(x.id) === ctx.route.draft_note_id && x.authorId === currentUserId(ctx));
  if (!d) throw notFound("Draft Note");
  return d;
}

function listDrafts(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const mine = draftsOf(ctx, mr).filter((d) => d.authorId === currentUserId(ctx));
  const page = paginateOffset(mine, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items.map((d) => presentDraft(mr, d)), headers: page.headers };
}

function showDraft(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  return { status: 200, body: presentDraft(mr, findDraft(ctx, mr)) };
}

function createDraft(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, [
    { name: "note", type: "string", required: true, allowBlank: false },
    { name: "commit_id", type: "string" },
    { name: "in_reply_to_discussion_id", type: "string" },
    { name: "resolve_discussion", type: "boolean", default: false },
  ]);
  authorizeWrite(ctx);
  if (typeof p.in_reply_to_discussion_id === "string") thread(ctx, project, mr, p.in_reply_to_discussion_id);
  const position = checkPosition(ctx, project, mr, ctx.params.position);
  const d: SimDraft = {
    id: ++review(ctx.state).ids.draft,
    authorId: currentUserId(ctx),
    note: p.note as string,
    discussion_id: (p.in_reply_to_discussion_id as string | undefined) ?? null,
    resolve_discussion: p.resolve_discussion as boolean,
    commit_id: (p.commit_id as string | undefined) ?? null,
    position,
  };
  draftsOf(ctx, mr).push(d);
  return { status: 201, body: presentDraft(mr, d) };
}

function updateDraft(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const d = findDraft(ctx, mr);
  const p = declare(ctx.params, [{ name: "note", type: "string", allowBlank: false }]);
  authorizeWrite(ctx);
  if (typeof p.note === "string") d.note = p.note;
  if (ctx.params.position !== undefined) d.position = checkPosition(ctx, project, mr, ctx.params.position);
  return { status: 200, body: presentDraft(mr, d) };
}

function deleteDraft(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const d = findDraft(ctx, mr);
  authorizeWrite(ctx);
  const list = draftsOf(ctx, mr);
  list.splice(list.indexOf(d), 1);
  return { status: 204 };
}

function publish(ctx: RestContext, mr: SimMergeRequest, d: SimDraft): void {
  addNote(ctx, mr, d.note, { discussion: d.discussion_id ?? undefined, type: "DiscussionNote", position: d.position });
  if (d.discussion_id && d.resolve_discussion) {
    for (const n of mr.notes) if (n.discussionId === d.discussion_id && n.resolvable) Object.assign(n, { resolved: true, resolvedById: d.authorId });
  }
  const list = draftsOf(ctx, mr);
  list.splice(list.indexOf(d), 1);
}

function publishDraft(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const d = findDraft(ctx, mr);
  authorizeWrite(ctx);
  publish(ctx, mr, d);
  return { status: 204 };
}

function publishAll(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  authorizeWrite(ctx);
  for (const d of draftsOf(ctx, mr).filter((x) => x.authorId === currentUserId(ctx))) publish(ctx, mr, d);
  return { status: 204 };
}

// ---- versions and raw diff

function presentVersion(mr: SimMergeRequest, v: SimVersion): Json {
  return {
    id: v.id,
    head_commit_sha: v.head_commit_sha,
    base_commit_sha: v.base_commit_sha,
    start_commit_sha: v.start_commit_sha,
    created_at: v.created_at,
    merge_request_id: mr.id,
    state: "collected",
    real_size: v.real_size,
    patch_id_sha: sha1(`patch:${v.id}`),
  };
}

function listVersions(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(versionsOf(ctx.state, project, mr), p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items.map((v) => presentVersion(mr, v)), headers: page.headers };
}

function unified(d: Json): Json {
  return { ...d, diff: `--- a/${String(d.old_path)}\n+++ b/${String(d.new_path)}\n${String(d.diff)}` };
}

function showVersion(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, [{ name: "unidiff", type: "boolean", default: false }]);
  const v = versionsOf(ctx.state, project, mr).find((x) => String(x.id) === ctx.route.version_id);
  if (!v) throw recordNotFound();
  const diffs = (v.diffs ?? (mr.changes as unknown as Json[])).map((d) => ({ collapsed: false, too_large: false, ...d }));
  const commits = [{ id: v.head_commit_sha, short_id: v.head_commit_sha.slice(0, 8), title: mr.title, message: mr.title, author_name: "Sim Developer", created_at: v.created_at }];
  return { status: 200, body: { ...presentVersion(mr, v), commits, diffs: p.unidiff ? diffs.map(unified) : diffs } };
}

function rawDiffs(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const text = mr.changes.map((d) => `diff --git a/${d.old_path} b/${d.new_path}\n--- a/${d.old_path}\n+++ b/${d.new_path}\n${d.diff}`).join("");
  return { status: 200, body: text };
}

// ---- repository diffs

function commitDiff(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [...PAGINATION_PARAMS, { name: "unidiff", type: "boolean", default: false }]);
  const r = review(ctx.state);
  const branch = project.branches.get(ctx.route.sha);
  const sha = branch ? branch.commit.id : ctx.route.sha;
  const diffs = r.commitDiffs.get(`${project.id}:${sha}`);
  if (!diffs) throw notFound("Commit");
  const page = paginateOffset(diffs, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items.map((d) => (p.unidiff ? unified(d) : d)), headers: page.headers };
}

function compare(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "from", type: "string", required: true },
    { name: "to", type: "string", required: true },
    { name: "from_project_id", type: "integer" },
    { name: "straight", type: "boolean", default: false },
    { name: "unidiff", type: "boolean", default: false },
  ]);
  const seeded = review(ctx.state).comparisons.get(`${project.id}:${String(p.from)}...${String(p.to)}`);
  const answer: Json = seeded ?? { commit: null, commits: [], diffs: [], compare_timeout: false, compare_same_ref: p.from === p.to };
  const diffs = ((answer.diffs as Json[] | undefined) ?? []).map((d) => (p.unidiff ? unified(d) : d));
  return {
    status: 200,
    body: { compare_same_ref: p.from === p.to, compare_timeout: false, ...answer, diffs, web_url: `${ctx.options.externalUrl}/${project.path_with_namespace}/-/compare/${String(p.from)}...${String(p.to)}` },
  };
}

export function registerReviewRoutes(router: Router): void {
  const mr = "/projects/:id/merge_requests/:merge_request_iid";
  router.add("GET", `${mr}/notes`, listNotes);
  router.add("POST", `${mr}/notes`, createNote);
  router.add("GET", `${mr}/notes/:note_id`, showNote);
  router.add("PUT", `${mr}/notes/:note_id`, (ctx) => editNote(ctx));
  router.add("DELETE", `${mr}/notes/:note_id`, (ctx) => deleteNote(ctx));
  router.add("POST", `${mr}/discussions`, createDiscussion);
  router.add("GET", `${mr}/discussions/:discussion_id`, showDiscussion);
  router.add("PUT", `${mr}/discussions/:discussion_id`, resolveDiscussion);
  router.add("POST", `${mr}/discussions/:discussion_id/notes`, replyDiscussion);
  router.add("PUT", `${mr}/discussions/:discussion_id/notes/:note_id`, (ctx) => editNote(ctx, ctx.route.discussion_id));
  router.add("DELETE", `${mr}/discussions/:discussion_id/notes/:note_id`, (ctx) => deleteNote(ctx, ctx.route.discussion_id));
  router.add("GET", `${mr}/draft_notes`, listDrafts);
  router.add("POST", `${mr}/draft_notes`, createDraft);
  router.add("POST", `${mr}/draft_notes/bulk_publish`, publishAll);
  router.add("GET", `${mr}/draft_notes/:draft_note_id`, showDraft);
  router.add("PUT", `${mr}/draft_notes/:draft_note_id`, updateDraft);
  router.add("DELETE", `${mr}/draft_notes/:draft_note_id`, deleteDraft);
  router.add("PUT", `${mr}/draft_notes/:draft_note_id/publish`, publishDraft);
  router.add("GET", `${mr}/versions`, listVersions);
  router.add("GET", `${mr}/versions/:version_id`, showVersion);
  router.add("GET", `${mr}/raw_diffs`, rawDiffs);
  router.add("GET", "/projects/:id/repository/compare", compare);
  router.add("GET", "/projects/:id/repository/commits/:sha/diff", commitDiff);
}

