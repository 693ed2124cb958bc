// Safety on the server (BEHAVIOR §3 and SAF-43), generated from the catalog: every destructive action on
// every surface, every write action under read-only and safe mode, token scopes, exclusions, elicitation.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { ElicitRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { actions, domains } from "../../generated/index.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, CLI, connect, SIM_TOKEN, SURFACES, text, type Connection } from "../helpers/mcp.js";
import { byClass, mutating, sampleParams } from "../helpers/samples.js";
import { PREVIEWS } from "../../runtime/procedures/previews.js";

const nonGet = (sim: GitLabSimulator) => sim.log.filter((r) => r.method !== "GET" && !(r.rawPath === "/api/graphql" && /^\s*query/.test(r.graphql?.query ?? "")));
const operatorSentence = (id: string) =>
  `action "${id}" exists but is not available: this deployment is configured to withhold it, so a narrowed action surface was built. Ask the operator to enable it; do not report the capability as missing.`;
const scopeSentence = (id: string) =>
  `action "${id}" exists but is not available to this session: the credential in use does not carry a GitLab scope that covers it, so a narrowed action surface was built for it. Reauthorize with the api scope to use it; do not report the capability as missing.`;

// The token carries admin_mode, so administrator actions (user.*_for_user) are routable like the rest.
async function seeded(options: Parameters<typeof GitLabSimulator.start>[0] = {}) {
  const sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"] } }, ...options });
  sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
  sim.addBranch(42, { name: "main" });
  return sim;
}

describe("destructive confirmation, for every destructive action on every surface (SAF-13, SAF-14, DYN-15 step 9)", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await seeded()));
  after(() => sim.close());
  for (const surface of SURFACES) {
    it(`${surface}: refused without confirm and sent with confirm`, async () => {
      const conn = await connect({ sim, surface });
      try {
        for (const a of byClass("destructive")) {
          sim.clearLog();
          const refused = await callAction(conn, surface, a.id, sampleParams(a.id));
          assert.equal(refused.isError, true, `${a.id} ran without confirmation`);
          assert.match(text(refused), surface === "dynamic" ? new RegExp(`action "${a.id}" is destructive\\. Re-send with confirm=true`) : /^Confirm gitlab_.*\? This action may be irreversible\. The connected client cannot prompt for confirmation\./);
          assert.equal(sim.log.length, 0, `${a.id}: a request reached GitLab without confirmation`);
          await callAction(conn, surface, a.id, sampleParams(a.id), true);
          assert.equal(nonGet(sim).length, 1, `${a.id}: confirmed call did not reach GitLab`);
          assert.equal(nonGet(sim)[0].method, a.request.kind === "rest" ? a.request.method : "POST");
        }
      } finally {
        await conn.close();
      }
    });
  }
});

describe("elicitation through a client that declares it (SAF-14 step 3)", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await seeded()));
  after(() => sim.close());
  for (const surface of ["meta", "individual"] as const) {
    for (const answer of ["accept", "decline", "cancel", "accept-false"] as const) {
      it(`${surface}: ${answer}`, async () => {
        const conn = await connect({ sim, surface, capabilities: { elicitation: { form: {} } } });
        const asked: string[] = [];
        conn.client.setRequestHandler(ElicitRequestSchema, (req) => {
          asked.push(req.params.message);
          if (answer === "accept") return { action: "accept", content: { confirm: true } };
          if (answer === "accept-false") return { action: "accept", content: { confirm: false } };
          return { action: answer };
        });
        try {
          sim.addBranch(42, { name: `gone-${surface}-${answer}` });
          sim.clearLog();
          const r = await callAction(conn, surface, "branch.delete", { project_id: 42, branch_name: `gone-${surface}-${answer}` });
          assert.deepEqual(asked, [`Run branch.delete (Delete a branch) on project_id 42, branch_name gone-${surface}-${answer}? This operation may be irreversible.`]);
          if (answer === "accept") {
            assert.equal(text(r), "✅ Action completed successfully.");
            assert.equal(nonGet(sim).length, 1);
          } else {
            assert.equal(r.isError, true);
            assert.equal(text(r), "Operation canceled by user.");
            assert.equal(sim.log.length, 0);
          }
        } finally {
          await conn.close();
        }
      });
    }
  }
  it("dynamic never elicits, even when the client could answer (SAF-15)", async () => {
    const conn = await connect({ sim, surface: "dynamic", capabilities: { elicitation: { form: {} } } });
    let asked = 0;
    conn.client.setRequestHandler(ElicitRequestSchema, () => {
      asked++;
      return { action: "accept", content: { confirm: true } };
    });
    try {
      const r = await callAction(conn, "dynamic", "branch.delete", { project_id: 42, branch_name: "main" });
      assert.equal(r.isError, true);
      assert.equal(asked, 0);
      assert.equal(sim.log.length, 0);
    } finally {
      await conn.close();
    }
  });
});

