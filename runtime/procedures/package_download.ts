// Package file downloads (package.download: a generic package file; model_registry.download: a file of
// a model version). The body is streamed through a SHA-256 hash and counted, never kept nor decoded as
// text (RES-26, RES-31): the answer is the file's size, checksum, content type and the GitLab URL to
// fetch it from (over HTTP that URL is how the caller gets the bytes, HTTP-25). GitLab's routes take an
// optional directory before the file name (`(*path/):file_name`): `path` is inserted there, each of its
// segments encoded and its slashes kept.
import { createHash } from "node:crypto";
import { GitLabHttpError } from "../gitlab/errors.js";
import { queryString } from "../gitlab/client.js";
import { card, nextStepsSection } from "../markdown/writer.js";
import type { ColumnRecord } from "../catalog/types.js";
import { escapeText } from "../markdown/escape.js";
import type { Procedure } from "./types.js";

/** Bytes read at most to count and hash a download (above it, the size is a lower bound and no checksum is given). */
export const DOWNLOAD_READ_LIMIT = 1024 ** 3;

/** The request path with `path` segments inserted before the file name. */
export function withDirectory(path: string, dir: unknown): string {
  if (typeof dir !== "string") return path;
  const segments = dir.split("/").filter((s) => s !== "");
  if (segments.length === 0) return path;
  const cut = path.lastIndexOf("/");
  return `${path.slice(0, cut)}/${segments.map((s) => encodeURIComponent(s)).join("/")}${path.slice(cut)}`;
}

export const packageDownload: Procedure = async ({ params, ctx, call, steps, notFound }) => {
  const path = withDirectory(call.path, params.path);
  const url = `${ctx.instanceUrl}/api/v4${path}${queryString(call.query)}`;
  const next = steps();
  const fileName = String(params.file_name);
  let hash = createHash("sha256");
  let total = 0;
  let limited = false;
  let contentType: string | undefined;
  try {
    ctx.progress?.("Downloading the file to measure it");
    const answer = await ctx.client.rest({
      ...call,
      path,
      read: {
        sink: (chunk) => {
          total += chunk.length;
          if (total > DOWNLOAD_READ_LIMIT) {
            limited = true;
            return false;
          }
          hash.update(chunk);
          return true;
        },
        restart: () => {
          hash = createHash("sha256");
          total = 0;
          limited = false;
        },
      },
    });
    contentType = answer.headers.get("content-type")?.split(";")[0] ?? undefined;
  } catch (e) {
    // Object storage: GitLab's redirect is the answer, not something to chase with the token.
    if (e instanceof GitLabHttpError && e.status >= 300 && e.status < 400 && e.headers.get("location")) {
      const location = e.headers.get("location")!;
      const structured = { next_steps: next, url: location, file_name: fileName, binary: true };
      return { kind: "success", contentKind: "detail", markdown: `## File ${escapeText(fileName)}\n\nGitLab serves this file from object storage: ${escapeText(location)}. Its size and checksum are listed with the package's files.${nextStepsSection(next)}`, structured };
    }
    if (e instanceof GitLabHttpError && e.status === 404) {
      const answer = notFound({ status: 404 });
      if (answer) return answer;
    }
    throw e;
  }
  const structured: Record<string, unknown> = { next_steps: next, url, file_name: fileName, size: total, binary: true };
  if (!limited) structured.sha256 = hash.digest("hex");
  if (contentType) structured.content_type = contentType;
  if (limited) structured.read_limit_reached = true;
  const rows: ColumnRecord[] = [
    { label: "Size (bytes)", field: "size_text", as: "text" },
    { label: "SHA-256", field: "sha256", as: "code" },
    { label: "Content Type", field: "content_type", as: "code" },
    { label: "URL", field: "url", as: "text" },
  ];
  const facts = { ...structured, size_text: limited ? `more than ${DOWNLOAD_READ_LIMIT}` : String(total) };
  const note = limited
    ? "The file is larger than the server reads: no checksum was computed. Fetch it from the URL (package.file_list shows GitLab's checksums)."
    : "Content not shown: the file's bytes are not put in a result. Fetch it from the URL and compare its SHA-256.";
  return { kind: "success", contentKind: "detail", markdown: card(`File ${escapeText(fileName)}`, facts, rows, next, note), structured };
};
