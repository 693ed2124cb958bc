// The raw merge request diff: GitLab sends plain text, shown here in a diff fence and cut, at a line
// boundary, to the response budget (the cut is said in both parts, with the sizes).
import type { ColumnRecord } from "../catalog/types.js";
import { card } from "../markdown/writer.js";
import type { Procedure } from "./types.js";

/** The card's rows: the size GitLab sent, and what is shown when cut. */
const ROWS: readonly ColumnRecord[] = [
  { label: "Size", field: "bytes", as: "count", unit: "byte" },
  { label: "Shown", field: "shown", as: "text" },
];

/** Room kept for the heading, the rows and the next steps around the text. */
const FRAME = 2048;

export const rawDiff: Procedure = async ({ params, ctx, call, steps }) => {
  const answer = await ctx.client.rest({ ...call, read: "bytes" });
  const raw = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(String(answer.body ?? ""));
  const total = raw.length;
  // JSON escaping can double a text's size: the structured part is the one that limits.
  const limit = Math.max(1024, Math.floor((ctx.maxResponseBytes - FRAME) / 2));
  let text = raw.toString("utf8");
  let cut = false;
  if (total > limit) {
    text = raw.subarray(0, limit).toString("utf8").replace(/\uFFFD$/, "");
    const lastLine = text.lastIndexOf("\n");
    if (lastLine > 0) text = text.slice(0, lastLine + 1);
    cut = true;
  }
  const shown = Buffer.byteLength(text);
  const longest = Math.max(2, ...[...text.matchAll(/`+|~+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const next = steps();
  const iid = params.merge_request_iid as number;
  const notice = cut ? `\n\n⚠️ Cut to the response size: ${shown} of ${total} bytes shown. Read the rest file by file with mr_review.changes_get (paths or exclude_paths).` : "";
  const body = text === "" ? "_The merge request changes no files._" : `${fence}diff\n${text.replace(/\n$/, "")}\n${fence}`;
  const facts = { bytes: total, shown: cut ? `the first ${shown} bytes` : undefined };
  const markdown = card(`Raw Diff: MR !${iid}`, facts, ROWS, next, `${body}${notice}`);
  const structured: Record<string, unknown> = { next_steps: next, merge_request_iid: iid, diff: text, bytes: total, shown_bytes: shown };
  if (cut) structured.truncation = { reason: "response_size", unit: "bytes", shown, total };
  return { kind: "success", contentKind: "detail", markdown, structured };
};
