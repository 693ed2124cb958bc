// Pipelines: the behaviour table (see test/helpers/behaviour.ts). Fixtures follow GitLab's pipelines and
// resource groups API docs; the simulator keeps the pipelines (test/sim/restPipelines.ts).
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import type { GitLabSimulator } from "../sim/simulator.js";

export const TEST_REPORT = {
  total_time: 5,
  total_count: 3,
  success_count: 2,
  failed_count: 1,
  skipped_count: 0,
  error_count: 0,
  test_suites: [
    {
      name: "rspec",
      total_time: 5,
      total_count: 3,
      success_count: 2,
      failed_count: 1,
      skipped_count: 0,
      error_count: 0,
      test_cases: [
        { status: "success", name: "logs in", classname: "login_spec", execution_time: 1, system_output: null, stack_trace: null },
        { status: "failed", name: "logs out", classname: "login_spec", execution_time: 2, system_output: "expected 200, got 500", stack_trace: "login_spec.rb:12" },
      ],
    },
  ],
};

/** A project with pipelines in every state the table needs. */
export function seedPipelines(sim: GitLabSimulator): void {
  sim.addProject({ id: 42, path_with_namespace: "group/project" });
  sim.addBranch(42, { name: "main" });
  sim.addPipeline(42, { id: 1201, status: "success" });
  sim.addPipeline(42, { id: 1202, status: "failed" });
  sim.addPipeline(42, { id: 1203, status: "running" });
  sim.addPipeline(42, { id: 1204, status: "success" });
  sim.addPipeline(42, { id: 1207, status: "pending" });
  sim.addPipeline(42, { id: 1208, status: "running" });
  sim.seedCi(42, {
    pipelines: [
      { id: 1201, name: "Build pipeline", user: "alice", variables: [{ key: "RUN_NIGHTLY", value: "true", variable_type: "env_var" }], test_report: TEST_REPORT },
      { id: 1207, statuses: ["running", "running", "success"] },
    ],
    resource_groups: [
      {
        key: "production",
        upcoming_jobs: [
          {
            id: 8001,
            name: "deploy_to_production",
            stage: "deploy",
            status: "waiting_for_resource",
            ref: "main",
            tag: false,
            allow_failure: false,
            created_at: "2025-03-01T10:00:00.000Z",
            pipeline: { id: 1203, iid: 3, project_id: 42, sha: "a".repeat(40), ref: "main", status: "running", source: "push", web_url: "https://gitlab.example.com/group/project/-/pipelines/1203" },
            web_url: "https://gitlab.example.com/group/project/-/jobs/8001",
          },
        ],
      },
    ],
  });
}

