// Large merge request diffs (RES-27..RES-29), on a 16 KB response budget: a file's diff text is cut at
// 32 KiB, a page of files too large for the budget is cut and resumes exactly, and the raw diff is cut
// at a line boundary with the sizes said in both parts.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

const P = "/projects/42/merge_requests/3";
/** A hunk of `lines` changed lines, about 40 bytes each. */
const bigDiff = (path: string, lines: number) => `@@ -1,${lines} +1,${lines} @@\n` + Array.from({ length: lines }, (_, i) => `-old line ${i} of ${path}\n+new line ${i} of ${path}`).join("\n") + "\n";

export const table: BehaviourTable = {
  domain: "mr_review_large",
  env: { GITLAB_MCP_MAX_RESPONSE_BYTES: "16KB" },
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    const mr = sim.addMergeRequest(42, { iid: 3, title: "Regenerate fixtures", source_branch: "fixtures", files: ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt", "f.txt"] });
    for (const d of mr.changes) d.diff = bigDiff(d.new_path, 60);
    sim.addMergeRequest(42, { iid: 4, title: "Touch 150 files", source_branch: "many", files: Array.from({ length: 150 }, (_, i) => `f${i}.txt`) });
  },
  cases: [
    {
      id: "mr_review.changes_get",
      name: "a page over the budget is cut and says how to read on",
      params: { project_id: 42, merge_request_iid: 3 },
      request: { method: "GET", path: `${P}/diffs` },
      markdown: [/## Merge Request Changes \(6\)/, /Use action 'mr_review\.changes_get' with/],
      check: (result) => {
        const s = result.structuredContent as { changes: unknown[]; truncation: { shown: number; total: number } };
        assert.ok(s.changes.length < 6, `${s.changes.length} files shown`);
        assert.equal(s.truncation.total, 6);
      },
    },
    {
      id: "mr_review.changes_get",
      name: "named files are looked for across GitLab's pages",
      params: { project_id: 42, merge_request_iid: 3, paths: ["e.txt"] },
      request: { method: "GET", path: `${P}/diffs`, query: { page: "1", per_page: "100" } },
      markdown: ["## Merge Request Changes (1)", "### `e.txt`", "5 files excluded by paths or exclude_paths."],
    },
    {
      id: "mr_review.changes_get",
      name: "a named file on GitLab's second page of 100 is found",
      params: { project_id: 42, merge_request_iid: 4, paths: ["f140.txt"] },
      request: [
        { method: "GET", path: "/projects/42/merge_requests/4/diffs", query: { page: "1", per_page: "100" } },
        { method: "GET", path: "/projects/42/merge_requests/4/diffs", query: { page: "2", per_page: "100" } },
      ],
      markdown: ["## Merge Request Changes (1)", "### `f140.txt`", "149 files excluded by paths or exclude_paths."],
    },
    {
      id: "mr_review.raw_diffs",
      name: "the raw diff is cut at a line, with the sizes",
      params: { project_id: 42, merge_request_iid: 3 },
      request: { method: "GET", path: `${P}/raw_diffs` },
      markdown: [/- \*\*Shown\*\*: the first \d+ bytes/, "⚠️ Cut to the response size:"],
      check: (result) => {
        const s = result.structuredContent as { diff: string; bytes: number; shown_bytes: number; truncation: { unit: string } };
        assert.ok(s.shown_bytes < s.bytes);
        assert.ok(s.diff.endsWith("\n"));
        assert.equal(s.truncation.unit, "bytes");
        assert.ok(Buffer.byteLength(JSON.stringify(s)) <= 16 * 1024);
      },
    },
  ],
};
