// Input validation on every surface (BEHAVIOR §4): lenient coercions, parameter aliases, the precompiled
// validator, and one message that reports every problem at once (VAL-11, VAL-16). Nothing reaches
// GitLab for a call that fails here.
import type { ErrorObject } from "ajv";
import type { ActionRecord, JsonSchema, Validator } from "./catalog/types.js";
import { inputSchemas } from "../generated/index.js";
import { roleInput } from "./catalog/roles.js";
import { formatWords } from "./catalog/formats.js";
import { dotSegment } from "./gitlab/route.js";
import { withoutSecrets } from "./policy/gates.js";

/** The most keys one call may carry: over three times the widest action (project.update's 81 settings). */
const MAX_KEYS = 256;
/** Unknown keys listed (and given suggestions) in one refusal. */
const MAX_UNKNOWN_LISTED = 20;

const cut = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}...` : s);

/** The result of preparing a call's params. */
export type Prepared = { ok: true; params: Record<string, unknown> } | { ok: false; message: string };

/**
 * Levenshtein distance, for "did you mean" suggestions (VAL-4, DYN-15). With a `limit`, any distance
 * above it answers limit + 1, and words whose lengths differ by more are not compared at all: a
 * 100,000-character name costs nothing, where the full table would hold the event loop for seconds.
 */
export function distance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

/**
 * Normalises and validates params for an action. `openAliases` says whether the surface's schema is
 * open, so parameter aliases (project_path, branch) are accepted (CAT-24).
 */
export function prepareParams(action: ActionRecord, validate: Validator, input: Record<string, unknown>, origin: string, openAliases: boolean): Prepared {
  const params: Record<string, unknown> = {};
  const props = (inputSchemas[action.id].properties ?? {}) as Record<string, JsonSchema>;
  // Far more keys than the action has: refused before any per-key work (suggestions are per key).
  const given = Object.keys(input).length;
  if (given > MAX_KEYS) return { ok: false, message: `${origin}: invalid params. ${given} params given, more than any action takes (at most ${MAX_KEYS}). Valid params: ${action.params.map((p) => p.name).sort().join(", ")}.` };
  const aliasOf = new Map<string, string>();
  for (const p of action.params) for (const a of p.aliases) aliasOf.set(a, p.name);
  for (const [key, value] of Object.entries(input)) {
    const target = openAliases && !(key in props) ? aliasOf.get(key) : undefined;
    const name = target && !(target in input) ? target : key;
    // An explicit null for an optional parameter means absent (VAL-8).
    if (value === null && !action.requiredParams.includes(name)) continue;
    const record = action.params.find((p) => p.name === name);
    params[name] = record?.type === "role" ? roleInput(value) : coerce(value, props[name]);
  }
  const routeErrors = dotSegments(action, params);
  if (validate(params) && routeErrors.length === 0) return { ok: true, params };
  return { ok: false, message: invalidMessage(origin, action, withoutSecrets(action, params), validate.errors ?? [], routeErrors) };
}

/**
 * A path value that is `.` or `..` (or their encodings) names nothing in GitLab: placed in the URL it
 * would move the request to another route, so it is refused with the parameter's name. An ID a
 * procedure places in the path itself (search's project_id) is held to the same rule.
 */
function dotSegments(action: ActionRecord, params: Record<string, unknown>): string[] {
  return action.params
    .filter((p) => (p.in === "path" || (p.in === "local" && p.type === "id")) && dotSegment(params[p.name]))
    .map((p) => `${p.name} must name a ${p.name.replace(/_(id|iid|name)$/, "").replace(/_/g, " ")}, not ${JSON.stringify(params[p.name])}: "." and ".." are path steps, not values`);
}

function coerce(value: unknown, schema: JsonSchema | undefined): unknown {
  if (!schema || typeof value !== "string") return value;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (types.includes("string")) return value;
  if (types.includes("integer") && /^-?(0|[1-9]\d*)$/.test(value)) return Number(value);
  if (types.includes("boolean") && (value === "true" || value === "false")) return value === "true";
  return value;
}

/** The VAL-16 message: unknown, suggestions, missing, invalid values, valid params. */
export function invalidMessage(origin: string, action: ActionRecord, params: Record<string, unknown>, errors: readonly ErrorObject[], extra: readonly string[] = []): string {
  const valid = action.params.map((p) => p.name);
  const unknown: string[] = [];
  const missing: string[] = [];
  const invalid: string[] = [...extra];
  for (const e of errors) {
    // A key is echoed at most 80 characters long (VAL-7's cut), so a huge key cannot swell the answer.
    if (e.keyword === "additionalProperties" && e.instancePath === "") unknown.push(cut(String(e.params.additionalProperty)));
    else if (e.keyword === "required" && e.instancePath === "") missing.push(String(e.params.missingProperty));
    else invalid.push(describe(e, params));
  }
  // Past the first few, more unknown keys add nothing a model can act on: counted, not listed.
  const more = unknown.length - MAX_UNKNOWN_LISTED;
  if (more > 0) unknown.splice(MAX_UNKNOWN_LISTED, more, `and ${more} more`);
  const suggestions = unknown.slice(0, MAX_UNKNOWN_LISTED).flatMap((u) => {
    const s = suggest(u, action);
    return s ? [`${u} -> ${s}`] : [];
  });
  const order = (names: string[]) => valid.filter((v) => names.includes(v));
  const parts = [`${origin}: invalid params.`];
  if (unknown.length) parts.push(`Unknown params: ${unknown.join(", ")}.`);
  if (suggestions.length) parts.push(`Did you mean ${suggestions.join(", ")}?`);
  if (missing.length) parts.push(`Missing required params: ${order(missing).join(", ")}.`);
  if (invalid.length) parts.push(`Invalid values: ${[...new Set(invalid)].join(", ")}.`);
  parts.push(`Valid params: ${[...valid].sort().join(", ")}.`);
  return parts.join(" ");
}

/** The closest valid parameter or alias target within distance 3, ties alphabetical (VAL-4). */
export function suggest(given: string, action: ActionRecord): string | undefined {
  const candidates: [string, string][] = [];
  for (const p of action.params) {
    candidates.push([p.name, p.name]);
    for (const a of p.aliases) candidates.push([a, p.name]);
  }
  let best: { name: string; d: number } | undefined;
  for (const [candidate, target] of candidates) {
    const d = distance(given.toLowerCase(), candidate, 3);
    if (d <= 3 && (!best || d < best.d || (d === best.d && target < best.name))) best = { name: target, d };
  }
  return best?.name;
}

function describe(e: ErrorObject, params: Record<string, unknown>): string {
  const path = e.instancePath.split("/").slice(1);
  const name = path.join(".") || "params";
  const value = path.reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), params);
  const got = JSON.stringify(value) ?? "undefined";
  const shown = got.length > 80 ? `${got.slice(0, 77)}...` : got;
  let expectation: string;
  switch (e.keyword) {
    case "type":
      expectation = `of type ${String(e.params.type).replace(",", " or ")}`;
      break;
    case "enum":
      expectation = `one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
      break;
    case "minimum":
      expectation = `>= ${String(e.params.limit)}`;
      break;
    case "maximum":
      expectation = `<= ${String(e.params.limit)}`;
      break;
    case "minLength":
      expectation = `at least ${String(e.params.limit)} character${e.params.limit === 1 ? "" : "s"} long`;
      break;
    case "maxLength":
      expectation = `at most ${String(e.params.limit)} characters long`;
      break;
    case "additionalProperties":
      return `${name} has unknown field ${String(e.params.additionalProperty)}`;
    case "required":
      return `${name} is missing field ${String(e.params.missingProperty)}`;
    case "pattern":
      expectation = formatWords(String(e.params.pattern)) ?? `a string matching ${String(e.params.pattern)}`;
      break;
    case "format":
      expectation = `a valid ${String(e.params.format)}`;
      break;
    case "minItems":
      expectation = `a list of at least ${String(e.params.limit)} item${e.params.limit === 1 ? "" : "s"}`;
      break;
    case "maxItems":
      expectation = `a list of at most ${String(e.params.limit)} items`;
      break;
    case "const":
      expectation = JSON.stringify(e.params.allowedValue);
      break;
    default:
      // The precompiled validators carry no message text (smaller code): name the rule instead.
      expectation = `valid (${e.keyword})`;
  }
  return `${name} must be ${expectation} (got ${shown})`;
}
