// File reads (RES-31, RES-32) and submodule parsing, below the behaviour tables: binary detection, windows,
// cut reads, and the project a submodule URL names.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeText, describeContent, sniffType } from "../../runtime/procedures/fileContent.js";
import { parseGitmodules, projectOf } from "../../runtime/procedures/submodules.js";

const opts = { encoding: "text" as const, complete: true, budget: 64 * 1024, binaryHint: "hint" };

describe("file content", () => {
  it("NUL bytes or invalid UTF-8 make content binary, described and never shown", () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1]);
    assert.equal(decodeText(png), undefined);
    assert.equal(sniffType(png), "image/png");
    const d = describeContent(png, {}, { ...opts, encoding: "base64" });
    assert.equal(d.binary, true);
    assert.equal(d.content, png.toString("base64"));
    assert.equal(d.text, undefined);
    assert.equal(decodeText(Buffer.from([0xc3, 0x28])), undefined);
  });

  it("a read cut inside a multi-byte character is still text", () => {
    const cut = Buffer.from("día", "utf8").subarray(0, 2);
    assert.equal(decodeText(cut, true), "d");
  });

  it("windows: start_line and line_count, where to continue, a start past the end", () => {
    const text = Buffer.from("a\nb\nc\nd\n");
    const w = describeContent(text, { start_line: 2, line_count: 2 }, opts);
    assert.deepEqual([w.start_line, w.end_line, w.total_lines, w.next_start_line, w.content], [2, 3, 4, 4, "b\nc\n"]);
    const all = describeContent(text, {}, opts);
    assert.equal(all.next_start_line, undefined);
    assert.equal(all.content, "a\nb\nc\nd\n");
    const past = describeContent(text, { start_line: 9 }, opts);
    assert.match(String(past.notice), /the file has 4/);
  });

  it("a large file is cut at a line boundary within the budget", () => {
    const big = Buffer.from(Array.from({ length: 10_000 }, (_, i) => `line ${i}`).join("\n"));
    const w = describeContent(big, {}, { ...opts, budget: 10_000 });
    assert.ok(Buffer.byteLength(String(w.content)) <= 4_000);
    assert.equal(w.next_start_line, Number(w.end_line) + 1);
  });

  it("a read that stopped early does not show its last, partial line", () => {
    const w = describeContent(Buffer.from("one\ntwo\nthr"), {}, { ...opts, complete: false });
    assert.equal(w.content, "one\ntwo\n");
    assert.equal(w.total_lines, undefined);
  });
});

describe("submodules", () => {
  it(".gitmodules sections, quoted values and comments", () => {
    const subs = parseGitmodules('# deps\n[submodule "lib"]\n\tpath = vendor/lib\n\turl = "../lib.git"\n\tbranch = main\n[core]\n\tbare = false\n');
    assert.deepEqual(subs, [{ name: "lib", path: "vendor/lib", url: "../lib.git", branch: "main" }]);
  });

  it("the project a URL names: relative, HTTPS, SSH, another host", async () => {
    const parent = () => Promise.resolve("group/sub/app");
    const gitlab = "https://gitlab.example.com";
    assert.equal(await projectOf("../lib.git", gitlab, parent), "group/sub/lib");
    assert.equal(await projectOf("https://gitlab.example.com/other/lib.git", gitlab, parent), "other/lib");
    assert.equal(await projectOf("git@gitlab.example.com:other/lib.git", gitlab, parent), "other/lib");
    assert.equal(await projectOf("https://github.com/x/y.git", gitlab, parent), undefined);
  });
});
