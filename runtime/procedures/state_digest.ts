// Terraform state downloads answered as what they are, never as their bytes (admin.terraform_state_get, a Terraform
// state that may hold credentials): the body is streamed through a SHA-256 hash and counted, up to
// DIGEST_READ_LIMIT bytes, and the result is its size, checksum, content type and the URL to fetch it
// from. GitLab's 204 (a state with no file yet) answers an empty download.
import { createHash, type Hash } from "node:crypto";
import { GitLabHttpError } from "../gitlab/errors.js";
import { queryString } from "../gitlab/client.js";
import type { Procedure } from "./types.js";

/** Bytes read at most before the download is described as larger than that. */
export const DIGEST_READ_LIMIT = 256 * 1024 * 1024;

export const stateDigest: Procedure = async ({ ctx, call, object, notFound }) => {
  let hash: Hash = createHash("sha256");
  let size = 0;
  const url = `${ctx.instanceUrl}/api/v4${call.path}${queryString(call.query)}`;
  let answer;
  try {
    ctx.progress?.("Downloading");
    answer = await ctx.client.rest({
      ...call,
      read: {
        restart: () => {
          hash = createHash("sha256");
          size = 0;
        },
        sink: (chunk) => {
          hash.update(chunk);
          size += chunk.length;
          return size < DIGEST_READ_LIMIT;
        },
      },
    });
  } catch (e) {
    if (e instanceof GitLabHttpError && e.status === 404) {
      const card = notFound({ status: 404 });
      if (card) return card;
    }
    throw e;
  }
  if (answer.status === 204) return object({ url, empty: true, size: 0 });
  const type = answer.headers.get("content-type") ?? undefined;
  return object({
    url,
    empty: size === 0,
    size,
    ...(answer.stopped ? { read_limit_reached: true } : { sha256: hash.digest("hex") }),
    ...(type ? { content_type: type.split(";")[0] } : {}),
  });
};
