// The server-side rate limiter through real clients (RES-14..RES-16): a refused tool call is an isError
// result with the wire sentence and reaches no GitLab; other methods answer -42900; HTTP keeps one set
// of buckets per credential; bad settings refuse the start.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, CLI, connect, SIM_TOKEN, text } from "../helpers/mcp.js";

const REFUSED = (tool: string) => `rate limit exceeded for ${tool}. Wait a moment and retry, or raise GITLAB_MCP_RATE_LIMIT_RPS if this is sustained traffic.`;
const OTHER_TOKEN = "glpat-second-credential";

describe("rate limiter (RES-14..RES-16)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api"] }, [OTHER_TOKEN]: { scopes: ["api"] } } });
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
  });
  after(() => sim.close());

  it("stdio: past the burst a tool call is refused with the wire sentence and reaches no GitLab; resources/read answers -42900", async () => {
    const conn = await connect({ sim, env: { GITLAB_MCP_RATE_LIMIT_RPS: "0.2", GITLAB_MCP_RATE_LIMIT_BURST: "2" } });
    try {
      for (let i = 0; i < 2; i++) assert.equal((await callAction(conn, "dynamic", "branch.get", { project_id: 42, branch_name: "main" })).isError, undefined);
      sim.clearLog();
      const refused = await callAction(conn, "dynamic", "branch.get", { project_id: 42, branch_name: "main" });
      assert.equal(refused.isError, true);
      assert.equal(text(refused), REFUSED("gitlab_execute_action"));
      assert.equal(sim.log.length, 0, "nothing reached GitLab");
      await assert.rejects(conn.client.readResource({ uri: "gitlab://tools" }), (e: unknown) => (e as { code?: number }).code === -42900 && /rate limit exceeded for resources\/read/.test(String(e)));
      assert.match(conn.stderr.join(""), /"msg":"call refused","method":"gitlab_execute_action","refusal_class":"rate_limit"/);
    } finally {
      await conn.close();
    }
  });

  it("stdio is unlimited by default", async () => {
    const conn = await connect({ sim });
    try {
      for (let i = 0; i < 60; i++) assert.equal((await callAction(conn, "dynamic", "branch.get", { project_id: 42, branch_name: "main" })).isError, undefined);
    } finally {
      await conn.close();
    }
  });

  it("HTTP: each credential has its own buckets", async () => {
    const child = spawn(process.execPath, [CLI, "--http", "--http-addr", "127.0.0.1:0"], {
      env: { PATH: process.env.PATH ?? "", GITLAB_URL: sim.url, GITLAB_MCP_RATE_LIMIT_RPS: "0.2", GITLAB_MCP_RATE_LIMIT_BURST: "2" },
    });
    try {
      const address = await new Promise<string>((resolve, reject) => {
        let err = "";
        child.stderr.on("data", (c: Buffer) => {
          err += c.toString();
          const m = /"address":"([^"]+)"/.exec(err);
          if (m) resolve(m[1]);
        });
        child.once("exit", () => reject(new Error(`server exited: ${err}`)));
      });
      const as = async (token: string) => {
        const client = new Client({ name: "rate-test", version: "1" });
        await client.connect(new StreamableHTTPClientTransport(new URL(`http://${address}/mcp`), { requestInit: { headers: { "PRIVATE-TOKEN": token } } }));
        return client;
      };
      const call = (c: Client) => c.callTool({ name: "gitlab_execute_action", arguments: { action: "branch.get", params: { project_id: 42, branch_name: "main" } } }) as Promise<CallToolResult>;
      const first = await as(SIM_TOKEN);
      const second = await as(OTHER_TOKEN);
      try {
        assert.equal((await call(first)).isError, undefined);
        assert.equal((await call(first)).isError, undefined);
        const refused = await call(first);
        assert.equal((refused.content[0] as { text: string }).text, REFUSED("gitlab_execute_action"));
        assert.equal((await call(second)).isError, undefined, "another credential is not held back");
      } finally {
        await first.close();
        await second.close();
      }
    } finally {
      child.kill();
    }
  });

  it("a rate over 1000 or a burst under 1 refuses the start", () => {
    for (const [name, value, message] of [
      ["GITLAB_MCP_RATE_LIMIT_RPS", "2000", "is not a rate from 0 (off) to 1000 requests a second"],
      ["GITLAB_MCP_RATE_LIMIT_RPS", "fast", "is not a rate from 0 (off) to 1000 requests a second"],
      ["GITLAB_MCP_RATE_LIMIT_BURST", "0", "is not a whole number of at least 1"],
    ]) {
      const r = spawnSync(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? "", [name]: value }, encoding: "utf8", input: "" });
      assert.equal(r.status, 1, `${name}=${value}`);
      assert.ok(r.stderr.includes(`${name}=${value} ${message}`), r.stderr);
    }
  });
});
