// External status checks (GitLab Ultimate): the behaviour table (see test/helpers/behaviour.ts). The cases
// form a workflow on one project: create two checks, list them, update one, see them on a merge request,
// record a failure, retry it, then delete. Fixtures follow doc/api/status_checks.md.
import type { BehaviourTable } from "../helpers/behaviour.js";

let headSha = "";

export const table: BehaviourTable = {
  domain: "external_status_check",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addBranch(42, { name: "feature/login" });
    sim.addProtectedBranch(42, { name: "main" });
    headSha = sim.addMergeRequest(42, { iid: 7, title: "Add login", source_branch: "feature/login", target_branch: "main" }).sha;
  },
  cases: [
    {
      id: "external_status_check.list_project",
      name: "no checks yet",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/external_status_checks" },
      markdown: ["No external status checks configured."],
    },
    {
      id: "external_status_check.create_project",
      params: { project_id: "group/project", name: "Compliance", external_url: "https://compliance.example.com/check", shared_secret: "s3cret" },
      request: { method: "POST", path: "/projects/group%2Fproject/external_status_checks", body: { name: "Compliance", external_url: "https://compliance.example.com/check", shared_secret: "s3cret" } },
      markdown: ["## External status check created: Compliance", "- **HMAC**: ✅"],
    },
    {
      id: "external_status_check.create_project",
      name: "a second check with the same name is refused with GitLab's message",
      params: { project_id: "group/project", name: "Compliance", external_url: "https://other.example.com" },
      request: { method: "POST", path: "/projects/group%2Fproject/external_status_checks" },
      markdown: ["has already been taken"],
      isError: true,
    },
    {
      id: "external_status_check.create_project",
      name: "a URL that is no URL is refused with GitLab's message",
      params: { project_id: "group/project", name: "Broken", external_url: "not a url" },
      request: { method: "POST", path: "/projects/group%2Fproject/external_status_checks" },
      markdown: ["Only allowed schemes are http, https"],
      isError: true,
    },
    {
      id: "external_status_check.list_project",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/external_status_checks" },
      markdown: ["## External Status Checks (1)", "| Compliance |", "https://compliance.example.com/check"],
    },
    {
      id: "external_status_check.list_project_checks",
      params: { project_id: "group/project", per_page: 5 },
      request: { method: "GET", path: "/projects/group%2Fproject/external_status_checks", query: { per_page: "5" } },
      markdown: ["## External Status Checks (1)", "| Compliance |"],
    },
    {
      id: "external_status_check.update_project",
      params: { project_id: "group/project", external_status_check_id: 1, name: "Compliance v2" },
      request: { method: "PUT", path: "/projects/group%2Fproject/external_status_checks/1", body: { name: "Compliance v2" } },
      markdown: ["## External status check updated: Compliance v2"],
    },
    {
      id: "external_status_check.update_project",
      name: "an unknown check answers GitLab's not-found error",
      params: { project_id: "group/project", external_status_check_id: 999, name: "Nope" },
      request: { method: "PUT", path: "/projects/group%2Fproject/external_status_checks/999" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "external_status_check.list_project_mr_checks",
      params: { project_id: "group/project", merge_request_iid: 7 },
      request: { method: "GET", path: "/projects/group%2Fproject/merge_requests/7/status_checks" },
      markdown: ["## Merge Request Status Checks (1)", "Compliance v2", "pending"],
    },
    {
      id: "external_status_check.set_project_mr_status",
      params: { project_id: "group/project", merge_request_iid: 7, external_status_check_id: 1, get sha() { return headSha; }, status: "failed" },
      request: { method: "POST", path: "/projects/group%2Fproject/merge_requests/7/status_check_responses" },
      markdown: ["## Status check result recorded", "- **Check**: Compliance v2", "group/project!7"],
    },
    {
      id: "external_status_check.set_project_mr_status",
      name: "a SHA that is not the source branch head is refused",
      params: { project_id: "group/project", merge_request_iid: 7, external_status_check_id: 1, sha: "0".repeat(40), status: "passed" },
      request: { method: "POST", path: "/projects/group%2Fproject/merge_requests/7/status_check_responses" },
      markdown: ["SHA does not match HEAD of source branch"],
      isError: true,
    },
    {
      id: "external_status_check.list_project_mr_checks",
      name: "the recorded failure shows",
      params: { project_id: "group/project", merge_request_iid: 7 },
      request: { method: "GET", path: "/projects/group%2Fproject/merge_requests/7/status_checks" },
      markdown: ["failed"],
    },
    {
      id: "external_status_check.retry_project",
      params: { project_id: "group/project", merge_request_iid: 7, external_status_check_id: 1 },
      request: { method: "POST", path: "/projects/group%2Fproject/merge_requests/7/status_checks/1/retry" },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "external_status_check.retry_project",
      name: "a check that has not failed cannot be retried",
      params: { project_id: "group/project", merge_request_iid: 7, external_status_check_id: 1 },
      request: { method: "POST", path: "/projects/group%2Fproject/merge_requests/7/status_checks/1/retry" },
      markdown: ["External status check must be failed"],
      isError: true,
    },
    {
      id: "external_status_check.delete_project",
      params: { project_id: "group/project", external_status_check_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/group%2Fproject/external_status_checks/1" },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "external_status_check.delete_project",
      name: "deleting it again answers GitLab's not-found error",
      params: { project_id: "group/project", external_status_check_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/group%2Fproject/external_status_checks/1" },
      markdown: [/not found/i],
      isError: true,
    },
  ],
};
