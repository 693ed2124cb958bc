// Resolves an action's parameters: `use:` references to the shared params, defaults for `in` and
// `gitlab_name`, and the params that REST pagination and GraphQL cursors add implicitly.
import type { ParamRecord } from "../../runtime/catalog/types.js";
import type { RawAction, RawCatalog, RawParam } from "./raw.js";

/** A parameter with its references resolved; `spec` keeps the schema-relevant keys. */
export interface ResolvedParam {
  readonly record: ParamRecord;
  readonly spec: RawParam;
}

/** Resolves the params of one action in declaration order. */
export function resolveParams(catalog: RawCatalog, action: RawAction): ResolvedParam[] {
  const out: ResolvedParam[] = [];
  for (const [name, declared] of Object.entries(action.params ?? {})) {
    const spec = resolve(catalog, declared, `${name}`);
    const isGraphql = Boolean(action.request.graphql);
    out.push({
      spec,
      record: {
        name,
        gitlabName: spec.gitlab_name ?? name,
        in: spec.in ?? (isGraphql ? "body" : action.request.rest?.method === "GET" || action.request.rest?.method === "DELETE" ? "query" : "body"),
        type: spec.type ?? "string",
        required: spec.required ?? false,
        aliases: spec.aliases ?? [],
        ...(spec.as_array ? { asArray: true as const } : {}),
        ...(spec.secret ? { secret: true as const } : {}),
      },
    });
  }
  return out;
}

/** Merges a `use:` reference with its overrides (recursively for items/properties). */
export function resolve(catalog: RawCatalog, p: RawParam, where: string): RawParam {
  let spec: RawParam = { ...p };
  if (p.use) {
    const base = catalog.params[p.use];
    if (!base) throw new Error(`${where}: unknown shared param "${p.use}"`);
    spec = { ...resolve(catalog, base, p.use), ...p };
    delete spec.use;
  }
  if (spec.items) spec.items = resolve(catalog, spec.items, `${where}[]`);
  if (spec.properties) {
    spec.properties = Object.fromEntries(Object.entries(spec.properties).map(([k, v]) => [k, resolve(catalog, v, `${where}.${k}`)]));
  }
  return spec;
}
