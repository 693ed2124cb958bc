// `npm test`: builds with tsc, checks that generated/ matches catalog.yaml, lints, then runs every compiled
// test file with node's test runner. By default the output is compact (test/reporter.mjs: a line per file,
// failures in full, node's closing counts that CI reads); `npm test -- --verbose` or TEST_VERBOSE=1 prints
// node's whole log instead. Other arguments pick test files by a part of their path. Ends with the time taken.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const started = performance.now();
const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const verbose = args.includes("--verbose") || /^(1|true)$/i.test(process.env.TEST_VERBOSE ?? "");
const filters = args.filter((a) => a !== "--verbose");

const took = () => {
  const s = Math.round((performance.now() - started) / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
};
const run = (what, cmd, cmdArgs) => {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: "inherit" });
  if (r.status !== 0) {
    process.stderr.write(`npm test: ${what} failed after ${took()}\n`);
    process.exit(r.status ?? 1);
  }
};

run("build", "npm", ["run", "-s", "build"]);
run("codegen:check", "npm", ["run", "-s", "codegen:check"]);
run("lint", "npm", ["run", "-s", "lint"]);

const files = readdirSync(join(root, "dist/test"), { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".test.js") && (filters.length === 0 || filters.some((a) => f.includes(a))))
  .map((f) => join("dist/test", f))
  .sort();
// No test can hang the run: each test (and hook) has five minutes, and a file whose tests are done but
// whose handles stay open (a server a failed cleanup left running) is ended rather than waited on.
const reporter = verbose ? [] : [`--test-reporter=${join(root, "test/reporter.mjs")}`, "--test-reporter-destination=stdout"];
const r = spawnSync(process.execPath, ["--test", "--test-timeout=300000", "--test-force-exit", ...reporter, ...files], { cwd: root, stdio: "inherit" });
process.stdout.write(`npm test: ${files.length} test files, ${r.status === 0 ? "all passed" : "FAILED"}, in ${took()} (build, codegen:check and lint included)\n`);
process.exit(r.status ?? 1);
