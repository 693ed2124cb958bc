// Secrets shown once (issue 12): a personal access token or runner token created through the user
// actions appears in that one answer, beside the warning to store it, and never in the server's log,
// even at debug level.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, text, type Connection } from "../helpers/mcp.js";

describe("secrets created by user actions", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "acme/project" });
    conn = await connect({ sim, surface: "individual", env: { GITLAB_MCP_LOG_LEVEL: "debug" } });
  });
  after(async () => {
    await conn?.close();
    await sim?.close();
  });

  const cases: [string, Record<string, unknown>][] = [
    ["user.create_current_user_pat", { name: "kube", scopes: ["k8s_proxy"] }],
    ["user.create_runner", { runner_type: "project_type", project_id: 42 }],
  ];
  for (const [id, params] of cases) {
    it(`${id} shows the token once with the warning, and never logs it`, async () => {
      const result: CallToolResult = await callAction(conn, "individual", id, params);
      assert.notEqual(result.isError, true, text(result));
      const token = (result.structuredContent as { token: string }).token;
      assert.match(token, /^gl(pat|rt)-/);
      const markdown = text(result);
      assert.equal(markdown.split(token).length - 1, 1, "the token appears once in the Markdown");
      assert.match(markdown, /Shown once: copy this token now/);
      // Give the log lines of the call time to arrive on stderr.
      await new Promise((r) => setTimeout(r, 200));
      const log = conn.stderr.join("");
      assert.ok(log.length > 0, "the debug log wrote lines");
      assert.ok(!log.includes(token), "the token is not in the log");
    });
  }
});
