// repository.file_raw and repository.raw_blob: GitLab answers the bytes themselves. They are read as a
// stream that stops after RAW_CAP bytes, so a huge file is never held whole; text is shown by line window
// (RES-32), binary content is described and never written out (RES-31).
import type { Procedure } from "./types.js";
import { apiUrl, describeContent, objectWithoutText } from "./fileContent.js";

/** The most bytes of one raw read kept in memory. */
const RAW_CAP = 16 * 1024 * 1024;

export const rawRead: Procedure = async (call) => {
  const { params, ctx } = call;
  let chunks: Buffer[] = [];
  let kept = 0;
  const answer = await ctx.client.rest({
    ...call.call,
    read: {
      restart: () => {
        chunks = [];
        kept = 0;
      },
      sink: (chunk) => {
        chunks.push(chunk);
        kept += chunk.length;
        return kept < RAW_CAP;
      },
    },
  });
  const bytes = Buffer.concat(chunks);
  const header = (name: string) => answer.headers.get(name) ?? undefined;
  const size = Number(header("x-gitlab-size") ?? header("content-length") ?? (answer.stopped ? NaN : bytes.length));
  const type = header("content-type")?.split(";")[0];
  const meta: Record<string, unknown> = {
    ...(typeof params.file_path === "string" ? { file_path: params.file_path, file_name: params.file_path.split("/").pop() } : {}),
    ...(typeof params.blob_sha === "string" ? { blob_id: params.blob_sha } : {}),
    ...(typeof params.ref === "string" ? { ref: params.ref } : header("x-gitlab-ref") ? { ref: header("x-gitlab-ref") } : {}),
    ...(Number.isFinite(size) ? { size } : {}),
    ...(header("x-gitlab-blob-id") ? { blob_id: header("x-gitlab-blob-id") } : {}),
    ...(header("x-gitlab-last-commit-id") ? { last_commit_id: header("x-gitlab-last-commit-id") } : {}),
    download_url: apiUrl(ctx.instanceUrl, call.call.path, call.call.query),
  };
  const described = describeContent(bytes, params, {
    encoding: "text",
    complete: !answer.stopped,
    budget: ctx.maxResponseBytes,
    binaryHint: "Download it from the Download address with an access token.",
    typeHint: type,
  });
  return objectWithoutText(call, { ...meta, ...(described.binary === false && type ? { content_type: type } : {}), ...described }, Math.min(bytes.length, ctx.maxResponseBytes));
};
