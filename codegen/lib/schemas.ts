// Builds the JSON Schemas an action publishes: its closed input schema and its output schema.
// Dialect: only keywords that read the same in draft-07 and 2020-12 (STYLE, CMP-12..14): input schemas
// are fully inlined, every property typed, every array with items, every object with properties.
import type { JsonSchema } from "../../runtime/catalog/types.js";
import { PARAM_FORMATS, ROLE_LEVELS, ROLE_NAMES } from "./vocabulary.js";
import type { RawAction, RawCatalog, RawField, RawParam } from "./raw.js";
import type { ResolvedParam } from "./params.js";

/** The closed input schema of an action (VAL-1). */
export function inputSchema(params: readonly ResolvedParam[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const p of params) properties[p.record.name] = paramSchema(p.spec);
  const required = params.filter((p) => p.record.required).map((p) => p.record.name);
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

function paramSchema(p: RawParam): JsonSchema {
  const s: Record<string, unknown> = {};
  switch (p.type ?? "string") {
    case "id":
      s.type = ["string", "integer"];
      break;
    case "role":
      // The number GitLab takes or the role's name; validation runs after the name became its number.
      s.type = ["integer", "string"];
      s.enum = [...ROLE_LEVELS, ...Object.keys(ROLE_NAMES)];
      break;
    case "array":
      s.type = "array";
      s.items = paramSchema(p.items ?? { type: "string" });
      break;
    case "object":
      s.type = "object";
      s.properties = Object.fromEntries(Object.entries(p.properties ?? {}).map(([k, v]) => [k, paramSchema(v)]));
      // A property marked required is required within its object (an asset link needs name and url).
      if (Object.values(p.properties ?? {}).some((v) => v.required)) s.required = Object.entries(p.properties ?? {}).filter(([, v]) => v.required).map(([k]) => k);
      // Without declared properties it is one of GitLab's hashes (Kroki formats, event properties): any keys.
      s.additionalProperties = p.properties === undefined;
      break;
    default:
      s.type = p.type ?? "string";
  }
  if (p.description) s.description = p.description;
  if (p.enum) s.enum = p.enum;
  if (p.default !== undefined) s.default = p.default;
  if (p.minimum !== undefined) s.minimum = p.minimum;
  if (p.maximum !== undefined) s.maximum = p.maximum;
  if (p.min_length !== undefined) s.minLength = p.min_length;
  if (p.max_length !== undefined) s.maxLength = p.max_length;
  if (p.min_items !== undefined) s.minItems = p.min_items;
  if (p.max_items !== undefined) s.maxItems = p.max_items;
  if (p.pattern !== undefined) s.pattern = p.pattern;
  // A format becomes the pattern the precompiled validators check (codegen/lib/vocabulary.ts).
  else if (p.format !== undefined && PARAM_FORMATS[p.format]) s.pattern = PARAM_FORMATS[p.format].pattern;
  return s;
}


const nextStepsSchema: JsonSchema = {
  type: "array",
  items: { type: "string" },
  description: "Suggested follow-up actions, by canonical action ID.",
};

/** The seven REST pagination fields, always all present (FMT-5), plus the keyset cursor when GitLab sent one. */
export const restPaginationSchema: JsonSchema = {
  type: "object",
  description: "Offset pagination as GitLab reported it. Continue with page = next_page while has_more is true.",
  properties: {
    page: { type: "integer", description: "The page returned, counting from 1." },
    per_page: { type: "integer", description: "Items per page." },
    total_items: { type: "integer", description: "Items in all pages, 0 when GitLab sent no total." },
    total_pages: { type: "integer", description: "Pages in all, 0 when GitLab sent no total." },
    next_page: { type: "integer", description: "The page to ask for next, 0 on the last page." },
    prev_page: { type: "integer", description: "The page before this one, 0 on the first page." },
    has_more: { type: "boolean", description: "True when another page follows." },
  },
  required: ["page", "per_page", "total_items", "total_pages", "next_page", "prev_page", "has_more"],
  additionalProperties: true,
};

/** RES-20: present when the server cut the result to fit the response size budget. */
export const truncationSchema: JsonSchema = {
  type: "object",
  description:
    "Present when the server cut the result to fit the response size limit: rows of a list page (unit items: call continue_with with continue_params to read on) or the longest text of an object (unit bytes).",
  properties: {
    reason: { type: "string" },
    unit: { type: "string" },
    shown: { type: "integer" },
    total: { type: "integer" },
    continue_with: { type: "string" },
    continue_params: { type: "object", properties: {}, additionalProperties: true },
  },
  additionalProperties: true,
};

/** GraphQL cursor pagination (FMT-5). */
export const cursorPaginationSchema: JsonSchema = {
  type: "object",
  description: "Cursor pagination as GitLab's GraphQL API reported it. Pass end_cursor as after to read the next page.",
  properties: {
    has_next_page: { type: "boolean" },
    end_cursor: { type: ["string", "null"] },
    has_previous_page: { type: "boolean" },
    start_cursor: { type: ["string", "null"] },
  },
  required: ["has_next_page", "end_cursor", "has_previous_page", "start_cursor"],
  additionalProperties: false,
};

/** The shared envelope of meta tools and gitlab_execute_action (DYN-14). */
export const envelopeSchema: JsonSchema = {
  type: "object",
  properties: {
    // Every meta tool lists this envelope (META-2): kept to what DYN-14 asks, since it is paid once per domain.
    next_steps: { type: "array", items: { type: "string" } },
    pagination: {
      type: "object",
      description: "GraphQL: has_next_page, end_cursor, has_previous_page, start_cursor.",
      properties: {
        page: { type: "integer" },
        per_page: { type: "integer" },
        total_items: { type: "integer" },
        total_pages: { type: "integer" },
        next_page: { type: "integer" },
        prev_page: { type: "integer" },
        has_more: { type: "boolean" },
      },
    },
  },
  // Other fields are allowed (DYN-14) by JSON Schema's default: no additionalProperties key, 28 bytes
  // less on each of the 41 meta tools.
};

/** The output schema of an action (FMT-2a, CMP-8): object root, next_steps first. */
export function outputSchema(catalog: RawCatalog, action: RawAction): JsonSchema {
  const out = action.output;
  if (out.status) {
    return {
      type: "object",
      properties: { status: { type: "string", enum: ["success"] }, message: { type: "string" } },
      required: ["status", "message"],
      additionalProperties: false,
    };
  }
  if (out.list) {
    const pagination = action.request.graphql ? cursorPaginationSchema : restPaginationSchema;
    // Fields a procedure writes beside the rows (output.with), all optional.
    const beside = out.with ? ((typeSchema(catalog, out.with, false) as { properties: Record<string, JsonSchema> }).properties) : {};
    return {
      type: "object",
      properties: {
        next_steps: nextStepsSchema,
        [out.key!]: { type: "array", items: typeSchema(catalog, out.list, false) },
        pagination,
        truncation: truncationSchema,
        ...beside,
      },
      required: [out.key!, "pagination"],
      additionalProperties: false,
    };
  }
  const t = typeSchema(catalog, out.object!, false) as { properties: Record<string, JsonSchema>; required?: string[] };
  return {
    type: "object",
    properties: { next_steps: nextStepsSchema, ...t.properties, truncation: truncationSchema },
    ...(t.required ? { required: t.required } : {}),
    additionalProperties: true,
  };
}

/** The schema of a catalog type. GitLab fields are optional and nullable unless guaranteed (RES-34). */
export function typeSchema(catalog: RawCatalog, name: string, nullable: boolean): JsonSchema {
  const type = catalog.types[name];
  if (!type) throw new Error(`unknown type "${name}"`);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [field, spec] of Object.entries(type.fields)) {
    properties[field] = fieldSchema(catalog, spec, !spec.guaranteed);
    if (spec.guaranteed) required.push(field);
  }
  return {
    type: nullable ? ["object", "null"] : "object",
    description: type.description,
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: true,
  };
}

