// Fine-grained personal access tokens (BEHAVIOR §3.8, §3.9, SAF-40, SAF-41), through a real MCP client on
// the three surfaces against the simulator, which judges a granular token's grant from GitLab's tables
// the way GitLab does. Every sentence and note is compared whole: clients match on them.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator, type SimGranularScope } from "../sim/simulator.js";
import { callAction, connect, SIM_TOKEN, SURFACES, text, type SurfaceName } from "../helpers/mcp.js";
import { post, startHttp } from "../helpers/http.js";

const FG = "glpat-fine-grained";
/** What every judged session needs to read itself: its token, its user and the instance version. */
const SELF: SimGranularScope[] = [
  { access: "user", permissions: ["read_personal_access_token", "read_user"] },
  { access: "instance", permissions: ["read_metadata"] },
];
const grant = (...permissions: string[]): SimGranularScope[] => [...SELF, { access: "selected_memberships", project_id: 42, permissions }];
const prefix = (surface: SurfaceName) => (surface === "dynamic" ? "gitlab_execute_action: " : "");

const NOT_GRANTED = (id: string, words: string, scope = "api") =>
  `action "${id}" exists but this fine-grained personal access token was not granted what it needs: the project permission ${words}, as GitLab 19.4.1 declares it. ` +
  `Grant it to the token, or use a classic token with the ${scope} scope where the group allows classic tokens. Do not report the capability as missing.`;
const NOTE_EMPTY =
  "Over GraphQL, GitLab leaves out of a list, with no error, the items a fine-grained personal access token is not granted, so an empty answer may mean this token cannot see them rather than that there are none.";
const NOTE_NULL =
  "Over GraphQL, GitLab answers null with no error for an object a fine-grained personal access token is not granted, or that sits in a project or group outside its grant, so not found may mean this token cannot see it rather than that it does not exist.";

async function world(version = "19.4.1-ee", granular = grant("read_branch", "read_repository", "read_project")) {
  const sim = await GitLabSimulator.start({ version, tokens: { [SIM_TOKEN]: { scopes: ["api"] }, [FG]: { scopes: ["granular"], granular } } });
  sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
  sim.addProject({ id: 43, path_with_namespace: "group/private", default_branch: "main", visibility: "private" });
  sim.addBranch(42, { name: "main" });
  sim.addBranch(43, { name: "main" });
  return sim;
}

const structured = (r: CallToolResult) => r.structuredContent as Record<string, unknown> | undefined;

