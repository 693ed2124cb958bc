// Work items (GraphQL): the behaviour table (see test/helpers/behaviour.ts). The simulator keeps work
// items per namespace (test/sim/graphqlWorkItems.ts): created ones are read back, deleted ones are gone.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

const vars = (sim: Parameters<NonNullable<BehaviourTable["cases"][number]["check"]>>[1]) => sim.log.at(-1)?.graphql?.variables ?? {};

export const table: BehaviourTable = {
  domain: "issue work items",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addWorkItem("group/project", { title: "Login fails", createdAt: "2025-01-01T10:00:00Z", description: "Steps to reproduce" }); // gid 501, #1
    sim.addWorkItem("group/project", { title: "Write docs", typeId: 5, createdAt: "2025-01-02T10:00:00Z" }); // gid 502, #2
    sim.addWorkItem("group/project", { title: "Old bug", state: "CLOSED", createdAt: "2025-01-03T10:00:00Z" }); // gid 503, #3
    sim.addWorkItem("group", { title: "Roadmap", typeId: 8, createdAt: "2025-01-04T10:00:00Z" }); // gid 504, group #1
  },
  cases: [
    {
      id: "issue.work_item_list",
      params: { project_id: "group/project" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## Work Items (3)", "| 3 | Issue | Old bug | CLOSED |", "| 2 | Task | Write docs | OPEN |"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { fullPath: "group/project", first: 20 });
      },
    },
    {
      id: "issue.work_item_list",
      name: "a project ID is resolved to its path, and filters reach GraphQL",
      params: { project_id: 42, state: "opened", types: ["TASK"] },
      request: [
        { method: "GET", path: "/projects/42" },
        { method: "POST", path: "/api/graphql" },
      ],
      markdown: ["## Work Items (1)", "| 2 | Task | Write docs |"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { fullPath: "group/project", state: "opened", types: ["TASK"], first: 20 });
      },
    },
    {
      id: "issue.work_item_list",
      name: "a first page of one says more are available, with its cursor",
      params: { project_id: "group/project", first: 1, sort: "CREATED_ASC" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["| 1 | Issue | Login fails |", "1 shown, more available", "next page cursor"],
      check(r) {
        const p = (r.structuredContent as { pagination: { end_cursor?: string; endCursor?: string } }).pagination;
        assert.ok(JSON.stringify(p).includes(Buffer.from(JSON.stringify({ id: "501" })).toString("base64")));
      },
    },
    {
      id: "issue.work_item_list",
      name: "the cursor of the first page reads the second",
      params: { project_id: "group/project", first: 1, sort: "CREATED_ASC", after: Buffer.from(JSON.stringify({ id: "501" })).toString("base64") },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["| 2 | Task | Write docs |"],
    },
    {
      id: "issue.work_item_list",
      name: "a group's work items (epics)",
      params: { project_id: "group", types: ["EPIC"] },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## Work Items (1)", "| 1 | Epic | Roadmap |"],
    },
    {
      id: "issue.work_item_list",
      name: "a type GitLab does not know is refused before anything is sent",
      params: { project_id: "group/project", types: ["STORY"] },
      markdown: ["types"],
      isError: true,
    },
    {
      id: "issue.work_item_get",
      params: { project_id: "group/project", work_item_iid: "1" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## Work Item #1: Login fails", "- **Type**: Issue", "`gid://gitlab/WorkItem/501`", "Steps to reproduce"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { fullPath: "group/project", iid: "1" });
      },
    },
    {
      id: "issue.work_item_get",
      name: "a missing IID answers the not-found card",
      params: { project_id: "group/project", work_item_iid: "99" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["Work Item Not Found", "#99 in group/project"],
      isError: true,
    },
    {
      id: "issue.work_item_create",
      params: { project_id: "group/project", title: "Add dark mode", work_item_type_id: "gid://gitlab/WorkItems::Type/5", description: "As a user...", confidential: true },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## Work item created: #4 Add dark mode", "- **Type**: Task", "`gid://gitlab/WorkItem/505`"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), {
          namespacePath: "group/project",
          title: "Add dark mode",
          workItemTypeId: "gid://gitlab/WorkItems::Type/5",
          confidential: true,
          descriptionWidget: { description: "As a user..." },
        });
      },
    },
    {
      id: "issue.work_item_get",
      name: "the work item just created is read back",
      params: { project_id: "group/project", work_item_iid: "4" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## Work Item #4: Add dark mode", "- **Confidential**: ✅", "As a user..."],
    },
    {
      id: "issue.work_item_create",
      name: "an epic in a project comes back as GitLab's payload error",
      params: { project_id: "group/project", title: "Big thing", work_item_type_id: "gid://gitlab/WorkItems::Type/8" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["Epic is not available for projects"],
      isError: true,
    },
    {
      id: "issue.work_item_create",
      name: "a type given by name instead of global ID is refused before anything is sent",
      params: { project_id: "group/project", title: "x", work_item_type_id: "Task" },
      markdown: ["work_item_type_id"],
      isError: true,
    },
    {
      id: "issue.work_item_update",
      params: { work_item_id: "gid://gitlab/WorkItem/502", title: "Write the docs", state_event: "CLOSE" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## Work item updated: #2 Write the docs", "- **State**: CLOSED"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { id: "gid://gitlab/WorkItem/502", title: "Write the docs", stateEvent: "CLOSE" });
      },
    },
    {
      id: "issue.work_item_update",
      name: "a description goes through the description widget",
      params: { work_item_id: "gid://gitlab/WorkItem/501", description: "Fixed steps" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## Work item updated: #1 Login fails"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { id: "gid://gitlab/WorkItem/501", descriptionWidget: { description: "Fixed steps" } });
      },
    },
    {
      id: "issue.work_item_update",
      name: "free text that looks percent-encoded is sent as written",
      params: { work_item_id: "gid://gitlab/WorkItem/501", title: "Escape %2F in URLs" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## Work item updated: #1 Escape %2F in URLs"],
    },
    {
      id: "issue.work_item_update",
      name: "an unknown global ID is GitLab's resource error",
      params: { work_item_id: "gid://gitlab/WorkItem/9999", title: "x" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["does not exist or you don't have permission"],
      isError: true,
    },
    {
      id: "issue.work_item_delete",
      confirm: true,
      params: { work_item_id: "gid://gitlab/WorkItem/503" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## Work item deleted", "`group/project`"],
    },
    {
      id: "issue.work_item_get",
      name: "a deleted work item is gone",
      params: { project_id: "group/project", work_item_iid: "3" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["Work Item Not Found"],
      isError: true,
    },
  ],
};
