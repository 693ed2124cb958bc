// Pagination and resources through a real client where the golden examples do not reach: GitLab's
// no-totals mode past its counting limit (FMT-4, FMT-5) and the project_path alias embedding the same
// gitlab:// URI as project_id (CAT-16, CAT-24).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SURFACES, text } from "../helpers/mcp.js";

describe("a list GitLab does not count (more rows than its counting limit)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({ totalsLimit: 2 });
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    for (const name of ["alpha", "beta", "gamma"]) sim.addProtectedBranch(42, { name });
  });
  after(() => sim.close());
  for (const surface of SURFACES) {
    it(`${surface}: heading "(N shown, more available)", the no-total pagination line, zeros in JSON`, async () => {
      const conn = await connect({ sim, surface });
      try {
        const first = await callAction(conn, surface, "branch.list_protected", { project_id: 42, per_page: 2 });
        assert.equal(sim.log.at(-1)?.status, 200);
        assert.match(text(first), /^## Protected Branches \(2 shown, more available\)\n\n\| Name/);
        assert.match(text(first), /\n\nPage 1 \| 2 per page \| more pages available\n/);
        assert.doesNotMatch(text(first), /Showing/);
        assert.deepEqual((first.structuredContent as { pagination: unknown }).pagination, { page: 1, per_page: 2, total_items: 0, total_pages: 0, next_page: 2, prev_page: 0, has_more: true });
        const last = await callAction(conn, surface, "branch.list_protected", { project_id: 42, per_page: 2, page: 2 });
        assert.match(text(last), /^## Protected Branches \(1\)\n/);
        assert.match(text(last), /\n\nPage 2 \| 2 per page \| no more pages\n/);
      } finally {
        await conn.close();
      }
    });
  }
});

describe("the project_path alias embeds the same resource URI (CAT-16)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
  });
  after(() => sim.close());
  for (const surface of ["dynamic", "meta"] as const) {
    it(`${surface}: project_path, project_id plain and project_id encoded give one URI`, async () => {
      const conn = await connect({ sim, surface });
      try {
        const uris = [];
        for (const params of [{ project_path: "group/project" }, { project_id: "group/project" }, { project_id: "group%2Fproject" }]) {
          const r = await callAction(conn, surface, "branch.get", { ...params, branch_name: "main" });
          const block = r.content.find((c) => c.type === "resource");
          uris.push(block?.type === "resource" ? block.resource.uri : undefined);
        }
        assert.deepEqual(uris, Array(3).fill("gitlab://project/group%2Fproject/branch/main"));
      } finally {
        await conn.close();
      }
    });
  }
});
