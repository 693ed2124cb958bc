// Reads the catalog: catalog.yaml (the root: domains, shared parameters and shared types) and the one file
// per domain it names (catalog/<domain>.yaml: that domain's actions and the types only they use). The files
// are merged, validated against codegen/catalog.schema.json, and every problem is reported with its file,
// YAML line and column and the action id it belongs to, so a maintainer can fix the catalog in one pass.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { Ajv, type ErrorObject } from "ajv";
import { LineCounter, parseDocument, isMap, isNode, isScalar, type Document } from "yaml";
import type { RawCatalog } from "./raw.js";

/** A catalog problem, located in one of the catalog's files. */
export interface CatalogProblem {
  /** The file, relative to the catalog root's folder; the root file when absent. */
  readonly file?: string;
  readonly line: number;
  readonly col: number;
  readonly action?: string;
  readonly message: string;
}

/** Thrown when the catalog is invalid; `problems` lists every problem found. */
export class CatalogError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly CatalogProblem[],
  ) {
    super(problems.map((p) => formatProblem(file, p)).join("\n"));
  }
}

/** `catalog/branch.yaml:12:5 [branch.get] message` */
export function formatProblem(file: string, p: CatalogProblem): string {
  return `${p.file ?? file}:${p.line}:${p.col}${p.action ? ` [${p.action}]` : ""} ${p.message}`;
}

type Path = readonly (string | number | { key: string })[];
interface Where {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** A loaded catalog and a way to locate any of its nodes in the source. */
export interface LoadedCatalog {
  readonly file: string;
  readonly raw: RawCatalog;
  /** File, line and column of a node of the merged catalog; a trailing `{ key }` locates that key of a map rather than its value. */
  locate(path: Path): Where;
}

interface Source {
  readonly file: string;
  readonly doc: Document;
  readonly lines: LineCounter;
}

/** The top-level keys a domain file may hold. */
const DOMAIN_FILE_KEYS = ["types", "actions"];

/** Parses the root and every domain file, merges them, and schema-validates the result. */
export function loadCatalog(file: string, schemaFile: string): LoadedCatalog {
  const dir = dirname(file);
  const rootName = basename(file);
  const problems: CatalogProblem[] = [];
  const root = parse(file, rootName, problems);
  if (problems.length > 0) throw new CatalogError(rootName, problems);
  const raw = root.doc.toJS() as RawCatalog;
  raw.types ??= {};
  raw.actions ??= {};
  /** Where each merged action and type came from, `actions/<id>` or `types/<name>`. */
  const owner = new Map<string, Source>();
  for (const key of Object.keys(raw.actions)) owner.set(`actions/${key}`, root);
  for (const key of Object.keys(raw.types)) owner.set(`types/${key}`, root);
  const named = new Set<string>();
  for (const [domain, d] of Object.entries(raw.domains ?? {})) {
    const declared = (d as { file?: string | string[] }).file;
    for (const [index, domainFile] of (Array.isArray(declared)
      ? declared
      : declared === undefined
        ? []
        : [declared]
    ).entries()) {
      named.add(domainFile);
      const at = lineCol(
        root,
        Array.isArray(declared) ? ["domains", domain, "file", index] : ["domains", domain, "file"],
      );
      if (!existsSync(join(dir, domainFile))) {
        problems.push({
          file: rootName,
          ...at,
          message: `domains.${domain}.file names ${domainFile}, which does not exist`,
        });
        continue;
      }
      const source = parse(join(dir, domainFile), domainFile, problems);
      const content = source.doc.toJS() as Record<string, unknown> | null;
      if (content === null || typeof content !== "object" || Array.isArray(content)) {
        problems.push({
          file: domainFile,
          line: 1,
          col: 1,
          message: "a domain file is a map with actions and, optionally, types",
        });
        continue;
      }
      for (const key of Object.keys(content)) {
        if (!DOMAIN_FILE_KEYS.includes(key))
          problems.push({
            file: domainFile,
            ...lineCol(source, [{ key }]),
            message: `has unknown top-level key "${key}" (a domain file holds ${DOMAIN_FILE_KEYS.join(" and ")})`,
          });
      }
      for (const section of DOMAIN_FILE_KEYS as ("types" | "actions")[]) {
        const entries = (content[section] ?? {}) as Record<string, unknown>;
        for (const [key, value] of Object.entries(entries)) {
          const pos = lineCol(source, [section, { key }]);
          const previous = owner.get(`${section}/${key}`);
          if (previous) {
            problems.push({
              file: domainFile,
              ...pos,
              action: section === "actions" ? key : undefined,
              message: `${section}.${key} is already defined in ${previous.file}`,
            });
            continue;
          }
          if (section === "actions" && key.split(".")[0] !== domain) {
            problems.push({
              file: domainFile,
              ...pos,
              action: key,
              message: `belongs to domain ${key.split(".")[0]}, not ${domain}: move it to that domain's file`,
            });
            continue;
          }
          owner.set(`${section}/${key}`, source);
          (raw[section] as Record<string, unknown>)[key] = value;
        }
      }
    }
  }
  const folder = join(dir, "catalog");
  if (existsSync(folder)) {
    for (const name of (readdirSync(folder, { recursive: true }) as string[])
      .filter((n) => n.endsWith(".yaml") && !n.startsWith("lexicon/"))
      .sort()) {
      const rel = relative(dir, join(folder, name));
      if (!named.has(rel))
        problems.push({
          file: rel,
          line: 1,
          col: 1,
          message: `no domain of ${rootName} names this file: add it as a domain's file or remove it`,
        });
    }
  }
  if (problems.length > 0) throw new CatalogError(rootName, problems);

  const locate = (path: Path): Where => {
    const [section, key] = path;
    const source = (typeof section === "string" && typeof key === "string" && owner.get(`${section}/${key}`)) || root;
    return { file: source.file, ...lineCol(source, path) };
  };
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, "utf8")) as object);
  if (!validate(raw)) {
    throw new CatalogError(
      rootName,
      dedupe(validate.errors ?? []).map((e) => schemaProblem(e, locate)),
    );
  }
  return { file: rootName, raw, locate };
}

function parse(path: string, name: string, problems: CatalogProblem[]): Source {
  const lines = new LineCounter();
  const doc = parseDocument(readFileSync(path, "utf8"), { lineCounter: lines, uniqueKeys: true, prettyErrors: true });
  for (const e of doc.errors)
    problems.push({
      file: name,
      line: e.linePos?.[0].line ?? 1,
      col: e.linePos?.[0].col ?? 1,
      message: e.message.split("\n")[0],
    });
  return { file: name, doc, lines };
}

function lineCol({ doc, lines }: Source, path: Path): { line: number; col: number } {
  const last = path[path.length - 1];
  const keys = (typeof last === "object" ? path.slice(0, -1) : path) as (string | number)[];
  if (typeof last === "object") {
    const map = keys.length === 0 ? doc.contents : doc.getIn(keys, true);
    const pair = isMap(map) ? map.items.find((p) => isScalar(p.key) && p.key.value === last.key) : undefined;
    if (pair && isNode(pair.key) && pair.key.range) return lines.linePos(pair.key.range[0]);
  }
  // Walk up until a node exists: a missing property is reported at its parent.
  for (let n = keys.length; n >= 0; n--) {
    const node = doc.getIn(keys.slice(0, n), true);
    if (isNode(node) && node.range) return lines.linePos(node.range[0]);
  }
  return { line: 1, col: 1 };
}

function schemaProblem(e: ErrorObject, locate: LoadedCatalog["locate"]): CatalogProblem {
  const path: (string | number)[] = e.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
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
