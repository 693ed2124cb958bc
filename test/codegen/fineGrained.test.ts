// The join of GitLab's fine-grained permission tables to the catalog (codegen/lib/fineGrained.ts): route
// matching, the tables' special sections, catalog overrides and the problems codegen:check reports.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { definedPermissions, joinFineGrained, loadFineGrained, permissionName, type FineGrainedData } from "../../codegen/lib/fineGrained.js";
import { actions } from "../../generated/index.js";
import type { ActionRecord } from "../../runtime/catalog/types.js";

const root = new URL("../../../", import.meta.url).pathname;
const data = loadFineGrained(root);
const sdl = readFileSync(join(root, "codegen/inputs/gitlab-schema.graphql"), "utf8");

const rest = (id: string, method: string, path: string): ActionRecord =>
  ({ ...actions.find((a) => a.request.kind === "rest")!, id, request: { kind: "rest", method, path } }) as ActionRecord;
const row = (resource: string, action: string, boundary: "Project" | "Group" | "User" | "Instance", method: string, path: string, also = "") =>
  `X\t${resource}\t${action}\t${boundary}\t${method}\t${path}\t${also}`;
function tables(rows: string[], special: string[] = []): FineGrainedData {
  return {
    ...data,
    rest: rows.map((r) => {
      const [category, resource, action, boundary, kind, target, also] = r.split("\t");
      return { category, resource, action, boundary: boundary.toLowerCase() as "project", kind, target, also: also ? also.split(";") : [] };
    }),
    special: special.map((r) => {
      const [section, method, path, permissions, reason] = r.split("\t");
      return { section: section as "always", method, path, permissions: permissions ? permissions.split(";") : [], reason };
    }),
  };
}