function fieldSchema(catalog: RawCatalog, f: RawField, nullable: boolean): JsonSchema {
  if (f.ref) return typeSchema(catalog, f.ref, nullable);
  const base = f.type ?? "string";
  const s: Record<string, unknown> = { type: nullable ? [base, "null"] : base };
  if (base === "array") s.items = fieldSchema(catalog, f.items ?? { type: "string" }, false);
  if (base === "object") s.properties = {};
  // Formats are documented, not asserted: a client rejecting an odd GitLab timestamp would lose a real result.
  const note = f.format === "date-time" ? "ISO 8601 timestamp." : f.format === "date" ? "ISO 8601 date." : undefined;
  const description = [f.description, note].filter(Boolean).join(" ");
  if (description) s.description = description;
  return s;
}

/**
 * The output schema the individual surface lists in tools/list: the action's own schema cut to its top
 * level, without descriptions. Every client pays for tools/list in every conversation (issue 5 budget),
 * while the full schema stays one read away in gitlab://tools/{id}, in gitlab_find_action's output_schema
 * and in llms-full-meta-tools.txt. A result that conforms to the full schema conforms to this one.
 */
export function listedOutputSchema(full: JsonSchema): JsonSchema {
  const props = (full.properties ?? {}) as Record<string, Record<string, unknown>>;
  const shallow = (p: Record<string, unknown>): JsonSchema => {
    const out: Record<string, unknown> = { type: p.type };
    if (p.enum) out.enum = p.enum;
    if (p.items) out.items = { type: (p.items as Record<string, unknown>).type };
    return out;
  };
  // Only what every result carries is listed (the fields GitLab always sends, a list's rows and
  // pagination, a status); next_steps and every other field stay open, since the listed schema is open.
  const required = new Set((full.required as string[] | undefined) ?? []);
  const kept = Object.entries(props).filter(([name]) => required.has(name));
  const properties = Object.fromEntries(
    kept.map(([name, p]) => [
      name,
      shallow(p),
    ]),
  );
  return { type: "object", properties, ...(full.required ? { required: full.required } : {}), additionalProperties: true };
}

