// CI/CD jobs (doc/api/jobs.md, doc/api/job_artifacts.md, doc/api/project_job_token_scopes.md).
// Jobs are the documents seeded with addDocument("job", project, {...}); a document with a
// `downstream_pipeline` key is a bridge (trigger job), listed by /bridges and never by /jobs. Fields
// starting with "_" are the simulator's own and never sent:
// - `_trace`: the log text; `_trace_synthetic: {lines, width?}`: a log generated while it is sent
//   (GitLab-style section markers and colors, numbered lines), never held whole;
// - `_artifacts: {path: text}`: the files of the artifacts archive (served as a stored zip);
// - `_status_sequence: [...]`: statuses a GET of the job moves through, one per read (a job that runs).
// Behaviour taken from GitLab's API docs and lib/api/ci/jobs.rb:
// - lists are newest first, `scope[]` filters statuses (400 "scope does not have a valid value"),
//   the pipeline list leaves retried jobs out unless `include_retried`;
// - retry of a job not retryable -> 403 "403 Forbidden - Job is not retryable"; it answers 201 with a
//   NEW job (next ID, pending) and marks the old one retried; play of a job that is not manual ->
//   400 "400 Bad request - Unplayable Job"; erase of an unfinished job -> 403 "403 Forbidden - Job is not erasable!";
// - a missing job is ActiveRecord's 404 {"message":"404 Not found"}, missing artifacts 404 "404 Not Found".
import { Readable } from "node:stream";
import { forbidden, messageError, notFound, recordNotFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { userProject } from "./projectAccess.js";
import { listDocuments, putDocument } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimState } from "./state.js";
import { registerJobTokenScopeRoutes } from "./restJobTokenScope.js";

type Json = Record<string, unknown>;

const STATUSES = ["created", "pending", "running", "failed", "success", "canceled", "skipped", "waiting_for_resource", "manual"];
const FINISHED = new Set(["success", "failed", "canceled", "skipped"]);
const RETRYABLE = new Set(["failed", "canceled", "success"]);
const CANCELABLE = new Set(["created", "pending", "running", "waiting_for_resource", "preparing", "scheduled"]);

function jobsOf(ctx: RestContext): Json[] {
  return listDocuments(ctx.state, "job", userProject(ctx).id);
}

function findJob(ctx: RestContext): Json {
  const job = jobsOf(ctx).find((j) => String(j.id) === ctx.route.job_id);
  if (!job) throw recordNotFound();
  return job;
}

/** A job as GitLab sends it: the simulator's own fields left out. */
export function presentJob(job: Json): Json {
  return Object.fromEntries(Object.entries(job).filter(([k]) => !k.startsWith("_")));
}

const isBridge = (j: Json) => "downstream_pipeline" in j;

function scopes(ctx: RestContext): string[] | undefined {
  const raw = ctx.params.scope;
  if (raw === undefined || raw === null) return undefined;
  const list = (Array.isArray(raw) ? raw : [raw]).map(String);
  if (list.some((s) => !STATUSES.includes(s))) throw validationError(["scope does not have a valid value"]);
  return list;
}

function listJobs(ctx: RestContext, all: Json[], extra: { name: string; type: "boolean" }[] = []): RestResult {
  const p = declare(ctx.params, [...PAGINATION_PARAMS, ...extra]);
  const wanted = scopes(ctx);
  const found = all.filter((j) => !wanted || wanted.includes(String(j.status))).sort((a, b) => Number(b.id) - Number(a.id));
  const page = paginateOffset(found.map(presentJob), p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items, headers: page.headers };
}

function pipelineJobs(ctx: RestContext, bridges: boolean): Json[] {
  return jobsOf(ctx).filter((j) => String((j.pipeline as Json | undefined)?.id) === ctx.route.pipeline_id && isBridge(j) === bridges);
}

function now(state: SimState): string {
  return (state.fixedNow ?? new Date()).toISOString();
}

function getJob(ctx: RestContext): RestResult {
  const job = findJob(ctx);
  const seq = job._status_sequence as string[] | undefined;
  const body = presentJob(job);
  if (seq && seq.length > 0) {
    job.status = seq.shift();
    if (FINISHED.has(String(job.status))) job.finished_at = now(ctx.state);
  }
  return { status: 200, body };
}

