// The server as a process: command line, stdio hygiene, credential hygiene, Streamable HTTP, the finder,
// client profiles and switches, each through a real MCP client against the simulator.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, CLI, connect, SIM_TOKEN, text } from "../helpers/mcp.js";

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? "", ...env }, encoding: "utf8", input: "" });

describe("command line (CFG-6, CFG-14)", () => {
  it("--help and --version print to stdout, as commands do when they are not serving, and exit 0", () => {
    const help = run(["--help"]);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /GITLAB_MCP_TOOL_SURFACE/);
    assert.equal(help.stderr, "");
    const version = run(["--version"]);
    assert.equal(version.status, 0);
    assert.match(version.stdout, /^gitlab-mcp-server \d+\.\d+\.\d+\n$/);
    assert.equal(version.stderr, "");
  });
  it("an invalid surface refuses the start with exit 1 and names the variable", () => {
    const r = run([], { GITLAB_MCP_TOOL_SURFACE: "everything" });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /GITLAB_MCP_TOOL_SURFACE=everything is not a tool surface: use dynamic, meta or individual/);
  });
  it("an unknown flag exits 2", () => {
    const r = run(["--no-such-flag"]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /no-such-flag/);
  });
  it("an invalid boolean refuses the start", () => {
    const r = run([], { GITLAB_MCP_EMBEDDED_RESOURCES: "maybe" });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /GITLAB_MCP_EMBEDDED_RESOURCES=maybe is not a boolean/);
  });
});