export const table: BehaviourTable = {
  domain: "pipeline",
  seed: seedPipelines,
  env: { GITLAB_MCP_POLL_TIME_SCALE: "0.01" },
  cases: [
    {
      id: "pipeline.get",
      params: { project_id: "group/project", pipeline_id: 1201 },
      request: { method: "GET", path: "/projects/group%2Fproject/pipelines/1201" },
      markdown: ["Pipeline #1201", "- **Name**: Build pipeline", "- **Triggered By**: @alice"],
    },
    {
      id: "pipeline.get",
      name: "an unknown pipeline answers the not-found card",
      params: { project_id: 42, pipeline_id: 9999 },
      request: { method: "GET", path: "/projects/42/pipelines/9999" },
      markdown: ["## ❓ Pipeline Not Found"],
      isError: true,
    },
    {
      id: "pipeline.list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/pipelines", query: {} },
      markdown: ["1208", "1201"],
      check: (r) => assert.deepEqual((r.structuredContent!.pipelines as { id: number }[]).map((p) => p.id), [1208, 1207, 1204, 1203, 1202, 1201]),
    },
    {
      id: "pipeline.list",
      name: "filters by status and ref",
      params: { project_id: 42, status: "failed", ref: "main", sort: "asc" },
      request: { method: "GET", path: "/projects/42/pipelines", query: { status: "failed", ref: "main", sort: "asc" } },
      markdown: ["1202", "❌ failed"],
      check: (r) => assert.equal((r.structuredContent!.pipelines as unknown[]).length, 1),
    },
    {
      id: "pipeline.latest",
      params: { project_id: 42, ref: "main" },
      request: { method: "GET", path: "/projects/42/pipelines/latest", query: { ref: "main" } },
      markdown: ["Pipeline #1208"],
    },
    {
      id: "pipeline.latest",
      name: "GitLab's 403 for a commit without pipeline is the not-found card",
      params: { project_id: 42, ref: "nope" },
      request: { method: "GET", path: "/projects/42/pipelines/latest", query: { ref: "nope" } },
      markdown: ["## ❓ Pipeline Not Found", "newest commit of that branch or tag may have no pipeline"],
      isError: true,
    },
    {
      id: "pipeline.create",
      params: { project_id: 42, ref: "main", variables: [{ key: "DEPLOY", value: "yes" }] },
      request: { method: "POST", path: "/projects/42/pipeline", body: { ref: "main", variables: [{ key: "DEPLOY", value: "yes" }] } },
      markdown: ["Pipeline created: #1209", "🆕 created"],
    },
    {
      id: "pipeline.create",
      name: "an unknown ref is GitLab's 400",
      params: { project_id: 42, ref: "nope" },
      request: { method: "POST", path: "/projects/42/pipeline" },
      markdown: [/Reference not found/],
      isError: true,
    },
    {
      id: "pipeline.retry",
      params: { project_id: 42, pipeline_id: 1202 },
      request: { method: "POST", path: "/projects/42/pipelines/1202/retry" },
      markdown: ["Pipeline retried: #1202", "🟡 pending"],
    },
    {
      id: "pipeline.cancel",
      params: { project_id: 42, pipeline_id: 1203 },
      request: { method: "POST", path: "/projects/42/pipelines/1203/cancel" },
      markdown: ["Pipeline canceled: #1203", "⛔ canceled"],
    },
    {
      id: "pipeline.update_metadata",
      params: { project_id: 42, pipeline_id: 1203, name: "Nightly" },
      request: { method: "PUT", path: "/projects/42/pipelines/1203/metadata", body: { name: "Nightly" } },
      markdown: ["Pipeline updated: #1203", "- **Name**: Nightly"],
    },
    {
      id: "pipeline.delete",
      params: { project_id: 42, pipeline_id: 1204 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/pipelines/1204" },
      markdown: [/success/i],
    },
    {
      id: "pipeline.get",
      name: "a deleted pipeline is gone",
      params: { project_id: 42, pipeline_id: 1204 },
      request: { method: "GET", path: "/projects/42/pipelines/1204" },
      markdown: ["## ❓ Pipeline Not Found"],
      isError: true,
    },
    {
      id: "pipeline.variables",
      params: { project_id: 42, pipeline_id: 1201 },
      request: { method: "GET", path: "/projects/42/pipelines/1201/variables" },
      markdown: ["RUN_NIGHTLY", "env_var"],
    },
    {
      id: "pipeline.test_report",
      params: { project_id: 42, pipeline_id: 1201 },
      request: { method: "GET", path: "/projects/42/pipelines/1201/test_report" },
      markdown: ["## Pipeline Test Report", "- **Failed**: 1", "### Failed Tests (1)", "- ❌ logs out (`rspec › login_spec`): expected 200, got 500"],
      check: (r) => assert.equal((r.structuredContent!.test_suites as { test_cases: unknown[] }[])[0].test_cases.length, 2),
    },
    {
      id: "pipeline.test_report_summary",
      params: { project_id: 42, pipeline_id: 1201 },
      request: { method: "GET", path: "/projects/42/pipelines/1201/test_report_summary" },
      markdown: ["## Pipeline Test Summary", "- **Tests**: 3", "- **Failed**: 1"],
    },
    {
      id: "pipeline.test_report_summary",
      name: "an unknown pipeline answers the not-found card",
      params: { project_id: 42, pipeline_id: 9999 },
      request: { method: "GET", path: "/projects/42/pipelines/9999/test_report_summary" },
      markdown: ["## ❓ Pipeline Not Found"],
      isError: true,
    },
    {
      id: "pipeline.wait",
      name: "polls until the pipeline finishes",
      params: { project_id: 42, pipeline_id: 1207, interval: 5 },
      request: [
        { method: "GET", path: "/projects/42/pipelines/1207" },
        { method: "GET", path: "/projects/42/pipelines/1207" },
        { method: "GET", path: "/projects/42/pipelines/1207" },
      ],
      markdown: ["✅ Pipeline #1207"],
      check: (r) => assert.deepEqual(r.structuredContent!.wait, { finished: true, stopped_by: "done", waited_seconds: (r.structuredContent!.wait as { waited_seconds: number }).waited_seconds, polls: 3 }),
    },
    {
      id: "pipeline.wait",
      name: "a pipeline still running at the timeout is an answer, not an error",
      params: { project_id: 42, pipeline_id: 1208, timeout: 10, interval: 5 },
      request: { method: "GET", path: "/projects/42/pipelines/1208" },
      markdown: [/^⏳ Still running after \d+ s \(the 10 s timeout passed\); call pipeline\.wait again/, "Pipeline #1208"],
      check: (r) => assert.equal((r.structuredContent!.wait as { finished: boolean }).finished, false),
    },
    {
      id: "pipeline.wait",
      name: "an unknown pipeline answers the not-found card at once",
      params: { project_id: 42, pipeline_id: 9999 },
      request: { method: "GET", path: "/projects/42/pipelines/9999" },
      markdown: ["## ❓ Pipeline Not Found"],
      isError: true,
    },
    {
      id: "pipeline.wait",
      name: "an interval under 5 s is refused before anything is sent",
      params: { project_id: 42, pipeline_id: 1207, interval: 1 },
      markdown: [/interval/],
      isError: true,
    },
    {
      id: "pipeline.resource_group_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/resource_groups" },
      markdown: ["`production`", "unordered"],
    },
    {
      id: "pipeline.resource_group_get",
      params: { project_id: 42, key: "production" },
      request: { method: "GET", path: "/projects/42/resource_groups/production" },
      markdown: ["## Resource Group: production", "- **Process Mode**: unordered"],
    },
    {
      id: "pipeline.resource_group_get",
      name: "an unknown key answers the not-found card",
      params: { project_id: 42, key: "staging" },
      request: { method: "GET", path: "/projects/42/resource_groups/staging" },
      markdown: ["## ❓ Resource Group Not Found"],
      isError: true,
    },
    {
      id: "pipeline.resource_group_edit",
      params: { project_id: 42, key: "production", process_mode: "oldest_first" },
      request: { method: "PUT", path: "/projects/42/resource_groups/production", body: { process_mode: "oldest_first" } },
      markdown: ["Resource group updated: production", "oldest_first"],
    },
    {
      id: "pipeline.resource_group_upcoming_jobs",
      params: { project_id: 42, key: "production" },
      request: { method: "GET", path: "/projects/42/resource_groups/production/upcoming_jobs" },
      markdown: ["deploy_to_production", "#1203"],
    },
  ],
};
