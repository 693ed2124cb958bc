// Pipelines, schedules, trigger tokens and resource groups as GitLab answers them (doc/api/pipelines.md,
// pipeline_schedules.md, pipeline_triggers.md, resource_groups.md): filters and order, pagination
// headers, status codes, error bodies, trigger tokens cut to four characters for anyone but their
// owner, and the scripted statuses a wait test relies on.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "./simulator.js";
import { call } from "./testSupport.js";

describe("pipelines API", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({ tokens: { "glpat-simulator-token": { scopes: ["api"] }, "glpat-bob": { scopes: ["api"], userId: 7 } } });
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addBranch(42, { name: "main" });
    sim.addPipeline(42, { id: 10, status: "success" });
    sim.addPipeline(42, { id: 11, status: "failed" });
    sim.addPipeline(42, { id: 12, status: "pending" });
    sim.seedCi(42, {
      pipelines: [{ id: 12, statuses: ["running", "success"] }],
      triggers: [{ id: 5, description: "hook", token: "glptt-abcdef0123456789" }],
      schedules: [{ id: 3, description: "nightly", ref: "main", cron: "0 2 * * *" }],
    });
  });
  after(() => sim.close());

  it("lists newest first with GitLab's pagination headers, and filters by status", async () => {
    const page = await call(sim, "/projects/42/pipelines?per_page=2");
    assert.deepEqual(page.body.map((p: { id: number }) => p.id), [12, 11]);
    assert.deepEqual(["x-page", "x-per-page", "x-total", "x-next-page"].map((h) => page.headers.get(h)), ["1", "2", "3", "2"]);
    const failed = await call(sim, "/projects/42/pipelines?status=failed");
    assert.deepEqual(failed.body.map((p: { id: number }) => p.id), [11]);
    const bad = await call(sim, "/projects/42/pipelines?status=green");
    assert.deepEqual([bad.status, bad.body], [400, { error: "status does not have a valid value" }]);
  });

  it("a scripted pipeline takes its next status at each read, then keeps the last", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(sim, "/projects/42/pipelines/12")).body.status);
    assert.deepEqual(statuses, ["running", "success", "success"]);
  });

  it("answers ActiveRecord's 404 for an unknown pipeline, schedule or trigger", async () => {
    for (const path of ["/projects/42/pipelines/99", "/projects/42/pipeline_schedules/99", "/projects/42/triggers/99"]) {
      const r = await call(sim, path);
      assert.deepEqual([r.status, r.body], [404, { message: "404 Not found" }], path);
    }
  });

  it("creates a pipeline on a ref that exists, and refuses one that does not", async () => {
    const r = await call(sim, "/projects/42/pipeline", { method: "POST", json: { ref: "main", variables: [{ key: "A", value: "1" }] } });
    assert.equal(r.status, 201);
    assert.deepEqual([r.body.status, r.body.source, r.body.ref], ["created", "api", "main"]);
    const vars = await call(sim, `/projects/42/pipelines/${r.body.id}/variables`);
    assert.deepEqual(vars.body, [{ key: "A", variable_type: "env_var", value: "1", raw: false }]);
    const missing = await call(sim, "/projects/42/pipeline", { method: "POST", json: {} });
    assert.deepEqual([missing.status, missing.body], [400, { error: "ref is missing" }]);
    const unknown = await call(sim, "/projects/42/pipeline", { method: "POST", json: { ref: "nope" } });
    assert.deepEqual([unknown.status, unknown.body], [400, { message: { base: ["Reference not found"] } }]);
  });

  it("shows a trigger token in full to its owner only", async () => {
    const mine = await call(sim, "/projects/42/triggers/5");
    assert.equal(mine.body.token, "glptt-abcdef0123456789");
    const bobs = await call(sim, "/projects/42/triggers/5", { token: "glpat-bob" });
    assert.equal(bobs.body.token, "glpt");
  });

  it("runs a pipeline with a valid trigger token only", async () => {
    const ok = await call(sim, "/projects/42/trigger/pipeline", { method: "POST", json: { token: "glptt-abcdef0123456789", ref: "main", variables: { V: "x" } } });
    assert.deepEqual([ok.status, ok.body.source], [201, "trigger"]);
    const bad = await call(sim, "/projects/42/trigger/pipeline", { method: "POST", json: { token: "nope", ref: "main" } });
    assert.deepEqual([bad.status, bad.body], [404, { message: "404 Not Found" }]);
  });

  it("plays a schedule (201 Created), which runs a scheduled pipeline it then lists", async () => {
    const play = await call(sim, "/projects/42/pipeline_schedules/3/play", { method: "POST" });
    assert.deepEqual([play.status, play.body], [201, { message: "201 Created" }]);
    const runs = await call(sim, "/projects/42/pipeline_schedules/3/pipelines");
    assert.deepEqual(runs.body.map((p: { source: string; ref: string }) => [p.source, p.ref]), [["schedule", "main"]]);
    const schedule = await call(sim, "/projects/42/pipeline_schedules/3");
    assert.equal(schedule.body.ref, "refs/heads/main");
    assert.equal(schedule.body.last_pipeline.id, runs.body[0].id);
  });

  it("take_ownership makes the caller the owner", async () => {
    const r = await call(sim, "/projects/42/pipeline_schedules/3/take_ownership", { method: "POST", token: "glpat-bob" });
    assert.deepEqual([r.status, r.body.owner.id], [201, 7]);
  });
});
