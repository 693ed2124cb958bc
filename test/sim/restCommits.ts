// Commit endpoints of the repository (doc/api/commits.md, doc/api/discussions.md for commit threads,
// doc/api/repositories.md for the changelog, contributors and merge base), kept as state:
// - commits are the "commit" documents of restDocuments.ts (so repository.commit_get serves what was
//   written here) plus the commit at the tip of every branch; history is walked through parent_ids;
// - writes (create, cherry-pick, revert, changelog) add a commit document and move the branch tip;
// - statuses, comments, discussion threads and signatures live beside each project (side state);
// - not-found bodies: 404 Commit Not Found, 404 Branch Not Found, 404 Signature Not Found, 404 Discussion
//   Not Found; a note is found with ActiveRecord find (404 Not found);
// - cherry-pick and revert refuse a change already on the branch with 400 {"message": "Sorry, we cannot
//   ... automatically. ...", "error_code": "empty"}, as GitLab documents;
// - merge_base wants at least two refs (400) that all exist (400 naming the unknown ones).
// Deliberate simplification: commits record the paths they touch but not file contents, so a commit
// action never conflicts with the files of the repository (the files API keeps those).
import { createHash } from "node:crypto";
import { commitTime, type SimCommit } from "./commits.js";
import { ApiError, messageError, notFound, recordNotFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap, type ParamSpec, type ParamValue } from "./params.js";
import { authorizeWrite, currentUserId, projectWebUrl, userProject } from "./projectAccess.js";
import { listDocuments, putDocument } from "./restDocuments.js";
import { fileHistory, hasFileSnapshots } from "./restFiles.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimProject, SimState } from "./state.js";
import { discussionId } from "./tracker.js";
import { presentMergeRequestBasic, presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

interface CommitNote {
  id: number;
  discussionId: string;
  individual: boolean;
  body: string;
  authorId: number;
  created_at: string;
  updated_at: string;
  path: string | null;
  line: number | null;
  line_type: string | null;
  position?: Json;
}

interface CommitStatusRecord {
  id: number;
  sha: string;
  ref: string;
  status: string;
  name: string;
  target_url: string | null;
  description: string | null;
  coverage: number | null;
  pipeline_id: number;
  authorId: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

interface Side {
  paths: Map<string, string[]>;
  notes: Map<string, CommitNote[]>;
  statuses: CommitStatusRecord[];
  signatures: Map<string, Json>;
  picked: Set<string>;
  reverted: Set<string>;
  counter: number;
}

const SIDES = new WeakMap<SimProject, Side>();
let statusIds = 70_000;
let statusPipelineIds = 80_000;

function side(project: SimProject): Side {
  let s = SIDES.get(project);
  if (!s) {
    s = { paths: new Map(), notes: new Map(), statuses: [], signatures: new Map(), picked: new Set(), reverted: new Set(), counter: 0 };
    SIDES.set(project, s);
  }
  return s;
}

/** Seeds the signature GitLab reports for a commit (its full SHA) or a tag (`tag:<name>`). */
export function seedSignature(project: SimProject, key: string, signature: Json): void {
  side(project).signatures.set(key, signature);
}

/** The signature seeded for a commit SHA or `tag:<name>`, if any. */
export function signatureOf(project: SimProject, key: string): Json | undefined {
  return side(project).signatures.get(key);
}

function commitUrl(ext: string, project: SimProject, id: string): string {
  return `${projectWebUrl(ext, project)}/-/commit/${id}`;
}

/** Every commit the project knows: its commit documents, then the tips of its branches. */
function knownCommits(state: SimState, project: SimProject, ext: string): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const doc of listDocuments(state, "commit", project.id)) if (typeof doc.id === "string") out.set(doc.id, doc);
  for (const b of project.branches.values()) {
    if (!out.has(b.commit.id)) out.set(b.commit.id, { ...b.commit, web_url: commitUrl(ext, project, b.commit.id) });
  }
  return out;
}

/** A branch, a tag or a commit SHA (full, or a unique prefix of at least 7 characters) to its commit. */
function resolveRef(state: SimState, project: SimProject, ext: string, ref: string): Json | undefined {
  const commits = knownCommits(state, project, ext);
  const branch = project.branches.get(ref);
  if (branch) return commits.get(branch.commit.id);
  const tag = listDocuments(state, "tag", project.id).find((t) => t.name === ref);
  const tagged = tag?.commit as Json | undefined;
  if (tagged && typeof tagged.id === "string") return commits.get(tagged.id) ?? tagged;
  if (commits.has(ref)) return commits.get(ref);
  if (/^[0-9a-f]{7,40}$/i.test(ref)) {
    const hits = [...commits.keys()].filter((id) => id.startsWith(ref.toLowerCase()));
    if (hits.length === 1) return commits.get(hits[0]);
  }
  return undefined;
}

function requireCommit(ctx: RestContext, project: SimProject, ref: string): Json {
  const c = resolveRef(ctx.state, project, ctx.options.externalUrl, ref);
  if (!c) throw notFound("Commit");
  return c;
}

