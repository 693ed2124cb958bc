// Every documented parameter of the pipeline, environment and CI/CD Catalog actions (issue 22): pipeline
// inputs go to GitLab as the hash it documents (and a malformed one is refused), variables as an array of
// key, value and variable_type objects; environment settings are stored and come back; the catalog's
// scope narrows. Fixtures follow doc/api/pipelines.md, pipeline_triggers.md, environments.md and
// GraphQL's Query.ciCatalogResources.
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { job } from "./job.cases.js";

const TOKEN = "glptt-0123456789abcdef0123456789abcdef01234567";
const structured = (r: CallToolResult) => (r.structuredContent ?? {}) as Record<string, unknown>;
let envId = 0;

export const table: BehaviourTable = {
  domain: "params ci",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addBranch(42, { name: "main" });
    sim.addPipeline(42, { id: 1500, status: "success" });
    sim.seedCi(42, { triggers: [{ id: 10, description: "deploy hook", token: TOKEN }] });
    sim.addDocument("job", 42, job(601, "rspec", "test", "failed", { failure_reason: "script_failure" }));
    sim.addDocument("job", 42, job(602, "deploy", "deploy", "manual", { started_at: null, duration: null }));
  },
  cases: [
    {
      id: "pipeline.create",
      name: "inputs as a hash and typed variables reach GitLab in its shapes",
      params: { project_id: 42, ref: "main", inputs: { environment: "prod", replicas: 3, dry: false, regions: ["eu", "us"] }, variables: [{ key: "CONFIG", value: "a: 1", variable_type: "file" }] },
      request: {
        method: "POST",
        path: "/projects/42/pipeline",
        body: { ref: "main", inputs: { environment: "prod", replicas: 3, dry: false, regions: ["eu", "us"] }, variables: [{ key: "CONFIG", value: "a: 1", variable_type: "file" }] },
      },
      markdown: ["Pipeline created: #1501"],
    },
    {
      id: "pipeline.variables",
      name: "the file variable came back with its type",
      params: { project_id: 42, pipeline_id: 1501 },
      request: { method: "GET", path: "/projects/42/pipelines/1501/variables" },
      markdown: ["CONFIG"],
      check: (r) => assert.deepEqual((structured(r).variables as { key: string; variable_type: string }[]).map((v) => [v.key, v.variable_type]), [["CONFIG", "file"]]),
    },
    {
      id: "pipeline.create",
      name: "inputs given as a list are refused before anything is sent",
      params: { project_id: 42, ref: "main", inputs: ["environment=prod"] },
      markdown: [/inputs/],
      isError: true,
    },
    {
      id: "pipeline.create",
      name: "a variable_type GitLab does not know is refused before sending",
      params: { project_id: 42, ref: "main", variables: [{ key: "A", value: "1", variable_type: "secret" }] },
      markdown: [/variable_type/],
      isError: true,
    },
    {
      id: "pipeline.trigger_run",
      name: "inputs reach GitLab as a hash beside the variables",
      params: { project_id: 42, token: TOKEN, ref: "main", inputs: { environment: "staging" }, variables: [{ key: "DEPLOY", value: "1" }] },
      request: { method: "POST", path: "/projects/42/trigger/pipeline", body: { token: TOKEN, ref: "main", inputs: { environment: "staging" }, variables: { DEPLOY: "1" } } },
      markdown: ["Pipeline triggered: #1502"],
    },
    {
      id: "job.retry",
      name: "job_inputs reach GitLab as a hash",
      params: { project_id: 42, job_id: 601, job_inputs: { version: "v2", replicas: 3 } },
      request: { method: "POST", path: "/projects/42/jobs/601/retry", body: { job_inputs: { version: "v2", replicas: 3 } } },
      markdown: [/Job #\d+: rspec/],
      check: (r) => assert.equal(structured(r).status, "pending"),
    },
    {
      id: "job.play",
      name: "job_inputs beside the job variables",
      params: { project_id: 42, job_id: 602, job_inputs: { environment: "staging" }, job_variables_attributes: [{ key: "FORCE", value: "1" }] },
      request: { method: "POST", path: "/projects/42/jobs/602/play", body: { job_inputs: { environment: "staging" }, job_variables_attributes: [{ key: "FORCE", value: "1" }] } },
      markdown: [/Job #602: deploy/],
    },
    {
      id: "job.retry",
      name: "job_inputs given as a list are refused before anything is sent",
      params: { project_id: 42, job_id: 601, job_inputs: ["version=v2"] },
      markdown: [/job_inputs/],
      isError: true,
    },
    {
      id: "environment.create",
      name: "agent, namespace, Flux resource and auto-stop setting are stored and come back",
      params: { project_id: 42, name: "review/app", cluster_agent_id: 7, kubernetes_namespace: "review", flux_resource_path: "helm.toolkit.fluxcd.io/v2/namespaces/review/helmreleases/app", auto_stop_setting: "with_action" },
      request: {
        method: "POST",
        path: "/projects/42/environments",
        body: { name: "review/app", cluster_agent_id: 7, kubernetes_namespace: "review", flux_resource_path: "helm.toolkit.fluxcd.io/v2/namespaces/review/helmreleases/app", auto_stop_setting: "with_action" },
      },
      markdown: ["Environment created: review/app"],
      check(r) {
        const s = structured(r);
        envId = Number(s.id);
        assert.deepEqual([s.kubernetes_namespace, s.auto_stop_setting, (s.cluster_agent as { id: number }).id], ["review", "with_action", 7]);
        assert.equal(s.flux_resource_path, "helm.toolkit.fluxcd.io/v2/namespaces/review/helmreleases/app");
      },
    },
    {
      id: "environment.create",
      name: "a Flux resource without a namespace is GitLab's 400",
      params: { project_id: 42, name: "review/other", flux_resource_path: "x/y" },
      request: { method: "POST", path: "/projects/42/environments" },
      markdown: [/kubernetes_namespace/],
      isError: true,
    },
    {
      id: "environment.create",
      name: "an auto_stop_setting GitLab does not know is refused before sending",
      params: { project_id: 42, name: "review/third", auto_stop_setting: "never" },
      markdown: [/auto_stop_setting/],
      isError: true,
    },
    {
      id: "environment.update",
      name: "the settings change and come back",
      params: { project_id: 42, get environment_id() { return envId; }, kubernetes_namespace: "review-2", auto_stop_setting: "always", cluster_agent_id: 8 },
      get request() { return { method: "PUT", path: `/projects/42/environments/${envId}`, body: { kubernetes_namespace: "review-2", auto_stop_setting: "always", cluster_agent_id: 8 } }; },
      markdown: ["Environment updated: review/app"],
      check(r) {
        const s = structured(r);
        assert.deepEqual([s.kubernetes_namespace, s.auto_stop_setting, (s.cluster_agent as { id: number }).id], ["review-2", "always", 8]);
      },
    },
    {
      id: "environment.get",
      name: "and stay stored",
      params: { project_id: 42, get environment_id() { return envId; } },
      get request() { return { method: "GET", path: `/projects/42/environments/${envId}` }; },
      markdown: ["review/app"],
      check: (r) => assert.equal(structured(r).kubernetes_namespace, "review-2"),
    },
    {
      id: "ci_catalog.list",
      name: "scope NAMESPACES keeps only resources of your own namespaces",
      params: { scope: "NAMESPACES" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: [/No CI\/CD Catalog resources found/],
      check(r, sim) {
        assert.equal(sim.log.at(-1)?.graphql?.variables?.scope, "NAMESPACES");
        assert.deepEqual(structured(r).resources, []);
      },
    },
    {
      id: "ci_catalog.list",
      name: "scope ALL lists them",
      params: { scope: "ALL" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: [/CI\/CD Catalog Resources/],
      check: (r) => assert.ok((structured(r).resources as unknown[]).length > 0),
    },
  ],
};
