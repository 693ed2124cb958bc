// Started by hand in a terminal, the stdio server greets on stderr and keeps serving; started by a client
// (stdin a pipe) it greets nobody. The terminal is a real pseudo-terminal from util-linux's `script`
// (Debian's essential bsdutils), with the server's stdout and stderr sent to files so each is read alone.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { GitLabSimulator } from "../sim/simulator.js";
import { CLI, connect, SIM_TOKEN } from "../helpers/mcp.js";

const root = new URL("../../../", import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
const README = join(root, "README.md");
const sh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Reads a file until `done` holds for its text; fails with what it holds after 30 s. */
async function waitFor(file: string, done: (text: string) => boolean, what: string): Promise<string> {
  for (let i = 0; i < 600; i++) {
    let content = "";
    try {
      content = readFileSync(file, "utf8");
    } catch {
      // Not created yet.
    }
    if (done(content)) return content;
    await sleep(50);
  }
  assert.fail(`${what}: not seen in ${file}:\n${readFileSync(file, "utf8")}`);
}

const request = (id: number, method: string, params: object = {}) => JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n";
const INITIALIZE = request(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "terminal-test", version: "1" } });
const INITIALIZED = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n";

/**
 * Runs the built server with a pseudo-terminal as stdin, waits for the greeting, then types an MCP
 * handshake and tools/list into the terminal and waits for both answers on stdout.
 */
async function inTerminal(env: Record<string, string>): Promise<{ stdout: string; stderr: string; terminal: string }> {
  const dir = mkdtempSync(join(tmpdir(), "gitlab-mcp-tty-"));
  const [out, err] = [join(dir, "stdout"), join(dir, "stderr")];
  const script = spawn("script", ["-qefc", `exec ${sh(process.execPath)} ${sh(CLI)} >${sh(out)} 2>${sh(err)}`, "/dev/null"], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  let terminal = "";
  script.stdout.on("data", (c: Buffer) => (terminal += c.toString()));
  script.stderr.on("data", (c: Buffer) => (terminal += c.toString()));
  const exited = new Promise<number | null>((resolve) => script.on("exit", resolve));
  try {
    await waitFor(err, (t) => t.includes("Waiting for a client"), "the greeting");
    script.stdin.write(INITIALIZE + INITIALIZED + request(2, "tools/list"));
    const stdout = await waitFor(out, (t) => /"id":1\b/.test(t) && /"id":2\b/.test(t), "the answers to initialize and tools/list");
    // End of input (^D through the terminal) ends the session as it does on a pipe.
    script.stdin.end();
    assert.equal(await exited, 0, `script exited: ${terminal}`);
    return { stdout, stderr: readFileSync(err, "utf8"), terminal };
  } finally {
    if (script.exitCode === null) process.kill(-script.pid!, "SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every stdout line is one JSON-RPC message. */
function assertOnlyJsonRpc(stdout: string): void {
  const lines = stdout.split("\n").filter((l) => l !== "");
  assert.ok(lines.length >= 2);
  for (const line of lines) assert.equal((JSON.parse(line) as { jsonrpc?: string }).jsonrpc, "2.0", line);
}

describe("started by hand in a terminal", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
  });
  after(() => sim.close());

  it("with a token: greets on stderr, says the token is set and shows none of it, then serves on stdout", async () => {
    const { stdout, stderr, terminal } = await inTerminal({ GITLAB_URL: sim.url, GITLAB_TOKEN: SIM_TOKEN });
    const greeting = stderr.slice(0, stderr.indexOf("Waiting for a client"));
    assert.match(greeting, new RegExp(`^gitlab-mcp-server ${version.replace(/\./g, "\\.")}: `));
    assert.match(greeting, /speaks MCP \(JSON-RPC\) on stdin\/stdout and is meant to be launched by an MCP client/);
    assert.match(greeting, /claude mcp add gitlab .* -- gitlab-mcp-server\n/);
    // It points at the README beside the build, whose section of that name holds every client's configuration.
    assert.ok(greeting.includes(`"Connect a client" in ${README}.`), greeting);
    assert.match(readFileSync(README, "utf8"), /^## Connect a client$/m);
    assert.match(greeting, /GITLAB_TOKEN is set: requests to http:\/\/127\.0\.0\.1:\d+ carry it\./);
    for (const text of [stdout, stderr, terminal]) assert.ok(!text.includes(SIM_TOKEN) && !text.includes(SIM_TOKEN.slice(-8)), "no part of the token is shown");
    assertOnlyJsonRpc(stdout);
    const tools = stdout.split("\n").find((l) => l.includes('"id":2'))!;
    assert.deepEqual((JSON.parse(tools) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name).sort(), ["gitlab_execute_action", "gitlab_find_action"]);
  });

  it("without a token: says it serves public data only, and still serves", async () => {
    const { stdout, stderr } = await inTerminal({ GITLAB_URL: sim.url });
    assert.match(stderr, /GITLAB_TOKEN is not set: serving what http:\/\/127\.0\.0\.1:\d+ shows anyone, public projects only\./);
    assertOnlyJsonRpc(stdout);
  });
});

describe("started by an MCP client (stdin a pipe)", () => {
  it("writes no greeting", async () => {
    const conn = await connect({});
    await conn.close();
    const stderr = conn.stderr.join("");
    // The ready line shows the server went past the greeting's place.
    assert.match(stderr, /"msg":"gitlab-mcp-server ready on stdio"/);
    assert.ok(!stderr.includes("Waiting for a client") && !stderr.includes("launched by an MCP client"), stderr);
  });
});
