// A group's labels, milestones and issue boards: the behaviour table (see test/helpers/behaviour.ts).
// Fixtures follow GitLab's group labels, group milestones and group boards API pages
// (doc/api/group_labels.md, group_milestones.md, group_boards.md). The table is a workflow.
import type { BehaviourTable } from "../helpers/behaviour.js";
import { seedMilestoneContent } from "../sim/restPlanning.js";
import { stateOf } from "./project_planning.cases.js";

export const table: BehaviourTable = {
  domain: "group_planning",
  seed(sim) {
    sim.addGroup({ full_path: "acme", id: 9 });
    sim.addDocument("group", "instance", { id: 9, name: "acme", path: "acme", full_path: "acme" });
    sim.addProject({ id: 42, path_with_namespace: "acme/app" });
    sim.addDocument("group_label", 9, { id: 20, name: "team::planning", color: "#428BCA", text_color: "#FFFFFF", description: "Planning team", open_issues_count: 4, subscribed: false });
    sim.addDocument("group_label", 9, { id: 21, name: "customer request", color: "#F0AD4E", text_color: "#FFFFFF", description: null, open_issues_count: 1, subscribed: true });
    sim.addDocument("group_milestone", 9, {
      id: 40,
      iid: 1,
      group_id: 9,
      title: "Q3",
      description: "Third quarter",
      state: "active",
      created_at: "2026-06-01T09:00:00.000Z",
      updated_at: "2026-06-01T09:00:00.000Z",
      start_date: "2026-07-01",
      due_date: "2026-09-30",
      expired: false,
      web_url: "https://gitlab.example.com/groups/acme/-/milestones/1",
    });
    seedMilestoneContent(stateOf(sim), "group", 40, {
      issues: [{ id: 700, iid: 7, project_id: 42, title: "Quarterly report", state: "closed", assignees: [], references: { short: "#7", relative: "app#7", full: "acme/app#7" }, web_url: "https://gitlab.example.com/acme/app/-/issues/7" }],
      merge_requests: [{ id: 900, iid: 5, project_id: 42, title: "Report export", state: "opened", author: { id: 1, username: "alice", name: "Alice" }, references: { short: "!5", relative: "app!5", full: "acme/app!5" }, web_url: "https://gitlab.example.com/acme/app/-/merge_requests/5" }],
      burndown_events: [
        { created_at: "2026-07-02T10:00:00.000Z", weight: 3, action: "created" },
        { created_at: "2026-07-20T16:30:00.000Z", weight: 3, action: "closed" },
      ],
    });
  },
  cases: [
    // ---- Labels
    {
      id: "group.group_label_list",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/labels", query: {} },
      markdown: ["## Labels (2)", "`team::planning`", "`customer request`"],
    },
    {
      id: "group.group_label_list",
      name: "search with counts",
      params: { group_id: 9, search: "customer", with_counts: true, only_group_labels: false },
      request: { method: "GET", path: "/groups/9/labels", query: { search: "customer", with_counts: "true", only_group_labels: "false" } },
      markdown: ["## Labels (1)", "`customer request`"],
    },
    {
      id: "group.group_label_get",
      name: "a scoped label by name round-trips URL-encoded",
      params: { group_id: 9, label_id: "team::planning" },
      request: { method: "GET", path: "/groups/9/labels/team%3A%3Aplanning" },
      markdown: ["## Label: team::planning", "Planning team"],
    },
    {
      id: "group.group_label_get",
      name: "a label that does not exist answers the not-found card",
      params: { group_id: 9, label_id: 999 },
      request: { method: "GET", path: "/groups/9/labels/999" },
      markdown: ["## ❓ Label Not Found"],
      isError: true,
    },
    {
      id: "group.group_label_create",
      params: { group_id: 9, name: "security::review", color: "#FF0000", description: "Needs AppSec" },
      request: { method: "POST", path: "/groups/9/labels", body: { name: "security::review", color: "#FF0000", description: "Needs AppSec" } },
      markdown: ["## Label created: security::review", "`#FF0000`", "Needs AppSec"],
    },
    {
      id: "group.group_label_create",
      name: "a taken name answers GitLab's 409",
      params: { group_id: 9, name: "team::planning", color: "#FF0000" },
      request: { method: "POST", path: "/groups/9/labels" },
      markdown: [/Label already exists/],
      isError: true,
    },
    {
      id: "group.group_label_update",
      params: { group_id: 9, label_id: "security::review", new_name: "security::approved", color: "green" },
      request: { method: "PUT", path: "/groups/9/labels/security%3A%3Areview", body: { new_name: "security::approved", color: "green" } },
      markdown: ["## Label updated: security::approved", "`green`"],
    },
    {
      id: "group.group_label_subscribe",
      params: { group_id: 9, label_id: "security::approved" },
      request: { method: "POST", path: "/groups/9/labels/security%3A%3Aapproved/subscribe" },
      markdown: ["- **Subscribed**: ✅"],
    },
    {
      id: "group.group_label_subscribe",
      name: "already subscribed: GitLab's 304 is reported plainly, not as an error",
      params: { group_id: 9, label_id: "customer request" },
      request: [
        { method: "POST", path: "/groups/9/labels/customer%20request/subscribe" },
        { method: "GET", path: "/groups/9/labels/customer%20request" },
      ],
      markdown: ["Already subscribed: GitLab answered 304 Not Modified, nothing changed."],
    },
    {
      id: "group.group_label_unsubscribe",
      params: { group_id: 9, label_id: 21 },
      request: { method: "POST", path: "/groups/9/labels/21/unsubscribe" },
      markdown: ["## Label: customer request", "- **Subscribed**: ❌"],
    },
    {
      id: "group.group_label_unsubscribe",
      name: "not subscribed: GitLab's 304 is reported plainly",
      params: { group_id: 9, label_id: 21 },
      request: { method: "GET", path: "/groups/9/labels/21" },
      markdown: ["Already not subscribed: GitLab answered 304 Not Modified, nothing changed."],
    },
    {
      id: "group.group_label_delete",
      params: { group_id: 9, label_id: "security::approved" },
      confirm: true,
      request: { method: "DELETE", path: "/groups/9/labels/security%3A%3Aapproved" },
      markdown: [/./],
    },
    {
      id: "group.group_label_delete",
      name: "deleting it again answers GitLab's 404",
      params: { group_id: 9, label_id: "security::approved" },
      confirm: true,
      request: { method: "DELETE", path: "/groups/9/labels/security%3A%3Aapproved" },
      markdown: [/not found/i],
      isError: true,
    },
    // ---- Milestones
    {
      id: "group.group_milestone_list",
      params: { group_id: "acme", search_title: "Q3" },
      request: { method: "GET", path: "/groups/acme/milestones", query: { search_title: "Q3" } },
      markdown: ["## Milestones (1)", "Q3"],
    },
    {
      id: "group.group_milestone_create",
      params: { group_id: 9, title: "Q4", description: "Fourth quarter", start_date: "2026-10-01", due_date: "2026-12-31" },
      request: { method: "POST", path: "/groups/9/milestones", body: { title: "Q4", description: "Fourth quarter", start_date: "2026-10-01", due_date: "2026-12-31" } },
      markdown: ["## Milestone %2: Q4", "Fourth quarter"],
    },
    {
      id: "group.group_milestone_get",
      params: { group_id: 9, milestone_iid: 2 },
      request: { method: "GET", path: "/groups/9/milestones", query: { "iids[]": "2" } },
      markdown: ["## Milestone %2: Q4"],
    },
    {
      id: "group.group_milestone_get",
      name: "a milestone that does not exist answers the not-found card",
      params: { group_id: 9, milestone_iid: 50 },
      request: { method: "GET", path: "/groups/9/milestones", query: { "iids[]": "50" } },
      markdown: ["## ❓ Milestone Not Found"],
      isError: true,
    },
    {
      id: "group.group_milestone_update",
      params: { group_id: 9, milestone_id: 40, state_event: "close", due_date: "2026-10-05" },
      request: { method: "PUT", path: "/groups/9/milestones/40", body: { state_event: "close", due_date: "2026-10-05" } },
      markdown: ["## Milestone %1: Q3", "- **State**: closed"],
    },
    {
      id: "group.group_milestone_issues",
      params: { group_id: 9, milestone_id: 40 },
      request: { method: "GET", path: "/groups/9/milestones/40/issues" },
      markdown: ["## Milestone Issues (1)", "acme/app#7"],
    },
    {
      id: "group.group_milestone_merge_requests",
      params: { group_id: 9, milestone_id: 40 },
      request: { method: "GET", path: "/groups/9/milestones/40/merge_requests" },
      markdown: ["## Milestone Merge Requests (1)", "acme/app!5"],
    },
    {
      id: "group.group_milestone_burndown",
      params: { group_id: 9, milestone_id: 40 },
      request: { method: "GET", path: "/groups/9/milestones/40/burndown_events" },
      markdown: ["## Burndown Events (2)", "created", "closed"],
    },
    {
      id: "group.group_milestone_burndown",
      name: "an unknown milestone answers GitLab's 404",
      params: { group_id: 9, milestone_id: 41 },
      request: { method: "GET", path: "/groups/9/milestones/41/burndown_events" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "group.group_milestone_delete",
      params: { group_id: 9, milestone_id: 40 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/9/milestones/40" },
      markdown: [/./],
    },
    // ---- Boards
    {
      id: "group.group_board_list",
      name: "none yet",
      params: { group_id: 9 },
      request: { method: "GET", path: "/groups/9/boards" },
      markdown: ["No issue boards found."],
    },
    {
      id: "group.group_board_create",
      params: { group_id: 9, name: "Roadmap" },
      request: { method: "POST", path: "/groups/9/boards", body: { name: "Roadmap" } },
      markdown: ["## Board: Roadmap"],
    },
    {
      id: "group.group_board_list",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/boards" },
      markdown: ["## Issue Boards (1)", "Roadmap"],
    },
    {
      id: "group.group_board_update",
      params: { group_id: 9, board_id: 5003, hide_backlog_list: true },
      request: { method: "PUT", path: "/groups/9/boards/5003", body: { hide_backlog_list: true } },
      markdown: ["## Board: Roadmap", "- **Hide Backlog**: ✅"],
    },
    {
      id: "group.group_board_get",
      params: { group_id: 9, board_id: 5003 },
      request: { method: "GET", path: "/groups/9/boards/5003" },
      markdown: ["## Board: Roadmap"],
    },
    {
      id: "group.group_board_get",
      name: "a board that does not exist answers the not-found card",
      params: { group_id: 9, board_id: 1 },
      request: { method: "GET", path: "/groups/9/boards/1" },
      markdown: ["## ❓ Board Not Found"],
      isError: true,
    },
    {
      id: "group.group_board_create_list",
      params: { group_id: 9, board_id: 5003, label_id: 20 },
      request: { method: "POST", path: "/groups/9/boards/5003/lists", body: { label_id: 20 } },
      markdown: ["`team::planning`", "- **Position**: 0"],
    },
    {
      id: "group.group_board_create_list",
      params: { group_id: 9, board_id: 5003, label_id: 21 },
      request: { method: "POST", path: "/groups/9/boards/5003/lists", body: { label_id: 21 } },
      markdown: ["## Board List 5005", "`customer request`", "- **Position**: 1"],
    },
    {
      id: "group.group_board_list_lists",
      params: { group_id: 9, board_id: 5003 },
      request: { method: "GET", path: "/groups/9/boards/5003/lists" },
      markdown: ["## Board Lists (2)", "`team::planning`", "`customer request`"],
    },
    {
      id: "group.group_board_update_list",
      params: { group_id: 9, board_id: 5003, list_id: 5005, position: 0 },
      request: { method: "PUT", path: "/groups/9/boards/5003/lists/5005", body: { position: 0 } },
      markdown: ["## Board List 5005", "- **Position**: 0"],
    },
    {
      id: "group.group_board_get_list",
      params: { group_id: 9, board_id: 5003, list_id: 5005 },
      request: { method: "GET", path: "/groups/9/boards/5003/lists/5005" },
      markdown: ["## Board List 5005", "`customer request`"],
    },
    {
      id: "group.group_board_get_list",
      name: "a list that does not exist answers the not-found card",
      params: { group_id: 9, board_id: 5003, list_id: 1 },
      request: { method: "GET", path: "/groups/9/boards/5003/lists/1" },
      markdown: ["## ❓ Board List Not Found"],
      isError: true,
    },
    {
      id: "group.group_board_delete_list",
      params: { group_id: 9, board_id: 5003, list_id: 5005 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/9/boards/5003/lists/5005" },
      markdown: [/./],
    },
    {
      id: "group.group_board_delete",
      params: { group_id: 9, board_id: 5003 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/9/boards/5003" },
      markdown: [/./],
    },
  ],
};