/** The commits reachable from a tip, tip first, breadth first through every parent. */
function history(commits: Map<string, Json>, tip: Json, firstParent = false): Json[] {
  const out: Json[] = [];
  const seen = new Set<string>();
  const queue: Json[] = [tip];
  while (queue.length > 0) {
    const c = queue.shift()!;
    const id = String(c.id);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(c);
    const parents = Array.isArray(c.parent_ids) ? (c.parent_ids as string[]) : [];
    for (const p of firstParent ? parents.slice(0, 1) : parents) {
      const parent = commits.get(p);
      if (parent) queue.push(parent);
    }
  }
  return out;
}

const LIST_FIELDS = ["id", "short_id", "created_at", "parent_ids", "title", "message", "author_name", "author_email", "authored_date", "committer_name", "committer_email", "committed_date", "trailers", "extended_trailers", "web_url"];

/** API::Entities::Commit: the fields a list shows. */
function presentCommit(c: Json): Json {
  const out: Json = {};
  for (const k of LIST_FIELDS) out[k] = c[k] ?? (k === "trailers" || k === "extended_trailers" ? {} : null);
  return out;
}

/** Offset pages; `withoutCount` drops x-total and x-total-pages, as the commit list and refs do. */
function page(ctx: RestContext, items: unknown[], declared: ParamMap, withoutCount = false): RestResult {
  const p = paginateOffset(items, declared.page as number, declared.per_page as number, linkContext(ctx, declared), withoutCount ? 0 : undefined);
  return { status: 200, body: p.items, headers: p.headers };
}

// ---------------------------------------------------------------------------------------------------
// List and create

const LIST_PARAMS: ParamSpec[] = [
  { name: "ref_name", type: "string" },
  { name: "since", type: "string" },
  { name: "until", type: "string" },
  { name: "path", type: "string" },
  { name: "author", type: "string" },
  { name: "all", type: "boolean" },
  { name: "first_parent", type: "boolean" },
  { name: "with_stats", type: "boolean" },
  { name: "order", type: "string", values: ["default", "topo"] },
  { name: "trailers", type: "boolean", default: false },
  ...PAGINATION_PARAMS,
];

/** Git trailers are parsed only when the list asks for them (trailers=true); otherwise both maps are empty. */
function withTrailers(row: Json, c: Json, wanted: boolean): Json {
  if (!wanted) return { ...row, trailers: {}, extended_trailers: {} };
  const stored = c.trailers as Record<string, string> | undefined;
  const trailers = stored && Object.keys(stored).length > 0 ? stored : trailersOf(String(c.message ?? ""));
  return { ...row, trailers, extended_trailers: Object.fromEntries(Object.entries(trailers).map(([k, v]) => [k, [v]])) };
}

function listCommits(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  // Two stores keep commits: this one, and the file snapshots of restFiles.ts once files were read or
  // written. A history of one path on such a project is theirs.
  if (ctx.params.path !== undefined && hasFileSnapshots(project)) return fileHistory(ctx);
  const p = declare(ctx.params, LIST_PARAMS);
  const ext = ctx.options.externalUrl;
  const commits = knownCommits(ctx.state, project, ext);
  let found: Json[];
  if (p.all === true) {
    found = [...commits.values()].reverse();
  } else {
    const ref = (p.ref_name as string | undefined) ?? project.default_branch;
    const [from, to] = ref.includes("..") ? ref.split("..", 2) : [undefined, ref];
    const tip = resolveRef(ctx.state, project, ext, to);
    found = tip ? history(commits, tip, p.first_parent === true) : [];
    if (from !== undefined) {
      const base = resolveRef(ctx.state, project, ext, from);
      const excluded = new Set(base ? history(commits, base).map((c) => c.id) : []);
      found = found.filter((c) => !excluded.has(c.id));
    }
  }
  const time = (v: unknown) => (typeof v === "string" ? Date.parse(v) : NaN);
  if (p.since) found = found.filter((c) => time(c.committed_date) >= time(p.since));
  if (p.until) found = found.filter((c) => time(c.committed_date) <= time(p.until));
  if (p.author) {
    const a = String(p.author).toLowerCase();
    found = found.filter((c) => String(c.author_name ?? "").toLowerCase().includes(a) || String(c.author_email ?? "").toLowerCase().includes(a));
  }
  if (p.path) {
    const paths = side(project).paths;
    const wanted = String(p.path).replace(/\/+$/, "");
    found = found.filter((c) => (paths.get(String(c.id)) ?? []).some((f) => f === wanted || f.startsWith(`${wanted}/`)));
  }
  const rows = found.map((c) => withTrailers(p.with_stats === true ? { ...presentCommit(c), stats: c.stats ?? { additions: 0, deletions: 0, total: 0 } } : presentCommit(c), c, p.trailers === true));
  return page(ctx, rows, p, true);
}

const ACTION_SPECS: ParamSpec[] = [
  { name: "action", type: "string", required: true, values: ["create", "update", "move", "delete", "chmod"] },
  { name: "file_path", type: "string", required: true, allowBlank: false },
  { name: "previous_path", type: "string" },
  { name: "content", type: "string" },
  { name: "encoding", type: "string", values: ["text", "base64"] },
  { name: "last_commit_id", type: "string" },
  { name: "execute_filemode", type: "boolean" },
];

