// Repository files, blobs, trees, archives and submodules (doc/api/repository_files.md,
// doc/api/repositories.md, doc/api/repository_submodules.md, doc/api/markdown.md; lib/api/files.rb,
// lib/api/repositories.rb, lib/api/submodules.rb, lib/api/markdown.rb).
//
// Every project gets a small repository the first time one of these routes reads it: a README, two
// source files, a PNG (binary), a 5,000-line log (large text), a .gitmodules naming a submodule at
// vendor/lib (URL ../lib.git) and its gitlink. Snapshots are kept per commit, so a file read at an older
// commit SHA still sees the older content; create, update and delete commit a new snapshot to a branch.
// Errors follow GitLab's bodies:
//   - files: 400 {"error":"ref is missing"}, 404 {"message":"404 File Not Found"},
//     404 {"message":"404 Commit Not Found"} for an unknown ref, 400 {"message":"A file with this name
//     already exists"}, 400 {"message":"A file with this name doesn't exist"}, 400 {"message":"You are
//     attempting to update a file that has changed since you started editing it."};
//   - tree: 404 {"message":"404 Tree Not Found"}; blobs: 404 {"message":"404 Blob Not Found"};
//   - submodules: 400 {"message":"Invalid submodule path"}.
import { createHash } from "node:crypto";
import { authorizeWrite, userProject } from "./projectAccess.js";
import { messageError, notFound, validationError } from "./errors.js";
import { effectivePerPage, keysetNextLink, paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap } from "./params.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimProject } from "./state.js";

interface RepoFile {
  readonly content: Buffer;
  /** Commit that last changed the file. */
  readonly lastCommit: string;
  readonly executable: boolean;
  /** A gitlink (submodule): the pinned commit. */
  readonly gitlink?: string;
}

interface RepoCommit {
  readonly id: string;
  readonly parent?: string;
  readonly title: string;
  readonly message: string;
  readonly author_name: string;
  readonly author_email: string;
  readonly at: string;
  readonly paths: readonly string[];
  readonly files: ReadonlyMap<string, RepoFile>;
}

interface Repo {
  readonly commits: Map<string, RepoCommit>;
  readonly branches: Map<string, string>;
  readonly tags: Map<string, string>;
  readonly blobs: Map<string, Buffer>;
}

/** A PNG signature and a little of an IHDR chunk: binary, with NUL bytes. */
export const SIM_PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
export const SIM_LOG_LINES = 5000;
/** The commit every seeded repository starts from (the same in every project, so submodules resolve). */
export const SIM_INITIAL_COMMIT = createHash("sha1").update("files:initial").digest("hex");
/** The commit the seeded gitlink vendor/lib pins. */
export const SIM_SUBMODULE_COMMIT = SIM_INITIAL_COMMIT;

const SEED_TIME = "2025-01-15T09:00:00.000+00:00";
const repos = new WeakMap<SimProject, Repo>();

export const blobId = (content: Buffer): string => createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex");

function seedFiles(): Map<string, Buffer> {
  const log = Array.from({ length: SIM_LOG_LINES }, (_, i) => `line ${i + 1}: request served in ${(i * 7) % 400} ms`).join("\n") + "\n";
  return new Map<string, Buffer>([
    [".gitmodules", Buffer.from('[submodule "vendor/lib"]\n\tpath = vendor/lib\n\turl = ../lib.git\n')],
    ["README.md", Buffer.from("# Project\n\nA small simulated repository.\n")],
    ["src/app.ts", Buffer.from('import { greet } from "./util/strings.js";\n\nconsole.log(greet("world"));\n')],
    ["src/util/strings.ts", Buffer.from("export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n")],
    ["assets/logo.png", SIM_PNG],
    ["docs/big.log", Buffer.from(log)],
  ]);
}