describe("start-up from the shipped code cache (issue 5)", () => {
  const cacheState = (stderr: string) => /"msg":"start-up","code_cache":"(\w+)"/.exec(stderr)?.[1];

  it("run as `node <command>`, the server compiles nothing the build's code cache holds", async () => {
    const conn = await connect({ env: { GITLAB_MCP_LOG_LEVEL: "debug" } });
    await conn.close();
    assert.equal(cacheState(conn.stderr.join("")), "used");
  });

  it("a domain's validators, formatters and output schemas load on its first call, once, and never for listing", async () => {
    const sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
    try {
      for (const surface of ["dynamic", "meta", "individual"] as const) {
        const conn = await connect({ sim, surface, env: { GITLAB_MCP_LOG_LEVEL: "debug" } });
        const loads = () => conn.stderr.join("").split("\n").filter((l) => l.includes('"msg":"domain code loaded"')).map((l) => (JSON.parse(l) as { domain: string }).domain);
        await conn.client.listResources();
        assert.deepEqual(loads(), [], `${surface}: listing tools and resources loads no domain code`);
        for (let i = 0; i < 2; i++) assert.equal((await callAction(conn, surface, "branch.get", { project_id: 42, branch_name: "main" })).isError, undefined);
        await conn.client.readResource({ uri: "gitlab://tools/branch.list" });
        await conn.client.readResource({ uri: "gitlab://tools/tag.get" });
        await conn.close();
        assert.deepEqual(loads(), ["branch", "tag"], surface);
      }
    } finally {
      await sim.close();
    }
  });

  it("run through its shebang, as the installed command, it uses its own cache; with other Node flags it still works", () => {
    const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) + "\n";
    const env = { PATH: process.env.PATH ?? "", GITLAB_URL: "http://127.0.0.1:9", GITLAB_MCP_LOG_LEVEL: "debug" };
    const direct = spawnSync(CLI, [], { env, encoding: "utf8", input: initialize });
    assert.equal(cacheState(direct.stderr), "used");
    assert.match(direct.stdout, /"serverInfo":\{"name":"gitlab-mcp-server"/);
    // The shebang's flag typed by hand in a client's args is the same start, with the same cache.
    const sameFlags = spawnSync(process.execPath, ["--max-semi-space-size=2", CLI], { env, encoding: "utf8", input: initialize });
    assert.equal(cacheState(sameFlags.stderr), "used");
    // V8 would refuse a cache made under other flags: none is looked for, and the server compiles as usual.
    const other = spawnSync(process.execPath, ["--max-old-space-size=300", CLI], { env, encoding: "utf8", input: initialize });
    assert.equal(cacheState(other.stderr), "none");
    assert.match(other.stdout, /"serverInfo":\{"name":"gitlab-mcp-server"/);
  });
});

describe("stdio and credential hygiene (CFG-13, ERR-20)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
  });
  after(() => sim.close());

  it("stdout carries only JSON-RPC, and initialize is answered without any GitLab request", async () => {
    const child = spawn(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? "", GITLAB_URL: sim.url, GITLAB_TOKEN: SIM_TOKEN, GITLAB_MCP_LOG_LEVEL: "debug" } });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    sim.clearLog();
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) + "\n");
    await new Promise((resolve) => child.stdout.once("data", resolve));
    // Nothing reaches GitLab before the client says it has initialized (CMP-16), however long it waits.
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(sim.log.length, 0);
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
    for (let i = 0; i < 50 && sim.log.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill();
    const lines = out.trim().split("\n");
    for (const line of lines) assert.equal((JSON.parse(line) as { jsonrpc: string }).jsonrpc, "2.0");
    assert.match(lines[0], /"instructions"/);
    // Then the token and the instance tier are read (SAF-25, CAT-19), and nothing else.
    const paths = sim.log.map((r) => r.rawPath);
    assert.ok(paths.includes("/api/v4/personal_access_tokens/self"), "the token's scopes are read");
    assert.deepEqual(paths.filter((p) => !["/api/v4/personal_access_tokens/self", "/api/v4/license", "/api/v4/namespaces"].includes(p)), []);
  });

  it("the token never appears in a result or a log line, even when GitLab echoes it", async () => {
    const conn = await connect({ sim, env: { GITLAB_MCP_LOG_LEVEL: "debug" } });
    try {
      sim.inject({ path: "/projects/42/repository/branches", status: 400, body: { message: `bad token ${SIM_TOKEN} at https://gitlab.example.com/x` } });
      const r = (await conn.client.callTool({ name: "gitlab_execute_action", arguments: { action: "branch.create", params: { project_id: 42, branch_name: "x", ref: "main" } } })) as CallToolResult;
      assert.equal(r.isError, true);
      assert.equal(text(r), "branch.create: bad request: check your input parameters (bad token [REDACTED] at [url])");
      assert.equal(sim.log.at(-1)?.headers["private-token"], SIM_TOKEN, "the token did reach GitLab");
    } finally {
      await conn.close();
    }
    assert.ok(!conn.stderr.join("").includes(SIM_TOKEN), "no log line carries the token");
  });

  it("a credential inside GitLab's data is redacted from the Markdown and the JSON alike (stdio: on the wire)", async () => {
    sim.addBranch(42, { name: "leaky", commit: { title: `rotate ${SIM_TOKEN}`, message: `rotate ${SIM_TOKEN}\n\nPRIVATE-TOKEN: glpat-other-secret` } });
    const conn = await connect({ sim });
    try {
      const r = (await conn.client.callTool({ name: "gitlab_execute_action", arguments: { action: "branch.get", params: { project_id: 42, branch_name: "leaky" } } })) as CallToolResult;
      const wire = JSON.stringify(r);
      assert.ok(!wire.includes(SIM_TOKEN) && !wire.includes("glpat-other-secret"), "neither credential leaves the server");
      assert.match(wire, /rotate \[REDACTED\]/);
      assert.match(JSON.stringify(r.structuredContent), /PRIVATE-TOKEN: \[REDACTED\]/);
    } finally {
      await conn.close();
    }
  });

  it("a network failure is a classified isError result, never a JSON-RPC error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const conn = await connect({ env: { GITLAB_URL: `http://127.0.0.1:${port}` } });
    try {
      const r = (await conn.client.callTool({ name: "gitlab_execute_action", arguments: { action: "branch.get", params: { project_id: 42, branch_name: "main" } } })) as CallToolResult;
      assert.equal(r.isError, true);
      assert.equal(text(r), "branch.get: GitLab server is unreachable (connection refused). Check GITLAB_URL and whether the server is running");
    } finally {
      await conn.close();
    }
  });
});