/** job_inputs (play and retry): a hash of the job's spec:inputs by name; anything else is a 400. */
function jobInputs(ctx: RestContext): Json | undefined {
  const raw = ctx.params.job_inputs;
  if (raw === undefined) return undefined;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw validationError(["job_inputs is invalid"]);
  return raw as Json;
}

function retry(ctx: RestContext): RestResult {
  const job = findJob(ctx);
  const inputs = jobInputs(ctx);
  if (!RETRYABLE.has(String(job.status))) throw forbidden("Job is not retryable");
  const project = userProject(ctx);
  const all = listDocuments(ctx.state, "job", project.id);
  const id = Math.max(...all.map((j) => Number(j.id))) + 1;
  job.retried = true;
  const fresh: Json = {
    ...presentJob(job),
    id,
    status: "pending",
    created_at: now(ctx.state),
    started_at: null,
    finished_at: null,
    erased_at: null,
    duration: null,
    failure_reason: undefined,
    retried: false,
    web_url: typeof job.web_url === "string" ? job.web_url.replace(/\/\d+$/, `/${id}`) : job.web_url,
  };
  delete fresh.failure_reason;
  if (inputs) fresh._inputs = inputs;
  putDocument(ctx.state, "job", project.id, fresh);
  return { status: 201, body: presentJob(fresh) };
}

function cancel(ctx: RestContext): RestResult {
  const job = findJob(ctx);
  if (CANCELABLE.has(String(job.status))) {
    job.status = "canceled";
    job.finished_at = now(ctx.state);
    delete job._status_sequence;
  }
  return { status: 201, body: presentJob(job) };
}

function play(ctx: RestContext): RestResult {
  const job = findJob(ctx);
  if (job.status !== "manual") throw messageError(400, "400 Bad request - Unplayable Job");
  const vars = ctx.params.job_variables_attributes;
  if (vars !== undefined && !Array.isArray(vars)) throw validationError(["job_variables_attributes is invalid"]);
  const inputs = jobInputs(ctx);
  if (inputs) job._inputs = inputs;
  job.status = "pending";
  job._played_with = vars ?? [];
  return { status: 200, body: presentJob(job) };
}

function erase(ctx: RestContext): RestResult {
  const job = findJob(ctx);
  if (!FINISHED.has(String(job.status))) throw forbidden("Job is not erasable!");
  job.erased_at = now(ctx.state);
  job.artifacts = [];
  job.artifacts_file = null;
  delete job._artifacts;
  delete job._trace_synthetic;
  job._trace = "";
  return { status: 201, body: presentJob(job) };
}

/** The synthetic log: GitLab-style markers and colors around numbered lines, made as it is sent. */
function* syntheticTrace(lines: number, width: number): Generator<Buffer> {
  const pad = "x".repeat(Math.max(0, width - 40));
  let chunk = "section_start:1700000000:prepare_script\r\x1b[0K\x1b[36;1mPreparing environment\x1b[0;m\n";
  for (let i = 2; i <= lines; i++) {
    chunk += i === lines ? `\x1b[31;1mERROR: Job failed: exit code 1\x1b[0;m\n` : `line ${i} \x1b[32mok\x1b[0m ${pad}\n`;
    if (chunk.length >= 64 * 1024) {
      yield Buffer.from(chunk);
      chunk = "";
    }
  }
  if (chunk) yield Buffer.from(chunk);
}

function trace(ctx: RestContext): RestResult {
  const job = findJob(ctx);
  const synthetic = job._trace_synthetic as { lines: number; width?: number } | undefined;
  const headers = { "content-type": "text/plain; charset=utf-8" };
  if (synthetic) return { status: 200, body: Readable.from(syntheticTrace(synthetic.lines, synthetic.width ?? 100)), headers };
  return { status: 200, body: Buffer.from(String(job._trace ?? "")), headers };
}

