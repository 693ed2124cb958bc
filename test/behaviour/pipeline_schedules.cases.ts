// Pipeline schedules: the behaviour table (see test/helpers/behaviour.ts), a workflow: create a schedule,
// read it, give it a variable, run it, see the pipeline it ran, take it over, then delete it.
// Fixtures follow GitLab's pipeline schedules API docs.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

let web = "";

export const table: BehaviourTable = {
  domain: "pipeline schedules",
  seed(sim) {
    web = `${sim.url}/group/project`;
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addBranch(42, { name: "main" });
    sim.addPipeline(42, { id: 1300, status: "success" });
    sim.seedCi(42, {
      schedules: [
        { id: 13, description: "Nightly build", ref: "main", cron: "0 2 * * *", cron_timezone: "Asia/Tokyo", owner: "bob", variables: [{ key: "NIGHTLY", value: "1", variable_type: "env_var" }] },
        { id: 14, description: "Paused sync", ref: "main", cron: "0 3 * * 1", active: false, owner: "bob" },
      ],
    });
  },
  cases: [
    {
      id: "pipeline.schedule_list",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/pipeline_schedules" },
      markdown: ["Nightly build", "`0 2 * * *`", "Paused sync", "@bob"],
    },
    {
      id: "pipeline.schedule_list",
      name: "only the active ones",
      params: { project_id: 42, scope: "active" },
      request: { method: "GET", path: "/projects/42/pipeline_schedules", query: { scope: "active" } },
      markdown: ["Nightly build"],
      check: (r) => assert.equal((r.structuredContent!.schedules as unknown[]).length, 1),
    },
    {
      id: "pipeline.schedule_create",
      params: { project_id: 42, description: "Weekly audit", ref: "main", cron: "0 1 * * 5" },
      request: { method: "POST", path: "/projects/42/pipeline_schedules", body: { description: "Weekly audit", ref: "main", cron: "0 1 * * 5" } },
      markdown: ["Pipeline schedule created: #15", "- **Ref**: `refs/heads/main`", "- **Time Zone**: UTC", "- **Owner**: @sim-user"],
    },
    {
      id: "pipeline.schedule_create",
      name: "a cron GitLab cannot parse is its 400",
      params: { project_id: 42, description: "Broken", ref: "main", cron: "every day" },
      request: { method: "POST", path: "/projects/42/pipeline_schedules" },
      markdown: [/invalid syntax/],
      isError: true,
    },
    {
      id: "pipeline.schedule_get",
      name: "the schedule just created",
      params: { project_id: 42, pipeline_schedule_id: 15 },
      request: { method: "GET", path: "/projects/42/pipeline_schedules/15" },
      markdown: ["## Pipeline Schedule #15: Weekly audit", "- **Cron**: `0 1 * * 5`", "- **Active**: ✅"],
    },
    {
      id: "pipeline.schedule_get",
      name: "a schedule's edit page pasted as url",
      params: { get url() { return `${web}/-/pipeline_schedules/13/edit`; } },
      request: { method: "GET", path: "/projects/group%2Fproject/pipeline_schedules/13" },
      markdown: ["## Pipeline Schedule #13: Nightly build"],
    },
    {
      id: "pipeline.schedule_get",
      name: "an unknown schedule answers the not-found card",
      params: { project_id: 42, pipeline_schedule_id: 99 },
      request: { method: "GET", path: "/projects/42/pipeline_schedules/99" },
      markdown: ["## ❓ Pipeline Schedule Not Found"],
      isError: true,
    },
    {
      id: "pipeline.schedule_update",
      params: { project_id: 42, pipeline_schedule_id: 14, active: true, cron: "0 4 * * 1" },
      request: { method: "PUT", path: "/projects/42/pipeline_schedules/14", body: { active: true, cron: "0 4 * * 1" } },
      markdown: ["Pipeline schedule updated: #14", "- **Cron**: `0 4 * * 1`", "- **Active**: ✅"],
    },
    {
      id: "pipeline.schedule_update",
      name: "sets and removes CI inputs",
      params: { project_id: 42, pipeline_schedule_id: 15, inputs: [{ name: "deploy_strategy", value: "rolling" }, { name: "gone", _destroy: true }] },
      request: { method: "PUT", path: "/projects/42/pipeline_schedules/15", body: { inputs: [{ name: "deploy_strategy", value: "rolling" }, { name: "gone", _destroy: true }] } },
      markdown: ["Pipeline schedule updated: #15"],
      check: (r) => assert.deepEqual(r.structuredContent!.inputs, [{ name: "deploy_strategy", value: "rolling" }]),
    },
    {
      id: "pipeline.schedule_create_variable",
      params: { project_id: 42, pipeline_schedule_id: 13, key: "TARGET", value: "staging" },
      request: { method: "POST", path: "/projects/42/pipeline_schedules/13/variables", body: { key: "TARGET", value: "staging" } },
      markdown: ["Schedule variable created: TARGET", "- **Value**: `staging`", "- **Type**: env_var"],
    },
    {
      id: "pipeline.schedule_create_variable",
      name: "a key already taken is GitLab's 400",
      params: { project_id: 42, pipeline_schedule_id: 13, key: "TARGET", value: "prod" },
      request: { method: "POST", path: "/projects/42/pipeline_schedules/13/variables" },
      markdown: [/has already been taken/],
      isError: true,
    },
    {
      id: "pipeline.schedule_edit_variable",
      params: { project_id: 42, pipeline_schedule_id: 13, key: "TARGET", value: "production", variable_type: "file" },
      request: { method: "PUT", path: "/projects/42/pipeline_schedules/13/variables/TARGET", body: { value: "production", variable_type: "file" } },
      markdown: ["Schedule variable updated: TARGET", "- **Value**: `production`", "- **Type**: file"],
    },
    {
      id: "pipeline.schedule_delete_variable",
      params: { project_id: 42, pipeline_schedule_id: 13, key: "NIGHTLY" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/pipeline_schedules/13/variables/NIGHTLY" },
      markdown: ["Schedule variable deleted: NIGHTLY"],
    },
    {
      id: "pipeline.schedule_get",
      name: "the schedule keeps the edited variable only",
      params: { project_id: 42, pipeline_schedule_id: 13 },
      request: { method: "GET", path: "/projects/42/pipeline_schedules/13" },
      markdown: ["## Pipeline Schedule #13: Nightly build"],
      check: (r) => assert.deepEqual(r.structuredContent!.variables, [{ key: "TARGET", variable_type: "file", value: "production", raw: false }]),
    },
    {
      id: "pipeline.schedule_list_triggered_pipelines",
      name: "nothing run yet",
      params: { project_id: 42, pipeline_schedule_id: 13 },
      request: { method: "GET", path: "/projects/42/pipeline_schedules/13/pipelines" },
      markdown: ["This schedule has not run any pipeline yet."],
    },
    {
      id: "pipeline.schedule_run",
      params: { project_id: 42, pipeline_schedule_id: 13 },
      request: { method: "POST", path: "/projects/42/pipeline_schedules/13/play" },
      markdown: [/success/i],
    },
    {
      id: "pipeline.schedule_list_triggered_pipelines",
      name: "the pipeline the run started",
      params: { project_id: 42, pipeline_schedule_id: 13 },
      request: { method: "GET", path: "/projects/42/pipeline_schedules/13/pipelines" },
      markdown: ["1301", "🆕 created", "`main`"],
      check: (r) => assert.equal((r.structuredContent!.pipelines as { source: string }[])[0].source, "schedule"),
    },
    {
      id: "pipeline.schedule_get",
      name: "the run is its last pipeline",
      params: { project_id: 42, pipeline_schedule_id: 13 },
      request: { method: "GET", path: "/projects/42/pipeline_schedules/13" },
      markdown: ["- **Last Pipeline**: [#1301](", "- **Owner**: @bob"],
    },
    {
      id: "pipeline.schedule_take_ownership",
      params: { project_id: 42, pipeline_schedule_id: 13 },
      request: { method: "POST", path: "/projects/42/pipeline_schedules/13/take_ownership" },
      markdown: ["Pipeline schedule #13 now owned by @sim-user", "- **Owner**: @sim-user"],
    },
    {
      id: "pipeline.schedule_delete",
      params: { project_id: 42, pipeline_schedule_id: 14 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/pipeline_schedules/14" },
      markdown: [/success/i],
    },
    {
      id: "pipeline.schedule_get",
      name: "a deleted schedule is gone",
      params: { project_id: 42, pipeline_schedule_id: 14 },
      request: { method: "GET", path: "/projects/42/pipeline_schedules/14" },
      markdown: ["## ❓ Pipeline Schedule Not Found"],
      isError: true,
    },
  ],
};
