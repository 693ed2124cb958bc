// The response size budget for lists (BEHAVIOR §6.6): when a page's Markdown or JSON is larger than
// GITLAB_MCP_MAX_RESPONSE_BYTES, rows are cut so that both parts fit, in a way that resumes exactly after
// the last row shown (RES-19), and the cut is announced in both parts (RES-20). GitLab's own pagination
// stays as GitLab reported it (RES-21).
//
// Of RES-18's reduction order this implements step 2 for objects (cards and their JSON: the longest
// free-text fields are cut) and step 3 for lists (rows are cut). Step 1, cutting long table cells, and
// step 2 inside list rows are not built, so a page of very long rows loses rows sooner than it would need
// to. Nothing is ever dropped without the notice.

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

/** Whether either part of a result is over the budget (RES-17); JSON from a GitLab body well within it is not measured again. */
export const overBudget = (r: ReturnType<Render>, budget: number, sourceBytes?: number) =>
  Buffer.byteLength(r.markdown) > budget || ((sourceBytes === undefined || sourceBytes + 4096 >= budget) && Buffer.byteLength(JSON.stringify(r.structured)) > budget);

/**
 * Whether a rendering fits. The JSON of structuredContent holds GitLab's own values, and JSON.stringify
 * writes them no longer than GitLab's JSON did: when the body GitLab sent (`sourceBytes`) was under the
 * budget with room for our few fields, the JSON cannot be over it and only the Markdown, cheap to
 * measure, is measured. Otherwise both parts are.
 */
function fits(r: ReturnType<Render>, budget: number, sourceBytes?: number): boolean {
  return sourceBytes !== undefined && sourceBytes + 4096 < budget ? Buffer.byteLength(r.markdown) <= budget : bytes(r) <= budget;
}

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
  if (fits(full, budget, sourceBytes)) return full;
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

/** The fields RES-18 step 2 may cut: text people or files wrote. Identifiers, URLs and states never are. */
const FREE_TEXT = new Set(["description", "body", "content", "diff", "message", "note", "trace", "log"]);

/** What a cut of an object's text adds to structuredContent (RES-20). It cannot be resumed: no continuation. */
export interface TextTruncation {
  readonly reason: "response_size";
  readonly unit: "bytes";
  readonly shown: number;
  readonly total: number;
}

/** A rendering of an object (with some text cut), with or without the cut announced. */
export type ObjectRender = (obj: Record<string, unknown>, truncation?: TextTruncation) => { markdown: string; structured: Record<string, unknown> };

/** The Markdown line that announces a cut of an object's text (RES-20). */
export const textNotice = (t: TextTruncation) =>
  `⚠️ Truncated: showing ${t.shown} of ${t.total} bytes of its longest text to stay within the response size limit.`;

type Path = readonly (string | number)[];

/**
 * The texts an object may lose bytes of: its free-text fields, and any other string longer than
 * LONG_FIELD (a 100 KB commit title is cut like a description, rather than sent whole over the budget).
 * Identifiers, URLs and states are never that long, so they stay whole (RES-18).
 */
function freeText(value: unknown, path: Path, out: { path: Path; text: string }[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => freeText(v, [...path, i], out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === "string" && (FREE_TEXT.has(k) || v.length > LONG_FIELD)) out.push({ path: [...path, k], text: v });
      else freeText(v, [...path, k], out);
    }
  }
}

const LONG_FIELD = 2048;

function replaced(value: unknown, path: Path, text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, text) : v));
  const o = value as Record<string, unknown>;
  return { ...o, [head]: replaced(o[head], rest, text) };
}

/** The first `bytes` bytes of a text, ending on a character boundary. */
function head(text: string, bytes: number): string {
  return Buffer.from(text).subarray(0, bytes).toString("utf8").replace(/\uFFFD$/, "");
}

/**
 * RES-18 step 2 for an object: when its card or JSON is over the budget, the longest free-text fields
 * are cut, each with the suffix `… [truncated <n> bytes]`, until both parts fit (or no text is left to
 * cut: lists inside an object are not cut here). The cut is announced in both parts (RES-20).
 */
export function fitObject(render: ObjectRender, obj: Record<string, unknown>, budget: number, sourceBytes?: number): ReturnType<ObjectRender> {
  const full = render(obj);
  if (fits(full, budget, sourceBytes)) return full;
  const texts = [] as { path: Path; text: string }[];
  freeText(obj, [], texts);
  const size = texts.map((t) => Buffer.byteLength(t.text));
  const keep = [...size];
  let last = full;
  for (let round = 0; round < 4 * texts.length + 4; round++) {
    let current: unknown = obj;
    const cut = texts.map((t, i) => keep[i] < size[i]);
    texts.forEach((t, i) => {
      if (cut[i]) current = replaced(current, t.path, `${head(t.text, keep[i])}… [truncated ${size[i] - keep[i]} bytes]`);
    });
    const truncation: TextTruncation | undefined = cut.some(Boolean)
      ? { reason: "response_size", unit: "bytes", shown: keep.reduce((s, k, i) => s + (cut[i] ? k : 0), 0), total: size.reduce((s, n, i) => s + (cut[i] ? n : 0), 0) }
      : undefined;
    last = render(current as Record<string, unknown>, truncation);
    const over = bytes(last) - budget;
    if (over <= 0) return last;
    // Shorten the longest text still kept by what is over, and a little for the suffix and escaping.
    const longest = keep.reduce((best, k, i) => (k > keep[best] ? i : best), 0);
    if (texts.length === 0 || keep[longest] === 0) break;
    keep[longest] = Math.max(0, keep[longest] - over - 64);
  }
  return last;
}
