// The escaping check of the output contract: only the writer (runtime/markdown/writer.ts) builds table
// rows and card rows. A row written by hand elsewhere would skip the escaping that keeps GitLab text
// from opening links, cells or headings, so this test fails on one.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { it } from "node:test";

const root = new URL("../../../", import.meta.url).pathname;
const WRITER = "runtime/markdown/writer.ts";
// A string literal that starts a table row ("| ...") or a card row ("- **Label**").
const ROW = /["'`](\|\s|- \*\*)/;

it("no file outside the writer builds a table or card row by hand", () => {
  const offenders: string[] = [];
  for (const dir of ["runtime", "generated"]) {
    for (const f of readdirSync(join(root, dir), { recursive: true }).map(String)) {
      const path = `${dir}/${f}`;
      if (!/\.(ts|js)$/.test(f) || path === WRITER) continue;
      readFileSync(join(root, path), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (ROW.test(line)) offenders.push(`${path}:${i + 1}: ${line.trim()}`);
        });
    }
  }
  assert.deepEqual(offenders, [], "build rows with the writer in runtime/markdown/writer.ts");
});