const CREATE_PARAMS: ParamSpec[] = [
  { name: "branch", type: "string", required: true, allowBlank: false },
  { name: "commit_message", type: "string", required: true, allowBlank: false },
  { name: "actions", type: "hashArray", required: true, items: ACTION_SPECS },
  { name: "start_branch", type: "string" },
  { name: "start_sha", type: "string" },
  { name: "author_email", type: "string" },
  { name: "author_name", type: "string" },
  { name: "stats", type: "boolean", default: true },
  { name: "force", type: "boolean", default: false },
  { name: "start_project", type: "string" },
];

interface NewCommit {
  parent: Json | undefined;
  title?: string;
  message: string;
  author_name?: string;
  author_email?: string;
  authored_date?: string;
  paths: string[];
  stats: { additions: number; deletions: number };
}

/** Writes a commit document on top of `parent` and moves (or creates) the branch to it. */
function writeCommit(ctx: RestContext, project: SimProject, branchName: string, c: NewCommit): Json {
  const s = side(project);
  s.counter += 1;
  const user = ctx.state.ensureUser(currentUserId(ctx) || 1);
  const when = commitTime(ctx.state.now());
  const id = createHash("sha1").update(`${project.id}:${branchName}:${String(c.parent?.id ?? "")}:${c.message}:${s.counter}`).digest("hex");
  const commit: SimCommit = {
    id,
    short_id: id.slice(0, 8),
    created_at: when,
    parent_ids: c.parent ? [String(c.parent.id)] : [],
    title: c.title ?? c.message.split("\n")[0],
    message: c.message,
    author_name: c.author_name ?? user.name,
    author_email: c.author_email ?? user.email,
    authored_date: c.authored_date ?? when,
    committer_name: user.name,
    committer_email: user.email,
    committed_date: when,
    trailers: trailersOf(c.message),
    extended_trailers: {},
  };
  const stats = { additions: c.stats.additions, deletions: c.stats.deletions, total: c.stats.additions + c.stats.deletions };
  const doc: Json = { ...commit, web_url: commitUrl(ctx.options.externalUrl, project, id), stats, status: null, project_id: project.id, last_pipeline: null };
  putDocument(ctx.state, "commit", project.id, doc);
  s.paths.set(id, c.paths);
  const existing = project.branches.get(branchName);
  ctx.state.putBranch(project, { ...(existing ?? { merged: false }), name: branchName, commit });
  return doc;
}

/** Git trailers (Key: value lines of the message's last paragraph). */
function trailersOf(message: string): Record<string, string> {
  const paragraphs = message.trim().split(/\n\s*\n/);
  if (paragraphs.length < 2) return {};
  const out: Record<string, string> = {};
  for (const line of paragraphs[paragraphs.length - 1].split("\n")) {
    const m = /^([A-Za-z][A-Za-z0-9-]*):\s*(.+)$/.exec(line.trim());
    if (m) out[m[1]] = m[2];
  }
  return out;
}

function lines(text: unknown): number {
  return typeof text === "string" && text.length > 0 ? text.replace(/\n$/, "").split("\n").length : 0;
}

function createCommit(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, CREATE_PARAMS);
  const actions = p.actions as ParamMap[];
  if (actions.length === 0) throw validationError(["actions is empty"]);
  const branchName = p.branch as string;
  const existing = project.branches.get(branchName);
  const ext = ctx.options.externalUrl;
  let parent: Json | undefined;
  const start = (p.start_sha ?? p.start_branch) as string | undefined;
  if (start !== undefined) {
    if (existing && p.force !== true) throw messageError(400, `A branch called '${branchName}' already exists. Switch to that branch in order to make changes`);
    // start_project: the branch starts from a ref of another project (a fork's source), by ID or path.
    const from = p.start_project === undefined ? project : ctx.state.findProject(/^\d+$/.test(String(p.start_project)) ? Number(p.start_project) : String(p.start_project));
    if (!from) throw notFound("Project");
    parent = resolveRef(ctx.state, from, ext, start);
    if (!parent) throw messageError(400, p.start_sha !== undefined ? `Invalid start SHA: ${start}` : `Invalid start branch: ${start}`);
  } else {
    if (!existing) throw messageError(400, "You can only create or edit files when you are on a branch");
    parent = resolveRef(ctx.state, project, ext, branchName);
  }
  for (const a of actions) {
    if (a.action === "move" && !a.previous_path) throw messageError(400, "You must specify a previous_path for a move action");
    if ((a.action === "create" || a.action === "update") && a.content === undefined) throw messageError(400, `You must provide content for the ${String(a.action)} action`);
  }
  const paths = actions.flatMap((a) => (a.action === "move" ? [String(a.previous_path), String(a.file_path)] : [String(a.file_path)]));
  const additions = actions.reduce((n, a) => n + (a.action === "delete" ? 0 : lines(a.encoding === "base64" ? Buffer.from(String(a.content ?? ""), "base64").toString("utf8") : a.content)), 0);
  const doc = writeCommit(ctx, project, branchName, {
    parent,
    message: p.commit_message as string,
    author_name: p.author_name as string | undefined,
    author_email: p.author_email as string | undefined,
    paths,
    stats: { additions, deletions: actions.filter((a) => a.action === "delete").length },
  });
  return { status: 201, body: p.stats === false ? { ...doc, stats: undefined } : doc };
}

