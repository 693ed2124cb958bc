// Merge requests, core actions: the behaviour table (see test/behaviour/helpers). Cases run in order and
// share one simulator per surface, so the table is also a workflow: create a merge request, find it in
// the lists, change it, approve and unapprove it, merge it only at the reviewed head.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import type { GitLabSimulator } from "../sim/simulator.js";

const STALE = "0123456789abcdef0123456789abcdef01234567";
let head = "";

export const table: BehaviourTable = {
  domain: "merge_request",
  seed(sim: GitLabSimulator) {
    sim.setNow("2025-03-01T12:00:00.000Z");
    sim.addUser({ id: 1, username: "alice", name: "Alice" });
    sim.addUser({ id: 2, username: "bob", name: "Bob" });
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addProject({ id: 43, path_with_namespace: "group/other" });
    sim.addProject({ id: 44, path_with_namespace: "elsewhere/tool" });
    sim.addDocument("group", "instance", { id: 7, name: "group", path: "group", full_name: "group", full_path: "group", web_url: "https://gitlab.example.com/groups/group" });
    for (const b of ["main", "feature/login", "fix/typo", "feature/search", "feature/auto"]) sim.addBranch(42, { name: b });
    sim.addBranch(43, { name: "main" });
    sim.addBranch(43, { name: "feature/other" });
    sim.addIssue(42, { iid: 5, title: "Login is missing" });
    sim.addIssue(42, { iid: 6, title: "Mention me" });
    const login = sim.addMergeRequest(42, { iid: 1, title: "Add login page", description: "Closes #5, see also #6", source_branch: "feature/login", author: "alice", reviewers: ["bob"], labels: ["frontend"] });
    head = login.sha;
    sim.addMergeRequest(42, { iid: 2, title: "Fix typo", source_branch: "fix/typo", author: "bob", assignees: ["alice"], state: "merged" });
    sim.addMergeRequest(43, { iid: 1, title: "Other change", source_branch: "feature/other", author: "alice" });
    sim.addMergeRequest(44, { iid: 1, title: "Outside the group", source_branch: "x", author: "bob", reviewers: ["alice"] });
    sim.addMergeRequest(42, { iid: 3, title: "Auto merge me", source_branch: "feature/auto", author: "alice" });
    sim.addPipeline(42, { id: 700, status: "running", merge_request_iid: 3 });
  },
  cases: [
    // Lists.
    {
      id: "merge_request.list",
      params: { project_id: "group/project", state: "opened" },
      request: { method: "GET", path: "/projects/group%2Fproject/merge_requests", query: { state: "opened" } },
      markdown: ["group/project!1", "Add login page", "Auto merge me"],
      check: (r) => assert.equal((r.structuredContent as { merge_requests: unknown[] }).merge_requests.length, 2),
    },
    {
      id: "merge_request.list",
      name: "filters by label and reviewer",
      params: { project_id: 42, labels: "frontend", reviewer_username: "bob" },
      request: { method: "GET", path: "/projects/42/merge_requests", query: { labels: "frontend", reviewer_username: "bob" } },
      markdown: ["Add login page"],
      check: (r) => assert.equal((r.structuredContent as { merge_requests: unknown[] }).merge_requests.length, 1),
    },
    {
      id: "merge_request.list",
      name: "an empty result says so",
      params: { project_id: 42, search: "nothing like this" },
      request: { method: "GET", path: "/projects/42/merge_requests", query: { search: "nothing like this" } },
      markdown: ["No merge requests found."],
    },
    {
      id: "merge_request.list_global",
      name: "review requests of the current user",
      params: { scope: "reviews_for_me" },
      request: { method: "GET", path: "/merge_requests", query: { scope: "reviews_for_me" } },
      markdown: ["elsewhere/tool!1", "Outside the group"],
      check: (r) => assert.equal((r.structuredContent as { merge_requests: unknown[] }).merge_requests.length, 1),
    },
    {
      id: "merge_request.list_global",
      name: "by default the merge requests the user opened",
      params: {},
      request: { method: "GET", path: "/merge_requests" },
      markdown: ["group/other!1", "group/project!1"],
      check: (r) => assert.equal((r.structuredContent as { merge_requests: unknown[] }).merge_requests.length, 3),
    },
    {
      id: "merge_request.list_group",
      params: { group_id: "group", state: "opened", author_username: "alice" },
      request: { method: "GET", path: "/groups/group/merge_requests", query: { state: "opened", author_username: "alice" } },
      markdown: ["group/other!1", "group/project!3"],
      check: (r) => assert.equal((r.structuredContent as { merge_requests: unknown[] }).merge_requests.length, 3),
    },
    // Create, then get and list it.
    {
      id: "merge_request.create",
      params: { project_id: 42, source_branch: "feature/search", target_branch: "main", title: "Draft: Add search", labels: "backend,search", reviewer_ids: [2] },
      request: {
        method: "POST",
        path: "/projects/42/merge_requests",
        body: { source_branch: "feature/search", target_branch: "main", title: "Draft: Add search", labels: "backend,search", reviewer_ids: [2] },
      },
      markdown: [/MR !4: Draft: Add search/, "- **Source**: feature/search", "- **Reviewers**: @bob", "- **Labels**: backend, search"],
    },
    {
      id: "merge_request.get",
      name: "the new merge request is there",
      params: { project_id: 42, merge_request_iid: 4 },
      request: { method: "GET", path: "/projects/42/merge_requests/4" },
      markdown: [/MR !4: Draft: Add search/, "- **Author**: @alice"],
    },
    {
      id: "merge_request.create",
      name: "a second open MR for the same branches is a conflict",
      params: { project_id: 42, source_branch: "feature/search", target_branch: "main", title: "Again" },
      request: { method: "POST", path: "/projects/42/merge_requests" },
      markdown: ["conflict", "Another open merge request already exists for this source branch: !4"],
      isError: true,
    },
    {
      id: "merge_request.create",
      name: "a missing title is refused before GitLab",
      params: { project_id: 42, source_branch: "feature/search", target_branch: "main" },
      markdown: ["title"],
      isError: true,
    },
    // Update.
    {
      id: "merge_request.update",
      params: { project_id: 42, merge_request_iid: 4, title: "Add search", add_labels: "ready", remove_labels: "search" },
      request: { method: "PUT", path: "/projects/42/merge_requests/4", body: { title: "Add search", add_labels: "ready", remove_labels: "search" } },
      markdown: [/MR !4: Add search/, "- **Labels**: backend, ready"],
      check: (r) => assert.equal((r.structuredContent as { draft: boolean }).draft, false),
    },
    {
      id: "merge_request.update",
      name: "close it",
      params: { project_id: 42, merge_request_iid: 4, state_event: "close" },
      request: { method: "PUT", path: "/projects/42/merge_requests/4", body: { state_event: "close" } },
      markdown: ["- **Closed By**: @alice"],
    },
    {
      id: "merge_request.update",
      name: "nothing to change is refused by the schema or GitLab",
      params: { project_id: 42, merge_request_iid: 4 },
      request: { method: "PUT", path: "/projects/42/merge_requests/4" },
      markdown: ["at least one parameter must be provided"],
      isError: true,
    },
    {
      id: "merge_request.list",
      name: "the list shows the change",
      params: { project_id: 42, state: "closed" },
      request: { method: "GET", path: "/projects/42/merge_requests", query: { state: "closed" } },
      markdown: ["Add search"],
    },
    // Delete.
    {
      id: "merge_request.delete",
      params: { project_id: 42, merge_request_iid: 4 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/merge_requests/4" },
      markdown: [/success/i],
    },
    {
      id: "merge_request.get",
      name: "a deleted merge request answers the not-found card",
      params: { project_id: 42, merge_request_iid: 4 },
      request: { method: "GET", path: "/projects/42/merge_requests/4" },
      markdown: ["Merge Request Not Found"],
      isError: true,
    },
  ],
};

export const sha = { get head() { return head; }, STALE };
