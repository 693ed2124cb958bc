// Instance tiers (BEHAVIOR §1.6, CAT-18..CAT-20): set by GITLAB_MCP_TIER or detected from GitLab (the
// license, then the plans of the namespaces the token sees), and actions above the tier withheld on every
// surface with the tier sentence, absent from listings, the finder and gitlab://tools.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { actions } from "../../generated/index.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SIM_TOKEN, SURFACES, text, type SurfaceName } from "../helpers/mcp.js";
import { httpClient, startHttp } from "../helpers/http.js";

const premium = actions.filter((a) => a.tier !== "free");
const tierSentence = (surface: SurfaceName, id: string, instance: string) =>
  `${surface === "dynamic" ? "gitlab_execute_action: " : ""}action "${id}" exists but is not available on this GitLab instance: it needs the Premium tier and the instance reports ${instance}.`;
/** Detection on: the helpers pin the tier to ultimate unless a test clears it. */
const DETECT = { GITLAB_MCP_TIER: "" };

describe("tiers (CAT-19, CAT-20)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({ version: "19.4.1-ee", tokens: { [SIM_TOKEN]: { scopes: ["api"] }, "glpat-admin": { scopes: ["api"], admin: true } }, license: { plan: "premium" } });
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
  });
  after(() => sim.close());

  it("there are Premium actions to withhold", () => assert.ok(premium.length > 0));

  for (const surface of SURFACES) {
    it(`${surface}: GITLAB_MCP_TIER=free withholds every Premium action with the tier sentence, before GitLab`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_MCP_TIER: "free" } });
      try {
        const { tools } = await conn.client.listTools();
        const listed = JSON.stringify(tools);
        for (const a of premium) {
          sim.clearLog();
          const r = await callAction(conn, surface, a.id, {});
          assert.equal(text(r), tierSentence(surface, a.id, "free"));
          assert.equal(sim.log.length, 0);
          if (surface === "individual") assert.ok(!listed.includes(`"gitlab_${a.domain}_${a.action}"`), `${a.id} is listed`);
        }
        if (surface === "meta") assert.ok(!tools.some((t) => t.name === "gitlab_merge_train"), "a domain with nothing routable keeps its meta tool");
        if (surface === "dynamic") {
          const found = await conn.client.callTool({ name: "gitlab_find_action", arguments: { query: "merge train" } });
          assert.ok(!JSON.stringify(found.structuredContent).includes("merge_train."), "the finder offers a Premium action");
        }
        const doc = await conn.client.readResource({ uri: "gitlab://tools" });
        for (const a of premium) assert.ok(!JSON.stringify(doc).includes(`"${a.id}"`), `${a.id} is in gitlab://tools`);
        for (let i = 0; i < 50 && !conn.stderr.join("").includes('"refusal_class":"tier"'); i++) await new Promise((r) => setTimeout(r, 20));
        assert.match(conn.stderr.join(""), /"refusal_class":"tier"/);
      } finally {
        await conn.close();
      }
    });
  }

  it("GITLAB_MCP_TIER=ce is free; an unknown tier refuses the start", async () => {
    const conn = await connect({ sim, surface: "dynamic", env: { GITLAB_MCP_TIER: "ce" } });
    try {
      assert.equal(text(await callAction(conn, "dynamic", premium[0].id, {})), tierSentence("dynamic", premium[0].id, "free"));
    } finally {
      await conn.close();
    }
    await assert.rejects(connect({ sim, env: { GITLAB_MCP_TIER: "gold" } }));
  });

  it("detection takes the license's plan first (an administrator's token)", async () => {
    sim.clearLog();
    const conn = await connect({ sim, surface: "individual", env: { ...DETECT, GITLAB_TOKEN: "glpat-admin" }, keepLog: true });
    try {
      const paths = sim.log.map((r) => r.rawPath);
      assert.ok(paths.includes("/api/v4/license"));
      // Asked beside the license in the same round trip (issue 25), the first page of namespaces is never
      // followed further: the license's plan wins.
      assert.ok(paths.filter((p) => p === "/api/v4/namespaces").length <= 1, "no namespace page after the license answered");
      assert.match(conn.stderr.join(""), /"msg":"instance tier detected","tier":"premium","from":"license"/);
      const { tools } = await conn.client.listTools();
      assert.ok(tools.some((t) => t.name === `gitlab_${premium[0].domain}_${premium[0].action}`));
    } finally {
      await conn.close();
    }
  });

  it("a token that cannot read the license: the best plan of its namespaces (GitLab.com)", async () => {
    sim.setNamespacePlan("group", "premium");
    sim.clearLog();
    const conn = await connect({ sim, surface: "individual", env: DETECT, keepLog: true });
    try {
      const paths = sim.log.map((r) => r.rawPath);
      assert.deepEqual(paths.filter((p) => p === "/api/v4/license" || p === "/api/v4/namespaces").sort(), ["/api/v4/license", "/api/v4/namespaces"], "the license and the namespaces, once each");
      assert.match(conn.stderr.join(""), /"tier":"premium","from":"namespaces"/);
    } finally {
      await conn.close();
      sim.setNamespacePlan("group", "free");
    }
  });

  it("neither answers (CE, no plans): free, and output schemas leave out Premium fields (CAT-20)", async () => {
    const ce = await GitLabSimulator.start({ version: "19.4.1" });
    try {
      const conn = await connect({ sim: ce, surface: "dynamic", env: DETECT });
      try {
        assert.match(conn.stderr.join(""), /"tier":"free","from":"fallback"/);
        const doc = JSON.parse(((await conn.client.readResource({ uri: "gitlab://tools/issue.get" })).contents[0] as { text: string }).text) as { output_schema: { properties: Record<string, unknown> } };
        assert.ok(!("weight" in doc.output_schema.properties) && !("health_status" in doc.output_schema.properties));
        assert.ok("title" in doc.output_schema.properties);
      } finally {
        await conn.close();
      }
      const full = await connect({ sim: ce, surface: "dynamic", env: { GITLAB_MCP_TIER: "premium" } });
      try {
        const doc = JSON.parse(((await full.client.readResource({ uri: "gitlab://tools/issue.get" })).contents[0] as { text: string }).text) as { output_schema: { properties: Record<string, unknown> } };
        assert.ok("weight" in doc.output_schema.properties, "Premium keeps weight");
        assert.ok(!("health_status" in doc.output_schema.properties), "Ultimate-only fields stay out of a Premium schema");
      } finally {
        await full.close();
      }
    } finally {
      await ce.close();
    }
  });

  it("HTTP mode detects the tier per credential: two tokens on one instance see different plans", async () => {
    const gitlab = await GitLabSimulator.start({ version: "19.4.1-ee", tokens: { "glpat-member": { scopes: ["api"], userId: 1 }, "glpat-outsider": { scopes: ["api"], userId: 2 } } });
    gitlab.addProject({ id: 42, path_with_namespace: "paid/project", default_branch: "main", members: [1] });
    gitlab.setNamespacePlan("paid", "premium");
    const server = await startHttp({ GITLAB_URL: gitlab.url, GITLAB_MCP_TOOL_SURFACE: "individual", GITLAB_MCP_TIER: "" });
    try {
      const tools = async (token: string) => {
        const client = await httpClient(server.url, { authorization: `Bearer ${token}` });
        try {
          return (await client.listTools()).tools.map((t) => t.name);
        } finally {
          await client.close();
        }
      };
      const member = await tools("glpat-member");
      const outsider = await tools("glpat-outsider");
      const premiumTool = `gitlab_${premium[0].domain}_${premium[0].action}`;
      assert.ok(member.includes(premiumTool), "the member of a Premium group is offered Premium actions");
      assert.ok(!outsider.includes(premiumTool), "a token that sees only free namespaces is not");
      assert.equal(member.length - outsider.length, premium.filter((a) => !a.adminMode).length);
    } finally {
      await server.stop();
      await gitlab.close();
    }
  });
});
