// repository.archive: the archive is streamed and only counted, never kept or written out, so the
// answer is its size, format and download address (never binary in the result).
import type { Procedure } from "./types.js";
import { apiUrl } from "./fileContent.js";

/** Counting stops here; the size is then reported as a lower bound. */
const COUNT_CAP = 256 * 1024 * 1024;

export const archiveProbe: Procedure = async (call) => {
  const { params, ctx } = call;
  const format = typeof params.format === "string" ? params.format : "tar.gz";
  const path = `${call.call.path}.${format}`;
  let counted = 0;
  ctx.progress?.(`Measuring the ${format} archive`);
  const answer = await ctx.client.rest({
    ...call.call,
    path,
    read: {
      restart: () => {
        counted = 0;
      },
      sink: (chunk) => {
        counted += chunk.length;
        return counted < COUNT_CAP;
      },
    },
  });
  const disposition = answer.headers.get("content-disposition") ?? "";
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return call.object({
    format,
    size: counted,
    ...(answer.stopped ? { size_is_lower_bound: true } : {}),
    ...(answer.headers.get("content-type") ? { content_type: answer.headers.get("content-type")!.split(";")[0] } : {}),
    ...(name ? { file_name: decodeURIComponent(name) } : {}),
    ...(typeof params.sha === "string" ? { sha: params.sha } : {}),
    ...(typeof params.path === "string" ? { path: params.path } : {}),
    download_url: apiUrl(ctx.instanceUrl, path, call.call.query),
  });
};
