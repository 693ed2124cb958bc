// Runners: the lists and their filters, a runner's details, jobs and managers, assigning runners to
// projects, the deprecated registration-token flow, authentication tokens, deletion by ID and by token,
// and runner controllers with their scopes and tokens. The token belongs to an administrator with
// admin_mode. Every token GitLab issues is shown once with the warning; the simulator's fixtures are an
// instance runner (1), a group runner (2) of group 7, and project runners 3 and 4 of team/app (42).
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";

const sc = (r: CallToolResult) => r.structuredContent as Record<string, unknown>;
const ids = (r: CallToolResult, key = "runners") => (sc(r)[key] as { id: number }[]).map((x) => x.id);
const SHOWN_ONCE = "Shown once";

export const table: BehaviourTable = {
  domain: "runner",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } },
  seed(sim) {
    sim.addGroup({ id: 7, full_path: "team" });
    sim.addProject({ id: 42, path_with_namespace: "team/app" });
    sim.addProject({ id: 43, path_with_namespace: "team/api" });
  },
  cases: [
    // ---- lists and filters
    {
      id: "runner.list",
      params: {},
      request: { method: "GET", path: "/runners", query: {} },
      markdown: ["## Runners (4)", "shared-runner-1", "project_type"],
      check: (r) => assert.deepEqual(ids(r), [1, 2, 3, 4]),
    },
    {
      id: "runner.list",
      name: "type, paused and tags narrow the list",
      params: { type: "project_type", paused: false, tag_list: ["linux"] },
      request: { method: "GET", path: "/runners" },
      markdown: ["## Runners (1)", "project-runner"],
      check: (r, sim) => {
        assert.deepEqual(ids(r), [3]);
        const q = sim.log.at(-1)!.query;
        assert.equal(q.type, "project_type");
        assert.equal(q.paused, "false");
      },
    },
    {
      id: "runner.list",
      name: "a status outside GitLab's list is refused before sending",
      params: { status: "busy" },
      markdown: ["status"],
      isError: true,
    },
    {
      id: "runner.list_all",
      name: "offline includes stale; status filter",
      params: { status: "offline" },
      request: { method: "GET", path: "/runners/all", query: { status: "offline" } },
      markdown: ["## Runners (1)", "group-mac-runner"],
    },
    {
      id: "runner.list_all",
      name: "version prefix",
      params: { version_prefix: "17.5" },
      request: { method: "GET", path: "/runners/all", query: { version_prefix: "17.5" } },
      markdown: ["## Runners (2)"],
      check: (r) => assert.deepEqual(ids(r), [1, 3]),
    },
    {
      id: "runner.list_all",
      name: "the deprecated scope filter",
      params: { scope: "shared" },
      request: { method: "GET", path: "/runners/all", query: { scope: "shared" } },
      markdown: ["## Runners (1)", "shared-runner-1"],
    },
    {
      id: "runner.list_project",
      params: { project_id: "team/app", status: "online" },
      request: { method: "GET", path: "/projects/team%2Fapp/runners", query: { status: "online" } },
      markdown: ["## Runners (2)"],
      check: (r) => assert.deepEqual(ids(r), [1, 3]),
    },
    {
      id: "runner.list_group",
      params: { group_id: 7, paused: true },
      request: { method: "GET", path: "/groups/7/runners", query: { paused: "true" } },
      markdown: ["## Runners (1)", "group-mac-runner"],
    },
    // ---- one runner
    {
      id: "runner.get",
      params: { runner_id: 3 },
      request: { method: "GET", path: "/runners/3" },
      markdown: ["## Runner: 3 project-runner", "- **Tags**: linux, gpu", "- **Access Level**: not_protected"],
      check: (r) => assert.equal(((sc(r).projects as { path_with_namespace: string }[])[0]).path_with_namespace, "team/app"),
    },
    {
      id: "runner.get",
      name: "include_projects false leaves the projects out",
      params: { runner_id: 3, include_projects: false },
      request: { method: "GET", path: "/runners/3", query: { include_projects: "false" } },
      markdown: ["## Runner: 3 project-runner"],
      check: (r) => assert.equal(sc(r).projects, undefined),
    },
    {
      id: "runner.get",
      name: "an unknown runner answers the not-found card",
      params: { runner_id: 999 },
      request: { method: "GET", path: "/runners/999" },
      markdown: ["## ❓ Runner Not Found"],
      isError: true,
    },
    {
      id: "runner.update",
      name: "pause a runner and change its tags",
      params: { runner_id: 3, paused: true, tag_list: ["linux"], maximum_timeout: 3600, maintenance_note: "disk swap on Friday" },
      request: { method: "PUT", path: "/runners/3", body: { paused: true, tag_list: ["linux"], maximum_timeout: 3600, maintenance_note: "disk swap on Friday" } },
      markdown: ["## Runner: 3 project-runner", "- **paused**: ✅", "disk swap on Friday"],
      check: (r) => assert.deepEqual(sc(r).tag_list, ["linux"]),
    },
    {
      id: "runner.update",
      name: "a timeout under ten minutes is refused before sending",
      params: { runner_id: 3, maximum_timeout: 60 },
      markdown: ["maximum_timeout"],
      isError: true,
    },
    {
      id: "runner.jobs",
      name: "filtered by status",
      params: { runner_id: 1, status: "failed" },
      request: { method: "GET", path: "/runners/1/jobs", query: { status: "failed" } },
      markdown: ["## Runner Jobs (1)", "test", "team/app"],
      check: (r) => assert.deepEqual(ids(r, "jobs"), [9002]),
    },
    {
      id: "runner.jobs",
      name: "by manager, oldest first",
      params: { runner_id: 1, system_id: "s_89e5e9956577", order_by: "id", sort: "asc" },
      request: { method: "GET", path: "/runners/1/jobs", query: { system_id: "s_89e5e9956577", order_by: "id", sort: "asc" } },
      markdown: ["## Runner Jobs (2)"],
      check: (r) => assert.deepEqual(ids(r, "jobs"), [9001, 9002]),
    },
    {
      id: "runner.list_managers",
      params: { runner_id: 1 },
      request: { method: "GET", path: "/runners/1/managers" },
      markdown: ["## Runner Managers (2)", "`s_89e5e9956577`", "17.5.0"],
    },
    // ---- projects
    {
      id: "runner.enable_project",
      params: { project_id: "team/api", runner_id: 3 },
      request: { method: "POST", path: "/projects/team%2Fapi/runners", body: { runner_id: 3 } },
      markdown: ["## Runner assigned: 3 project-runner"],
    },
    {
      id: "runner.enable_project",
      name: "a group runner answers GitLab's 403",
      params: { project_id: 43, runner_id: 2 },
      request: { method: "POST", path: "/projects/43/runners", body: { runner_id: 2 } },
      markdown: ["Runner is a group runner"],
      isError: true,
    },
    {
      id: "runner.disable_project",
      params: { project_id: "team/api", runner_id: 3 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/team%2Fapi/runners/3" },
      markdown: ["✅"],
    },
    {
      id: "runner.disable_project",
      name: "not from the owner project",
      params: { project_id: 42, runner_id: 3 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/runners/3" },
      markdown: ["You cannot unassign a runner from the owner project"],
      isError: true,
    },
    {
      id: "runner.disable_project",
      name: "destructive: refused without confirmation, nothing sent",
      params: { project_id: 42, runner_id: 3 },
      markdown: [/confirm/i],
      isError: true,
    },
    // ---- the deprecated registration-token flow
    {
      id: "runner.reset_project_reg_token",
      params: { project_id: "team/app" },
      request: { method: "POST", path: "/projects/team%2Fapp/runners/reset_registration_token" },
      markdown: [SHOWN_ONCE, "`GR1348941project42Reset0001`", "user.create_runner"],
    },
    {
      id: "runner.register",
      params: { registration_token: "GR1348941project42Reset0001", description: "ci-box", tag_list: ["linux"], run_untagged: false, info: { version: "17.6.0", platform: "linux" } },
      request: { method: "POST", path: "/runners", body: { token: "GR1348941project42Reset0001", description: "ci-box", tag_list: ["linux"], run_untagged: false, info: { version: "17.6.0", platform: "linux" } } },
      markdown: ["## Runner registered: 101", SHOWN_ONCE, "`glrt-0002NewRunnerAuthTokenQw`", "user.create_runner"],
      check: (r) => assert.equal(sc(r).token, "glrt-0002NewRunnerAuthTokenQw"),
    },
    {
      id: "runner.register",
      name: "an unknown registration token answers GitLab's 403",
      params: { registration_token: "GR1348941nope" },
      request: { method: "POST", path: "/runners" },
      markdown: [/access denied/],
      isError: true,
    },
    {
      id: "runner.reset_group_reg_token",
      params: { group_id: "team" },
      request: { method: "POST", path: "/groups/team/runners/reset_registration_token" },
      markdown: [SHOWN_ONCE, "`GR1348941group7Reset0003`"],
    },
    {
      id: "runner.reset_instance_reg_token",
      params: {},
      request: { method: "POST", path: "/runners/reset_registration_token" },
      markdown: [SHOWN_ONCE, "`GR1348941instanceReset0004`"],
    },
    // ---- authentication tokens
    {
      id: "runner.verify",
      params: { runner_token: "glrt-0002NewRunnerAuthTokenQw", system_id: "s_ci_box" },
      request: { method: "POST", path: "/runners/verify", body: { token: "glrt-0002NewRunnerAuthTokenQw", system_id: "s_ci_box" } },
      markdown: ["## Runner token valid: 101", "- **Valid**: ✅"],
      check: (r) => assert.ok(!JSON.stringify(r).includes("glrt-0002NewRunnerAuthTokenQw"), "the token sent is not written back"),
    },
    {
      id: "runner.verify",
      name: "an invalid token answers GitLab's 403",
      params: { runner_token: "glrt-invalid", system_id: "s_ci_box" },
      request: { method: "POST", path: "/runners/verify" },
      markdown: [/access denied/],
      isError: true,
    },
    {
      id: "runner.reset_token",
      params: { runner_id: 101 },
      request: { method: "POST", path: "/runners/101/reset_authentication_token" },
      markdown: ["## Runner authentication token reset", SHOWN_ONCE, "`glrt-0005NewRunnerAuthTokenQw`"],
    },
    {
      id: "runner.delete_by_token",
      params: { runner_token: "glrt-0005NewRunnerAuthTokenQw" },
      confirm: true,
      request: { method: "DELETE", path: "/runners", body: { token: "glrt-0005NewRunnerAuthTokenQw" } },
      markdown: ["✅"],
    },
    {
      id: "runner.delete_registered",
      params: { runner_token: "glrt-project004RunnerAuthToken" },
      confirm: true,
      request: { method: "DELETE", path: "/runners", body: { token: "glrt-project004RunnerAuthToken" } },
      markdown: ["✅"],
    },
    {
      id: "runner.delete_registered",
      name: "a token of no runner answers GitLab's 403",
      params: { runner_token: "glrt-project004RunnerAuthToken" },
      confirm: true,
      request: { method: "DELETE", path: "/runners" },
      markdown: [/access denied/],
      isError: true,
    },
    {
      id: "runner.remove",
      params: { runner_id: 3 },
      confirm: true,
      request: { method: "DELETE", path: "/runners/3" },
      markdown: ["✅"],
    },
    {
      id: "runner.remove",
      name: "a deleted runner answers the not-found card",
      params: { runner_id: 3 },
      confirm: true,
      request: { method: "DELETE", path: "/runners/3" },
      markdown: ["## ❓ Runner Not Found"],
      isError: true,
    },
    // ---- runner controllers
    {
      id: "runner.controller_create",
      params: { description: "Job router", state: "dry_run" },
      request: { method: "POST", path: "/runner_controllers", body: { description: "Job router", state: "dry_run" } },
      markdown: ["## Runner Controller: 1 Job router", "- **State**: dry_run"],
    },
    {
      id: "runner.controller_create",
      name: "a state outside GitLab's list is refused before sending",
      params: { state: "on" },
      markdown: ["state"],
      isError: true,
    },
    {
      id: "runner.controller_list",
      params: {},
      request: { method: "GET", path: "/runner_controllers" },
      markdown: ["## Runner Controllers (1)", "Job router"],
    },
    {
      id: "runner.controller_update",
      params: { controller_id: 1, state: "enabled" },
      request: { method: "PUT", path: "/runner_controllers/1", body: { state: "enabled" } },
      markdown: ["- **State**: enabled"],
    },
    {
      id: "runner.controller_get",
      params: { controller_id: 1 },
      request: { method: "GET", path: "/runner_controllers/1" },
      markdown: ["## Runner Controller: 1 Job router", "- **State**: enabled"],
    },
    {
      id: "runner.controller_scope_add_instance",
      params: { controller_id: 1 },
      request: { method: "POST", path: "/runner_controllers/1/scopes/instance" },
      markdown: ["## Instance scope added"],
    },
    {
      id: "runner.controller_scope_add_instance",
      name: "a second instance scope answers GitLab's 409",
      params: { controller_id: 1 },
      request: { method: "POST", path: "/runner_controllers/1/scopes/instance" },
      markdown: ["Instance-level scope already exists"],
      isError: true,
    },
    {
      id: "runner.controller_scope_add_runner",
      name: "not beside an instance scope",
      params: { controller_id: 1, runner_id: 1 },
      request: { method: "POST", path: "/runner_controllers/1/scopes/runners/1" },
      markdown: ["instance-level scope"],
      isError: true,
    },
    {
      id: "runner.controller_scope_remove_instance",
      params: { controller_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/runner_controllers/1/scopes/instance" },
      markdown: ["✅"],
    },
    {
      id: "runner.controller_scope_add_runner",
      params: { controller_id: 1, runner_id: 1 },
      request: { method: "POST", path: "/runner_controllers/1/scopes/runners/1" },
      markdown: ["## Runner scope added: 1"],
    },
    {
      id: "runner.controller_scope_list",
      params: { controller_id: 1 },
      request: { method: "GET", path: "/runner_controllers/1/scopes" },
      markdown: ["## Runner Controller Scopes", "- **Runner Scopes**:"],
      check: (r) => {
        assert.deepEqual(sc(r).instance_level_scopings, []);
        assert.equal((sc(r).runner_level_scopings as { runner_id: number }[])[0].runner_id, 1);
      },
    },
    {
      id: "runner.controller_scope_remove_runner",
      params: { controller_id: 1, runner_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/runner_controllers/1/scopes/runners/1" },
      markdown: ["✅"],
    },
    {
      id: "runner.controller_token_create",
      params: { controller_id: 1, description: "router host" },
      request: { method: "POST", path: "/runner_controllers/1/tokens", body: { description: "router host" } },
      markdown: ["## Runner Controller Token: 1 router host", SHOWN_ONCE, "`glrct-0001ControllerSecretZx`"],
    },
    {
      id: "runner.controller_token_list",
      params: { controller_id: 1 },
      request: { method: "GET", path: "/runner_controllers/1/tokens" },
      markdown: ["## Runner Controller Tokens (1)", "router host"],
      check: (r) => assert.ok(!JSON.stringify(r).includes("glrct-"), "a token list never carries a value"),
    },
    {
      id: "runner.controller_token_get",
      params: { controller_id: 1, token_id: 1 },
      request: { method: "GET", path: "/runner_controllers/1/tokens/1" },
      markdown: ["## Runner Controller Token: 1 router host", "- **Controller**: 1"],
    },
    {
      id: "runner.controller_token_rotate",
      params: { controller_id: 1, token_id: 1 },
      request: { method: "POST", path: "/runner_controllers/1/tokens/1/rotate" },
      markdown: [SHOWN_ONCE, "`glrct-0002ControllerSecretZx`"],
    },
    {
      id: "runner.controller_token_revoke",
      params: { controller_id: 1, token_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/runner_controllers/1/tokens/1" },
      markdown: ["✅"],
    },
    {
      id: "runner.controller_token_get",
      name: "a revoked token answers the not-found card",
      params: { controller_id: 1, token_id: 1 },
      request: { method: "GET", path: "/runner_controllers/1/tokens/1" },
      markdown: ["## ❓ Runner Controller Token Not Found"],
      isError: true,
    },
    {
      id: "runner.controller_delete",
      params: { controller_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/runner_controllers/1" },
      markdown: ["✅"],
    },
    {
      id: "runner.controller_get",
      name: "a deleted controller answers the not-found card",
      params: { controller_id: 1 },
      request: { method: "GET", path: "/runner_controllers/1" },
      markdown: ["## ❓ Runner Controller Not Found"],
      isError: true,
    },
  ],
};
