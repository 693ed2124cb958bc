// Artifact downloads (job.download_artifacts, job.download_single_artifact[_by_ref], RES-26), and a
// project export archive (project.export_download): the body is
// streamed through a sink that keeps only its first bytes (to tell text from binary and to show text
// that fits the budget) and its last bytes (where a zip keeps its directory of files). Binary bytes are
// never decoded as UTF-8 nor put in a result: the answer is the size, the content type, the archive's
// files, and the URL to fetch it from.
import { GitLabHttpError } from "../gitlab/errors.js";
import { queryString } from "../gitlab/client.js";
import { card, nextStepsSection } from "../markdown/writer.js";
import type { ColumnRecord } from "../catalog/types.js";
import { code, escapeText } from "../markdown/escape.js";
import { decodeText } from "./fileContent.js";
import type { Procedure } from "./types.js";

/** Bytes of an artifact read at most (as for job logs, RES-25). */
export const ARTIFACT_READ_LIMIT = 64 * 1024 * 1024;
/** The end of an archive kept to find its central directory. */
const TAIL_BYTES = 1024 * 1024;
/** Files of an archive listed at most. */
const MAX_LISTED = 200;

/** Keeps the first `headMax` and the last TAIL_BYTES bytes of a stream, and counts the rest. */
export class HeadTail {
  head: Buffer[] = [];
  headLen = 0;
  tail: Buffer[] = [];
  tailLen = 0;
  total = 0;
  limitReached = false;

  constructor(
    private readonly headMax: number,
    private readonly limit = ARTIFACT_READ_LIMIT,
  ) {}

  reset(): void {
    this.head = [];
    this.tail = [];
    this.headLen = this.tailLen = this.total = 0;
    this.limitReached = false;
  }

  push(chunk: Buffer): boolean {
    this.total += chunk.length;
    if (this.headLen < this.headMax) {
      const part = chunk.subarray(0, this.headMax - this.headLen);
      this.head.push(Buffer.from(part));
      this.headLen += part.length;
    }
    this.tail.push(Buffer.from(chunk.subarray(Math.max(0, chunk.length - TAIL_BYTES))));
    this.tailLen += Math.min(chunk.length, TAIL_BYTES);
    while (this.tail.length > 1 && this.tailLen - this.tail[0].length >= TAIL_BYTES) this.tailLen -= this.tail.shift()!.length;
    if (this.total >= this.limit) {
      this.limitReached = true;
      return false;
    }
    return true;
  }
}

/** UTF-8 text without NUL bytes (RES-31); a character cut in two at the end of an incomplete head is allowed. */
export function isText(bytes: Buffer, complete: boolean): boolean {
  // The files API's rule (fileContent.ts): no NUL and valid UTF-8, a cut character allowed at a cut end.
  return decodeText(bytes, !complete) !== undefined;
}

export interface ZipEntry {
  readonly path: string;
  readonly size?: number;
}

/**
 * The file list of a zip from its last bytes: the end-of-central-directory record, then the central
 * directory when it lies within those bytes. Undefined when it cannot be read (not a zip, or cut).
 */
export function zipEntries(tail: Buffer, totalSize: number): { entries: ZipEntry[]; count: number } | undefined {
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - 65_557); i--) {
    if (tail.readUInt32LE(i) !== 0x06054b50) continue;
    const count = tail.readUInt16LE(i + 10);
    const cdSize = tail.readUInt32LE(i + 12);
    const cdOffset = tail.readUInt32LE(i + 16);
    const start = cdOffset - (totalSize - tail.length);
    if (start < 0 || start + cdSize > tail.length) return { entries: [], count };
    const entries: ZipEntry[] = [];
    let p = start;
    while (p + 46 <= tail.length && tail.readUInt32LE(p) === 0x02014b50 && entries.length < count) {
      const size = tail.readUInt32LE(p + 24);
      const nameLen = tail.readUInt16LE(p + 28);
      const extraLen = tail.readUInt16LE(p + 30);
      const commentLen = tail.readUInt16LE(p + 32);
      const path = tail.subarray(p + 46, p + 46 + nameLen).toString("utf8");
      entries.push(size === 0xffffffff ? { path } : { path, size });
      p += 46 + nameLen + extraLen + commentLen;
    }
    return { entries, count };
  }
  return undefined;
}

