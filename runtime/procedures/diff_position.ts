// Inline review comments: a discussion or draft note on a line of the diff. GitLab wants the line's
// position (base, start and head SHAs of the diff, old and new path, old and/or new line) and answers
// 400 about line_code when it is missing or stale. The caller names a file and a line; the SHAs come from
// the merge request's latest diff version (GET .../versions, newest first), fetched just before posting.
// When one line number is given, the file's diff in that version tells whether the line was added,
// removed or unchanged, and an unchanged line gets its other number too; a file outside the diff is
// refused here rather than by GitLab.
// Without a file or line the comment is posted as it is (a general thread or draft note).
import { GitLabHttpError } from "../gitlab/errors.js";
import type { Outcome } from "../result.js";
import { placeLine, type PlacedLine } from "./diff_lines.js";
import type { Procedure } from "./types.js";

export const diffPosition: Procedure = async ({ action, params, ctx, call, object }) => {
  const newPath = params.new_path as string | undefined;
  const oldPath = params.old_path as string | undefined;
  const newLine = params.new_line as number | undefined;
  const oldLine = params.old_line as number | undefined;
  if (newPath === undefined && oldPath === undefined) {
    if (newLine !== undefined || oldLine !== undefined) {
      return { kind: "refusal", text: `${action.id}: new_line and old_line need the file: give new_path (and old_path when the file was renamed).` } satisfies Outcome;
    }
    const answer = await ctx.client.rest(call);
    return object(answer.body, answer.size);
  }
  const versionsPath = call.path.replace(/\/(discussions|draft_notes)$/, "/versions");
  const versions = await ctx.client.rest({ method: "GET", path: versionsPath, query: { per_page: 1 }, signal: ctx.signal, retry: "read" });
  const latest = (Array.isArray(versions.body) ? versions.body[0] : undefined) as Record<string, unknown> | undefined;
  if (!latest) {
    return {
      kind: "error",
      contentKind: action.contentKind,
      text: `${action.id}: the merge request has no diff version yet, so a line cannot be commented on. Post the comment without new_path and lines, or retry once GitLab has computed the diff.`,
    } satisfies Outcome;
  }
  const position: Record<string, unknown> = {
    base_sha: latest.base_commit_sha,
    start_sha: latest.start_commit_sha,
    head_sha: latest.head_commit_sha,
    // A path without a line comments on the whole file.
    position_type: newLine === undefined && oldLine === undefined ? "file" : "text",
    new_path: newPath ?? oldPath,
    old_path: oldPath ?? newPath,
  };
  let lines: PlacedLine = { ...(oldLine !== undefined ? { old_line: oldLine } : {}), ...(newLine !== undefined ? { new_line: newLine } : {}) };
  if ((newLine === undefined) !== (oldLine === undefined)) {
    // One line given: read the file's diff in that version to tell an added or removed line from an
    // unchanged one, which GitLab wants with both its old and new line numbers.
    const version = await ctx.client.rest({ method: "GET", path: `${versionsPath}/${String(latest.id)}`, signal: ctx.signal, retry: "read" });
    const files = ((version.body as { diffs?: Record<string, unknown>[] } | undefined)?.diffs ?? []) as Record<string, unknown>[];
    const file = files.find((f) => f.new_path === position.new_path) ?? files.find((f) => f.old_path === position.old_path);
    if (!file) {
      return {
        kind: "refusal",
        text: `${action.id}: ${String(position.new_path)} is not changed by this merge request's latest diff, so no line of it can be commented on. Use mr_review.changes_get to see the files it changes, or comment without new_path.`,
      } satisfies Outcome;
    }
    position.new_path = file.new_path;
    position.old_path = file.old_path;
    if (typeof file.diff === "string" && file.diff !== "") lines = placeLine(file.diff, newLine !== undefined ? "new" : "old", (newLine ?? oldLine)!);
  }
  Object.assign(position, lines);
  try {
    const answer = await ctx.client.rest({ ...call, body: { ...call.body, position } });
    return object(answer.body, answer.size);
  } catch (e) {
    // Still refused (the merge request moved on since the version was read, or the file's diff was not
    // sent): say what to do instead of GitLab's line_code message.
    if (!(e instanceof GitLabHttpError) || e.status !== 400 || !/line_code/.test(JSON.stringify(e.body ?? ""))) throw e;
    const where = `${String(position.new_path)} ${lines.new_line !== undefined ? `new line ${lines.new_line}` : ""}${lines.old_line !== undefined ? `${lines.new_line !== undefined ? ", " : ""}old line ${lines.old_line}` : ""}`;
    return {
      kind: "error",
      contentKind: action.contentKind,
      text:
        `${action.id}: GitLab could not place the comment on ${where} of the latest diff (head ${String(position.head_sha).slice(0, 8)}). ` +
        "Read that file's diff with mr_review.changes_get (paths) and give new_line for an added line, old_line for a removed line, or both for an unchanged line; if the merge request was just pushed to, retry.",
    } satisfies Outcome;
  }
};
