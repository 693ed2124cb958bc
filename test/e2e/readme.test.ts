// Every client configuration in the README's "Connect a client" section, read the way its client reads
// it and then used: each stdio snippet launches the built server as the command it names, with the
// environment it sets; each HTTP snippet's URL and header reach a running HTTP server. A token
// placeholder must be one its client fills in. A snippet added without an entry in SNIPPETS fails.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { parse as parseToml } from "smol-toml";
import { parseCommand } from "../../runtime/config.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { CLI, SIM_TOKEN } from "../helpers/mcp.js";

const root = new URL("../../../", import.meta.url).pathname;
const readme = readFileSync(join(root, "README.md"), "utf8");
const BIN = Object.keys((JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: Record<string, string> }).bin)[0];
/** The variables the server reads: those config.ts names. */
const KNOWN_VARIABLES = new Set([...readFileSync(join(root, "runtime/config.ts"), "utf8").matchAll(/"(GITLAB_[A-Z_]+)"/g)].map((m) => m[1]));
const SECTION = "## Connect a client";
/** Every snippet the section holds, as "<client> <transport> <language>": one more or one less fails. */
const SNIPPETS = [
  "server http sh",
  "claude-desktop stdio json",
  "claude-desktop http json",
  "claude-code stdio sh",
  "claude-code http sh",
  "claude-code stdio json",
  "claude-code http json",
  "vscode stdio json",
  "vscode http json",
  "cursor stdio json",
  "cursor http json",
  "codex stdio toml",
  "codex http toml",
];

interface Snippet {
  client: string;
  transport: "stdio" | "http";
  lang: string;
  body: string;
  /** Where it starts in README.md, for messages. */
  line: number;
}

/** How a client would start or reach the server, with its token placeholder resolved. */
type Launch = { kind: "stdio"; command: string; args: string[]; env: Record<string, string> } | { kind: "http"; url: string; headers: Record<string, string> };

/** The fenced blocks of the section, each with the `<!-- snippet: client transport -->` line above it. */
function snippets(): Snippet[] {
  const lines = readme.split("\n");
  const start = lines.indexOf(SECTION);
  assert.ok(start >= 0, `README.md has a "${SECTION}" section`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith("## "));
  const found: Snippet[] = [];
  let marker: { client: string; transport: "stdio" | "http" } | undefined;
  for (let i = start + 1; i < end; i++) {
    const m = /^<!-- snippet: ([a-z-]+) (stdio|http) -->$/.exec(lines[i]);
    if (m) {
      marker = { client: m[1], transport: m[2] as "stdio" | "http" };
      continue;
    }
    const fence = /^```(\w*)\s*$/.exec(lines[i]);
    if (fence) {
      const close = lines.findIndex((l, j) => j > i && l.startsWith("```"));
      assert.ok(marker, `README.md line ${i + 1}: a block in "${SECTION}" without a <!-- snippet: client transport --> line above it`);
      found.push({ ...marker, lang: fence[1], body: lines.slice(i + 1, close).join("\n"), line: i + 1 });
      marker = undefined;
      i = close;
      continue;
    }
    assert.ok(marker === undefined || lines[i].trim() === "", `README.md line ${i + 1}: a snippet marker not followed by its block`);
  }
  return found;
}

/** Shell words, with quotes removed; a `$` inside single quotes, which the shell would not expand, stays marked. */
function words(command: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const ch of command.replace(/\\\n/g, " ")) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else word += quote === "'" && ch === "$" ? "<unexpanded $>" : ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= "";
    } else if (/\s/.test(ch)) {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else word = (word ?? "") + ch;
  }
  assert.equal(quote, undefined, `unclosed quote in ${command}`);
  if (word !== undefined) out.push(word);
  return out;
}

/**
 * Replaces the token placeholder: the text `glpat-...`, or a reference in the one syntax its client
 * expands. Anything else that looks like a reference is left, and fails the launch checks.
 */