describe("fine-grained token, grant judged on the recorded release (SAF-34, SAF-37, SAF-43)", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await world()));
  after(() => sim.close());

  it("reads its grant after initialized: self, the token by ID, the version and the user", async () => {
    const conn = await connect({ sim, env: { GITLAB_TOKEN: FG }, keepLog: true });
    try {
      const paths = sim.log.map((r) => r.rawPath);
      for (const p of ["/api/v4/personal_access_tokens/self", "/api/v4/version", "/api/v4/user"]) assert.ok(paths.includes(p), `${p} was not read`);
      assert.ok(paths.some((p) => /^\/api\/v4\/personal_access_tokens\/\d+$/.test(p)), "the grant was not read by token ID");
    } finally {
      await conn.close();
    }
  });

  for (const surface of SURFACES) {
    it(`${surface}: a granted read runs; a write the grant lacks is withheld with the permission, before GitLab`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_TOKEN: FG } });
      try {
        const read = await callAction(conn, surface, "branch.get", { project_id: 42, branch_name: "main" });
        assert.equal(read.isError, undefined, text(read));
        assert.equal(structured(read)?.name, "main");
        sim.clearLog();
        const write = await callAction(conn, surface, "branch.create", { project_id: 42, branch_name: "topic", ref: "main" });
        assert.equal(write.isError, true);
        assert.equal(text(write), prefix(surface) + NOT_GRANTED("branch.create", "[Branch: Create]"));
        assert.equal(sim.log.length, 0, "a withheld call reached GitLab");
        // stderr may trail the answer on its own pipe.
        for (let i = 0; i < 50 && !conn.stderr.join("").includes('"refusal_class":"fine_grained"'); i++) await new Promise((r) => setTimeout(r, 20));
        assert.match(conn.stderr.join(""), /"refusal_class":"fine_grained"/);
      } finally {
        await conn.close();
      }
    });

    it(`${surface}: a destructive call gets the fine-grained sentence, not the confirmation`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_TOKEN: FG } });
      try {
        const r = await callAction(conn, surface, "branch.delete", { project_id: 42, branch_name: "main" });
        assert.equal(text(r), prefix(surface) + NOT_GRANTED("branch.delete", "[Branch: Delete]"));
        assert.equal(sim.log.length, 0);
      } finally {
        await conn.close();
      }
    });

    it(`${surface}: safe mode answers the fine-grained sentence, not a preview`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_TOKEN: FG, GITLAB_MCP_SAFE_MODE: "true" } });
      try {
        const r = await callAction(conn, surface, "branch.create", { project_id: 42, branch_name: "topic", ref: "main" });
        assert.equal(r.isError, true);
        assert.equal(text(r), prefix(surface) + NOT_GRANTED("branch.create", "[Branch: Create]"));
      } finally {
        await conn.close();
      }
    });

    it(`${surface}: listings show only what the grant reaches`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_TOKEN: FG } });
      try {
        const { tools } = await conn.client.listTools();
        const names = tools.map((t) => t.name);
        if (surface === "individual") {
          assert.ok(names.includes("gitlab_branch_get"));
          assert.ok(!names.includes("gitlab_branch_create") && !names.includes("gitlab_branch_delete"));
        } else if (surface === "meta") {
          const branch = tools.find((t) => t.name === "gitlab_branch")!;
          const verbs = JSON.stringify(branch.inputSchema);
          assert.match(verbs, /"get"/);
          assert.doesNotMatch(verbs, /"create"|"delete"/);
        } else {
          const found = await conn.client.callTool({ name: "gitlab_find_action", arguments: { query: "create a branch" } });
          const ids = ((found.structuredContent as { results: { id: string }[] }).results ?? []).map((x) => x.id);
          assert.ok(!ids.includes("branch.create"), `the finder offers branch.create: ${ids.join(", ")}`);
        }
        const doc = await conn.client.readResource({ uri: "gitlab://tools" });
        assert.doesNotMatch(JSON.stringify(doc), /branch\.create|gitlab_branch_create/);
      } finally {
        await conn.close();
      }
    });
  }

  it("a write aimed at a project the grant does not name is refused before GitLab (parameter-dependent check)", async () => {
    const fg = await world("19.4.1-ee", grant("read_branch", "create_branch", "read_project"));
    const conn = await connect({ sim: fg, surface: "meta", env: { GITLAB_TOKEN: FG } });
    try {
      const r = await callAction(conn, "meta", "branch.create", { project_id: 43, branch_name: "topic", ref: "main" });
      assert.equal(text(r), NOT_GRANTED("branch.create", "[Branch: Create]"));
      assert.equal(fg.log.length, 0);
      const ok = await callAction(conn, "meta", "branch.create", { project_id: 42, branch_name: "topic", ref: "main" });
      assert.equal(ok.isError, undefined, text(ok));
    } finally {
      await conn.close();
      await fg.close();
    }
  });

  it("gitlab://tools/{id} names the permissions an action needs and the release", async () => {
    const conn = await connect({ sim, env: { GITLAB_TOKEN: FG } });
    try {
      const doc = JSON.parse(((await conn.client.readResource({ uri: "gitlab://tools/branch.get" })).contents[0] as { text: string }).text) as { fine_grained: unknown };
      assert.deepEqual(doc.fine_grained, {
        recorded: true,
        release: "19.4.1",
        reachable: true,
        permissions: [{ permission: "read_branch", name: "[Branch: Read]", boundaries: ["project"] }],
      });
    } finally {
      await conn.close();
    }
  });

  for (const surface of SURFACES) {
    it(`${surface}: GitLab's own fine-grained refusal is passed through with advice, without role hints (SAF-40)`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_TOKEN: FG } });
      try {
        // A read of another project passes to GitLab (it may be public); this one is private.
        const r = await callAction(conn, surface, "branch.get", { project_id: 43, branch_name: "main" });
        assert.equal(r.isError, true);
        const t = text(r);
        assert.match(t, /^branch\.get: access denied: GitLab refused the fine-grained personal access token \(.*Access denied: This operation requires a fine-grained personal access token with the following/);
        assert.match(t, /GitLab 19\.4\.1 lists the project permission \[Branch: Read\] for this action\..* Do not report the capability as missing\.$/);
        assert.doesNotMatch(t, /Maintainer|role/);
        assert.equal(sim.log.filter((x) => x.rawPath.includes("/projects/43/")).length, 1);
      } finally {
        await conn.close();
      }
    });

    it(`${surface}: an empty GraphQL list and a null GraphQL object carry their notes (SAF-38, SAF-39)`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_TOKEN: FG } });
      try {
        const list = await callAction(conn, surface, "ci_catalog.list", {});
        assert.equal(list.isError, undefined, text(list));
        assert.ok((structured(list)?.next_steps as string[]).includes(NOTE_EMPTY));
        assert.ok(text(list).includes(NOTE_EMPTY));
        const one = await callAction(conn, surface, "ci_catalog.get", { project_id: "group/project" });
        assert.equal(one.isError, true);
        assert.ok(text(one).includes(NOTE_NULL), text(one));
      } finally {
        await conn.close();
      }
    });
  }

  it("a classic token under a group that admits fine-grained tokens only gets GitLab's refusal and the advice to use one", async () => {
    sim.enforceFineGrainedTokens("group");
    const conn = await connect({ sim, surface: "dynamic" });
    try {
      const r = await callAction(conn, "dynamic", "branch.get", { project_id: 42, branch_name: "main" });
      assert.match(text(r), /^branch\.get: access denied: GitLab refused this token, asking for a fine-grained personal access token \(.*insufficient_granular_scope|^branch\.get: access denied: GitLab refused this token, asking for a fine-grained personal access token \(/);
      assert.match(text(r), /The group behind this resource admits fine-grained personal access tokens only: use one granted what this action needs with the project permission \[Branch: Read\], as GitLab 19\.4\.1 declares it\. Do not report the capability as missing\.$/);
      assert.doesNotMatch(text(r), /Maintainer/);
    } finally {
      await conn.close();
      sim.enforceFineGrainedTokens("group", false);
    }
  });

  it("a classic token gets no fine-grained sentence and no note", async () => {
    const conn = await connect({ sim, surface: "dynamic" });
    try {
      const list = await callAction(conn, "dynamic", "ci_catalog.list", {});
      assert.ok(!(structured(list)?.next_steps as string[]).includes(NOTE_EMPTY));
      const one = await callAction(conn, "dynamic", "ci_catalog.get", { project_id: "group/project" });
      assert.ok(!text(one).includes(NOTE_NULL));
      const write = await callAction(conn, "dynamic", "branch.create", { project_id: 42, branch_name: "classic", ref: "main" });
      assert.equal(write.isError, undefined, text(write));
    } finally {
      await conn.close();
    }
  });
});

