// Parses GitLab's pagination headers into the one pagination model of FMT-5 (REST offset, with the
// keyset cursor of Appendix B when GitLab's Link header names a next page) and GraphQL pageInfo.
import type { CursorPagination, PageReport, RestPagination } from "../markdown/writer.js";
import type { HeaderReader } from "./transport.js";

const int = (v: string | null): number | undefined => {
  if (v === null || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isInteger(n) ? n : undefined;
};

/** The `rel="next"` target of a Link header, if any. */
export function nextLink(link: string | null): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(",")) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part.trim());
    if (m) return m[1];
  }
  return undefined;
}

/**
 * REST pagination from headers; `requested` fills page/per_page when GitLab sent nothing. `lowerBound`
 * (search, whose API sends no totals): total_items is this page's count and total_pages next_page, or
 * page on the last one, both lower bounds deduced from what arrived (FMT-5); the Markdown still says
 * no total, since GitLab sent none.
 */
export function restPage(headers: HeaderReader, shown: number, requested: { page?: number; per_page?: number }, lowerBound = false): PageReport {
  const page = int(headers.get("x-page"));
  const perPage = int(headers.get("x-per-page"));
  const total = int(headers.get("x-total"));
  const totalPages = int(headers.get("x-total-pages"));
  const next = int(headers.get("x-next-page"));
  const prev = int(headers.get("x-prev-page"));
  const link = nextLink(headers.get("link"));
  const pagination: RestPagination = {
    page: page ?? requested.page ?? 1,
    per_page: perPage ?? requested.per_page ?? shown,
    total_items: total ?? 0,
    total_pages: totalPages ?? 0,
    next_page: next ?? 0,
    prev_page: prev ?? 0,
    has_more: next !== undefined || (page === undefined && link !== undefined),
  };
  if (lowerBound && total === undefined) {
    pagination.total_items = shown;
    pagination.total_pages = pagination.next_page || pagination.page;
  }
  // Keyset pagination: no page numbers, the Link header carries the cursor (Appendix B).
  if (page === undefined && link) {
    const cursor = keysetCursor(link);
    if (cursor) pagination.next_cursor = cursor;
  }
  return {
    pagination,
    hasTotal: total !== undefined,
    hasTotalPages: totalPages !== undefined,
    reported: page !== undefined || total !== undefined || perPage !== undefined || link !== undefined,
  };
}

/** The query string of a keyset Link target, minus what the caller sends anyway. */
function keysetCursor(link: string): string | undefined {
  try {
    const url = new URL(link);
    const q = new URLSearchParams(url.search);
    for (const k of ["per_page", "pagination", "private_token"]) q.delete(k);
    const s = q.toString();
    return s.length > 0 ? s : undefined;
  } catch {
    return undefined;
  }
}

/** GraphQL pageInfo to the cursor pagination object. */
export function cursorPage(pageInfo: Record<string, unknown> | undefined, backward = false): PageReport {
  const pagination: CursorPagination = {
    has_next_page: pageInfo?.hasNextPage === true,
    end_cursor: typeof pageInfo?.endCursor === "string" ? pageInfo.endCursor : null,
    has_previous_page: pageInfo?.hasPreviousPage === true,
    start_cursor: typeof pageInfo?.startCursor === "string" ? pageInfo.startCursor : null,
  };
  return { pagination, hasTotal: false, hasTotalPages: false, reported: pageInfo !== undefined, backward };
}