function repoOf(project: SimProject): Repo {
  let repo = repos.get(project);
  if (repo) return repo;
  const files = new Map<string, RepoFile>();
  const blobs = new Map<string, Buffer>();
  for (const [path, content] of seedFiles()) {
    files.set(path, { content, lastCommit: SIM_INITIAL_COMMIT, executable: false });
    blobs.set(blobId(content), content);
  }
  files.set("vendor/lib", { content: Buffer.alloc(0), lastCommit: SIM_INITIAL_COMMIT, executable: false, gitlink: SIM_SUBMODULE_COMMIT });
  const initial: RepoCommit = {
    id: SIM_INITIAL_COMMIT,
    title: "Initial commit",
    message: "Initial commit\n",
    author_name: "Sim Developer",
    author_email: "developer@example.com",
    at: SEED_TIME,
    paths: [...files.keys()],
    files,
  };
  repo = {
    commits: new Map([[initial.id, initial]]),
    branches: new Map([[project.default_branch, initial.id]]),
    tags: new Map([["v1.0.0", initial.id]]),
    blobs,
  };
  repos.set(project, repo);
  return repo;
}

/** A branch, tag, full or short SHA, or HEAD (the default branch). */
function resolveRef(project: SimProject, repo: Repo, ref: string | undefined): RepoCommit | undefined {
  const name = ref === undefined || ref === "" || ref === "HEAD" ? project.default_branch : ref;
  const sha = repo.branches.get(name) ?? repo.tags.get(name) ?? (/^[0-9a-f]{7,40}$/.test(name) ? [...repo.commits.keys()].find((id) => id.startsWith(name)) : undefined);
  return sha ? repo.commits.get(sha) : undefined;
}

function commitEntity(c: RepoCommit, ctx: RestContext, project: SimProject) {
  return {
    id: c.id,
    short_id: c.id.slice(0, 8),
    created_at: c.at,
    parent_ids: c.parent ? [c.parent] : [],
    title: c.title,
    message: c.message,
    author_name: c.author_name,
    author_email: c.author_email,
    authored_date: c.at,
    committer_name: c.author_name,
    committer_email: c.author_email,
    committed_date: c.at,
    trailers: {},
    extended_trailers: {},
    web_url: `${ctx.options.externalUrl}/${project.path_with_namespace}/-/commit/${c.id}`,
  };
}

/** A history row: line stats when with_stats, the message's trailers when trailers. */
function historyEntity(c: RepoCommit, ctx: RestContext, project: SimProject, p: ParamMap) {
  const row: Record<string, unknown> = commitEntity(c, ctx, project);
  if (p.trailers === true) {
    const last = c.message.trim().split(/\n\s*\n/).pop() ?? "";
    const trailers = Object.fromEntries([...last.matchAll(/^([A-Za-z][A-Za-z-]*): (.+)$/gm)].map((m) => [m[1], m[2]]));
    row.trailers = trailers;
    row.extended_trailers = Object.fromEntries(Object.entries(trailers).map(([k, v]) => [k, [v]]));
  }
  if (p.with_stats === true) row.stats = { additions: c.paths.length, deletions: 0, total: c.paths.length };
  return row;
}

function fileAt(ctx: RestContext, refParam: unknown, required: boolean) {
  const project = userProject(ctx);
  const repo = repoOf(project);
  if (required && (typeof refParam !== "string" || refParam === "")) throw validationError(["ref is missing"]);
  const commit = resolveRef(project, repo, typeof refParam === "string" ? refParam : undefined);
  if (!commit) throw notFound("Commit");
  const path = ctx.route.file_path;
  const file = commit.files.get(path);
  if (!file || file.gitlink) throw notFound("File");
  return { project, repo, commit, path, file, ref: typeof refParam === "string" && refParam !== "" ? refParam : project.default_branch };
}

