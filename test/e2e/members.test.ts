// Issue 13's access behaviours end to end, through the real MCP client over stdio against the simulator
// on every surface: roles read and written as names or levels, expiry dates checked before sending,
// direct members listed apart from inherited ones, and settings writes (push rules, the approval
// configuration) that refuse unknown keys with a suggestion and show only the fields the call sent.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SURFACES, text, type Connection } from "../helpers/mcp.js";
import { assertOutputConforms } from "../helpers/schemas.js";

function seed(sim: GitLabSimulator): void {
  sim.addUser({ id: 5, username: "alice", name: "Alice" });
  sim.addUser({ id: 6, username: "bob", name: "Bob" });
  sim.addUser({ id: 7, username: "carol", name: "Carol" });
  sim.addGroup({ full_path: "team", id: 9 });
  sim.addProject({ id: 42, path_with_namespace: "team/app" });
  sim.addMember({ project: 42 }, { user_id: 5, access_level: 40 });
  sim.addMember({ group: "team" }, { user_id: 6, access_level: 30 });
}

for (const surface of SURFACES) {
  describe(`members, roles and settings writes on the ${surface} surface`, () => {
    let sim: GitLabSimulator;
    let conn: Connection;
    before(async () => {
      sim = await GitLabSimulator.start();
      seed(sim);
      conn = await connect({ sim, surface });
    });
    after(async () => {
      await conn.close();
      await sim.close();
    });
    const call = async (id: string, params: Record<string, unknown>, confirm = false): Promise<CallToolResult> => {
      sim.clearLog();
      const r = await callAction(conn, surface, id, params, confirm);
      if (!r.isError) assertOutputConforms(id, r);
      return r;
    };
    // What reached GitLab, without the token check the server may make.
    const sent = () => sim.log.filter((q) => q.path !== "/api/v4/personal_access_tokens/self");

    it("member_add takes a role name: GitLab receives the level and the card names the role", async () => {
      const r = await call("project.member_add", { project_id: "team/app", user_id: 7, access_level: "Developer", expires_at: "2030-06-30" });
      assert.equal(r.isError, undefined, text(r));
      const reqs = sent();
      assert.equal(reqs.length, 1);
      assert.equal(`${reqs[0].method} ${reqs[0].rawPath}`, "POST /api/v4/projects/team%2Fapp/members");
      assert.deepEqual(reqs[0].body, { user_id: 7, access_level: 30, expires_at: "2030-06-30" });
      assert.match(text(r), /\*\*Role\*\*: Developer \(30\)/);
    });

    it("an unknown role is refused naming the accepted values, and nothing reaches GitLab", async () => {
      const r = await call("project.member_add", { project_id: 42, user_id: 6, access_level: "boss" });
      assert.equal(r.isError, true);
      const t = text(r);
      assert.match(t, /access_level/);
      for (const role of ["guest", "reporter", "developer", "maintainer", "owner"]) assert.ok(t.toLowerCase().includes(role), `names ${role}: ${t}`);
      assert.deepEqual(sent(), []);
    });

    for (const bad of ["tomorrow", "2026-13-40"]) {
      it(`an expiry of ${JSON.stringify(bad)} is refused before sending`, async () => {
        const r = await call("project.member_edit", { project_id: 42, user_id: 5, access_level: "maintainer", expires_at: bad });
        assert.equal(r.isError, true);
        assert.match(text(r), /expires_at/);
        assert.match(text(r), /YYYY-MM-DD/);
        assert.deepEqual(sent(), []);
      });
    }

    it("direct members are listed apart from inherited ones, each list saying which it is", async () => {
      const direct = await call("project.members", { project_id: 42 });
      assert.deepEqual(sent().map((q) => q.rawPath), ["/api/v4/projects/42/members"]);
      assert.match(text(direct), /^## Direct Members/m);
      assert.match(text(direct), /\| alice \| Alice \| Maintainer \(40\) \|/);
      assert.ok(!text(direct).includes("bob"), "bob is a member of the group only");

      const all = await call("project.member_inherited", { project_id: 42 });
      assert.deepEqual(sent().map((q) => q.rawPath), ["/api/v4/projects/42/members/all"]);
      assert.match(text(all), /^## Members Including Inherited and Invited/m);
      assert.match(text(all), /\| bob \| Bob \| Developer \(30\) \|/);
      assert.match(text(all), /\| alice \| Alice \| Maintainer \(40\) \|/);
      const members = (all.structuredContent as { members: { username: string; access_level: number }[] }).members;
      assert.deepEqual(members.map((m) => [m.username, m.access_level]).sort(), [["alice", 40], ["bob", 30], ["carol", 30]]);
    });

    it("a push rule edit refuses an unknown key with a suggestion, then shows only the fields sent", async () => {
      await call("project.push_rule_add", { project_id: 42, commit_message_regex: "^JIRA-\\d+", max_file_size: 20 });
      const typo = await call("project.push_rule_edit", { project_id: 42, prevent_secret: true });
      assert.equal(typo.isError, true);
      assert.match(text(typo), /prevent_secrets/);
      assert.deepEqual(sent(), []);

      const r = await call("project.push_rule_edit", { project_id: 42, prevent_secrets: true, deny_delete_tag: true });
      assert.equal(r.isError, undefined, text(r));
      assert.deepEqual(sent()[0].body, { prevent_secrets: true, deny_delete_tag: true });
      const t = text(r);
      assert.match(t, /Prevent Secrets/);
      assert.match(t, /Deny Tag Deletion/);
      for (const unsent of ["Commit Message Regex", "Max File Size", "Member", "Reject Unsigned"]) assert.ok(!t.includes(unsent), `${unsent} was not sent:\n${t}`);
      // The object itself stays whole in structuredContent.
      assert.equal((r.structuredContent as { commit_message_regex?: string }).commit_message_regex, "^JIRA-\\d+");
    });

    it("the approval configuration change works the same way", async () => {
      const typo = await call("project.approval_config_change", { project_id: 42, reset_approval_on_push: false });
      assert.equal(typo.isError, true);
      assert.match(text(typo), /reset_approvals_on_push/);
      assert.deepEqual(sent(), []);

      const r = await call("project.approval_config_change", { project_id: 42, merge_requests_author_approval: true });
      assert.equal(r.isError, undefined, text(r));
      assert.deepEqual(sent()[0].body, { merge_requests_author_approval: true });
      assert.match(text(r), /Author Can Approve/);
      assert.ok(!text(r).includes("Reset On Push"), text(r));
    });

    it("a badge preview renders the placeholders for the project", async () => {
      const r = await call("project.badge_preview", { project_id: 42, link_url: "https://ci.example.com/%{project_path}/%{default_branch}", image_url: "https://img.example.com/%{project_id}.svg" });
      assert.equal(r.isError, undefined, text(r));
      assert.match(text(r), /https:\/\/ci\.example\.com\/team\/app\/main/);
      assert.match(text(r), /https:\/\/img\.example\.com\/42\.svg/);
    });
  });
}
