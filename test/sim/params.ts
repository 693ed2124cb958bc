// Request parameters the way Rack and Grape see them: Rack's nested query
// syntax (`a[]=1`, `a[][k]=v`, `h[k]=v`) for query strings and form bodies,
// merged with JSON bodies; then Grape's declared-parameter coercion and
// validation, whose failures answer 400 {"error":"x is missing, y is invalid"}.
import { validationError } from "./errors.js";

export type ParamValue = string | number | boolean | null | ParamValue[] | { [key: string]: ParamValue };
export type ParamMap = Record<string, ParamValue>;

function unescapeComponent(text: string): string {
  const plus = text.replace(/\+/g, " ");
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus;
  }
}

function isHash(v: unknown): v is Record<string, ParamValue> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function firstKey(path: string): string {
  const m = /^\[?([^[\]]*)/.exec(path);
  return m ? m[1] : "";
}

function normalize(target: Record<string, ParamValue>, name: string, value: ParamValue): void {
  const m = /^[[\]]*([^[\]]+)\]*(.*)$/.exec(name);
  if (!m) return;
  const [, key, rest] = m;
  if (rest === "") {
    target[key] = value;
  } else if (rest === "[]") {
    const arr = Array.isArray(target[key]) ? (target[key] as ParamValue[]) : [];
    arr.push(value);
    target[key] = arr;
  } else if (rest.startsWith("[][")) {
    const child = rest.slice(2);
    const arr = Array.isArray(target[key]) ? (target[key] as ParamValue[]) : [];
    const last = arr[arr.length - 1];
    if (isHash(last) && !(firstKey(child) in last)) {
      normalize(last, child, value);
    } else {
      const fresh: Record<string, ParamValue> = {};
      normalize(fresh, child, value);
      arr.push(fresh);
    }
    target[key] = arr;
  } else {
    const hash = isHash(target[key]) ? (target[key] as Record<string, ParamValue>) : {};
    normalize(hash, rest, value);
    target[key] = hash;
  }
}

/** Rack::QueryParser#parse_nested_query */
export function parseNestedQuery(query: string): ParamMap {
  const out: ParamMap = {};
  if (!query) return out;
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const name = unescapeComponent(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? null : unescapeComponent(pair.slice(eq + 1));
    normalize(out, name, value);
  }
  return out;
}

/** Flat view for the request log: repeated keys become arrays. */
export function flatQuery(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(query)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

export type ParamType = "string" | "integer" | "boolean" | "hashArray";

export interface ParamSpec {
  name: string;
  type: ParamType;
  required?: boolean;
  allowBlank?: boolean;
  values?: readonly (string | number)[];
  default?: ParamValue;
  /** For hashArray: specs of each element's keys. */
  items?: ParamSpec[];
}

const TRUTHY = new Set(["1", "on", "t", "true", "y", "yes"]);
const FALSY = new Set(["0", "off", "f", "false", "n", "no"]);
const INVALID = Symbol("invalid");

function coerce(spec: ParamSpec, raw: ParamValue, errors: string[], prefix: string): ParamValue | typeof INVALID {
  switch (spec.type) {
    case "string":
      return typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean" ? String(raw) : INVALID;
    case "integer":
      if (typeof raw === "number") return Number.isInteger(raw) ? raw : INVALID;
      if (typeof raw === "string" && /^\s*[-+]?\d+\s*$/.test(raw)) return Number.parseInt(raw, 10);
      return INVALID;
    case "boolean":
      if (typeof raw === "boolean") return raw;
      if (typeof raw === "string" && TRUTHY.has(raw.toLowerCase())) return true;
      if (typeof raw === "string" && FALSY.has(raw.toLowerCase())) return false;
      return INVALID;
    case "hashArray": {
      let value: ParamValue = raw;
      if (typeof raw === "string") {
        try {
          value = JSON.parse(raw) as ParamValue;
        } catch {
          return INVALID;
        }
      }
      if (isHash(value)) value = Object.keys(value).every((k) => /^\d+$/.test(k)) ? Object.values(value) : [value];
      if (!Array.isArray(value) || !value.every(isHash)) return INVALID;
      return value.map((el, i) => declareInto(el as ParamMap, spec.items ?? [], errors, `${prefix}${spec.name}[${i}]`));
    }
  }
}

function declareInto(raw: ParamMap, specs: ParamSpec[], errors: string[], prefix: string): ParamMap {
  const out: ParamMap = {};
  for (const spec of specs) {
    const label = prefix ? `${prefix}[${spec.name}]` : spec.name;
    const present = Object.prototype.hasOwnProperty.call(raw, spec.name) && raw[spec.name] !== undefined;
    if (!present) {
      if (spec.required) errors.push(`${label} is missing`);
      else if (spec.default !== undefined) out[spec.name] = spec.default;
      continue;
    }
    const rawValue = raw[spec.name];
    const blank = rawValue === null || (typeof rawValue === "string" && rawValue.trim() === "");
    if (blank && spec.allowBlank === false) {
      errors.push(`${label} is empty`);
      continue;
    }
    if (rawValue === null) {
      out[spec.name] = null;
      continue;
    }
    const value = coerce(spec, rawValue, errors, prefix);
    if (value === INVALID) {
      errors.push(`${label} is invalid`);
      continue;
    }
    if (spec.values && !spec.values.includes(value as string | number)) {
      errors.push(`${label} does not have a valid value`);
      continue;
    }
    out[spec.name] = value;
  }
  return out;
}

/**
 * Grape `declared(params, include_missing: false)` plus validation. Throws the
 * 400 validation error when anything fails.
 */
export function declare(raw: ParamMap, specs: ParamSpec[]): ParamMap {
  const errors: string[] = [];
  const out = declareInto(raw, specs, errors, "");
  if (errors.length > 0) throw validationError(errors);
  return out;
}

/** `use :pagination` (API::PaginationParams). */
export const PAGINATION_PARAMS: ParamSpec[] = [
  { name: "page", type: "integer", default: 1 },
  { name: "per_page", type: "integer", default: 20 },
];
