// Labels and milestones end to end on every surface, for GitLab's quirks the planning actions must carry:
// - a label named in the path by its title, spaces and the `::` of a scoped label included, travels
//   URL-encoded and comes back as the same label (create, get, update, subscribe, delete by name);
// - subscribe / unsubscribe when already (un)subscribed: GitLab answers 304 Not Modified with no body;
//   the result is the label as it stands and a plain sentence, not an error;
// - promote turns a project label into a group label: the group then has it, the project no longer;
// - a milestone is closed and reopened with state_event close / activate.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SURFACES, text, type Connection } from "../helpers/mcp.js";
import { assertOutputConforms } from "../helpers/schemas.js";

const NAME = "workflow::in review";
const ENCODED = "workflow%3A%3Ain%20review";

for (const surface of SURFACES) {
  describe(`planning quirks on the ${surface} surface`, () => {
    let sim: GitLabSimulator;
    let conn: Connection;
    before(async () => {
      sim = await GitLabSimulator.start();
      sim.addGroup({ full_path: "group", id: 9 });
      sim.addDocument("group", "instance", { id: 9, name: "group", path: "group", full_path: "group" });
      sim.addProject({ id: 42, path_with_namespace: "group/project" });
      conn = await connect({ sim, surface });
    });
    after(async () => {
      await conn?.close();
      await sim?.close();
    });
    const call = async (id: string, params: Record<string, unknown>, confirm = false): Promise<CallToolResult> => {
      sim.clearLog();
      const r = await callAction(conn, surface, id, params, confirm);
      assertOutputConforms(id, r);
      return r;
    };
    const paths = () => sim.log.filter((q) => !q.path.endsWith("/personal_access_tokens/self")).map((q) => `${q.method} ${q.rawPath} ${q.status}`);

    it("a scoped label with a space round-trips URL-encoded in every path", async () => {
      const created = await call("project.label_create", { project_id: "group/project", name: NAME, color: "#8E44AD" });
      assert.equal(created.isError, undefined, text(created));
      const got = await call("project.label_get", { project_id: "group/project", label_id: NAME });
      assert.deepEqual(paths(), [`GET /api/v4/projects/group%2Fproject/labels/${ENCODED} 200`]);
      assert.equal((got.structuredContent as { name: string }).name, NAME);
      const updated = await call("project.label_update", { project_id: 42, label_id: NAME, description: "Waiting for a reviewer" });
      assert.deepEqual(paths(), [`PUT /api/v4/projects/42/labels/${ENCODED} 200`]);
      assert.match(text(updated), /Waiting for a reviewer/);
    });

    it("subscribing twice: the second answer is GitLab's 304, reported plainly", async () => {
      const first = await call("project.label_subscribe", { project_id: 42, label_id: NAME });
      assert.deepEqual(paths(), [`POST /api/v4/projects/42/labels/${ENCODED}/subscribe 201`]);
      assert.equal((first.structuredContent as { subscribed: boolean }).subscribed, true);
      assert.doesNotMatch(text(first), /304/);
      const again = await call("project.label_subscribe", { project_id: 42, label_id: NAME });
      assert.deepEqual(paths(), [`POST /api/v4/projects/42/labels/${ENCODED}/subscribe 304`, `GET /api/v4/projects/42/labels/${ENCODED} 200`]);
      assert.equal(again.isError, undefined, "a 304 is not an error");
      assert.match(text(again), /Already subscribed: GitLab answered 304 Not Modified, nothing changed\./);
      assert.equal((again.structuredContent as { subscribed: boolean }).subscribed, true);
    });

    it("unsubscribing twice: the second answer is GitLab's 304, reported plainly", async () => {
      const first = await call("project.label_unsubscribe", { project_id: 42, label_id: NAME });
      assert.equal((first.structuredContent as { subscribed: boolean }).subscribed, false);
      const again = await call("project.label_unsubscribe", { project_id: 42, label_id: NAME });
      assert.equal(again.isError, undefined);
      assert.match(text(again), /Already not subscribed: GitLab answered 304 Not Modified/);
    });

    it("promote moves the project label to the group", async () => {
      const promoted = await call("project.label_promote", { project_id: 42, label_id: NAME });
      assert.deepEqual(paths(), [`PUT /api/v4/projects/42/labels/${ENCODED}/promote 200`]);
      assert.match(text(promoted), /Label promoted to group label/);
      const inGroup = await call("group.group_label_get", { group_id: "group", label_id: NAME });
      assert.equal(inGroup.isError, undefined, text(inGroup));
      const own = await call("project.label_list", { project_id: 42, include_ancestor_groups: false });
      assert.equal((own.structuredContent as { labels: unknown[] }).labels.length, 0);
      const deleted = await call("group.group_label_delete", { group_id: 9, label_id: NAME }, true);
      assert.deepEqual(paths(), [`DELETE /api/v4/groups/9/labels/${ENCODED} 204`]);
      assert.equal(deleted.isError, undefined);
    });

    it("a milestone closes and reopens with state_event", async () => {
      const m = await call("group.group_milestone_create", { group_id: 9, title: "Q1" });
      const id = (m.structuredContent as { id: number }).id;
      const closed = await call("group.group_milestone_update", { group_id: 9, milestone_id: id, state_event: "close" });
      assert.equal((closed.structuredContent as { state: string }).state, "closed");
      const reopened = await call("group.group_milestone_update", { group_id: 9, milestone_id: id, state_event: "activate" });
      assert.equal((reopened.structuredContent as { state: string }).state, "active");
      const active = await call("group.group_milestone_list", { group_id: 9, state: "active" });
      assert.match(text(active), /Q1/);
    });
  });
}
