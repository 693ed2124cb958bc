// The quick-action guard (VAL-12..VAL-15) as a table test over a synthetic catalog record; the end-to-end
// tests cover it through a client on the actions that mark quick-action fields.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ActionRecord } from "../../runtime/catalog/types.js";
import { findQuickAction, quickActionRefusal } from "../../runtime/policy/gates.js";

const action = { id: "issue.note_create", quickActionFields: ["body"] } as unknown as ActionRecord;

describe("quick-action guard", () => {
  const cases: [string, string, { line: number; word: string } | undefined][] = [
    ["a command on the first line", "/merge", { line: 1, word: "merge" }],
    ["indented, after text, CRLF", "Looks good.\r\n  /approve", { line: 2, word: "approve" }],
    ["inside a backtick fence", "```\n/close\n```", undefined],
    ["inside a tilde fence, then outside", "~~~\n/close\n~~~\n/assign @bob", { line: 4, word: "assign" }],
    ["a longer fence is closed only by as long a fence", "````\n```\n/close\n````\nok", undefined],
    ["a path in the middle of a line", "see /usr/bin and a/b", undefined],
    ["a slash followed by a digit", "/1 is not a command", undefined],
  ];
  for (const [name, body, want] of cases) {
    it(name, () => {
      const found = findQuickAction(action, { body });
      assert.deepEqual(found && { line: found.line, word: found.word }, want);
    });
  }
  it("fields that are not marked are not checked", () => {
    assert.equal(findQuickAction(action, { title: "/merge" }), undefined);
  });
  it("the refusal names the field, the line and the command", () => {
    assert.equal(
      quickActionRefusal("gitlab_execute_action/issue.note_create", { field: "body", line: 2, word: "approve" }),
      'gitlab_execute_action/issue.note_create: params.body line 2 starts with "/approve", which GitLab would run as a quick action. This server does not send quick actions: rephrase the line or put it in a code block, or ask the operator to set GITLAB_MCP_ALLOW_QUICK_ACTIONS=true.',
    );
  });
});