// ---------------------------------------------------------------------------------------------------
// Cherry-pick and revert

const CHERRY_PICK_EMPTY = "Sorry, we cannot cherry-pick this commit automatically. This commit may already have been cherry-picked, or a more recent commit may have updated some of its content.";
const REVERT_EMPTY = "Sorry, we cannot revert this commit automatically. This commit may already have been reverted, or a more recent commit may have updated some of its content.";

function targetBranch(ctx: RestContext, project: SimProject, name: string): Json {
  if (!project.branches.has(name)) throw notFound("Branch");
  return resolveRef(ctx.state, project, ctx.options.externalUrl, name)!;
}

function cherryPick(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "branch", type: "string", required: true, allowBlank: false },
    { name: "dry_run", type: "boolean", default: false },
    { name: "message", type: "string" },
  ]);
  const commit = requireCommit(ctx, project, ctx.route.sha);
  const branchName = p.branch as string;
  const tip = targetBranch(ctx, project, branchName);
  const commits = knownCommits(ctx.state, project, ctx.options.externalUrl);
  const s = side(project);
  const key = `${branchName}:${String(commit.id)}`;
  if (history(commits, tip).some((c) => c.id === commit.id) || s.picked.has(key)) {
    throw new ApiError(400, { message: CHERRY_PICK_EMPTY, error_code: "empty" });
  }
  if (p.dry_run === true) return { status: 200, body: { dry_run: "success" } };
  s.picked.add(key);
  const message = (p.message as string | undefined) ?? `${String(commit.message ?? commit.title).trimEnd()}\n\n(cherry picked from commit ${String(commit.id)})\n`;
  const doc = writeCommit(ctx, project, branchName, {
    parent: tip,
    message,
    title: (p.message as string | undefined)?.split("\n")[0] ?? (commit.title as string | undefined),
    author_name: commit.author_name as string | undefined,
    author_email: commit.author_email as string | undefined,
    authored_date: commit.authored_date as string | undefined,
    paths: s.paths.get(String(commit.id)) ?? [],
    stats: { additions: Number((commit.stats as Json | undefined)?.additions ?? 0), deletions: Number((commit.stats as Json | undefined)?.deletions ?? 0) },
  });
  // Entities::Commit: no stats, status or last pipeline.
  return { status: 201, body: presentCommit(doc) };
}

function revert(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "branch", type: "string", required: true, allowBlank: false },
    { name: "dry_run", type: "boolean", default: false },
  ]);
  const commit = requireCommit(ctx, project, ctx.route.sha);
  const branchName = p.branch as string;
  const tip = targetBranch(ctx, project, branchName);
  const commits = knownCommits(ctx.state, project, ctx.options.externalUrl);
  const s = side(project);
  const key = `${branchName}:${String(commit.id)}`;
  if (!history(commits, tip).some((c) => c.id === commit.id) || s.reverted.has(key)) {
    throw new ApiError(400, { message: REVERT_EMPTY, error_code: "empty" });
  }
  if (p.dry_run === true) return { status: 200, body: { dry_run: "success" } };
  s.reverted.add(key);
  const title = `Revert "${String(commit.title)}"`;
  const stats = (commit.stats as Json | undefined) ?? {};
  const doc = writeCommit(ctx, project, branchName, {
    parent: tip,
    message: `${title}\n\nThis reverts commit ${String(commit.id)}.\n`,
    paths: s.paths.get(String(commit.id)) ?? [],
    stats: { additions: Number(stats.deletions ?? 0), deletions: Number(stats.additions ?? 0) },
  });
  return { status: 201, body: presentCommit(doc) };
}

// ---------------------------------------------------------------------------------------------------
// Refs, merge requests, signature

function refsOf(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [{ name: "type", type: "string", values: ["branch", "tag", "all"], default: "all" }, ...PAGINATION_PARAMS]);
  const ext = ctx.options.externalUrl;
  const commit = requireCommit(ctx, project, ctx.route.sha);
  const commits = knownCommits(ctx.state, project, ext);
  const contains = (tip: Json | undefined) => tip !== undefined && history(commits, tip).some((c) => c.id === commit.id);
  const refs: Json[] = [];
  if (p.type !== "tag") {
    for (const name of [...project.branches.keys()].sort()) if (contains(resolveRef(ctx.state, project, ext, name))) refs.push({ type: "branch", name });
  }
  if (p.type !== "branch") {
    for (const t of listDocuments(ctx.state, "tag", project.id)) if (contains(resolveRef(ctx.state, project, ext, String(t.name)))) refs.push({ type: "tag", name: t.name });
  }
  return page(ctx, refs, p, true);
}

function mergeRequestsOf(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [{ name: "state", type: "string" }, ...PAGINATION_PARAMS]);
  const ext = ctx.options.externalUrl;
  const commit = requireCommit(ctx, project, ctx.route.sha);
  const commits = knownCommits(ctx.state, project, ext);
  const id = String(commit.id);
  const mrs = [...ctx.state.tracker.of(project).mergeRequests.values()]
    .filter((mr) => {
      if (mr.sha === id || mr.merge_commit_sha === id) return true;
      const source = project.branches.has(mr.source_branch) ? resolveRef(ctx.state, project, ext, mr.source_branch) : undefined;
      const target = project.branches.has(mr.target_branch) ? resolveRef(ctx.state, project, ext, mr.target_branch) : undefined;
      const inSource = source !== undefined && history(commits, source).some((c) => c.id === id);
      const inTarget = target !== undefined && history(commits, target).some((c) => c.id === id);
      return inSource && !inTarget;
    })
    .filter((mr) => p.state === undefined || mr.state === p.state)
    .sort((a, b) => b.id - a.id)
    .map((mr) => presentMergeRequestBasic(ctx.state, project, mr, ext));
  return page(ctx, mrs, p);
}

