// FMT-5's search exception: GitLab's search API sends no x-total/x-total-pages, so a list whose catalog
// entry says no_totals reports lower bounds: total_items is this page's count, total_pages next_page (or
// page on the last one). Other lists keep the 0 that says "GitLab sent no total".
import assert from "node:assert/strict";
import { it } from "node:test";
import { restPage } from "../../runtime/gitlab/pagination.js";
import { paginationLine, type RestPagination } from "../../runtime/markdown/writer.js";

const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name] ?? null });
const searchHeaders = (page: number, next: string) => headers({ "x-page": String(page), "x-per-page": "20", "x-next-page": next, "x-prev-page": page > 1 ? String(page - 1) : "" });

it("a search page with more to come: lower bounds from the page and next_page", () => {
  const report = restPage(searchHeaders(2, "3"), 20, {}, true);
  assert.deepEqual(report.pagination, { page: 2, per_page: 20, total_items: 20, total_pages: 3, next_page: 3, prev_page: 1, has_more: true });
  assert.equal(report.hasTotal, false);
  assert.equal(paginationLine(20, report), "Page 2 | 20 per page | more pages available");
});

it("the last search page: total_pages is the page itself", () => {
  const p = restPage(searchHeaders(4, ""), 7, {}, true).pagination as RestPagination;
  assert.deepEqual([p.page, p.total_items, p.total_pages, p.has_more], [4, 7, 4, false]);
});

it("totals GitLab did send win, and lists without no_totals keep 0", () => {
  const counted = headers({ "x-page": "1", "x-per-page": "20", "x-next-page": "2", "x-total": "55", "x-total-pages": "3" });
  assert.deepEqual([(restPage(counted, 20, {}, true).pagination as { total_items: number }).total_items], [55]);
  const plain = restPage(searchHeaders(1, "2"), 20, {});
  assert.deepEqual([(plain.pagination as { total_items: number }).total_items, (plain.pagination as { total_pages: number }).total_pages], [0, 0]);
});
