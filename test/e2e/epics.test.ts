// Epics end to end on every surface (real MCP client over stdio, against the simulator): the GraphQL
// workflow where one call's answer feeds the next. An epic is created and read back, an issue added
// to it and listed, a comment posted by the epic's global ID, its thread found in the discussions and
// replied in, the thread read by a note of it; the epic list pages by cursor; and the epic is deleted as
// the work item it is (found by the same IID), behind the confirmation gate.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SURFACES, text, type Connection } from "../helpers/mcp.js";
import { assertOutputConforms } from "../helpers/schemas.js";

type Json = Record<string, unknown>;

for (const surface of SURFACES) {
  describe(`epic workflow on the ${surface} surface`, () => {
    let sim: GitLabSimulator;
    let conn: Connection;
    before(async () => {
      sim = await GitLabSimulator.start();
      sim.addProject({ id: 42, path_with_namespace: "acme/app" });
      sim.addIssue(42, { iid: 7, title: "Slow search", created_at: "2025-01-05T10:00:00.000Z" });
      sim.addEpic("acme", { title: "Older epic", createdAt: "2025-01-01T10:00:00Z" });
      conn = await connect({ sim, surface });
    });
    after(async () => {
      await conn.close();
      await sim.close();
    });
    const call = async (id: string, params: Json, confirm = false): Promise<CallToolResult> => {
      sim.clearLog();
      const r = await callAction(conn, surface, id, params, confirm);
      assertOutputConforms(id, r);
      return r;
    };
    const data = (r: CallToolResult) => r.structuredContent as Json;
    const graphqlVars = () => sim.log.filter((q) => q.rawPath === "/api/graphql").map((q) => q.graphql?.variables);

    let epicGid = "";
    let epicIid = "";
    let noteGid = "";
    let threadGid = "";
    let replyGid = "";

    it("creates an epic and reads it back by IID", async () => {
      const created = await call("group.epic_create", { group_id: "acme", title: "Search revamp", description: "Make search fast" });
      assert.equal(created.isError, undefined, text(created));
      epicGid = String(data(created).id);
      epicIid = String(data(created).iid);
      assert.match(epicGid, /^gid:\/\/gitlab\/Epic\/\d+$/);
      const got = await call("group.epic_get", { group_id: "acme", epic_iid: epicIid });
      assert.ok(text(got).includes(`## Epic &${epicIid}: Search revamp`), text(got));
      assert.equal(data(got).id, epicGid);
    });

    it("adds an issue to the epic and lists it", async () => {
      const added = await call("group.epic_issue_assign", { group_id: "acme", epic_iid: epicIid, project_id: "acme/app", issue_iid: "7" });
      assert.equal(added.isError, undefined, text(added));
      const listed = await call("group.epic_issue_list", { group_id: "acme", epic_iid: epicIid });
      const issues = data(listed).issues as Json[];
      assert.deepEqual(issues.map((i) => i.reference), ["acme/app#7"]);
      assert.equal(issues[0].epicIssueId, data(added).epicIssueId);
    });

    it("comments by the epic's global ID, finds the thread, replies in it and reads it back", async () => {
      const note = await call("group.epic_note_create", { epic_id: epicGid, body: "Which index do we use?" });
      assert.equal(note.isError, undefined, text(note));
      noteGid = String(data(note).id);
      assert.deepEqual(graphqlVars(), [{ noteableId: epicGid, body: "Which index do we use?" }]);

      const threads = await call("group.epic_discussion_list", { group_id: "acme", epic_iid: epicIid });
      const list = data(threads).discussions as { id: string; notes: { nodes: { id: string }[] } }[];
      const thread = list.find((d) => d.notes.nodes.some((n) => n.id === noteGid));
      assert.ok(thread, "the comment starts a thread");
      threadGid = thread.id;

      const reply = await call("group.epic_discussion_add_note", { epic_id: epicGid, discussion_id: threadGid, body: "The trigram one." });
      assert.equal(reply.isError, undefined, text(reply));
      replyGid = String(data(reply).id);
      assert.equal((data(reply).discussion as Json).id, threadGid);

      const read = await call("group.epic_discussion_get", { note_id: replyGid });
      assert.equal(data(read).id, threadGid);
      assert.deepEqual(((data(read).notes as Json).nodes as Json[]).map((n) => n.body), ["Which index do we use?", "The trigram one."]);
    });

    it("pages the epic list by cursor", async () => {
      const first = await call("group.epic_list", { group_id: "acme", first: 1 });
      assert.deepEqual((data(first).epics as Json[]).map((e) => e.title), ["Search revamp"]);
      const page = data(first).pagination as { has_next_page: boolean; end_cursor: string };
      assert.equal(page.has_next_page, true);
      const second = await call("group.epic_list", { group_id: "acme", first: 1, after: page.end_cursor });
      assert.deepEqual((data(second).epics as Json[]).map((e) => e.title), ["Older epic"]);
      assert.equal((data(second).pagination as Json).has_next_page, false);
    });

    it("deletes the epic as its work item, only once confirmed", async () => {
      const item = await call("issue.work_item_get", { project_id: "acme", work_item_iid: epicIid });
      const workItemGid = String(data(item).id);
      assert.match(workItemGid, /^gid:\/\/gitlab\/WorkItem\/\d+$/);

      const unconfirmed = await call("group.epic_delete", { work_item_id: workItemGid });
      assert.equal(sim.log.filter((q) => q.rawPath === "/api/graphql").length, 0, "nothing is sent before confirmation");
      assert.ok(!text(unconfirmed).includes("## Epic deleted"), text(unconfirmed));

      const deleted = await call("group.epic_delete", { work_item_id: workItemGid }, true);
      assert.ok(text(deleted).includes("## Epic deleted"), text(deleted));
      const gone = await call("group.epic_get", { group_id: "acme", epic_iid: epicIid });
      assert.equal(gone.isError, true);
      assert.ok(text(gone).includes("Epic Not Found"), text(gone));
    });
  });
}
