// Every alias proves which canonical action it reaches (CAT-25): the lifecycle aliases issue.close and
// issue.reopen (CAT-23), and every parameter alias of the catalog (CAT-24), through a real client.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { actions } from "../../generated/index.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SIM_TOKEN, text, type Connection } from "../helpers/mcp.js";
import { sampleParams } from "../helpers/samples.js";

describe("lifecycle aliases (CAT-23)", () => {
  let sim: GitLabSimulator;
  let dynamic: Connection;
  let meta: Connection;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addIssue(42, { iid: 7, title: "Flaky login" });
    dynamic = await connect({ sim, surface: "dynamic" });
    meta = await connect({ sim, surface: "meta" });
  });
  after(async () => {
    await dynamic.close();
    await meta.close();
    await sim.close();
  });

  for (const [alias, event, state] of [["issue.close", "close", "closed"], ["issue.reopen", "reopen", "opened"]] as const) {
    it(`dynamic: ${alias} runs issue.update with state_event ${event}`, async () => {
      sim.clearLog();
      const r = await dynamic.client.callTool({ name: "gitlab_execute_action", arguments: { action: alias, params: { project_id: 42, issue_iid: 7 } } });
      assert.equal(sim.log.length, 1);
      assert.equal(sim.log[0].method, "PUT");
      assert.equal(sim.log[0].rawPath, "/api/v4/projects/42/issues/7");
      assert.deepEqual(sim.log[0].body, { state_event: event });
      assert.equal((r.structuredContent as { state: string }).state, state);
    });
  }

  it("meta: gitlab_issue with action close", async () => {
    sim.clearLog();
    const r = await meta.client.callTool({ name: "gitlab_issue", arguments: { action: "close", params: { project_id: 42, issue_iid: 7 } } });
    assert.deepEqual(sim.log.map((x) => [x.method, x.body]), [["PUT", { state_event: "close" }]]);
    assert.equal((r.structuredContent as { state: string }).state, "closed");
  });

  it("an explicit state_event that contradicts the alias is refused, with no request", async () => {
    sim.clearLog();
    const r = await dynamic.client.callTool({ name: "gitlab_execute_action", arguments: { action: "issue.close", params: { project_id: 42, issue_iid: 7, state_event: "reopen" } } });
    assert.equal(r.isError, true);
    assert.equal(text(r as never), 'gitlab_execute_action/issue.close: invalid params. Invalid values: state_event must be "close" for issue.close (got "reopen").');
    assert.equal(sim.log.length, 0);
  });

  it("the finder puts an alias's action first when the query is the alias", async () => {
    const r = await dynamic.client.callTool({ name: "gitlab_find_action", arguments: { query: "issue.close" } });
    assert.equal((r.structuredContent as { results: { id: string }[] }).results[0].id, "issue.update");
  });
});

// A folder for package.publish_directory, which the server is told it may read.
const PUBLISH_DIR = mkdtempSync(join(tmpdir(), "alias-publish-"));
writeFileSync(join(PUBLISH_DIR, "a.txt"), "a");

const EITHER: Record<string, Record<string, unknown>> = {
  "wiki.upload_attachment": { content_base64: "aGk=", file_name: "a.txt" },
  "project.upload": { content_base64: "aGk=", file_name: "a.txt" },
  "project.upload_avatar": { content_base64: "aGk=", file_name: "a.png" },
  "admin.alert_metric_image_upload": { content_base64: "aGk=", file_name: "a.png" },
  "admin.secure_file_create": { content_base64: "aGk=", file_name: "a.p12" },
  "package.publish": { content_base64: "aGk=" },
  "package.publish_and_link": { content_base64: "aGk=" },
  "package.publish_directory": { directory: PUBLISH_DIR },
};

const ENUM_SAMPLE: Record<string, string> = { draft: "yes" };

describe("parameter aliases reach their parameter (CAT-24)", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  before(async () => {
    // An administrator's token with admin_mode, so administrator actions (project aliases) are offered too.
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } });
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    conn = await connect({ sim, surface: "dynamic", env: { GITLAB_MCP_ALLOWED_UPLOAD_DIRS: PUBLISH_DIR } });
  });
  after(async () => {
    await conn.close();
    await sim.close();
  });

  const cases = actions.flatMap((a) => a.params.flatMap((p) => p.aliases.map((alias) => ({ a, p, alias }))));
  it("the catalog has parameter aliases to test", () => assert.ok(cases.length >= 10));
  for (const { a, p, alias } of cases) {
    it(`${a.id}: ${alias} -> ${p.name}`, async () => {
      // Inputs where one of two params is needed, which the schema cannot mark required.
      const params = { ...sampleParams(a.id), ...(EITHER[a.id] ?? {}) };
      // A value the param's type and enum accept (a boolean flag, the draft filter's yes).
      const value = p.name === "project_id" ? "group/project" : (params[p.name] ?? (p.type === "boolean" ? true : (ENUM_SAMPLE[p.name] ?? "sample-value")));
      delete params[p.name];
      params[alias] = value;
      sim.clearLog();
      const r = await callAction(conn, "dynamic", a.id, params, a.classification === "destructive");
      assert.doesNotMatch(text(r), /invalid params/, text(r));
      const sent = sim.log.filter((x) => !x.rawPath.endsWith("/personal_access_tokens/self"));
      assert.ok(sent.length > 0, "a request reached GitLab");
      // Every request of the call: a procedure may resolve a name first (a username to an ID, a project
      // ID to its path for GraphQL), and a local param chooses the path (a search's project).
      const where = sent
        .map((x) => (p.in === "path" || p.in === "local" ? decodeURIComponent(x.rawPath) : "") + JSON.stringify({ ...x.query, ...(x.body as object), ...(x.graphql?.variables ?? {}) }))
        .join(" ");
      assert.ok(where.includes(String(value)), `${alias}'s value reached GitLab as ${p.gitlabName}: ${where}`);
    });
  }
});
