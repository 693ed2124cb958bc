// Issues beyond one issue's card: lists and their filters (scoped labels, labels with spaces, "assigned
// to me"), statistics, participants, closing MRs, subscriptions, to-dos, time tracking, issue links,
// reordering, moving, deleting, and iterations. Cases run in order as one workflow on group/project.
// Fixtures follow doc/api/issues.md, issues_statistics.md, issue_links.md and iterations.md.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";

type Listed = { issues: { iid: number; title: string; labels: string[] }[] };
const titles = (r: { structuredContent?: unknown }) => (r.structuredContent as Listed).issues.map((i) => i.title);
const iteration = (id: number, title: string, state: number, start: string, due: string) => ({
  id, iid: id - 10, sequence: id - 10, group_id: 77, title, description: null, state, created_at: "2026-10-01T09:00:00.000Z", updated_at: "2026-10-01T09:00:00.000Z",
  start_date: start, due_date: due, web_url: `https://gitlab.example.com/groups/group/-/iterations/${id}`,
});

// Global IDs: the simulator numbers issues from 1001 in seeding order.
const LOGIN_ID = 1001;

export const table: BehaviourTable = {
  domain: "issue (core)",
  // An administrator's token: GET /issues/:id is for administrators only.
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api"], admin: true } } },
  seed(sim) {
    sim.addUser({ id: 2, username: "alice" });
    sim.addUser({ id: 3, username: "bob" });
    sim.addGroup({ full_path: "group", id: 77 });
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addProject({ id: 43, path_with_namespace: "group/other" });
    const login = sim.addIssue(42, { iid: 1, title: "Login fails with SSO", author: "alice", assignees: ["sim-user"], labels: ["priority::high", "needs review"], created_at: "2026-11-01T10:00:00.000Z" });
    assert.equal(login.id, LOGIN_ID);
    sim.addIssue(42, { iid: 2, title: "Dark mode", author: "sim-user", labels: ["feature"], state: "closed", created_at: "2026-11-02T10:00:00.000Z" });
    sim.addIssue(42, { iid: 3, title: "Crash on save", description: "The app crashes when saving", author: "bob", assignees: ["bob"], labels: ["bug"], created_at: "2026-11-03T10:00:00.000Z" });
    sim.addIssue(43, { iid: 1, title: "Other project task", author: "sim-user", created_at: "2026-11-04T10:00:00.000Z" });
    sim.addNote(42, { issue_iid: 1 }, { body: "I can reproduce this", author: "bob" });
    sim.addBranch(42, { name: "fix-sso" });
    sim.addMergeRequest(42, { iid: 5, title: "Fix SSO login", source_branch: "fix-sso", closes_issues: [1] });
    sim.addDocument("group_iteration", 77, iteration(11, "Sprint 1", 3, "2026-11-02", "2026-11-15"));
    sim.addDocument("group_iteration", 77, iteration(12, "Sprint 2", 2, "2026-11-16", "2026-11-29"));
    sim.addDocument("group_iteration", 77, iteration(13, "Sprint 3", 1, "2026-11-30", "2026-12-13"));
  },
  cases: [
    // ---- lists ----
    {
      id: "issue.list",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/issues", query: {} },
      markdown: ["## Issues (3)", "Crash on save", "Dark mode", "Login fails with SSO"],
      check: (r) => assert.deepEqual(titles(r), ["Crash on save", "Dark mode", "Login fails with SSO"]),
    },
    {
      id: "issue.list",
      name: "a scoped label and a label with a space round-trip as GitLab's comma-separated labels",
      params: { project_id: 42, labels: "priority::high,needs review", state: "opened" },
      request: { method: "GET", path: "/projects/42/issues", query: { labels: "priority::high,needs review", state: "opened" } },
      markdown: ["## Issues (1)", "Login fails with SSO", "priority::high"],
      check: (r) => assert.deepEqual((r.structuredContent as Listed).issues[0].labels, ["needs review", "priority::high"]),
    },
    {
      id: "issue.list",
      name: "text search, author and ordering are typed filters",
      params: { project_id: 42, search: "crash", author_username: "bob", order_by: "title", sort: "asc" },
      request: { method: "GET", path: "/projects/42/issues", query: { search: "crash", author_username: "bob", order_by: "title", sort: "asc" } },
      markdown: ["## Issues (1)", "Crash on save"],
    },
    {
      id: "issue.list",
      name: "a state GitLab does not know is refused before anything is sent",
      params: { project_id: 42, state: "open" },
      markdown: [/state/],
      isError: true,
    },
    {
      id: "issue.list_all",
      name: "assigned to me is GitLab's scope=assigned_to_me",
      params: { scope: "assigned_to_me" },
      request: { method: "GET", path: "/issues", query: { scope: "assigned_to_me" } },
      markdown: ["## Issues (1)", "group/project#1"],
      check: (r) => assert.deepEqual(titles(r), ["Login fails with SSO"]),
    },
    {
      id: "issue.list_all",
      name: "by default the issues I created, in every project",
      params: {},
      request: { method: "GET", path: "/issues", query: {} },
      markdown: ["## Issues (2)", "group/other#1", "group/project#2"],
    },
    {
      id: "issue.list_group",
      params: { group_id: "group", assignee_username: "bob" },
      request: { method: "GET", path: "/groups/group/issues", query: { assignee_username: "bob" } },
      markdown: ["## Issues (1)", "Crash on save"],
    },
    {
      id: "issue.list_group",
      name: "a group that does not exist answers GitLab's 404",
      params: { group_id: "nope" },
      request: { method: "GET", path: "/groups/nope/issues" },
      markdown: [/not found/i],
      isError: true,
    },
    // ---- one issue ----
    {
      id: "issue.get_by_id",
      name: "an issue by its global ID",
      params: { issue_id: LOGIN_ID },
      request: { method: "GET", path: `/issues/${LOGIN_ID}` },
      markdown: ["group/project#1", "Login fails with SSO"],
    },
    {
      id: "issue.get_by_id",
      name: "a global ID that does not exist answers the not-found card",
      params: { issue_id: 999999 },
      request: { method: "GET", path: "/issues/999999" },
      markdown: ["## ❓ Issue Not Found"],
      isError: true,
    },
    {
      id: "issue.statistics_get_project",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/issues_statistics", query: {} },
      markdown: ["## Issue Statistics", "- **All**: 3", "- **Opened**: 2", "- **Closed**: 1"],
    },
    {
      id: "issue.statistics_get_group",
      params: { group_id: 77, labels: "priority::high" },
      request: { method: "GET", path: "/groups/77/issues_statistics", query: { labels: "priority::high" } },
      markdown: ["- **All**: 1", "- **Opened**: 1"],
    },
    {
      id: "issue.statistics_get",
      params: { scope: "assigned_to_me" },
      request: { method: "GET", path: "/issues_statistics", query: { scope: "assigned_to_me" } },
      markdown: ["- **All**: 1"],
    },
    {
      id: "issue.participants",
      params: { project_id: 42, issue_iid: 1 },
      request: { method: "GET", path: "/projects/42/issues/1/participants" },
      markdown: ["## Issue Participants (3)", "alice", "sim-user", "bob"],
    },
    {
      id: "issue.mrs_closing",
      params: { project_id: 42, issue_iid: 1 },
      request: { method: "GET", path: "/projects/42/issues/1/closed_by" },
      markdown: ["## Closing Merge Requests (1)", "Fix SSO login"],
    },
    {
      id: "issue.mrs_closing",
      name: "no merge request closes the issue",
      params: { project_id: 42, issue_iid: 3 },
      request: { method: "GET", path: "/projects/42/issues/3/closed_by" },
      markdown: ["No merge requests close this issue."],
    },
    // ---- subscriptions and to-dos ----
    {
      id: "issue.subscribe",
      name: "already subscribed (GitLab's 304) reads the issue back",
      params: { project_id: 42, issue_iid: 1 },
      request: [
        { method: "POST", path: "/projects/42/issues/1/subscribe" },
        { method: "GET", path: "/projects/42/issues/1" },
      ],
      markdown: ["Issue #1: Login fails with SSO", "- **Subscribed**: ✅"],
    },
    {
      id: "issue.unsubscribe",
      params: { project_id: 42, issue_iid: 1 },
      request: { method: "POST", path: "/projects/42/issues/1/unsubscribe" },
      markdown: ["- **Subscribed**: ❌"],
    },
    {
      id: "issue.subscribe",
      params: { project_id: 42, issue_iid: 1 },
      request: { method: "POST", path: "/projects/42/issues/1/subscribe" },
      markdown: ["- **Subscribed**: ✅"],
    },
    {
      id: "issue.create_todo",
      params: { project_id: 42, issue_iid: 3 },
      request: { method: "POST", path: "/projects/42/issues/3/todo" },
      markdown: ["To-Do #301: Crash on save", "- **Action**: marked"],
    },
    {
      id: "issue.create_todo",
      name: "a second to-do for the same issue: GitLab's 304 Not Modified says it is already there",
      params: { project_id: 42, issue_iid: 3 },
      request: { method: "POST", path: "/projects/42/issues/3/todo" },
      markdown: ["already on your to-do list"],
      isError: true,
    },
    // ---- time tracking ----
    {
      id: "issue.time_estimate_set",
      params: { project_id: 42, issue_iid: 1, duration: "3w 2d" },
      request: { method: "POST", path: "/projects/42/issues/1/time_estimate", body: { duration: "3w 2d" } },
      markdown: ["## Time Tracking", "- **Estimate**: 3w 2d"],
    },
    {
      id: "issue.spent_time_add",
      params: { project_id: 42, issue_iid: 1, duration: "1h30m", summary: "Debugging" },
      request: { method: "POST", path: "/projects/42/issues/1/add_spent_time", body: { duration: "1h30m", summary: "Debugging" } },
      markdown: ["- **Spent**: 1h 30m", "- **Spent Seconds**: 5400"],
    },
    {
      id: "issue.spent_time_add",
      name: "a duration GitLab cannot read is refused before anything is sent",
      params: { project_id: 42, issue_iid: 1, duration: "90 minutes" },
      markdown: [/duration/],
      isError: true,
    },
    {
      id: "issue.time_estimate_set",
      name: "an estimate cannot be negative: refused before sending",
      params: { project_id: 42, issue_iid: 1, duration: "-1h" },
      markdown: [/duration/],
      isError: true,
    },
    {
      id: "issue.time_stats_get",
      params: { project_id: "group/project", issue_iid: 1 },
      request: { method: "GET", path: "/projects/group%2Fproject/issues/1/time_stats" },
      markdown: ["- **Estimate**: 3w 2d", "- **Spent**: 1h 30m"],
    },
    {
      id: "issue.time_stats_get",
      name: "an issue that does not exist answers the not-found card",
      params: { project_id: 42, issue_iid: 99 },
      request: { method: "GET", path: "/projects/42/issues/99/time_stats" },
      markdown: ["## ❓ Issue Not Found"],
      isError: true,
    },
    {
      id: "issue.spent_time_reset",
      params: { project_id: 42, issue_iid: 1 },
      request: { method: "POST", path: "/projects/42/issues/1/reset_spent_time" },
      markdown: ["- **Spent Seconds**: 0"],
    },
    {
      id: "issue.time_estimate_reset",
      params: { project_id: 42, issue_iid: 1 },
      request: { method: "POST", path: "/projects/42/issues/1/reset_time_estimate" },
      markdown: ["- **Estimate Seconds**: 0"],
    },
    // ---- issue links ----
    {
      id: "issue.link_create",
      params: { project_id: 42, issue_iid: 1, target_project_id: "group/other", target_issue_iid: 1, link_type: "blocks" },
      request: { method: "POST", path: "/projects/42/issues/1/links", body: { target_project_id: "group/other", target_issue_iid: 1, link_type: "blocks" } },
      markdown: ["Issue Link: group/project#1 blocks group/other#1"],
    },
    {
      id: "issue.link_create",
      name: "is_blocked_by",
      params: { project_id: 42, issue_iid: 1, target_project_id: 42, target_issue_iid: 3, link_type: "is_blocked_by" },
      request: { method: "POST", path: "/projects/42/issues/1/links" },
      markdown: ["group/project#3 blocks group/project#1"],
    },
    {
      id: "issue.link_create",
      name: "a pair already linked answers GitLab's 409",
      params: { project_id: 42, issue_iid: 3, target_project_id: 42, target_issue_iid: 1 },
      request: { method: "POST", path: "/projects/42/issues/3/links" },
      markdown: ["Issue(s) already assigned"],
      isError: true,
    },
    {
      id: "issue.link_create",
      name: "an issue cannot be linked to itself: GitLab's 422",
      params: { project_id: 42, issue_iid: 3, target_project_id: 42, target_issue_iid: 3 },
      request: { method: "POST", path: "/projects/42/issues/3/links" },
      markdown: ["cannot be related to itself"],
      isError: true,
    },
    {
      id: "issue.link_create",
      name: "a target issue that does not exist answers GitLab's 404",
      params: { project_id: 42, issue_iid: 3, target_project_id: 42, target_issue_iid: 99 },
      request: { method: "POST", path: "/projects/42/issues/3/links" },
      markdown: ["No matching issue found"],
      isError: true,
    },
    {
      id: "issue.link_create",
      name: "a link type GitLab does not know is refused before sending",
      params: { project_id: 42, issue_iid: 3, target_project_id: 42, target_issue_iid: 2, link_type: "duplicates" },
      markdown: [/link_type/],
      isError: true,
    },
    {
      id: "issue.link_list",
      params: { project_id: 42, issue_iid: 1 },
      request: { method: "GET", path: "/projects/42/issues/1/links" },
      markdown: ["## Linked Issues (2)", "| 1 | blocks |", "| 2 | is_blocked_by |", "Other project task", "Crash on save"],
    },
    {
      id: "issue.link_get",
      params: { project_id: 42, issue_iid: 1, issue_link_id: 1 },
      request: { method: "GET", path: "/projects/42/issues/1/links/1" },
      markdown: ["Issue Link: group/project#1 blocks group/other#1", "- **Target**: Other project task"],
    },
    {
      id: "issue.link_get",
      name: "a link that does not exist answers the not-found card",
      params: { project_id: 42, issue_iid: 1, issue_link_id: 9 },
      request: { method: "GET", path: "/projects/42/issues/1/links/9" },
      markdown: ["## ❓ Issue Link Not Found"],
      isError: true,
    },
    {
      id: "issue.link_delete",
      params: { project_id: 42, issue_iid: 1, issue_link_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/issues/1/links/1" },
      markdown: ["group/project#1 blocks group/other#1"],
    },
    {
      id: "issue.link_list",
      name: "the removed link is gone, the other stays",
      params: { project_id: 42, issue_iid: 1 },
      request: { method: "GET", path: "/projects/42/issues/1/links" },
      markdown: ["## Linked Issues (1)", "Crash on save"],
    },
    // ---- reorder, move, delete ----
    {
      id: "issue.reorder",
      params: { project_id: 42, issue_iid: 3, move_before_id: LOGIN_ID },
      request: { method: "PUT", path: "/projects/42/issues/3/reorder", body: { move_before_id: LOGIN_ID } },
      markdown: ["Issue group/project#3: Crash on save"],
    },
    {
      id: "issue.reorder",
      name: "neither a before nor an after issue: GitLab's 400",
      params: { project_id: 42, issue_iid: 3 },
      request: { method: "PUT", path: "/projects/42/issues/3/reorder" },
      markdown: ["at least one parameter must be provided"],
      isError: true,
    },
    {
      id: "issue.list",
      name: "manual order (relative_position) shows the reordered issue first",
      params: { project_id: 42, order_by: "relative_position", sort: "asc" },
      request: { method: "GET", path: "/projects/42/issues", query: { order_by: "relative_position", sort: "asc" } },
      markdown: ["## Issues (3)"],
      check: (r) => assert.equal(titles(r)[0], "Crash on save"),
    },
    {
      id: "issue.move",
      params: { project_id: 42, issue_iid: 3, to_project_id: 43 },
      request: { method: "POST", path: "/projects/42/issues/3/move", body: { to_project_id: 43 } },
      markdown: ["Issue group/other#2: Crash on save"],
    },
    {
      id: "issue.move",
      name: "moving to the project it is in answers GitLab's 400",
      params: { project_id: 42, issue_iid: 1, to_project_id: 42 },
      request: { method: "POST", path: "/projects/42/issues/1/move" },
      markdown: ["Cannot move issue to project it originates from!"],
      isError: true,
    },
    {
      id: "issue.delete",
      params: { project_id: 42, issue_iid: 2 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/issues/2" },
      markdown: [/./],
    },
    {
      id: "issue.get",
      name: "the deleted issue is gone",
      params: { project_id: 42, issue_iid: 2 },
      request: { method: "GET", path: "/projects/42/issues/2" },
      markdown: ["## ❓ Issue Not Found"],
      isError: true,
    },
    {
      id: "issue.delete",
      name: "deleting it again answers GitLab's 404",
      params: { project_id: 42, issue_iid: 2 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/issues/2" },
      markdown: [/not found/i],
      check: (r) => assert.match(JSON.stringify(r.content), /Issue Not Found/i),
      isError: true,
    },
    // ---- iterations (Premium) ----
    {
      id: "issue.iteration_list_group",
      params: { group_id: 77 },
      request: { method: "GET", path: "/groups/77/iterations", query: {} },
      markdown: ["## Iterations (3)", "Sprint 1", "Sprint 2", "Sprint 3"],
    },
    {
      id: "issue.iteration_list_group",
      name: "the current sprint",
      params: { group_id: "group", state: "current" },
      request: { method: "GET", path: "/groups/group/iterations", query: { state: "current" } },
      markdown: ["## Iterations (1)", "Sprint 2"],
    },
    {
      id: "issue.iteration_list_project",
      params: { project_id: "group/project", state: "opened" },
      request: { method: "GET", path: "/projects/group%2Fproject/iterations", query: { state: "opened" } },
      markdown: ["## Iterations (2)", "Sprint 2", "Sprint 3"],
    },
  ],
};
