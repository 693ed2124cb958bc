// Shared by the file and blob procedures: how file bytes become a result (RES-31, RES-32). Text that is
// valid UTF-8 without NUL bytes is shown by line window; anything else is binary and only described.
// Whatever is kept stays within the response budget, so a large file never reaches the writer whole.
import type { ProcedureCall } from "./types.js";
import type { Outcome } from "../result.js";
import { queryString } from "../gitlab/client.js";

/** Share of the response budget the shown text may take (it appears in the Markdown and, encoded, in the JSON). */
const TEXT_SHARE = 0.4;

const MAGIC: readonly (readonly [string, number[]])[] = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
  ["image/gif", [0x47, 0x49, 0x46, 0x38]],
  ["application/pdf", [0x25, 0x50, 0x44, 0x46]],
  ["application/zip", [0x50, 0x4b, 0x03, 0x04]],
  ["application/gzip", [0x1f, 0x8b]],
  ["image/webp", [0x52, 0x49, 0x46, 0x46]],
  ["application/x-elf", [0x7f, 0x45, 0x4c, 0x46]],
];

/** A content type told from the first bytes, for binary content GitLab does not label. */
export function sniffType(bytes: Buffer): string {
  for (const [type, sig] of MAGIC) if (sig.every((b, i) => bytes[i] === b)) return type;
  return "application/octet-stream";
}

/** Text when the bytes hold no NUL and decode as UTF-8 (a cut multi-byte character at the end is allowed when cut). */
export function decodeText(bytes: Buffer, cut = false): string | undefined {
  if (bytes.includes(0)) return undefined;
  let body = bytes;
  if (cut) {
    // Drop an incomplete UTF-8 sequence at the cut: at most 3 continuation bytes after a lead byte.
    let i = body.length - 1;
    let back = 0;
    while (i >= 0 && back < 3 && (body[i] & 0xc0) === 0x80) {
      i--;
      back++;
    }
    if (i >= 0 && body[i] >= 0xc0) body = body.subarray(0, i);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return undefined;
  }
}

export interface ContentOptions {
  /** base64 for content GitLab sent base64-encoded (passed on so, RES-31); text for raw reads. */
  readonly encoding: "base64" | "text";
  /** The bytes are the whole file (false when a raw read stopped early). */
  readonly complete: boolean;
  readonly budget: number;
  /** Where to send a reader of binary content. */
  readonly binaryHint: string;
  readonly typeHint?: string;
}

/** The fields describing some file bytes: a text window, or binary metadata. `text` is for the Markdown only. */
export function describeContent(bytes: Buffer, params: Readonly<Record<string, unknown>>, o: ContentOptions): Record<string, unknown> {
  const text = decodeText(bytes, !o.complete);
  const limit = Math.max(1024, Math.floor(o.budget * TEXT_SHARE));
  if (text === undefined) {
    const b64 = bytes.toString("base64");
    const keep = o.encoding === "base64" && o.complete && b64.length <= limit;
    return {
      binary: true,
      content_type: o.typeHint && !/^text\//.test(o.typeHint) ? o.typeHint : sniffType(bytes),
      ...(keep ? { encoding: "base64", content: b64 } : { content_omitted: true }),
      notice: `Binary content omitted from the text. ${o.binaryHint}`,
    };
  }
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  // A read that stopped early may end inside a line: that line is not shown as if whole.
  if (!o.complete && lines.length > 1) lines.pop();
  const total = o.complete ? lines.length : undefined;
  const start = typeof params.start_line === "number" ? params.start_line : 1;
  const count = typeof params.line_count === "number" ? params.line_count : undefined;
  const shown: string[] = [];
  let used = 0;
  for (let i = start - 1; i < lines.length && (count === undefined || shown.length < count); i++) {
    const size = Buffer.byteLength(lines[i]) + 1;
    if (shown.length > 0 && used + size > limit) break;
    shown.push(lines[i]);
    used += size;
  }
  const end = start - 1 + shown.length;
  const more = o.complete ? end < lines.length : shown.length > 0;
  const whole = start === 1 && o.complete && end === lines.length;
  const windowText = shown.join("\n") + (shown.length > 0 && (end < lines.length || text.endsWith("\n") || !o.complete) ? "\n" : "");
  const body = whole ? bytes : Buffer.from(windowText, "utf8");
  return {
    binary: false,
    encoding: o.encoding,
    content: o.encoding === "base64" ? body.toString("base64") : body.toString("utf8"),
    start_line: start,
    end_line: end,
    ...(total !== undefined ? { total_lines: total } : {}),
    ...(more ? { next_start_line: end + 1 } : {}),
    ...(shown.length === 0 ? { notice: `No lines from line ${start}${total !== undefined ? `: the file has ${total}` : ""}.` } : {}),
    text: windowText,
  };
}

/** The writer's card with the Markdown-only `text` left out of structuredContent. */
export function objectWithoutText(call: ProcedureCall, obj: Record<string, unknown>, sourceBytes?: number): Outcome {
  const outcome = call.object(obj, sourceBytes);
  if (outcome.kind !== "success") return outcome;
  const { text: _text, ...structured } = outcome.structured;
  void _text;
  return { ...outcome, structured };
}

/** The API address of a call, for a person or a tool to download from (needs a token, like any API read). */
export function apiUrl(instance: string, path: string, query?: Readonly<Record<string, unknown>>): string {
  return `${instance.replace(/\/+$/, "")}/api/v4${path}${queryString(query)}`;
}

/** The ref to send: the one given, or HEAD, which GitLab reads as the default branch. */
export function refOrHead(params: Readonly<Record<string, unknown>>): string {
  return typeof params.ref === "string" && params.ref !== "" ? params.ref : "HEAD";
}
