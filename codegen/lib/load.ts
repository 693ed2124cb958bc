// Reads catalog.yaml, validates it against codegen/catalog.schema.json and reports every problem with
// its YAML line and column and the action id it belongs to, so a maintainer can fix the file in one pass.
import { readFileSync } from "node:fs";
import { Ajv, type ErrorObject } from "ajv";
import { LineCounter, parseDocument, isMap, isNode, isScalar, type Document } from "yaml";
import type { RawCatalog } from "./raw.js";

/** A catalog problem, located in the YAML file. */
export interface CatalogProblem {
  readonly line: number;
  readonly col: number;
  readonly action?: string;
  readonly message: string;
}

/** Thrown when catalog.yaml is invalid; `problems` lists every problem found. */
export class CatalogError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly CatalogProblem[],
  ) {
    super(problems.map((p) => formatProblem(file, p)).join("\n"));
  }
}

/** `catalog.yaml:12:5 [branch.get] message` */
export function formatProblem(file: string, p: CatalogProblem): string {
  return `${file}:${p.line}:${p.col}${p.action ? ` [${p.action}]` : ""} ${p.message}`;
}

/** A loaded catalog and a way to locate any of its nodes in the source. */
export interface LoadedCatalog {
  readonly file: string;
  readonly raw: RawCatalog;
  /** Line and column of a node; a trailing `{ key }` locates that key of a map rather than its value. */
  locate(path: readonly (string | number | { key: string })[]): { line: number; col: number };
}

/** Parses and schema-validates a catalog file. */
export function loadCatalog(file: string, schemaFile: string): LoadedCatalog {
  const source = readFileSync(file, "utf8");
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, uniqueKeys: true, prettyErrors: true });
  const locate = locator(doc, lineCounter);
  if (doc.errors.length > 0) {
    throw new CatalogError(
      file,
      doc.errors.map((e) => ({ line: e.linePos?.[0].line ?? 1, col: e.linePos?.[0].col ?? 1, message: e.message.split("\n")[0] })),
    );
  }
  const raw = doc.toJS() as RawCatalog;
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, "utf8")) as object);
  if (!validate(raw)) {
    throw new CatalogError(file, dedupe(validate.errors ?? []).map((e) => schemaProblem(e, locate)));
  }
  return { file, raw, locate };
}

function locator(doc: Document, lines: LineCounter) {
  return (path: readonly (string | number | { key: string })[]): { line: number; col: number } => {
    const last = path[path.length - 1];
    const keys = (typeof last === "object" ? path.slice(0, -1) : path) as (string | number)[];
    if (typeof last === "object") {
      const map = doc.getIn(keys, true);
      const pair = isMap(map) ? map.items.find((p) => isScalar(p.key) && p.key.value === last.key) : undefined;
      if (pair && isNode(pair.key) && pair.key.range) return lines.linePos(pair.key.range[0]);
    }
    // Walk up until a node exists: a missing property is reported at its parent.
    for (let n = keys.length; n >= 0; n--) {
      const node = doc.getIn(keys.slice(0, n), true);
      if (isNode(node) && node.range) return lines.linePos(node.range[0]);
    }
    return { line: 1, col: 1 };
  };
}

function schemaProblem(e: ErrorObject, locate: LoadedCatalog["locate"]): CatalogProblem {
  const path: (string | number)[] = e.instancePath.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const action = path[0] === "actions" ? path[1] : undefined;
  const where = path.length > 0 ? path.join(".") : "(root)";
  let detail = e.message ?? "is invalid";
  if (e.keyword === "additionalProperties") detail = `has unknown key "${String(e.params.additionalProperty)}"`;
  if (e.keyword === "required") detail = `is missing required key "${String(e.params.missingProperty)}"`;
  if (e.keyword === "enum") detail = `must be one of ${(e.params.allowedValues as unknown[]).join(", ")}`;
  // An unknown key is reported where the key itself stands.
  const at = e.keyword === "additionalProperties" ? [...path, { key: String(e.params.additionalProperty) }] : path;
  return { ...locate(at), action: action as string | undefined, message: `${where} ${detail}` };
}

// Ajv reports a failed oneOf/anyOf branch by branch; keep the most specific error of each location.
function dedupe(errors: readonly ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
