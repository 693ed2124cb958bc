// Instance administration in the runner, storage_move and geo domains: a user who is no administrator
// (even with an admin_mode token) reaches GitLab and gets its 403 {"message":"403 Forbidden"}; a token
// without admin_mode never sees these actions (SAF-28's sentence) and nothing is sent.
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";

const withheld = (id: string) => `action "${id}" exists but is not available to this session`;

export const table: BehaviourTable = {
  domain: "runner, storage_move and geo for a user who is no administrator",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: false } } },
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "team/app" });
  },
  cases: [
    { id: "runner.list_all", name: "GitLab refuses a non-administrator", params: {}, request: { method: "GET", path: "/runners/all" }, markdown: [/access denied/], isError: true },
    { id: "runner.reset_instance_reg_token", name: "GitLab refuses a non-administrator", params: {}, request: { method: "POST", path: "/runners/reset_registration_token" }, markdown: [/access denied/], isError: true },
    { id: "runner.controller_list", name: "GitLab refuses a non-administrator", params: {}, request: { method: "GET", path: "/runner_controllers" }, markdown: [/access denied/], isError: true },
    { id: "storage_move.retrieve_all_project", name: "GitLab refuses a non-administrator", params: {}, request: { method: "GET", path: "/project_repository_storage_moves" }, markdown: [/access denied/], isError: true },
    { id: "storage_move.schedule_project", name: "GitLab refuses a non-administrator", params: { project_id: 42 }, request: { method: "POST", path: "/projects/42/repository_storage_moves" }, markdown: [/access denied/], isError: true },
    { id: "geo.list", name: "GitLab refuses a non-administrator", params: {}, request: { method: "GET", path: "/geo_sites" }, markdown: [/access denied/], isError: true },
    {
      id: "runner.list",
      name: "the runners a user owns still list",
      params: {},
      request: { method: "GET", path: "/runners" },
      markdown: ["## Runners (3)"],
    },
  ],
};

export const withoutAdminMode: BehaviourTable = {
  domain: "runner, storage_move and geo without admin_mode",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api"], admin: true } } },
  seed() {},
  cases: [
    { id: "runner.list_all", name: "withheld, nothing sent", params: {}, markdown: [withheld("runner.list_all"), "admin_mode"], isError: true },
    { id: "storage_move.schedule_all_project", name: "withheld, nothing sent", params: { source_storage_name: "default" }, markdown: [withheld("storage_move.schedule_all_project")], isError: true },
    { id: "geo.get_status", name: "withheld, nothing sent", params: { geo_site_id: 1 }, markdown: [withheld("geo.get_status")], isError: true },
    { id: "runner.get", name: "a runner read for everyone still runs", params: { runner_id: 1 }, request: { method: "GET", path: "/runners/1" }, markdown: ["## Runner: 1 shared-runner-1"] },
  ],
};