describe("read-only mode (SAF-4, SAF-5)", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await seeded()));
  after(() => sim.close());
  for (const surface of SURFACES) {
    it(`${surface}: lists no write action and withholds every one without a request`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_MCP_READ_ONLY: "true" } });
      try {
        const { tools } = await conn.client.listTools();
        if (surface === "individual") {
          assert.deepEqual(tools.map((t) => t.name).sort(), byClass("read").map((a) => `gitlab_${a.domain}_${a.action}`).sort());
        } else if (surface === "meta") {
          for (const t of tools) {
            const verbs = (t.inputSchema.properties as { action: { enum: string[] } }).action.enum;
            for (const v of verbs) assert.equal(actions.find((a) => a.id === `${t.name.slice(7)}.${v}`)?.classification, "read");
            assert.equal(t.annotations?.readOnlyHint, true);
          }
        } else {
          const exec = tools.find((t) => t.name === "gitlab_execute_action")!;
          assert.deepEqual([exec.annotations?.readOnlyHint, exec.annotations?.destructiveHint, exec.annotations?.idempotentHint], [true, false, true]);
          for (const q of ["delete a branch", "create branch", "protect branch", "unprotect", "update protected branch"]) {
            const found = (await conn.client.callTool({ name: "gitlab_find_action", arguments: { query: q } })) as CallToolResult;
            for (const r of (found.structuredContent as { results: { id: string }[] }).results) assert.equal(actions.find((a) => a.id === r.id)?.classification, "read", `${q} -> ${r.id}`);
          }
        }
        for (const a of mutating()) {
          sim.clearLog();
          const r = surface === "individual"
            ? ((await conn.client.callTool({ name: `gitlab_${a.domain}_${a.action}`, arguments: sampleParams(a.id) })) as CallToolResult)
            : await callAction(conn, surface, a.id, sampleParams(a.id), true);
          assert.equal(r.isError, true);
          assert.equal(text(r), `${surface === "dynamic" ? "gitlab_execute_action: " : ""}${operatorSentence(a.id)}`);
          assert.equal(sim.log.length, 0);
        }
        const listed = JSON.parse(String(((await conn.client.readResource({ uri: "gitlab://tools" })).contents[0] as { text: string }).text)) as { entries: { read_only: boolean }[] };
        assert.ok(listed.entries.length > 0 && listed.entries.every((e) => e.read_only), "gitlab://tools lists reads only");
        const read = await callAction(conn, surface, "branch.get", { project_id: 42, branch_name: "main" });
        assert.equal(read.isError, undefined, "reads still run");
      } finally {
        await conn.close();
      }
    });
  }
});

