// Project operations (issue 13), end to end through a real MCP client against the simulator:
// - long-running GitLab jobs (export, import, pull mirror update, housekeeping) answer what GitLab
//   accepted and the next step that polls the state, and the polls follow the state to its end;
// - an export downloads as a binary archive, never decoded into the result;
// - an import uploads its file as multipart bytes, intact, from a local path on stdio or from base64,
//   and over HTTP a local path is refused before anything is read or sent;
// - secrets sent (a webhook token, header values, mirror credentials, passwords) never come back, nor
//   reach the server's log.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { exportArchive } from "../sim/restProjectOps.js";
import { callAction, CLI, connect, SIM_TOKEN, text, type Connection } from "../helpers/mcp.js";

type Structured = Record<string, unknown> & { next_steps?: string[] };
const structured = (r: CallToolResult) => (r.structuredContent ?? {}) as Structured;
const steps = (r: CallToolResult) => (structured(r).next_steps ?? []).join("\n");

describe("project operations over stdio", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  let dir: string;
  const call = (id: string, params: Record<string, unknown>, confirm = false) => callAction(conn, "individual", id, params, confirm);
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "acme/app" });
    dir = mkdtempSync(join(tmpdir(), "projops-e2e-"));
    conn = await connect({ sim, surface: "individual", env: { GITLAB_MCP_LOG_LEVEL: "debug" } });
  });
  after(async () => {
    await conn?.close();
    await sim?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("an export is scheduled, polled from queued to finished, then downloaded as a binary archive", async () => {
    const early = await call("project.export_download", { project_id: 42 });
    assert.equal(early.isError, true, "GitLab answers 404 before the export is finished");
    assert.match(text(early), /Project export Not Found/);

    const scheduled = await call("project.export_schedule", { project_id: "acme/app" });
    assert.notEqual(scheduled.isError, true, text(scheduled));
    assert.equal(structured(scheduled).accepted, true);
    assert.match(text(scheduled), /202 Accepted/);
    assert.match(steps(scheduled), /project\.export_status/, "the result names the action that polls it");

    const seen: string[] = [];
    let last: CallToolResult | undefined;
    for (let i = 0; i < 5; i++) {
      last = await call("project.export_status", { project_id: "acme/app" });
      const state = structured(last).export_status as string;
      seen.push(state);
      if (state === "finished") break;
      assert.match(steps(last), /project\.export_status/, "an unfinished export says to poll again");
    }
    assert.deepEqual(seen, ["queued", "started", "finished"]);
    assert.match(steps(last!), /project\.export_download/, "a finished export says to download it");
    assert.match(text(last!), /export\/download/);

    const archive = exportArchive(sim.getProject(42)!);
    const download = await call("project.export_download", { project_id: 42 });
    assert.notEqual(download.isError, true, text(download));
    const got = structured(download);
    assert.equal(got.binary, true);
    assert.equal(got.size, archive.length, "every byte of the archive was read");
    assert.equal(got.content, undefined, "binary bytes are never put in the result");
    assert.match(text(download), /Binary content omitted/);
    assert.ok(!text(download).includes("\u001f\u008b") && !text(download).includes("\ufffd"), "no decoded gzip bytes in the Markdown");
    assert.match(String(got.url), /\/api\/v4\/projects\/42\/export\/download$/);
  });

  it("an import uploads a local binary file intact and is polled to finished", async () => {
    // Bytes that break any text decoding: gzip magic, NULs, 0xff, a lone surrogate's UTF-8 prefix.
    const bytes = Buffer.concat([exportArchive(sim.getProject(42)!), Buffer.from([0x00, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x0d, 0x0a])]);
    const file = join(dir, "app_export.tar.gz");
    writeFileSync(file, bytes);
    sim.clearLog();
    const started = await call("project.import_from_file", { file_path: file, path: "restored", namespace: "acme", name: "Restored app" });
    assert.notEqual(started.isError, true, text(started));
    const sent = sim.log.find((q) => q.path === "/api/v4/projects/import");
    const body = sent?.body as { path?: string; namespace?: string; name?: string; file?: { filename: string; bytes: Buffer } };
    assert.equal(body.file?.filename, "app_export.tar.gz");
    assert.ok(body.file?.bytes.equals(bytes), "GitLab received the file's bytes unchanged");
    assert.deepEqual([body.path, body.namespace, body.name], ["restored", "acme", "Restored app"], "other params travel as form fields");
    assert.equal(structured(started).import_status, "scheduled");
    assert.match(steps(started), /project\.import_status/);

    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const status = await call("project.import_status", { project_id: "acme/restored" });
      seen.push(structured(status).import_status as string);
      if (seen.at(-1) === "finished" || seen.at(-1) === "failed") break;
      assert.match(steps(status), /project\.import_status/);
    }
    assert.deepEqual(seen, ["scheduled", "started", "finished"]);
  });

  it("an import of a file that is not an export fails, and the status shows GitLab's import_error", async () => {
    await call("project.import_from_file", { content_base64: Buffer.from("not a tarball").toString("base64"), file_name: "oops.txt", path: "broken", namespace: "acme" });
    let status: CallToolResult | undefined;
    for (let i = 0; i < 3; i++) status = await call("project.import_status", { project_id: "acme/broken" });
    assert.equal(structured(status!).import_status, "failed");
    assert.match(text(status!), /Import Error.*not in gzip format/);
  });

  it("a pull mirror update is started and polled through update_status to finished", async () => {
    await call("project.pull_mirror_configure", { project_id: 42, url: "https://git.example.com/upstream/app.git", enabled: true });
    const started = await call("project.start_mirroring", { project_id: 42 });
    assert.notEqual(started.isError, true, text(started));
    assert.equal(structured(started).accepted, true);
    assert.match(steps(started), /project\.pull_mirror_get/);
    const seen: string[] = [];
    let last: CallToolResult | undefined;
    for (let i = 0; i < 3; i++) {
      last = await call("project.pull_mirror_get", { project_id: 42 });
      seen.push(structured(last).update_status as string);
    }
    assert.deepEqual(seen, ["scheduled", "started", "finished"]);
    assert.ok(structured(last!).last_update_at, "a finished update has its last_update_at");
  });

  it("housekeeping says it has no status to poll", async () => {
    const started = await call("project.start_housekeeping", { project_id: 42 });
    assert.notEqual(started.isError, true, text(started));
    assert.match(text(started), /no API reporting housekeeping progress/);
    assert.match(steps(started), /no API reporting housekeeping progress/);
  });

  it("write-only secrets never come back in a result, nor reach the log", async () => {
    const secrets = ["hook-token-e2e-1", "header-value-e2e-2", "glpat-mirror-e2e-3", "pull-pass-e2e-4", "jira-token-e2e-5", "urlvar-e2e-6"];
    const results = [
      await call("project.hook_add", { project_id: 42, url: "https://hooks.example.com/in", token: secrets[0], custom_headers: [{ key: "X-Auth", value: secrets[1] }] }),
      await call("project.hook_set_url_variable", { project_id: 42, hook_id: 1, key: "tenant", value: secrets[5] }),
      await call("project.hook_get", { project_id: 42, hook_id: 1 }),
      await call("project.hook_list", { project_id: 42 }),
      await call("project.mirror_add", { project_id: 42, url: `https://bot:${secrets[2]}@mirror.example.com/acme/app.git`, enabled: true }),
      await call("project.mirror_list", { project_id: 42 }),
      await call("project.pull_mirror_configure", { project_id: 42, auth_user: "bot", auth_password: secrets[3] }),
      await call("project.integration_set_jira", { project_id: 42, url: "https://jira.example.com", username: "bot", password: secrets[4] }),
      await call("project.integration_get", { project_id: 42, integration: "jira" }),
    ];
    for (const r of results) {
      assert.notEqual(r.isError, true, text(r));
      const all = JSON.stringify(r.content) + JSON.stringify(r.structuredContent ?? {});
      for (const s of secrets) assert.ok(!all.includes(s), `a result echoes ${s}: ${text(r)}`);
    }
    assert.match(text(results[4]), /https:\/\/\*\*\*\*\*:\*\*\*\*\*@mirror\.example\.com/, "the mirror URL comes back masked");
    assert.match(text(results[2]), /Custom Headers\*\*: X-Auth/, "a header's key shows, its value does not");
    await new Promise((r) => setTimeout(r, 200));
    const log = conn.stderr.join("");
    for (const s of secrets) assert.ok(!log.includes(s), `the log holds ${s}`);
  });
});

