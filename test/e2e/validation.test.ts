// Bad input on every surface: refused with a message that names the field and the fix, as an isError
// result (never a JSON-RPC error), and nothing reaches GitLab (VAL-1..VAL-16, DYN-15, META-4, IND-2).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SURFACES, text, type Connection, type SurfaceName } from "../helpers/mcp.js";

const origin = (surface: SurfaceName, id: string) => {
  const [d, a] = id.split(".");
  return { dynamic: `gitlab_execute_action/${id}`, meta: `gitlab_${d}/${a}`, individual: `gitlab_${d}_${a}` }[surface];
};

for (const surface of SURFACES) {
  describe(`invalid params on the ${surface} surface`, () => {
    let sim: GitLabSimulator;
    let conn: Connection;
    before(async () => {
      sim = await GitLabSimulator.start();
      sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
      conn = await connect({ sim, surface });
    });
    after(async () => {
      await conn.close();
      await sim.close();
    });

    const refused = async (id: string, params: Record<string, unknown>) => {
      sim.clearLog();
      const r = await callAction(conn, surface, id, params);
      assert.equal(r.isError, true, text(r));
      assert.equal(r.structuredContent, undefined);
      assert.deepEqual(r.content[0].annotations, { audience: ["assistant"], priority: 0.8 });
      assert.equal(sim.log.length, 0, "no request reached GitLab");
      return text(r);
    };

    it("an unknown key is refused with a suggestion and the valid params", async () => {
      const msg = await refused("branch.get", { project_id: 42, branch_name: "main", branch_nme: "x" });
      assert.equal(msg, `${origin(surface, "branch.get")}: invalid params. Unknown params: branch_nme. Did you mean branch_nme -> branch_name? Valid params: branch_name, project_id.`);
    });

    it("a wrong type names the field, the expectation and the value", async () => {
      const msg = await refused("branch.list", { project_id: 42, per_page: "many" });
      assert.equal(msg, `${origin(surface, "branch.list")}: invalid params. Invalid values: per_page must be of type integer (got "many"). Valid params: page, per_page, project_id, regex, search, sort.`);
    });

    it("a value out of bounds is refused with the bound, not clamped", async () => {
      const msg = await refused("branch.list", { project_id: 42, per_page: 500 });
      assert.match(msg, /Invalid values: per_page must be <= 100 \(got 500\)\./);
    });

    it("an enum value outside the list is refused with the allowed values", async () => {
      const msg = await refused("branch.protect", { project_id: 42, branch_name: "x", push_access_level: 35 });
      assert.match(msg, /Invalid values: push_access_level must be one of 0, 30, 40, 60 \(got 35\)\./);
    });

    it("a missing required param is named", async () => {
      const msg = await refused("branch.create", { project_id: 42, ref: "main", title: "x" });
      assert.equal(
        msg,
        `${origin(surface, "branch.create")}: invalid params. Unknown params: title. Missing required params: branch_name. Valid params: branch_name, project_id, ref.`,
      );
    });

    it("every problem of one call is reported at once", async () => {
      const msg = await refused("branch.list", { per_page: 0, serch: "x" });
      assert.match(msg, /Unknown params: serch\. Did you mean serch -> search\? Missing required params: project_id\. Invalid values: per_page must be >= 1 \(got 0\)\./);
    });

    it("a string holding an integer and a string boolean are accepted (VAL-8)", async () => {
      sim.clearLog();
      const r = await callAction(conn, surface, "branch.list", { project_id: "42", per_page: "5" });
      assert.equal(r.isError, undefined, text(r));
      assert.deepEqual(sim.log[0].query, { per_page: "5" });
    });

    if (surface === "individual") {
      it("the project_path alias is refused where the schema is strict (CAT-24)", async () => {
        const msg = await refused("branch.get", { project_path: "group/project", branch_name: "main" });
        assert.match(msg, /Unknown params: project_path\. Did you mean project_path -> project_id\? Missing required params: project_id\./);
      });
    } else {
      it("the project_path alias reaches project_id where the schema is open (CAT-24)", async () => {
        sim.clearLog();
        const r = await callAction(conn, surface, "branch.list", { project_path: "group/project" });
        assert.equal(r.isError, undefined, text(r));
        assert.equal(sim.log[0].rawPath, "/api/v4/projects/group%2Fproject/repository/branches");
      });
    }
  });
}

describe("surface envelopes refuse bad calls before any request", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
  });
  after(() => sim.close());

  it("dynamic: empty, unknown and misspelled actions", async () => {
    const conn = await connect({ sim, surface: "dynamic" });
    try {
      const call = async (args: Record<string, unknown>) => text((await conn.client.callTool({ name: "gitlab_execute_action", arguments: args })) as never);
      assert.equal(await call({ action: " ", params: {} }), "gitlab_execute_action: action is required. Use the registered discovery tool for this surface to find a canonical action ID.");
      assert.equal(await call({ action: "branch.lst", params: {} }), 'gitlab_execute_action: unknown action "branch.lst". Did you mean `branch.list`, `branch.get`? Use canonical action IDs with gitlab_execute_action.');
      assert.equal(await call({ action: "zzzz.qqqq", params: {} }), 'gitlab_execute_action: unknown action "zzzz.qqqq". Use the registered discovery tool for this surface to find canonical action IDs.');
      assert.equal(sim.log.length, 0);
    } finally {
      await conn.close();
    }
  });

  it("meta: missing and unknown actions, params at the top level, only required params missing", async () => {
    const conn = await connect({ sim, surface: "meta" });
    try {
      const call = async (args: Record<string, unknown>) => text((await conn.client.callTool({ name: "gitlab_branch", arguments: args })) as never);
      const valid = "create, delete, delete_merged, get, get_protected, list, list_protected, protect, rule_list, unprotect, update_protected";
      assert.equal(await call({}), `gitlab_branch: 'action' is required. Valid actions: ${valid}`);
      assert.equal(await call({ action: "fork", params: {} }), `gitlab_branch: unknown action "fork". Valid actions: ${valid}`);
      assert.equal(await call({ action: "get" }), "gitlab_branch/get: 'params' is required for this action. Required params: project_id, branch_name.");
      assert.match(await call({ action: "get", project_id: 42 }), /^gitlab_branch\/get: invalid params\. Unknown params: project_id\. .*Put action-specific fields under params\.$/);
      assert.equal(await call({ action: "get", params: { project_id: 42 } }), "gitlab_branch/get: missing required params: branch_name. Put action-specific fields under params.");
      assert.equal(sim.log.length, 0);
    } finally {
      await conn.close();
    }
  });

  it("individual: an unknown tool is the MCP protocol error", async () => {
    const conn = await connect({ sim, surface: "individual" });
    try {
      await assert.rejects(conn.client.callTool({ name: "gitlab_branch_fork", arguments: {} }), /-32602|Unknown tool/);
      assert.equal(sim.log.length, 0);
    } finally {
      await conn.close();
    }
  });
});