describe("safe mode (SAF-8..SAF-12)", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await seeded()));
  after(() => sim.close());
  for (const surface of SURFACES) {
    it(`${surface}: every write answers a preview and nothing but reads reaches GitLab`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_MCP_SAFE_MODE: "true" } });
      try {
        for (const a of mutating()) {
          sim.clearLog();
          const sent = sampleParams(a.id);
          const r = await callAction(conn, surface, a.id, sent);
          assert.equal(nonGet(sim).length, 0, `${a.id} reached GitLab in safe mode`);
          // A secret param's value is shown as [secret] (test/e2e/secrets.test.ts follows every one).
          const params = Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, a.params.find((p) => p.name === k)?.secret ? "[secret]" : v]));
          const name = surface === "individual" ? `gitlab_${a.domain}_${a.action}` : a.id;
          const card =
            `## ⛔ Safe mode blocked ${name}\n\n- **Status**: blocked\n- **Mode**: safe\n- **Tool**: \`${name}\`\n\n**Parameters**:\n\n` +
            "```json\n" + JSON.stringify(params, null, 2) + "\n```\n\n---\n💡 **Next steps:**\n- Set GITLAB_MCP_SAFE_MODE=false to execute this operation";
          // A procedure with a preview (runtime/procedures/previews.ts) adds what the write would touch
          // between the parameters and the hint, and its fields to the preview object.
          const extra = a.request.kind === "rest" && a.request.procedure !== undefined && PREVIEWS[a.request.procedure] !== undefined;
          const hint = "\n\n---\n💡 **Next steps:**\n- Set GITLAB_MCP_SAFE_MODE=false to execute this operation";
          if (extra) assert.ok(text(r).startsWith(card.slice(0, -hint.length)) && text(r).endsWith(hint), text(r));
          else assert.equal(text(r), card);
          if (surface === "individual") {
            assert.equal(r.isError, true);
            assert.equal(r.structuredContent, undefined);
          } else {
            assert.equal(r.isError, undefined);
            const base = { status: "blocked", mode: "safe", tool: name, params, hint: "Set GITLAB_MCP_SAFE_MODE=false to execute this operation" };
            const got = r.structuredContent as Record<string, unknown>;
            assert.deepEqual(extra ? Object.fromEntries(Object.keys(base).map((k) => [k, got[k]])) : got, base);
          }
          assert.equal(r.content[0].annotations?.priority, 0.8);
        }
        const read = await callAction(conn, surface, "branch.list", { project_id: 42 });
        assert.equal(read.isError, undefined);
        assert.equal(sim.log.length, 1, "reads run normally");
      } finally {
        await conn.close();
      }
    });
  }
  it("read-only wins over safe mode: no preview, the withheld sentence (SAF-6)", async () => {
    const conn = await connect({ sim, surface: "dynamic", env: { GITLAB_MCP_SAFE_MODE: "true", GITLAB_MCP_READ_ONLY: "true" } });
    try {
      const r = await callAction(conn, "dynamic", "branch.create", { project_id: 42, branch_name: "x", ref: "main" });
      assert.equal(text(r), `gitlab_execute_action: ${operatorSentence("branch.create")}`);
    } finally {
      await conn.close();
    }
  });
});