function resolveToken(value: string, reference?: RegExp): string {
  const resolved = (reference ? value.replace(reference, "glpat-...") : value).replaceAll("glpat-...", SIM_TOKEN);
  assert.ok(!/\$/.test(resolved), `"${value}": a reference its client does not fill in`);
  return resolved;
}

/** The single server entry, named gitlab, of a client's map of servers. */
function gitlabEntry(servers: unknown, where: string): Record<string, unknown> {
  assert.equal(typeof servers, "object", `${where}: a map of servers`);
  assert.deepEqual(Object.keys(servers as object), ["gitlab"], where);
  return (servers as Record<string, Record<string, unknown>>).gitlab;
}

function onlyKeys(entry: Record<string, unknown>, allowed: string[], where: string): void {
  for (const k of Object.keys(entry)) assert.ok(allowed.includes(k), `${where}: "${k}" is not a key this client reads here`);
}

const stringMap = (v: unknown): Record<string, string> => {
  assert.ok(v === undefined || (typeof v === "object" && Object.values(v as object).every((x) => typeof x === "string")), "a map of strings");
  return (v ?? {}) as Record<string, string>;
};
const stringList = (v: unknown): string[] => {
  assert.ok(v === undefined || (Array.isArray(v) && v.every((x) => typeof x === "string")), "a list of strings");
  return (v ?? []) as string[];
};

/** A stdio entry of the JSON clients: command, args, env (and type where the client wants one). */
function stdioEntry(entry: Record<string, unknown>, where: string, reference?: RegExp): Launch {
  const env = Object.fromEntries(Object.entries(stringMap(entry.env)).map(([k, v]) => [k, k === "GITLAB_TOKEN" ? resolveToken(v, reference) : v]));
  return { kind: "stdio", command: entry.command as string, args: stringList(entry.args), env };
}

/** An HTTP entry of the JSON clients: url and headers. */
function httpEntry(entry: Record<string, unknown>, reference?: RegExp): Launch {
  const headers = Object.fromEntries(Object.entries(stringMap(entry.headers)).map(([k, v]) => [k, resolveToken(v, reference)]));
  return { kind: "http", url: entry.url as string, headers };
}

/** A `Name: value` header of a command line. */
function header(text: string, where: string): [string, string] {
  const colon = text.indexOf(":");
  assert.ok(colon > 0, `${where}: "${text}" is not Name: value`);
  return [text.slice(0, colon).trim(), text.slice(colon + 1).trim()];
}