function fileHeaders(path: string, file: RepoFile, commit: RepoCommit, ref: string): Record<string, string> {
  return {
    "x-gitlab-blob-id": blobId(file.content),
    "x-gitlab-commit-id": commit.id,
    "x-gitlab-content-sha256": createHash("sha256").update(file.content).digest("hex"),
    "x-gitlab-encoding": "base64",
    "x-gitlab-file-name": path.split("/").pop() ?? path,
    "x-gitlab-file-path": path,
    "x-gitlab-last-commit-id": file.lastCommit,
    "x-gitlab-ref": ref,
    "x-gitlab-size": String(file.content.length),
    "x-gitlab-execute-filemode": String(file.executable),
  };
}

const isBinary = (b: Buffer) => b.includes(0);
const rawType = (path: string, b: Buffer) => (path.endsWith(".png") ? "image/png" : isBinary(b) ? "application/octet-stream" : "text/plain; charset=utf-8");

function getFile(ctx: RestContext): RestResult {
  const { path, file, commit, ref } = fileAt(ctx, ctx.params.ref, true);
  return {
    status: 200,
    headers: fileHeaders(path, file, commit, ref),
    body: {
      file_name: path.split("/").pop(),
      file_path: path,
      size: file.content.length,
      encoding: "base64",
      content_sha256: createHash("sha256").update(file.content).digest("hex"),
      ref,
      blob_id: blobId(file.content),
      commit_id: commit.id,
      last_commit_id: file.lastCommit,
      execute_filemode: file.executable,
      content: file.content.toString("base64"),
    },
  };
}

function rawFile(ctx: RestContext): RestResult {
  const { path, file, commit, ref } = fileAt(ctx, ctx.params.ref, false);
  return { status: 200, headers: { ...fileHeaders(path, file, commit, ref), "content-type": rawType(path, file.content) }, body: file.content };
}

function blame(ctx: RestContext): RestResult {
  const { project, repo, file } = fileAt(ctx, ctx.params.ref, true);
  const range = ctx.params.range;
  let lines = file.content.toString("utf8").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  if (range !== undefined) {
    const r = (range && typeof range === "object" && !Array.isArray(range) ? range : {}) as Record<string, unknown>;
    const missing = ["start", "end"].filter((k) => r[k] === undefined || r[k] === "").map((k) => `range[${k}] is missing`);
    if (missing.length > 0) throw validationError(missing);
    const start = Number(r.start);
    const end = Number(r.end);
    if (!(start >= 1) || !(end >= start)) throw validationError(["range[start] is invalid"]);
    lines = lines.slice(start - 1, end);
  }
  const commit = repo.commits.get(file.lastCommit)!;
  // The first line is blamed on the initial commit and the rest on the last change, so a changed
  // file shows two ranges, as a real blame of an edited file does.
  const initial = repo.commits.get(SIM_INITIAL_COMMIT)!;
  const entity = (c: RepoCommit) => {
    const { web_url: _w, trailers: _t, extended_trailers: _e, short_id: _s, title: _ti, created_at: _c, ...rest } = commitEntity(c, ctx, project);
    return rest;
  };
  const body = commit.id === initial.id || lines.length < 2 ? [{ commit: entity(commit), lines }] : [{ commit: entity(initial), lines: lines.slice(0, 1) }, { commit: entity(commit), lines: lines.slice(1) }];
  return { status: 200, body };
}

const WRITE_PARAMS = [
  { name: "branch", type: "string" as const, required: true },
  { name: "commit_message", type: "string" as const, required: true },
  { name: "start_branch", type: "string" as const },
  { name: "author_email", type: "string" as const },
  { name: "author_name", type: "string" as const },
  { name: "last_commit_id", type: "string" as const },
];

