// `npm run build`, after tsc: packages the compiled runtime into the command package.json's bin names.
//   dist/runtime/server.cjs               the server (dist/runtime/cli.js and its dependencies), one file
//   dist/runtime/gitlab-mcp-server.cjs    the command: loads server.cjs with V8's code cache
//   dist/runtime/server.cjs[.<flags>].cache  that cache, one per way of starting (launcher.cts), each
//                                         written by a warm-up run of the command
//   dist/runtime/domains/<domain>.cjs     a domain's validators, formatters and output schemas, which
//                                         the server requires the first time one of its actions runs
//   dist/runtime/ioredis.cjs              the Redis client, required only when GITLAB_MCP_REDIS_URL is set
//   dist/runtime[/domains]/data/*.json    the generated catalog data those bundles read (dataAsJson)
// CommonJS because Node 20 can use a code cache only for a script it compiles through node:vm; code
// only --http needs sits in lazily initialised modules, so a stdio start evaluates none of it.
import { build, type Plugin } from "esbuild";
import { spawn } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { isDeepStrictEqual } from "node:util";

const root = new URL("../", import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { version: string };
const out = `${root}dist/runtime`;
const command = `${out}/gitlab-mcp-server.cjs`;

const common = { bundle: true, format: "cjs", platform: "node", target: "node20", minify: true, keepNames: true, logLevel: "warning" } as const;

/** generated/domains/index.js imports each domain module: in the bundle, that becomes require("./domains/<d>.cjs"). */
const domainsExternal: Plugin = {
  name: "domains-external",
  setup(b) {
    b.onResolve({ filter: /^\.\/[a-z_]+\.js$/ }, (args) =>
      args.importer.endsWith("/generated/domains/index.js") ? { path: `./domains/${args.path.slice(2, -3)}.cjs`, external: true } : undefined,
    );
  },
};

/** The import of ioredis (http/redis.ts, HTTP mode with Redis only) becomes a require of its own bundle. */
const redisExternal: Plugin = {
  name: "redis-external",
  setup(b) {
    b.onResolve({ filter: /^ioredis$/ }, () => ({ path: "./ioredis.cjs", external: true }));
  },
};

/**
 * The generated catalog data (registry, schemas, and each domain's formatters and output schemas) is
 * written for reviewers as TypeScript object literals. The bundle reads it from a JSON file beside it
 * instead: V8 parses JSON several times faster than it evaluates the same literals, and data kept out
 * of the script keeps the code cache small (inlined, the data made the cache 4x larger and slower to
 * load at the full catalog). `dir` is where the bundle being built lives. A value that would not
 * survive JSON fails the build.
 */
const dataAsJson = (dir: string): Plugin => ({
  name: "data-as-json",
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/]generated[\\/](registry|schemas|domains[\\/][a-z_]+)\.js$/ }, async (args) => {
      if (args.path.endsWith("index.js")) return undefined;
      const module = (await import(args.path)) as Record<string, unknown>;
      const base = args.path.split("/").pop()!.replace(/\.js$/, "");
      const data: Record<string, unknown> = {};
      const lines: string[] = [];
      for (const [name, value] of Object.entries(module)) {
        if (name === "inputValidators") {
          lines.push(`export { inputValidators } from "./${base}.validators.js";`);
          continue;
        }
        if (!isDeepStrictEqual(JSON.parse(JSON.stringify(value)), value)) throw new Error(`${args.path}: export ${name} does not survive JSON`);
        data[name] = value;
        lines.push(`export const ${name} = data.${name};`);
      }
      mkdirSync(`${dir}/data`, { recursive: true });
      writeFileSync(`${dir}/data/${base}.json`, JSON.stringify(data));
      lines.unshift(`const data = JSON.parse(require("node:fs").readFileSync(require("node:path").join(__dirname, "data", "${base}.json"), "utf8"));`);
      return { contents: lines.join("\n"), loader: "js", resolveDir: dirname(args.path) };
    });
  },
});

rmSync(`${out}/domains`, { recursive: true, force: true });
rmSync(`${out}/data`, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: [`${out}/cli.js`],
  outfile: `${out}/server.cjs`,
  plugins: [domainsExternal, redisExternal, dataAsJson(out)],
  // import() of a domain module becomes a require() of its file beside server.cjs.
  supported: { "dynamic-import": false },
  // The runtime is written as ES modules: give the few import.meta.url readers the CommonJS equivalent.
  define: { __PACKAGE_VERSION__: JSON.stringify(version), "import.meta.url": "__import_meta_url" },
  banner: { js: 'var __import_meta_url = require("node:url").pathToFileURL(__filename).href;' },
});
// The Redis client, bundled on its own: required only when GITLAB_MCP_REDIS_URL is set, so a process
// without it never reads or compiles that code, and the installed package still needs no dependency.
await build({ ...common, entryPoints: [`${root}node_modules/ioredis/built/index.js`], outfile: `${out}/ioredis.cjs` });
const domainDir = `${root}dist/generated/domains`;
await build({
  ...common,
  entryPoints: readdirSync(domainDir).filter((f) => /^[a-z_]+\.js$/.test(f) && f !== "index.js").map((f) => `${domainDir}/${f}`),
  outdir: `${out}/domains`,
  outExtension: { ".js": ".cjs" },
  plugins: [dataAsJson(`${out}/domains`)],
});
// The guides of gitlab://guides/* (BEHAVIOR §7.2), read from disk only when a client asks for one.
cpSync(`${root}runtime/resources/guides`, `${out}/data/guides`, { recursive: true });
await build({
  ...common,
  entryPoints: [`${root}runtime/launcher.cts`],
  outfile: command,
  banner: { js: "#!/usr/bin/env -S node --max-semi-space-size=2" },
});
chmodSync(command, 0o755);

// Warm-up: a stdio session that initializes, lists tools and resources and asks the finder, with no
// token and an unreachable GitLab (nothing is sent: no token, no scope check). The command writes the
// code cache of everything compiled by then as it exits. Once through the shebang (the installed
// command), once as `node <command>`.
const messages = [
  { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "build", version } } },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
  { jsonrpc: "2.0", id: 3, method: "resources/list", params: {} },
  { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "gitlab_find_action", arguments: { query: "list merge requests" } } },
];
for (const f of readdirSync(out).filter((f) => f.startsWith("server.cjs.") && f.endsWith(".cache"))) rmSync(`${out}/${f}`);
for (const [file, args] of [[command, []], [process.execPath, [command]]] as const) {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, {
      env: { PATH: process.env.PATH ?? "", GITLAB_URL: "http://127.0.0.1:9", GITLAB_MCP_LOG_LEVEL: "error", GITLAB_MCP_BUILD_CODE_CACHE: "1" },
      stdio: ["pipe", "pipe", "inherit"],
    });
    let answered = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      answered += chunk.toString().split("\n").filter((l) => l.includes('"id"')).length;
      if (answered >= 4) child.stdin.end();
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`code-cache warm-up exited with ${code}`))));
    child.stdin.write(messages.map((m) => JSON.stringify(m)).join("\n") + "\n");
  });
}
const caches = readdirSync(out).filter((f) => f.startsWith("server.cjs.") && f.endsWith(".cache"));
if (caches.length !== 2 || caches.some((f) => statSync(`${out}/${f}`).size === 0)) throw new Error(`code-cache warm-up wrote ${caches.join(", ") || "nothing"}, expected two caches`);
