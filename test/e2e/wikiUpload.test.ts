// wiki.upload_attachment over HTTP (SAF-45, HTTP-25): a local file_path is refused before anything is
// read or sent, with the wire sentence; content_base64 still uploads.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { CLI, SIM_TOKEN } from "../helpers/mcp.js";

describe("wiki.upload_attachment over HTTP (SAF-45)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api"] } } });
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
  });
  after(() => sim.close());

  it("refuses file_path with the wire sentence and reaches no GitLab, and uploads content_base64", async () => {
    const child = spawn(process.execPath, [CLI, "--http", "--http-addr", "127.0.0.1:0"], { env: { PATH: process.env.PATH ?? "", GITLAB_URL: sim.url, GITLAB_MCP_TIER: "ultimate" } });
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
      const client = new Client({ name: "wiki-upload-test", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://${address}/mcp`), { requestInit: { headers: { "PRIVATE-TOKEN": SIM_TOKEN } } }));
      const call = (params: Record<string, unknown>) => client.callTool({ name: "gitlab_execute_action", arguments: { action: "wiki.upload_attachment", params } }) as Promise<CallToolResult>;
      try {
        sim.clearLog();
        const refused = await call({ project_id: 42, file_path: "/tmp/anything.png" });
        const text = (refused.content[0] as { text: string }).text;
        assert.equal(refused.isError, true);
        assert.ok(text.includes("file_path is disabled when the server is reached over HTTP:"), text);
        assert.ok(text.trimEnd().endsWith("send the bytes with content_base64 instead"), text);
        assert.equal(sim.log.filter((q) => q.path.includes("/wikis")).length, 0, "nothing reached GitLab");
        const done = await call({ project_id: 42, content_base64: Buffer.from("hi").toString("base64"), file_name: "hi.txt" });
        assert.equal(done.isError, undefined, JSON.stringify(done.content));
        assert.ok((done.content[0] as { text: string }).text.includes("## Wiki attachment uploaded: hi.txt"));
      } finally {
        await client.close();
      }
    } finally {
      child.kill();
    }
  });
});
