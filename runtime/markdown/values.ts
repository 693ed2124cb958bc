// How one value is shown in a card row or table cell, by the catalog's ValueStyle. Returns Markdown,
// already escaped, or undefined when GitLab did not send the value (so no row is written, FMT-3).
import { roleName } from "../catalog/roles.js";
import type { ColumnRecord, ValueStyle } from "../catalog/types.js";
import { code, escapeText, escapeUrl, isWebUrl, link } from "./escape.js";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The status markers of the contract (FMT-9), per family. A value outside its family gets UNKNOWN. */
export const UNKNOWN = "❓";
const STATE_MARKERS: Readonly<Record<string, string>> = { opened: "🟢", merged: "🟣", closed: "🔴" };
const PIPELINE_MARKERS: Readonly<Record<string, string>> = {
  success: "✅",
  failed: "❌",
  running: "🔵",
  pending: "🟡",
  canceled: "⛔",
  canceling: "⛔",
  skipped: "⏭️",
  created: "🆕",
  manual: "✋",
  scheduled: "📅",
  preparing: "🔄",
};
const SEVERITY_MARKERS: Readonly<Record<string, string>> = { critical: "🔴", high: "🟠", medium: "🟡", low: "🔵", info: "ℹ️" };
const WARNING = "⚠️";
const FLAG_MARKERS: Partial<Record<ValueStyle, string>> = { draft: "📝", confidential: "🔒", warning: WARNING };

/** The marker of a status value (`opened` -> 🟢), or undefined when the style has no markers. */
export function statusMarker(style: ValueStyle, value: string): string | undefined {
  switch (style) {
    case "state":
      return STATE_MARKERS[value] ?? UNKNOWN;
    case "pipeline_status":
      // GitLab's waiting_for_resource and waiting_for_callback share the preparing marker.
      return PIPELINE_MARKERS[value] ?? (value.startsWith("waiting_for_") ? PIPELINE_MARKERS.preparing : UNKNOWN);
    case "severity":
      return SEVERITY_MARKERS[value.toLowerCase()] ?? UNKNOWN;
    default:
      return undefined;
  }
}

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

// Named rules such as feature flag strategies ({name, parameters, scopes: [{environment_scope}],
// user_list: {name}}): `flexibleRollout (rollout: 50, groupId: default) on production, staging` per rule,
// rules joined by semicolons. Parameters may arrive as an object or as GitLab's JSON text.
function strategies(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  if (value.length === 0) return "none";
  return value
    .map((item) => {
      const r = (item ?? {}) as Record<string, unknown>;
      let params = r.parameters;
      if (typeof params === "string") {
        try {
          params = JSON.parse(params);
        } catch {
          params = { value: params };
        }
      }
      const pairs = params && typeof params === "object" && !Array.isArray(params) ? Object.entries(params as Record<string, unknown>).filter(([, v]) => plain(v) !== undefined && plain(v) !== "") : [];
      const scopes = Array.isArray(r.scopes) ? r.scopes.map((s) => plain((s as Record<string, unknown> | null)?.environment_scope ?? (s as Record<string, unknown> | null)?.name ?? s)).filter((s) => s !== undefined) : [];
      const list = plain((r.user_list as Record<string, unknown> | null | undefined)?.name);
      let text = plain(r.name) ?? "?";
      if (list !== undefined) pairs.push(["list", list]);
      if (pairs.length > 0) text += ` (${pairs.map(([k, v]) => `${k}: ${plain(v)}`).join(", ")})`;
      if (scopes.length > 0) text += ` on ${scopes.join(", ")}`;
      return escapeText(text);
    })
    .join("; ");
}

// Users arrive as one user object or a list of them ({username}, or {user: {username}} as approvals
// list them); an empty list writes no row.
function users(value: unknown): string | undefined {
  const username = (u: unknown): string | undefined => {
    const r = u as { username?: unknown; user?: { username?: unknown } } | null;
    return plain(r?.username ?? r?.user?.username ?? u);
  };
  const list = (Array.isArray(value) ? value : [value]).map(username).filter((u) => u !== undefined);
  return list.length === 0 ? undefined : list.map((u) => `@${escapeText(u)}`).join(", ");
}

// Labels arrive as names, or as objects with a name when GitLab was asked for label details.
function labels(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const names = value.map((l) => plain((l as { name?: unknown } | null)?.name ?? l)).filter((l) => l !== undefined);
  return names.length === 0 ? undefined : names.map(escapeText).join(", ");
}

function status(style: ValueStyle, value: unknown): string | undefined {
  const text = plain(value);
  if (text === undefined) return undefined;
  return `${statusMarker(style, text)} ${escapeText(style === "severity" ? text.toUpperCase() : text)}`;
}