describe("token scopes (SAF-25..SAF-30)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({
      tokens: { [SIM_TOKEN]: { scopes: ["api"] }, "glpat-read": { scopes: ["read_api"] }, "glpat-repo": { scopes: ["read_repository"] }, "glpat-noadmin": { scopes: ["read_api", "api"], admin: true } },
    });
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
  });
  after(() => sim.close());

  it("reads the token's scopes at start", async () => {
    const conn = await connect({ sim, keepLog: true });
    try {
      assert.ok(sim.log.some((r) => r.rawPath === "/api/v4/personal_access_tokens/self"));
    } finally {
      await conn.close();
    }
  });

  for (const surface of SURFACES) {
    it(`${surface}: a read_api token gets the read surface and the scope sentence for writes`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_TOKEN: "glpat-read" } });
      try {
        const { tools } = await conn.client.listTools();
        if (surface === "individual") assert.equal(tools.length, byClass("read").filter((a) => !a.adminMode).length);
        const r = surface === "individual"
          ? ((await conn.client.callTool({ name: "gitlab_branch_create", arguments: { project_id: 42, branch_name: "x", ref: "main" } })) as CallToolResult)
          : await callAction(conn, surface, "branch.create", { project_id: 42, branch_name: "x", ref: "main" });
        assert.equal(text(r), `${surface === "dynamic" ? "gitlab_execute_action: " : ""}${scopeSentence("branch.create")}`);
        assert.equal(sim.log.length, 0);
        assert.equal((await callAction(conn, surface, "branch.get", { project_id: 42, branch_name: "main" })).isError, undefined);
      } finally {
        await conn.close();
      }
    });
  }

  for (const surface of SURFACES) {
    it(`${surface}: an api and read_api token without admin_mode gets the admin_mode sentence for administrator actions`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_TOKEN: "glpat-noadmin" } });
      try {
        const { tools } = await conn.client.listTools();
        if (surface === "individual") {
          const names = new Set(tools.map((t) => t.name));
          assert.ok(!names.has("gitlab_user_add_ssh_key_for_user") && !names.has("gitlab_user_emails_for_user"));
          assert.ok(names.has("gitlab_user_ssh_keys_for_user") && names.has("gitlab_user_add_ssh_key"));
        }
        const prefix = surface === "dynamic" ? "gitlab_execute_action: " : "";
        const key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb alice@desk";
        for (const [id, params] of [
          ["user.add_ssh_key_for_user", { user_id: 1, title: "Desk", key }],
          ["user.emails_for_user", { user_id: 1 }],
          ["user.key_get_by_fingerprint", { fingerprint: "SHA256:abc" }],
        ] as const) {
          const r = await callAction(conn, surface, id, params);
          assert.equal(text(r), `${prefix}${scopeSentence(id)} The token also needs the admin_mode scope.`);
        }
        assert.equal(sim.log.length, 0, "nothing reached GitLab");
        // The public reads of another user's keys need no administrator.
        assert.equal((await callAction(conn, surface, "user.ssh_keys_for_user", { user_id: 1 })).isError, undefined);
      } finally {
        await conn.close();
      }
    });
  }

  it("GITLAB_MCP_IGNORE_SCOPES=true keeps the whole catalog for a read_api token", async () => {
    const conn = await connect({ sim, surface: "individual", env: { GITLAB_TOKEN: "glpat-read", GITLAB_MCP_IGNORE_SCOPES: "true" } });
    try {
      assert.equal((await conn.client.listTools()).tools.length, actions.length);
    } finally {
      await conn.close();
    }
  });

  it("a token with neither read_api nor api: initialize works, catalog methods are refused with -40300", async () => {
    const conn = await connect({ sim, env: { GITLAB_TOKEN: "glpat-repo", GITLAB_MCP_IGNORE_SCOPES: "true" } });
    try {
      await assert.rejects(conn.client.listTools(), (e: Error & { code?: number }) => e.code === -40300 && /read_api/.test(e.message));
      await assert.rejects(conn.client.callTool({ name: "gitlab_execute_action", arguments: { action: "branch.list", params: { project_id: 42 } } }), (e: Error & { code?: number }) => e.code === -40300);
      assert.equal(sim.log.filter((r) => r.rawPath !== "/api/v4/personal_access_tokens/self").length, 0);
    } finally {
      await conn.close();
    }
  });

  it("unreadable scopes: the whole catalog and the wire warning (SAF-29)", async () => {
    sim.inject({ path: "/personal_access_tokens/self", status: 503, body: { message: "503 Service Unavailable" }, times: 4 });
    const conn = await connect({ sim, surface: "individual" });
    try {
      assert.equal((await conn.client.listTools()).tools.length, actions.length);
    } finally {
      await conn.close();
    }
    assert.match(conn.stderr.join(""), /"msg":"failed to detect PAT scopes, all tools will be registered"/);
  });
});