/** Reads one snippet as its client would. */
function launchOf(s: Snippet): Launch {
  const where = `README.md line ${s.line} (${s.client} ${s.transport})`;
  const json = s.lang === "json" ? (JSON.parse(s.body) as Record<string, unknown>) : {};
  switch (`${s.client} ${s.lang}`) {
    case "claude-desktop json": {
      // The file takes commands only (an HTTP server goes through the mcp-remote bridge).
      onlyKeys(json, ["mcpServers"], where);
      const entry = gitlabEntry(json.mcpServers, where);
      onlyKeys(entry, ["command", "args", "env"], where);
      if (s.transport === "stdio") return stdioEntry(entry, where);
      assert.equal(entry.command, "mcp-remote", where);
      const [url, ...rest] = stringList(entry.args);
      const env = stringMap(entry.env);
      const headers: Record<string, string> = {};
      for (let i = 0; i < rest.length; i += 2) {
        assert.equal(rest[i], "--header", where);
        // Some clients split arguments on spaces when they start the bridge: none in the header.
        assert.ok(!/\s/.test(rest[i + 1]), `${where}: no space in the --header argument`);
        // mcp-remote fills ${VAR} in from the environment the entry gives it.
        const [name, value] = header(rest[i + 1].replace(/\$\{(\w+)\}/g, (_, v: string) => env[v] ?? "$unset"), where);
        headers[name] = resolveToken(value);
      }
      return { kind: "http", url, headers };
    }
    case "claude-code json": {
      // .mcp.json: Claude Code expands ${VAR} from the environment.
      onlyKeys(json, ["mcpServers"], where);
      const entry = gitlabEntry(json.mcpServers, where);
      assert.equal(entry.type, s.transport, `${where}: type`);
      const reference = /\$\{GITLAB_TOKEN\}/g;
      if (s.transport === "stdio") return onlyKeys(entry, ["type", "command", "args", "env"], where), stdioEntry(entry, where, reference);
      onlyKeys(entry, ["type", "url", "headers"], where);
      return httpEntry(entry, reference);
    }
    case "claude-code sh": {
      const w = words(s.body);
      assert.deepEqual(w.slice(0, 3), ["claude", "mcp", "add"], where);
      // The name first: the variadic -e would swallow a name that follows it.
      assert.equal(w[3], "gitlab", `${where}: the server's name right after add`);
      const dashes = w.indexOf("--");
      const head = dashes === -1 ? w.slice(4) : w.slice(4, dashes);
      const options: Record<string, string[]> = {};
      const positional: string[] = [];
      for (let i = 0; i < head.length; i++) {
        if (!head[i].startsWith("-")) positional.push(head[i]);
        else (options[head[i]] ??= []).push(head[++i]);
      }
      for (const o of Object.keys(options)) assert.ok(["--scope", "--transport", "-e", "--header"].includes(o), `${where}: option ${o}`);
      assert.ok((options["--scope"] ?? ["local"]).every((x) => ["local", "user", "project"].includes(x)), where);
      assert.equal((options["--transport"] ?? ["stdio"])[0], s.transport, `${where}: --transport`);
      // The shell expands $GITLAB_TOKEN when the command runs.
      const reference = /\$\{?GITLAB_TOKEN\}?/g;
      if (s.transport === "stdio") {
        assert.deepEqual(positional, [], where);
        const env = Object.fromEntries((options["-e"] ?? []).map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]));
        if (env.GITLAB_TOKEN !== undefined) env.GITLAB_TOKEN = resolveToken(env.GITLAB_TOKEN, reference);
        return { kind: "stdio", command: w[dashes + 1], args: w.slice(dashes + 2), env };
      }
      assert.equal(dashes, -1, where);
      assert.equal(positional.length, 1, `${where}: the URL`);
      return { kind: "http", url: positional[0], headers: Object.fromEntries((options["--header"] ?? []).map((h) => header(h, where)).map(([k, v]) => [k, resolveToken(v, reference)])) };
    }
    case "vscode json": {
      // mcp.json: a top-level "servers" map; the token is an input VS Code asks for and keeps secret.
      onlyKeys(json, ["inputs", "servers"], where);
      const inputs = (json.inputs ?? []) as { type: string; id: string; password?: boolean }[];
      for (const input of inputs) assert.ok(input.type === "promptString" && input.password === true, `${where}: input ${input.id} is a password prompt`);
      const ids = inputs.map((i) => i.id).join("|");
      const reference = new RegExp(`\\$\\{input:(?:${ids})\\}`, "g");
      const entry = gitlabEntry(json.servers, where);
      assert.equal(entry.type, s.transport, `${where}: type`);
      if (s.transport === "stdio") return onlyKeys(entry, ["type", "command", "args", "env"], where), stdioEntry(entry, where, reference);
      onlyKeys(entry, ["type", "url", "headers"], where);
      return httpEntry(entry, reference);
    }
    case "cursor json": {
      // mcp.json: command for stdio, url and headers for HTTP; Cursor fills ${env:NAME} in.
      onlyKeys(json, ["mcpServers"], where);
      const entry = gitlabEntry(json.mcpServers, where);
      const reference = /\$\{env:GITLAB_TOKEN\}/g;
      if (s.transport === "stdio") return onlyKeys(entry, ["command", "args", "env"], where), stdioEntry(entry, where, reference);
      onlyKeys(entry, ["url", "headers"], where);
      return httpEntry(entry, reference);
    }
    case "codex toml": {
      const toml = parseToml(s.body) as { mcp_servers?: unknown };
      onlyKeys(toml, ["mcp_servers"], where);
      const entry = gitlabEntry(toml.mcp_servers, where);
      // CMP-17: the first tools/list waits on the scope detection, which may take up to 20 s (CFG-12);
      // Codex's default is 10 s.
      assert.ok(typeof entry.startup_timeout_sec === "number" && entry.startup_timeout_sec > 20, `${where}: startup_timeout_sec above 20`);
      if (s.transport === "stdio") {
        onlyKeys(entry, ["command", "args", "env", "startup_timeout_sec"], where);
        return stdioEntry(entry, where);
      }
      // A token written in the file is refused by Codex: it names the variable that holds it.
      onlyKeys(entry, ["url", "bearer_token_env_var", "startup_timeout_sec"], where);
      assert.equal(entry.bearer_token_env_var, "GITLAB_TOKEN", where);
      return { kind: "http", url: entry.url as string, headers: { Authorization: `Bearer ${SIM_TOKEN}` } };
    }
    default:
      assert.fail(`${where}: no reader for a ${s.lang} snippet of ${s.client}`);
  }
}

