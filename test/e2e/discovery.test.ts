// Discovery resources and listing modes through a real client: gitlab://tools and gitlab://tools/{id}
// on every surface (MAN-1..MAN-5), the meta param-schema modes (META-3), and the schema dialect of every
// listed tool in every mode (CMP-12..CMP-15).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { actions, inputSchemas } from "../../generated/index.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, CLI, connect, SURFACES, text, type Connection } from "../helpers/mcp.js";

const read = async (conn: Connection, uri: string) => JSON.parse(String(((await conn.client.readResource({ uri })).contents[0] as { text: string }).text)) as Record<string, unknown>;

describe("gitlab://tools resources (MAN-1..MAN-5)", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await GitLabSimulator.start()));
  after(() => sim.close());

  for (const surface of SURFACES) {
    it(`${surface}: the catalog resource lists every routable action in the surface's own terms`, async () => {
      // The minimal capability surface (RPC-1) lists gitlab://tools alone; the full one is in resources.test.ts.
      const conn = await connect({ sim, surface, env: { GITLAB_MCP_CAPABILITY_SURFACE: "minimal" } });
      try {
        assert.deepEqual((await conn.client.listResources()).resources.map((r) => [r.uri, r.mimeType]), [["gitlab://tools", "application/json"]]);
        assert.deepEqual((await conn.client.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate), ["gitlab://tools/{id}"]);
        const doc = await read(conn, "gitlab://tools");
        const tools = (await conn.client.listTools()).tools;
        assert.equal(doc.surface, surface);
        assert.equal(doc.uri_template, "gitlab://tools/{id}");
        assert.equal(doc.visible_tool_count, tools.length);
        // The simulator's token has no admin_mode scope: administrator actions are withheld from the list.
        assert.equal(doc.entry_count, actions.filter((a) => !a.adminMode).length);
        const entries = doc.entries as { id: string; kind: string; tool: string; required_params: { name: string; type: string }[] }[];
        const get = entries.find((e) => e.id.endsWith("get") && e.id.includes("branch") && !e.id.includes("protected"))!;
        assert.deepEqual(
          { id: get.id, kind: get.kind, tool: get.tool },
          {
            dynamic: { id: "branch.get", kind: "dynamic_action", tool: "gitlab_execute_action" },
            meta: { id: "gitlab_branch.get", kind: "meta_action", tool: "gitlab_branch" },
            individual: { id: "gitlab_branch_get", kind: "individual_tool", tool: "gitlab_branch_get" },
          }[surface],
        );
        assert.deepEqual(get.required_params, [{ name: "project_id", type: "integer|string" }, { name: "branch_name", type: "string" }]);
        assert.deepEqual((doc.visible_tools as { name: string }[]).map((t) => t.name), tools.map((t) => t.name));
      } finally {
        await conn.close();
      }
    });

    it(`${surface}: one action's call shape, by canonical ID and by the surface's entry ID`, async () => {
      const conn = await connect({ sim, surface });
      try {
        const own = { dynamic: "branch.delete", meta: "gitlab_branch.delete", individual: "gitlab_branch_delete" }[surface];
        for (const id of ["branch.delete", own]) {
          const doc = await read(conn, `gitlab://tools/${id}`);
          assert.equal(doc.canonical_id, "branch.delete");
          assert.equal(doc.id, own);
          assert.deepEqual(doc.input_schema, inputSchemas["branch.delete"]);
          assert.deepEqual([doc.destructive, doc.read_only, doc.idempotent], [true, false, true]);
          assert.deepEqual(doc.call, {
            dynamic: { tool: "gitlab_execute_action", params_in: "arguments.params", confirm_in: "arguments.confirm", example: { action: "branch.delete", params: { project_id: "<project_id>", branch_name: "<branch_name>" }, confirm: true } },
            meta: { tool: "gitlab_branch", params_in: "arguments.params", confirm_in: "arguments.params.confirm", example: { action: "delete", params: { project_id: "<project_id>", branch_name: "<branch_name>", confirm: true } } },
            individual: { tool: "gitlab_branch_delete", params_in: "arguments", confirm_in: "arguments.confirm", example: { project_id: "<project_id>", branch_name: "<branch_name>", confirm: true } },
          }[surface]);
          assert.ok(doc.fine_grained, "fine_grained is present for every session");
          assert.equal(doc.withheld, undefined);
        }
        const readAction = await read(conn, "gitlab://tools/branch.get");
        assert.equal((readAction.call as { confirm_in?: string }).confirm_in, undefined);
      } finally {
        await conn.close();
      }
    });
  }

  it("a withheld action still answers, with the sentence a call would get (MAN-4)", async () => {
    const conn = await connect({ sim, surface: "dynamic", env: { GITLAB_MCP_READ_ONLY: "true" } });
    try {
      const doc = await read(conn, "gitlab://tools/branch.delete");
      assert.deepEqual(doc.withheld, {
        reason: "operator",
        message:
          'gitlab_execute_action: action "branch.delete" exists but is not available: this deployment is configured to withhold it, so a narrowed action surface was built. Ask the operator to enable it; do not report the capability as missing.',
      });
      assert.equal((await read(conn, "gitlab://tools")).entry_count, actions.filter((a) => a.classification === "read" && !a.adminMode).length);
    } finally {
      await conn.close();
    }
  });

  it("an empty, nested or unknown ID is resource-not-found (MAN-5)", async () => {
    const conn = await connect({ sim, surface: "meta" });
    try {
      for (const uri of ["gitlab://tools/", "gitlab://tools/branch.get/x", "gitlab://tools/branch.nope", "gitlab://elsewhere"]) {
        // -32602 with the URI in data: the 2026-07-28 revision's code for a missing resource, which the SDK
        // sends in both eras (clients accept it, and -32002 from older servers, when data names the URI).
        await assert.rejects(conn.client.readResource({ uri }), (e: Error & { code?: number; data?: { uri?: string } }) => e.code === -32602 && e.data?.uri === uri, uri);
      }
      assert.equal(sim.log.length, 0);
    } finally {
      await conn.close();
    }
  });
});

