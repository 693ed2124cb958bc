// What a new user meets first (issue 28): the README's quick start, the files a user looks for (LICENSE,
// CHANGELOG.md), `npm start`, and `--help` naming every variable the README names.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CLI, SIM_TOKEN } from "../helpers/mcp.js";

const root = new URL("../../../", import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), "utf8");
const readme = read("README.md");
const pkg = JSON.parse(read("package.json")) as { license: string; scripts: Record<string, string>; engines: { node: string }; devEngines?: { runtime?: { name: string; version: string } } };

/** Backticked names in the README that are not configuration, with the reason. */
const NOT_CONFIGURATION = new Set([
  "PATH", // where a shell finds commands (Claude Desktop and nvm)
]);

describe("--help and the README (issue 28)", () => {
  const help = spawnSync(process.execPath, [CLI, "--help"], { encoding: "utf8", env: { PATH: process.env.PATH ?? "" } }).stdout;
  const named = [...new Set([...readme.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})`/g)].map((m) => m[1]))].filter((n) => !NOT_CONFIGURATION.has(n));

  it("the README names the variables a user sets", () => {
    for (const v of ["GITLAB_URL", "GITLAB_TOKEN", "GITLAB_MCP_TRUSTED_ORIGINS", "HTTPS_PROXY", "AUTOPILOT"]) assert.ok(named.includes(v), v);
  });

  it("--help names every one of them", () => {
    const missing = named.filter((v) => !new RegExp(`(^|[^A-Z_])${v}([^A-Z_]|$)`).test(help));
    assert.deepEqual(missing, [], `--help (HELP in runtime/config.ts) does not name ${missing.join(", ")}`);
  });
});

describe("the README's quick start (issue 28)", () => {
  const sections = readme.split(/^## /m);
  const quick = sections[1] ?? "";

  it("comes first, and brings a person from install to a client and to the offline simulator", () => {
    assert.match(quick, /^Quick start\n/);
    assert.match(quick, /npm install -g gitlab-mcp-server/);
    assert.match(quick, /\(#connect-a-client\)/);
    assert.match(quick, /npm ci && npm run build\nnpm run sim\n/);
    assert.equal(pkg.scripts.sim, "tsc -p tsconfig.json && node dist/test/sim/cli.js");
  });

  it("says how much of GitLab's API the catalog covers, as docs/catalog-coverage.md does", () => {
    const coverage = /implements (\d+) of the (\d+) canonical IDs/.exec(read("docs/catalog-coverage.md"));
    assert.ok(coverage, "docs/catalog-coverage.md states its counts");
    const intro = sections[0];
    const claimed = /today (\d+) of the (\d+) operations/.exec(intro);
    assert.ok(claimed, "the README's opening states the coverage");
    assert.deepEqual(claimed.slice(1, 3), coverage.slice(1, 3), "update the counts in the README's opening to those of docs/catalog-coverage.md");
  });

  it("states the Node versions, the test time and the redis-server prerequisite", () => {
    assert.equal(pkg.engines.node, ">=20.9");
    assert.equal(pkg.devEngines?.runtime?.name, "node");
    assert.match(readme, new RegExp(`Development needs Node\\.js ${pkg.devEngines!.runtime!.version.replace(">=", "")} or newer`));
    assert.match(readme, /about 10 to 12\s+minutes on two cores/);
    assert.match(readme, /`redis-server`/);
    assert.match(readme, /npm test -- --verbose/);
  });
});

describe("the files a user looks for (issue 28)", () => {
  it("LICENSE: MIT, as package.json says", () => {
    assert.equal(pkg.license, "MIT");
    const license = read("LICENSE");
    assert.match(license, /^MIT License\n\nCopyright \(c\) \d{4} gitlab-mcp-server contributors\n/);
    assert.match(license, /THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND/);
  });

  it("CHANGELOG.md: Keep a Changelog, newest first, with an Unreleased section", () => {
    const changelog = read("CHANGELOG.md");
    assert.match(changelog, /^# Changelog\n/);
    assert.match(changelog, /keepachangelog\.com/);
    const headings = [...changelog.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    assert.equal(headings[0], "[Unreleased]");
    const dates = headings.slice(1).map((h) => /(\d{4}-\d{2}-\d{2})/.exec(h)?.[1] ?? "");
    assert.ok(dates.length >= 5 && dates.every(Boolean), "each landing carries its date");
    assert.deepEqual([...dates].sort().reverse(), dates, "newest first");
    for (const h of changelog.matchAll(/^### (.+)$/gm)) assert.ok(["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"].includes(h[1]), h[1]);
  });

  it("npm start runs the built server on stdio", async () => {
    assert.equal(pkg.scripts.start, `node ${CLI.slice(root.length)}`);
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const { port: p } = s.address() as AddressInfo;
        s.close(() => resolve(p));
      });
    });
    const transport = new StdioClientTransport({
      command: "npm",
      args: ["start", "--silent"],
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", GITLAB_URL: `http://127.0.0.1:${port}`, GITLAB_TOKEN: SIM_TOKEN, GITLAB_MCP_TIER: "free" },
      stderr: "pipe",
    });
    const client = new Client({ name: "npm-start", version: "1.0.0" });
    await client.connect(transport);
    try {
      assert.equal(client.getServerVersion()?.name, "gitlab-mcp-server");
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ["gitlab_execute_action", "gitlab_find_action"]);
    } finally {
      await client.close();
    }
  });
});
