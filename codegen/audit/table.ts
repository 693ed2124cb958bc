// The per-endpoint parameter table that the codegen check audits the catalog against
// (codegen/inputs/gitlab-params.json, written by codegen/audit/extract.ts): its shape, and how an
// endpoint is keyed so that a catalog request and a source's URL meet.

/** One parameter as one source describes it. */
export interface SourceParam {
  readonly name: string;
  readonly in: "path" | "query" | "body";
  readonly required: boolean;
  readonly type?: string;
  readonly enum?: readonly string[];
  readonly format?: string;
  readonly deprecated?: true;
}

/** One request as one source describes it: `path` has `*`, `{name}` or `:name` for each value. */
export interface SourceRow {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly path: string;
  readonly params: readonly SourceParam[];
  /** Where the source says it (a gitbeaker method, a python-gitlab manager), for the reader. */
  readonly origin?: string;
}

export interface TableParam extends SourceParam {
  readonly sources: readonly string[];
}

export interface TableEndpoint {
  readonly sources: readonly string[];
  readonly params: readonly TableParam[];
}

export interface ParamTable {
  readonly sources: Readonly<Record<string, { version: string; note: string }>>;
  /** `GET /projects/:id/merge_requests` → what the sources document. */
  readonly endpoints: Readonly<Record<string, TableEndpoint>>;
}

/** The matching key of a path: every `{name}`, `:name` or `*` segment becomes `*`; no trailing slash. */
export function pathKey(path: string): string {
  return (
    "/" +
    path
      .split("/")
      .filter((s) => s !== "")
      .map((s) => (/^(\{[^}]+\}|:[A-Za-z_0-9]+|\*)$/.test(s) || s.includes("*") || s.includes("{") ? "*" : s))
      .join("/")
  );
}

/** `GET /projects/*\/merge_requests` from `GET` and any spelling of the path. */
export const endpointKey = (method: string, path: string): string => `${method.toUpperCase()} ${pathKey(path)}`;
