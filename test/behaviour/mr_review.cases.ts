// Merge request review: the behaviour table (see test/helpers/behaviour.ts). The cases run in order as a
// review: comments, threads (reply, resolve, edit, delete), inline comments placed from the latest diff
// version, a pending review published, diff versions, the raw diff, and large diffs with files left out.
// Fixtures follow GitLab's notes, discussions, draft notes and merge requests API docs.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { BehaviourTable } from "../helpers/behaviour.js";

const P = "/projects/group%2Fproject/merge_requests/7";
const HEAD = "c".repeat(40);
const BASE = "b".repeat(40);
/** A thread ID as GitLab makes them, 40 hex characters (the simulator derives them from a seed). */
const thread = (seed: string) => createHash("sha1").update(`discussion:${seed}`).digest("hex");
// The seeded note 9001 of project 42 starts thread T1; the merge request's global ID is 5001.
const T1 = thread("42:9001");
const file = (path: string, extra: Record<string, unknown> = {}) => ({ old_path: path, new_path: path, a_mode: "100644", b_mode: "100644", diff: `@@ -1,2 +1,2 @@\n-old ${path}\n+new ${path}\n`, new_file: false, renamed_file: false, deleted_file: false, generated_file: false, ...extra });
const base = { project_id: "group/project", merge_request_iid: 7 };

