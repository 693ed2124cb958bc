// Small writers of facts: one compact line per merge request, issue, pipeline, commit, thread or person,
// and the date arithmetic the prompts share. Fields GitLab leaves null or out are simply not shown.
import type { Row } from "./types.js";

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const obj = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Row) : undefined);
const list = (v: unknown) => (Array.isArray(v) ? v : []);

/** `@username` of a user object, or "" when absent. */
export const who = (u: unknown) => (obj(u)?.username ? `@${str(obj(u)!.username)}` : "");

/** `@a, @b` of a list of users, or the fallback. */
export const people = (us: unknown, none = "nobody") => list(us).map(who).filter(Boolean).join(", ") || none;

/** The day of an ISO time (`2026-12-04`). */
export const day = (v: unknown) => str(v).slice(0, 10);

/** The date `days` before `now`, as GitLab's date filters take it (YYYY-MM-DD). */
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

/** The ISO time `days` before `now`. */
export const timeBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/** Whole days between an ISO time and `now`. */
export const ageDays = (v: unknown, now: Date) => (str(v) ? Math.floor((now.getTime() - Date.parse(str(v))) / 86_400_000) : 0);

/** A prompt argument the caller got wrong: answered -32602 with this text. */
export class ArgumentError extends Error {}

/** A positive whole number argument, or its default; bad input is the caller's error (-32602). */
export function count(value: string | undefined, fallback: number, name: string, max = 365): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new ArgumentError(`${name} must be a whole number from 1 to ${max} (got "${value}")`);
  return n;
}

/** `!12 Title (opened, @author → main)` with the facts that matter for triage. */
export function mrLine(m: Row, extra: string[] = []): string {
  const ref = str(obj(m.references)?.full) || `!${str(m.iid)}`;
  const bits = [
    str(m.state),
    who(m.author) && `by ${who(m.author)}`,
    m.target_branch !== undefined && `→ ${str(m.target_branch)}`,
    m.draft === true && "draft",
    str(m.detailed_merge_status) && m.state === "opened" && `merge status ${str(m.detailed_merge_status)}`,
    m.has_conflicts === true && "has conflicts",
    list(m.labels).length > 0 && `labels ${list(m.labels).map(str).join(", ")}`,
    ...extra,
  ].filter(Boolean);
  return `- ${ref} ${str(m.title)} (${bits.join(", ")})`;
}

/** `#3 Title (opened, @author, assigned @x, labels a, b)`. */
export function issueLine(i: Row, extra: string[] = []): string {
  const ref = str(obj(i.references)?.full) || `#${str(i.iid)}`;
  const bits = [
    str(i.state),
    who(i.author) && `by ${who(i.author)}`,
    list(i.assignees).length > 0 ? `assigned ${people(i.assignees)}` : "unassigned",
    list(i.labels).length > 0 && `labels ${list(i.labels).map(str).join(", ")}`,
    str(i.due_date) && `due ${str(i.due_date)}`,
    ...extra,
  ].filter(Boolean);
  return `- ${ref} ${str(i.title)} (${bits.join(", ")})`;
}

/** `pipeline 1002 failed on main (sha 1a2b3c4d, 2026-12-03)`. */
export const pipelineLine = (p: Row) =>
  `- pipeline ${str(p.id)} ${str(p.status)} on ${str(p.ref)}${str(p.sha) ? ` (sha ${str(p.sha).slice(0, 8)}, ${day(p.created_at)})` : ""}`;

/** `job 5003 rspec (stage test) failed: script_failure`. */
export const jobLine = (j: Row) => `- job ${str(j.id)} ${str(j.name)} (stage ${str(j.stage)}) ${str(j.status)}${str(j.failure_reason) ? `: ${str(j.failure_reason)}` : ""}`;

/** `1a2b3c4d Title (Author, 2026-12-03)`. */
export const commitLine = (c: Row) => `- ${str(c.short_id) || str(c.id).slice(0, 8)} ${str(c.title)} (${str(c.author_name)}, ${day(c.created_at ?? c.committed_date)})`;

/** The unresolved resolvable notes of a discussion list, one line per thread with its first note. */
export function unresolvedThreads(discussions: readonly Row[]): string[] {
  return discussions.flatMap((d) => {
    const notes = list(d.notes).map((n) => n as Row);
    const open = notes.some((n) => n.resolvable === true && n.resolved !== true);
    if (!open) return [];
    const first = notes[0] ?? {};
    const where = obj(first.position)?.new_path ? ` on ${str(obj(first.position)!.new_path)}` : "";
    return [`- thread ${str(d.id).slice(0, 8)}${where} by ${who(first.author) || "someone"} (${notes.length} note(s)): ${oneLine(str(first.body), 200)}`];
  });
}

/** Text on one line, cut at `max` characters with `…`. */
export function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Lines added and removed in one unified diff. */
export function diffCounts(diff: unknown): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of str(diff).split("\n")) {
    if (line.startsWith("+") && !line.startsWith("+++")) added++;
    else if (line.startsWith("-") && !line.startsWith("---")) removed++;
  }
  return { added, removed };
}

/** One line per changed file: `M app/x.rb (+3 −1)`, new, deleted and renamed files marked. */
export function fileLine(f: Row): string {
  const { added, removed } = diffCounts(f.diff);
  const mark = f.new_file === true ? "added" : f.deleted_file === true ? "deleted" : f.renamed_file === true ? `renamed from ${str(f.old_path)}` : "modified";
  const flags = [f.too_large === true && "too large to show", f.collapsed === true && "collapsed"].filter(Boolean);
  return `- ${str(f.new_path || f.old_path)}: ${mark} (+${added} −${removed})${flags.length ? `, ${flags.join(", ")}` : ""}`;
}

/** Counts of a key over rows, most frequent first: `alice 3, bob 1`. */
export function tally(rows: readonly Row[], key: (r: Row) => string | readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of rows) for (const k of [key(r)].flat()) if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** `- name: n` lines of a tally. */
export const tallyLines = (t: [string, number][], unit = "") => t.map(([k, n]) => `- ${k}: ${n}${unit}`);

/** The median of numbers (0 for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Hours with one decimal, or days above 48 h: `5.5 h`, `3.2 days`. */
export const duration = (hours: number) => (hours > 48 ? `${(hours / 24).toFixed(1)} days` : `${hours.toFixed(1)} h`);

/** Hours between two ISO times. */
export const hoursBetween = (from: unknown, to: unknown) => (Date.parse(str(to)) - Date.parse(str(from))) / 3_600_000;

export { str, obj, list };
