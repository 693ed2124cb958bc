// The branch domain end to end on every surface: a real MCP client over stdio drives the built server
// against the simulator; each case asserts the request GitLab received and the result returned.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SURFACES, text, type Connection } from "../helpers/mcp.js";
import { assertOutputConforms } from "../helpers/schemas.js";

for (const surface of SURFACES) {
  describe(`branch domain on the ${surface} surface`, () => {
    let sim: GitLabSimulator;
    let conn: Connection;
    before(async () => {
      sim = await GitLabSimulator.start();
      sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
      sim.addBranch(42, { name: "main" });
      sim.addBranch(42, { name: "develop" });
      sim.addBranch(42, { name: "feature/login" });
      sim.addBranch(42, { name: "old-merged", merged: true });
      sim.addProtectedBranch(42, { name: "main", push_access_level: 40, merge_access_level: 40 });
      sim.addProtectedBranch(42, { name: "develop", push_access_level: 30, merge_access_level: 30 });
      conn = await connect({ sim, surface });
    });
    after(async () => {
      await conn.close();
      await sim.close();
    });

    const call = async (id: string, params: Record<string, unknown>, confirm = false) => {
      sim.clearLog();
      const result = await callAction(conn, surface, id, params, confirm);
      assertOutputConforms(id, result);
      return result;
    };
    const only = () => {
      assert.equal(sim.log.length, 1, `exactly one request reached GitLab: ${JSON.stringify(sim.log.map((r) => `${r.method} ${r.rawPath}`))}`);
      return sim.log[0];
    };

    it("branch.list pages with GitLab's headers and names the project by path", async () => {
      const r = await call("branch.list", { project_id: "group/project", per_page: 2 });
      const req = only();
      assert.equal(req.method, "GET");
      assert.equal(req.rawPath, "/api/v4/projects/group%2Fproject/repository/branches");
      assert.deepEqual(req.query, { per_page: "2" });
      const sc = r.structuredContent as { branches: { name: string }[]; pagination: Record<string, unknown>; next_steps: string[] };
      assert.deepEqual(Object.keys(sc), ["next_steps", "branches", "pagination"]);
      assert.deepEqual(sc.branches.map((b) => b.name), ["develop", "feature/login"]);
      assert.deepEqual(sc.pagination, { page: 1, per_page: 2, total_items: 4, total_pages: 2, next_page: 2, prev_page: 0, has_more: true });
      const md = text(r);
      assert.match(md, /^## Branches \(4\)\n\nShowing 2 of 4 results \(page 1 of 2\)\n\n\| Name \| Protected \| Default \| Merged \|/);
      assert.match(md, /\| \[feature\/login\]\(https:\/\/gitlab\.example\.com\/group\/project\/-\/tree\/feature\/login\) \| ❌ \| ❌ \| ❌ \|/);
      assert.match(md, /\n\nPage 1 of 2 \| 4 items total \| 2 per page\n\n---\n💡 \*\*Next steps:\*\*\n- When presenting these results/);
      assert.equal(sc.next_steps[1], "Use action 'branch.get' to see one branch in full");
      assert.deepEqual(r.content[0].annotations, { audience: ["assistant"], priority: 0.4 });
    });

    it("branch.list filters with search and reports an empty page as one sentence", async () => {
      const r = await call("branch.list", { project_id: 42, search: "nothing-matches" });
      assert.deepEqual(only().query, { search: "nothing-matches" });
      assert.equal(text(r), "No branches found.");
      assert.deepEqual((r.structuredContent as { branches: unknown[] }).branches, []);
    });

    it("branch.get returns a card, the object's fields and the embedded gitlab:// resource", async () => {
      const r = await call("branch.get", { project_id: "group%2Fproject", branch_name: "feature/login" });
      assert.equal(only().rawPath, "/api/v4/projects/group%2Fproject/repository/branches/feature%2Flogin");
      const sc = r.structuredContent as Record<string, unknown>;
      assert.equal(Object.keys(sc)[0], "next_steps");
      assert.equal(sc.name, "feature/login");
      assert.equal(sc.protected, false);
      const md = text(r);
      assert.match(md, /^## Branch: feature\/login\n\n- \*\*Name\*\*: feature\/login\n/);
      assert.match(md, /- \*\*Protected\*\*: ❌/);
      assert.match(md, /- \*\*URL\*\*: \[https:\/\/gitlab\.example\.com\/group\/project\/-\/tree\/feature\/login\]\(https:\/\/gitlab\.example\.com\/group\/project\/-\/tree\/feature\/login\)/);
      const resource = r.content[1];
      assert.equal(resource?.type, "resource");
      if (resource?.type === "resource") {
        assert.equal(resource.resource.uri, "gitlab://project/group%2Fproject/branch/feature%2Flogin");
        assert.deepEqual(JSON.parse(String((resource.resource as { text: string }).text)), sc);
        assert.deepEqual(resource.annotations, { audience: ["assistant"], priority: 0.6 });
      }
      assert.deepEqual(r.content[0].annotations, { audience: ["assistant"], priority: 0.6 });
    });

    it("branch.get answers a missing branch with the not-found card", async () => {
      const r = await call("branch.get", { project_id: 42, branch_name: "nonexistent" });
      assert.equal(only().rawPath, "/api/v4/projects/42/repository/branches/nonexistent");
      assert.equal(r.isError, true);
      assert.equal(r.structuredContent, undefined);
      assert.equal(
        text(r),
        '## ❓ Branch Not Found\n\nThe branch **"nonexistent" in project 42** does not exist or is not accessible with your current permissions.\n\n---\n💡 **Next steps:**\n' +
          "- Use action 'branch.list' to list the project's branches\n- Verify the branch name is spelled correctly (case-sensitive)",
      );
      assert.deepEqual(r.content[0].annotations, { audience: ["assistant"], priority: 0.6 });
    });

    it("branch.create sends GitLab's names (branch, ref) and answers the new branch", async () => {
      const r = await call("branch.create", { project_id: 42, branch_name: `topic-${surface}`, ref: "main" });
      const req = only();
      assert.equal(req.method, "POST");
      assert.equal(req.rawPath, "/api/v4/projects/42/repository/branches");
      assert.deepEqual(req.body, { branch: `topic-${surface}`, ref: "main" });
      assert.equal((r.structuredContent as { name: string }).name, `topic-${surface}`);
      assert.match(text(r), new RegExp(`^## Branch created: topic-${surface}\n`));
      assert.deepEqual(r.content[0].annotations, { audience: ["assistant"], priority: 0.8 });
    });

    it("branch.create reports GitLab's refusal with its message and no URL or status code", async () => {
      const r = await call("branch.create", { project_id: 42, branch_name: "main", ref: "main" });
      assert.equal(r.isError, true);
      assert.equal(r.structuredContent, undefined);
      assert.match(text(r), /^branch\.create: bad request: check your input parameters \(Branch already exists\)/);
      assert.doesNotMatch(text(r), /https?:\/\/|\b400\b/);
    });

    it("branch.delete is refused without confirmation and nothing reaches GitLab", async () => {
      const r = await call("branch.delete", { project_id: 42, branch_name: "develop" });
      assert.equal(r.isError, true);
      assert.equal(sim.log.length, 0);
      const expected = {
        dynamic: 'gitlab_execute_action: action "branch.delete" is destructive. Re-send with confirm=true only after the user explicitly approves this operation.',
        meta: "Confirm gitlab_branch/delete? This action may be irreversible. The connected client cannot prompt for confirmation. Re-send with confirm=true only after the user explicitly approves this operation.",
        individual: "Confirm gitlab_branch_delete? This action may be irreversible. The connected client cannot prompt for confirmation. Re-send with confirm=true only after the user explicitly approves this operation.",
      }[surface];
      assert.equal(text(r), expected);
      assert.deepEqual(r.content[0].annotations, { audience: ["assistant"], priority: 0.8 });
    });

    it("branch.delete runs with confirmation and answers the success line", async () => {
      const r = await call("branch.delete", { project_id: 42, branch_name: `topic-${surface}` }, true);
      const req = only();
      assert.equal(req.method, "DELETE");
      assert.equal(req.rawPath, `/api/v4/projects/42/repository/branches/topic-${surface}`);
      assert.equal(text(r), "✅ Action completed successfully.");
      assert.deepEqual(r.structuredContent, { status: "success", message: "Action completed successfully." });
    });

    it("branch.delete_merged runs with confirmation", async () => {
      const r = await call("branch.delete_merged", { project_id: "group/project" }, true);
      const req = only();
      assert.equal(req.method, "DELETE");
      assert.equal(req.rawPath, "/api/v4/projects/group%2Fproject/repository/merged_branches");
      assert.equal(r.isError, undefined);
      assert.deepEqual(r.structuredContent, { status: "success", message: "Action completed successfully." });
    });

    it("branch.protect creates a rule with GitLab's access levels", async () => {
      const r = await call("branch.protect", { project_id: 42, branch_name: "release/*", push_access_level: 0, merge_access_level: 40, allow_force_push: false });
      const req = only();
      assert.equal(req.method, "POST");
      assert.equal(req.rawPath, "/api/v4/projects/42/protected_branches");
      assert.deepEqual(req.body, { name: "release/*", push_access_level: 0, merge_access_level: 40, allow_force_push: false });
      const sc = r.structuredContent as { name: string; push_access_levels: { access_level: number }[] };
      assert.equal(sc.name, "release/*");
      assert.equal(sc.push_access_levels[0].access_level, 0);
      assert.match(text(r), /^## Protected Branch: release\/\\\*\n/);
    });

    it("branch.get_protected reads one rule", async () => {
      const r = await call("branch.get_protected", { project_id: 42, branch_name: "release/*" });
      assert.equal(only().rawPath, "/api/v4/projects/42/protected_branches/release%2F*");
      assert.equal((r.structuredContent as { name: string }).name, "release/*");
      assert.match(text(r), /- \*\*Push\*\*: No one\n- \*\*Merge\*\*: Maintainers/);
    });

    it("branch.list_protected lists the rules with pagination", async () => {
      const r = await call("branch.list_protected", { project_id: 42 });
      assert.equal(only().rawPath, "/api/v4/projects/42/protected_branches");
      const sc = r.structuredContent as { protected_branches: { name: string }[]; pagination: { total_items: number } };
      assert.deepEqual(sc.protected_branches.map((p) => p.name).sort(), ["develop", "main", "release/*"]);
      assert.equal(sc.pagination.total_items, 3);
      assert.match(text(r), /^## Protected Branches \(3\)\n\n\| Name \| Push \| Merge \| Force Push \|/);
    });

    it("branch.update_protected patches the rule", async () => {
      const r = await call("branch.update_protected", { project_id: 42, branch_name: "release/*", allow_force_push: true });
      const req = only();
      assert.equal(req.method, "PATCH");
      assert.equal(req.rawPath, "/api/v4/projects/42/protected_branches/release%2F*");
      assert.deepEqual(req.body, { allow_force_push: true });
      assert.equal((r.structuredContent as { allow_force_push: boolean }).allow_force_push, true);
    });

    it("branch.unprotect needs confirmation, then deletes the rule", async () => {
      const refused = await call("branch.unprotect", { project_id: 42, branch_name: "release/*" });
      assert.equal(refused.isError, true);
      assert.equal(sim.log.length, 0);
      const r = await call("branch.unprotect", { project_id: 42, branch_name: "release/*" }, true);
      const req = only();
      assert.equal(req.method, "DELETE");
      assert.equal(req.rawPath, "/api/v4/projects/42/protected_branches/release%2F*");
      assert.deepEqual(r.structuredContent, { status: "success", message: "Action completed successfully." });
    });

    it("branch.rule_list reads branch rules over GraphQL with cursor pagination", async () => {
      const first = await call("branch.rule_list", { project_id: "group/project", first: 1 });
      const req = only();
      assert.equal(req.method, "POST");
      assert.equal(req.rawPath, "/api/graphql");
      assert.deepEqual(req.graphql?.variables, { fullPath: "group/project", first: 1 });
      const sc = first.structuredContent as { branch_rules: { name: string }[]; pagination: { has_next_page: boolean; end_cursor: string } };
      assert.equal(sc.branch_rules.length, 1);
      assert.equal(sc.pagination.has_next_page, true);
      assert.match(text(first), /\| 1 per page|Showing 1 items \| next page cursor: `/);
      const second = await call("branch.rule_list", { project_id: "group/project", first: 1, after: sc.pagination.end_cursor });
      const sc2 = second.structuredContent as { branch_rules: { name: string }[] };
      assert.notEqual(sc2.branch_rules[0]?.name, sc.branch_rules[0].name);
    });

    it("branch.rule_list resolves a numeric project ID to its full path first", async () => {
      await call("branch.rule_list", { project_id: 42 });
      assert.deepEqual(sim.log.map((r) => `${r.method} ${r.rawPath}`), ["GET /api/v4/projects/42", "POST /api/graphql"]);
      assert.equal(sim.log[1].graphql?.variables.fullPath, "group/project");
    });
  });
}