describe("operator exclusions (SAF-22..SAF-24)", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await seeded()));
  after(() => sim.close());
  for (const surface of SURFACES) {
    it(`${surface}: IDs and tool names are withheld, the rest runs`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_MCP_EXCLUDE_TOOLS: " Branch.Delete , gitlab_branch_unprotect,nothing.here" } });
      try {
        const { tools } = await conn.client.listTools();
        if (surface === "individual") {
          assert.ok(!tools.some((t) => t.name === "gitlab_branch_delete" || t.name === "gitlab_branch_unprotect"));
          assert.equal(tools.length, actions.length - 2);
        }
        if (surface === "meta") assert.ok(!(tools[0].inputSchema.properties as { action: { enum: string[] } }).action.enum.includes("delete"));
        for (const id of ["branch.delete", "branch.unprotect"]) {
          const r = await callAction(conn, surface, id, sampleParams(id), true);
          assert.equal(text(r), `${surface === "dynamic" ? "gitlab_execute_action: " : ""}${operatorSentence(id)}`);
        }
        assert.equal(sim.log.length, 0);
        assert.equal((await callAction(conn, surface, "branch.get", { project_id: 42, branch_name: "main" })).isError, undefined);
      } finally {
        await conn.close();
      }
      assert.match(conn.stderr.join(""), /GITLAB_MCP_EXCLUDE_TOOLS entry \\"nothing.here\\" matches no action/);
    });
  }
  it("a domain excludes the whole meta tool", async () => {
    const conn = await connect({ sim, surface: "meta", env: { GITLAB_MCP_EXCLUDE_TOOLS: "branch" } });
    try {
      const names = (await conn.client.listTools()).tools.map((t) => t.name);
      assert.ok(!names.includes("gitlab_branch"), names.join(", "));
      // A declared domain with no action yet has no meta tool either.
      assert.equal(names.length, domains.filter((d) => actions.some((a) => a.domain === d.name)).length - 1);
    } finally {
      await conn.close();
    }
  });
});

describe("legacy variable names (CFG-11)", () => {
  for (const [name, now] of [["GITLAB_READ_ONLY", "GITLAB_MCP_READ_ONLY"], ["GITLAB_SAFE_MODE", "GITLAB_MCP_SAFE_MODE"], ["EXCLUDE_TOOLS", "GITLAB_MCP_EXCLUDE_TOOLS"]]) {
    it(`${name} refuses the start`, () => {
      const r = spawnSync(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? "", [name]: "false" }, encoding: "utf8", input: "" });
      assert.equal(r.status, 1);
      assert.match(r.stderr, new RegExp(`${name} is no longer read and the server will not start while it is set: rename it to ${now}`));
    });
  }
  it("a renamed variable is ignored with a warning", async () => {
    const sim = await seeded();
    const conn = await connect({ sim, env: { TOOL_SURFACE: "individual", GITLAB_TIER: "premium" } });
    try {
      assert.equal((await conn.client.listTools()).tools.length, 2, "TOOL_SURFACE was not read");
    } finally {
      await conn.close();
      await sim.close();
    }
    assert.match(conn.stderr.join(""), /TOOL_SURFACE is no longer read: rename it to GITLAB_MCP_TOOL_SURFACE/);
    assert.match(conn.stderr.join(""), /GITLAB_TIER is no longer read: rename it to GITLAB_MCP_TIER/);
  });
});

describe("the order of gates (SAF-43)", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  before(async () => {
    sim = await seeded();
    conn = await connect({ sim, surface: "meta", env: { GITLAB_MCP_SAFE_MODE: "true", GITLAB_MCP_EXCLUDE_TOOLS: "branch.unprotect" } });
  });
  after(async () => {
    await conn.close();
    await sim.close();
  });
  it("withheld comes before validation and before the preview", async () => {
    const r = await callAction(conn, "meta", "branch.unprotect", { bogus: 1 });
    assert.equal(text(r), operatorSentence("branch.unprotect"));
  });
  it("validation comes before the preview", async () => {
    const r = await callAction(conn, "meta", "branch.delete", { project_id: 42 });
    assert.match(text(r), /missing required params: branch_name/);
  });
  it("a destructive action in safe mode previews without asking for confirmation (SAF-12)", async () => {
    const r = await callAction(conn, "meta", "branch.delete", { project_id: 42, branch_name: "main" });
    assert.match(text(r), /^## ⛔ Safe mode blocked branch\.delete/);
    assert.equal(sim.log.length, 0);
  });
});
