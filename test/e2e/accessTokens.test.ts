// Access tokens, deploy tokens, invitations and access requests (issue 13), through a real MCP client
// over stdio against the simulator:
// - a created or rotated secret (personal, project or group access token, deploy token) is shown once,
//   with the warning to store it, in the Markdown and structuredContent alike, and never in a log line
//   even at debug level; lists and gets never carry it;
// - rotating or revoking the server's own token says that the configured GITLAB_TOKEN no longer works;
// - roles given by name reach GitLab as their level and come back as "Developer (30)".
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SIM_TOKEN, text, type Connection } from "../helpers/mcp.js";

const SHOWN_ONCE = "Shown once: copy this token now";

async function withServer(
  setup: { admin?: boolean; token?: string; seed?: (sim: GitLabSimulator) => void },
  body: (conn: Connection, sim: GitLabSimulator) => Promise<void>,
): Promise<string> {
  const sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: setup.admin ?? false, name: "mcp-server" }, "glpat-second-token": { scopes: ["read_api"], name: "second" } } });
  sim.addUser({ id: 7, username: "alice", name: "Alice Example" });
  sim.addGroup({ full_path: "acme", id: 5 });
  sim.addProject({ id: 42, path_with_namespace: "acme/project" });
  setup.seed?.(sim);
  const conn = await connect({ sim, surface: "individual", env: { GITLAB_MCP_LOG_LEVEL: "debug", ...(setup.token ? { GITLAB_TOKEN: setup.token } : {}) } });
  try {
    await body(conn, sim);
    // Give the log lines of the last call time to arrive on stderr.
    await new Promise((r) => setTimeout(r, 200));
  } finally {
    await conn.close();
    await sim.close();
  }
  return conn.stderr.join("");
}

async function status(sim: GitLabSimulator, token: string, path = "/api/v4/user"): Promise<number> {
  return (await fetch(`${sim.url}${path}`, { headers: { "private-token": token } })).status;
}

/** The secret of a creation or rotation: once in the Markdown, beside the warning in both forms. */
function shownOnce(r: CallToolResult, id: string, prefix: RegExp): string {
  assert.notEqual(r.isError, true, `${id}: ${text(r)}`);
  const s = r.structuredContent as { token: string; token_notice: string };
  assert.match(s.token, prefix, id);
  assert.match(s.token_notice, new RegExp(SHOWN_ONCE), id);
  assert.equal(text(r).split(s.token).length - 1, 1, `${id}: the secret appears once in the Markdown`);
  assert.ok(text(r).includes(SHOWN_ONCE), `${id}: the warning is in the Markdown`);
  return s.token;
}

