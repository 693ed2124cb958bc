// The response size budget through a real client (RES-17, RES-19..RES-21): a page too large for
// GITLAB_MCP_MAX_RESPONSE_BYTES loses rows with a notice in both parts, GitLab's pagination stays true,
// and the continuation it names reads on exactly after the last row shown.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SURFACES, text } from "../helpers/mcp.js";
import { assertOutputConforms } from "../helpers/schemas.js";

const LIMIT = 16 * 1024;

describe("response size budget", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranches(42, Array.from({ length: 150 }, (_, i) => `feature/branch-${String(i).padStart(3, "0")}`));
  });
  after(() => sim.close());

  for (const surface of SURFACES) {
    it(`${surface}: a 100-row page is cut to fit 16KB, announced, and continued exactly`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_MCP_MAX_RESPONSE_BYTES: "16KB" } });
      try {
        const r = await callAction(conn, surface, "branch.list", { project_id: 42, per_page: 100 });
        const sc = r.structuredContent as { branches: { name: string }[]; pagination: Record<string, unknown>; truncation: { shown: number; total: number; continue_with: string; continue_params: Record<string, number> }; next_steps: string[] };
        assert.ok(Buffer.byteLength(text(r)) <= LIMIT && Buffer.byteLength(JSON.stringify(sc)) <= LIMIT, "both parts fit");
        assert.ok(sc.truncation.shown < 100 && sc.truncation.shown === sc.branches.length);
        assert.equal(sc.truncation.total, 100);
        assert.deepEqual(sc.pagination, { page: 1, per_page: 100, total_items: 150, total_pages: 2, next_page: 2, prev_page: 0, has_more: true }, "GitLab's pagination is unchanged");
        assert.match(text(r), new RegExp(`⚠️ Truncated: showing ${sc.truncation.shown} of 100 items of this page`));
        assert.equal(sc.next_steps.find((s) => s.startsWith("Use action 'branch.list' with")), `Use action 'branch.list' with project_id=42, per_page=${sc.truncation.shown}, page=2 to continue`);
        const next = await callAction(conn, surface, "branch.list", sc.truncation.continue_params);
        const first = (next.structuredContent as { branches: { name: string }[] }).branches[0].name;
        assert.equal(first, `feature/branch-${String(sc.truncation.shown).padStart(3, "0")}`, "the continuation starts right after the last row shown");
      } finally {
        await conn.close();
      }
    });
  }

  it("an invalid size refuses the start", async () => {
    const { spawnSync } = await import("node:child_process");
    const { CLI } = await import("../helpers/mcp.js");
    const r = spawnSync(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? "", GITLAB_MCP_MAX_RESPONSE_BYTES: "8KB" }, encoding: "utf8", input: "" });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /GITLAB_MCP_MAX_RESPONSE_BYTES=8KB is not a size from 16KB to 4MB/);
  });
});

describe("response size budget for one object (RES-18 step 2)", () => {
  let sim: GitLabSimulator;
  const description = `Steps to reproduce\n\n${"Le café est prêt. ".repeat(6000)}\n\nEND`;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addIssue(42, { iid: 7, title: "A very long report", description });
    sim.addIssue(42, { iid: 8, title: "A short one", description: "Short." });
  });
  after(() => sim.close());

  for (const surface of SURFACES) {
    it(`${surface}: the longest text is cut at a character boundary, both parts fit, identifiers stay whole`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_MCP_MAX_RESPONSE_BYTES: "16KB" } });
      try {
        const r = await callAction(conn, surface, "issue.get", { project_id: 42, issue_iid: 7 });
        assertOutputConforms("issue.get", r);
        const sc = r.structuredContent as { iid: number; title: string; web_url: string; description: string; truncation: Record<string, unknown> };
        assert.ok(Buffer.byteLength(text(r)) <= LIMIT && Buffer.byteLength(JSON.stringify(sc)) <= LIMIT, "both parts fit");
        const m = /^([\s\S]*)… \[truncated (\d+) bytes\]$/.exec(sc.description);
        assert.ok(m, "the description ends with the truncation suffix");
        assert.ok(description.startsWith(m[1]), "what is kept is the start of the text, whole characters only");
        assert.equal(Buffer.byteLength(m[1]) + Number(m[2]), Buffer.byteLength(description), "the suffix counts the bytes left out");
        assert.deepEqual(sc.truncation, { reason: "response_size", unit: "bytes", shown: Buffer.byteLength(m[1]), total: Buffer.byteLength(description) });
        assert.equal(sc.iid, 7);
        assert.equal(sc.title, "A very long report");
        assert.match(sc.web_url, /\/-\/issues\/7$/);
        assert.match(text(r), new RegExp(`⚠️ Truncated: showing ${sc.truncation.shown} of ${sc.truncation.total} bytes of its longest text`));
        const small = await callAction(conn, surface, "issue.get", { project_id: 42, issue_iid: 8 });
        assert.equal((small.structuredContent as { truncation?: unknown }).truncation, undefined, "an object that fits is not touched");
      } finally {
        await conn.close();
      }
    });
  }
});
