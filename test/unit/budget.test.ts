// The row cut of the response size budget (RES-19): the rows shown divide the page offset, so that
// page = offset / rows + 2 with per_page = rows resumes right after the last row shown.
import assert from "node:assert/strict";
import { it } from "node:test";
import { fitRows, notice, resumableRows } from "../../runtime/budget.js";

it("the largest row count that fits and divides the offset", () => {
  const cases: [number, number, number][] = [
    [37, 0, 37],
    [37, 100, 25],
    [30, 60, 30],
    [7, 60, 6],
    [11, 13, 1],
  ];
  for (const [fit, offset, want] of cases) assert.equal(resumableRows(fit, offset), want, `${fit} rows at offset ${offset}`);
});

it("fits both parts, announces the cut and resumes exactly after it", () => {
  const rows = Array.from({ length: 40 }, (_, i) => `row-${String(i).padStart(2, "0")}-${"x".repeat(500)}`);
  const render = (k: number, t?: Parameters<typeof notice>[0]) => ({
    markdown: rows.slice(0, k).join("\n") + (t ? `\n${notice(t).line}` : ""),
    structured: { items: rows.slice(0, k), ...(t ? { truncation: t } : {}) },
  });
  const out = fitRows(render, 40, 16 * 1024, "branch.list", 3, 40, { project_id: 42, page: 3, per_page: 40 });
  const t = out.structured.truncation as { shown: number; continue_params: { page: number; per_page: number } };
  assert.ok(Buffer.byteLength(JSON.stringify(out.structured)) <= 16 * 1024 && Buffer.byteLength(out.markdown) <= 16 * 1024);
  assert.equal(80 % t.shown, 0, "the shown rows divide the offset of page 3");
  assert.equal((t.continue_params.page - 1) * t.continue_params.per_page, 80 + t.shown, "the continuation starts after the last row shown");
  assert.equal(notice(out.structured.truncation as never).step, `Use action 'branch.list' with project_id=42, page=${t.continue_params.page}, per_page=${t.shown} to continue`);
});

it("a page that fits is left whole", () => {
  const out = fitRows((k) => ({ markdown: "x".repeat(k), structured: { n: k } }), 10, 16 * 1024, "a.b", 1, 10, {});
  assert.deepEqual(out.structured, { n: 10 });
});