export const table: BehaviourTable = {
  domain: "mr_review",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    const mr = sim.addMergeRequest(42, { iid: 7, title: "Add login", source_branch: "feature/login", files: ["src/app.ts", "README.md", "package-lock.json"] });
    Object.assign(mr.changes[2], { diff: "", too_large: true });
    sim.addNote(42, { merge_request_iid: 7 }, { body: "Please add tests" });
    sim.addDiffVersion(42, 7, {
      head_sha: HEAD,
      base_sha: BASE,
      real_size: "1000+",
      diffs: [file("src/app.ts"), file("README.md"), file("yarn.lock", { diff: "", collapsed: true })],
    });
  },
  cases: [
    // Comments
    {
      id: "mr_review.note_list",
      params: { ...base, sort: "asc" },
      request: { method: "GET", path: `${P}/notes`, query: { sort: "asc" } },
      markdown: ["## Merge Request Comments (1)", "Please add tests"],
    },
    {
      id: "mr_review.note_create",
      params: { ...base, body: "Looks good overall" },
      request: { method: "POST", path: `${P}/notes`, body: { body: "Looks good overall" } },
      markdown: ["## Note 9002", "Looks good overall"],
    },
    {
      id: "mr_review.note_get",
      params: { ...base, note_id: 9002 },
      request: { method: "GET", path: `${P}/notes/9002` },
      markdown: ["## Note 9002", "Looks good overall"],
    },
    {
      id: "mr_review.note_update",
      params: { ...base, note_id: 9002, body: "Looks good, one nit" },
      request: { method: "PUT", path: `${P}/notes/9002`, body: { body: "Looks good, one nit" } },
      markdown: ["## Note 9002", "Looks good, one nit"],
    },
    {
      id: "mr_review.note_delete",
      params: { ...base, note_id: 9002 },
      confirm: true,
      request: { method: "DELETE", path: `${P}/notes/9002` },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "mr_review.note_get",
      name: "a deleted note answers the not-found card",
      params: { ...base, note_id: 9002 },
      request: { method: "GET", path: `${P}/notes/9002` },
      markdown: ["## ❓ Note Not Found"],
      isError: true,
    },
    // Threads: reply, then the thread holds two notes; resolve flips it
    {
      id: "mr_review.discussion_get",
      params: { ...base, discussion_id: T1 },
      request: { method: "GET", path: `${P}/discussions/${T1}` },
      markdown: [`## Discussion ${T1}`, "- **Notes**: 1", "Please add tests"],
    },
    {
      id: "mr_review.discussion_reply",
      params: { ...base, discussion_id: T1, body: "Added in the last push" },
      request: { method: "POST", path: `${P}/discussions/${T1}/notes`, body: { body: "Added in the last push" } },
      markdown: ["## Note 9003", "Added in the last push"],
    },
    {
      id: "mr_review.discussion_get",
      name: "the reply is the thread's second note",
      params: { ...base, discussion_id: T1 },
      request: { method: "GET", path: `${P}/discussions/${T1}` },
      markdown: ["- **Notes**: 2", "- **Resolved**: ❌"],
    },
    {
      id: "mr_review.discussion_resolve",
      params: { ...base, discussion_id: T1, resolved: true },
      request: { method: "PUT", path: `${P}/discussions/${T1}`, query: { resolved: "true" } },
      markdown: ["- **Resolved**: ✅"],
    },
    {
      id: "mr_review.discussion_note_update",
      params: { ...base, discussion_id: T1, note_id: 9003, body: "Added tests in the last push" },
      request: { method: "PUT", path: `${P}/discussions/${T1}/notes/9003`, body: { body: "Added tests in the last push" } },
      markdown: ["## Note 9003", "Added tests in the last push"],
    },
    {
      id: "mr_review.discussion_note_delete",
      params: { ...base, discussion_id: T1, note_id: 9003 },
      confirm: true,
      request: { method: "DELETE", path: `${P}/discussions/${T1}/notes/9003` },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "mr_review.discussion_get",
      name: "an unknown thread answers the not-found card",
      params: { ...base, discussion_id: "f".repeat(40) },
      request: { method: "GET", path: `${P}/discussions/${"f".repeat(40)}` },
      markdown: ["## ❓ Discussion Not Found"],
      isError: true,
    },
    // Inline comments: a file and a line; the position comes from the latest version
    {
      id: "mr_review.discussion_create",
      name: "a comment on an added line gets its position from the latest diff version",
      params: { ...base, body: "Off by one here?", new_path: "src/app.ts", new_line: 1 },
      request: [
        { method: "GET", path: `${P}/versions`, query: { per_page: "1" } },
        { method: "GET", path: `${P}/versions/702` },
        {
          method: "POST",
          path: `${P}/discussions`,
          body: { body: "Off by one here?", position: { base_sha: BASE, start_sha: BASE, head_sha: HEAD, position_type: "text", new_path: "src/app.ts", old_path: "src/app.ts", new_line: 1 } },
        },
      ],
      markdown: ["- **File**: `src/app.ts`", "- **Line**: 1", "Off by one here?"],
      check: (result) => {
        const notes = (result.structuredContent as { notes: { type: string; position: { head_sha: string } }[] }).notes;
        assert.equal(notes[0].type, "DiffNote");
        assert.equal(notes[0].position.head_sha, HEAD);
      },
    },
    {
      id: "mr_review.discussion_create",
      name: "an unchanged line is sent with its old line too, as GitLab requires",
      params: { ...base, body: "Rename this?", new_path: "src/app.ts", new_line: 5 },
      request: [
        { method: "GET", path: `${P}/versions`, query: { per_page: "1" } },
        { method: "GET", path: `${P}/versions/702` },
        {
          method: "POST",
          path: `${P}/discussions`,
          body: { body: "Rename this?", position: { base_sha: BASE, start_sha: BASE, head_sha: HEAD, position_type: "text", new_path: "src/app.ts", old_path: "src/app.ts", old_line: 5, new_line: 5 } },
        },
      ],
      markdown: ["- **Line**: 5", "Rename this?"],
    },
    {
      id: "mr_review.discussion_create",
      name: "a file the diff does not change is refused before anything is posted",
      params: { ...base, body: "And here?", new_path: "src/other.ts", new_line: 3 },
      request: [
        { method: "GET", path: `${P}/versions`, query: { per_page: "1" } },
        { method: "GET", path: `${P}/versions/702` },
      ],
      markdown: ["src/other.ts is not changed by this merge request's latest diff"],
      isError: true,
    },
    {
      id: "mr_review.discussion_create",
      name: "with both lines given no diff is read",
      params: { ...base, body: "Same here", new_path: "README.md", old_line: 2, new_line: 2 },
      request: [
        { method: "GET", path: `${P}/versions`, query: { per_page: "1" } },
        {
          method: "POST",
          path: `${P}/discussions`,
          body: { body: "Same here", position: { base_sha: BASE, start_sha: BASE, head_sha: HEAD, position_type: "text", new_path: "README.md", old_path: "README.md", old_line: 2, new_line: 2 } },
        },
      ],
      markdown: ["- **File**: `README.md`", "Same here"],
    },
    {
      id: "mr_review.discussion_create",
      name: "GitLab's line_code refusal becomes advice on which line numbers to give",
      params: { ...base, body: "Typo", new_path: "README.md", old_line: 1, new_line: 1 },
      request: [
        { method: "GET", path: `${P}/versions`, query: { per_page: "1" } },
        { method: "POST", path: `${P}/discussions` },
      ],
      markdown: ["GitLab could not place the comment on README.md new line 1, old line 1 of the latest diff (head cccccccc)", "give new_line for an added line"],
      isError: true,
      check: (result) => assert.ok(!JSON.stringify(result.content).includes("line_code"), "GitLab's line_code message is not shown"),
    },
    {
      id: "mr_review.discussion_create",
      name: "without a file the thread is general and no version is fetched",
      params: { ...base, body: "Can we split this MR?" },
      request: { method: "POST", path: `${P}/discussions`, body: { body: "Can we split this MR?" } },
      markdown: ["- **Notes**: 1", "Can we split this MR?"],
    },
    {
      id: "mr_review.discussion_create",
      name: "a line without a file is refused before GitLab",
      params: { ...base, body: "Here", new_line: 3 },
      markdown: ["new_line and old_line need the file"],
      isError: true,
    },
    // A pending review: drafts, listed, edited, published one by one and all at once
    {
      id: "mr_review.draft_note_create",
      name: "a draft on a removed line is placed from the latest version",
      params: { ...base, note: "Why remove this?", new_path: "README.md", old_line: 1 },
      request: [
        { method: "GET", path: `${P}/versions`, query: { per_page: "1" } },
        { method: "GET", path: `${P}/versions/702` },
        {
          method: "POST",
          path: `${P}/draft_notes`,
          body: { note: "Why remove this?", position: { base_sha: BASE, start_sha: BASE, head_sha: HEAD, position_type: "text", new_path: "README.md", old_path: "README.md", old_line: 1 } },
        },
      ],
      markdown: ["## Draft Note 301", "- **File**: `README.md`", "- **Old Line**: 1"],
    },
    {
      id: "mr_review.draft_note_create",
      name: "a draft reply in a thread",
      params: { ...base, note: "Still failing for me", in_reply_to_discussion_id: T1 },
      request: { method: "POST", path: `${P}/draft_notes`, body: { note: "Still failing for me", in_reply_to_discussion_id: T1 } },
      markdown: ["## Draft Note 302", `- **Thread**: \`${T1}\``],
    },
    {
      id: "mr_review.draft_note_list",
      params: base,
      request: { method: "GET", path: `${P}/draft_notes` },
      markdown: ["## Draft Notes (2)", "Why remove this?", "Still failing for me"],
    },
    {
      id: "mr_review.draft_note_get",
      params: { ...base, draft_note_id: 301 },
      request: { method: "GET", path: `${P}/draft_notes/301` },
      markdown: ["## Draft Note 301", "Why remove this?"],
    },
    {
      id: "mr_review.draft_note_get",
      name: "an unknown draft answers the not-found card",
      params: { ...base, draft_note_id: 999 },
      request: { method: "GET", path: `${P}/draft_notes/999` },
      markdown: ["## ❓ Draft Note Not Found"],
      isError: true,
    },
    {
      id: "mr_review.draft_note_update",
      params: { ...base, draft_note_id: 301, note: "Why remove this line?" },
      request: { method: "PUT", path: `${P}/draft_notes/301`, body: { note: "Why remove this line?" } },
      markdown: ["## Draft Note 301", "Why remove this line?"],
    },
    {
      id: "mr_review.draft_note_publish",
      params: { ...base, draft_note_id: 302 },
      request: { method: "PUT", path: `${P}/draft_notes/302/publish` },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "mr_review.discussion_get",
      name: "the published draft is a reply in its thread",
      params: { ...base, discussion_id: T1 },
      request: { method: "GET", path: `${P}/discussions/${T1}` },
      markdown: ["- **Notes**: 2"],
    },
    {
      id: "mr_review.draft_note_create",
      name: "a draft to discard",
      params: { ...base, note: "nit: typo" },
      request: { method: "POST", path: `${P}/draft_notes`, body: { note: "nit: typo" } },
      markdown: ["## Draft Note 303"],
    },
    {
      id: "mr_review.draft_note_delete",
      params: { ...base, draft_note_id: 303 },
      confirm: true,
      request: { method: "DELETE", path: `${P}/draft_notes/303` },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "mr_review.draft_note_publish_all",
      params: base,
      request: { method: "POST", path: `${P}/draft_notes/bulk_publish` },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "mr_review.draft_note_list",
      name: "nothing is pending once the review is submitted",
      params: base,
      request: { method: "GET", path: `${P}/draft_notes` },
      markdown: ["No draft notes on this merge request."],
    },
    {
      id: "mr_review.discussion_list",
      name: "the published review shows as threads",
      params: base,
      request: { method: "GET", path: `${P}/discussions` },
      markdown: ["Why remove this line?", "Off by one here?"],
    },
    // Diff versions, large diffs and the raw diff
    {
      id: "mr_review.diff_versions_list",
      params: base,
      request: { method: "GET", path: `${P}/versions` },
      markdown: ["## Diff Versions (2)", "| 702 | `cccccccccccccccccccccccccccccccccccccccc` |"],
    },
    {
      id: "mr_review.diff_version_get",
      name: "a capped version with a collapsed file says the diff is incomplete",
      params: { ...base, version_id: 702, per_page: 2 },
      request: { method: "GET", path: `${P}/versions/702`, query: {} },
      markdown: [
        "## Diff Version Files (3)",
        "⚠️ The diff is incomplete: GitLab stopped listing files at its limits (1000+ files changed).",
        "- `yarn.lock`: collapsed by GitLab to keep the response small",
        "Page 1 of 2",
        "Use action 'mr_review.raw_diffs'",
      ],
      check: (result) => {
        const s = result.structuredContent as Record<string, unknown>;
        assert.equal(s.overflow, true);
        assert.equal(s.head_commit_sha, HEAD);
        assert.deepEqual(s.omitted_files, [{ path: "yarn.lock", reason: "collapsed" }]);
        assert.equal((s.diffs as unknown[]).length, 2);
      },
    },
    {
      id: "mr_review.diff_version_get",
      name: "an unknown version answers the not-found card",
      params: { ...base, version_id: 999 },
      request: { method: "GET", path: `${P}/versions/999` },
      markdown: ["## ❓ Diff Version Not Found"],
      isError: true,
    },
    {
      id: "mr_review.changes_get",
      name: "a file GitLab found too large is listed with the reason",
      params: base,
      request: { method: "GET", path: `${P}/diffs` },
      markdown: ["⚠️ The diff is incomplete: GitLab left out the text of 1 file:", "- `package-lock.json`: too large for GitLab to show", "| `package-lock.json` |", "Use action 'mr_review.diff_version_get'"],
      check: (result) => {
        const s = result.structuredContent as { changes: { omitted?: string }[]; omitted_files: unknown[] };
        assert.equal(s.changes[2].omitted, "too_large");
        assert.deepEqual(s.omitted_files, [{ path: "package-lock.json", reason: "too_large" }]);
      },
    },
    {
      id: "mr_review.changes_get",
      name: "exclude_paths drops lock files and says how many",
      params: { ...base, exclude_paths: ["*.json"] },
      request: { method: "GET", path: `${P}/diffs`, query: {} },
      markdown: ["1 file excluded by paths or exclude_paths.", "### `src/app.ts`"],
      check: (result) => {
        const s = result.structuredContent as { changes: unknown[]; excluded_files: number };
        assert.equal(s.changes.length, 2);
        assert.equal(s.excluded_files, 1);
      },
    },
    {
      id: "mr_review.raw_diffs",
      params: base,
      request: { method: "GET", path: `${P}/raw_diffs` },
      markdown: ["## Raw Diff: MR !7", "```diff\ndiff --git a/src/app.ts b/src/app.ts", "+new README.md"],
    },
  ],
};
