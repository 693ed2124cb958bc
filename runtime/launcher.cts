// The gitlab-mcp-server command (package.json bin): loads the bundled server, server.cjs beside it, with
// V8's code cache. Compiling the bundle, and then every function a start-up runs, was the
// largest cost between spawn and the first tools/list (issue 5: 300 ms budget); the cache written at
// build time (codegen/bundle.ts) holds that compiled code. Node 20 has no compile cache for require()
// or ES modules, hence this loader. A cache V8 refuses (another Node or V8 version, other flags, a
// rebuilt bundle) is simply not used: the server then compiles as usual, only slower.
//
// V8 also refuses a cache made under other flags, so there is one cache per way of starting the
// server, named after Node's flags: the installed command runs through its shebang, which caps the
// young generation at 2 MiB per semi-space (peak memory after 300 list calls 65 instead of 80 MiB
// today, 72 instead of 107 MiB at the full catalog: the server allocates many short-lived response
// objects), and `node …/gitlab-mcp-server.cjs` runs with no flags. The build warms both up; any other
// flags find no cache.
import { readFileSync, writeFileSync } from "node:fs";
import Module from "node:module";
import { join } from "node:path";
import { Script } from "node:vm";

const bundle = join(__dirname, "server.cjs");
const flags = process.execArgv.join(" ").replace(/[^A-Za-z0-9=.-]+/g, "_").slice(0, 100);
const cacheFile = join(__dirname, flags ? `server.cjs.${flags}.cache` : "server.cjs.cache");

/** Set by the build's warm-up run only: write the code cache when the process exits. */
const writeCache = process.env.GITLAB_MCP_BUILD_CODE_CACHE === "1";

let cachedData: Buffer | undefined;
if (!writeCache) {
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // No cache shipped (an unbundled build): compile as usual.
  }
}
const script = new Script(Module.wrap(readFileSync(bundle, "utf8")), { filename: bundle, cachedData });
/** How the code cache fared, for the start-up log line (debug level). */
(globalThis as { __gitlabMcpCodeCache?: string }).__gitlabMcpCodeCache = cachedData === undefined ? "none" : script.cachedDataRejected ? "rejected" : "used";
if (writeCache) {
  process.once("exit", () => {
    try {
      writeFileSync(cacheFile, script.createCachedData());
    } catch (e) {
      process.stderr.write(`gitlab-mcp-server: could not write the code cache ${cacheFile}: ${(e as Error).message}\n`);
      process.exitCode = 1;
    }
  });
}

const wrapper = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
const module = { exports: {}, filename: bundle, id: bundle, loaded: false };
wrapper.call(module.exports, module.exports, Module.createRequire(bundle), module, bundle, __dirname);
