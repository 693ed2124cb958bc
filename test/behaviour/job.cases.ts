// Jobs: lists, lifecycle (retry, cancel, play, erase) and wait. Fixtures follow GitLab's jobs API docs
// (doc/api/jobs.md); the simulator keeps job state, so a retry is seen by the next list.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import type { GitLabSimulator } from "../sim/simulator.js";

const WEB = "https://gitlab.example.com/group/project";
const SHA = "c".repeat(40);
const PIPELINE = { id: 1207, iid: 12, project_id: 42, sha: SHA, ref: "main", status: "failed", source: "push", web_url: `${WEB}/-/pipelines/1207` };
const USER = { id: 1, username: "sim-dev", name: "Sim Developer", state: "active", web_url: "https://gitlab.example.com/sim-dev" };

/** A job as GitLab's docs show one. */
export function job(id: number, name: string, stage: string, status: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name,
    stage,
    status,
    ref: "main",
    tag: false,
    allow_failure: false,
    coverage: null,
    created_at: "2025-03-01T10:00:00.000Z",
    started_at: "2025-03-01T10:00:05.000Z",
    finished_at: ["success", "failed", "canceled"].includes(status) ? "2025-03-01T10:02:05.000Z" : null,
    erased_at: null,
    duration: 120.5,
    queued_duration: 0.9,
    user: USER,
    commit: { id: SHA, short_id: SHA.slice(0, 8), title: "Fix the build", web_url: `${WEB}/-/commit/${SHA}` },
    pipeline: PIPELINE,
    web_url: `${WEB}/-/jobs/${id}`,
    artifacts: [],
    artifacts_expire_at: null,
    tag_list: ["docker"],
    archived: false,
    ...extra,
  };
}

export function seedJobs(sim: GitLabSimulator): void {
  sim.addProject({ id: 42, path_with_namespace: "group/project" });
  sim.addDocument("job", 42, job(501, "build", "build", "success"));
  sim.addDocument("job", 42, job(502, "rspec", "test", "failed", { failure_reason: "script_failure" }));
  sim.addDocument("job", 42, job(503, "deploy", "deploy", "manual", { started_at: null, duration: null }));
  sim.addDocument("job", 42, job(504, "lint", "test", "running", { finished_at: null, _status_sequence: ["running", "success"] }));
  sim.addDocument("job", 42, job(505, "e2e", "test", "running", { finished_at: null }));
  sim.addDocument("job", 42, job(506, "old-rspec", "test", "failed", { retried: true }));
  sim.addDocument("job", 42, job(507, "other-pipeline", "build", "success", { pipeline: { ...PIPELINE, id: 1300, web_url: `${WEB}/-/pipelines/1300` } }));
  sim.addDocument("job", 42, job(510, "trigger-docs", "deploy", "success", { downstream_pipeline: { id: 1400, sha: SHA, ref: "main", status: "success", web_url: "https://gitlab.example.com/group/docs/-/pipelines/1400" } }));
}

