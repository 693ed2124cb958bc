// Projects and groups (issue 13), end to end through a real MCP client over stdio against the simulator:
// - delayed deletion: project.delete and group.delete say whether the object was marked (with the date
//   of permanent removal and the restore action) or removed, and permanently_remove/full_path come
//   together or are refused before anything reaches GitLab; an instance without delayed deletion
//   removes at once and the result says so;
// - transfer, fork and share name both sides, and a transfer into a namespace the token cannot reach
//   fails with GitLab's own reason;
// - project.update refuses an unknown key with a suggestion, sending nothing, and its card lists
//   exactly the fields sent.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, text, type Connection, type SurfaceName } from "../helpers/mcp.js";

const apiLog = (sim: GitLabSimulator) => sim.log.filter((q) => q.path !== "/api/v4/personal_access_tokens/self");

function seed(sim: GitLabSimulator): void {
  sim.setNow("2026-03-02T10:00:00.000Z");
  sim.addProject({ id: 42, path_with_namespace: "acme/app", visibility: "public" });
  sim.addProject({ id: 43, path_with_namespace: "acme/old-app" });
  sim.addGroup({ id: 200, full_path: "platform" });
  sim.addGroup({ id: 201, full_path: "finance", members: [77], visibility: "internal" });
  sim.addDocument("group", "instance", { id: 300, name: "legacy", path: "legacy", full_name: "legacy", full_path: "legacy", visibility: "private", parent_id: null, web_url: "https://gitlab.example.com/groups/legacy" });
}

describe("project and group deletion is delayed on GitLab", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  const surface: SurfaceName = "individual";
  before(async () => {
    sim = await GitLabSimulator.start();
    seed(sim);
    conn = await connect({ sim, surface });
  });
  after(async () => {
    await conn?.close();
    await sim?.close();
  });

  it("project.delete marks the project, gives the removal date and names project.restore", async () => {
    sim.clearLog();
    const r = await callAction(conn, surface, "project.delete", { project_id: "acme/old-app" }, true);
    const md = text(r);
    assert.notEqual(r.isError, true, md);
    assert.match(md, /Project marked for deletion: acme\/old-app/);
    assert.match(md, /permanent removal on 2026-03-09/);
    assert.match(md, /project\.restore/);
    const s = r.structuredContent as { outcome: string; marked_for_deletion_on: string; permanent_removal_on: string };
    assert.equal(s.outcome, "marked_for_deletion");
    assert.equal(s.marked_for_deletion_on, "2026-03-02");
    assert.equal(s.permanent_removal_on, "2026-03-09");
    assert.deepEqual(apiLog(sim).map((q) => `${q.method} ${q.rawPath}`), ["DELETE /api/v4/projects/acme%2Fold-app", "GET /api/v4/projects/acme%2Fold-app"]);
    assert.equal(sim.getProject(43) !== undefined, true, "still there, marked");
  });

  it("permanently_remove without full_path (or the reverse) is refused naming the field, nothing sent", async () => {
    sim.clearLog();
    const a = await callAction(conn, surface, "project.delete", { project_id: 43, permanently_remove: true }, true);
    assert.equal(a.isError, true);
    assert.match(text(a), /permanently_remove needs full_path/);
    const b = await callAction(conn, surface, "project.delete", { project_id: 43, full_path: "acme/old-app" }, true);
    assert.equal(b.isError, true);
    assert.match(text(b), /full_path .*add permanently_remove: true/);
    const c = await callAction(conn, surface, "group.delete", { group_id: 300, full_path: "legacy" }, true);
    assert.equal(c.isError, true);
    assert.match(text(c), /add permanently_remove: true/);
    assert.deepEqual(apiLog(sim), [], "nothing reached GitLab");
  });

  it("project.restore un-marks it; permanently removing an unmarked project answers GitLab's 400", async () => {
    const restored = await callAction(conn, surface, "project.restore", { project_id: 43 });
    assert.notEqual(restored.isError, true, text(restored));
    sim.clearLog();
    const r = await callAction(conn, surface, "project.delete", { project_id: 43, permanently_remove: true, full_path: "acme/old-app" }, true);
    assert.equal(r.isError, true);
    assert.match(text(r), /Project must be marked for deletion first/);
  });

  it("marked, then permanently_remove with full_path removes it: the result says removed", async () => {
    await callAction(conn, surface, "project.delete", { project_id: 43 }, true);
    const r = await callAction(conn, surface, "project.delete", { project_id: 43, permanently_remove: true, full_path: "acme/old-app" }, true);
    assert.notEqual(r.isError, true, text(r));
    assert.match(text(r), /Project removed: acme\/old-app/);
    assert.equal((r.structuredContent as { outcome: string }).outcome, "removed");
    assert.equal(sim.getProject(43), undefined);
  });

  it("group.delete marks the group and names group.restore; group.restore un-marks it", async () => {
    const r = await callAction(conn, surface, "group.delete", { group_id: "legacy" }, true);
    assert.notEqual(r.isError, true, text(r));
    assert.match(text(r), /Group marked for deletion: legacy/);
    assert.match(text(r), /group\.restore/);
    const back = await callAction(conn, surface, "group.restore", { group_id: "legacy" });
    assert.notEqual(back.isError, true, text(back));
    assert.match(text(back), /Group restored: legacy/);
  });
});

