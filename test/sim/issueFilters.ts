// The issue list filters beyond state, labels, milestone, people by username, search and confidential
// (those stay in restIssueCore.ts), applied as GitLab's IssuesFinder does. Written from doc/api/issues.md
// ("List issues" and its project and group variants) and lib/api/issues.rb `issues_params`:
// - iids[] (Array[Integer]); author_id; assignee_id takes a user ID, None or Any; author_id with
//   author_username (and assignee_id with assignee_username) is 400 "... are mutually exclusive";
// - created_after/before and updated_after/before are Grape DateTime ("created_after is invalid");
// - due_date: 0 (none), any, today, tomorrow, overdue, week, month, next_month_and_previous_two_weeks;
// - issue_type: issue, incident, test_case, task; `in` narrows search to title or description;
// - not[...] excludes what its keys match (labels: any of them; iids: those IIDs).
import { validationError } from "./errors.js";
import type { ParamMap, ParamSpec, ParamValue } from "./params.js";
import type { RestContext } from "./router.js";
import type { SimIssue } from "./tracker.js";

const TIMES = ["created_after", "created_before", "updated_after", "updated_before"];
const DUE = ["0", "any", "today", "tomorrow", "overdue", "week", "month", "next_month_and_previous_two_weeks"];

export const MORE_ISSUE_FILTERS: ParamSpec[] = [
  ...TIMES.map((name): ParamSpec => ({ name, type: "string" })),
  { name: "author_id", type: "integer" },
  { name: "due_date", type: "string", values: DUE },
  { name: "issue_type", type: "string", values: ["issue", "incident", "test_case", "task"] },
  { name: "in", type: "string" },
];

const split = (v: ParamValue | undefined): string[] => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter((s) => s !== "") : Array.isArray(v) ? v.map(String) : v === undefined || v === null ? [] : [String(v)]);

function day(offset: number, now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
}

function dueMatches(due: string | null, want: string, now: Date): boolean {
  if (want === "0") return due === null;
  if (due === null) return false;
  const today = day(0, now);
  switch (want) {
    case "today": return due === today;
    case "tomorrow": return due === day(1, now);
    case "overdue": return due < today;
    case "week": return due >= day(-now.getUTCDay(), now) && due <= day(6 - now.getUTCDay(), now);
    case "month": return due.slice(0, 7) === today.slice(0, 7);
    case "next_month_and_previous_two_weeks": return due >= day(-14, now) && due <= day(31, now);
    default: return true;
  }
}

/** The checks that answer 400 before anything is filtered. */
export function checkIssueFilters(raw: ParamMap, p: ParamMap): Record<string, number> {
  for (const [a, b] of [["author_id", "author_username"], ["assignee_id", "assignee_username"]]) {
    if (raw[a] !== undefined && raw[b] !== undefined) throw validationError([`${a}, ${b} are mutually exclusive`]);
  }
  if (raw.assignee_id !== undefined && !/^(\d+|none|any)$/i.test(String(raw.assignee_id))) throw validationError(["assignee_id is invalid"]);
  if (raw.iids !== undefined && !split(raw.iids).every((v) => /^\d+$/.test(v))) throw validationError(["iids is invalid"]);
  const times: Record<string, number> = {};
  for (const name of TIMES) {
    if (p[name] === undefined) continue;
    const t = Date.parse(String(p[name]));
    if (Number.isNaN(t)) throw validationError([`${name} is invalid`]);
    times[name] = t;
  }
  return times;
}

/** True when the issue passes the filters this file owns. */
export function passesMoreIssueFilters(ctx: RestContext, issue: SimIssue, raw: ParamMap, p: ParamMap, times: Record<string, number>): boolean {
  const name = (id: number) => ctx.state.ensureUser(id).username;
  const iids = split(raw.iids).map(Number);
  if (iids.length > 0 && !iids.includes(issue.iid)) return false;
  if (p.author_id !== undefined && issue.authorId !== p.author_id) return false;
  const assignee = raw.assignee_id === undefined ? undefined : String(raw.assignee_id).toLowerCase();
  if (assignee === "none" && issue.assigneeIds.length > 0) return false;
  if (assignee === "any" && issue.assigneeIds.length === 0) return false;
  if (assignee !== undefined && /^\d+$/.test(assignee) && !issue.assigneeIds.includes(Number(assignee))) return false;
  if (p.issue_type !== undefined && issue.issue_type !== p.issue_type) return false;
  if (p.due_date !== undefined && !dueMatches(issue.due_date, String(p.due_date), ctx.state.now())) return false;
  const at = (s: string) => Date.parse(s);
  if (times.created_after !== undefined && at(issue.created_at) < times.created_after) return false;
  if (times.created_before !== undefined && at(issue.created_at) > times.created_before) return false;
  if (times.updated_after !== undefined && at(issue.updated_at) < times.updated_after) return false;
  if (times.updated_before !== undefined && at(issue.updated_at) > times.updated_before) return false;
  if (typeof p.search === "string" && p.in !== undefined) {
    const text = split(p.in).map((f) => (f === "title" ? issue.title : f === "description" ? (issue.description ?? "") : "")).join("\n").toLowerCase();
    if (!text.includes(p.search.toLowerCase())) return false;
  }
  const not = raw.not;
  if (not && typeof not === "object" && !Array.isArray(not)) {
    const n = not as ParamMap;
    if (n.labels !== undefined && split(n.labels).some((l) => issue.labels.some((m) => m.toLowerCase() === l.toLowerCase()))) return false;
    if (n.iids !== undefined && split(n.iids).map(Number).includes(issue.iid)) return false;
    if (n.author_id !== undefined && issue.authorId === Number(n.author_id)) return false;
    if (n.author_username !== undefined && name(issue.authorId) === String(n.author_username)) return false;
    if (n.assignee_id !== undefined && issue.assigneeIds.includes(Number(n.assignee_id))) return false;
    if (n.assignee_username !== undefined && split(n.assignee_username).some((u) => issue.assigneeIds.some((id) => name(id) === u))) return false;
  }
  return true;
}
