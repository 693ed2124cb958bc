// REST pagination exactly as GitLab emits it.
//
// Offset pagination: Gitlab::Pagination::OffsetPagination + OffsetHeaderBuilder
// (lib/gitlab/pagination/offset_pagination.rb, offset_header_builder.rb) on top
// of Kaminari (default per_page 20, max_per_page 100):
//   x-per-page, x-page, x-next-page ("" when none), x-prev-page ("" when none),
//   link (rel prev / next / first / last), x-total, x-total-pages.
// For ActiveRecord relations whose count exceeds 10,000 rows GitLab switches to
// `without_count`: x-total, x-total-pages and rel="last" are omitted
// (doc/api/rest/_index.md "Pagination response headers"). Arrays (for example
// the Gitaly branch list) always carry the totals.
//
// Keyset pagination: Gitlab::Pagination::Keyset::HeaderBuilder only sets
// `link: <...>; rel="next"`.
//
// Every link is the request URL with its query replaced by ALL request params
// (route params such as `id` and declared defaults such as page=1, per_page=20
// included) merged with the page params, rendered by Rails' Hash#to_query
// (CGI-escaped, pairs sorted).
import type { ParamValue } from "./params.js";

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export interface LinkContext {
  /** scheme://host[:port] + raw request path, no query. */
  base: string;
  /** All request params (query + body + route), coerced where declared. */
  params: Record<string, ParamValue>;
}

/** Ruby's CGI.escape. */
export function cgiEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

function valueToQuery(value: ParamValue, key: string): string {
  if (Array.isArray(value)) {
    const prefix = `${key}[]`;
    if (value.length === 0) return `${cgiEscape(prefix)}=`;
    return value.map((v) => valueToQuery(v, prefix)).join("&");
  }
  if (value !== null && typeof value === "object") return toQuery(value, key);
  return `${cgiEscape(key)}=${cgiEscape(value === null ? "" : String(value))}`;
}

/** ActiveSupport Hash#to_query */
export function toQuery(params: Record<string, ParamValue>, namespace?: string): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const isEmptyContainer =
      (Array.isArray(value) && value.length === 0) ||
      (value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0);
    if (isEmptyContainer) continue;
    parts.push(valueToQuery(value, namespace ? `${namespace}[${key}]` : key));
  }
  if (!namespace?.includes("[]")) parts.sort();
  return parts.join("&");
}

export function pageHref(ctx: LinkContext, overrides: Record<string, ParamValue>): string {
  return `${ctx.base}?${toQuery({ ...ctx.params, ...overrides })}`;
}

/** Kaminari `per`: negatives and zero fall back to the default; capped at max_per_page. */
export function effectivePerPage(requested: number | undefined): number {
  if (requested === undefined || requested < 1) return DEFAULT_PER_PAGE;
  return Math.min(requested, MAX_PER_PAGE);
}

export interface OffsetHeaderInput {
  perPage: number | string;
  page: number;
  nextPage: number | null;
  prevPage: number | null;
  total?: number;
  totalPages?: number;
  withoutCounts?: boolean;
}

/** OffsetHeaderBuilder#execute */
export function offsetHeaders(ctx: LinkContext, o: OffsetHeaderInput): Record<string, string> {
  const links: string[] = [];
  const href = (page: number) => pageHref(ctx, { page, per_page: o.perPage });
  if (o.prevPage) links.push(`<${href(o.prevPage)}>; rel="prev"`);
  if (o.nextPage) links.push(`<${href(o.nextPage)}>; rel="next"`);
  links.push(`<${href(1)}>; rel="first"`);
  if (!o.withoutCounts) links.push(`<${href(o.totalPages ?? 1)}>; rel="last"`);
  const headers: Record<string, string> = {
    "x-per-page": String(o.perPage),
    "x-page": String(o.page),
    "x-next-page": o.nextPage ? String(o.nextPage) : "",
    "x-prev-page": o.prevPage ? String(o.prevPage) : "",
    link: links.join(", "),
  };
  if (!o.withoutCounts) {
    headers["x-total"] = String(o.total ?? 0);
    headers["x-total-pages"] = String(o.totalPages ?? 1);
  }
  return headers;
}

export interface Paged<T> {
  items: T[];
  headers: Record<string, string>;
}

/**
 * Kaminari page/per over a collection plus GitLab's offset headers.
 * `countLimit` set = the collection is an ActiveRecord relation (counts are
 * dropped above the limit); undefined = an Array (always counted).
 */
export function paginateOffset<T>(all: T[], pageParam: number, perPageParam: number, ctx: LinkContext, countLimit?: number): Paged<T> {
  const perPage = effectivePerPage(perPageParam);
  const page = pageParam < 1 ? 1 : pageParam;
  const offset = (page - 1) * perPage;
  const items = all.slice(offset, offset + perPage);
  if (countLimit !== undefined && all.length > countLimit) {
    const lastPage = all.length <= offset + perPage;
    const outOfRange = items.length === 0;
    const next = lastPage || outOfRange ? null : page + 1;
    const prev = page === 1 || outOfRange ? null : page - 1;
    return { items, headers: offsetHeaders(ctx, { perPage, page, nextPage: next, prevPage: prev, withoutCounts: true }) };
  }
  const total = all.length;
  const totalPages = Math.max(Math.ceil(total / perPage), 1);
  const outOfRange = page > Math.ceil(total / perPage);
  const next = page >= totalPages || outOfRange ? null : page + 1;
  const prev = page === 1 || outOfRange ? null : page - 1;
  return { items, headers: offsetHeaders(ctx, { perPage, page, nextPage: next, prevPage: prev, total, totalPages }) };
}

/** Keyset::HeaderBuilder#add_next_page_header */
export function keysetNextLink(ctx: LinkContext, cursorParams: Record<string, ParamValue>): Record<string, string> {
  return { link: `<${pageHref(ctx, cursorParams)}>; rel="next"` };
}
