// Golden tests of the output contract (shared/spec/output-format.es.md, "Ejemplos de respuesta"): the
// simulator is seeded with the data of each example, and the Markdown must come back byte for byte
// (trailing whitespace aside) with the structuredContent the contract shows, on every surface.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator, DEFAULT_TOKEN } from "../sim/simulator.js";
import { callAction, connect, SURFACES, text, type Connection } from "../helpers/mcp.js";
import { assertOutputConforms } from "../helpers/schemas.js";

const LINK_HINT = "When presenting these results, always include the clickable [text](url) links from the table so the user can navigate to GitLab";

const BRANCH_LIST = `## Branches (45)

Showing 3 of 45 results (page 1 of 15)

| Name | Protected | Default | Merged |
| --- | --- | --- | --- |
| [main](https://gitlab.example.com/group/project/-/tree/main) | ✅ | ✅ | ❌ |
| [develop](https://gitlab.example.com/group/project/-/tree/develop) | ✅ | ❌ | ❌ |
| [feature/login](https://gitlab.example.com/group/project/-/tree/feature/login) | ❌ | ❌ | ❌ |

Page 1 of 15 | 45 items total | 3 per page

---
💡 **Next steps:**
- When presenting these results, always include the clickable [text](url) links from the table so the user can navigate to GitLab
- Use action 'branch.get' to see one branch in full
- Use action 'branch.create' to create a new branch
- Use action 'branch.protect' to protect a branch`;

const BRANCH_LIST_JSON = {
  next_steps: [
    LINK_HINT,
    "Use action 'branch.get' to see one branch in full",
    "Use action 'branch.create' to create a new branch",
    "Use action 'branch.protect' to protect a branch",
  ],
  branches: [
    { name: "main", merged: false, protected: true, default: true, web_url: "https://gitlab.example.com/group/project/-/tree/main", can_push: true, developers_can_push: false, developers_can_merge: true },
    { name: "develop", merged: false, protected: true, default: false, web_url: "https://gitlab.example.com/group/project/-/tree/develop", can_push: true, developers_can_push: true, developers_can_merge: true },
    { name: "feature/login", merged: false, protected: false, default: false, web_url: "https://gitlab.example.com/group/project/-/tree/feature/login", can_push: true, developers_can_push: false, developers_can_merge: false },
  ],
  pagination: { page: 1, per_page: 3, total_items: 45, total_pages: 15, next_page: 2, prev_page: 0, has_more: true },
};

const MR_CARD = `## 🟢 MR !243: Fix login bug

- **Project**: group/project
- **State**: 🟢 opened
- **Source**: feature/fix-login
- **Target**: main
- **Merge Status**: mergeable
- **Author**: @alice
- **Reviewers**: @bob
- **Labels**: bug
- **Pipeline**: [#1207](https://gitlab.example.com/group/project/-/pipelines/1207) ✅ success
- **Changes**: 3 files
- **Created**: 15 Mar 2025 10:30 UTC
- **Comments**: 2
- **URL**: [https://gitlab.example.com/group/project/-/merge_requests/243](https://gitlab.example.com/group/project/-/merge_requests/243)

---
💡 **Next steps:**
- Use action 'mr_review.changes_get' to see the diff of this merge request
- Use action 'mr_review.discussion_list' to see its review threads
- Use action 'merge_request.pipelines' to check its CI status
- Use action 'merge_request.approve' to approve it
- Use action 'merge_request.merge' to merge it`;

const ISSUE_CARD = `## 🟢 Issue #42: Fix the login page

- **Reference**: group/project#42
- **State**: 🟢 opened
- **Author**: @alice
- **Created**: 21 Mar 2025 09:00 UTC
- **URL**: [https://gitlab.example.com/group/project/-/issues/42](https://gitlab.example.com/group/project/-/issues/42)

---
💡 **Next steps:**
- Use action 'issue.note_list' to see comments on this issue
- Use action 'issue.update' to change title, labels, assignees, or milestone
- Use action 'issue.mrs_related' to find linked MRs`;