function signature(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const commit = requireCommit(ctx, project, ctx.route.sha);
  const sig = side(project).signatures.get(String(commit.id));
  if (!sig) throw notFound("Signature");
  return { status: 200, body: sig };
}

// ---------------------------------------------------------------------------------------------------
// Statuses

const STATES = ["pending", "running", "success", "failed", "canceled", "skipped"];
const EVENTS: Record<string, string> = { pending: "enqueue", running: "run", success: "succeed", failed: "drop", canceled: "cancel", skipped: "skip" };
const FINISHED = new Set(["success", "failed", "canceled", "skipped"]);

function presentStatus(ctx: RestContext, s: CommitStatusRecord): Json {
  return {
    id: s.id,
    sha: s.sha,
    ref: s.ref,
    status: s.status,
    name: s.name,
    target_url: s.target_url,
    description: s.description,
    created_at: s.created_at,
    started_at: s.started_at,
    finished_at: s.finished_at,
    allow_failure: false,
    coverage: s.coverage,
    pipeline_id: s.pipeline_id,
    author: presentUser(ctx.state, s.authorId, ctx.options.externalUrl),
  };
}

function setStatus(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "state", type: "string", required: true, values: STATES },
    { name: "ref", type: "string" },
    { name: "target_url", type: "string" },
    { name: "description", type: "string" },
    { name: "name", type: "string" },
    { name: "context", type: "string" },
    { name: "coverage", type: "string" },
    { name: "pipeline_id", type: "integer" },
  ]);
  const ext = ctx.options.externalUrl;
  const commit = requireCommit(ctx, project, ctx.route.sha);
  const id = String(commit.id);
  const commits = knownCommits(ctx.state, project, ext);
  const ref =
    (p.ref as string | undefined) ??
    [...project.branches.keys()].find((b) => history(commits, resolveRef(ctx.state, project, ext, b)!).some((c) => c.id === id)) ??
    project.default_branch;
  const name = (p.name ?? p.context ?? "default") as string;
  const state = p.state as string;
  const now = ctx.state.now().toISOString();
  const s = side(project);
  const existing = [...s.statuses].reverse().find((x) => x.sha === id && x.ref === ref && x.name === name && (p.pipeline_id === undefined || x.pipeline_id === p.pipeline_id));
  const coverage = p.coverage === undefined ? null : Number(p.coverage);
  if (coverage !== null && Number.isNaN(coverage)) throw validationError(["coverage is invalid"]);
  if (existing && !FINISHED.has(existing.status)) {
    if (existing.status === state) {
      const event = EVENTS[state];
      throw messageError(400, `Cannot transition status via :${event} from :${existing.status} (Reason(s): Status cannot transition via "${event}")`);
    }
    existing.status = state;
    if (state === "running" && !existing.started_at) existing.started_at = now;
    if (FINISHED.has(state)) existing.finished_at = now;
    if (p.target_url !== undefined) existing.target_url = p.target_url as string;
    if (p.description !== undefined) existing.description = p.description as string;
    if (coverage !== null) existing.coverage = coverage;
    return { status: 201, body: presentStatus(ctx, existing) };
  }
  const record: CommitStatusRecord = {
    id: ++statusIds,
    sha: id,
    ref,
    status: state,
    name,
    target_url: (p.target_url as string | undefined) ?? null,
    description: (p.description as string | undefined) ?? null,
    coverage,
    pipeline_id: (p.pipeline_id as number | undefined) ?? existing?.pipeline_id ?? ++statusPipelineIds,
    authorId: currentUserId(ctx) || 1,
    created_at: now,
    started_at: state === "running" || FINISHED.has(state) ? now : null,
    finished_at: FINISHED.has(state) ? now : null,
  };
  s.statuses.push(record);
  return { status: 201, body: presentStatus(ctx, record) };
}

function listStatuses(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "ref", type: "string" },
    { name: "stage", type: "string" },
    { name: "name", type: "string" },
    { name: "pipeline_id", type: "integer" },
    { name: "all", type: "boolean", default: false },
    { name: "order_by", type: "string", values: ["id", "pipeline_id"], default: "id" },
    { name: "sort", type: "string", values: ["asc", "desc"], default: "asc" },
    ...PAGINATION_PARAMS,
  ]);
  const commit = resolveRef(ctx.state, project, ctx.options.externalUrl, ctx.route.sha);
  const id = commit ? String(commit.id) : ctx.route.sha;
  let rows = side(project).statuses.filter((s) => s.sha === id);
  if (p.ref !== undefined) rows = rows.filter((s) => s.ref === p.ref);
  if (p.name !== undefined) rows = rows.filter((s) => s.name === p.name);
  if (p.stage !== undefined) rows = rows.filter(() => p.stage === "external");
  if (p.pipeline_id !== undefined) rows = rows.filter((s) => s.pipeline_id === p.pipeline_id);
  if (p.all !== true) {
    const latest = new Map<string, CommitStatusRecord>();
    for (const s of rows) latest.set(`${s.ref}:${s.name}`, s);
    rows = [...latest.values()];
  }
  const key = p.order_by === "pipeline_id" ? (s: CommitStatusRecord) => s.pipeline_id : (s: CommitStatusRecord) => s.id;
  rows = [...rows].sort((a, b) => (key(a) - key(b)) * (p.sort === "desc" ? -1 : 1));
  return page(
    ctx,
    rows.map((s) => presentStatus(ctx, s)),
    p,
  );
}

