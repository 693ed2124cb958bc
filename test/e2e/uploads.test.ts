// Uploads, avatars and content secrets end to end (issue 13), through the SDK's real MCP Client against
// the simulator:
// - project.upload and project.upload_avatar read a local file_path on stdio only, byte for byte
//   (all 256 byte values survive the multipart body), refuse it over HTTP before anything reaches GitLab
//   (SAF-45), refuse a file above GITLAB_MCP_UPLOAD_MAX_FILE_SIZE before sending, and refuse a path
//   outside the working directory, the temporary directory and GITLAB_MCP_ALLOWED_UPLOAD_DIRS (SAF-46),
//   a symbolic link pointing outside included. wiki.upload_attachment's own HTTP refusal is
//   test/e2e/wikiUpload.test.ts; the procedure is the same (runtime/procedures/file_upload.ts).
// - project.download_avatar describes binary image bytes (size, type) and never writes them out.
// - A Pages domain's private key is sent to GitLab and appears in no result and no log line; a deploy
//   key result holds the public key only.
import assert from "node:assert/strict";
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { seedDeployKey } from "../sim/restDeployKeys.js";
import { uploadedBytes } from "../sim/restContent.js";
import { callAction, connect, SIM_TOKEN, text, type Connection } from "../helpers/mcp.js";
import { httpClient, startHttp } from "../helpers/http.js";

const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const dir = mkdtempSync(join(tmpdir(), "uploads-e2e-"));
const binaryFile = join(dir, "all-bytes.bin");
writeFileSync(binaryFile, ALL_BYTES);
const avatarFile = join(dir, "logo.png");
// A PNG signature, then every byte value: an image GitLab would take, with NUL and 0xFF inside.
writeFileSync(avatarFile, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ALL_BYTES]));
const bigFile = join(dir, "big.bin");
writeFileSync(bigFile, Buffer.alloc(2048, 7));
const outsideLink = join(dir, "sneaky.txt");
symlinkSync("/etc/hostname", outsideLink);

const KEY_PEM = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7-very-secret-material\n-----END PRIVATE KEY-----\n";
const CERT_PEM = "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUE2eTestCertificate\n-----END CERTIFICATE-----\n";
const PUBLIC_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEkWrzvJcVUU6KY7uUYyNfMw9sLgq0JyM3x8b0lOmN5a ci@build";

const projectRequests = (sim: GitLabSimulator, id: number) => sim.log.filter((q) => q.path.startsWith(`/api/v4/projects/${id}`));

describe("uploads and avatars on stdio", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "acme/web", name: "web" });
    sim.addProject({ id: 43, path_with_namespace: "acme/api", name: "api" });
    conn = await connect({ sim, env: { GITLAB_MCP_UPLOAD_MAX_FILE_SIZE: "1KB" } });
  });
  after(async () => {
    await conn.close();
    await sim.close();
  });

  it("a binary file_path under the temporary directory arrives byte for byte", async () => {
    const r = await callAction(conn, "dynamic", "project.upload", { project_id: 42, file_path: binaryFile });
    assert.equal(r.isError, undefined, text(r));
    assert.ok(text(r).includes("## File uploaded: all-bytes"), text(r));
    const body = sim.log.at(-1)?.body as { file?: { filename: string; bytes: Buffer } };
    assert.equal(body.file?.filename, "all-bytes.bin");
    assert.ok(body.file?.bytes.equals(ALL_BYTES), "the multipart part holds the 256 byte values unchanged");
    assert.ok(uploadedBytes(sim, 42)[0].equals(ALL_BYTES), "GitLab stored the same bytes");
  });

  it("content_base64 is binary-safe too", async () => {
    const r = await callAction(conn, "dynamic", "project.upload", { project_id: 42, content_base64: ALL_BYTES.toString("base64"), file_name: "copy.bin" });
    assert.equal(r.isError, undefined, text(r));
    assert.ok(uploadedBytes(sim, 42)[0].equals(ALL_BYTES));
  });

  it("an avatar from a local path is sent as the multipart avatar, and its download is described, never dumped", async () => {
    const up = await callAction(conn, "dynamic", "project.upload_avatar", { project_id: 43, file_path: avatarFile });
    assert.equal(up.isError, undefined, text(up));
    const sent = sim.log.at(-1);
    assert.equal(`${sent?.method} ${sent?.path}`, "PUT /api/v4/projects/43");
    const avatar = (sent?.body as { avatar?: { filename: string; bytes: Buffer } }).avatar;
    assert.equal(avatar?.filename, "logo.png");
    assert.equal(avatar?.bytes.length, 8 + 256);
    assert.ok(avatar?.bytes.subarray(8).equals(ALL_BYTES));

    const down = await callAction(conn, "dynamic", "project.download_avatar", { project_id: 43 });
    assert.equal(down.isError, undefined, text(down));
    const s = down.structuredContent as { binary: boolean; size: number; content_type: string; content?: string };
    assert.equal(s.binary, true);
    assert.equal(s.size, 8 + 256);
    assert.equal(s.content_type, "image/png");
    assert.equal(s.content, undefined, "no bytes in the structured result");
    const all = JSON.stringify(down);
    assert.ok(!all.includes("\\u0000") && !all.includes("\\ufffd"), "no raw or mangled bytes anywhere in the result");
    assert.ok(text(down).includes("Binary content omitted"), text(down));
  });

  it("a file above GITLAB_MCP_UPLOAD_MAX_FILE_SIZE is refused before anything is sent", async () => {
    sim.clearLog();
    for (const [id, params] of [
      ["project.upload", { project_id: 42, file_path: bigFile }],
      ["project.upload_avatar", { project_id: 42, content_base64: Buffer.alloc(2048, 1).toString("base64"), file_name: "big.png" }],
    ] as const) {
      const r = await callAction(conn, "dynamic", id, params);
      assert.equal(r.isError, true, `${id}: ${text(r)}`);
      assert.ok(text(r).includes("larger than GITLAB_MCP_UPLOAD_MAX_FILE_SIZE"), text(r));
    }
    assert.equal(projectRequests(sim, 42).length, 0, "nothing reached GitLab");
  });

  it("a path outside the allowed folders, or a link leading out of them, is refused before anything is sent", async () => {
    sim.clearLog();
    for (const path of ["/etc/hostname", outsideLink]) {
      const r = await callAction(conn, "dynamic", "project.upload", { project_id: 42, file_path: path });
      assert.equal(r.isError, true, text(r));
      assert.ok(text(r).includes("outside the folders uploads may read"), text(r));
    }
    const r = await callAction(conn, "dynamic", "project.upload_avatar", { project_id: 42, file_path: "/etc/hostname" });
    assert.equal(r.isError, true, text(r));
    assert.equal(projectRequests(sim, 42).length, 0, "nothing reached GitLab");
  });
});

