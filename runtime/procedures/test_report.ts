// pipeline.test_report: the card holds the totals; what people open a test report for is which tests
// failed. After the totals this writes the failed and errored test cases (at most MAX_LISTED, each
// with the first line of its output), as text written by GitLab users (SAF-49). structuredContent
// keeps the whole report, fitted to the response budget like any get.
import { code, escapeText } from "../markdown/escape.js";
import { USER_TEXT_INTRO } from "../markdown/writer.js";
import type { Procedure } from "./types.js";

export const MAX_LISTED = 20;
const MAX_OUTPUT = 160;

interface Case {
  status?: unknown;
  name?: unknown;
  classname?: unknown;
  system_output?: unknown;
}

const str = (v: unknown) => (typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));

function firstLine(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== "") ?? "";
  return line.length > MAX_OUTPUT ? `${line.slice(0, MAX_OUTPUT)}…` : line;
}

/** The section listing failed and errored test cases, or "" when none failed. */
export function failedSection(report: unknown): string {
  const suites = (report as { test_suites?: unknown } | null)?.test_suites;
  if (!Array.isArray(suites)) return "";
  const failed: { suite: string; c: Case }[] = [];
  for (const s of suites as { name?: unknown; test_cases?: unknown }[]) {
    if (!Array.isArray(s?.test_cases)) continue;
    for (const c of s.test_cases as Case[]) if (c && (c.status === "failed" || c.status === "error")) failed.push({ suite: str(s.name), c });
  }
  if (failed.length === 0) return "";
  const lines = failed.slice(0, MAX_LISTED).map(({ suite, c }) => {
    const where = [suite, str(c.classname)].filter((p) => p !== "").join(" › ");
    const out = firstLine(str(c.system_output));
    return `- ${c.status === "error" ? "⚠️" : "❌"} ${escapeText(str(c.name) || "(unnamed)")}${where ? ` (${code(where)})` : ""}${out ? `: ${escapeText(out)}` : ""}`;
  });
  const more = failed.length > MAX_LISTED ? `\n\n${failed.length - MAX_LISTED} more failed test cases are in structuredContent.` : "";
  return `### Failed Tests (${failed.length})\n\n${USER_TEXT_INTRO}\n\n${lines.join("\n")}${more}`;
}

export const testReport: Procedure = async ({ ctx, call, object }) => {
  const answer = await ctx.client.rest(call);
  const outcome = object(answer.body, answer.size);
  const section = failedSection(answer.body);
  if (outcome.kind !== "success" || section === "") return outcome;
  // The section goes after the card's rows and before its next steps.
  const cut = outcome.markdown.indexOf("\n\n---\n");
  const markdown = cut < 0 ? `${outcome.markdown}\n\n${section}` : `${outcome.markdown.slice(0, cut)}\n\n${section}${outcome.markdown.slice(cut)}`;
  return { ...outcome, markdown };
};
