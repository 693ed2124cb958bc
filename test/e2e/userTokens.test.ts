// Tokens an administrator creates for a user (impersonation and personal access tokens): GitLab returns
// the secret once, so the result shows it with the notice to store it now, and it goes nowhere else:
// not into any log line, even at debug level.
import assert from "node:assert/strict";
import { it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SIM_TOKEN, text } from "../helpers/mcp.js";

it("a created token reaches the caller once, with the notice, and never the log", async () => {
  const sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } });
  sim.addUser({ id: 2, username: "jdoe" });
  const conn = await connect({ sim, surface: "dynamic", env: { GITLAB_MCP_LOG_LEVEL: "debug" } });
  try {
    const seen: string[] = [];
    for (const id of ["user.create_personal_access_token", "user.create_impersonation_token"]) {
      const r: CallToolResult = await callAction(conn, "dynamic", id, { user_id: 2, name: "ci", scopes: ["read_api"] });
      const { token, token_notice } = r.structuredContent as { token: string; token_notice: string };
      assert.match(token, /^glpat-/, id);
      assert.match(token_notice, /^Store this token now/, id);
      assert.ok(text(r).includes(token) && text(r).includes("Store this token now"), id);
      seen.push(token);
    }
    const listed = await callAction(conn, "dynamic", "user.list_impersonation_tokens", { user_id: 2 });
    assert.ok(!seen.some((t) => JSON.stringify(listed).includes(t)), "a listed token carries no secret");
  } finally {
    await conn.close();
    await sim.close();
  }
  const log = conn.stderr.join("");
  assert.match(log, /"msg":"tool call"/, "debug lines were written");
  assert.ok(!/glpat-(?!simulator)[a-z0-9]{20}/.test(log), "no created token in the log");
});
