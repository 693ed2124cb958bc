// Projects themselves and group deletion: the behaviour table (see test/helpers/behaviour.ts). The token
// belongs to an administrator (sim-user, ID 1) so that the admin-only actions run; alice (ID 5) owns a
// personal project. Fixtures follow GitLab's projects, project_forks, project_statistics,
// project_security_settings and groups API pages. The cases run in order as one workflow: a fork made
// here is deleted (marked), restored and removed further down.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";
import { seedLanguages } from "../sim/restProjectCore.js";

const TODAY = "2026-03-02";
const IN_A_WEEK = "2026-03-09";

export const table: BehaviourTable = {
  domain: "project_core",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } },
  seed(sim) {
    sim.setNow(`${TODAY}T10:00:00.000Z`);
    sim.addUser({ id: 5, username: "alice", name: "Alice", email: "alice@example.com" });
    sim.addProject({ id: 42, path_with_namespace: "group/project", visibility: "public" });
    sim.addProject({ id: 43, path_with_namespace: "alice/tools", visibility: "public", members: [5] });
    sim.addGroup({ id: 200, full_path: "partners" });
    sim.addGroup({ id: 201, full_path: "locked", members: [5], visibility: "internal" });
    sim.addGroup({ id: 202, full_path: "newhome" });
    sim.addDocument("group", "instance", { id: 300, name: "old-team", path: "old-team", full_name: "old-team", full_path: "old-team", visibility: "private", parent_id: null, web_url: "https://gitlab.example.com/groups/old-team" });
    seedLanguages(sim.getProject(42)!, { JavaScript: 22.98, Ruby: 66.69, HTML: 10.33 });
  },
  cases: [
    // ---- listing
    {
      id: "project.list",
      params: {},
      request: { method: "GET", path: "/projects", query: {} },
      markdown: ["## Projects (2)", "group/project", "alice/tools"],
    },
    {
      id: "project.list",
      name: "a search with filters",
      params: { search: "tool", visibility: "public", min_access_level: "developer", order_by: "name", sort: "asc" },
      request: { method: "GET", path: "/projects", query: { search: "tool", visibility: "public", min_access_level: "30", order_by: "name", sort: "asc" } },
      markdown: ["## Projects (1)", "alice/tools"],
    },
    {
      id: "project.list_user_projects",
      params: { user_id: "alice" },
      request: { method: "GET", path: "/users/alice/projects", query: {} },
      markdown: ["## Projects (1)", "alice/tools"],
    },
    {
      id: "project.list_user_contributed",
      params: { user_id: 5 },
      request: { method: "GET", path: "/users/5/contributed_projects", query: {} },
      markdown: ["alice/tools"],
    },
    // ---- creating
    {
      id: "project.create",
      params: { name: "Demo App", visibility: "internal", initialize_with_readme: true, topics: ["demo"] },
      request: { method: "POST", path: "/projects", body: { name: "Demo App", visibility: "internal", initialize_with_readme: true, topics: ["demo"] } },
      markdown: ["## Project created: sim-user/demo-app", "internal"],
    },
    {
      id: "project.create",
      name: "an unknown visibility is refused before anything is sent",
      params: { name: "Bad", visibility: "secret" },
      markdown: [/visibility/],
      isError: true,
    },
    {
      id: "project.create_for_user",
      params: { user_id: 5, name: "Alice Lab", path: "lab" },
      request: { method: "POST", path: "/projects/user/5", body: { name: "Alice Lab", path: "lab" } },
      markdown: ["## Project created: alice/lab"],
    },
    // ---- settings
    {
      id: "project.update",
      params: { project_id: "group/project", description: "New words", merge_method: "ff", issues_access_level: "private" },
      request: { method: "PUT", path: "/projects/group%2Fproject", body: { description: "New words", merge_method: "ff", issues_access_level: "private" } },
      markdown: ["## Project updated: group/project", "New words", "- **merge_method**: ff", "- **issues_access_level**: private"],
      check: (r) => {
        const md = (r.content[0] as { text: string }).text;
        assert.ok(!md.includes("**Visibility**"), md);
        assert.ok(!md.includes("**Name**"), md);
      },
    },
    {
      id: "project.update",
      name: "a feature level GitLab does not know is refused before anything is sent",
      params: { project_id: 42, wiki_access_level: "hidden" },
      markdown: [/wiki_access_level/],
      isError: true,
    },
    // ---- archive
    {
      id: "project.archive",
      params: { project_id: 42 },
      request: { method: "POST", path: "/projects/42/archive" },
      markdown: ["## Project archived: group/project", "- **Archived**: ✅"],
    },
    {
      id: "project.unarchive",
      params: { project_id: 42 },
      request: { method: "POST", path: "/projects/42/unarchive" },
      markdown: ["## Project unarchived: group/project", "- **Archived**: ❌"],
    },
    // ---- stars
    {
      id: "project.star",
      params: { project_id: 42 },
      request: { method: "POST", path: "/projects/42/star" },
      markdown: ["## Starred: group/project", "- **Stars**: 1"],
    },
    {
      id: "project.star",
      name: "already starred: GitLab's 304 is the state asked for, shown as it stands",
      params: { project_id: 42 },
      request: [{ method: "POST", path: "/projects/42/star" }, { method: "GET", path: "/projects/42" }],
      markdown: ["## Starred: group/project", "- **Stars**: 1"],
    },
    {
      id: "project.list_starrers",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/starrers", query: {} },
      markdown: ["## Starrers (1)", "sim-user"],
    },
    {
      id: "project.list_user_starred",
      params: { user_id: "sim-user" },
      request: { method: "GET", path: "/users/sim-user/starred_projects", query: {} },
      markdown: ["## Projects (1)", "group/project"],
    },
    {
      id: "project.unstar",
      params: { project_id: 42 },
      request: { method: "POST", path: "/projects/42/unstar" },
      markdown: ["## Unstarred: group/project", "- **Stars**: 0"],
    },
    // ---- forks
    {
      id: "project.fork",
      params: { project_id: "group/project", namespace_path: "newhome", name: "Project Fork" },
      request: { method: "POST", path: "/projects/group%2Fproject/fork", body: { namespace_path: "newhome", name: "Project Fork" } },
      markdown: ["## Fork created: group/project → newhome/project", "- **Source**: `group/project`", "- **Fork**: `newhome/project`"],
    },
    {
      id: "project.list_forks",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/forks", query: {} },
      markdown: ["## Forks (1)", "newhome/project"],
    },
    {
      id: "project.delete_fork_relation",
      params: { project_id: "newhome/project" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/newhome%2Fproject/fork" },
      markdown: [/success/i],
    },
    {
      id: "project.create_fork_relation",
      params: { project_id: "newhome/project", forked_from_id: 42 },
      request: { method: "POST", path: "/projects/newhome%2Fproject/fork/42" },
      markdown: ["## Fork relation: newhome/project ← group/project"],
    },
    // ---- sharing
    {
      id: "project.share_with_group",
      params: { project_id: 42, shared_with_group_id: 200, access_level: "developer", expires_at: "2027-01-31" },
      request: [{ method: "POST", path: "/projects/42/share", body: { group_id: 200, group_access: 30, expires_at: "2027-01-31" } }, { method: "GET", path: "/projects/42" }],
      markdown: ["## Project group/project shared with group partners", "- **Role**: Developer (30)", "31 Jan 2027"],
    },
    {
      id: "project.share_with_group",
      name: "an expiry not YYYY-MM-DD is refused before sending",
      params: { project_id: 42, shared_with_group_id: 202, access_level: "maintainer", expires_at: "31/01/2027" },
      markdown: [/expires_at/],
      isError: true,
    },
    {
      id: "project.share_with_group",
      name: "GitLab's name group_access is an alias of access_level",
      // The individual surface's schema names access_level only: it suggests the rename instead.
      surfaces: ["dynamic", "meta"],
      params: { project_id: 43, group_id: 202, group_access: "maintainer" },
      request: [{ method: "POST", path: "/projects/43/share", body: { group_id: 202, group_access: 40 } }, { method: "GET", path: "/projects/43" }],
      markdown: ["## Project alice/tools shared with group newhome", "- **Role**: Maintainer (40)"],
    },
    {
      id: "project.list_invited_groups",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/invited_groups", query: {} },
      markdown: ["## Invited Groups (1)", "partners"],
    },
    {
      id: "project.list_groups",
      params: { project_id: 42, with_shared: true },
      request: { method: "GET", path: "/projects/42/groups", query: { with_shared: "true" } },
      markdown: ["## Groups (2)", "group", "partners"],
    },
    {
      id: "project.delete_shared_group",
      params: { project_id: 42, shared_with_group_id: 200 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/share/200" },
      markdown: [/success/i],
    },
    {
      id: "project.list_users",
      params: { project_id: 43 },
      request: { method: "GET", path: "/projects/43/users", query: {} },
      markdown: ["## Users (1)", "alice"],
    },
    // ---- statistics and settings
    {
      id: "project.languages",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/languages" },
      markdown: ["## Languages (3)", "Ruby", "66.69"],
      check: (r) => assert.deepEqual((r.structuredContent as { languages: { language: string }[] }).languages.map((l) => l.language), ["Ruby", "JavaScript", "HTML"]),
    },
    {
      id: "project.statistics_get",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/statistics" },
      markdown: ["## Fetch statistics (last 30 days)", "- **Fetches (30 days)**: 12"],
    },
    {
      id: "project.statistics_get",
      name: "an unknown project answers the not-found card",
      params: { project_id: 999 },
      request: { method: "GET", path: "/projects/999/statistics" },
      markdown: ["## ❓ Project Not Found"],
      isError: true,
    },
    {
      id: "project.repository_storage_get",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/storage" },
      markdown: ["## Repository storage: project 42", "`default`", "`@hashed/"],
    },
    {
      id: "project.repository_storage_get",
      name: "an unknown project answers the not-found card",
      params: { project_id: 999 },
      request: { method: "GET", path: "/projects/999/storage" },
      markdown: ["## ❓ Project Not Found"],
      isError: true,
    },
    {
      id: "project.security_settings_get",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/security_settings" },
      markdown: ["## Security settings: project 42", "- **Secret Push Protection**: ❌"],
    },
    {
      id: "project.security_settings_get",
      name: "an unknown project answers the not-found card",
      params: { project_id: 999 },
      request: { method: "GET", path: "/projects/999/security_settings" },
      markdown: ["## ❓ Project Not Found"],
      isError: true,
    },
    {
      id: "project.security_settings_update",
      params: { project_id: 42, secret_push_protection_enabled: true },
      request: { method: "PUT", path: "/projects/42/security_settings", body: { secret_push_protection_enabled: true } },
      markdown: ["## Security settings updated: project 42", "- **Secret Push Protection**: ✅"],
      check: (r) => assert.ok(!(r.content[0] as { text: string }).text.includes("Auto-fix"), "only the sent field"),
    },
    // ---- transfer
    {
      id: "project.transfer",
      params: { project_id: 42, namespace: "newhome" },
      request: [{ method: "GET", path: "/projects/42" }, { method: "PUT", path: "/projects/42/transfer", body: { namespace: "newhome" } }],
      markdown: ["## Project transferred: group → newhome", "- **From**: `group`", "- **To**: `newhome`", "`newhome/project`"],
    },
    {
      id: "project.transfer",
      name: "a namespace the token cannot create projects in: GitLab's own reason",
      params: { project_id: 42, namespace: "locked" },
      request: { method: "PUT", path: "/projects/42/transfer", body: { namespace: "locked" } },
      markdown: [/You don't have permission to transfer projects into that namespace/],
      isError: true,
    },
    // ---- delayed deletion (the fork is newhome/project-fork? no: its path stayed "project")
    {
      id: "project.delete",
      name: "delayed deletion: marked, with the removal date and the restore action",
      params: { project_id: 44 },
      confirm: true,
      request: [{ method: "DELETE", path: "/projects/44" }, { method: "GET", path: "/projects/44" }],
      markdown: ["Project marked for deletion: sim-user/demo-app", "- **Marked On**: 2 Mar 2026", "- **Permanent Removal**: 9 Mar 2026", "project.restore"],
      check: (r) => assert.equal((r.structuredContent as { outcome: string }).outcome, "marked_for_deletion"),
    },
    {
      id: "project.delete",
      name: "permanently_remove without full_path is refused, nothing sent",
      params: { project_id: 44, permanently_remove: true },
      confirm: true,
      markdown: [/permanently_remove needs full_path/],
      isError: true,
    },
    {
      id: "project.delete",
      name: "full_path without permanently_remove is refused, nothing sent",
      params: { project_id: 44, full_path: "sim-user/demo-app" },
      confirm: true,
      markdown: [/add permanently_remove: true/],
      isError: true,
    },
    {
      id: "project.delete",
      name: "a wrong full_path: GitLab's 400",
      params: { project_id: 44, permanently_remove: true, full_path: "sim-user/other" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/44", query: { permanently_remove: "true", full_path: "sim-user/other" } },
      markdown: [/full_path. is incorrect/],
      isError: true,
    },
    {
      id: "project.restore",
      params: { project_id: 44 },
      request: { method: "POST", path: "/projects/44/restore" },
      markdown: ["## Project restored: sim-user/demo-app"],
    },
    {
      id: "project.delete",
      name: "permanently removing a project not marked: GitLab's 400",
      params: { project_id: 44, permanently_remove: true, full_path: "sim-user/demo-app" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/44" },
      markdown: [/must be marked for deletion first/],
      isError: true,
    },
    {
      id: "project.delete",
      name: "marked again, then removed at once with permanently_remove and full_path",
      params: { project_id: 44 },
      confirm: true,
      request: { method: "GET", path: "/projects/44" },
      markdown: ["Project marked for deletion"],
    },
    {
      id: "project.delete",
      name: "removed: the GET after the DELETE answers 404",
      params: { project_id: 44, permanently_remove: true, full_path: "sim-user/demo-app" },
      confirm: true,
      request: [{ method: "DELETE", path: "/projects/44", query: { permanently_remove: "true", full_path: "sim-user/demo-app" } }, { method: "GET", path: "/projects/44" }],
      markdown: ["Project removed: sim-user/demo-app"],
      check: (r) => assert.equal((r.structuredContent as { outcome: string }).outcome, "removed"),
    },
    // ---- group deletion
    {
      id: "group.delete",
      params: { group_id: "old-team" },
      confirm: true,
      request: [{ method: "DELETE", path: "/groups/old-team" }, { method: "GET", path: "/groups/old-team" }],
      markdown: ["Group marked for deletion: old-team", "- **Permanent Removal**: 9 Mar 2026", `removal on ${IN_A_WEEK}`, "group.restore"],
    },
    {
      id: "group.delete",
      name: "permanently_remove without full_path is refused, nothing sent",
      params: { group_id: 300, permanently_remove: true },
      confirm: true,
      markdown: [/permanently_remove needs full_path/],
      isError: true,
    },
    {
      id: "group.restore",
      params: { group_id: 300 },
      request: { method: "POST", path: "/groups/300/restore" },
      markdown: ["## Group restored: old-team"],
    },
    {
      id: "group.delete",
      name: "a group not marked cannot be removed at once: GitLab's 400",
      params: { group_id: 300, permanently_remove: true, full_path: "old-team" },
      confirm: true,
      request: { method: "DELETE", path: "/groups/300" },
      markdown: [/Group must be marked for deletion first/],
      isError: true,
    },
  ],
};
