// GitLab references and pasted addresses steer the finder's ranking and never exclude an action; a query
// with any word some action knows never ends in "no matching action" (issue 10).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { actions } from "../../generated/index.js";
import { findActions } from "../../runtime/finder.js";

const top = async (q: string, n = 3) => (await findActions(q, actions)).hits.slice(0, n).map((h) => h.action.id);

describe("references and pasted addresses", () => {
  const cases: [string, string][] = [
    ["https://gitlab.example.com/group/sub/project/-/merge_requests/243", "merge_request.get"],
    ["https://gitlab.example.com/group/project/-/pipelines/9001", "pipeline.get"],
    ["https://gitlab.example.com/group/project/-/jobs/8001", "job.get"],
    ["https://gitlab.example.com/group/project", "project.get"],
    ["https://gitlab.example.com/group/project/-/blob/main/src/app.ts#L10", "repository.file_get"],
    ["https://gitlab.example.com/group/project/-/commit/abc123", "repository.commit_get"],
    ["https://gitlab.example.com/group/project/-/merge_requests/5/diffs", "mr_review.changes_get"],
    ["https://gitlab.example.com/groups/platform", "group.get"],
    ["!23 approve", "merge_request.approve"],
    ["show #42", "issue.get"],
    ["show me job 8001 of group/sub/project", "job.get"],
    ["list the branches of group/project", "branch.list"],
  ];
  for (const [q, want] of cases) {
    it(`${q} -> ${want}`, async () => assert.equal((await top(q, 1))[0], want, `got ${(await top(q)).join(", ")}`));
  }

  it("a reference does not exclude actions that match the words around it", async () => {
    // `group/project` names a project, yet the request is for branches.
    assert.deepEqual(await top("protected branches of gitlab-org/gitlab", 1), ["branch.list_protected"]);
  });
});

describe("verb and question words steer, never exclude", () => {
  const cases: [string, string][] = [
    // "show" asks for a read; the plural asks for the list, which has no "show" in its name.
    ["show protected branches", "branch.list_protected"],
    // "which" and "exist" say nothing about the catalog: branches alone decide.
    ["which branches exist", "branch.list"],
    ["see the ci variables of group/project", "ci_variable.list"],
  ];
  for (const [q, want] of cases) {
    it(`${q} -> ${want}`, async () => assert.equal((await top(q, 1))[0], want, `got ${(await top(q)).join(", ")}`));
  }
});

describe("never no matching action while a word matches", () => {
  it("an action's title with unknown words around it still finds actions", async () => {
    for (const a of actions) {
      const q = `${a.title} frobnicate quux zzyzx for the platypus`;
      assert.ok((await findActions(q, actions)).hits.length > 0, `"${q}" found nothing`);
    }
  });

  it("two unrelated requests in one query still find both kinds of action", async () => {
    const hits = (await findActions("approve the merge request and also the wiki page", actions)).hits.map((h) => h.action.id);
    assert.ok(hits.includes("merge_request.approve"), hits.join(", "));
  });

  it("a query of unknown words only still finds nothing", async () => {
    assert.deepEqual((await findActions("frobnicate the quux", actions)).hits, []);
  });
});