type Schema = Record<string, unknown>;
const FORBIDDEN = ["prefixItems", "unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$dynamicAnchor", "dependentSchemas", "if", "then", "else", "allOf", "not", "$ref", "$defs", "$schema"];

function checkInput(tool: string, schema: Schema): void {
  assert.equal(schema.type, "object", tool);
  assert.ok(schema.properties, `${tool}: root without properties`);
  for (const k of ["anyOf", "oneOf", "allOf", "not"]) assert.ok(!(k in schema), `${tool}: root ${k}`);
  const walk = (s: Schema, path: string) => {
    for (const k of FORBIDDEN) assert.ok(!(k in s), `${path}: ${k}`);
    const alternatives = [...((s.anyOf as Schema[]) ?? []), ...((s.oneOf as Schema[]) ?? [])];
    assert.ok("type" in s, `${path}: no type`);
    if (s.type === "array") assert.ok(s.items, `${path}: array without items`);
    if (s.type === "object" && alternatives.length === 0) assert.ok(s.properties, `${path}: object without properties`);
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) walk(v, `${path}.${k}`);
    if (s.items) walk(s.items as Schema, `${path}[]`);
    alternatives.forEach((a, i) => walk(a, `${path}|${i}`));
  };
  walk(schema, tool);
}

describe("meta param-schema modes (META-3) and the dialect of every listed schema (CMP-15)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
  });
  after(() => sim.close());

  for (const [surface, mode] of [["dynamic", "opaque"], ["individual", "opaque"], ["meta", "opaque"], ["meta", "compact"], ["meta", "full"]] as const) {
    it(`${surface} (${mode}): every input schema stays in the shared dialect, every name is valid`, async () => {
      const conn = await connect({ sim, surface, env: { GITLAB_MCP_META_PARAM_SCHEMA: mode.toUpperCase() } });
      try {
        const { tools } = await conn.client.listTools();
        assert.ok(tools.length > 0);
        for (const t of tools) {
          assert.match(t.name, /^[a-zA-Z0-9_-]{1,64}$/);
          checkInput(t.name, t.inputSchema as Schema);
          assert.equal((t.outputSchema as Schema | undefined)?.type ?? "object", "object");
          assert.doesNotMatch(t.description ?? "", /;/, `${t.name}: semicolon in description (CMP-18)`);
          assert.match(t.description ?? "", /^[\x20-\x7e\n]*$/, `${t.name}: non-ASCII description`);
        }
        if (surface === "meta") {
          const branch = tools.find((t) => t.name === "gitlab_branch")!;
          const params = (branch.inputSchema.properties as Record<string, Schema>).params;
          if (mode === "opaque") assert.deepEqual([params.properties, params.additionalProperties, params.anyOf], [{}, true, undefined]);
          else {
            const alts = params.anyOf as Schema[];
            assert.deepEqual(alts.map((a) => a.title), actions.filter((a) => a.domain === "branch").map((a) => a.action).sort());
            const get = alts.find((a) => a.title === "get")!;
            if (mode === "compact") {
              assert.equal(get.additionalProperties, true);
              assert.deepEqual(get.properties, { project_id: { type: ["string", "integer"] }, branch_name: { type: "string" } });
            } else {
              assert.equal(get.additionalProperties, false);
              assert.deepEqual(get.required, ["project_id", "branch_name"]);
              assert.ok(((alts.find((a) => a.title === "delete")!.properties) as Schema).confirm, "destructive alternatives admit confirm");
            }
          }
        }
      } finally {
        await conn.close();
      }
    });
  }

  it("full mode is strict: the project_path alias is refused (CAT-24)", async () => {
    const conn = await connect({ sim, surface: "meta", env: { GITLAB_MCP_META_PARAM_SCHEMA: "full" } });
    try {
      const r = await callAction(conn, "meta", "branch.list", { project_path: "group/project" });
      assert.equal(r.isError, true);
      assert.match(text(r), /Unknown params: project_path\. Did you mean project_path -> project_id\?/);
      assert.equal(sim.log.length, 0);
    } finally {
      await conn.close();
    }
  });

  it("an unknown mode refuses the start", () => {
    const r = spawnSync(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? "", GITLAB_MCP_META_PARAM_SCHEMA: "verbose" }, encoding: "utf8", input: "" });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /GITLAB_MCP_META_PARAM_SCHEMA=verbose is not a schema mode: use opaque, compact or full/);
  });
});
