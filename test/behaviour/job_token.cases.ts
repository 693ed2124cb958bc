// CI/CD job token scope (doc/api/project_job_token_scopes.md): settings and the project and group allowlists.
import type { BehaviourTable } from "../helpers/behaviour.js";

export const table: BehaviourTable = {
  domain: "job_token",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addProject({ id: 43, path_with_namespace: "group/client" });
    sim.addDocument("group", "instance", { id: 7, name: "platform", full_path: "platform", web_url: "https://gitlab.example.com/groups/platform" });
  },
  cases: [
    {
      id: "job.token_scope_get",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/job_token_scope" },
      markdown: ["## Job token access of project", "- **Limit Access To This Project**: ✅"],
    },
    {
      id: "job.token_scope_patch",
      params: { project_id: 42, enabled: false },
      request: { method: "PATCH", path: "/projects/42/job_token_scope", body: { enabled: false } },
      markdown: ["✅"],
    },
    {
      id: "job.token_scope_get",
      name: "the limit is now off",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/job_token_scope" },
      markdown: ["- **Limit Access To This Project**: ❌"],
    },
    {
      id: "job.token_scope_list_inbound",
      name: "an empty allowlist",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/job_token_scope/allowlist" },
      markdown: ["No projects are on the allowlist."],
    },
    {
      id: "job.token_scope_add_project",
      params: { project_id: 42, target_project_id: 43 },
      request: { method: "POST", path: "/projects/42/job_token_scope/allowlist", body: { target_project_id: 43 } },
      markdown: ["## Project 43 added to the job token allowlist", "- **Source Project**: 42"],
    },
    {
      id: "job.token_scope_add_project",
      name: "a project already on the list",
      params: { project_id: 42, target_project_id: 43 },
      request: { method: "POST", path: "/projects/42/job_token_scope/allowlist" },
      markdown: ["already in the job token scope"],
      isError: true,
    },
    {
      id: "job.token_scope_list_inbound",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/job_token_scope/allowlist" },
      markdown: ["## Projects Allowed By Job Token (1)", "[group/client](https://gitlab.example.com/group/client)"],
    },
    {
      id: "job.token_scope_remove_project",
      params: { project_id: 42, target_project_id: 43 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/job_token_scope/allowlist/43" },
      markdown: ["✅"],
    },
    {
      id: "job.token_scope_add_group",
      params: { project_id: 42, target_group_id: 7 },
      request: { method: "POST", path: "/projects/42/job_token_scope/groups_allowlist", body: { target_group_id: 7 } },
      markdown: ["## Group 7 added to the job token allowlist"],
    },
    {
      id: "job.token_scope_list_groups",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/job_token_scope/groups_allowlist" },
      markdown: ["## Groups Allowed By Job Token (1)", "[platform](https://gitlab.example.com/groups/platform)"],
    },
    {
      id: "job.token_scope_remove_group",
      params: { project_id: 42, target_group_id: 7 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/job_token_scope/groups_allowlist/7" },
      markdown: ["✅"],
    },
    {
      id: "job.token_scope_remove_group",
      name: "a group not on the list",
      params: { project_id: 42, target_group_id: 7 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/job_token_scope/groups_allowlist/7" },
      markdown: ["not found"],
      isError: true,
    },
  ],
};
