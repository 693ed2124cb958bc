// The package table, then safe mode's preview of a bulk tag deletion (a preview is not the action's
// output, so it runs outside the table): the tags it would delete are read from the registry, GitLab's
// rules applied (never latest, keep_n newest kept, older_than), and nothing is deleted.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { runBehaviourTable } from "../helpers/behaviour.js";
import { callAction, connect, SURFACES, text, type Connection } from "../helpers/mcp.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { seedSafeMode, table } from "./package.cases.js";

runBehaviourTable(table);

for (const surface of SURFACES) {
  describe(`package.registry_tag_delete_bulk in safe mode on the ${surface} surface`, () => {
    let sim: GitLabSimulator;
    let conn: Connection;
    before(async () => {
      sim = await GitLabSimulator.start();
      seedSafeMode(sim);
      conn = await connect({ sim, surface, env: { GITLAB_MCP_SAFE_MODE: "true" } });
    });
    after(async () => {
      await conn?.close();
      await sim?.close();
    });
    it("previews the tags it would delete and deletes nothing", async () => {
      sim.clearLog();
      const r = await callAction(conn, surface, "package.registry_tag_delete_bulk", { project_id: 42, repository_id: 1, name_regex_delete: "v1\\..*", keep_n: 1, older_than: "30d" });
      const md = text(r);
      assert.equal(r.isError ?? false, surface === "individual", md);
      for (const line of ["Safe mode blocked", "**Tags this call would delete** (2 of 5):", "- `v1.1.0`", "- `v1.0.0`", "asynchronously", "GITLAB_MCP_SAFE_MODE=false"]) assert.ok(md.includes(line), `${line}\n${md}`);
      assert.ok(!md.includes("- `v1.2.0`") && !md.includes("- `latest`"), md);
      assert.ok(md.indexOf("Tags this call would delete") < md.indexOf("GITLAB_MCP_SAFE_MODE=false"), "the hint stays last");
      const calls = sim.log.filter((q) => q.path !== "/api/v4/personal_access_tokens/self").map((q) => `${q.method} ${q.rawPath}`);
      assert.deepEqual(calls, [
        "GET /api/v4/projects/42/registry/repositories/1/tags",
        "GET /api/v4/projects/42/registry/repositories/1/tags/v1.0.0",
        "GET /api/v4/projects/42/registry/repositories/1/tags/v1.1.0",
        "GET /api/v4/projects/42/registry/repositories/1/tags/v1.2.0",
      ]);
      if (surface !== "individual") {
        const s = r.structuredContent as { status: string; would_delete: string[]; would_delete_count: number };
        assert.equal(s.status, "blocked");
        assert.deepEqual(s.would_delete, ["v1.1.0", "v1.0.0"]);
        assert.equal(s.would_delete_count, 2);
      }
    });
    it("a pattern matching nothing says so", async () => {
      const r = await callAction(conn, surface, "package.registry_tag_delete_bulk", { project_id: 42, repository_id: 1, name_regex_delete: "nightly-.*" });
      assert.ok(text(r).includes("none of the 5 tags match"), text(r));
    });
  });
}
