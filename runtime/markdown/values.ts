// How one value is shown in a card row or table cell, by the catalog's ValueStyle. Returns Markdown,
// already escaped, or undefined when GitLab did not send the value (so no row is written, FMT-3).
import type { ColumnRecord } from "../catalog/types.js";
import { code, escapeText, escapeUrl, isWebUrl, link } from "./escape.js";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Reads a dotted path (`commit.short_id`) from an object. */
export function pick(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split(".")) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** `15 Jan 2025 10:30 UTC` for a timestamp, `15 Jan 2025` for a date, anything else escaped as sent (FMT-8). */
export function formatDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-").map(Number);
    if (m >= 1 && m <= 12) return `${d} ${MONTHS[m - 1]} ${y}`;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
    const t = new Date(value);
    if (!Number.isNaN(t.getTime())) {
      const hh = String(t.getUTCHours()).padStart(2, "0");
      const mm = String(t.getUTCMinutes()).padStart(2, "0");
      return `${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()} ${hh}:${mm} UTC`;
    }
  }
  return escapeText(value);
}

function plain(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

// Access levels arrive as REST arrays ({access_level_description}) or GraphQL connections ({nodes}).
function accessLevels(value: unknown): string | undefined {
  const list = Array.isArray(value) ? value : (value as { nodes?: unknown[] } | null)?.nodes;
  if (!Array.isArray(list)) return undefined;
  if (list.length === 0) return "none";
  return list
    .map((l) => {
      const r = l as Record<string, unknown>;
      return escapeText(String(r.access_level_description ?? r.accessLevelDescription ?? r.access_level ?? r.accessLevel ?? "?"));
    })
    .join(", ");
}

/** The Markdown for one column of one object; `linked` reports whether a link was written. */
export function renderValue(obj: unknown, col: ColumnRecord): { text: string; linked: boolean } | undefined {
  const raw = pick(obj, col.field);
  if (raw === null || raw === undefined) return undefined;
  let text: string | undefined;
  switch (col.as) {
    case "bool":
      text = typeof raw === "boolean" ? (raw ? "✅" : "❌") : escapeText(String(plain(raw) ?? ""));
      break;
    case "datetime":
    case "date":
      text = typeof raw === "string" ? formatDate(raw) : plain(raw);
      break;
    case "code":
      text = plain(raw) !== undefined ? code(plain(raw)!) : undefined;
      break;
    case "user":
      text = plain(raw) !== undefined ? `@${escapeText(plain(raw)!)}` : undefined;
      break;
    case "list":
      text = Array.isArray(raw) ? raw.map((v) => escapeText(plain(v) ?? JSON.stringify(v))).join(", ") : undefined;
      break;
    case "access_levels":
      text = accessLevels(raw);
      break;
    case "link": {
      const url = plain(raw);
      return url === undefined ? undefined : { text: link(url, url), linked: /^https?:/i.test(url) };
    }
    default:
      text = plain(raw) !== undefined ? escapeText(plain(raw)!) : escapeText(JSON.stringify(raw));
  }
  if (text === undefined) return undefined;
  if (col.link) {
    const url = plain(pick(obj, col.link));
    if (url && isWebUrl(url)) {
      // A code-styled value keeps its code span as the link text; other values are escaped by link().
      return { text: col.as === "code" ? `[${text}](${escapeUrl(url)})` : link(plain(raw) ?? "", url), linked: true };
    }
  }
  return { text, linked: false };
}
