// Emits an OpenAPI 3.0 description of exactly the GitLab REST endpoints the catalog calls, in GitLab's
// own names (`{id}`, `branch`), from the catalog's types. It feeds openapi-typescript and is a useful
// artifact on its own: generated/gitlab-openapi.json.
import type { CatalogModel } from "./model.js";
import type { RawCatalog, RawField } from "./raw.js";
import { resolveParams } from "./params.js";
import { ROLE_LEVELS } from "./vocabulary.js";

type Obj = Record<string, unknown>;

/** The OpenAPI document for the REST actions of the catalog. */
export function openapiDocument(raw: RawCatalog, model: CatalogModel): Obj {
  const paths: Record<string, Obj> = {};
  for (const a of model.actions) {
    if (a.request.kind !== "rest") continue;
    const rawAction = raw.actions[a.id];
    const params = resolveParams(raw, rawAction);
    const rename = new Map(params.map((p) => [p.record.name, p.record.gitlabName]));
    const path = a.request.path.replace(/\{([a-z_0-9]+)\}/g, (_, n: string) => `{${rename.get(n) ?? n}}`);
    const scalarOf = (p: (typeof params)[number]): Obj =>
      p.record.type === "id" ? { oneOf: [{ type: "integer" }, { type: "string" }] } : (JSON.parse(JSON.stringify(paramSchema(p.spec))) as Obj);
    // An as_array param is one value of GitLab's array parameter (iids[]).
    const schemaOf = (p: (typeof params)[number]): Obj => (p.record.asArray ? { type: "array", items: scalarOf(p) } : scalarOf(p));
    const parameters = params
      .filter((p) => p.record.in === "path" || p.record.in === "query")
      .map((p) => ({ name: p.record.gitlabName, in: p.record.in, required: p.record.in === "path" || p.record.required, schema: schemaOf(p) }));
    const body = params.filter((p) => p.record.in === "body");
    const out = rawAction.output;
    const single = a.request.singleFromList;
    const okSchema: Obj = out.status ? {} : out.list ? { type: "array", items: ref(out.list) } : single ? { type: "array", items: ref(out.object!) } : ref(out.object!);
    // GitLab answers a DELETE with 204, or 202 when it works in the background (merged_branches).
    const status = a.request.method === "POST" ? "201" : a.request.method === "DELETE" ? "2XX" : "200";
    const op: Obj = {
      operationId: a.id,
      summary: a.title,
      ...(a.docsUrl ? { externalDocs: { url: a.docsUrl } } : {}),
      parameters,
      responses: {
        [status]: status === "2XX" ? { description: "Deleted, or accepted for deletion" } : { description: "Success", content: { "application/json": { schema: okSchema } } },
      },
    };
    if (body.length > 0) {
      op.requestBody = {
        required: body.some((p) => p.record.required),
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: Object.fromEntries(body.map((p) => [p.record.gitlabName, schemaOf(p)])),
              required: body.filter((p) => p.record.required).map((p) => p.record.gitlabName),
            },
          },
        },
      };
    }
    paths[path] = { ...(paths[path] ?? {}), [a.request.method.toLowerCase()]: op };
  }
  const schemas = Object.fromEntries(
    Object.entries(raw.types).map(([name, t]) => [
      name,
      {
        type: "object",
        description: t.description,
        properties: Object.fromEntries(Object.entries(t.fields).map(([f, spec]) => [f, fieldSchema(spec)])),
        required: Object.entries(t.fields).filter(([, s]) => s.guaranteed).map(([f]) => f),
      },
    ]),
  );
  return {
    openapi: "3.0.3",
    info: { title: "GitLab REST API v4 (the endpoints gitlab-mcp-server calls)", version: model.docsVersion },
    servers: [{ url: "https://gitlab.com/api/v4" }],
    paths: Object.fromEntries(Object.entries(paths).sort(([x], [y]) => (x < y ? -1 : 1))),
    components: { schemas },
  };
}

const ref = (name: string): Obj => ({ $ref: `#/components/schemas/${name}` });

function fieldSchema(f: RawField): Obj {
  if (f.ref) return { allOf: [ref(f.ref)], nullable: !f.guaranteed };
  const s: Obj = { type: f.type ?? "string", nullable: !f.guaranteed };
  if (f.type === "array") s.items = f.items ? fieldSchema(f.items) : { type: "string" };
  if (f.format) s.format = f.format;
  return s;
}

function paramSchema(p: { type?: string; items?: unknown; properties?: Record<string, unknown>; enum?: unknown[] }): Obj {
  if (p.type === "array") return { type: "array", items: paramSchema((p.items ?? {}) as typeof p) };
  if (p.type === "object") {
    return { type: "object", properties: Object.fromEntries(Object.entries(p.properties ?? {}).map(([k, v]) => [k, paramSchema(v as typeof p)])) };
  }
  if (p.type === "role") return { type: "integer", enum: [...ROLE_LEVELS] };
  return { type: p.type === "id" ? "string" : (p.type ?? "string"), ...(p.enum ? { enum: p.enum } : {}) };
}
