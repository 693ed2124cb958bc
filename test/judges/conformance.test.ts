// The official MCP conformance suite (@modelcontextprotocol/conformance, pinned in package.json) run
// against the built server in HTTP mode. Every server scenario of the suite must pass, except those
// test/judges/not-applicable.json lists with a reason; that list must name only scenarios the suite
// still has, and none that passes.
//
// 0.1.13 is the newest release whose CLI loads on Node 20 (0.1.14 and every 0.2 alpha import fs.globSync,
// which Node 22 added). It speaks the 2025 protocol era only; the 2026-07-28 scenarios of the 0.2 line
// can run here once the project's Node floor is 22. The modern era is judged by the Inspector and
// isolation tests meanwhile.
//
// The suite's `server` command cannot send request headers, and this server answers 401 to a request
// without a GitLab token (HTTP-9). So the suite talks to a small forwarding proxy on loopback that adds
// PRIVATE-TOKEN to each request and changes nothing else: the Host header, the body and the answer pass
// through as they are, which keeps the DNS-rebinding scenario honest. The token stays inside this process.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { seedDemo } from "../sim/demoData.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { startHttp, type HttpServer } from "../helpers/eras.js";
import { SIM_TOKEN } from "../helpers/mcp.js";

const ROOT = new URL("../../../", import.meta.url).pathname;
const SUITE = join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const NOT_APPLICABLE = (JSON.parse(readFileSync(join(ROOT, "test/judges/not-applicable.json"), "utf8")) as { scenarios: Record<string, string> }).scenarios;

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  errorMessage?: string;
}

/** Runs the suite's CLI asynchronously: the simulator and the proxy live in this process and must keep serving. */
function suite(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SUITE, ...args], { cwd, env: { PATH: process.env.PATH ?? "" }, maxBuffer: 16 * 1024 * 1024, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Forwards every request to `target`, adding the token; listens on a free loopback port. */
async function tokenProxy(target: URL, token: string): Promise<{ url: string; close: () => Promise<void> }> {
  const proxy: Server = createServer((req, res) => {
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, "private-token": token } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      }),
  };
}

/** The suite's server scenarios, from `conformance list`. */
function serverScenarios(listing: string): string[] {
  const section = listing.split(/^Client scenarios/m)[0].split(/^Server scenarios/m)[1] ?? "";
  return [...section.matchAll(/^\s+- (\S+)$/gm)].map((m) => m[1]);
}

describe("official MCP conformance suite, server scenarios over HTTP", () => {
  let sim: GitLabSimulator;
  let server: HttpServer;
  let proxy: { url: string; close: () => Promise<void> };
  let results: string;
  let scenarios: string[];
  const checks = new Map<string, Check[]>();

  before(async () => {
    sim = await GitLabSimulator.start();
    seedDemo(sim);
    // The suite opens a new session for every scenario; the per-credential limiter must not refuse it.
    server = await startHttp(sim, { GITLAB_MCP_RATE_LIMIT_RPS: "0" });
    proxy = await tokenProxy(server.url, SIM_TOKEN);
    results = mkdtempSync(join(tmpdir(), "conformance-"));
    scenarios = serverScenarios((await suite(["list"], results)).stdout);
    // The exit status is not read: it is 1 whenever a not-applicable scenario fails, and every
    // scenario's checks are judged below from the result files.
    await suite(["server", "--url", proxy.url, "--suite", "all", "--output-dir", results], results);
    for (const dir of readdirSync(results)) {
      const m = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(dir);
      if (m) checks.set(m[1], JSON.parse(readFileSync(join(results, dir, "checks.json"), "utf8")) as Check[]);
    }
  });
  after(async () => {
    await proxy?.close();
    await server?.stop();
    await sim?.close();
    if (results) rmSync(results, { recursive: true, force: true });
  });

  const passed = (id: string) => {
    const list = checks.get(id) ?? [];
    return list.some((c) => c.status === "SUCCESS") && !list.some((c) => c.status === "FAILURE");
  };

  it("the suite knows its server scenarios and ran each of them", () => {
    assert.ok(scenarios.length >= 20, `conformance list named ${scenarios.length} server scenarios`);
    assert.deepEqual(scenarios.filter((id) => !checks.has(id)), [], "scenarios without results");
  });

  it("every not-applicable entry names a scenario the pinned suite still has", () => {
    assert.deepEqual(Object.keys(NOT_APPLICABLE).filter((id) => !scenarios.includes(id)), []);
    for (const [id, reason] of Object.entries(NOT_APPLICABLE)) assert.ok(reason.trim().length > 20, `${id} gives a reason`);
  });

  it("every other scenario passes: at least one successful check and no failed one", (t) => {
    const applicable = scenarios.filter((id) => !(id in NOT_APPLICABLE));
    const failed = applicable.filter((id) => !passed(id));
    t.diagnostic(`conformance ${readPackageVersion()}: ${scenarios.length} server scenarios, ${applicable.length - failed.length} passed, ${Object.keys(NOT_APPLICABLE).length} not applicable, ${failed.length} failed`);
    t.diagnostic(`passed: ${applicable.filter(passed).join(", ")}`);
    const report = failed.map((id) => `${id}: ${(checks.get(id) ?? []).filter((c) => c.status !== "SUCCESS").map((c) => `${c.status} ${c.id} ${c.errorMessage ?? ""}`).join("; ") || "no checks"}`);
    assert.deepEqual(report, []);
    assert.ok(applicable.length > 0);
  });

  it("no not-applicable scenario passes (one that does applies now: take it off the list)", () => {
    assert.deepEqual(Object.keys(NOT_APPLICABLE).filter(passed), []);
  });

  it("the token never reaches the server's log", () => {
    assert.ok(!server.stderr().includes(SIM_TOKEN));
  });
});

function readPackageVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, "node_modules/@modelcontextprotocol/conformance/package.json"), "utf8")) as { version: string }).version;
}
