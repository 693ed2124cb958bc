// The compact reporter of `npm test` (test/reporter.mjs, issue 28): node's test runner runs three small
// files through it, and the output has one line per file, the failure in full, the skip's reason, and
// the closing counts CI reads.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";

const REPORTER = new URL("../../../test/reporter.mjs", import.meta.url).pathname;

describe("npm test's compact reporter (issue 28)", () => {
  const dir = mkdtempSync(join(tmpdir(), "reporter-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "green.test.mjs"), `import { describe, it } from "node:test";\ndescribe("suite", () => { it("one", () => {}); it("two", () => {}); });\nit("three", () => { console.log("chatter a passing test prints"); });\n`);
  writeFileSync(join(dir, "red.test.mjs"), `import { it } from "node:test";\nimport assert from "node:assert/strict";\nit("passes", () => {});\nit("compares", () => { assert.equal("got this", "wanted that"); });\n`);
  writeFileSync(join(dir, "skips.test.mjs"), `import { describe, it } from "node:test";\ndescribe("replicas", { skip: "redis-server is not installed" }, () => { it("x", () => {}); });\nit("notes", (t) => { t.diagnostic("judge: 5 scenarios passed"); });\n`);
  // Without NODE_TEST_CONTEXT: that variable makes a runner started inside a test report to its parent.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "NODE_TEST_CONTEXT"));
  // As test/run.mjs runs it: --test-force-exit may end the process right after node's last count.
  const r = spawnSync(process.execPath, ["--test", "--test-force-exit", `--test-reporter=${REPORTER}`, "green.test.mjs", "red.test.mjs", "skips.test.mjs"], { cwd: dir, encoding: "utf8", env });
  const lines = r.stdout.split("\n");

  it("one line per file, with its counts", () => {
    assert.match(r.stdout, /^✔ green\.test\.mjs {2}3 passed {2}\(\d+\.\d s\)$/m);
    assert.match(r.stdout, /^✖ red\.test\.mjs {2}1 passed, 1 failed {2}\(\d+\.\d s\)$/m);
    assert.match(r.stdout, /^✔ skips\.test\.mjs {2}1 passed, 1 skipped {2}\(\d+\.\d s\)$/m);
    assert.ok(!r.stdout.includes("chatter"), "a passing test's output is not repeated");
  });

  it("a failure in full: its name, the error and where", () => {
    assert.match(r.stdout, /^ {2}✖ compares \(\d+\.\d s\)$/m);
    assert.match(r.stdout, /'got this'/);
    assert.match(r.stdout, /'wanted that'/);
    assert.match(r.stdout, /red\.test\.mjs:4/);
  });

  it("why a test was skipped, and what a test noted on purpose", () => {
    assert.match(r.stdout, /ℹ skipped: redis-server is not installed/);
    assert.match(r.stdout, /ℹ judge: 5 scenarios passed/);
  });

  it("the closing counts CI reads, and a plain line with the time", () => {
    assert.equal(r.status, 1);
    assert.ok(lines.includes("# pass 5"), r.stdout);
    assert.ok(lines.includes("# fail 1"), r.stdout);
    assert.match(r.stdout, /^5 passed, 1 failed, \d+ skipped, 0 cancelled in \d+\.\d s$/m);
    assert.ok(r.stdout.split("\n").length < 40, "compact");
  });
});
