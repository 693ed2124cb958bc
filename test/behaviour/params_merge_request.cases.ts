// Every filter of the merge request lists and every optional field of create, update, merge and get
// (issue 22): each case asserts the request that reached GitLab and that the simulator's answer was
// narrowed (or stored and sent back) as GitLab does. Cases run in order on one simulator per surface.
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourCase, BehaviourTable } from "../helpers/behaviour.js";
import { DEFAULT_TOKEN, type GitLabSimulator } from "../sim/simulator.js";

type Row = Record<string, unknown>;
const rows = (r: CallToolResult): Row[] => (r.structuredContent as { merge_requests: Row[] }).merge_requests;
const titles = (r: CallToolResult): string[] => rows(r).map((m) => String(m.title));
const only = (...want: string[]) => (r: CallToolResult) => assert.deepEqual([...titles(r)].sort(), [...want].sort());

const LOGIN = "Add login page";
const TYPO = "Draft: Fix typo";
const SEARCH = "Speed up search";

/** One project-list filter: its params, the query GitLab must get, and the titles it must keep. */
function filter(name: string, params: Row, query: Record<string, string | string[]>, ...want: string[]): BehaviourCase {
  return {
    id: "merge_request.list",
    name,
    params: { project_id: 42, ...params },
    request: { method: "GET", path: "/projects/42/merge_requests", query },
    markdown: want.length > 0 ? want : ["No merge requests found."],
    check: only(...want),
  };
}