/** The HTTP server snippet: `VAR=value gitlab-mcp-server --http ...`. */
function serverCommand(s: Snippet): { env: Record<string, string>; args: string[] } {
  const w = words(s.body);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(w[0])) {
    const kv = w.shift()!;
    env[kv.slice(0, kv.indexOf("="))] = kv.slice(kv.indexOf("=") + 1);
  }
  assert.equal(w.shift(), BIN, `README.md line ${s.line}: the command`);
  return { env, args: w };
}

/** Lists the tools and runs one call, which reaches GitLab with the snippet's token. */
async function listAndCall(sim: GitLabSimulator, client: Client, s: Snippet): Promise<void> {
  sim.clearLog();
  try {
    const { tools } = await client.listTools();
    assert.ok(tools.some((t) => t.name === "gitlab_execute_action"), `README.md line ${s.line}`);
    const result = (await client.callTool({ name: "gitlab_execute_action", arguments: { action: "branch.list", params: { project_id: 42 } } })) as CallToolResult;
    assert.equal(result.isError, undefined, `README.md line ${s.line}: ${JSON.stringify(result.content)}`);
  } finally {
    await client.close();
  }
  const carried = sim.log.filter((r) => r.headers["private-token"] === SIM_TOKEN || r.headers.authorization === `Bearer ${SIM_TOKEN}`);
  assert.ok(carried.length > 0 && carried.length === sim.log.length, `README.md line ${s.line}: every request to GitLab carried the token`);
}

