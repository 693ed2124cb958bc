// The token user's own area (catalog/user.yaml): identity, status, to-do items, notification settings,
// the two creations that show a secret once, and namespaces. Fixtures follow GitLab's users, todos,
// notification_settings, user_tokens and namespaces API pages.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

const WEB = "https://gitlab.example.com/acme/project";
type Structured = Record<string, unknown>;
const structured = (r: { structuredContent?: unknown }): Structured => r.structuredContent as Structured;

export const table: BehaviourTable = {
  domain: "user",
  seed(sim) {
    sim.addUser({ id: 7, username: "alice", name: "Alice Example" });
    sim.addGroup({ full_path: "acme", id: 5, members: [1, 7] });
    sim.addProject({ id: 42, path_with_namespace: "acme/project" });
    sim.addTodo({ id: 101, user_id: 1, author_id: 7, project_id: 42, action_name: "assigned", target_type: "Issue", target: { id: 9001, iid: 4, title: "Fix the login page", state: "opened", web_url: `${WEB}/-/issues/4` }, target_url: `${WEB}/-/issues/4` });
    sim.addTodo({ id: 102, user_id: 1, author_id: 7, project_id: 42, action_name: "mentioned", target_type: "MergeRequest", target: { id: 9002, iid: 23, title: "Add dark mode", state: "opened", web_url: `${WEB}/-/merge_requests/23` }, target_url: `${WEB}/-/merge_requests/23`, body: "@sim-user can you look?" });
    sim.addTodo({ id: 103, user_id: 7, author_id: 1, project_id: 42, action_name: "assigned", target_type: "Issue", target: { id: 9003, iid: 5, title: "Not mine", state: "opened", web_url: `${WEB}/-/issues/5` }, target_url: `${WEB}/-/issues/5` });
  },
  cases: [
    // Identity first: both answer GET /user.
    {
      id: "user.current",
      params: {},
      request: { method: "GET", path: "/user" },
      markdown: ["## Current user: @sim-user", "- **Name**: Simulator User", "- **ID**: 1"],
      check: (r) => assert.equal(structured(r).username, "sim-user"),
    },
    {
      id: "user.me",
      params: {},
      request: { method: "GET", path: "/user" },
      markdown: ["## You are @sim-user", "- **ID**: 1"],
    },
    // Status
    {
      id: "user.current_user_status",
      params: {},
      request: { method: "GET", path: "/user/status" },
      markdown: ["## My status"],
      check: (r) => assert.equal(structured(r).availability, "not_set"),
    },
    {
      id: "user.set_status",
      params: { emoji: "coffee", message: "In a meeting", availability: "busy", clear_status_after: "1_day" },
      request: { method: "PUT", path: "/user/status", body: { emoji: "coffee", message: "In a meeting", availability: "busy", clear_status_after: "1_day" } },
      markdown: ["## Status set", "In a meeting", "`coffee`"],
      check: (r) => assert.ok(typeof structured(r).clear_status_at === "string"),
    },
    {
      id: "user.current_user_status",
      name: "the status just set is read back",
      params: {},
      request: { method: "GET", path: "/user/status" },
      markdown: ["In a meeting", "busy"],
    },
    {
      id: "user.set_status",
      name: "a period outside GitLab's list is refused before anything is sent",
      params: { message: "Lunch", clear_status_after: "2_hours" },
      markdown: [/clear_status_after/],
      isError: true,
    },
    {
      id: "user.set_status",
      name: "an emoji written with colons is refused before anything is sent",
      params: { emoji: ":coffee:" },
      markdown: [/emoji/],
      isError: true,
    },
    {
      id: "user.set_status",
      name: "a message over 100 characters is refused before anything is sent",
      params: { message: "x".repeat(101) },
      markdown: [/message/],
      isError: true,
    },
    {
      id: "user.get_status",
      params: { user_id: "sim-user" },
      request: { method: "GET", path: "/users/sim-user/status" },
      markdown: ["## User status", "In a meeting"],
    },
    {
      id: "user.get_status",
      name: "another user by ID, who set no status",
      params: { user_id: 7 },
      request: { method: "GET", path: "/users/7/status" },
      markdown: ["## User status"],
    },
    {
      id: "user.get_status",
      name: "an unknown user answers the not-found card",
      params: { user_id: "nobody" },
      request: { method: "GET", path: "/users/nobody/status" },
      markdown: ["## ❓ User Not Found"],
      isError: true,
    },
    // My to-do items
    {
      id: "user.todo_list",
      params: {},
      request: { method: "GET", path: "/todos", query: {} },
      markdown: ["## To-do items (2)", "Add dark mode", "Fix the login page", "@alice"],
      check: (r) => assert.deepEqual((structured(r).todos as { id: number }[]).map((t) => t.id), [102, 101]),
    },
    {
      id: "user.todo_list",
      name: "only mentions of merge requests",
      params: { action: "mentioned", type: "MergeRequest", project_id: 42 },
      request: { method: "GET", path: "/todos", query: { action: "mentioned", type: "MergeRequest", project_id: "42" } },
      markdown: ["## To-do items (1)", "Add dark mode"],
    },
    {
      id: "user.todo_list",
      name: "an action outside GitLab's list is refused before anything is sent",
      params: { action: "reviewed" },
      markdown: [/action/],
      isError: true,
    },
    {
      id: "user.todo_mark_done",
      params: { todo_id: 102 },
      request: { method: "POST", path: "/todos/102/mark_as_done" },
      markdown: ["## To-do item 102 done", "Add dark mode", "done"],
    },
    {
      id: "user.todo_mark_done",
      name: "another user's item answers GitLab's 404",
      params: { todo_id: 103 },
      request: { method: "POST", path: "/todos/103/mark_as_done" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "user.todo_list",
      name: "the item marked done has left the pending list",
      params: {},
      request: { method: "GET", path: "/todos" },
      markdown: ["## To-do items (1)", "Fix the login page"],
    },
    {
      id: "user.todo_list",
      name: "and is on the done list",
      params: { state: "done" },
      request: { method: "GET", path: "/todos", query: { state: "done" } },
      markdown: ["## To-do items (1)", "Add dark mode"],
    },
    {
      id: "user.todo_mark_all_done",
      params: {},
      request: { method: "POST", path: "/todos/mark_as_done" },
      markdown: [/./],
    },
    {
      id: "user.todo_list",
      name: "inbox zero after marking all done",
      params: {},
      request: { method: "GET", path: "/todos" },
      markdown: ["No to-do items."],
    },
    // Notification settings
    {
      id: "user.notification_global_get",
      params: {},
      request: { method: "GET", path: "/notification_settings" },
      markdown: ["## Global notifications: participating", "sim-user@example.com"],
    },
    {
      id: "user.notification_global_update",
      params: { level: "watch", notification_email: "sim-user@example.com" },
      request: { method: "PUT", path: "/notification_settings", body: { level: "watch", notification_email: "sim-user@example.com" } },
      markdown: ["## Global notifications: watch"],
    },
    {
      id: "user.notification_global_update",
      name: "a level outside GitLab's list is refused before anything is sent",
      params: { level: "loud" },
      markdown: [/level/],
      isError: true,
    },
    {
      id: "user.notification_global_get",
      name: "the new level is read back",
      params: {},
      request: { method: "GET", path: "/notification_settings" },
      markdown: ["## Global notifications: watch"],
    },
    {
      id: "user.notification_group_get",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/notification_settings" },
      markdown: ["## Group notifications: global"],
    },
    {
      id: "user.notification_group_get",
      name: "an unknown group answers the not-found card",
      params: { group_id: "nope" },
      request: { method: "GET", path: "/groups/nope/notification_settings" },
      markdown: ["## ❓ Group Not Found"],
      isError: true,
    },
    {
      id: "user.notification_group_update",
      params: { group_id: 5, level: "custom", new_note: false, failed_pipeline: true },
      request: { method: "PUT", path: "/groups/5/notification_settings", body: { level: "custom", new_note: false, failed_pipeline: true } },
      markdown: ["## Group notifications: custom"],
      check: (r) => assert.equal((structured(r).events as Record<string, boolean>).failed_pipeline, true),
    },
    {
      id: "user.notification_project_get",
      params: { project_id: "acme/project" },
      request: { method: "GET", path: "/projects/acme%2Fproject/notification_settings" },
      markdown: ["## Project notifications: global"],
    },
    {
      id: "user.notification_project_get",
      name: "an unknown project answers the not-found card",
      params: { project_id: "acme/none" },
      request: { method: "GET", path: "/projects/acme%2Fnone/notification_settings" },
      markdown: ["## ❓ Project Not Found"],
      isError: true,
    },
    {
      id: "user.notification_project_update",
      params: { project_id: 42, level: "disabled" },
      request: { method: "PUT", path: "/projects/42/notification_settings", body: { level: "disabled" } },
      markdown: ["## Project notifications: disabled"],
    },
    // Secrets shown once
    {
      id: "user.create_current_user_pat",
      params: { name: "kube access", scopes: ["k8s_proxy"], expires_at: "2027-01-31" },
      request: { method: "POST", path: "/user/personal_access_tokens", body: { name: "kube access", scopes: ["k8s_proxy"], expires_at: "2027-01-31" } },
      markdown: ["## Personal access token created: kube access", "Shown once", "store it", "glpat-sim0901SecretValueXyZ"],
      check: (r) => {
        const s = structured(r);
        assert.equal(s.token, "glpat-sim0901SecretValueXyZ");
        assert.match(String(s.token_notice), /will not show it again/);
      },
    },
    {
      id: "user.create_current_user_pat",
      name: "a scope GitLab does not allow here is refused before anything is sent",
      params: { name: "too strong", scopes: ["api"] },
      markdown: [/scopes/],
      isError: true,
    },
    {
      id: "user.create_current_user_pat",
      name: "a bad expiry date is refused before anything is sent",
      params: { name: "bad date", scopes: ["k8s_proxy"], expires_at: "next week" },
      markdown: [/expires_at/],
      isError: true,
    },
    {
      id: "user.create_runner",
      params: { runner_type: "project_type", project_id: 42, description: "build box", tag_list: ["linux", "docker"] },
      request: { method: "POST", path: "/user/runners", body: { runner_type: "project_type", project_id: 42, description: "build box", tag_list: ["linux", "docker"] } },
      markdown: ["## Runner created: 701", "Shown once", "glrt-sim701RunnerSecretAbC"],
      check: (r) => assert.equal(structured(r).token, "glrt-sim701RunnerSecretAbC"),
    },
    {
      id: "user.create_runner",
      name: "a group runner without group_id answers GitLab's 400",
      params: { runner_type: "group_type" },
      request: { method: "POST", path: "/user/runners", body: { runner_type: "group_type" } },
      markdown: ["group_id is missing"],
      isError: true,
    },
    {
      id: "user.create_runner",
      name: "an unknown runner type is refused before anything is sent",
      params: { runner_type: "shared" },
      markdown: [/runner_type/],
      isError: true,
    },
    // Namespaces
    {
      id: "user.namespace_list",
      params: {},
      request: { method: "GET", path: "/namespaces", query: {} },
      markdown: ["## Namespaces (2)", "`sim-user`", "`acme`"],
    },
    {
      id: "user.namespace_list",
      name: "only owned namespaces",
      params: { owned_only: true },
      request: { method: "GET", path: "/namespaces", query: { owned_only: "true" } },
      markdown: ["## Namespaces (1)", "`sim-user`"],
    },
    {
      id: "user.namespace_search",
      params: { search: "acm" },
      request: { method: "GET", path: "/namespaces", query: { search: "acm" } },
      markdown: ["## Namespaces (1)", "`acme`"],
    },
    {
      id: "user.namespace_search",
      name: "no match",
      params: { search: "zzz" },
      request: { method: "GET", path: "/namespaces", query: { search: "zzz" } },
      markdown: ["No namespaces match."],
    },
    {
      id: "user.namespace_search",
      name: "a search text is required",
      params: {},
      markdown: [/search/],
      isError: true,
    },
    {
      id: "user.namespace_get",
      params: { namespace_id: "acme" },
      request: { method: "GET", path: "/namespaces/acme" },
      markdown: ["## Namespace: acme", "- **Kind**: group"],
    },
    {
      id: "user.namespace_get",
      name: "an unknown namespace answers the not-found card",
      params: { namespace_id: "nope" },
      request: { method: "GET", path: "/namespaces/nope" },
      markdown: ["## ❓ Namespace Not Found"],
      isError: true,
    },
    {
      id: "user.namespace_exists",
      params: { namespace_id: "acme" },
      request: { method: "GET", path: "/namespaces/acme/exists" },
      markdown: ["## Namespace path check", "acme1"],
      check: (r) => assert.equal(structured(r).exists, true),
    },
    {
      id: "user.namespace_exists",
      name: "a free path under a parent group",
      params: { namespace_id: "fresh-team", parent_id: 5 },
      request: { method: "GET", path: "/namespaces/fresh-team/exists", query: { parent_id: "5" } },
      markdown: ["## Namespace path check"],
      check: (r) => assert.equal(structured(r).exists, false),
    },
  ],
};