describe("fine-grained token, grant not judged (SAF-35)", () => {
  for (const surface of SURFACES) {
    it(`${surface}: another release: GitLab judges the grant; only unreachable actions are withheld, with the reason`, async () => {
      const sim = await world("18.6.0-ee");
      const conn = await connect({ sim, surface, env: { GITLAB_TOKEN: FG } });
      try {
        const write = await callAction(conn, surface, "branch.create", { project_id: 42, branch_name: "topic", ref: "main" });
        assert.match(text(write), /^branch\.create: access denied: GitLab refused the fine-grained personal access token/);
        assert.match(text(write), /This server did not judge the grant: The instance reports GitLab 18\.6 and the permissions are recorded for 19\.4 only\./);
        assert.equal(sim.log.filter((r) => r.method === "POST").length, 1, "the call reached GitLab");
        sim.clearLog();
        const unreachable = await callAction(conn, surface, "pipeline.trigger_run", { project_id: 42, ref: "main", token: "trigger-token" });
        assert.equal(
          text(unreachable),
          prefix(surface) +
            'action "pipeline.trigger_run" exists but is not available to a fine-grained personal access token: GitLab 19.4.1 serves POST /projects/:id/trigger/pipeline only to another kind of credential (CI trigger token), so no fine-grained token reaches it at that release. ' +
            "(The token's own grant is not judged here: The instance reports GitLab 18.6 and the permissions are recorded for 19.4 only.) Use a classic token with the api scope for it. Do not report the capability as missing.",
        );
        assert.equal(sim.log.length, 0);
      } finally {
        await conn.close();
        await sim.close();
      }
    });
  }

  it("a grant the token cannot read: phase A with its reason, logged", async () => {
    const sim = await world("19.4.1-ee", [{ access: "instance", permissions: ["read_metadata"] }, { access: "selected_memberships", project_id: 42, permissions: ["read_branch"] }]);
    const conn = await connect({ sim, surface: "dynamic", env: { GITLAB_TOKEN: FG } });
    try {
      assert.match(conn.stderr.join(""), /"reason":"The token cannot read its own grant"/);
      const r = await callAction(conn, "dynamic", "pipeline.trigger_run", { project_id: 42, ref: "main", token: "t" });
      assert.match(text(r), /\(The token's own grant is not judged here: The token cannot read its own grant\.\)/);
    } finally {
      await conn.close();
      await sim.close();
    }
  });

  it("an instance that does not answer for its version: phase A with that reason", async () => {
    const sim = await world();
    sim.inject({ path: "/version", status: 503, body: { message: "503 Service Unavailable" }, times: 10 });
    const conn = await connect({ sim, surface: "dynamic", env: { GITLAB_TOKEN: FG } });
    try {
      assert.match(conn.stderr.join(""), /"reason":"The instance did not answer the request for its version"/);
    } finally {
      await conn.close();
      await sim.close();
    }
  });

  it("stdio re-reads the grant at each revalidation, and a failed re-read keeps the view", async () => {
    const sim = await world();
    const conn = await connect({ sim, surface: "individual", env: { GITLAB_TOKEN: FG, GITLAB_MCP_SESSION_REVALIDATE_INTERVAL: "1s" } });
    try {
      const names = async () => (await conn.client.listTools()).tools.map((t) => t.name);
      assert.ok(!(await names()).includes("gitlab_branch_create"));
      sim.setGrant(FG, grant("read_branch", "read_repository", "read_project", "create_branch"));
      for (let i = 0; i < 40 && !(await names()).includes("gitlab_branch_create"); i++) await new Promise((r) => setTimeout(r, 100));
      assert.ok((await names()).includes("gitlab_branch_create"), "the new grant was not read");
      // GitLab stops answering for the grant: the view learned before stays.
      sim.inject({ path: /^\/api\/v4\/personal_access_tokens\//, status: 503, body: { message: "503 Service Unavailable" }, times: 100 });
      await new Promise((r) => setTimeout(r, 2500));
      assert.ok((await names()).includes("gitlab_branch_create"), "a failed re-read changed the view");
    } finally {
      await conn.close();
      await sim.close();
    }
  });
});

describe("HTTP admission of a fine-grained token that cannot read its own user (SAF-41)", () => {
  it("answers 403 with the wire sentence, remembers it, and does not charge the failure budget", async () => {
    const sim = await world("19.4.1-ee", [{ access: "instance", permissions: ["read_metadata"] }]);
    const server = await startHttp({ GITLAB_URL: sim.url, GITLAB_MCP_AUTH_FAILURE_LIMIT: "1" });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await post(server.url, { authorization: `Bearer ${FG}` });
        assert.equal(res.status, 403);
        const body = (await res.json()) as { error: { message: string } };
        assert.match(body.error.message, /^GitLab accepted this token and refused it the permission to read its own user\./);
      }
      assert.equal(sim.log.filter((r) => r.rawPath === "/api/v4/user").length, 1, "the refusal is remembered, not asked again");
    } finally {
      await server.stop();
      await sim.close();
    }
  });
});