describe("project.import_from_file over HTTP", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api"] } } });
    sim.addProject({ id: 42, path_with_namespace: "acme/app" });
  });
  after(() => sim.close());

  it("refuses file_path before anything is read or sent, and uploads content_base64", async () => {
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
      const client = new Client({ name: "project-import-test", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://${address}/mcp`), { requestInit: { headers: { "PRIVATE-TOKEN": SIM_TOKEN } } }));
      const run = (params: Record<string, unknown>) => client.callTool({ name: "gitlab_execute_action", arguments: { action: "project.import_from_file", params } }) as Promise<CallToolResult>;
      try {
        sim.clearLog();
        // A path that does not exist: a refusal that came from reading it would say "no such file".
        const refused = await run({ file_path: "/nonexistent/dir/export.tar.gz", path: "x" });
        const said = (refused.content[0] as { text: string }).text;
        assert.equal(refused.isError, true);
        assert.ok(said.includes("file_path is disabled when the server is reached over HTTP"), said);
        assert.equal(sim.log.filter((q) => q.path.startsWith("/api/v4/projects/import")).length, 0, "nothing reached GitLab");
        const bytes = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0xff, 0x10, 0x80]);
        const done = await run({ content_base64: bytes.toString("base64"), file_name: "e.tar.gz", path: "over-http" });
        assert.notEqual(done.isError, true, JSON.stringify(done.content));
        const body = sim.log.find((q) => q.path === "/api/v4/projects/import")?.body as { file?: { bytes: Buffer } };
        assert.ok(body.file?.bytes.equals(bytes), "the base64 bytes arrived intact");
      } finally {
        await client.close();
      }
    } finally {
      child.kill();
    }
  });
});
