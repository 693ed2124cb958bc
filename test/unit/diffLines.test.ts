// Placing a line of a file's diff for an inline comment (runtime/procedures/diff_lines.ts), and the
// globs of exclude_paths (runtime/procedures/diff_page.ts).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { placeLine } from "../../runtime/procedures/diff_lines.js";
import { globMatcher } from "../../runtime/procedures/diff_page.js";

// Two hunks: line 3 replaced by two lines, then old line 20 removed.
const DIFF = ["@@ -1,5 +1,6 @@", " one", " two", "-three", "+three a", "+three b", " four", " five", "@@ -18,4 +19,3 @@", " eighteen", " nineteen", "-twenty", " twenty-one", ""].join("\n");

describe("placeLine", () => {
  it("an added line is named by its new number alone", () => {
    assert.deepEqual(placeLine(DIFF, "new", 4), { new_line: 4 });
  });
  it("a removed line by its old number alone", () => {
    assert.deepEqual(placeLine(DIFF, "old", 3), { old_line: 3 });
    assert.deepEqual(placeLine(DIFF, "old", 20), { old_line: 20 });
  });
  it("an unchanged line in a hunk gets both numbers", () => {
    assert.deepEqual(placeLine(DIFF, "new", 5), { old_line: 4, new_line: 5 });
    assert.deepEqual(placeLine(DIFF, "old", 21), { old_line: 21, new_line: 21 });
  });
  it("a line between or after hunks is shifted by the hunks before it", () => {
    assert.deepEqual(placeLine(DIFF, "new", 10), { old_line: 9, new_line: 10 });
    assert.deepEqual(placeLine(DIFF, "old", 9), { old_line: 9, new_line: 10 });
    assert.deepEqual(placeLine(DIFF, "new", 40), { old_line: 40, new_line: 40 });
  });
  it("a line before the first hunk is unchanged and unshifted", () => {
    assert.deepEqual(placeLine("@@ -10,2 +10,3 @@\n ten\n+new\n eleven\n", "new", 3), { old_line: 3, new_line: 3 });
  });
});

describe("globMatcher", () => {
  it("a glob without a slash matches the file name in any folder", () => {
    assert.ok(globMatcher("*.lock")("yarn.lock"));
    assert.ok(globMatcher("*.lock")("web/yarn.lock"));
    assert.ok(!globMatcher("*.lock")("lock.ts"));
  });
  it("* stays within a folder and ** crosses folders", () => {
    assert.ok(globMatcher("dist/*.js")("dist/app.js"));
    assert.ok(!globMatcher("dist/*.js")("dist/sub/app.js"));
    assert.ok(globMatcher("dist/**/*.js")("dist/sub/app.js"));
    assert.ok(globMatcher("dist/**/*.js")("dist/app.js"));
    assert.ok(globMatcher("vendor/**")("vendor/a/b.go"));
  });
});