// ---------------------------------------------------------------------------------------------------
// Comments and discussion threads

function notesOf(project: SimProject, commitId: string): CommitNote[] {
  const s = side(project);
  let notes = s.notes.get(commitId);
  if (!notes) {
    notes = [];
    s.notes.set(commitId, notes);
  }
  return notes;
}

function presentComment(ctx: RestContext, n: CommitNote): Json {
  return { note: n.body, path: n.path, line: n.line, line_type: n.line_type, author: presentUser(ctx.state, n.authorId, ctx.options.externalUrl), created_at: n.created_at };
}

function presentCommitNote(ctx: RestContext, project: SimProject, commitId: string, n: CommitNote): Json {
  return {
    id: n.id,
    type: n.individual ? null : "DiscussionNote",
    body: n.body,
    attachment: null,
    author: presentUser(ctx.state, n.authorId, ctx.options.externalUrl),
    created_at: n.created_at,
    updated_at: n.updated_at,
    ...(n.position ? { position: n.position } : {}),
    system: false,
    noteable_id: null,
    noteable_type: "Commit",
    project_id: project.id,
    commit_id: commitId,
    resolvable: false,
    confidential: false,
    internal: false,
    noteable_iid: null,
  };
}

function threads(project: SimProject, commitId: string): Map<string, CommitNote[]> {
  const out = new Map<string, CommitNote[]>();
  for (const n of notesOf(project, commitId)) out.set(n.discussionId, [...(out.get(n.discussionId) ?? []), n]);
  return out;
}

function presentDiscussion(ctx: RestContext, project: SimProject, commitId: string, id: string, notes: CommitNote[]): Json {
  return { id, individual_note: notes[0]?.individual ?? false, notes: notes.map((n) => presentCommitNote(ctx, project, commitId, n)) };
}

function addNote(ctx: RestContext, project: SimProject, commitId: string, fields: Partial<CommitNote> & { body: string; individual: boolean }, thread?: string): CommitNote {
  const id = ctx.state.tracker.noteId();
  const now = ctx.state.now().toISOString();
  const note: CommitNote = {
    id,
    discussionId: thread ?? discussionId(`commit:${project.id}:${commitId}:${id}`),
    individual: fields.individual,
    body: fields.body,
    authorId: currentUserId(ctx) || 1,
    created_at: fields.created_at ?? now,
    updated_at: now,
    path: fields.path ?? null,
    line: fields.line ?? null,
    line_type: fields.line_type ?? null,
    ...(fields.position ? { position: fields.position } : {}),
  };
  notesOf(project, commitId).push(note);
  return note;
}

function listComments(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const commit = requireCommit(ctx, project, ctx.route.sha);
  return page(
    ctx,
    notesOf(project, String(commit.id)).map((n) => presentComment(ctx, n)),
    p,
  );
}

function createComment(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "note", type: "string", required: true, allowBlank: false },
    { name: "path", type: "string" },
    { name: "line", type: "integer" },
    { name: "line_type", type: "string", values: ["new", "old"], default: "new" },
  ]);
  // `given :path do requires :line`: a file path needs a line.
  if (p.path !== undefined && p.line === undefined) throw validationError(["line is missing"]);
  const commit = requireCommit(ctx, project, ctx.route.sha);
  const id = String(commit.id);
  // GitLab places the note on the line only when path, line and line_type all name a changed line of a full SHA.
  const touched = side(project).paths.get(id) ?? [];
  const onLine = p.path !== undefined && p.line !== undefined && ctx.route.sha === id && touched.includes(String(p.path));
  const note = addNote(ctx, project, id, {
    body: p.note as string,
    individual: true,
    path: onLine ? (p.path as string) : null,
    line: onLine ? (p.line as number) : null,
    line_type: onLine ? (p.line_type as string) : null,
  });
  return { status: 201, body: presentComment(ctx, note) };
}

function commitOfThread(ctx: RestContext, project: SimProject): string {
  return String(requireCommit(ctx, project, ctx.route.sha).id);
}

function threadOf(project: SimProject, commitId: string, id: string): CommitNote[] {
  const notes = threads(project, commitId).get(id);
  if (!notes) throw notFound("Discussion");
  return notes;
}

function listDiscussions(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const commitId = commitOfThread(ctx, project);
  const rows = [...threads(project, commitId)].map(([id, notes]) => presentDiscussion(ctx, project, commitId, id, notes));
  return page(ctx, rows, p);
}

