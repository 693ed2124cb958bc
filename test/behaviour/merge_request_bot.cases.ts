// Merge request approvals seen by a project access token: GitLab lets only such bot users reset the
// approvals of a merge request (the main table shows a person refused). Approve, reset, then the
// approvals are gone.
import type { BehaviourTable } from "../helpers/behaviour.js";
import type { GitLabSimulator } from "../sim/simulator.js";
import { SIM_TOKEN } from "../helpers/mcp.js";

export const table: BehaviourTable = {
  domain: "merge_request (project bot token)",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api"], userId: 9 } } },
  seed(sim: GitLabSimulator) {
    sim.addUser({ id: 9, username: "project_42_bot_5f3a" });
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addBranch(42, { name: "feature/bot" });
    sim.addMergeRequest(42, { iid: 1, title: "Bump dependencies", source_branch: "feature/bot" });
  },
  cases: [
    {
      id: "merge_request.approve",
      name: "the bot approves",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "POST", path: "/projects/42/merge_requests/1/approve" },
      markdown: ["- **Approved By**: @project_42_bot_5f3a"],
    },
    {
      id: "merge_request.approval_reset",
      params: { project_id: 42, merge_request_iid: 1 },
      confirm: true,
      request: { method: "PUT", path: "/projects/42/merge_requests/1/reset_approvals" },
      markdown: [/success/i],
    },
    {
      id: "merge_request.approval_config",
      name: "no approvals remain",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1/approvals" },
      markdown: ["- **Approved**: ❌"],
    },
    {
      id: "merge_request.approval_reset",
      name: "destructive: refused without confirmation, nothing sent",
      params: { project_id: 42, merge_request_iid: 1 },
      markdown: [/confirm/i],
      isError: true,
    },
  ],
};