describe("fine-grained permission tables", () => {
  it("name the recorded release, their sources and commits", () => {
    assert.equal(data.release, "19.4.1");
    assert.deepEqual(data.sources.map((s) => s.file), ["rest.tsv", "graphql.tsv"]);
    for (const s of data.sources) assert.match(s.commit, /^[0-9a-f]{40}$/);
    assert.ok(data.rest.length > 2000 && data.graphql.length > 800 && data.special.length > 500);
  });

  it("name a permission as GitLab does: action then resource, snake_case", () => {
    assert.equal(permissionName("Read", "Merge Request"), "read_merge_request");
    assert.equal(permissionName("Create", "CI Config"), "create_ci_config");
    assert.deepEqual(definedPermissions(data).create_branch, { resource: "Branch", action: "Create" });
  });

  it("match a catalog path to the route with the most literal segments, parameters as wildcards", () => {
    const t = tables([row("Pipeline", "Read", "Project", "GET", "/projects/:id/pipelines/:pipeline_id"), row("Pipeline Latest", "Read", "Project", "GET", "/projects/:id/pipelines/latest")]);
    const r = joinFineGrained([rest("a.latest", "GET", "/projects/{project_id}/pipelines/latest"), rest("a.one", "GET", "/projects/{project_id}/pipelines/{pipeline_id}")], t, sdl, {});
    assert.deepEqual(r.records["a.latest"], { reach: "granted", needs: [{ permission: "read_pipeline_latest", boundaries: ["project"] }] });
    assert.deepEqual(r.records["a.one"], { reach: "granted", needs: [{ permission: "read_pipeline", boundaries: ["project"] }] });
  });

  it("expand optional parts and globs, and add the footnote's permission", () => {
    const t = tables([
      row("Release", "Read", "Project", "GET", "/projects/:id/releases/permalink/latest(/)(*suffix_path)"),
      row("Deployment", "Read", "Project", "GET", "/projects/:id/deployments/:deployment_id/merge_requests", "Read Merge Request"),
    ]);
    const r = joinFineGrained(
      [rest("a.latest", "GET", "/projects/{project_id}/releases/permalink/latest"), rest("a.sub", "GET", "/projects/{project_id}/releases/permalink/latest/downloads/x"), rest("a.mrs", "GET", "/projects/{project_id}/deployments/{deployment_id}/merge_requests")],
      t,
      sdl,
      {},
    );
    assert.equal(r.records["a.latest"].reach, "granted");
    assert.equal(r.records["a.sub"].reach, "granted");
    assert.deepEqual(r.records["a.mrs"], {
      reach: "granted",
      needs: [
        { permission: "read_deployment", boundaries: ["project"] },
        { permission: "read_merge_request", boundaries: ["project"] },
      ],
    });
  });

  it("read the special sections: always reachable, readable when public, unavailable with GitLab's reason", () => {
    const t = tables([row("Branch", "Read", "Project", "GET", "/projects/:id/repository/branches")], [
      "always\tGET\t/topics\t\t",
      "public\tGET\t/projects/:id/repository/branches\tBranch: Read\t",
      "unavailable\tPOST\t/projects/:id/trigger/pipeline\t\tCI trigger token",
    ]);
    const r = joinFineGrained([rest("a.topics", "GET", "/topics"), rest("a.branches", "GET", "/projects/{project_id}/repository/branches"), rest("a.trigger", "POST", "/projects/{project_id}/trigger/pipeline"), rest("a.none", "GET", "/nowhere")], t, sdl, {});
    assert.deepEqual(r.records["a.topics"], { reach: "granted", needs: [] });
    assert.deepEqual(r.records["a.branches"], { reach: "granted", needs: [{ permission: "read_branch", boundaries: ["project"] }], publicRead: true });
    assert.deepEqual(r.records["a.trigger"], { reach: "none", why: "GitLab 19.4.1 serves POST /projects/:id/trigger/pipeline only to another kind of credential (CI trigger token)" });
    assert.deepEqual(r.records["a.none"], { reach: "none", why: "GitLab 19.4.1 lists no fine-grained permission for GET /nowhere" });
  });

  it("report a route listed under two permissions, which an override with a reason resolves", () => {
    const t = tables([row("Job", "Read", "Project", "GET", "/projects/:id/thing"), row("Pipeline", "Read", "Project", "GET", "/projects/:id/thing")]);
    const action = rest("a.thing", "GET", "/projects/{project_id}/thing");
    const unresolved = joinFineGrained([action], t, sdl, {});
    assert.deepEqual(unresolved.problems, [{ action: "a.thing", message: "GET /projects/:id/thing is listed under read_job and read_pipeline: add fine_grained with the needs and a reason" }]);
    const resolved = joinFineGrained([action], t, sdl, { "a.thing": { reason: "GitLab checks the job first.", needs: [{ permission: "read_job", boundaries: ["project"] }] } });
    assert.deepEqual(resolved.problems, []);
    assert.deepEqual(resolved.overridden, [{ action: "a.thing", reason: "GitLab checks the job first." }]);
    const unknown = joinFineGrained([action], t, sdl, { "a.thing": { reason: "A permission GitLab does not define.", needs: [{ permission: "read_nothing", boundaries: ["project"] }] } });
    assert.match(unknown.problems[0].message, /read_nothing, which GitLab 19\.4\.1 does not define/);
  });

  it("give every catalog action a record, from GitLab's own rows", () => {
    const byId = new Map(actions.map((a) => [a.id, a.fineGrained]));
    for (const a of actions) assert.ok(a.fineGrained.reach === "granted" || a.fineGrained.why.length > 0, a.id);
    assert.deepEqual(byId.get("branch.create"), { reach: "granted", needs: [{ permission: "create_branch", boundaries: ["project"] }] });
    assert.deepEqual(byId.get("merge_request.merge"), { reach: "granted", needs: [{ permission: "merge_merge_request", boundaries: ["project"] }] });
    assert.equal(byId.get("pipeline.trigger_run")?.reach, "none");
  });
});