/** Commits a change to a branch (created from start_branch when it does not exist). */
function commitChange(ctx: RestContext, change: (files: Map<string, RepoFile>, id: string, base: RepoCommit) => void, paths: string[]): { branch: string } {
  authorizeWrite(ctx);
  const project = userProject(ctx);
  const repo = repoOf(project);
  const p = declare(ctx.params, [...WRITE_PARAMS, { name: "content", type: "string" }, { name: "encoding", type: "string", values: ["text", "base64"] }, { name: "execute_filemode", type: "boolean" }]);
  const branch = String(p.branch);
  const startName = typeof p.start_branch === "string" ? p.start_branch : undefined;
  let baseSha = repo.branches.get(branch);
  if (baseSha === undefined) {
    if (!startName) throw messageError(400, "You can only create or edit files when you are on a branch");
    baseSha = repo.branches.get(startName);
    if (baseSha === undefined) throw messageError(400, `Failed to create branch '${branch}': invalid reference name '${startName}'`);
  }
  const base = repo.commits.get(baseSha)!;
  const files = new Map(base.files);
  const id = createHash("sha1").update(`${base.id}:${repo.commits.size}:${String(p.commit_message)}`).digest("hex");
  change(files, id, base);
  const commit: RepoCommit = {
    id,
    parent: base.id,
    title: String(p.commit_message).split("\n")[0],
    message: String(p.commit_message),
    author_name: typeof p.author_name === "string" ? p.author_name : "Sim Developer",
    author_email: typeof p.author_email === "string" ? p.author_email : "developer@example.com",
    at: ctx.state.now().toISOString().replace("Z", "+00:00"),
    paths,
    files,
  };
  for (const f of files.values()) if (!f.gitlink) repo.blobs.set(blobId(f.content), f.content);
  repo.commits.set(id, commit);
  repo.branches.set(branch, id);
  return { branch };
}

function contentOf(ctx: RestContext): Buffer {
  const p = declare(ctx.params, [{ name: "content", type: "string", required: true }, { name: "encoding", type: "string", values: ["text", "base64"] }]);
  return p.encoding === "base64" ? Buffer.from(String(p.content), "base64") : Buffer.from(String(p.content), "utf8");
}

function requireWriteParams(ctx: RestContext, withContent: boolean): void {
  const missing = [...WRITE_PARAMS.filter((s) => s.required).map((s) => s.name), ...(withContent ? ["content"] : [])].filter((n) => ctx.params[n] === undefined);
  if (missing.length > 0) throw validationError(missing.map((n) => `${n} is missing`));
}

function createFile(ctx: RestContext): RestResult {
  requireWriteParams(ctx, true);
  const path = ctx.route.file_path;
  const content = contentOf(ctx);
  const result = commitChange(
    ctx,
    (files, id) => {
      if (files.has(path)) throw messageError(400, "A file with this name already exists");
      files.set(path, { content, lastCommit: id, executable: ctx.params.execute_filemode === true });
    },
    [path],
  );
  return { status: 201, body: { file_path: path, branch: result.branch } };
}

function updateFile(ctx: RestContext): RestResult {
  requireWriteParams(ctx, true);
  const path = ctx.route.file_path;
  const content = contentOf(ctx);
  const result = commitChange(
    ctx,
    (files, id) => {
      const old = files.get(path);
      if (!old || old.gitlink) throw messageError(400, "A file with this name doesn't exist");
      if (typeof ctx.params.last_commit_id === "string" && ctx.params.last_commit_id !== old.lastCommit) {
        throw messageError(400, "You are attempting to update a file that has changed since you started editing it.");
      }
      const executable = typeof ctx.params.execute_filemode === "boolean" ? ctx.params.execute_filemode : old.executable;
      files.set(path, { content, lastCommit: id, executable });
    },
    [path],
  );
  return { status: 200, body: { file_path: path, branch: result.branch } };
}

function deleteFile(ctx: RestContext): RestResult {
  requireWriteParams(ctx, false);
  const path = ctx.route.file_path;
  commitChange(
    ctx,
    (files) => {
      const old = files.get(path);
      if (!old || old.gitlink) throw messageError(400, "A file with this name doesn't exist");
      if (typeof ctx.params.last_commit_id === "string" && ctx.params.last_commit_id !== old.lastCommit) {
        throw messageError(400, "You are attempting to delete a file that has been previously updated.");
      }
      files.delete(path);
    },
    [path],
  );
  return { status: 204 };
}