describe("gitlab_find_action (DYN-1..DYN-8)", () => {
  let conn: Awaited<ReturnType<typeof connect>>;
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    conn = await connect({ sim });
  });
  after(async () => {
    await conn.close();
    await sim.close();
  });
  const find = async (query: string, extra: Record<string, unknown> = {}) =>
    (await conn.client.callTool({ name: "gitlab_find_action", arguments: { query, ...extra } })) as CallToolResult;
  const top = async (query: string) => ((await find(query)).structuredContent as { results: { id: string }[] }).results.map((r) => r.id);

  const cases: [string, string][] = [
    ["delete a branch", "branch.delete"],
    ["protected branches", "branch.list_protected"],
    ["list branches", "branch.list"],
    ["show branch", "branch.get"],
    ["create a new branch from main", "branch.create"],
    ["remove merged branches", "branch.delete_merged"],
    ["unprotect branch", "branch.unprotect"],
    ["branch rules", "branch.rule_list"],
    ["branch.update_protected", "branch.update_protected"],
    ["https://gitlab.example.com/group/sub/project/-/merge_requests/243", "merge_request.get"],
    ["https://gitlab.example.com/group/project/-/pipelines/9001", "pipeline.get"],
    ["!23 approve", "merge_request.approve"],
    ["delete the branch feature/login of group/project", "branch.delete"],
  ];
  for (const [query, want] of cases) {
    it(`"${query}" finds ${want} first`, async () => {
      assert.equal((await top(query))[0], want);
    });
  }

  it("results carry schemas and a runnable example, and GitLab sees nothing", async () => {
    sim.clearLog();
    const r = await find("delete a branch");
    const first = (r.structuredContent as { results: Record<string, unknown>[] }).results[0];
    assert.equal(first.tool, "gitlab_branch");
    assert.equal(first.schema_uri, "gitlab://tools/branch.delete");
    assert.equal(first.destructive, true);
    assert.deepEqual(first.required_params, ["project_id", "branch_name"]);
    assert.deepEqual(first.example, { tool: "gitlab_execute_action", arguments: { action: "branch.delete", params: { project_id: "<project_id>", branch_name: "<branch_name>" }, confirm: true } });
    assert.equal((first.input_schema as { additionalProperties: boolean }).additionalProperties, false);
    assert.match(text(r), /^## GitLab Action Finder\n\nQuery: delete a branch\n\n\| Action ID \| Score \| Destructive \| Required Params \|/);
    assert.equal(sim.log.length, 0);
  });

  it("refuses an empty or too long query with the wire sentences", async () => {
    assert.equal(text(await find("  ")), "gitlab_find_action: query is required. Try terms like project create, merge request approve, pipeline retry, or ci variable.");
    assert.match(text(await find("x".repeat(257))), /^gitlab_find_action: query is too long \(257 characters, limit 256\)\. Search for one thing at a time,/);
  });

  it("no match is a success with count 0", async () => {
    const r = await find("quantum teleportation");
    assert.equal(r.isError, undefined);
    assert.deepEqual((r.structuredContent as { count: number }).count, 0);
  });
});

describe("switches and client profiles", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
  });
  after(() => sim.close());
  const get = { name: "gitlab_execute_action", arguments: { action: "branch.get", params: { project_id: 42, branch_name: "main" } } };

  it("GITLAB_MCP_EMBEDDED_RESOURCES=false leaves the resource out (CAT-17)", async () => {
    const conn = await connect({ sim, env: { GITLAB_MCP_EMBEDDED_RESOURCES: "false" } });
    try {
      const r = (await conn.client.callTool(get)) as CallToolResult;
      assert.equal(r.content.length, 1);
    } finally {
      await conn.close();
    }
  });

  it("a Codex session gets priorities rounded to 0 or 1, unless compat is off (CMP-2..4)", async () => {
    const codex = await connect({ sim, clientName: "codex-mcp-client" });
    try {
      const r = (await codex.client.callTool(get)) as CallToolResult;
      assert.deepEqual(r.content.map((c) => c.annotations?.priority), [1, 1]);
    } finally {
      await codex.close();
    }
    const off = await connect({ sim, clientName: "codex-mcp-client", env: { GITLAB_MCP_CLIENT_COMPAT: "off" } });
    try {
      const r = (await off.client.callTool(get)) as CallToolResult;
      assert.deepEqual(r.content.map((c) => c.annotations?.priority), [0.6, 0.6]);
    } finally {
      await off.close();
    }
  });

  it("YOLO mode runs a destructive action without confirm (SAF-19, SAF-20)", async () => {
    sim.addBranch(42, { name: "doomed" });
    const conn = await connect({ sim, env: { GITLAB_MCP_YOLO_MODE: "yes" } });
    try {
      const r = (await conn.client.callTool({ name: "gitlab_execute_action", arguments: { action: "branch.delete", params: { project_id: 42, branch_name: "doomed" } } })) as CallToolResult;
      assert.equal(text(r), "✅ Action completed successfully.");
    } finally {
      await conn.close();
    }
    assert.match(conn.stderr.join(""), /YOLO mode is on \(GITLAB_MCP_YOLO_MODE\)/);
  });
});