// --- artifacts ---------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip archive with its files stored (no compression), as a runner could upload it. */
export function storedZip(files: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [path, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const name = Buffer.from(path);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

function artifactsOf(job: Json): Record<string, string> {
  const files = job._artifacts as Record<string, string> | undefined;
  if (!files || Object.keys(files).length === 0) throw notFound();
  return files;
}

function contentType(path: string): string {
  if (/\.(txt|log|md)$/i.test(path)) return "text/plain";
  if (/\.xml$/i.test(path)) return "application/xml";
  if (/\.json$/i.test(path)) return "application/json";
  return "application/octet-stream";
}

function downloadArchive(ctx: RestContext): RestResult {
  const job = findJob(ctx);
  const zip = storedZip(artifactsOf(job));
  return { status: 200, body: zip, headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="artifacts.zip"` } };
}

function singleFile(job: Json, path: string): RestResult {
  const files = artifactsOf(job);
  const content = files[path];
  if (content === undefined) throw notFound();
  return { status: 200, body: Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8"), headers: { "content-type": contentType(path) } };
}

function singleByRef(ctx: RestContext): RestResult {
  const name = ctx.params.job;
  if (name === undefined || name === null || name === "") throw validationError(["job is missing"]);
  const job = jobsOf(ctx)
    .filter((j) => j.ref === ctx.route.ref_name && j.name === String(name) && j.status === "success")
    .sort((a, b) => Number(b.id) - Number(a.id))[0];
  if (!job) throw notFound();
  return singleFile(job, ctx.route.artifact_path);
}

function keep(ctx: RestContext): RestResult {
  const job = findJob(ctx);
  artifactsOf(job);
  job.artifacts_expire_at = null;
  return { status: 200, body: presentJob(job) };
}

function deleteArtifacts(ctx: RestContext): RestResult {
  const job = findJob(ctx);
  artifactsOf(job);
  delete job._artifacts;
  job.artifacts = [];
  job.artifacts_file = null;
  return { status: 204 };
}

function deleteProjectArtifacts(ctx: RestContext): RestResult {
  for (const job of jobsOf(ctx)) {
    if (job.artifacts_expire_at === null && job._artifacts) continue; // kept artifacts stay
    delete job._artifacts;
  }
  return { status: 202 };
}

/** Registered before the document routes, so GET /jobs/:job_id answers here (and moves a running job on). */
export function registerJobRoutes(router: Router): void {
  router.add("GET", "/projects/:id/jobs", (ctx) => listJobs(ctx, jobsOf(ctx).filter((j) => !isBridge(j))));
  router.add("GET", "/projects/:id/pipelines/:pipeline_id/jobs", (ctx) => {
    const p = declare(ctx.params, [{ name: "include_retried", type: "boolean", default: false }]);
    return listJobs(ctx, pipelineJobs(ctx, false).filter((j) => p.include_retried === true || j.retried !== true), [{ name: "include_retried", type: "boolean" }]);
  });
  router.add("GET", "/projects/:id/pipelines/:pipeline_id/bridges", (ctx) => listJobs(ctx, pipelineJobs(ctx, true)));
  router.add("GET", "/projects/:id/jobs/:job_id", getJob);
  router.add("GET", "/projects/:id/jobs/:job_id/trace", trace);
  router.add("POST", "/projects/:id/jobs/:job_id/retry", retry);
  router.add("POST", "/projects/:id/jobs/:job_id/cancel", cancel);
  router.add("POST", "/projects/:id/jobs/:job_id/play", play);
  router.add("POST", "/projects/:id/jobs/:job_id/erase", erase);
  router.add("GET", "/projects/:id/jobs/:job_id/artifacts", downloadArchive);
  router.add("DELETE", "/projects/:id/jobs/:job_id/artifacts", deleteArtifacts);
  router.add("POST", "/projects/:id/jobs/:job_id/artifacts/keep", keep);
  router.add("GET", "/projects/:id/jobs/:job_id/artifacts/:artifact_path", (ctx) => singleFile(findJob(ctx), ctx.route.artifact_path));
  router.add("GET", "/projects/:id/jobs/artifacts/:ref_name/raw/:artifact_path", singleByRef);
  router.add("DELETE", "/projects/:id/artifacts", deleteProjectArtifacts);
  registerJobTokenScopeRoutes(router);
}