const NOT_FOUND = `## ❓ Branch Not Found

The branch **"nonexistent" in project 42** does not exist or is not accessible with your current permissions.

---
💡 **Next steps:**
- Use action 'branch.list' to list the project's branches
- Verify the branch name is spelled correctly (case-sensitive)`;

/** Compares Markdown line by line, trailing whitespace aside. */
function sameMarkdown(actual: string, expected: string): void {
  const trim = (s: string) => s.split("\n").map((l) => l.trimEnd()).join("\n").trimEnd();
  assert.equal(trim(actual), trim(expected));
}

/** The project of the examples: group/project (ID 42), 45 branches, an MR !243 and an issue #41. */
async function seededSimulator(): Promise<GitLabSimulator> {
  const sim = await GitLabSimulator.start({ tokens: { [DEFAULT_TOKEN]: { scopes: ["api"], userId: 7 } } });
  sim.addUser({ id: 7, username: "alice", name: "Alice" });
  sim.addUser({ id: 8, username: "bob", name: "Bob" });
  sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
  // 40 older branches and two more, then the three of the example, each newer than the last: sort=updated_desc
  // lists main, develop, feature/login first.
  sim.addBranches(42, Array.from({ length: 40 }, (_, i) => `topic/${String(i + 1).padStart(2, "0")}`));
  sim.addBranch(42, { name: "feature/login", commit: { committed_date: "2025-03-10T09:00:00+00:00" } });
  sim.addBranch(42, { name: "develop", commit: { committed_date: "2025-03-12T09:00:00+00:00" } });
  sim.addBranch(42, { name: "main", commit: { committed_date: "2025-03-14T09:00:00+00:00" } });
  sim.addBranch(42, { name: "feature/fix-login" });
  sim.addBranch(42, { name: "stale" });
  sim.addProtectedBranch(42, { name: "main", push_access_level: 40, merge_access_level: 30 });
  sim.addProtectedBranch(42, { name: "develop", push_access_level: 30, merge_access_level: 30 });
  sim.addMergeRequest(42, {
    iid: 243,
    title: "Fix login bug",
    source_branch: "feature/fix-login",
    target_branch: "main",
    author: "alice",
    reviewers: ["bob"],
    labels: ["bug"],
    files: ["app/login.ts", "app/session.ts", "test/login.test.ts"],
    created_at: "2025-03-15T10:30:00.000Z",
  });
  sim.addPipeline(42, { id: 1207, status: "success", merge_request_iid: 243 });
  sim.addNote(42, { merge_request_iid: 243 }, { body: "Looks good, one question on the session timeout.", author: "bob" });
  sim.addNote(42, { merge_request_iid: 243 }, { body: "Answered inline.", author: "alice", reply_to: "Looks good, one question on the session timeout." });
  sim.addIssue(42, { iid: 41, title: "Older issue", author: "bob" });
  sim.setNow("2025-03-21T09:00:00Z");
  return sim;
}

