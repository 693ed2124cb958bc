// Action-name resolution (CAT-21, CAT-22): trim, lower-case, canonical ID, then alias; an alias two
// actions claim is ambiguous; an alias reaches the action it names and nothing else.
import assert from "node:assert/strict";
import { it } from "node:test";
import { catalogOf, resolveAction } from "../../runtime/catalog/index.js";
import type { ActionRecord } from "../../runtime/catalog/types.js";

const action = (id: string, aliases: string[] = []) => ({ id, domain: id.split(".")[0], action: id.split(".")[1], aliases }) as unknown as ActionRecord;
const c = catalogOf([action("group.board_get", ["group.board"]), action("epic.board_get", ["board.get"]), action("issue.board_get", ["board.get"]), action("branch.get")], []);

it("a canonical ID resolves after trimming and lower-casing", () => {
  assert.equal(resolveAction(c, "  Branch.GET ").action?.id, "branch.get");
});
it("an alias reaches the one action that claims it", () => {
  assert.equal(resolveAction(c, "group.board").action?.id, "group.board_get");
});
it("an alias two actions claim is ambiguous and names both", () => {
  const r = resolveAction(c, "board.get");
  assert.equal(r.action, undefined);
  assert.deepEqual(r.ambiguous?.map((a) => a.id), ["epic.board_get", "issue.board_get"]);
});
it("an unknown name resolves to nothing", () => {
  assert.deepEqual(resolveAction(c, "branch.fetch"), { action: undefined });
});