/** The largest integer JSON and GitLab's IDs share exactly (2^53 - 1): past it a number is no longer sent in plain decimal. */
export const MAX_INTEGER = Number.MAX_SAFE_INTEGER;

// Length bounds that every string meets before any other work is done with it (issue 21): identifiers,
// names, refs, paths and URLs are short; bodies (descriptions, notes, file contents, keys, certificates)
// keep the room GitLab gives them; any other text gets a generous middle bound.
const SHORT_STRING = 4096;
const MIDDLE_STRING = 65_536;
const BODY_STRING = 10 * 1024 * 1024;
const BODY = /^(content|content_base64|body|description|note|notes|value|message|commit_message|merge_commit_message|squash_commit_message|tag_message|text|comment|summary|certificate|key|yaml|content_yaml|.*_template|changelog)$/;
const SHORT = /(^|_)(id|iid|ids|sha|ref|ref_name|branch|branch_name|tag_name|username|email|slug|name|title|path|file_path|url|domain|version|scope|state|sort|order_by|color|cron|cron_timezone)$/;

/**
 * The schema an action's precompiled validator checks: the published input schema plus the bounds that
 * clients need not read but the server enforces (issue 21): every integer within ±(2^53 - 1), an ID
 * given as a number not negative, every free string bounded in length. Published schemas stay as they
 * are, so listings do not grow.
 */
export function enforcedSchema(schema: JsonSchema, pathParams: ReadonlySet<string>): JsonSchema {
  const walk = (s: JsonSchema, name: string, path: boolean): JsonSchema => {
    const out: Record<string, unknown> = { ...s };
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (types.includes("integer") || types.includes("number")) {
      if (out.maximum === undefined) out.maximum = MAX_INTEGER;
      // An ID given as a number (the string-or-integer `id` type) is never negative.
      if (out.minimum === undefined) out.minimum = types.includes("string") ? 0 : -MAX_INTEGER;
    }
    if (types.includes("string") && out.enum === undefined && out.maxLength === undefined) {
      out.maxLength = path || types.includes("integer") || SHORT.test(name) ? SHORT_STRING : BODY.test(name) ? BODY_STRING : MIDDLE_STRING;
    }
    if (s.items) out.items = walk(s.items as JsonSchema, name, false);
    if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties as Record<string, JsonSchema>).map(([k, v]) => [k, walk(v, k, s === schema && pathParams.has(k))]));
    return out as JsonSchema;
  };
  return walk(schema, "", false);
}
