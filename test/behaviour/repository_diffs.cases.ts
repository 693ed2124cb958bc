// Repository diffs: comparing refs and the diff of one commit (see test/helpers/behaviour.ts). Fixtures
// follow GitLab's repositories API (compare) and commits API (diff) docs.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

const SHA = "d".repeat(40);
const file = (path: string, extra: Record<string, unknown> = {}) => ({ old_path: path, new_path: path, a_mode: "100644", b_mode: "100644", diff: `@@ -1 +1 @@\n-old ${path}\n+new ${path}\n`, new_file: false, renamed_file: false, deleted_file: false, ...extra });
const COMMIT = { id: SHA, short_id: SHA.slice(0, 8), title: "Add login form", message: "Add login form\n", author_name: "Sim Developer", created_at: "2025-03-01T10:00:00.000+00:00", parent_ids: [] };

export const table: BehaviourTable = {
  domain: "repository_diffs",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addComparison(42, "main", "feature/login", {
      commit: COMMIT,
      commits: [COMMIT],
      diffs: [file("src/login.ts", { new_file: true }), file("src/app.ts"), file("docs/big.svg", { diff: "", too_large: true }), file("yarn.lock")],
      compare_timeout: false,
    });
    sim.addCommitDiff(42, SHA, [file("src/login.ts", { new_file: true }), file("dist/bundle.js", { diff: "", collapsed: true })]);
  },
  cases: [
    {
      id: "repository.compare",
      params: { project_id: "group/project", from: "main", to: "feature/login" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/compare", query: { from: "main", to: "feature/login" } },
      markdown: [
        "## Compared Files (4)",
        "**Commits (1):**\n- `dddddddd` Add login form",
        "⚠️ The diff is incomplete: GitLab left out the text of 1 file:",
        "- `docs/big.svg`: too large for GitLab to show",
        "### `src/login.ts`",
      ],
      check: (result) => {
        const s = result.structuredContent as Record<string, unknown>;
        assert.equal((s.commits as unknown[]).length, 1);
        assert.equal(s.compare_timeout, false);
        assert.equal(s.overflow, false);
        assert.deepEqual(s.omitted_files, [{ path: "docs/big.svg", reason: "too_large" }]);
      },
    },
    {
      id: "repository.compare",
      name: "files are paged here, since GitLab sends a comparison whole",
      params: { project_id: 42, from: "main", to: "feature/login", page: 2, per_page: 2, exclude_paths: ["*.lock"] },
      request: { method: "GET", path: "/projects/42/repository/compare", query: { from: "main", to: "feature/login" } },
      markdown: ["## Compared Files (3)", "Page 2 of 2", "| `docs/big.svg` |", "1 file excluded by paths or exclude_paths."],
      check: (result) => {
        const s = result.structuredContent as { diffs: { new_path: string }[]; pagination: { page: number; total_items: number } };
        assert.deepEqual(s.diffs.map((d) => d.new_path), ["docs/big.svg"]);
        assert.equal(s.pagination.total_items, 3);
      },
    },
    {
      id: "repository.compare",
      name: "paths keeps only the files named",
      params: { project_id: 42, from: "main", to: "feature/login", paths: ["src/app.ts"] },
      request: { method: "GET", path: "/projects/42/repository/compare" },
      markdown: ["## Compared Files (1)", "### `src/app.ts`", "3 files excluded by paths or exclude_paths."],
    },
    {
      id: "repository.compare",
      name: "refs with no difference",
      params: { project_id: 42, from: "main", to: "main" },
      request: { method: "GET", path: "/projects/42/repository/compare" },
      markdown: ["The two refs have no file differences."],
    },
    {
      id: "repository.commit_diff",
      params: { project_id: "group/project", sha: SHA },
      request: { method: "GET", path: `/projects/group%2Fproject/repository/commits/${SHA}/diff` },
      markdown: ["## Commit Diff (2)", "- `dist/bundle.js`: collapsed by GitLab to keep the response small", "### `src/login.ts`"],
      check: (result) => {
        const s = result.structuredContent as { diffs: { omitted?: string }[] };
        assert.equal(s.diffs[1].omitted, "collapsed");
      },
    },
    {
      id: "repository.commit_diff",
      name: "GitLab pages a commit's files itself",
      params: { project_id: 42, sha: SHA, per_page: 1, page: 2 },
      request: { method: "GET", path: `/projects/42/repository/commits/${SHA}/diff`, query: { per_page: "1", page: "2" } },
      markdown: ["| `dist/bundle.js` |", "Page 2 of 2"],
    },
    {
      id: "repository.commit_diff",
      name: "an unknown commit answers the not-found card",
      params: { project_id: 42, sha: "e".repeat(40) },
      request: { method: "GET", path: `/projects/42/repository/commits/${"e".repeat(40)}/diff` },
      markdown: ["## ❓ Commit Not Found"],
      isError: true,
    },
  ],
};