function tree(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const repo = repoOf(project);
  const p = declare(ctx.params, [
    ...PAGINATION_PARAMS,
    { name: "path", type: "string" },
    { name: "ref", type: "string" },
    { name: "recursive", type: "boolean", default: false },
    { name: "pagination", type: "string", values: ["legacy", "keyset", "none"] },
    { name: "page_token", type: "string" },
  ]);
  const commit = resolveRef(project, repo, typeof p.ref === "string" ? p.ref : undefined);
  if (!commit) throw notFound("Tree");
  const dir = typeof p.path === "string" ? p.path.replace(/^\/+|\/+$/g, "") : "";
  const prefix = dir === "" ? "" : `${dir}/`;
  const entries = new Map<string, { id: string; name: string; type: string; path: string; mode: string }>();
  for (const [path, file] of commit.files) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const parts = rest.split("/");
    const limit = p.recursive === true ? parts.length : 1;
    for (let depth = 1; depth <= limit; depth++) {
      const entryPath = prefix + parts.slice(0, depth).join("/");
      if (entries.has(entryPath)) continue;
      const leaf = depth === parts.length;
      const type = !leaf ? "tree" : file.gitlink ? "commit" : "blob";
      const id = !leaf ? createHash("sha1").update(`tree:${commit.id}:${entryPath}`).digest("hex") : file.gitlink ?? blobId(file.content);
      entries.set(entryPath, { id, name: parts[depth - 1], type, path: entryPath, mode: type === "tree" ? "040000" : type === "commit" ? "160000" : file.executable ? "100755" : "100644" });
    }
  }
  if (dir !== "" && entries.size === 0) throw notFound("Tree");
  const order: Record<string, number> = { tree: 0, blob: 1, commit: 2 };
  const all = [...entries.values()].sort((a, b) => order[a.type] - order[b.type] || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (p.pagination === "keyset") {
    // Keyset: the entries after the one whose ID is page_token; a Link to the next page when this one is full.
    const at = typeof p.page_token === "string" ? all.findIndex((e) => e.id === p.page_token) : -1;
    if (typeof p.page_token === "string" && at < 0) throw messageError(400, "Invalid page token");
    const items = all.slice(at + 1, at + 1 + effectivePerPage(p.per_page as number));
    const more = at + 1 + items.length < all.length;
    return { status: 200, body: items, headers: more ? keysetNextLink(linkContext(ctx, p), { page_token: items[items.length - 1].id }) : {} };
  }
  const page = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items, headers: page.headers };
}

function findBlob(ctx: RestContext): Buffer {
  const repo = repoOf(userProject(ctx));
  const sha = ctx.route.sha;
  const hit = repo.blobs.get(sha) ?? (sha.length >= 7 ? [...repo.blobs].find(([id]) => id.startsWith(sha))?.[1] : undefined);
  if (!hit) throw notFound("Blob");
  return hit;
}

function blob(ctx: RestContext): RestResult {
  const content = findBlob(ctx);
  return { status: 200, body: { size: content.length, encoding: "base64", content: content.toString("base64"), sha: blobId(content) } };
}

function rawBlob(ctx: RestContext): RestResult {
  const content = findBlob(ctx);
  return { status: 200, headers: { "content-type": isBinary(content) ? "application/octet-stream" : "text/plain; charset=utf-8" }, body: content };
}

const ARCHIVE_FORMATS = ["tar.gz", "tar.bz2", "tbz", "tbz2", "tb2", "bz2", "tar", "zip"];