export const jobArtifactDownload: Procedure = async ({ action, params, ctx, call, steps, notFound }) => {
  const inline = Math.max(1024, ctx.maxResponseBytes - 4096);
  const reader = new HeadTail(inline + 4);
  const url = `${ctx.instanceUrl}/api/v4${call.path}${queryString(call.query)}`;
  const next = steps();
  let contentType: string | undefined;
  try {
    ctx.progress?.("Downloading the artifact");
    const answer = await ctx.client.rest({ ...call, read: { sink: (c) => reader.push(c), restart: () => reader.reset() } });
    contentType = answer.headers.get("content-type") ?? undefined;
  } catch (e) {
    // GitLab may send the download to object storage: that address is the answer, not something to chase.
    if (e instanceof GitLabHttpError && e.status >= 300 && e.status < 400 && e.headers.get("location")) {
      const location = e.headers.get("location")!;
      const structured = { next_steps: next, url: location, binary: true, size: 0 };
      return { kind: "success", contentKind: "detail", markdown: `## Artifact download\n\nGitLab serves this download from object storage: ${escapeText(location)}${nextStepsSection(next)}`, structured };
    }
    if (e instanceof GitLabHttpError && e.status === 404) {
      const card = notFound({ status: 404 });
      if (card) return card;
    }
    throw e;
  }
  const head = Buffer.concat(reader.head);
  const complete = !reader.limitReached && reader.total <= head.length;
  const zip = head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;
  const text = !zip && isText(head, complete);
  const structured: Record<string, unknown> = { next_steps: next, url, size: reader.total, binary: !text };
  if (contentType) structured.content_type = contentType;
  if (reader.limitReached) structured.read_limit_reached = true;
  const title =
    action.id === "job.download_artifacts"
      ? `Artifacts archive of job #${String(params.job_id)}`
      : action.id === "project.export_download"
        ? `Export archive of project ${escapeText(String(params.project_id))}`
        : `Artifact ${code(String(params.artifact_path ?? ""))}`;
  // The card's rows come from the writer (escaping included); what follows them is its note.
  const facts = { size: `${reader.limitReached ? `more than ${reader.total}` : reader.total} bytes`, content_type: contentType, url };
  const rows: ColumnRecord[] = [
    { label: "Size", field: "size", as: "text" },
    { label: "Content Type", field: "content_type", as: "code" },
    { label: "URL", field: "url", as: "text" },
  ];
  const parts: string[] = [];
  if (zip) {
    const listing = reader.limitReached ? undefined : zipEntries(Buffer.concat(reader.tail), reader.total);
    if (listing) {
      const shown = listing.entries.slice(0, MAX_LISTED);
      structured.file_count = listing.count;
      structured.files = shown;
      const lines = shown.map((f) => `- ${code(f.path)}${f.size !== undefined ? ` (${f.size} bytes)` : ""}`);
      parts.push(`**${listing.count} file${listing.count === 1 ? "" : "s"} in the archive**${shown.length < listing.count ? ` (first ${shown.length} listed)` : ""}:\n\n${lines.join("\n")}`);
    } else parts.push("The archive's file list could not be read here (it is larger than the server reads, or not a plain zip).");
    parts.push("Binary content omitted.");
  } else if (text) {
    let body = head.toString("utf8");
    let cut = false;
    if (!complete || Buffer.byteLength(body) > inline) {
      body = head.subarray(0, inline).toString("utf8").replace(/\uFFFD$/, "");
      cut = true;
    }
    structured.content = body;
    const longest = Math.max(2, ...[...body.matchAll(/`+|~+/g)].map((m) => m[0].length));
    const fence = "`".repeat(longest + 1);
    parts.push(`${fence}\n${body}\n${fence}`);
    if (cut) {
      structured.truncated = true;
      parts.push(`⚠️ Truncated: showing ${Buffer.byteLength(body)} of ${reader.limitReached ? "more than " + reader.total : reader.total} bytes; download it from the URL for the rest.`);
    }
  } else parts.push("Binary content omitted.");
  return { kind: "success", contentKind: "detail", markdown: card(title, facts, rows, next, parts.join("\n\n")), structured };
};
