// repository.file_get and repository.blob: GitLab answers JSON with the content base64-encoded. The
// content is passed on as base64 (RES-31); text is shown by line window (RES-32), binary described.
import type { Procedure } from "./types.js";
import { describeContent, objectWithoutText, refOrHead } from "./fileContent.js";

export const fileRead: Procedure = async (call) => {
  const { params, ctx } = call;
  const takesRef = call.action.params.some((p) => p.name === "ref");
  const query = takesRef ? { ...call.call.query, ref: refOrHead(params) } : call.call.query;
  const answer = await ctx.client.rest({ ...call.call, query });
  const body = (answer.body && typeof answer.body === "object" ? answer.body : {}) as Record<string, unknown>;
  const raw = typeof body.content === "string" ? body.content : "";
  const bytes = Buffer.from(raw, body.encoding === "base64" ? "base64" : "utf8");
  const { content: _content, encoding: _encoding, ...meta } = body;
  void _content;
  void _encoding;
  const hint = takesRef
    ? "Use repository.file_raw for its bytes, or repository.file_metadata for its checksum."
    : "Use repository.raw_blob for its bytes.";
  const described = describeContent(bytes, params, { encoding: "base64", complete: true, budget: ctx.maxResponseBytes, binaryHint: hint });
  return objectWithoutText(call, { ...meta, ...described }, answer.size);
};