for (const surface of SURFACES) {
  describe(`the contract's examples on the ${surface} surface`, () => {
    let sim: GitLabSimulator;
    let conn: Connection;
    before(async () => {
      sim = await seededSimulator();
      conn = await connect({ sim, surface });
    });
    after(async () => {
      await conn.close();
      await sim.close();
    });
    const call = async (id: string, params: Record<string, unknown>, confirm = false): Promise<CallToolResult> => {
      sim.clearLog();
      const r = await callAction(conn, surface, id, params, confirm);
      assertOutputConforms(id, r);
      return r;
    };

    it("a list: branch.list, page 1 of 15 (FMT-4, FMT-5, FMT-6, FMT-7)", async () => {
      const r = await call("branch.list", { project_id: 42, sort: "updated_desc", per_page: 3 });
      assert.deepEqual(sim.log.map((q) => [q.method, q.rawPath, q.query]), [["GET", "/api/v4/projects/42/repository/branches", { sort: "updated_desc", per_page: "3" }]]);
      sameMarkdown(text(r), BRANCH_LIST);
      const sc = r.structuredContent as { next_steps: string[]; branches: Record<string, unknown>[]; pagination: unknown };
      assert.deepEqual(Object.keys(sc), ["next_steps", "branches", "pagination"]);
      // The contract leaves out each branch's tip commit for brevity.
      assert.deepEqual({ ...sc, branches: sc.branches.map(({ commit: _commit, ...b }) => b) }, BRANCH_LIST_JSON);
      assert.deepEqual(r.content[0].annotations, { audience: ["assistant"], priority: 0.4 });
    });

    it("an object: merge_request.get, MR !243 (FMT-3, FMT-8, FMT-9, CAT-16)", async () => {
      const r = await call("merge_request.get", { project_id: "group/project", merge_request_iid: 243 });
      assert.deepEqual(sim.log.map((q) => [q.method, q.rawPath]), [["GET", "/api/v4/projects/group%2Fproject/merge_requests/243"]]);
      sameMarkdown(text(r), MR_CARD);
      const sc = r.structuredContent as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      assert.equal(Object.keys(sc)[0], "next_steps");
      assert.deepEqual(sc.next_steps, MR_CARD.split("💡 **Next steps:**\n")[1].split("\n").map((l) => l.slice(2)));
      assert.deepEqual(
        [sc.iid, sc.title, sc.state, sc.source_branch, sc.target_branch, sc.detailed_merge_status, sc.author.username, sc.reviewers.map((u: { username: string }) => u.username), sc.labels],
        [243, "Fix login bug", "opened", "feature/fix-login", "main", "mergeable", "alice", ["bob"], ["bug"]],
      );
      assert.deepEqual([sc.head_pipeline.id, sc.head_pipeline.status, sc.changes_count, sc.user_notes_count, sc.created_at], [1207, "success", "3", 2, "2025-03-15T10:30:00.000Z"]);
      assert.equal(sc.web_url, "https://gitlab.example.com/group/project/-/merge_requests/243");
      const resource = r.content[1];
      assert.equal(resource?.type, "resource");
      if (resource?.type === "resource") {
        assert.equal(resource.resource.uri, "gitlab://project/group%2Fproject/mr/243");
        assert.deepEqual(JSON.parse(String((resource.resource as { text: string }).text)), sc);
      }
    });

    it("a write: issue.create answers the issue.get card, issue #42 (FMT-11)", async () => {
      const r = await call("issue.create", { project_id: "group/project", title: "Fix the login page" });
      const req = sim.log[0];
      assert.deepEqual([req.method, req.rawPath, req.body], ["POST", "/api/v4/projects/group%2Fproject/issues", { title: "Fix the login page" }]);
      sameMarkdown(text(r), ISSUE_CARD);
      const sc = r.structuredContent as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      assert.deepEqual(sc.next_steps, ISSUE_CARD.split("💡 **Next steps:**\n")[1].split("\n").map((l) => l.slice(2)));
      assert.deepEqual([sc.iid, sc.title, sc.state, sc.author.username, sc.references.full, sc.created_at], [42, "Fix the login page", "opened", "alice", "group/project#42", "2025-03-21T09:00:00.000Z"]);
      assert.deepEqual(r.content[0].annotations, { audience: ["assistant"], priority: 0.8 });
      const again = await call("issue.get", { project_id: "group/project", issue_iid: 42 });
      sameMarkdown(text(again), ISSUE_CARD);
    });

    it("nothing left to show: branch.delete answers one line (FMT-11)", async () => {
      const r = await call("branch.delete", { project_id: 42, branch_name: "stale" }, true);
      assert.deepEqual(sim.log.map((q) => [q.method, q.rawPath]), [["DELETE", "/api/v4/projects/42/repository/branches/stale"]]);
      assert.equal(text(r), "✅ Action completed successfully.");
      assert.deepEqual(r.structuredContent, { status: "success", message: "Action completed successfully." });
    });

    it("not found: branch.get of a missing branch (FMT-12)", async () => {
      const r = await call("branch.get", { project_id: 42, branch_name: "nonexistent" });
      sameMarkdown(text(r), NOT_FOUND);
      assert.equal(r.isError, true);
      assert.equal(r.structuredContent, undefined);
      assert.deepEqual(r.content[0].annotations, { audience: ["assistant"], priority: 0.6 });
      assert.equal(r.content.length, 1);
    });
  });
}