async function api(sim: GitLabSimulator, method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${sim.url}/api/v4${path}`, { method, headers: { "PRIVATE-TOKEN": DEFAULT_TOKEN, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  assert.ok(res.ok, `${method} ${path}: ${res.status}`);
}

export const table: BehaviourTable = {
  domain: "params_merge_request",
  async seed(sim: GitLabSimulator) {
    sim.setNow("2025-03-01T12:00:00.000Z");
    sim.addUser({ id: 1, username: "alice", name: "Alice" });
    sim.addUser({ id: 2, username: "bob", name: "Bob" });
    sim.addUser({ id: 3, username: "carol", name: "Carol" });
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addProject({ id: 45, path_with_namespace: "group/fork" });
    sim.addProject({ id: 46, path_with_namespace: "group/old" });
    sim.addDocument("group", "instance", { id: 7, name: "group", path: "group", full_name: "group", full_path: "group", web_url: "https://gitlab.example.com/groups/group" });
    sim.addDocument("milestone", 42, { id: 501, iid: 1, project_id: 42, title: "v1", state: "active", due_date: "2025-04-01", web_url: "https://gitlab.example.com/group/project/-/milestones/1" });
    for (const b of ["main", "feature/login", "fix/typo", "perf/search", "feature/next"]) sim.addBranch(42, { name: b });
    for (const b of ["main", "feature/from-fork"]) sim.addBranch(45, { name: b });
    sim.addBranch(46, { name: "main" });
    sim.addBranch(46, { name: "old" });
    const login = sim.addMergeRequest(42, { iid: 1, title: LOGIN, description: "Adds the form", source_branch: "feature/login", author: "alice", reviewers: ["bob"], assignees: ["bob"], labels: ["frontend", "ux"], created_at: "2025-01-10T09:00:00.000Z" });
    Object.assign(login, { updated_at: "2025-02-01T09:00:00.000Z", approverIds: [2], milestone: { id: 501, iid: 1, project_id: 42, title: "v1", state: "active", due_date: "2025-04-01" } });
    const typo = sim.addMergeRequest(42, { iid: 2, title: TYPO, source_branch: "fix/typo", draft: true, author: "bob", assignees: ["alice"], labels: ["docs"], created_at: "2025-02-10T09:00:00.000Z" });
    Object.assign(typo, { updated_at: "2025-02-11T09:00:00.000Z" });
    const search = sim.addMergeRequest(42, { iid: 3, title: SEARCH, description: "Caches the login lookup", source_branch: "perf/search", author: "carol", labels: ["backend"], state: "merged", created_at: "2025-02-15T09:00:00.000Z" });
    Object.assign(search, { updated_at: "2025-02-20T09:00:00.000Z", merged_at: "2025-02-20T09:00:00.000Z", mergeUserId: 2, deployments: [{ environment: "production", deployed_at: "2025-02-21T10:00:00.000Z" }] });
    sim.addMergeRequest(46, { iid: 1, title: "Old work", source_branch: "old", author: "alice" });
    sim.addMergeRequestActivity(42, 1, { emoji: [{ name: "thumbsup", user: "alice" }] });
    sim.addNote(42, { merge_request_iid: 1 }, { body: "First note", author: "bob", created_at: "2025-01-11T09:00:00.000Z" });
    sim.addNote(42, { merge_request_iid: 1 }, { body: "Second note", author: "bob", created_at: "2025-01-12T09:00:00.000Z" });
    login.notes[0].updated_at = "2025-02-25T09:00:00.000Z";
    await api(sim, "POST", "/projects/42/merge_requests/2/approval_rules", { name: "Docs", approvals_required: 1, user_ids: [3] });
    await api(sim, "POST", "/projects/45/fork/42");
    await api(sim, "POST", "/projects/46/archive");
  },
  cases: [
    // The project list, one filter at a time.
    filter("iids", { iids: [1, 3] }, { "iids[]": ["1", "3"] }, LOGIN, SEARCH),
    filter("milestone title", { milestone: "v1" }, { milestone: "v1" }, LOGIN),
    filter("milestone None", { milestone: "None" }, { milestone: "None" }, TYPO, SEARCH),
    filter("author_id", { author_id: 3 }, { author_id: "3" }, SEARCH),
    filter("assignee_id", { assignee_id: 2 }, { assignee_id: "2" }, LOGIN),
    filter("assignee_id None", { assignee_id: "None" }, { assignee_id: "None" }, SEARCH),
    filter("assignee_username", { assignee_username: "alice" }, { assignee_username: "alice" }, TYPO),
    filter("reviewer_id", { reviewer_id: 2 }, { reviewer_id: "2" }, LOGIN),
    filter("reviewer_username", { reviewer_username: "bob" }, { reviewer_username: "bob" }, LOGIN),
    filter("author_username", { author_username: "bob" }, { author_username: "bob" }, TYPO),
    filter("approved_by_ids", { approved_by_ids: [2] }, { "approved_by_ids[]": "2" }, LOGIN),
    filter("approved_by_usernames", { approved_by_usernames: ["bob"] }, { "approved_by_usernames[]": "bob" }, LOGIN),
    filter("approver_ids", { approver_ids: [3] }, { "approver_ids[]": "3" }, TYPO),
    filter("approved no", { approved: "no" }, { approved: "no" }, TYPO, SEARCH),
    filter("merge_user_id", { merge_user_id: 2 }, { merge_user_id: "2" }, SEARCH),
    filter("merge_user_username", { merge_user_username: "alice" }, { merge_user_username: "alice" }),
    filter("my_reaction_emoji", { my_reaction_emoji: "thumbsup" }, { my_reaction_emoji: "thumbsup" }, LOGIN),
    filter("draft (GitLab's wip)", { draft: "yes" }, { wip: "yes" }, TYPO),
    // The individual surface names the canonical param instead of taking an alias (tested there).
    { ...filter("wip, the alias of draft", { wip: "no" }, { wip: "no" }, LOGIN, SEARCH), surfaces: ["dynamic", "meta"] },
    filter("search in title only", { search: "login", in: "title" }, { search: "login", in: "title" }, LOGIN),
    filter("search in title and description", { search: "login" }, { search: "login" }, LOGIN, SEARCH),
    filter("labels", { labels: "frontend,ux" }, { labels: "frontend,ux" }, LOGIN),
    filter("source_branch", { source_branch: "fix/typo" }, { source_branch: "fix/typo" }, TYPO),
    filter("target_branch", { target_branch: "release" }, { target_branch: "release" }),
    filter("state", { state: "merged" }, { state: "merged" }, SEARCH),
    filter("created_after", { created_after: "2025-02-01T00:00:00Z" }, { created_after: "2025-02-01T00:00:00Z" }, TYPO, SEARCH),
    filter("created_before", { created_before: "2025-02-01" }, { created_before: "2025-02-01" }, LOGIN),
    filter("updated_after", { updated_after: "2025-02-12T00:00:00Z" }, { updated_after: "2025-02-12T00:00:00Z" }, SEARCH),
    filter("updated_before", { updated_before: "2025-02-05T00:00:00Z" }, { updated_before: "2025-02-05T00:00:00Z" }, LOGIN),
    filter("merged_after", { merged_after: "2025-02-19T00:00:00Z" }, { merged_after: "2025-02-19T00:00:00Z" }, SEARCH),
    filter("merged_before", { merged_before: "2025-02-19T00:00:00Z" }, { merged_before: "2025-02-19T00:00:00Z" }),
    filter("deployed_after", { deployed_after: "2025-02-21T00:00:00Z" }, { deployed_after: "2025-02-21T00:00:00Z" }, SEARCH),
    filter("deployed_before", { deployed_before: "2025-02-21T00:00:00Z" }, { deployed_before: "2025-02-21T00:00:00Z" }),
    filter("environment", { environment: "production" }, { environment: "production" }, SEARCH),
    filter("not[labels]", { not: { labels: "docs" } }, { "not[labels]": "docs" }, LOGIN, SEARCH),
    filter("not[author_username] and not[milestone]", { not: { author_username: "carol", milestone: "v1" } }, { "not[author_username]": "carol", "not[milestone]": "v1" }, TYPO),
    filter("not[reviewer_id]", { not: { reviewer_id: 2 } }, { "not[reviewer_id]": "2" }, TYPO, SEARCH),
    filter("scope created_by_me", { scope: "created_by_me" }, { scope: "created_by_me" }, LOGIN),
    filter("with_merge_status_recheck", { with_merge_status_recheck: true }, { with_merge_status_recheck: "true" }, LOGIN, TYPO, SEARCH),
    {
      id: "merge_request.list",
      name: "order_by title ascending",
      params: { project_id: 42, order_by: "title", sort: "asc" },
      request: { method: "GET", path: "/projects/42/merge_requests", query: { order_by: "title", sort: "asc" } },
      markdown: [LOGIN],
      check: (r) => assert.deepEqual(titles(r), [LOGIN, TYPO, SEARCH]),
    },
    {
      id: "merge_request.list",
      name: "view simple answers the short entity",
      params: { project_id: 42, view: "simple", iids: [2] },
      request: { method: "GET", path: "/projects/42/merge_requests", query: { view: "simple", "iids[]": "2" } },
      markdown: [TYPO],
      check: (r) => {
        assert.equal(rows(r).length, 1);
        assert.equal(rows(r)[0].author, undefined);
        assert.equal(rows(r)[0].iid, 2);
      },
    },
    {
      id: "merge_request.list",
      name: "author_id with author_username is GitLab's 400",
      params: { project_id: 42, author_id: 1, author_username: "alice" },
      request: { method: "GET", path: "/projects/42/merge_requests", query: { author_id: "1", author_username: "alice" } },
      markdown: ["author_id, author_username are mutually exclusive"],
      isError: true,
    },
    {
      id: "merge_request.list",
      name: "a time that is no time is refused before GitLab",
      params: { project_id: 42, created_after: "last tuesday" },
      markdown: ["created_after"],
      isError: true,
    },
    // Create from a fork into its upstream, with every optional field; then update them.
    {
      id: "merge_request.create",
      name: "from a fork, with milestone, assignee, collaboration and merge_after",
      params: {
        project_id: 45, target_project_id: 42, source_branch: "feature/from-fork", target_branch: "main", title: "From the fork", description: "Forked work",
        labels: "community", milestone_id: 501, assignee_id: 2, reviewer_ids: [3], allow_collaboration: true, merge_after: "2025-03-05T08:00:00Z", remove_source_branch: true, squash: true,
      },
      request: {
        method: "POST",
        path: "/projects/45/merge_requests",
        body: {
          target_project_id: 42, source_branch: "feature/from-fork", target_branch: "main", title: "From the fork", description: "Forked work",
          labels: "community", milestone_id: 501, assignee_id: 2, reviewer_ids: [3], allow_collaboration: true, merge_after: "2025-03-05T08:00:00Z", remove_source_branch: true, squash: true,
        },
      },
      markdown: [/MR !4: From the fork/, "- **Milestone**: v1", "- **Assignees**: @bob", "- **Reviewers**: @carol", "- **Labels**: community"],
      check: (r) => {
        const mr = r.structuredContent as Row;
        assert.equal(mr.project_id, 42);
        assert.equal(mr.source_project_id, 45);
        assert.equal(mr.target_project_id, 42);
        assert.equal(mr.allow_collaboration, true);
        assert.equal(mr.merge_after, "2025-03-05T08:00:00.000Z");
        assert.equal(mr.should_remove_source_branch, true);
        assert.equal(mr.squash, true);
      },
    },
    {
      id: "merge_request.create",
      name: "target_project_id that is not the fork's upstream is GitLab's 422",
      params: { project_id: 42, target_project_id: 46, source_branch: "feature/next", target_branch: "main", title: "Nowhere" },
      request: { method: "POST", path: "/projects/42/merge_requests", body: { target_project_id: 46, source_branch: "feature/next", target_branch: "main", title: "Nowhere" } },
      markdown: ["Source project is not a fork of the target project"],
      isError: true,
    },
    {
      id: "merge_request.list_group",
      name: "source_project_id keeps the fork's merge request",
      params: { group_id: "group", source_project_id: 45 },
      request: { method: "GET", path: "/groups/group/merge_requests", query: { source_project_id: "45" } },
      markdown: ["From the fork"],
      check: only("From the fork"),
    },
    {
      id: "merge_request.list_group",
      name: "archived projects stay out by default",
      params: { group_id: "group", author_username: "alice" },
      request: { method: "GET", path: "/groups/group/merge_requests", query: { author_username: "alice" } },
      markdown: [LOGIN],
      check: only(LOGIN, "From the fork"),
    },
    {
      id: "merge_request.list_group",
      name: "non_archived false lists them too",
      params: { group_id: "group", author_username: "alice", non_archived: false },
      request: { method: "GET", path: "/groups/group/merge_requests", query: { author_username: "alice", non_archived: "false" } },
      markdown: ["Old work"],
      check: only(LOGIN, "From the fork", "Old work"),
    },
    {
      id: "merge_request.list_global",
      name: "scope all with not[labels] and updated_after",
      params: { scope: "all", not: { labels: "community" }, updated_after: "2025-02-10T00:00:00Z" },
      request: { method: "GET", path: "/merge_requests", query: { scope: "all", "not[labels]": "community", updated_after: "2025-02-10T00:00:00Z" } },
      markdown: [TYPO],
      check: only(TYPO, SEARCH),
    },
    {
      id: "merge_request.list_global",
      name: "assigned_to_me with milestone Any",
      params: { scope: "assigned_to_me", milestone: "Any" },
      request: { method: "GET", path: "/merge_requests", query: { scope: "assigned_to_me", milestone: "Any" } },
      markdown: ["No merge requests found."],
      check: only(),
    },
    {
      id: "merge_request.update",
      name: "discussion_locked, assignee_id, allow_collaboration, merge_after, remove_source_branch",
      params: { project_id: 42, merge_request_iid: 4, discussion_locked: true, assignee_id: 3, allow_collaboration: false, merge_after: "2025-03-09T00:00:00Z", remove_source_branch: false, milestone_id: 0 },
      request: { method: "PUT", path: "/projects/42/merge_requests/4", body: { discussion_locked: true, assignee_id: 3, allow_collaboration: false, merge_after: "2025-03-09T00:00:00Z", remove_source_branch: false, milestone_id: 0 } },
      markdown: ["- **Discussion Locked**", "- **Assignees**: @carol"],
      check: (r) => {
        const mr = r.structuredContent as Row;
        assert.equal(mr.discussion_locked, true);
        assert.equal(mr.allow_collaboration, false);
        assert.equal(mr.merge_after, "2025-03-09T00:00:00.000Z");
        assert.equal(mr.should_remove_source_branch, false);
        assert.equal(mr.milestone ?? null, null);
      },
    },
    {
      id: "merge_request.get",
      name: "render_html, include_diverged_commits_count, include_rebase_in_progress",
      params: { project_id: 42, merge_request_iid: 4, render_html: true, include_diverged_commits_count: true, include_rebase_in_progress: true },
      request: { method: "GET", path: "/projects/42/merge_requests/4", query: { render_html: "true", include_diverged_commits_count: "true", include_rebase_in_progress: "true" } },
      markdown: [/MR !4: From the fork/],
      check: (r) => {
        const mr = r.structuredContent as Row;
        assert.equal(mr.title_html, '<p dir="auto">From the fork</p>');
        assert.equal(mr.diverged_commits_count, 0);
        assert.equal(mr.rebase_in_progress, false);
      },
    },
    {
      id: "mr_review.note_list",
      name: "order_by updated_at puts the note edited last first",
      params: { project_id: 42, merge_request_iid: 1, order_by: "updated_at", sort: "desc" },
      request: { method: "GET", path: "/projects/42/merge_requests/1/notes", query: { order_by: "updated_at", sort: "desc" } },
      markdown: ["First note"],
      check: (r) => assert.deepEqual((r.structuredContent as { notes: Row[] }).notes.map((n) => n.body), ["First note", "Second note"]),
    },
    {
      id: "merge_request.merge",
      name: "squash_commit_message and auto_merge reach GitLab",
      params: { project_id: 42, merge_request_iid: 1, squash: true, squash_commit_message: "Login page", merge_commit_message: "Merge login", auto_merge: false },
      request: { method: "PUT", path: "/projects/42/merge_requests/1/merge", body: { squash: true, squash_commit_message: "Login page", merge_commit_message: "Merge login", auto_merge: false } },
      confirm: true,
      markdown: ["- **State**: 🟣 merged", "- **Merged By**: @alice"],
      check: (r) => assert.equal((r.structuredContent as Row).squash, true),
    },
  ],
};
