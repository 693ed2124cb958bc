// Lists GitLab pages by keyset (audit events: offset pagination is deprecated there and goes in 19.0).
// Unless the caller asks for a page number, the request carries pagination=keyset, order_by=id and the
// sort. GitLab's Link header names the next page; its query (less per_page and pagination) is the
// next_cursor of the answer (BEHAVIOR Appendix B), and the same action takes it back as `cursor` to read
// on: a cursor holding `key=value` pairs is spread into the query, a bare one is sent as GitLab's cursor.
import { GitLabResponseError } from "../gitlab/errors.js";
import { restPage } from "../gitlab/pagination.js";
import type { Procedure } from "./types.js";

export const keysetList: Procedure = async ({ action, call, ctx, params, list }) => {
  const query: Record<string, unknown> = { ...call.query };
  const keyset = params.pagination !== "offset" && params.page === undefined;
  if (keyset) {
    query.pagination = "keyset";
    query.order_by = "id";
    query.sort = params.sort ?? "desc";
    const cursor = typeof params.cursor === "string" ? params.cursor : undefined;
    if (cursor && cursor.includes("=")) for (const [k, v] of new URLSearchParams(cursor)) query[k] = v;
    else if (cursor) query.cursor = cursor;
  }
  const answer = await ctx.client.rest({ ...call, query });
  if (!Array.isArray(answer.body)) throw new GitLabResponseError("a list was expected");
  const items = answer.body as unknown[];
  const page = restPage(answer.headers, items.length, { page: params.page as number | undefined, per_page: params.per_page as number | undefined });
  const outcome = list(items, page, answer.size);
  const next = "next_cursor" in page.pagination ? page.pagination.next_cursor : undefined;
  if (outcome.kind !== "success" || !next) return outcome;
  // Markdown-only clients see the cursor too (§10.3): a line after the table, before the next steps.
  const line = `Next page: call '${action.id}' again with the same filters and cursor \`${next}\`.`;
  const cut = outcome.markdown.indexOf("\n\n---\n");
  const markdown = cut >= 0 ? `${outcome.markdown.slice(0, cut)}\n\n${line}${outcome.markdown.slice(cut)}` : `${outcome.markdown}\n\n${line}`;
  return { ...outcome, markdown };
};
