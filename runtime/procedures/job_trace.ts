// job.trace (RES-22..RES-25): a window of a job's log, read while it streams. The body goes through the
// client's sink chunk by chunk; only the lines the window needs are kept (a ring for the tail, the
// requested range, or matches with their context), so a log of any size costs memory in proportion to
// the window, never to the log. At most 64 MiB are read; past that the line count is unknown.
import { nextStepsSection } from "../markdown/writer.js";
import type { Procedure } from "./types.js";
import { TraceWindow, type KeptLine } from "./traceWindow.js";

/** line_count's bound (RES-22). */
const MAX_LINES = 10_000;

/** A fence longer than any backtick or tilde run in the text (SAF-49). */
function fenced(body: string): string {
  const longest = Math.max(2, ...[...body.matchAll(/`+|~+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}\n${body}\n${fence}`;
}

const renderLine = (l: KeptLine, search: boolean) => (search ? `${l.n}${l.match ? ":" : "-"} ${l.text}` : l.text);

function contentOf(lines: readonly KeptLine[], search: boolean): string {
  const out: string[] = [];
  let prev = 0;
  for (const l of lines) {
    if (search && prev !== 0 && l.n > prev + 1) out.push("--");
    out.push(renderLine(l, search));
    prev = l.n;
  }
  return out.join("\n");
}

export const jobTrace: Procedure = async ({ params, ctx, call, steps }) => {
  if (params.tail_lines !== undefined && params.start_line !== undefined) {
    return { kind: "refusal", text: "job.trace: give tail_lines or start_line, not both (tail_lines reads the end of the log, start_line a range from that line)." };
  }
  const pattern = typeof params.pattern === "string" ? params.pattern : undefined;
  const search = pattern !== undefined;
  const budget = ctx.maxResponseBytes;
  const reader = new TraceWindow({
    tailLines: params.tail_lines as number | undefined,
    startLine: params.start_line as number | undefined,
    lineCount: params.line_count as number | undefined,
    pattern,
    contextLines: params.context_lines as number | undefined,
    raw: params.raw === true,
    keepBytes: budget,
  });
  ctx.progress?.("Reading the job log");
  await ctx.client.rest({ ...call, read: { sink: (chunk) => reader.push(chunk), restart: () => reader.reset() } });
  const w = reader.end();
  const jobId = params.job_id as number;
  const next = steps();

  // Fit both parts within the budget: drop the window's first lines until they do (RES-24 keeps the end).
  let lines = [...w.lines];
  const render = (shown: readonly KeptLine[]) => {
    const content = contentOf(shown, search);
    const first = shown[0]?.n ?? 0;
    const last = shown[shown.length - 1]?.n ?? 0;
    const clipped = w.droppedFront || shown.length < w.lines.length;
    const matches = search ? shown.filter((l) => l.match).map((l) => ({ line: l.n, text: l.text })) : undefined;
    const steps = [...next];
    let notice = "";
    let truncation: Record<string, unknown> | undefined;
    if (clipped && first > 1) {
      // The lines before the first one shown, at most 10,000 (line_count's bound), from the window's start.
      const windowStart = search ? ((params.start_line as number | undefined) ?? 1) : w.windowStart;
      const from = Math.max(1, windowStart, first - MAX_LINES);
      const more = { start_line: from, line_count: first - from, ...(search ? { pattern, context_lines: params.context_lines } : {}) };
      const continueParams = { project_id: params.project_id, job_id: jobId, ...more };
      const total = search ? w.matchCount : w.windowLines;
      const shownCount = search ? (matches?.length ?? 0) : shown.length;
      truncation = { reason: "log_window", unit: search ? "items" : "lines", shown: shownCount, total, continue_with: "job.trace", continue_params: continueParams };
      notice = `⚠️ Truncated: showing ${shownCount} of ${total} ${search ? "matches" : "lines"} (the last ones), to fit the response size.`;
      steps.unshift(`Use action 'job.trace' with ${JSON.stringify(more)} to read the lines before line ${first}`);
    }
    const totalText = w.limitReached ? "an unknown number (the server stopped reading at 64 MiB)" : String(w.totalLines);
    const parts = [`## Log of job #${jobId}`];
    if (shown.length === 0) {
      parts.push(search ? `No line of the log holds "${pattern}" (${totalText} lines searched).` : w.totalBytes === 0 ? "The log is empty." : `No lines in that range: the log has ${totalText} lines.`);
    } else {
      parts.push(search ? `Showing lines ${first}–${last} of ${totalText}: ${w.matchCount} matching line${w.matchCount === 1 ? "" : "s"} with context.` : `Showing lines ${first}–${last} of ${totalText}`);
      parts.push(fenced(content));
    }
    if (w.limitReached) parts.push(`⚠️ The log is larger than 64 MiB: only its first ${w.totalBytes} bytes were read, so the total line count is unknown.`);
    if (notice) parts.push(notice);
    const markdown = parts.join("\n\n") + nextStepsSection(steps);
    const structured: Record<string, unknown> = {
      next_steps: steps,
      job_id: jobId,
      total_lines: w.totalLines,
      total_bytes: w.totalBytes,
      start_line: first,
      end_line: last,
      content,
      truncated: clipped || w.limitReached,
    };
    if (w.limitReached) structured.read_limit_reached = true;
    if (matches) structured.matches = matches;
    if (truncation) structured.truncation = truncation;
    return { markdown, structured };
  };
  let r = render(lines);
  const size = (x: typeof r) => Math.max(Buffer.byteLength(x.markdown), Buffer.byteLength(JSON.stringify(x.structured)));
  while (lines.length > 1 && size(r) > budget) {
    // Drop a share proportional to the excess, at least one line, then measure again.
    const over = size(r) - budget;
    const avg = Math.max(1, size(r) / lines.length);
    lines = lines.slice(Math.max(1, Math.floor(over / avg / 2)));
    r = render(lines);
  }
  return { kind: "success", contentKind: "detail", ...r };
};