// A pipeline as GitLab embeds it ({id, status, web_url}): `[#1207](url) ✅ success`.
function pipelineRef(value: unknown): string | undefined {
  if (!value || typeof value !== "object") return undefined;
  const p = value as Record<string, unknown>;
  const id = plain(p.id);
  if (id === undefined) return undefined;
  const url = plain(p.web_url);
  const ref = url && isWebUrl(url) ? `[#${escapeText(id)}](${escapeUrl(url)})` : `#${escapeText(id)}`;
  const state = status("pipeline_status", p.status);
  return state ? `${ref} ${state}` : ref;
}

// `group/project!243` or `group/project#42` -> `group/project`.
function referenceProject(value: unknown): string | undefined {
  const ref = plain(value);
  const m = ref === undefined ? null : /^(.+?)[!#&%$^~]\d+$/.exec(ref);
  return m ? escapeText(m[1]) : ref === undefined ? undefined : escapeText(ref);
}

function count(value: unknown, unit: string | undefined): string | undefined {
  const n = plain(value);
  if (n === undefined) return undefined;
  return unit ? `${escapeText(n)} ${escapeText(n === "1" ? unit : `${unit}s`)}` : escapeText(n);
}

/** True when a column's `when` condition holds for this object (or it has none). */
export function applies(obj: unknown, col: ColumnRecord): boolean {
  if (!col.when) return true;
  const v = plain(pick(obj, col.when.field));
  return v !== undefined && col.when.in.includes(v);
}

/** The Markdown for one column of one object; `linked` reports whether a link was written. */
export function renderValue(obj: unknown, col: ColumnRecord): { text: string; linked: boolean } | undefined {
  const raw = pick(obj, col.field);
  if (raw === null || raw === undefined || !applies(obj, col)) return undefined;
  let text: string | undefined;
  switch (col.as) {
    case "bool":
      text = typeof raw === "boolean" ? (raw ? "✅" : "❌") : escapeText(String(plain(raw) ?? ""));
      break;
    case "warning":
    case "draft":
    case "confidential":
      // A flag shows only when the condition holds: a card writes no row, a table an empty cell.
      text = raw === true ? FLAG_MARKERS[col.as] : undefined;
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
    case "users":
      text = users(raw);
      break;
    case "labels":
      text = labels(raw);
      break;
    case "list":
      // An object in a list is named by its name, filename or key when it has one (a job's artifacts, a
      // webhook's custom headers).
      text = Array.isArray(raw) ? raw.map((v) => escapeText(plain(v) ?? plain((v as { name?: unknown; filename?: unknown; key?: unknown } | null)?.name ?? (v as { filename?: unknown } | null)?.filename ?? (v as { key?: unknown } | null)?.key) ?? JSON.stringify(v))).join(", ") : undefined;
      break;
    case "access_levels":
      text = accessLevels(raw);
      break;
    case "role":
      // GitLab's access level as its role name with the number (Developer (30)); an unknown level as sent.
      text = typeof raw === "number" ? (roleName(raw) ? `${roleName(raw)} (${raw})` : String(raw)) : plain(raw) === undefined ? undefined : escapeText(plain(raw)!);
      break;
    case "strategies":
      text = strategies(raw);
      break;
    case "state":
    case "pipeline_status":
    case "severity":
      text = status(col.as, raw);
      break;
    case "pipeline_ref":
      return wrap(pipelineRef(raw), plain((raw as { web_url?: unknown }).web_url));
    case "reference_project":
      text = referenceProject(raw);
      break;
    case "count":
      text = count(raw, col.unit);
      break;
    case "markdown":
      // Long text written by GitLab users: one escaped line in a cell (the card writes it as a section).
      text = plain(raw) !== undefined && plain(raw) !== "" ? escapeText(plain(raw)!) : undefined;
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

function wrap(text: string | undefined, url: string | undefined): { text: string; linked: boolean } | undefined {
  return text === undefined ? undefined : { text, linked: url !== undefined && isWebUrl(url) };
}

/** A heading placeholder's value: a status style writes its marker alone, a flag its marker when set. */
export function headingValue(obj: unknown, field: string, style: ValueStyle | undefined): string | undefined {
  const raw = pick(obj, field);
  if (raw === null || raw === undefined) return undefined;
  if (style) {
    const text = plain(raw);
    const marker = text === undefined ? undefined : statusMarker(style, text);
    if (marker !== undefined) return marker;
  }
  return renderValue(obj, { label: "", field, as: style ?? "text" })?.text;
}