describe("access token secrets", () => {
  it("created and rotated tokens are shown once with the warning, never listed, never logged", async () => {
    const secrets: string[] = [];
    const log = await withServer(
      { admin: true, seed: (sim) => sim.addResourceToken("glpat-project-bot", { kind: "project", ownerId: 42, scopes: ["api"], name: "deploy-bot", accessLevel: 30 }) },
      async (conn) => {
        const writes: [string, Record<string, unknown>, RegExp][] = [
          ["access.token_project_create", { project_id: 42, name: "ci", scopes: ["read_api"], access_level: "reporter", expires_at: "2030-01-31" }, /^glpat-/],
          ["access.token_group_create", { group_id: "acme", name: "runners", scopes: ["create_runner"], expires_at: "2030-01-31" }, /^glpat-/],
          ["access.token_project_rotate", { project_id: 42, token_id: 3 }, /^glpat-/],
          ["access.token_personal_rotate", { token_id: 2 }, /^glpat-/],
          ["access.deploy_token_create_project", { project_id: 42, name: "pull", scopes: ["read_registry"] }, /^gldt-/],
          ["access.deploy_token_create_group", { group_id: 5, name: "packages", scopes: ["read_package_registry"] }, /^gldt-/],
        ];
        for (const [id, params, prefix] of writes) secrets.push(shownOnce(await callAction(conn, "individual", id, params), id, prefix));
        const reads: [string, Record<string, unknown>][] = [
          ["access.token_personal_list", {}],
          ["access.token_personal_get", { token_id: 2 }],
          ["access.token_project_list", { project_id: 42 }],
          ["access.token_project_get", { project_id: 42, token_id: 4 }],
          ["access.token_group_list", { group_id: 5 }],
          ["access.deploy_token_list_project", { project_id: 42 }],
          ["access.deploy_token_get_project", { project_id: 42, deploy_token_id: 1 }],
          ["access.deploy_token_list_group", { group_id: 5 }],
          ["access.deploy_token_get_group", { group_id: 5, deploy_token_id: 2 }],
          ["access.deploy_token_list_all", {}],
        ];
        for (const [id, params] of reads) {
          const r = await callAction(conn, "individual", id, params);
          assert.notEqual(r.isError, true, `${id}: ${text(r)}`);
          const whole = JSON.stringify(r);
          assert.ok(!secrets.some((s) => whole.includes(s)), `${id} carries no secret`);
          assert.ok(!/"token":/.test(JSON.stringify(r.structuredContent)), `${id}: no token field`);
          assert.doesNotMatch(text(r), /\*\*Token\*\*|Shown once/, `${id}: no Token row`);
        }
      },
    );
    assert.match(log, /"msg":"tool call"/, "debug lines were written");
    for (const s of secrets) assert.ok(!log.includes(s), `the secret ${s.slice(0, 10)}… is not in the log`);
  });

  it("rotating the server's own personal token warns that GITLAB_TOKEN is revoked", async () => {
    let secret = "";
    const log = await withServer({}, async (conn, sim) => {
      const r = await callAction(conn, "individual", "access.token_personal_rotate_self", { expires_at: "2030-05-01" });
      secret = shownOnce(r, "rotate_self", /^glpat-/);
      const notice = (r.structuredContent as { server_notice: string }).server_notice;
      assert.match(notice, /GITLAB_TOKEN no longer works/);
      assert.match(text(r), /GitLab revoked it, so the configured GITLAB_TOKEN no longer works/);
      // GitLab revoked the old token: the server's own is refused, the new one works.
      assert.equal(await status(sim, SIM_TOKEN), 401);
      assert.equal(await status(sim, secret), 200);
      const next = await callAction(conn, "individual", "access.token_personal_list", {});
      assert.equal(next.isError, true);
      assert.match(text(next), /authentication failed/);
    });
    assert.ok(!log.includes(secret), "the new secret is not in the log");
  });

  it("rotating the server's own project access token warns the same way", async () => {
    let secret = "";
    const log = await withServer(
      { token: "glpat-project-bot", seed: (sim) => sim.addResourceToken("glpat-project-bot", { kind: "project", ownerId: 42, scopes: ["api"], name: "deploy-bot", accessLevel: 40 }) },
      async (conn, sim) => {
        const r = await callAction(conn, "individual", "access.token_project_rotate_self", { project_id: "acme/project" });
        secret = shownOnce(r, "project rotate_self", /^glpat-/);
        assert.match((r.structuredContent as { server_notice: string }).server_notice, /GITLAB_TOKEN/);
        assert.match(text(r), /- \*\*Role\*\*: Maintainer \(40\)/);
        assert.equal(await status(sim, "glpat-project-bot"), 401);
        assert.equal(await status(sim, secret, "/api/v4/projects/42/access_tokens"), 200);
      },
    );
    assert.ok(!log.includes(secret), "the new secret is not in the log");
  });

  it("revoking the server's own token says the server stops working until a new token is set", async () => {
    await withServer({}, async (conn, sim) => {
      const r = await callAction(conn, "individual", "access.token_personal_revoke_self", {}, true);
      assert.notEqual(r.isError, true, text(r));
      assert.match(text(r), /stop working \(401\) until a new token is configured in GITLAB_TOKEN/);
      assert.match((r.structuredContent as { server_notice: string }).server_notice, /GITLAB_TOKEN/);
      assert.equal(await status(sim, SIM_TOKEN), 401);
    });
  });

  it("the self actions are marked as writes and destructive as the catalog says", async () => {
    await withServer({}, async (conn) => {
      const tools = (await conn.client.listTools()).tools;
      const ann = (name: string) => tools.find((t) => t.name === name)?.annotations;
      assert.equal(ann("gitlab_access_token_personal_revoke_self")?.destructiveHint, true);
      assert.equal(ann("gitlab_access_token_personal_rotate_self")?.readOnlyHint, false);
      assert.equal(ann("gitlab_access_token_personal_rotate_self")?.destructiveHint, false);
    });
  });
});

describe("roles by name", () => {
  it("invite with reporter sends 20, approve with Developer sends 30, and the card shows Developer (30)", async () => {
    await withServer({ seed: (sim) => sim.addAccessRequest({ kind: "project", ownerId: 42, userId: 7 }) }, async (conn, sim) => {
      const invited = await callAction(conn, "individual", "access.invite_project", { project_id: 42, email: "new@example.com", access_level: "reporter" });
      assert.notEqual(invited.isError, true, text(invited));
      const post = sim.log.find((q) => q.method === "POST" && q.path === "/api/v4/projects/42/invitations");
      assert.deepEqual(post?.body, { email: "new@example.com", access_level: 20 });
      const listed = await callAction(conn, "individual", "access.invite_list_project", { project_id: 42 });
      assert.match(text(listed), /Reporter \(20\)/);

      const approved = await callAction(conn, "individual", "access.approve_project", { project_id: 42, user_id: 7, access_level: "Developer" });
      assert.notEqual(approved.isError, true, text(approved));
      const put = sim.log.find((q) => q.method === "PUT" && q.path === "/api/v4/projects/42/access_requests/7/approve");
      assert.deepEqual(put?.body, { access_level: 30 });
      assert.match(text(approved), /- \*\*Role\*\*: Developer \(30\)/);
      assert.equal((approved.structuredContent as { access_level: number }).access_level, 30);
    });
  });
});
