// Repository storage moves (Premium, administrators): schedule a move for a project, a group and a
// snippet, poll it through its states (scheduled, started, finished), list the moves of one repository
// and of the instance, and move everything off a storage shard (GitLab answers 202 at once). The token
// belongs to an administrator with admin_mode.
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";

const sc = (r: CallToolResult) => r.structuredContent as Record<string, unknown>;
const states = (r: CallToolResult) => (sc(r).storage_moves as { state: string }[]).map((m) => m.state);

export const table: BehaviourTable = {
  domain: "storage_move",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } },
  seed(sim) {
    sim.addGroup({ id: 7, full_path: "team" });
    sim.addProject({ id: 42, path_with_namespace: "team/app" });
    sim.addProject({ id: 43, path_with_namespace: "team/api" });
    sim.addSnippet({ id: 5, title: "deploy notes", files: { "notes.md": "# Deploy" } });
  },
  cases: [
    // ---- a project: schedule, then poll until finished
    {
      id: "storage_move.schedule_project",
      params: { project_id: "team/app", destination_storage_name: "storage2" },
      request: { method: "POST", path: "/projects/team%2Fapp/repository_storage_moves", body: { destination_storage_name: "storage2" } },
      markdown: ["## Project Storage Move: 1 (scheduled)", "- **From**: `default`", "- **To**: `storage2`", "storage_move.get_project_for_project"],
      check: (r) => assert.equal(sc(r).state, "scheduled"),
    },
    {
      id: "storage_move.schedule_project",
      name: "an unknown storage answers GitLab's 400",
      params: { project_id: 43, destination_storage_name: "nfs9" },
      request: { method: "POST", path: "/projects/43/repository_storage_moves" },
      markdown: ["is not included in the list"],
      isError: true,
    },
    {
      id: "storage_move.get_project_for_project",
      name: "the first poll finds it started",
      params: { project_id: "team/app", storage_move_id: 1 },
      request: { method: "GET", path: "/projects/team%2Fapp/repository_storage_moves/1" },
      markdown: ["## Project Storage Move: 1 (started)"],
    },
    {
      id: "storage_move.get_project",
      name: "the next poll finds it finished",
      params: { storage_move_id: 1 },
      request: { method: "GET", path: "/project_repository_storage_moves/1" },
      markdown: ["## Project Storage Move: 1 (finished)", "- **Project**: team/app"],
    },
    {
      id: "storage_move.get_project",
      name: "an unknown move answers the not-found card",
      params: { storage_move_id: 99 },
      request: { method: "GET", path: "/project_repository_storage_moves/99" },
      markdown: ["## ❓ Project Storage Move Not Found"],
      isError: true,
    },
    {
      id: "storage_move.retrieve_project",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/repository_storage_moves", query: {} },
      markdown: ["## Project Repository Storage Moves (1)", "finished"],
    },
    {
      id: "storage_move.schedule_all_project",
      name: "every project left on default moves; GitLab accepts at once",
      params: { source_storage_name: "default", destination_storage_name: "storage3" },
      request: { method: "POST", path: "/project_repository_storage_moves", body: { source_storage_name: "default", destination_storage_name: "storage3" } },
      markdown: ["## All project repository storage moves scheduled", "202 Accepted", "storage_move.retrieve_all_project"],
    },
    {
      id: "storage_move.retrieve_all_project",
      params: { per_page: 50 },
      request: { method: "GET", path: "/project_repository_storage_moves", query: { per_page: "50" } },
      markdown: ["## Project Repository Storage Moves (2)", "team/api", "`storage3`"],
      check: (r) => assert.deepEqual(states(r), ["scheduled", "finished"]),
    },
    // ---- a group
    {
      id: "storage_move.schedule_group",
      params: { group_id: "team" },
      request: { method: "POST", path: "/groups/team/repository_storage_moves" },
      markdown: ["## Group Storage Move: 3 (scheduled)", "- **To**: `storage2`"],
    },
    {
      id: "storage_move.get_group_for_group",
      params: { group_id: 7, storage_move_id: 3 },
      request: { method: "GET", path: "/groups/7/repository_storage_moves/3" },
      markdown: ["## Group Storage Move: 3 (started)", "- **Group**: team"],
    },
    {
      id: "storage_move.get_group",
      params: { storage_move_id: 3 },
      request: { method: "GET", path: "/group_repository_storage_moves/3" },
      markdown: ["## Group Storage Move: 3 (finished)"],
    },
    {
      id: "storage_move.retrieve_group",
      params: { group_id: "team" },
      request: { method: "GET", path: "/groups/team/repository_storage_moves" },
      markdown: ["## Group Repository Storage Moves (1)"],
    },
    {
      id: "storage_move.schedule_all_group",
      name: "nothing left on default: accepted, no move",
      params: { source_storage_name: "default" },
      request: { method: "POST", path: "/group_repository_storage_moves", body: { source_storage_name: "default" } },
      markdown: ["202 Accepted"],
    },
    {
      id: "storage_move.retrieve_all_group",
      params: {},
      request: { method: "GET", path: "/group_repository_storage_moves" },
      markdown: ["## Group Repository Storage Moves (1)"],
    },
    // ---- a snippet
    {
      id: "storage_move.schedule_snippet",
      params: { snippet_id: 5, destination_storage_name: "storage2" },
      request: { method: "POST", path: "/snippets/5/repository_storage_moves", body: { destination_storage_name: "storage2" } },
      markdown: ["## Snippet Storage Move: 4 (scheduled)", "- **Snippet**: deploy notes"],
    },
    {
      id: "storage_move.schedule_snippet",
      name: "an unknown snippet answers the not-found card",
      params: { snippet_id: 404 },
      request: { method: "POST", path: "/snippets/404/repository_storage_moves" },
      markdown: ["Snippet Not Found"],
      isError: true,
    },
    {
      id: "storage_move.get_snippet_for_snippet",
      params: { snippet_id: 5, storage_move_id: 4 },
      request: { method: "GET", path: "/snippets/5/repository_storage_moves/4" },
      markdown: ["## Snippet Storage Move: 4 (started)"],
    },
    {
      id: "storage_move.get_snippet",
      params: { storage_move_id: 4 },
      request: { method: "GET", path: "/snippet_repository_storage_moves/4" },
      markdown: ["## Snippet Storage Move: 4 (finished)"],
    },
    {
      id: "storage_move.retrieve_snippet",
      params: { snippet_id: 5 },
      request: { method: "GET", path: "/snippets/5/repository_storage_moves" },
      markdown: ["## Snippet Repository Storage Moves (1)"],
    },
    {
      id: "storage_move.schedule_all_snippet",
      params: { source_storage_name: "storage2", destination_storage_name: "default" },
      request: { method: "POST", path: "/snippet_repository_storage_moves", body: { source_storage_name: "storage2", destination_storage_name: "default" } },
      markdown: ["202 Accepted"],
    },
    {
      id: "storage_move.schedule_all_snippet",
      name: "a source shard is required, refused before sending",
      params: {},
      markdown: ["source_storage_name"],
      isError: true,
    },
    {
      id: "storage_move.retrieve_all_snippet",
      params: {},
      request: { method: "GET", path: "/snippet_repository_storage_moves" },
      markdown: ["## Snippet Repository Storage Moves (2)"],
      check: (r) => assert.deepEqual(states(r), ["scheduled", "finished"]),
    },
  ],
};
