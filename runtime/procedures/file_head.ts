// repository.file_metadata and repository.file_raw_metadata: a HEAD request, answered by GitLab's
// X-Gitlab-* headers, so the content is never transferred.
import type { Procedure } from "./types.js";
import { refOrHead } from "./fileContent.js";

const HEADERS: Readonly<Record<string, string>> = {
  file_name: "x-gitlab-file-name",
  file_path: "x-gitlab-file-path",
  size: "x-gitlab-size",
  encoding: "x-gitlab-encoding",
  content_sha256: "x-gitlab-content-sha256",
  ref: "x-gitlab-ref",
  blob_id: "x-gitlab-blob-id",
  commit_id: "x-gitlab-commit-id",
  last_commit_id: "x-gitlab-last-commit-id",
  execute_filemode: "x-gitlab-execute-filemode",
};

export const fileHead: Procedure = async (call) => {
  const answer = await call.ctx.client.rest({ ...call.call, method: "HEAD", query: { ...call.call.query, ref: refOrHead(call.params) } });
  const meta: Record<string, unknown> = {};
  for (const [field, name] of Object.entries(HEADERS)) {
    const v = answer.headers.get(name);
    if (v === null || v === undefined || v === "") continue;
    meta[field] = field === "size" ? Number(v) : field === "execute_filemode" ? v === "true" : v;
  }
  const type = answer.headers.get("content-type");
  if (type && !/json/.test(type)) meta.content_type = type.split(";")[0];
  if (meta.file_path === undefined) meta.file_path = call.params.file_path;
  return call.object(meta);
};
