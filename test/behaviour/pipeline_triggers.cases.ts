// Pipeline trigger tokens: the behaviour table (see test/helpers/behaviour.ts). A token is a secret: no
// answer may carry more of it than its first four characters, even to its owner, in Markdown or in
// structuredContent. Fixtures follow GitLab's pipeline trigger tokens API docs.
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";

const SECRET = "glptt-0123456789abcdef0123456789abcdef01234567";

/** Neither the Markdown nor structuredContent holds more than the token's first four characters. */
function tokensMasked(r: CallToolResult): void {
  const all = JSON.stringify(r);
  assert.ok(!all.includes(SECRET.slice(0, 8)), `a token leaked: ${all}`);
  assert.ok(!/glptt-[0-9a-f]{4}/.test(all), `a token leaked: ${all}`);
}

export const table: BehaviourTable = {
  domain: "pipeline triggers",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addBranch(42, { name: "main" });
    sim.addPipeline(42, { id: 1400, status: "success" });
    sim.seedCi(42, {
      triggers: [
        { id: 10, description: "deploy hook", token: SECRET },
        { id: 11, description: "bob's hook", owner: "bob" },
      ],
    });
  },
  cases: [
    {
      id: "pipeline.trigger_list",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/triggers" },
      markdown: ["deploy hook", "`glpt…`", "@bob"],
      check: (r) => {
        tokensMasked(r);
        assert.deepEqual((r.structuredContent!.triggers as { token: string }[]).map((t) => t.token), ["glpt…", "glpt…"]);
      },
    },
    {
      id: "pipeline.trigger_get",
      params: { project_id: 42, trigger_id: 10 },
      request: { method: "GET", path: "/projects/42/triggers/10" },
      markdown: ["## Pipeline Trigger #10: deploy hook", "- **Token**: `glpt…`", "- **Owner**: @sim-user"],
      check: tokensMasked,
    },
    {
      id: "pipeline.trigger_get",
      name: "an unknown trigger answers the not-found card",
      params: { project_id: 42, trigger_id: 99 },
      request: { method: "GET", path: "/projects/42/triggers/99" },
      markdown: ["## ❓ Pipeline Trigger Not Found"],
      isError: true,
    },
    {
      id: "pipeline.trigger_create",
      params: { project_id: 42, description: "release bot" },
      request: { method: "POST", path: "/projects/42/triggers", body: { description: "release bot" } },
      markdown: ["Pipeline trigger created: #12", "- **Token**: `glpt…`"],
      check: tokensMasked,
    },
    {
      id: "pipeline.trigger_update",
      params: { project_id: 42, trigger_id: 12, description: "release robot" },
      request: { method: "PUT", path: "/projects/42/triggers/12", body: { description: "release robot" } },
      markdown: ["Pipeline trigger updated: #12", "- **Description**: release robot"],
      check: tokensMasked,
    },
    {
      id: "pipeline.trigger_run",
      params: { project_id: 42, token: SECRET, ref: "main", variables: [{ key: "DEPLOY_TO", value: "staging" }] },
      request: { method: "POST", path: "/projects/42/trigger/pipeline", body: { token: SECRET, ref: "main", variables: { DEPLOY_TO: "staging" } } },
      markdown: ["Pipeline triggered: #1401", "- **Source**: trigger"],
      check: tokensMasked,
    },
    {
      id: "pipeline.variables",
      name: "the triggered pipeline got the variables",
      params: { project_id: 42, pipeline_id: 1401 },
      request: { method: "GET", path: "/projects/42/pipelines/1401/variables" },
      markdown: ["DEPLOY_TO", "staging"],
    },
    {
      id: "pipeline.trigger_run",
      name: "an unknown token is GitLab's 404",
      params: { project_id: 42, token: "wrong", ref: "main" },
      request: { method: "POST", path: "/projects/42/trigger/pipeline" },
      markdown: [/404|not found/i],
      isError: true,
    },
    {
      id: "pipeline.trigger_delete",
      params: { project_id: 42, trigger_id: 12 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/triggers/12" },
      markdown: [/success/i],
    },
    {
      id: "pipeline.trigger_get",
      name: "a deleted trigger is gone",
      params: { project_id: 42, trigger_id: 12 },
      request: { method: "GET", path: "/projects/42/triggers/12" },
      markdown: ["## ❓ Pipeline Trigger Not Found"],
      isError: true,
    },
  ],
};
