// Success and error bodies of the issue and merge request endpoints, as GitLab's docs describe them.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "./simulator.js";
import { call } from "./testSupport.js";

describe("issues and merge requests API", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addBranch(42, { name: "main" });
    sim.addBranch(42, { name: "topic" });
    sim.addIssue(42, { iid: 3, title: "Bug" });
    sim.addMergeRequest(42, { iid: 7, title: "Topic", source_branch: "topic", files: ["a", "b", "c"], closes_issues: [3] });
    sim.addPipeline(42, { id: 100, status: "success", merge_request_iid: 7 });
    sim.addNote(42, { issue_iid: 3 }, { body: "note" });
    sim.setNow("2025-03-21T09:00:00Z");
  });
  after(() => sim.close());

  it("shows an issue with GitLab's references, links and counts", async () => {
    const { status, body } = await call(sim, "/projects/group%2Fproject/issues/3");
    assert.equal(status, 200);
    assert.deepEqual(body.references, { short: "#3", relative: "#3", full: "group/project#3" });
    assert.equal(body.web_url, "https://gitlab.example.com/group/project/-/issues/3");
    assert.deepEqual([body.user_notes_count, body.merge_requests_count, body.type, body.issue_type, body.severity], [1, 1, "ISSUE", "issue", "UNKNOWN"]);
    assert.equal(body.description, null);
  });

  it("answers 404 Not found for a missing issue or merge request, 404 Project Not Found for a missing project", async () => {
    assert.deepEqual((await call(sim, "/projects/42/issues/99")).body, { message: "404 Not found" });
    assert.deepEqual((await call(sim, "/projects/42/merge_requests/99")).body, { message: "404 Not found" });
    assert.deepEqual((await call(sim, "/projects/9/issues/3")).body, { message: "404 Project Not Found" });
    const invalid = await call(sim, "/projects/42/issues/abc");
    assert.deepEqual([invalid.status, invalid.body], [400, { error: "issue_iid is invalid" }]);
  });

  it("creates an issue with the next IID, the token user as author and the fixed clock", async () => {
    const missing = await call(sim, "/projects/42/issues", { method: "POST", json: {} });
    assert.deepEqual([missing.status, missing.body], [400, { error: "title is missing" }]);
    const { status, body } = await call(sim, "/projects/42/issues", { method: "POST", json: { title: "New", labels: "a, b" } });
    assert.equal(status, 201);
    assert.deepEqual([body.iid, body.author.username, body.created_at, body.labels], [4, "sim-user", "2025-03-21T09:00:00.000Z", ["a", "b"]]);
  });

  it("updates an issue and needs at least one attribute", async () => {
    const none = await call(sim, "/projects/42/issues/3", { method: "PUT", json: {} });
    assert.equal(none.status, 400);
    assert.match(none.body.error, /at least one parameter must be provided$/);
    const closed = await call(sim, "/projects/42/issues/3", { method: "PUT", json: { state_event: "close" } });
    assert.deepEqual([closed.body.state, closed.body.closed_by.username, closed.body.closed_at], ["closed", "sim-user", "2025-03-21T09:00:00.000Z"]);
    const reopened = await call(sim, "/projects/42/issues/3", { method: "PUT", json: { state_event: "reopen" } });
    assert.deepEqual([reopened.body.state, reopened.body.closed_by], ["opened", null]);
  });

  it("lists issue notes and related merge requests with offset pagination headers", async () => {
    const notes = await call(sim, "/projects/42/issues/3/notes");
    assert.deepEqual([notes.body.length, notes.body[0].noteable_type, notes.headers.get("x-total")], [1, "Issue", "1"]);
    const related = await call(sim, "/projects/42/issues/3/related_merge_requests");
    assert.deepEqual(related.body.map((m: { iid: number }) => m.iid), [7]);
  });

  it("shows a merge request with its head pipeline, changes_count as a string and references", async () => {
    const { body } = await call(sim, "/projects/42/merge_requests/7");
    assert.deepEqual([body.head_pipeline.id, body.pipeline.id, body.changes_count, body.detailed_merge_status], [100, 100, "3", "mergeable"]);
    assert.equal(body.web_url, "https://gitlab.example.com/group/project/-/merge_requests/7");
    assert.equal(body.references.full, "group/project!7");
    assert.equal(body.head_pipeline.web_url, "https://gitlab.example.com/group/project/-/pipelines/100");
  });

  it("lists pipelines, diffs and discussions of a merge request", async () => {
    assert.deepEqual((await call(sim, "/projects/42/merge_requests/7/pipelines")).body.map((p: { id: number }) => p.id), [100]);
    const diffs = await call(sim, "/projects/42/merge_requests/7/diffs?per_page=2");
    assert.deepEqual([diffs.body.length, diffs.headers.get("x-total"), diffs.headers.get("x-next-page")], [2, "3", "2"]);
    assert.deepEqual((await call(sim, "/projects/42/merge_requests/7/discussions")).body, []);
  });

  it("approves once (then 401), refuses a stale sha (409) and merges once (then 405)", async () => {
    const stale = await call(sim, "/projects/42/merge_requests/7/approve", { method: "POST", json: { sha: "abc" } });
    assert.equal(stale.status, 409);
    assert.match(stale.body.message, /^SHA does not match HEAD of source branch: [0-9a-f]{40}$/);
    const ok = await call(sim, "/projects/42/merge_requests/7/approve", { method: "POST" });
    assert.deepEqual([ok.status, ok.body.approved, ok.body.approved_by[0].user.username], [201, true, "sim-user"]);
    assert.deepEqual((await call(sim, "/projects/42/merge_requests/7/approve", { method: "POST" })).body, { message: "401 Unauthorized" });
    const merged = await call(sim, "/projects/42/merge_requests/7/merge", { method: "PUT", json: { should_remove_source_branch: true } });
    assert.deepEqual([merged.status, merged.body.state, merged.body.merged_at, merged.body.detailed_merge_status], [200, "merged", "2025-03-21T09:00:00.000Z", "not_open"]);
    assert.equal((await call(sim, "/projects/42/repository/branches/topic")).status, 404);
    assert.deepEqual((await call(sim, "/projects/42/merge_requests/7/merge", { method: "PUT" })).body, { message: "405 Method Not Allowed" });
  });
});

