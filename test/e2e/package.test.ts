// The package as a user gets it (CMP-16): `npm pack` of the built project, installed with
// `npm install -g` into a temporary prefix and run as the installed command, and run once more through
// `npx` from the tarball. npm is pointed at a registry that does not answer: the bundle holds every
// library, so an install must need nothing but the tarball.
import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { SIM_TOKEN, text } from "../helpers/mcp.js";

const root = new URL("../../../", import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  name: string;
  version: string;
  bin: Record<string, string>;
  dependencies?: Record<string, string>;
};
const built = join(root, "dist/runtime");

/** The outer `npm test` exports npm_* settings (its prefix, its project); the npm under test gets none of them. */
function npmEnv(cache: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^npm_/i.test(k)) env[k] = v;
  return {
    ...env,
    npm_config_cache: cache,
    npm_config_registry: "http://127.0.0.1:9/",
    npm_config_fetch_retries: "0",
    npm_config_update_notifier: "false",
  };
}

/** Runs npm or npx (options first: whatever follows the command name is the command's). */
function run(tool: "npm" | "npx", args: string[], cwd: string, cache: string): SpawnSyncReturns<string> {
  const r = spawnSync(tool, ["--prefer-offline", "--no-audit", "--no-fund", ...args], { cwd, env: npmEnv(cache), encoding: "utf8", timeout: 120_000 });
  assert.equal(r.status, 0, `${tool} ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r;
}

/** Every file under a directory, relative to the project root. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(root, join(d.parentPath, d.name)));

describe("the npm package, installed and run (CMP-16)", () => {
  let tmp: string;
  let cache: string;
  let tarball: string;
  let packed: string[];
  let command: string;

  before(() => {
    tmp = mkdtempSync(join(tmpdir(), "gitlab-mcp-package-"));
    cache = join(tmp, "npm-cache");
    // --ignore-scripts: prepack would build again, and the test run has just built.
    const pack = run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", tmp], root, cache);
    const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    tarball = join(tmp, info.filename);
    packed = info.files.map((f) => f.path).sort();
    command = join(tmp, "prefix", "bin", Object.keys(manifest.bin)[0]);
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it("ships exactly what the command runs: loader, bundle, code caches, catalog data, domain modules, the Redis client", () => {
    const caches = readdirSync(built).filter((f) => f.endsWith(".cache"));
    assert.equal(caches.length, 2, "one code cache for the shebang's flags, one for plain node");
    const domains = readdirSync(join(built, "domains")).filter((f) => f.endsWith(".cjs"));
    assert.ok(domains.length > 0 && domains.every((d) => existsSync(join(built, "domains/data", d.replace(/\.cjs$/, ".json")))));
    const expected = [
      // npm always packs the license file.
      "LICENSE",
      "README.md",
      "package.json",
      manifest.bin["gitlab-mcp-server"],
      "dist/runtime/server.cjs",
      // Required only with GITLAB_MCP_REDIS_URL (replicas sharing their limits).
      "dist/runtime/ioredis.cjs",
      ...caches.map((f) => `dist/runtime/${f}`),
      ...filesUnder(join(built, "data")),
      ...filesUnder(join(built, "domains")),
    ].sort();
    // Equality both ways: nothing the command loads is missing, and no tsc output, test or source rides along.
    assert.deepEqual(packed, expected);
  });

  it("declares no runtime dependency: esbuild bundled them, so an install downloads nothing", () => {
    assert.deepEqual(manifest.dependencies ?? {}, {});
  });

  it("installs with `npm install -g` from the tarball alone", () => {
    run("npm", ["install", "--global", "--prefix", join(tmp, "prefix"), tarball], tmp, cache);
    assert.ok(existsSync(command));
    assert.deepEqual(readdirSync(join(tmp, "prefix/lib/node_modules")), [manifest.name]);
    assert.equal(existsSync(join(tmp, "prefix/lib/node_modules", manifest.name, "node_modules")), false);
  });

  it("the installed command prints its version on stdout", () => {
    const r = spawnSync(command, ["--version"], { env: { PATH: process.env.PATH ?? "" }, encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, `gitlab-mcp-server ${manifest.version}\n`);
    assert.equal(r.stderr, "");
  });

  it("the installed command serves an MCP client on stdio, from its shipped code cache and domain modules", async () => {
    const sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
    const transport = new StdioClientTransport({
      command,
      env: { PATH: process.env.PATH ?? "", GITLAB_URL: sim.url, GITLAB_TOKEN: SIM_TOKEN, GITLAB_MCP_LOG_LEVEL: "debug" },
      stderr: "pipe",
    });
    const stderr: string[] = [];
    transport.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
    const client = new Client({ name: "package-test", version: "1.0.0" });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ["gitlab_execute_action", "gitlab_find_action"]);
      // The first call of a domain loads its module and data from the installed package.
      const result = (await client.callTool({ name: "gitlab_execute_action", arguments: { action: "branch.list", params: { project_id: 42 } } })) as CallToolResult;
      assert.equal(result.isError, undefined, text(result));
      assert.match(text(result), /main/);
    } finally {
      await client.close();
      await sim.close();
    }
    const log = stderr.join("");
    const lines = log.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as { msg: string; domain?: string; code_cache?: string });
    assert.deepEqual(lines.filter((l) => l.msg === "domain code loaded").map((l) => l.domain), ["branch"]);
    assert.equal(lines.find((l) => l.msg === "start-up")?.code_cache, "used");
    assert.ok(!log.includes(SIM_TOKEN), "the token never reaches the log");
  });

  it("npx runs the command from the tarball", () => {
    // From the temporary folder: in the project, npx could find the project's own command instead.
    const r = run("npx", ["--yes", "--package", tarball, "gitlab-mcp-server", "--version"], tmp, cache);
    assert.equal(r.stdout, `gitlab-mcp-server ${manifest.version}\n`);
  });
});