function getDiscussion(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const commitId = commitOfThread(ctx, project);
  return { status: 200, body: presentDiscussion(ctx, project, commitId, ctx.route.discussion_id, threadOf(project, commitId, ctx.route.discussion_id)) };
}

const BODY: ParamSpec[] = [{ name: "body", type: "string", required: true, allowBlank: false }];

/** A backdated note keeps the time given (GitLab lets administrators and owners set created_at). */
function createdAt(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  const t = Date.parse(String(raw));
  if (Number.isNaN(t)) throw validationError(["created_at is invalid"]);
  return new Date(t).toISOString();
}

function createDiscussion(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [...BODY, { name: "created_at", type: "string" }]);
  const commitId = commitOfThread(ctx, project);
  const raw = ctx.params.position;
  const position = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Json) : undefined;
  const note = addNote(ctx, project, commitId, { body: p.body as string, individual: false, created_at: createdAt(p.created_at), position });
  return { status: 201, body: presentDiscussion(ctx, project, commitId, note.discussionId, [note]) };
}

function addThreadNote(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [...BODY, { name: "created_at", type: "string" }]);
  const commitId = commitOfThread(ctx, project);
  const thread = threadOf(project, commitId, ctx.route.discussion_id);
  if (thread[0].individual) throw messageError(400, "400 Bad request - discussion is an individual note.");
  const note = addNote(ctx, project, commitId, { body: p.body as string, individual: false, created_at: createdAt(p.created_at) }, ctx.route.discussion_id);
  return { status: 201, body: presentCommitNote(ctx, project, commitId, note) };
}

function findThreadNote(ctx: RestContext, project: SimProject, commitId: string): CommitNote {
  const thread = threadOf(project, commitId, ctx.route.discussion_id);
  const note = thread.find((n) => String(n.id) === ctx.route.note_id);
  if (!note) throw recordNotFound();
  return note;
}

function updateThreadNote(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, BODY);
  const commitId = commitOfThread(ctx, project);
  const note = findThreadNote(ctx, project, commitId);
  note.body = p.body as string;
  note.updated_at = ctx.state.now().toISOString();
  return { status: 200, body: presentCommitNote(ctx, project, commitId, note) };
}

function deleteThreadNote(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const commitId = commitOfThread(ctx, project);
  const note = findThreadNote(ctx, project, commitId);
  const notes = notesOf(project, commitId);
  notes.splice(notes.indexOf(note), 1);
  return { status: 204 };
}

// ---------------------------------------------------------------------------------------------------
// Changelog, contributors, merge base

const CHANGELOG_PARAMS: ParamSpec[] = [
  { name: "version", type: "string", required: true, allowBlank: false },
  { name: "from", type: "string" },
  { name: "to", type: "string" },
  { name: "date", type: "string" },
  { name: "trailer", type: "string", default: "Changelog" },
  { name: "config_file", type: "string" },
];

/** Version numbers of tags such as v1.2.0, compared part by part. */
function versionParts(name: string): number[] | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(name);
  return m ? m.slice(1).map(Number) : undefined;
}

function compareParts(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** Gitlab::Changelog::Error as the API renders it. */
function changelogError(message: string) {
  return messageError(422, `Failed to generate the changelog: ${message}`);
}

/** The release notes GitLab's default changelog template writes, from commits with the trailer. */
function changelogNotes(ctx: RestContext, project: SimProject, p: ParamMap): string {
  const ext = ctx.options.externalUrl;
  const commits = knownCommits(ctx.state, project, ext);
  const version = p.version as string;
  const to = resolveRef(ctx.state, project, ext, (p.to as string | undefined) ?? project.default_branch);
  if (!to) throw changelogError("Invalid or not found commit value in the given range");
  let from = p.from as string | undefined;
  if (from === undefined) {
    const wanted = versionParts(version);
    const earlier = listDocuments(ctx.state, "tag", project.id)
      .map((t) => ({ name: String(t.name), parts: versionParts(String(t.name)) }))
      .filter((t) => t.parts && wanted && compareParts(t.parts, wanted) < 0)
      .sort((a, b) => compareParts(b.parts!, a.parts!));
    if (earlier.length === 0) throw changelogError("The commit start range is unspecified, and no previous tag could be found to use instead");
    from = earlier[0].name;
  }
  const base = resolveRef(ctx.state, project, ext, from);
  if (!base) throw changelogError("Invalid or not found commit value in the given range");
  const excluded = new Set(history(commits, base).map((c) => c.id));
  const trailer = p.trailer as string;
  const byCategory = new Map<string, Json[]>();
  for (const c of history(commits, to).filter((x) => !excluded.has(x.id)).reverse()) {
    const value = (c.trailers as Record<string, string> | undefined)?.[trailer] ?? trailersOf(String(c.message ?? ""))[trailer];
    if (value) byCategory.set(value, [...(byCategory.get(value) ?? []), c]);
  }
  const date = ((p.date as string | undefined) ?? ctx.state.now().toISOString()).slice(0, 10);
  const parts = [`## ${version} (${date})`];
  if (byCategory.size === 0) parts.push("No changes.");
  for (const [category, list] of byCategory) {
    parts.push(`### ${category} (${list.length} change${list.length === 1 ? "" : "s"})`);
    parts.push(list.map((c) => `- [${String(c.title)}](${project.path_with_namespace}@${String(c.id)})`).join("\n"));
  }
  return `${parts.join("\n\n")}\n`;
}

function generateChangelog(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, CHANGELOG_PARAMS);
  return { status: 200, body: { notes: changelogNotes(ctx, project, p) } };
}

