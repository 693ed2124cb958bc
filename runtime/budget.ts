// The response size budget for lists (BEHAVIOR §6.6): when a page's Markdown or JSON is larger than
// GITLAB_MCP_MAX_RESPONSE_BYTES, rows are cut so that both parts fit, in a way that resumes exactly after
// the last row shown (RES-19), and the cut is announced in both parts (RES-20). GitLab's own pagination
// stays as GitLab reported it (RES-21).
//
// Of RES-18's reduction order this implements the last step, cutting rows; cutting long cells and long
// free text first (steps 1 and 2) is not built yet, so a page of very long rows loses rows sooner than
// it would need to. Nothing is ever dropped without the notice.

/** What a cut adds to structuredContent (RES-20). */
export interface Truncation {
  readonly reason: "response_size";
  readonly unit: "items";
  readonly shown: number;
  readonly total: number;
  readonly continue_with: string;
  readonly continue_params: Record<string, unknown>;
}

/** A rendering of the first `rows` rows of the page, with or without the cut announced. */
export type Render = (rows: number, truncation?: Truncation) => { markdown: string; structured: Record<string, unknown> };

const bytes = (r: ReturnType<Render>) => Math.max(Buffer.byteLength(r.markdown), Buffer.byteLength(JSON.stringify(r.structured)));

/** The largest k ≤ fit that divides the page offset, so that page = offset/k + 2 resumes after it (RES-19). */
export function resumableRows(fit: number, offset: number): number {
  for (let k = fit; k > 1; k--) if (offset % k === 0) return k;
  return 1;
}

/**
 * Renders the page within the budget. `page`/`perPage` locate the page GitLab returned; `params` are the
 * call's parameters, repeated in the continuation with the new page and per_page.
 */
export function fitRows(
  render: Render,
  rows: number,
  budget: number,
  id: string,
  page: number,
  perPage: number,
  params: Record<string, unknown>,
  sourceBytes?: number,
): ReturnType<Render> {
  const full = render(rows);
  if (rows <= 1) return full;
  // The rows of structuredContent are GitLab's own items, and JSON.stringify writes them no longer than
  // GitLab's JSON did: a page whose body was under the budget with room for our few fields cannot
  // serialise over it, and only the Markdown, cheap to measure, could. Others are measured in full.
  const small = sourceBytes !== undefined && sourceBytes + 4096 < budget;
  if (small ? Buffer.byteLength(full.markdown) <= budget : bytes(full) <= budget) return full;
  const offset = (page - 1) * perPage;
  const cut = (k: number): ReturnType<Render> => {
    const truncation: Truncation = {
      reason: "response_size",
      unit: "items",
      shown: k,
      total: rows,
      continue_with: id,
      continue_params: { ...params, page: offset / k + 2, per_page: k },
    };
    return render(k, truncation);
  };
  // The most rows that fit with the notice included. Rows are alike in size, so a proportional guess
  // lands within a row or two; a short walk from there finds the exact count with few renderings.
  const renders = new Map<number, { result: ReturnType<Render>; size: number }>();
  const attempt = (k: number) => {
    let r = renders.get(k);
    if (!r) renders.set(k, (r = { result: cut(k), size: 0 }));
    r.size ||= bytes(r.result);
    return r;
  };
  const size = (k: number) => attempt(k).size;
  let lo = Math.min(rows - 1, Math.max(1, Math.floor((rows * budget) / bytes(full))));
  while (lo > 1 && size(lo) > budget) lo = Math.max(1, Math.min(lo - 1, Math.floor((lo * budget) / size(lo))));
  while (lo + 1 < rows && size(lo + 1) <= budget) lo++;
  return attempt(resumableRows(lo, offset)).result;
}

/** The Markdown line and next step that announce a cut (RES-20). */
export function notice(t: Truncation): { line: string; step: string } {
  const params = Object.entries(t.continue_params)
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");
  return {
    line: `⚠️ Truncated: showing ${t.shown} of ${t.total} ${t.unit} of this page to stay within the response size limit.`,
    step: `Use action '${t.continue_with}' with ${params} to continue`,
  };
}