describe(`README "${SECTION.slice(3)}"`, () => {
  // Read inside each test, so that a malformed section fails tests rather than the file's loading.
  const all = () => snippets();
  const server = () => all().find((s) => s.client === "server")!;
  const clients = (transport: "stdio" | "http") => all().filter((s) => s.client !== "server" && s.transport === transport);

  it("holds one snippet per client and transport listed here, and no other", () => {
    assert.deepEqual(all().map((s) => `${s.client} ${s.transport} ${s.lang}`).sort(), [...SNIPPETS].sort());
  });

  it("no client configuration sits outside the section", () => {
    const outside = readme.replace(readme.slice(readme.indexOf(SECTION), readme.indexOf("\n## ", readme.indexOf(SECTION) + 1)), "");
    for (const block of outside.match(/^```[\s\S]*?^```/gm) ?? [])
      assert.ok(!/mcpServers|mcp_servers|"servers"|claude mcp add/.test(block), `a client configuration outside "${SECTION}":\n${block}`);
  });

  it("the HTTP server command is accepted and listens where the HTTP snippets point", () => {
    const { env, args } = serverCommand(server());
    const command = parseCommand(args, env);
    assert.equal(command.kind, "serve");
    if (command.kind !== "serve") return;
    assert.equal(command.config.transport, "http");
    assert.equal(command.config.httpAddr, "127.0.0.1:8080");
    assert.match(command.config.gitlabUrl, /^https:\/\//);
    for (const s of clients("http")) {
      const launch = launchOf(s);
      assert.equal(launch.kind, "http");
      if (launch.kind === "http") assert.equal(launch.url, `http://${command.config.httpAddr}/mcp`, `README.md line ${s.line}`);
    }
  });

  it("stdio snippets run the installed command with known variables, GITLAB_URL and GITLAB_TOKEN set, and flags it accepts", () => {
    for (const s of clients("stdio")) {
      const where = `README.md line ${s.line} (${s.client})`;
      const launch = launchOf(s);
      assert.equal(launch.kind, "stdio", where);
      if (launch.kind !== "stdio") continue;
      assert.equal(launch.command, BIN, `${where}: the command package.json's bin installs`);
      for (const name of Object.keys(launch.env)) assert.ok(KNOWN_VARIABLES.has(name), `${where}: ${name} is not a variable the server reads`);
      assert.match(launch.env.GITLAB_URL ?? "", /^https:\/\/[^/]+/, `${where}: GITLAB_URL`);
      assert.equal(launch.env.GITLAB_TOKEN, SIM_TOKEN, `${where}: GITLAB_TOKEN carries the token`);
      const command = parseCommand(launch.args, launch.env);
      assert.ok(command.kind === "serve" && command.config.transport === "stdio" && command.config.token === SIM_TOKEN, where);
    }
  });

  describe("used as written, against the simulator", () => {
    let sim: GitLabSimulator | undefined;
    let bin: string | undefined;
    let http: ChildProcess | undefined;
    let address: string;
    before(async () => {
      const { args } = serverCommand(server());
      sim = await GitLabSimulator.start();
      sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
      sim.addBranch(42, { name: "main" });
      // The installed command, on a PATH of its own.
      bin = mkdtempSync(join(tmpdir(), "gitlab-mcp-bin-"));
      symlinkSync(CLI, join(bin, BIN));
      const port = args.indexOf("--http-addr") + 1;
      const child = spawn(join(bin, BIN), args.map((a, i) => (i === port ? "127.0.0.1:0" : a)), { env: { PATH: process.env.PATH ?? "", GITLAB_URL: sim.url } });
      http = child;
      address = await new Promise<string>((resolve, reject) => {
        let err = "";
        child.stderr.on("data", (c: Buffer) => {
          err += c.toString();
          const m = /"address":"([^"]+)"/.exec(err);
          if (m) resolve(m[1]);
        });
        child.once("exit", () => reject(new Error(`HTTP server exited: ${err}`)));
      });
    });
    after(async () => {
      http?.kill();
      await sim?.close();
      if (bin) rmSync(bin, { recursive: true, force: true });
    });

    it("each stdio snippet starts the server, which lists its tools and runs a call with the snippet's token", async () => {
      for (const s of clients("stdio")) {
        const launch = launchOf(s);
        if (launch.kind !== "stdio") continue;
        const env = { ...launch.env, GITLAB_URL: sim!.url, PATH: `${bin}:${process.env.PATH ?? ""}` };
        const client = new Client({ name: `readme-${s.client}`, version: "1" });
        await client.connect(new StdioClientTransport({ command: launch.command, args: launch.args, env, stderr: "ignore" }));
        await listAndCall(sim!, client, s);
      }
    });

    it("each HTTP snippet's endpoint and header reach the HTTP server, which lists its tools and runs a call with that token", async () => {
      for (const s of clients("http")) {
        const launch = launchOf(s);
        if (launch.kind !== "http") continue;
        const url = new URL(launch.url);
        url.host = address;
        const client = new Client({ name: `readme-${s.client}`, version: "1" });
        await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: launch.headers } }));
        await listAndCall(sim!, client, s);
      }
    });
  });
});
