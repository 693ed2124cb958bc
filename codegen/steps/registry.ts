// Writes the declarative catalog data: generated/registry.ts (actions and domains) and
// generated/schemas.ts, loaded at start; per domain, generated/domains/<domain>.ts (presentation records
// and output schemas), loaded when one of its actions first runs; and generated/index.ts.
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { envelopeSchema } from "../lib/schemas.js";
import { banner, type Output } from "../lib/emit.js";
import type { CatalogModel } from "../lib/model.js";
import { PARAM_FORMATS, ROLE_NAMES } from "../lib/vocabulary.js";

/** Compiles a template of templates/ with noEscape: escaping belongs to the runtime writer. */
export function template(name: string): HandlebarsTemplateDelegate {
  return Handlebars.compile(readFileSync(new URL(`../../templates/${name}`, import.meta.url), "utf8"), { noEscape: true, strict: true });
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

/** The view model and outputs of this step. */
export function registryOutputs(model: CatalogModel): Output[] {
  const b = banner(model.docsVersion);
  return [
    { path: "generated/registry.ts", content: template("registry.ts.hbs")({ banner: b, domains: json(model.domains), actions: json(model.actions), webLinks: json(model.webLinks) }) },
    ...model.domains.map((d) => {
      const own = model.actions.filter((a) => a.domain === d.name);
      return {
        path: `generated/domains/${d.name}.ts`,
        content: template("domain.ts.hbs")({
          banner: b,
          domain: d.name,
          formatters: own.map((a) => ({ id: a.id, title: a.title, record: json(model.formatters[a.id]) })),
          outputSchemas: json(Object.fromEntries(own.map((a) => [a.id, model.outputSchemas[a.id]]))),
        }),
      };
    }),
    { path: "generated/domains/index.ts", content: template("domains-index.ts.hbs")({ banner: b, domains: model.domains }) },
    {
      path: "generated/schemas.ts",
      content: template("schemas.ts.hbs")({
        banner: b,
        inputSchemas: json(model.inputSchemas),
        listedOutputSchemas: json(model.listedOutputSchemas),
        envelope: json(envelopeSchema),
      }),
    },
    { path: "generated/index.ts", content: template("index.ts.hbs")({ banner: b, docsVersion: model.docsVersion }) },
    {
      path: "generated/fine-grained.ts",
      content: template("fine-grained.ts.hbs")({
        banner: b,
        release: model.fineGrained.release,
        sources: json(model.fineGrained.sources),
        permissions: json(model.fineGrained.permissions),
      }),
    },
    { path: "generated/vocabulary.ts", content: template("vocabulary.ts.hbs")({ banner: b, roles: json(ROLE_NAMES), formats: json(PARAM_FORMATS) }) },
    {
      path: "generated/README.md",
      content:
        "# generated/\n\nDO NOT EDIT – run `npm run codegen`.\n\nEverything here is written by `codegen/` from `catalog.yaml` " +
        "and committed, so reviewers read the generated diff as the real change. `npm run codegen:check` fails when " +
        "these files differ from what the catalog produces.\n",
    },
  ];
}