describe("an instance without delayed deletion removes at once", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  before(async () => {
    sim = await GitLabSimulator.start({ delayedDeletion: false });
    seed(sim);
    conn = await connect({ sim, surface: "dynamic" });
  });
  after(async () => {
    await conn?.close();
    await sim?.close();
  });

  it("project.delete says the project was removed", async () => {
    const r = await callAction(conn, "dynamic", "project.delete", { project_id: 43 }, true);
    assert.notEqual(r.isError, true, text(r));
    assert.match(text(r), /Project removed/);
    assert.ok(!/marked for deletion/.test(text(r)));
  });

  it("group.delete says the group was removed", async () => {
    const r = await callAction(conn, "dynamic", "group.delete", { group_id: 300 }, true);
    assert.notEqual(r.isError, true, text(r));
    assert.match(text(r), /Group removed/);
  });
});

describe("transfer, fork and share name both sides", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  const surface: SurfaceName = "meta";
  before(async () => {
    sim = await GitLabSimulator.start();
    seed(sim);
    conn = await connect({ sim, surface });
  });
  after(async () => {
    await conn?.close();
    await sim?.close();
  });

  it("project.fork names the source and the fork", async () => {
    const r = await callAction(conn, surface, "project.fork", { project_id: "acme/app", namespace_path: "platform" });
    assert.notEqual(r.isError, true, text(r));
    assert.match(text(r), /Fork created: acme\/app → platform\/app/);
    assert.equal((r.structuredContent as { forked_from_project: { path_with_namespace: string } }).forked_from_project.path_with_namespace, "acme/app");
  });

  it("project.share_with_group names the project, the group and the role", async () => {
    const r = await callAction(conn, surface, "project.share_with_group", { project_id: 42, shared_with_group_id: 200, access_level: "reporter" });
    assert.notEqual(r.isError, true, text(r));
    assert.match(text(r), /Project acme\/app shared with group platform/);
    assert.match(text(r), /Reporter \(20\)/);
  });

  it("project.transfer says from which namespace to which", async () => {
    const r = await callAction(conn, surface, "project.transfer", { project_id: "acme/app", namespace: "platform" });
    assert.notEqual(r.isError, true, text(r));
    assert.match(text(r), /Project transferred: acme → platform/);
    assert.match(text(r), /platform\/app/);
  });

  it("a transfer into a namespace the token cannot reach fails with GitLab's own reason", async () => {
    sim.clearLog();
    const r = await callAction(conn, surface, "project.transfer", { project_id: 42, namespace: "finance" });
    assert.equal(r.isError, true);
    assert.match(text(r), /You don't have permission to transfer projects into that namespace/);
    assert.ok(apiLog(sim).some((q) => q.method === "PUT" && q.rawPath === "/api/v4/projects/42/transfer"));
  });
});

describe("project.update: typed settings, unknown keys refused, the card shows what was sent", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  before(async () => {
    sim = await GitLabSimulator.start();
    seed(sim);
    conn = await connect({ sim, surface: "individual" });
  });
  after(async () => {
    await conn?.close();
    await sim?.close();
  });

  for (const surface of ["individual", "dynamic", "meta"] as const) {
    it(`an unknown key is refused with its suggestion and nothing reaches GitLab (${surface})`, async () => {
      const c = surface === "individual" ? conn : await connect({ sim, surface });
      try {
        sim.clearLog();
        const r = await callAction(c, surface, "project.update", { project_id: 42, descripton: "typo" });
        assert.equal(r.isError, true, text(r));
        assert.match(text(r), /descripton/);
        assert.match(text(r), /\bdescription\b/);
        assert.deepEqual(apiLog(sim), [], "nothing reached GitLab");
      } finally {
        if (c !== conn) await c.close();
      }
    });
  }

  it("the update card lists exactly the sent fields", async () => {
    sim.clearLog();
    const r = await callAction(conn, "individual", "project.update", { project_id: 42, visibility: "internal", squash_option: "always", wiki_access_level: "disabled" });
    assert.notEqual(r.isError, true, text(r));
    const rows = text(r).split("\n").filter((l) => l.startsWith("- **")).map((l) => l.replace(/^- \*\*([^*]+)\*\*.*$/, "$1"));
    assert.deepEqual(rows.sort(), ["Visibility", "squash_option", "wiki_access_level"].sort());
    assert.deepEqual(apiLog(sim).map((q) => q.body), [{ visibility: "internal", squash_option: "always", wiki_access_level: "disabled" }]);
  });
});