describe("Streamable HTTP (--http)", () => {
  let sim: GitLabSimulator;
  let child: ReturnType<typeof spawn>;
  let url: URL;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
    child = spawn(process.execPath, [CLI, "--http", "--http-addr", "127.0.0.1:0"], { env: { PATH: process.env.PATH ?? "", GITLAB_URL: sim.url, GITLAB_TOKEN: "glpat-must-not-be-used" } });
    const address = await new Promise<string>((resolve, reject) => {
      let err = "";
      child.stderr!.on("data", (c: Buffer) => {
        err += c.toString();
        const m = /"address":"([^"]+)"/.exec(err);
        if (m) resolve(m[1]);
      });
      child.once("exit", () => reject(new Error(`server exited: ${err}`)));
    });
    url = new URL(`http://${address}/mcp`);
  });
  after(async () => {
    child.kill();
    await sim.close();
  });

  it("serves a client that sends its own token, and never uses GITLAB_TOKEN", async () => {
    const client = new Client({ name: "http-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { "PRIVATE-TOKEN": SIM_TOKEN } } }));
    try {
      const tools = await client.listTools();
      assert.deepEqual(tools.tools.map((t) => t.name), ["gitlab_find_action", "gitlab_execute_action"]);
      sim.clearLog();
      const r = (await client.callTool({ name: "gitlab_execute_action", arguments: { action: "branch.get", params: { project_id: 42, branch_name: "main" } } })) as CallToolResult;
      assert.equal((r.structuredContent as { name: string }).name, "main");
      assert.equal(sim.log[0].headers["private-token"], SIM_TOKEN);
    } finally {
      await client.close();
    }
  });

  it("a credential inside GitLab's data is redacted from HTTP results too (ERR-20)", async () => {
    sim.addBranch(42, { name: "leaky", commit: { message: `rotate ${SIM_TOKEN}` } });
    const client = new Client({ name: "http-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { "PRIVATE-TOKEN": SIM_TOKEN } } }));
    try {
      const r = (await client.callTool({ name: "gitlab_execute_action", arguments: { action: "branch.get", params: { project_id: 42, branch_name: "leaky" } } })) as CallToolResult;
      assert.ok(!JSON.stringify(r).includes(SIM_TOKEN));
      assert.match(JSON.stringify(r.structuredContent), /rotate \[REDACTED\]/);
    } finally {
      await client.close();
    }
  });

  const post = (headers: Record<string, string> = {}, target: URL = url) =>
    fetch(target, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });

  it("refuses a request without a credential with 401 and the wire message (HTTP-9)", async () => {
    const res = await post();
    assert.equal(res.status, 401);
    assert.equal(res.headers.get("www-authenticate"), 'Bearer realm="gitlab-mcp-server"');
    const body = (await res.json()) as { error: { code: number; message: string } };
    assert.equal(body.error.code, -40100);
    assert.ok(body.error.message.startsWith("Authentication required: send a GitLab personal access token as 'Authorization: Bearer <glpat-...>' or 'PRIVATE-TOKEN: <glpat-...>'"));
  });

  it("serves MCP at / as well as /mcp (HTTP-1)", async () => {
    const res = await post({ "PRIVATE-TOKEN": SIM_TOKEN }, new URL("/", url));
    assert.equal(res.status, 200);
  });

  it("refuses a Host that is not loopback, against DNS rebinding (HTTP-17)", async () => {
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: "/mcp", method: "POST", headers: { host: "evil.example:80", "content-type": "application/json", "PRIVATE-TOKEN": SIM_TOKEN } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    });
    assert.equal(status, 403);
  });

  it("refuses a cross-origin browser request (HTTP-18)", async () => {
    const res = await post({ "PRIVATE-TOKEN": SIM_TOKEN, origin: "https://evil.example" });
    assert.equal(res.status, 403);
    const body = (await res.json()) as { error: { code: number; message: string } };
    assert.equal(body.error.code, -40300);
    assert.match(body.error.message, /^Cross-origin request refused:/);
  });

  it("answers /health without authentication and without asking GitLab (HTTP-2)", async () => {
    sim.clearLog();
    const res = await fetch(new URL("/health", url));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(body.status, "ok");
    assert.match(String(body.config_digest), /^[0-9a-f]{12}$/);
    assert.equal(typeof body.uptime_seconds, "number");
    assert.equal(sim.log.length, 0);
  });

  it("refuses a body over 4 MiB before reading it (HTTP-20)", async () => {
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "PRIVATE-TOKEN": SIM_TOKEN }, body: "x".repeat(4 * 1024 * 1024 + 1) });
    assert.equal(res.status, 413);
  });
});
