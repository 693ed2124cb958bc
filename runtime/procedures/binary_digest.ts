// Downloads whose bytes the assistant never needs in its context (a dependency list export or SBOM, a
// Sigstore attestation bundle, a group export, a Terraform state that may hold credentials): the body streams through a SHA-256 hash and a byte count and is then
// dropped. The answer is its size, checksum, content type, file name and address (binary-safe, RES-31),
// so the caller can fetch it elsewhere and verify what it got. A redirect to object storage is the
// answer's address; a 404 is the action's not-found card (an export not finished yet answers 404); GitLab's
// 204 (a Terraform state with no file yet) is an empty download.
import { createHash } from "node:crypto";
import { GitLabHttpError } from "../gitlab/errors.js";
import { queryString } from "../gitlab/client.js";
import { ARTIFACT_READ_LIMIT } from "./job_artifact_download.js";
import type { Procedure } from "./types.js";

export const binaryDigest: Procedure = async ({ ctx, call, object, notFound }) => {
  let hash = createHash("sha256");
  let size = 0;
  let cut = false;
  const url = `${ctx.instanceUrl}/api/v4${call.path}${queryString(call.query)}`;
  const sink = (chunk: Buffer): boolean => {
    hash.update(chunk);
    size += chunk.length;
    cut = size >= ARTIFACT_READ_LIMIT;
    return !cut;
  };
  const restart = () => {
    hash = createHash("sha256");
    size = 0;
    cut = false;
  };
  let headers: { get(name: string): string | null } | undefined;
  let noContent = false;
  try {
    ctx.progress?.("Downloading");
    const answer = await ctx.client.rest({ ...call, read: { sink, restart } });
    headers = answer.headers;
    noContent = answer.status === 204;
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
  const out: Record<string, unknown> = { url, size, binary: true, empty: size === 0 };
  // A checksum of part of the file (or of no file) would mislead: it is given only for a download read to its end.
  if (cut) out.read_limit_reached = true;
  else if (!noContent) out.sha256 = hash.digest("hex");
  const type = headers?.get("content-type");
  if (type) out.content_type = type.split(";")[0];
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(headers?.get("content-disposition") ?? "")?.[1];
  if (name) out.file_name = decodeURIComponent(name);
  return object(out);
};
