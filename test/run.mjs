// `npm test`: builds with tsc, checks that generated/ matches catalog.yaml, then runs every compiled
// test file with node's test runner (whose closing summary CI reads).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run("npm", ["run", "-s", "build"]);
run("npm", ["run", "-s", "codegen:check"]);
run("npm", ["run", "-s", "lint"]);

const files = readdirSync(join(root, "dist/test"), { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".test.js") && (process.argv.length <= 2 || process.argv.slice(2).some((a) => f.includes(a))))
  .map((f) => join("dist/test", f))
  .sort();
// No test can hang the run: each test (and hook) has five minutes, and a file whose tests are done but
// whose handles stay open (a server a failed cleanup left running) is ended rather than waited on.
run(process.execPath, ["--test", "--test-timeout=300000", "--test-force-exit", ...files]);