function addChangelog(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [...CHANGELOG_PARAMS, { name: "branch", type: "string" }, { name: "file", type: "string", default: "CHANGELOG.md" }, { name: "message", type: "string" }]);
  const branchName = (p.branch as string | undefined) ?? project.default_branch;
  if (!project.branches.has(branchName)) throw changelogError(`The branch ${branchName} does not exist`);
  const notes = changelogNotes(ctx, project, p);
  writeCommit(ctx, project, branchName, {
    parent: resolveRef(ctx.state, project, ctx.options.externalUrl, branchName),
    message: (p.message as string | undefined) ?? `Add changelog for version ${String(p.version)}`,
    paths: [p.file as string],
    stats: { additions: lines(notes), deletions: 0 },
  });
  return { status: 200 };
}

function contributors(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "ref", type: "string" },
    { name: "order_by", type: "string", values: ["email", "name", "commits"], default: "commits" },
    { name: "sort", type: "string", values: ["asc", "desc"], default: "asc" },
    ...PAGINATION_PARAMS,
  ]);
  const ext = ctx.options.externalUrl;
  const tip = resolveRef(ctx.state, project, ext, (p.ref as string | undefined) ?? project.default_branch);
  // An unknown ref raises inside the repository call, which the endpoint answers with a bare not_found!.
  if (!tip) throw notFound();
  const byEmail = new Map<string, { name: string; email: string; commits: number; additions: number; deletions: number }>();
  for (const c of history(knownCommits(ctx.state, project, ext), tip)) {
    const email = String(c.author_email ?? "");
    const row = byEmail.get(email) ?? { name: String(c.author_name ?? ""), email, commits: 0, additions: 0, deletions: 0 };
    row.commits += 1;
    byEmail.set(email, row);
  }
  const key = p.order_by as "email" | "name" | "commits";
  const rows = [...byEmail.values()].sort((a, b) => {
    const d = key === "commits" ? a.commits - b.commits : a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
    return p.sort === "desc" ? -d : d;
  });
  return page(ctx, rows, p);
}

function refsParam(raw: ParamValue | undefined): string[] {
  if (raw === undefined || raw === null) throw validationError(["refs is missing"]);
  // CommaSeparatedToArray: one string "a,b" names two refs.
  return (Array.isArray(raw) ? raw : [raw]).flatMap((r) => String(r).split(",")).filter((r) => r !== "");
}

function mergeBase(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const refs = refsParam(ctx.params.refs);
  if (refs.length < 2) throw messageError(400, "Provide at least 2 refs");
  const ext = ctx.options.externalUrl;
  const resolved = refs.map((r) => resolveRef(ctx.state, project, ext, r));
  const unknown = refs.filter((_, i) => !resolved[i]);
  if (unknown.length > 0) throw messageError(400, `Could not find ${unknown.length === 1 ? "ref" : "refs"}: ${unknown.join(", ")}`);
  const commits = knownCommits(ctx.state, project, ext);
  const others = resolved.slice(1).map((c) => new Set(history(commits, c!).map((x) => x.id)));
  const base = history(commits, resolved[0]!).find((c) => others.every((set) => set.has(c.id)));
  if (!base) throw notFound("Merge Base");
  return { status: 200, body: presentCommit(base) };
}

export function registerCommitRoutes(router: Router): void {
  const base = "/projects/:id/repository/commits";
  router.add("GET", base, listCommits);
  router.add("POST", base, createCommit);
  router.add("POST", `${base}/:sha/cherry_pick`, cherryPick);
  router.add("POST", `${base}/:sha/revert`, revert);
  router.add("GET", `${base}/:sha/refs`, refsOf);
  router.add("GET", `${base}/:sha/merge_requests`, mergeRequestsOf);
  router.add("GET", `${base}/:sha/signature`, signature);
  router.add("GET", `${base}/:sha/statuses`, listStatuses);
  router.add("POST", "/projects/:id/statuses/:sha", setStatus);
  router.add("GET", `${base}/:sha/comments`, listComments);
  router.add("POST", `${base}/:sha/comments`, createComment);
  router.add("GET", `${base}/:sha/discussions`, listDiscussions);
  router.add("POST", `${base}/:sha/discussions`, createDiscussion);
  router.add("GET", `${base}/:sha/discussions/:discussion_id`, getDiscussion);
  router.add("POST", `${base}/:sha/discussions/:discussion_id/notes`, addThreadNote);
  router.add("PUT", `${base}/:sha/discussions/:discussion_id/notes/:note_id`, updateThreadNote);
  router.add("DELETE", `${base}/:sha/discussions/:discussion_id/notes/:note_id`, deleteThreadNote);
  router.add("GET", "/projects/:id/repository/changelog", generateChangelog);
  router.add("POST", "/projects/:id/repository/changelog", addChangelog);
  router.add("GET", "/projects/:id/repository/contributors", contributors);
  router.add("GET", "/projects/:id/repository/merge_base", mergeBase);
}
