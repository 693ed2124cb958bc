// Pages a whole list GitLab answers at once (a file's blame, the submodules of .gitmodules) with the
// caller's page and per_page, reported as GitLab reports offset pages, so a long list stays resumable.
import { restPage } from "../gitlab/pagination.js";
import type { PageReport } from "../markdown/writer.js";

export function localPage<T>(all: readonly T[], params: Readonly<Record<string, unknown>>): { items: T[]; page: PageReport } {
  const perPage = typeof params.per_page === "number" ? params.per_page : 20;
  const totalPages = Math.max(1, Math.ceil(all.length / perPage));
  const page = typeof params.page === "number" ? params.page : 1;
  const items = all.slice((page - 1) * perPage, page * perPage);
  const headers: Record<string, string> = {
    "x-page": String(page),
    "x-per-page": String(perPage),
    "x-total": String(all.length),
    "x-total-pages": String(totalPages),
    "x-next-page": page < totalPages ? String(page + 1) : "",
    "x-prev-page": page > 1 ? String(page - 1) : "",
  };
  return { items, page: restPage({ get: (name) => headers[name] || null }, items.length, { page, per_page: perPage }) };
}
