// A project's labels, milestones and issue boards: the behaviour table (see test/helpers/behaviour.ts).
// Fixtures follow GitLab's labels, milestones and boards API pages (doc/api/labels.md, milestones.md,
// boards.md). The table is a workflow: what a case creates, the next cases read, change and delete.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import type { GitLabSimulator } from "../sim/simulator.js";
import type { SimState } from "../sim/state.js";
import { seedMilestoneContent } from "../sim/restPlanning.js";

/** The simulator's state, for the seeds no endpoint can make (a milestone's issues). */
export const stateOf = (sim: GitLabSimulator): SimState => (sim as unknown as { state: SimState }).state;

const label = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  color: "#d9534f",
  text_color: "#FFFFFF",
  description: null,
  open_issues_count: 1,
  closed_issues_count: 0,
  open_merge_requests_count: 0,
  subscribed: false,
  priority: null,
  is_project_label: true,
  ...extra,
});

export const table: BehaviourTable = {
  domain: "project_planning",
  seed(sim) {
    sim.addGroup({ full_path: "group", id: 9 });
    sim.addDocument("group", "instance", { id: 9, name: "group", path: "group", full_path: "group" });
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("label", 42, label(1, "bug", { description: "Something is broken", priority: 10 }));
    sim.addDocument("label", 42, label(2, "priority::high"));
    sim.addDocument("label", 42, label(3, "needs review", { subscribed: true }));
    sim.addDocument("group_label", 9, { id: 20, name: "team::planning", color: "#428BCA", text_color: "#FFFFFF", description: null, subscribed: false });
    sim.addDocument("milestone", 42, {
      id: 12,
      iid: 1,
      project_id: 42,
      title: "17.4",
      description: "September release",
      state: "active",
      created_at: "2026-08-01T09:00:00.000Z",
      updated_at: "2026-08-01T09:00:00.000Z",
      start_date: "2026-08-18",
      due_date: "2026-09-17",
      expired: false,
      web_url: "https://gitlab.example.com/group/project/-/milestones/1",
    });
    seedMilestoneContent(stateOf(sim), "project", 12, {
      issues: [{ id: 700, iid: 7, project_id: 42, title: "Fix the login page", state: "opened", assignees: [], references: { short: "#7", relative: "#7", full: "group/project#7" }, web_url: "https://gitlab.example.com/group/project/-/issues/7" }],
      merge_requests: [{ id: 900, iid: 3, project_id: 42, title: "Login fix", state: "merged", author: { id: 1, username: "alice", name: "Alice" }, references: { short: "!3", relative: "!3", full: "group/project!3" }, web_url: "https://gitlab.example.com/group/project/-/merge_requests/3" }],
    });
    sim.addDocument("board", 42, {
      id: 1,
      name: "Development",
      hide_backlog_list: false,
      hide_closed_list: false,
      milestone: null,
      lists: [{ id: 11, label: { id: 1, name: "bug", color: "#d9534f", description: null }, position: 0 }],
    });
  },
  cases: [
    // ---- Labels
    {
      id: "project.label_list",
      params: { project_id: "group/project", with_counts: true },
      request: { method: "GET", path: "/projects/group%2Fproject/labels", query: { with_counts: "true" } },
      markdown: ["## Labels (4)", "`bug`", "`priority::high`", "`needs review`", "`team::planning`"],
    },
    {
      id: "project.label_list",
      name: "search, without the group's labels",
      params: { project_id: 42, search: "prio", include_ancestor_groups: false },
      request: { method: "GET", path: "/projects/42/labels", query: { search: "prio", include_ancestor_groups: "false" } },
      markdown: ["## Labels (1)", "`priority::high`"],
    },
    {
      id: "project.label_get",
      name: "a scoped label by name round-trips URL-encoded",
      params: { project_id: 42, label_id: "priority::high" },
      request: { method: "GET", path: "/projects/42/labels/priority%3A%3Ahigh" },
      markdown: ["## Label: priority::high"],
    },
    {
      id: "project.label_get",
      name: "a label that does not exist answers the not-found card",
      params: { project_id: 42, label_id: "nope" },
      request: { method: "GET", path: "/projects/42/labels/nope" },
      markdown: ["## ❓ Label Not Found"],
      isError: true,
    },
    {
      id: "project.label_create",
      params: { project_id: 42, name: "needs design", color: "#5843AD", description: "UX input wanted", priority: 2 },
      request: { method: "POST", path: "/projects/42/labels", body: { name: "needs design", color: "#5843AD", description: "UX input wanted", priority: 2 } },
      markdown: ["## Label created: needs design", "`#5843AD`", "UX input wanted"],
    },
    {
      id: "project.label_create",
      name: "a taken name answers GitLab's 409",
      params: { project_id: 42, name: "bug", color: "red" },
      request: { method: "POST", path: "/projects/42/labels" },
      markdown: [/Label already exists/],
      isError: true,
    },
    {
      id: "project.label_create",
      name: "a missing color is refused before anything is sent",
      params: { project_id: 42, name: "x" },
      markdown: [/color/],
      isError: true,
    },
    {
      id: "project.label_update",
      name: "a name with a space round-trips URL-encoded",
      params: { project_id: 42, label_id: "needs design", new_name: "design::needed", color: "#8E44AD" },
      request: { method: "PUT", path: "/projects/42/labels/needs%20design", body: { new_name: "design::needed", color: "#8E44AD" } },
      markdown: ["## Label updated: design::needed", "`#8E44AD`"],
    },
    {
      id: "project.label_subscribe",
      params: { project_id: 42, label_id: "design::needed" },
      request: { method: "POST", path: "/projects/42/labels/design%3A%3Aneeded/subscribe" },
      markdown: ["## Label: design::needed", "- **Subscribed**: ✅"],
    },
    {
      id: "project.label_subscribe",
      name: "already subscribed: GitLab's 304 is reported plainly, not as an error",
      params: { project_id: 42, label_id: "needs review" },
      request: [
        { method: "POST", path: "/projects/42/labels/needs%20review/subscribe" },
        { method: "GET", path: "/projects/42/labels/needs%20review" },
      ],
      markdown: ["## Label: needs review", "Already subscribed: GitLab answered 304 Not Modified, nothing changed.", "- **Subscribed**: ✅"],
    },
    {
      id: "project.label_unsubscribe",
      params: { project_id: 42, label_id: 3 },
      request: { method: "POST", path: "/projects/42/labels/3/unsubscribe" },
      markdown: ["## Label: needs review", "- **Subscribed**: ❌"],
    },
    {
      id: "project.label_unsubscribe",
      name: "not subscribed: GitLab's 304 is reported plainly",
      params: { project_id: 42, label_id: "bug" },
      request: { method: "GET", path: "/projects/42/labels/bug" },
      markdown: ["Already not subscribed: GitLab answered 304 Not Modified, nothing changed."],
    },
    {
      id: "project.label_promote",
      params: { project_id: 42, label_id: "priority::high" },
      request: { method: "PUT", path: "/projects/42/labels/priority%3A%3Ahigh/promote" },
      markdown: ["## Label promoted to group label: priority::high"],
      check: (r) => assert.equal((r.structuredContent as { is_project_label?: boolean }).is_project_label, undefined),
    },
    {
      id: "group.group_label_get",
      name: "the promoted label is now the group's",
      params: { group_id: 9, label_id: "priority::high" },
      request: { method: "GET", path: "/groups/9/labels/priority%3A%3Ahigh" },
      markdown: ["## Label: priority::high"],
    },
    {
      id: "project.label_delete",
      params: { project_id: 42, label_id: "design::needed" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/labels/design%3A%3Aneeded" },
      markdown: [/./],
    },
    {
      id: "project.label_delete",
      name: "deleting it again answers GitLab's 404",
      params: { project_id: 42, label_id: "design::needed" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/labels/design%3A%3Aneeded" },
      markdown: [/not found/i],
      isError: true,
    },
    // ---- Milestones
    {
      id: "project.milestone_list",
      params: { project_id: 42, state: "active" },
      request: { method: "GET", path: "/projects/42/milestones", query: { state: "active" } },
      markdown: ["## Milestones (1)", "17.4"],
    },
    {
      id: "project.milestone_create",
      params: { project_id: 42, title: "17.5", start_date: "2026-09-18", due_date: "2026-10-16" },
      request: { method: "POST", path: "/projects/42/milestones", body: { title: "17.5", start_date: "2026-09-18", due_date: "2026-10-16" } },
      markdown: ["## Milestone %2: 17.5", "- **State**: active"],
    },
    {
      id: "project.milestone_create",
      name: "a date that is not YYYY-MM-DD is refused before anything is sent",
      params: { project_id: 42, title: "18.0", due_date: "next friday" },
      markdown: [/due_date/],
      isError: true,
    },
    {
      id: "project.milestone_get",
      params: { project_id: 42, milestone_iid: 2 },
      request: { method: "GET", path: "/projects/42/milestones", query: { "iids[]": "2" } },
      markdown: ["## Milestone %2: 17.5"],
    },
    {
      id: "project.milestone_get",
      name: "a milestone that does not exist answers the not-found card",
      params: { project_id: 42, milestone_iid: 99 },
      request: { method: "GET", path: "/projects/42/milestones", query: { "iids[]": "99" } },
      markdown: ["## ❓ Milestone Not Found"],
      isError: true,
    },
    {
      id: "project.milestone_update",
      name: "close a milestone",
      params: { project_id: 42, milestone_id: 12, state_event: "close" },
      request: { method: "PUT", path: "/projects/42/milestones/12", body: { state_event: "close" } },
      markdown: ["## Milestone %1: 17.4", "- **State**: closed"],
    },
    {
      id: "project.milestone_update",
      name: "reopen it with activate",
      params: { project_id: 42, milestone_id: 12, state_event: "activate", description: "Shipped late" },
      request: { method: "PUT", path: "/projects/42/milestones/12", body: { state_event: "activate", description: "Shipped late" } },
      markdown: ["- **State**: active", "Shipped late"],
    },
    {
      id: "project.milestone_update",
      name: "an unknown state event is refused before anything is sent",
      params: { project_id: 42, milestone_id: 12, state_event: "reopen" },
      markdown: [/state_event/],
      isError: true,
    },
    {
      id: "project.milestone_issues",
      params: { project_id: 42, milestone_id: 12 },
      request: { method: "GET", path: "/projects/42/milestones/12/issues" },
      markdown: ["## Milestone Issues (1)", "group/project#7", "Fix the login page"],
    },
    {
      id: "project.milestone_merge_requests",
      params: { project_id: 42, milestone_id: 12 },
      request: { method: "GET", path: "/projects/42/milestones/12/merge_requests" },
      markdown: ["## Milestone Merge Requests (1)", "group/project!3", "Login fix"],
    },
    {
      id: "project.milestone_issues",
      name: "a milestone ID that does not exist answers GitLab's 404",
      params: { project_id: 42, milestone_id: 404 },
      request: { method: "GET", path: "/projects/42/milestones/404/issues" },
      markdown: [/not found/i],
      isError: true,
    },
    // ---- Boards
    {
      id: "project.board_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/boards" },
      markdown: ["## Issue Boards (1)", "Development"],
    },
    {
      id: "project.board_create",
      params: { project_id: 42, name: "Triage" },
      request: { method: "POST", path: "/projects/42/boards", body: { name: "Triage" } },
      markdown: ["## Board: Triage"],
    },
    {
      id: "project.board_update",
      params: { project_id: 42, board_id: 1, name: "Dev", hide_closed_list: true, milestone_id: 12 },
      request: { method: "PUT", path: "/projects/42/boards/1", body: { name: "Dev", hide_closed_list: true, milestone_id: 12 } },
      markdown: ["## Board: Dev", "- **Hide Closed**: ✅", "- **Milestone**: 17.4"],
    },
    {
      id: "project.board_get",
      params: { project_id: 42, board_id: 1 },
      request: { method: "GET", path: "/projects/42/boards/1" },
      markdown: ["## Board: Dev"],
    },
    {
      id: "project.board_get",
      name: "a board that does not exist answers the not-found card",
      params: { project_id: 42, board_id: 77 },
      request: { method: "GET", path: "/projects/42/boards/77" },
      markdown: ["## ❓ Board Not Found"],
      isError: true,
    },
    {
      id: "project.board_list_create",
      params: { project_id: 42, board_id: 1, label_id: 3 },
      request: { method: "POST", path: "/projects/42/boards/1/lists", body: { label_id: 3 } },
      markdown: ["`needs review`", "- **Position**: 1"],
    },
    {
      id: "project.board_list_create",
      name: "a label already on the board answers GitLab's 400",
      params: { project_id: 42, board_id: 1, label_id: 3 },
      request: { method: "POST", path: "/projects/42/boards/1/lists" },
      markdown: [/already been taken/],
      isError: true,
    },
    {
      id: "project.board_list_list",
      params: { project_id: 42, board_id: 1 },
      request: { method: "GET", path: "/projects/42/boards/1/lists" },
      markdown: ["## Board Lists (2)", "`bug`", "`needs review`"],
    },
    {
      id: "project.board_list_update",
      params: { project_id: 42, board_id: 1, list_id: 11, position: 1 },
      request: { method: "PUT", path: "/projects/42/boards/1/lists/11", body: { position: 1 } },
      markdown: ["## Board List 11", "- **Position**: 1"],
    },
    {
      id: "project.board_list_get",
      params: { project_id: 42, board_id: 1, list_id: 11 },
      request: { method: "GET", path: "/projects/42/boards/1/lists/11" },
      markdown: ["## Board List 11", "`bug`"],
    },
    {
      id: "project.board_list_get",
      name: "a list that does not exist answers the not-found card",
      params: { project_id: 42, board_id: 1, list_id: 999 },
      request: { method: "GET", path: "/projects/42/boards/1/lists/999" },
      markdown: ["## ❓ Board List Not Found"],
      isError: true,
    },
    {
      id: "project.board_list_delete",
      params: { project_id: 42, board_id: 1, list_id: 11 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/boards/1/lists/11" },
      markdown: [/./],
    },
    {
      id: "project.board_delete",
      params: { project_id: 42, board_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/boards/1" },
      markdown: [/./],
    },
    {
      id: "project.board_get",
      name: "a deleted board answers the not-found card",
      params: { project_id: 42, board_id: 1 },
      request: { method: "GET", path: "/projects/42/boards/1" },
      markdown: ["## ❓ Board Not Found"],
      isError: true,
    },
    {
      id: "project.milestone_delete",
      params: { project_id: 42, milestone_id: 12 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/milestones/12" },
      markdown: [/./],
    },
  ],
};
