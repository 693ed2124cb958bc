// The MCP Inspector's CLI mode (@modelcontextprotocol/inspector, pinned in package.json) as an outside
// client: it lists the tools and calls branch.list through gitlab_execute_action, over stdio (the built
// bin, GITLAB_URL and GITLAB_TOKEN in its environment) and over HTTP (the token in a request header), in
// both protocol eras: `--protocol-era legacy` runs the 2025 initialize handshake, `--protocol-era modern`
// pins 2026-07-28 through server/discover with no fallback, so it fails against a server without the era.
//
// Its --strict schema check then judges the tool schemas of all three surfaces for portability across
// clients (CMP-12..14): an error-severity finding fails the test, warnings are printed.
//
// The Inspector reads the servers from a --config file written for the test, so the token is in no
// command line. HOME points at a scratch directory and the secret store is memory, so the Inspector
// keeps no state in the real home directory and puts nothing in an OS keychain.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { DEMO_EXTRA_BRANCHES, DEMO_PROJECT_ID, seedDemo } from "../sim/demoData.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { startHttp, type HttpServer } from "../helpers/eras.js";
import { CLI, SIM_TOKEN, SURFACES } from "../helpers/mcp.js";

const ROOT = new URL("../../../", import.meta.url).pathname;
const INSPECTOR = join(ROOT, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
const ALL_BRANCHES = ["main", "develop", "feature/login", ...DEMO_EXTRA_BRANCHES].sort();
const ERAS = ["legacy", "modern"] as const;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  json: { result?: Record<string, unknown>; error?: unknown };
}

describe("MCP Inspector CLI", () => {
  let sim: GitLabSimulator;
  let server: HttpServer;
  let scratch: string;
  let config: string;

  before(async () => {
    sim = await GitLabSimulator.start();
    seedDemo(sim);
    server = await startHttp(sim);
    scratch = mkdtempSync(join(tmpdir(), "inspector-"));
    config = join(scratch, "mcp.json");
    const stdio = (surface: string) => ({ command: process.execPath, args: [CLI], env: { GITLAB_URL: sim.url, GITLAB_TOKEN: SIM_TOKEN, GITLAB_MCP_TOOL_SURFACE: surface } });
    const servers = {
      stdio: stdio("dynamic"),
      http: { type: "streamable-http", url: server.url.href, headers: { "PRIVATE-TOKEN": SIM_TOKEN } },
      "stdio-meta": stdio("meta"),
      "stdio-individual": stdio("individual"),
    };
    writeFileSync(config, JSON.stringify({ mcpServers: servers }), { mode: 0o600 });
  });
  after(async () => {
    await server?.stop();
    await sim?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  /** One Inspector run in JSON mode; asynchronous, since the simulator lives in this process. */
  const inspect = (serverName: string, era: string, args: string[]) =>
    new Promise<Run>((resolve) => {
      const argv = [INSPECTOR, "--cli", "--config", config, "--server", serverName, "--protocol-era", era, "--format", "json", "--quiet", ...args];
      const env = { PATH: process.env.PATH ?? "", HOME: scratch, MCP_INSPECTOR_SECRET_STORE: "memory" };
      execFile(process.execPath, argv, { cwd: scratch, env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        let json: Run["json"] = {};
        try {
          json = JSON.parse(stdout) as Run["json"];
        } catch {
          // Left empty: the assertions below show stdout and stderr.
        }
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr, json });
      });
    });

  for (const transport of ["stdio", "http"] as const) {
    for (const era of ERAS) {
      it(`${transport}, ${era} era: lists the two dynamic tools, and --strict finds no error in their schemas`, async () => {
        // --strict: exit 6 on an error-severity schema finding (see the surface tests below).
        const run = await inspect(transport, era, ["--method", "tools/list", "--strict"]);
        assert.equal(run.code, 0, run.stderr + run.stdout);
        const tools = (run.json.result?.tools ?? []) as Array<{ name: string }>;
        assert.deepEqual(
          tools.map((t) => t.name),
          ["gitlab_find_action", "gitlab_execute_action"],
        );
        assert.ok(!(run.stdout + run.stderr).includes(SIM_TOKEN), "the token is in no output");
      });

      it(`${transport}, ${era} era: calls branch.list and gets the project's 45 branches`, async () => {
        const args = { action: "branch.list", params: { project_id: DEMO_PROJECT_ID, per_page: 100 } };
        const run = await inspect(transport, era, ["--method", "tools/call", "--tool-name", "gitlab_execute_action", "--tool-args-json", JSON.stringify(args)]);
        assert.equal(run.code, 0, run.stderr + run.stdout);
        const result = run.json.result as { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent: { branches: Array<{ name: string }> } };
        assert.equal(result.isError, undefined, JSON.stringify(result.content));
        assert.deepEqual(
          result.structuredContent.branches.map((b) => b.name),
          ALL_BRANCHES,
        );
        const markdown = result.content[0].text ?? "";
        assert.match(markdown, /^## Branches \(45\)/);
        for (const name of ["main", "feature/login", "release/2.0"]) assert.ok(markdown.includes(`[${name}](`), `${name} is in the Markdown`);
        assert.ok(!(run.stdout + run.stderr).includes(SIM_TOKEN), "the token is in no output");
      });
    }
  }

  // The dynamic surface's schemas are linted by every tools/list above.
  for (const surface of SURFACES.filter((s) => s !== "dynamic")) {
    it(`--strict finds no error-severity portability problem in the ${surface} surface's tool schemas`, async (t) => {
      const run = await inspect(`stdio-${surface}`, "legacy", ["--method", "tools/list", "--strict"]);
      // Exit 6 means an error-severity finding; the findings are on stderr, one block per problem.
      assert.equal(run.code, 0, run.stderr);
      const tools = (run.json.result?.tools ?? []) as unknown[];
      assert.ok(tools.length >= 2, `${surface}: ${tools.length} tools`);
      const warnings = run.stderr.split("\n").filter((l) => l.startsWith("Warning: tool "));
      const issues = new Set(run.stderr.split("\n").filter((l) => l.startsWith("  Issue: ")).map((l) => l.slice(9, 60)));
      t.diagnostic(`${surface}: ${tools.length} tools, ${warnings.length} portability warnings${issues.size ? ` (${[...issues].join("; ")}...)` : ""}`);
    });
  }

  it("the HTTP server logged no token", () => {
    assert.ok(!server.stderr().includes(SIM_TOKEN));
  });
});
