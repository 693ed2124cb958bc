// Packages over HTTP (SAF-45, HTTP-25): a publish from a local path (file_path, a directory) is refused
// before anything is read or reaches GitLab, a publish from content_base64 still works, and a download
// answers the GitLab URL to fetch the file from, with its size and SHA-256, never its bytes.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { seedPackage } from "../sim/restPackages.js";
import { SIM_TOKEN } from "../helpers/mcp.js";
import { httpClient, startHttp } from "../helpers/http.js";

const dir = mkdtempSync(join(tmpdir(), "pkg-http-"));
const localFile = join(dir, "tool.bin");
writeFileSync(localFile, Buffer.from([0, 1, 2, 3]));
const BIN = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0xff]);

describe("packages over HTTP (SAF-45, HTTP-25)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api"] } } });
    sim.addProject({ id: 42, path_with_namespace: "acme/web" });
    seedPackage(sim, 42, { name: "app", version: "1.0.0", package_type: "generic", files: { "app.bin": BIN } });
  });
  after(() => sim.close());

  it("refuses local paths before reading them, takes content_base64, downloads as a URL with a checksum", async () => {
    const server = await startHttp({ GITLAB_URL: sim.url });
    try {
      const client = await httpClient(server.url, { "PRIVATE-TOKEN": SIM_TOKEN });
      const call = (action: string, params: Record<string, unknown>) => client.callTool({ name: "gitlab_execute_action", arguments: { action, params } }) as Promise<CallToolResult>;
      const body = (r: CallToolResult) => (r.content[0] as { text: string }).text;
      try {
        sim.clearLog();
        const pkg = { project_id: 42, package_name: "app", package_version: "2.0.0", file_name: "tool.bin" };
        for (const [action, params] of [
          ["package.publish", { ...pkg, file_path: localFile }],
          ["package.publish_and_link", { ...pkg, file_path: localFile, tag_name: "v2.0.0" }],
          ["package.publish_directory", { project_id: 42, package_name: "app", package_version: "2.0.0", directory: dir }],
        ] as const) {
          const refused = await call(action, params);
          assert.equal(refused.isError, true, body(refused));
          assert.match(body(refused), /is disabled when the server is reached over HTTP/);
        }
        assert.deepEqual(sim.log.filter((q) => q.rawPath.includes("/packages/")), [], "nothing reached GitLab");
        const done = await call("package.publish", { ...pkg, content_base64: BIN.toString("base64") });
        assert.equal(done.isError, undefined, body(done));
        const got = await call("package.download", { project_id: 42, package_name: "app", package_version: "1.0.0", file_name: "app.bin" });
        assert.equal(got.isError, undefined, body(got));
        const s = got.structuredContent as { url: string; sha256: string; size: number };
        assert.equal(s.url, `${sim.url}/api/v4/projects/42/packages/generic/app/1.0.0/app.bin`);
        assert.equal(s.sha256, createHash("sha256").update(BIN).digest("hex"));
        assert.equal(s.size, BIN.length);
        assert.ok(!JSON.stringify(got).includes("ELF"), "the bytes are not in the result");
      } finally {
        await client.close();
      }
    } finally {
      await server.stop();
    }
  });
});
