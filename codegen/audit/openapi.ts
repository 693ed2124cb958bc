// GitLab's own OpenAPI 3 description (doc/api/openapi/openapi_v3.yaml in GitLab's repository) as
// source rows: each operation's path, query and body parameters, `$ref`s into components resolved.
import { parse } from "yaml";
import type { SourceParam, SourceRow } from "./table.js";

type Obj = Record<string, unknown>;
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The rows of an OpenAPI 3 document, its info.version and the operations it holds. */
export function openapiRows(text: string): { version: string; rows: SourceRow[] } {
  const doc = parse(text, { maxAliasCount: -1 }) as Obj;
  const deref = (o: unknown): Obj => {
    let cur = (o ?? {}) as Obj;
    for (let i = 0; i < 8 && typeof cur.$ref === "string"; i++) {
      cur = (cur.$ref as string)
        .replace(/^#\//, "")
        .split("/")
        .reduce<unknown>((at, key) => (at as Obj | undefined)?.[key], doc) as Obj;
      cur ??= {};
    }
    return cur;
  };
  const describe = (schema: Obj): Pick<SourceParam, "type" | "enum" | "format"> => {
    const s = deref(schema);
    const type = typeof s.type === "string" ? s.type : Array.isArray(s.oneOf) ? (s.oneOf as Obj[]).map((x) => deref(x).type).join("|") : undefined;
    return {
      ...(type ? { type } : {}),
      ...(Array.isArray(s.enum) ? { enum: (s.enum as unknown[]).map(String) } : {}),
      ...(typeof s.format === "string" ? { format: s.format } : {}),
    };
  };
  const rows: SourceRow[] = [];
  for (const [rawPath, item] of Object.entries((doc.paths ?? {}) as Record<string, Obj>)) {
    const path = rawPath.replace(/^\/api\/v4/, "");
    for (const m of METHODS) {
      const op = item[m] as Obj | undefined;
      if (!op) continue;
      const params: SourceParam[] = [];
      for (const raw of [...((item.parameters ?? []) as unknown[]), ...((op.parameters ?? []) as unknown[])]) {
        const p = deref(raw);
        if (p.in !== "path" && p.in !== "query") continue;
        params.push({ name: String(p.name).replace(/\[\]$/, ""), in: p.in, required: p.required === true, ...describe((p.schema ?? {}) as Obj), ...(p.deprecated === true ? { deprecated: true as const } : {}) });
      }
      const body = deref(op.requestBody);
      const content = (body.content ?? {}) as Record<string, Obj>;
      const media = content["application/json"] ?? content["multipart/form-data"] ?? Object.values(content)[0];
      if (media) {
        const schema = deref(media.schema);
        const required = new Set((schema.required ?? []) as string[]);
        for (const [name, prop] of Object.entries((schema.properties ?? {}) as Record<string, Obj>)) {
          const d = deref(prop);
          params.push({ name: name.replace(/\[\]$/, ""), in: "body", required: required.has(name), ...describe(d), ...(d.deprecated === true ? { deprecated: true as const } : {}) });
        }
      }
      rows.push({ method: m.toUpperCase() as SourceRow["method"], path: path.replace(/\{([^}]+)\}/g, (_, n: string) => `{${n}}`), params, origin: String(op.operationId ?? "") });
    }
  }
  return { version: String((doc.info as Obj | undefined)?.version ?? "?"), rows };
}
