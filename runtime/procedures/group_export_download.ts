// group.group_export_download: the export is a binary archive (tar.gz). As for job artifacts, its bytes
// are counted through a sink and never decoded nor put in a result: the answer is its size, type, file
// name and address. GitLab has no status endpoint for group exports: the download answers 404 until the
// export is ready, which is the action's not-found card (it says so and how to start one).
import { GitLabHttpError } from "../gitlab/errors.js";
import { queryString } from "../gitlab/client.js";
import { HeadTail } from "./job_artifact_download.js";
import type { HeaderReader } from "../gitlab/transport.js";
import type { Procedure } from "./types.js";

export const groupExportDownload: Procedure = async ({ ctx, call, object, notFound }) => {
  const reader = new HeadTail(0);
  const url = `${ctx.instanceUrl}/api/v4${call.path}${queryString(call.query)}`;
  let headers: HeaderReader | undefined;
  try {
    ctx.progress?.("Downloading the group export");
    const answer = await ctx.client.rest({ ...call, read: { sink: (c) => reader.push(c), restart: () => reader.reset() } });
    headers = answer.headers;
  } catch (e) {
    if (e instanceof GitLabHttpError && e.status >= 300 && e.status < 400 && e.headers.get("location")) {
      return object({ url: e.headers.get("location")!, binary: true, size: 0 });
    }
    if (e instanceof GitLabHttpError && e.status === 404) {
      const card = notFound({ status: 404 });
      if (card) return card;
    }
    throw e;
  }
  const out: Record<string, unknown> = { url, size: reader.total, binary: true };
  const type = headers?.get("content-type");
  if (type) out.content_type = type;
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(headers?.get("content-disposition") ?? "")?.[1];
  if (name) out.file_name = decodeURIComponent(name);
  if (reader.limitReached) out.read_limit_reached = true;
  return object(out);
};