describe("read-only document endpoints", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("group", "instance", { id: 9, full_path: "group", name: "group" });
    sim.addDocument("label", 42, { id: 7, name: "bug" });
    sim.addDocument("group_label", 9, { id: 70, name: "ops" });
    sim.addDocument("wiki_page", "group/project", { slug: "dir/home", title: "home", content: "x" });
  });
  after(() => sim.close());

  it("finds a label by ID or exact name, a group by ID or path, a wiki page by its encoded slug", async () => {
    assert.equal((await call(sim, "/projects/42/labels/7")).body.name, "bug");
    assert.equal((await call(sim, "/projects/group%2Fproject/labels/bug")).body.id, 7);
    assert.equal((await call(sim, "/groups/group")).body.id, 9);
    assert.equal((await call(sim, "/groups/9/labels/ops")).body.id, 70);
    assert.equal((await call(sim, "/projects/42/wikis/dir%2Fhome")).body.title, "home");
  });

  it("answers each endpoint's own not-found body", async () => {
    const cases: [string, unknown][] = [
      ["/projects/42/labels/Bug", { message: "404 Label Not Found" }],
      ["/groups/nope", { message: "404 Group Not Found" }],
      ["/groups/9/labels/bug", { message: "404 Label Not Found" }],
      ["/projects/42/boards/1", { message: "404 Not found" }],
      ["/projects/42/pipelines/1", { message: "404 Not found" }],
      ["/projects/42/jobs/1", { message: "404 Not found" }],
      ["/projects/42/repository/tags/v1", { message: "404 Tag Not Found" }],
      ["/projects/42/releases/v1", { message: "404 Not Found" }],
      ["/projects/42/repository/commits/abc", { message: "404 Commit Not Found" }],
      ["/projects/42/environments/1", { message: "404 Not found" }],
      ["/projects/42/deployments/1", { message: "404 Not found" }],
      ["/projects/42/feature_flags/x", { message: "404 Not found" }],
      ["/projects/42/deploy_keys/1", { message: "404 Not found" }],
      ["/projects/42/wikis/nope", { message: "404 Wiki Page Not Found" }],
      ["/projects/42/snippets/1", { message: "404 Snippet Not Found" }],
      ["/snippets/1", { message: "404 Snippet Not Found" }],
      ["/projects/7/labels/bug", { message: "404 Project Not Found" }],
    ];
    for (const [path, body] of cases) {
      const r = await call(sim, path);
      assert.deepEqual([path, r.status, r.body], [path, 404, body]);
    }
  });
});