function archive(format: string) {
  return (ctx: RestContext): RestResult => {
    const project = userProject(ctx);
    const repo = repoOf(project);
    const p = declare(ctx.params, [{ name: "sha", type: "string" }, { name: "path", type: "string" }, { name: "include_lfs_blobs", type: "boolean", default: true }]);
    const raw = ctx.params.exclude_paths;
    const excluded = (Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? raw.split(",") : []).map((x) => x.replace(/\/+$/, "")).filter((x) => x !== "");
    const commit = resolveRef(project, repo, typeof p.sha === "string" ? p.sha : undefined);
    if (!commit) throw notFound("Commit");
    // Not a real archive: a recognisable header and the snapshot's bytes, deterministic in size.
    const magic = format === "zip" ? Buffer.from([0x50, 0x4b, 0x03, 0x04]) : format === "tar" ? Buffer.alloc(4) : Buffer.from([0x1f, 0x8b, 0x08, 0x00]);
    const parts = [...commit.files]
      .filter(([path]) => (typeof p.path !== "string" || path.startsWith(`${p.path}/`)) && !excluded.some((x) => path === x || path.startsWith(`${x}/`)))
      .map(([, f]) => f.content);
    const body = Buffer.concat([magic, Buffer.alloc(508), ...parts]);
    const stem = `${project.path}-${typeof p.sha === "string" ? p.sha : project.default_branch}-${commit.id}`.replace(/\//g, "-");
    const type = format === "zip" ? "application/zip" : format === "tar" ? "application/x-tar" : format.includes("bz") || format.startsWith("tb") ? "application/x-bzip2" : "application/gzip";
    return { status: 200, headers: { "content-type": type, "content-disposition": `attachment; filename="${stem}.${format}"` }, body };
  };
}

/** Whether the files API has been used on this project, so its snapshots own the project's file history. */
export function hasFileSnapshots(project: SimProject): boolean {
  return repos.has(project);
}

/** GET /repository/commits?path=: the commits of the file snapshots that touched a path. */
export function fileHistory(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const repo = repoOf(project);
  const p = declare(ctx.params, [
    ...PAGINATION_PARAMS,
    { name: "ref_name", type: "string" },
    { name: "path", type: "string" },
    { name: "since", type: "string" },
    { name: "until", type: "string" },
    { name: "author", type: "string" },
    { name: "all", type: "boolean" },
    { name: "first_parent", type: "boolean" },
    { name: "with_stats", type: "boolean" },
    { name: "order", type: "string", values: ["default", "topo"] },
    { name: "trailers", type: "boolean" },
  ]);
  // The snapshots form one chain per branch (no merges): first_parent and topo order change nothing.
  let chain: RepoCommit[] = [];
  if (p.all === true) chain = [...repo.commits.values()].reverse();
  else {
    let head = resolveRef(project, repo, typeof p.ref_name === "string" ? p.ref_name : undefined);
    if (!head) throw notFound("Commit");
    while (head) {
      chain.push(head);
      head = head.parent ? repo.commits.get(head.parent) : undefined;
    }
  }
  const path = typeof p.path === "string" ? p.path.replace(/\/+$/, "") : undefined;
  const time = (v: unknown) => Date.parse(String(v));
  const author = typeof p.author === "string" ? p.author.toLowerCase() : undefined;
  const touched = chain.filter(
    (c) =>
      (!path || c.paths.some((x) => x === path || x.startsWith(`${path}/`))) &&
      (p.since === undefined || time(c.at) >= time(p.since)) &&
      (p.until === undefined || time(c.at) <= time(p.until)) &&
      (!author || c.author_name.toLowerCase().includes(author) || c.author_email.toLowerCase().includes(author)),
  );
  const page = paginateOffset(touched, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items.map((c) => historyEntity(c, ctx, project, p)), headers: page.headers };
}

function updateSubmodule(ctx: RestContext): RestResult {
  const missing = ["branch", "commit_sha"].filter((n) => ctx.params[n] === undefined);
  if (missing.length > 0) throw validationError(missing.map((n) => `${n} is missing`));
  const path = ctx.route.submodule;
  const sha = String(ctx.params.commit_sha);
  if (!/^[0-9a-f]{40}$/.test(sha)) throw messageError(400, "Invalid parameters");
  const message = typeof ctx.params.commit_message === "string" ? ctx.params.commit_message : `Update submodule ${path} with oid ${sha}`;
  const project = userProject(ctx);
  const repo = repoOf(project);
  const branch = String(ctx.params.branch);
  if (!repo.branches.has(branch)) throw messageError(400, "You can only create or edit files when you are on a branch");
  ctx.params.commit_message = message;
  commitChange(
    ctx,
    (files, id) => {
      const old = files.get(path);
      if (!old?.gitlink) throw messageError(400, "Invalid submodule path");
      if (old.gitlink === sha) throw messageError(400, `The submodule ${path} is already at ${sha}`);
      files.set(path, { ...old, lastCommit: id, gitlink: sha });
    },
    [path],
  );
  const commit = repo.commits.get(repo.branches.get(branch)!)!;
  const { web_url: _w, trailers: _t, extended_trailers: _e, ...entity } = commitEntity(commit, ctx, project);
  return { status: 200, body: { ...entity, status: null } };
}

/** A very small Markdown renderer: headings, paragraphs, emphasis, code and the :tada: emoji. */
function renderMarkdown(text: string, gfm: boolean): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const inline = (s: string) =>
    esc(s)
      .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
      .replace(/`([^`]+)`/g, "<code>$1</code>")
      .replace(/:tada:/g, gfm ? '<gl-emoji title="party popper" data-name="tada" data-unicode-version="6.0">🎉</gl-emoji>' : ":tada:");
  return text
    .split(/\n{2,}/)
    .filter((b) => b.trim() !== "")
    .map((block) => {
      const h = /^(#{1,6})\s+(.*)$/.exec(block.trim());
      if (h) return `<h${h[1].length}${gfm ? ' dir="auto"' : ""}>${inline(h[2])}</h${h[1].length}>`;
      return `<p${gfm ? ' dir="auto"' : ""}>${inline(block.trim())}</p>`;
    })
    .join("\n");
}

function markdown(ctx: RestContext): RestResult {
  if (ctx.auth.kind === "anonymous") throw messageError(401, "401 Unauthorized");
  const p = declare(ctx.params, [{ name: "text", type: "string", required: true }, { name: "gfm", type: "boolean", default: false }, { name: "project", type: "string" }]);
  if (typeof p.project === "string") {
    const project = ctx.state.findProject(p.project);
    if (!project || !ctx.state.canRead(project, ctx.auth.kind === "user" ? ctx.auth.user.id : undefined)) throw notFound("Project");
  }
  return { status: 201, body: { html: renderMarkdown(String(p.text), p.gfm === true) } };
}

export function registerFileRoutes(router: Router): void {
  router.add("GET", "/projects/:id/repository/files/:file_path", getFile);
  router.add("GET", "/projects/:id/repository/files/:file_path/raw", rawFile);
  router.add("GET", "/projects/:id/repository/files/:file_path/blame", blame);
  router.add("POST", "/projects/:id/repository/files/:file_path", createFile);
  router.add("PUT", "/projects/:id/repository/files/:file_path", updateFile);
  router.add("DELETE", "/projects/:id/repository/files/:file_path", deleteFile);
  router.add("GET", "/projects/:id/repository/tree", tree);
  router.add("GET", "/projects/:id/repository/blobs/:sha", blob);
  router.add("GET", "/projects/:id/repository/blobs/:sha/raw", rawBlob);
  router.add("GET", "/projects/:id/repository/archive", archive("tar.gz"));
  for (const format of ARCHIVE_FORMATS) router.add("GET", `/projects/:id/repository/archive.${format}`, archive(format));
  router.add("GET", "/projects/:id/repository/commits", fileHistory);
  router.add("PUT", "/projects/:id/repository/submodules/:submodule", updateSubmodule);
  router.add("POST", "/markdown", markdown);
}