export const table: BehaviourTable = {
  domain: "job",
  seed: seedJobs,
  cases: [
    {
      id: "job.list",
      name: "a pipeline's jobs, newest first, without retried jobs and bridges",
      params: { project_id: "group/project", pipeline_id: 1207 },
      request: { method: "GET", path: "/projects/group%2Fproject/pipelines/1207/jobs", query: {} },
      markdown: ["## Jobs (5)", "| [505](https://gitlab.example.com/group/project/-/jobs/505) | e2e | test |", "❌ failed", "job.trace"],
      check: (result) => {
        const ids = ((result.structuredContent as { jobs: { id: number }[] }).jobs ?? []).map((j) => j.id);
        assert.deepEqual(ids, [505, 504, 503, 502, 501]);
      },
    },
    {
      id: "job.list",
      name: "scope[] and include_retried reach GitLab",
      params: { project_id: 42, pipeline_id: 1207, scope: ["failed"], include_retried: true },
      request: { method: "GET", path: "/projects/42/pipelines/1207/jobs", query: { "scope[]": "failed", include_retried: "true" } },
      markdown: ["## Jobs (2)", "old-rspec", "rspec"],
    },
    {
      id: "job.list",
      name: "an unknown scope is refused before GitLab",
      params: { project_id: 42, pipeline_id: 1207, scope: ["broken"] },
      markdown: ["scope"],
      isError: true,
    },
    {
      id: "job.list_project",
      params: { project_id: 42, scope: ["running"] },
      request: { method: "GET", path: "/projects/42/jobs", query: { "scope[]": "running" } },
      markdown: ["## Jobs (2)", "lint", "e2e", "🔵 running"],
    },
    {
      id: "job.list_project",
      name: "every job of the project, across pipelines",
      params: { project_id: 42, per_page: 3 },
      request: { method: "GET", path: "/projects/42/jobs", query: { per_page: "3" } },
      markdown: ["other-pipeline", "old-rspec", "e2e"],
    },
    {
      id: "job.list_bridges",
      params: { project_id: 42, pipeline_id: 1207 },
      request: { method: "GET", path: "/projects/42/pipelines/1207/bridges" },
      markdown: ["## Trigger Jobs (1)", "trigger-docs", "[#1400](https://gitlab.example.com/group/docs/-/pipelines/1400)"],
    },
    {
      id: "job.get",
      params: { project_id: 42, job_id: 502 },
      request: { method: "GET", path: "/projects/42/jobs/502" },
      markdown: ["## ❌ Job #502: rspec", "- **Failure Reason**: script_failure"],
    },
    {
      id: "job.retry",
      name: "a failed job is retried: GitLab answers the NEW job",
      params: { project_id: 42, job_id: 502 },
      request: { method: "POST", path: "/projects/42/jobs/502/retry" },
      markdown: ["Job #511: rspec", "pending", "job.wait"],
      check: (result) => assert.equal((result.structuredContent as { id: number }).id, 511),
    },
    {
      id: "job.list",
      name: "after the retry the new job is listed and the old one left out",
      params: { project_id: 42, pipeline_id: 1207, scope: ["pending", "failed"] },
      request: { method: "GET", path: "/projects/42/pipelines/1207/jobs" },
      markdown: ["## Jobs (1)", "[511]("],
    },
    {
      id: "job.retry",
      name: "a running job cannot be retried",
      params: { project_id: 42, job_id: 505 },
      request: { method: "POST", path: "/projects/42/jobs/505/retry" },
      markdown: ["Job is not retryable"],
      isError: true,
    },
    {
      id: "job.cancel",
      params: { project_id: 42, job_id: 505 },
      request: { method: "POST", path: "/projects/42/jobs/505/cancel" },
      markdown: ["Job #505: e2e", "canceled"],
    },
    {
      id: "job.play",
      params: { project_id: 42, job_id: 503, job_variables_attributes: [{ key: "TARGET", value: "staging" }] },
      request: { method: "POST", path: "/projects/42/jobs/503/play", body: { job_variables_attributes: [{ key: "TARGET", value: "staging" }] } },
      markdown: ["Job #503: deploy", "pending"],
    },
    {
      id: "job.play",
      name: "a job that is not manual cannot be played",
      params: { project_id: 42, job_id: 501 },
      request: { method: "POST", path: "/projects/42/jobs/501/play" },
      markdown: ["Unplayable Job"],
      isError: true,
    },
    {
      id: "job.erase",
      params: { project_id: 42, job_id: 501 },
      confirm: true,
      request: { method: "POST", path: "/projects/42/jobs/501/erase" },
      markdown: ["## Job #501 erased: build", "- **Erased**:"],
    },
    {
      id: "job.wait",
      name: "a finished job answers after one poll",
      params: { project_id: 42, job_id: 507 },
      request: { method: "GET", path: "/projects/42/jobs/507" },
      markdown: ["## ✅ Job #507: other-pipeline", "job.trace"],
    },
    {
      id: "job.wait",
      name: "a running job is polled until it finishes",
      params: { project_id: 42, job_id: 504, interval: 5, timeout: 60 },
      request: [
        { method: "GET", path: "/projects/42/jobs/504" },
        { method: "GET", path: "/projects/42/jobs/504" },
        { method: "GET", path: "/projects/42/jobs/504" },
      ],
      markdown: ["## ✅ Job #504: lint"],
    },
    {
      id: "job.wait",
      name: "the timeout bounds the wait and says the job is still running",
      surfaces: ["individual"],
      params: { project_id: 42, job_id: 511, timeout: 1, interval: 5 },
      request: { method: "GET", path: "/projects/42/jobs/511" },
      markdown: [/^⏳ Still pending after \d+ s \(the 1 s timeout passed\); call job\.wait again to keep waiting\./, "Job #511"],
    },
    {
      id: "job.wait",
      name: "an unknown job answers the not-found card",
      params: { project_id: 42, job_id: 9999 },
      request: { method: "GET", path: "/projects/42/jobs/9999" },
      markdown: ["Job Not Found"],
      isError: true,
    },
    {
      id: "job.wait",
      name: "an interval under 5 s is refused by the schema",
      params: { project_id: 42, job_id: 501, interval: 1 },
      markdown: ["interval"],
      isError: true,
    },
  ],
};
