// Writes the TypeScript types of the catalog: GitLab REST types through openapi-typescript (from the
// OpenAPI description codegen emits), GraphQL operation types through graphql-codegen (against the
// vendored SDL subset), and per-action parameter types built with ts-morph.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "@graphql-codegen/cli";
import openapiTS, { astToString } from "openapi-typescript";
import { Project, StructureKind, type InterfaceDeclarationStructure, type OptionalKind, type PropertySignatureStructure } from "ts-morph";
import { banner, type Output } from "../lib/emit.js";
import type { CatalogModel } from "../lib/model.js";
import { openapiDocument } from "../lib/openapi.js";
import { resolveParams } from "../lib/params.js";
import type { RawCatalog, RawParam } from "../lib/raw.js";

/** Vendored GraphQL SDL subset (STYLE rule 5). */
export const GRAPHQL_SCHEMA = "codegen/inputs/gitlab-schema.graphql";

/** generated/gitlab-openapi.json, generated/gitlab-openapi.types.ts, generated/graphql.types.ts, generated/actions.types.ts. */
export async function typeOutputs(root: string, raw: RawCatalog, model: CatalogModel): Promise<Output[]> {
  const doc = openapiDocument(raw, model);
  const ast = await openapiTS(doc as never, { silent: true });
  const outputs: Output[] = [
    { path: "generated/gitlab-openapi.json", content: JSON.stringify(doc, null, 2) + "\n" },
    { path: "generated/gitlab-openapi.types.ts", content: banner(model.docsVersion) + astToString(ast) },
    { path: "generated/graphql.types.ts", content: await graphqlTypes(root, model) },
    { path: "generated/actions.types.ts", content: actionTypes(raw, model) },
  ];
  return outputs;
}

async function graphqlTypes(root: string, model: CatalogModel): Promise<string> {
  const documents = model.actions.flatMap((a) => (a.request.kind === "graphql" ? [a.request.document] : []));
  const dir = mkdtempSync(join(tmpdir(), "gitlab-mcp-gql-"));
  try {
    const docFile = join(dir, "operations.graphql");
    writeFileSync(docFile, documents.join("\n\n") + "\n");
    const [file] = await generate(
      {
        schema: join(root, GRAPHQL_SCHEMA),
        documents: [docFile],
        silent: true,
        generates: {
          [join(dir, "out.ts")]: {
            plugins: ["typescript-operations"],
            config: { onlyOperationTypes: true, enumsAsTypes: true, defaultScalarType: "string", avoidOptionals: false, useTypeImports: true },
          },
        },
      },
      false,
    );
    return banner(model.docsVersion) + (file as { content: string }).content;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pascal = (id: string) =>
  id
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");

function tsType(p: RawParam): string {
  if (p.enum) return p.enum.map((v) => JSON.stringify(v)).join(" | ");
  switch (p.type ?? "string") {
    case "id":
    case "role":
      return "string | number";
    case "array":
      return `Array<${tsType(p.items ?? { type: "string" })}>`;
    case "object":
      return `{ ${Object.entries(p.properties ?? {})
        .map(([k, v]) => `${k}?: ${tsType(v)}`)
        .join("; ")} }`;
    case "integer":
      return "number";
    default:
      return p.type ?? "string";
  }
}

function actionTypes(raw: RawCatalog, model: CatalogModel): string {
  const project = new Project({ useInMemoryFileSystem: true });
  // All declarations as structures, added in one manipulation: ts-morph re-parses the file after each
  // one, so adding a thousand interfaces one by one took most of codegen's time at the full catalog.
  const interfaces: InterfaceDeclarationStructure[] = model.actions.map((a) => ({
    kind: StructureKind.Interface,
    name: `${pascal(a.id)}Params`,
    isExported: true,
    docs: [`Parameters of \`${a.id}\`: ${a.title}.${a.docsUrl ? `\n@see ${a.docsUrl}` : ""}`],
    properties: resolveParams(raw, raw.actions[a.id]).map(
      (p): OptionalKind<PropertySignatureStructure> => ({
        name: p.record.name,
        type: tsType(p.spec),
        hasQuestionToken: !p.record.required,
        docs: p.spec.description ? [p.spec.description] : [],
      }),
    ),
  }));
  const file = project.createSourceFile("actions.types.ts", {
    statements: [
      banner(model.docsVersion),
      ...interfaces,
      {
        kind: StructureKind.TypeAlias,
        name: "ActionId",
        isExported: true,
        docs: ["Every canonical action ID of the catalog."],
        type: model.actions.map((a) => JSON.stringify(a.id)).join(" | "),
      },
      {
        kind: StructureKind.Interface,
        name: "ActionParams",
        isExported: true,
        docs: ["The parameter type of each action, keyed by canonical ID."],
        properties: model.actions.map((a) => ({ name: JSON.stringify(a.id), type: `${pascal(a.id)}Params` })),
      },
    ],
  });
  return file.getFullText();
}