describe("uploads and avatars over HTTP (SAF-45)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api"] } } });
    sim.addProject({ id: 42, path_with_namespace: "acme/web" });
  });
  after(() => sim.close());

  it("refuses file_path before reading it or reaching GitLab, and still takes content_base64", async () => {
    const server = await startHttp({ GITLAB_URL: sim.url });
    try {
      const client = await httpClient(server.url, { "PRIVATE-TOKEN": SIM_TOKEN });
      const call = (action: string, params: Record<string, unknown>) => client.callTool({ name: "gitlab_execute_action", arguments: { action, params } }) as Promise<CallToolResult>;
      try {
        sim.clearLog();
        for (const action of ["project.upload", "project.upload_avatar"]) {
          const refused = await call(action, { project_id: 42, file_path: binaryFile });
          const t = (refused.content[0] as { text: string }).text;
          assert.equal(refused.isError, true, t);
          assert.ok(t.includes("file_path is disabled when the server is reached over HTTP"), t);
        }
        assert.equal(projectRequests(sim, 42).length, 0, "nothing reached GitLab");
        const done = await call("project.upload", { project_id: 42, content_base64: ALL_BYTES.toString("base64"), file_name: "all.bin" });
        assert.equal(done.isError, undefined, JSON.stringify(done.content));
        assert.ok(uploadedBytes(sim, 42)[0].equals(ALL_BYTES));
      } finally {
        await client.close();
      }
    } finally {
      await server.stop();
    }
  });
});

describe("content secrets", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  before(async () => {
    sim = await GitLabSimulator.start();
    const web = sim.addProject({ id: 42, path_with_namespace: "acme/web" });
    seedDeployKey(sim, web, { id: 1, title: "CI", key: PUBLIC_KEY });
    conn = await connect({ sim, env: { GITLAB_MCP_LOG_LEVEL: "debug" } });
  });
  after(async () => {
    await conn.close();
    await sim.close();
  });

  it("a Pages domain's private key reaches GitLab but no result and no log line", async () => {
    const created = await callAction(conn, "dynamic", "project.pages_domain_create", { project_id: 42, domain: "docs.acme.example", certificate: CERT_PEM, key: KEY_PEM });
    assert.equal(created.isError, undefined, text(created));
    assert.equal((sim.log.at(-1)?.body as { key?: string }).key, KEY_PEM, "GitLab received the key");
    const updated = await callAction(conn, "dynamic", "project.pages_domain_update", { project_id: 42, domain: "docs.acme.example", certificate: CERT_PEM, key: KEY_PEM });
    assert.equal(updated.isError, undefined, text(updated));
    const got = await callAction(conn, "dynamic", "project.pages_domain_get", { project_id: 42, domain: "docs.acme.example" });
    for (const r of [created, updated, got]) {
      const all = JSON.stringify(r);
      assert.ok(!all.includes("very-secret-material") && !all.includes("PRIVATE KEY"), "no key in the result");
    }
    assert.ok(!conn.stderr.join("").includes("very-secret-material"), "no key in the log");
  });

  it("a deploy key result holds the public key only", async () => {
    const r = await callAction(conn, "dynamic", "access.deploy_key_list_project", { project_id: 42 });
    const keys = (r.structuredContent as { deploy_keys: { key: string }[] }).deploy_keys;
    assert.equal(keys[0].key, PUBLIC_KEY);
    assert.ok(!JSON.stringify(r).includes("PRIVATE"));
  });
});
