// Precompiles every input schema into standalone ajv validators (generated/domains/*.validators.js), so the server
// never compiles a schema at start (issue 5's start-up budget). Output schemas are not compiled here:
// the tests check every result against them with the SDK client's own validator and with Ajv2020, and
// the server does not re-validate what it wrote itself.
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import standaloneCode from "ajv/dist/standalone/index.js";
import { banner, type Output } from "../lib/emit.js";
import type { CatalogModel } from "../lib/model.js";
import { enforcedSchema } from "../lib/schemas.js";

const exportName = (prefix: string, id: string) => `${prefix}_${id.replace(/\./g, "__")}`;

/** generated/domains/<domain>.validators.js: one module per domain, loaded with the domain's code. */
export function validatorOutputs(model: CatalogModel): Output[] {
  return model.domains.map((d) => {
    const own = model.actions.filter((a) => a.domain === d.name);
    const ajv = new Ajv({ code: { source: true, esm: true, lines: false }, allErrors: true, strict: true, allowUnionTypes: true, messages: false });
    addFormats.default(ajv);
    const exports: Record<string, string> = {};
    for (const a of own) {
      const pathParams = new Set(a.params.filter((p) => p.in === "path").map((p) => p.name));
      ajv.addSchema({ ...enforcedSchema(model.inputSchemas[a.id], pathParams), $id: `in:${a.id}` });
      exports[exportName("input", a.id)] = `in:${a.id}`;
    }
    // ajv's ESM output still loads its runtime helpers with require("ajv/dist/runtime/<name>").default;
    // turn each into an import, so a bundler includes the helper and nothing is resolved at run time.
    const helpers = new Map<string, string>();
    const code = standaloneCode(ajv, exports)
      .replace(/^"use strict";/, "")
      .replace(/require\("(ajv\/dist\/runtime\/[a-z0-9_]+)"\)\.default/g, (_, path: string) => {
        const name = `runtime_${path.split("/").pop()!}`;
        helpers.set(name, path);
        return name;
      });
    // Each validator's return type is declared, so TypeScript never infers one by walking the body: a
    // schema with hundreds of bounded properties (admin.settings_update) is too deep for that walk.
    const typed = code.replace(/(?<![\w.$])function (validate\d+)\(/g, "/** @returns {boolean} */ function $1(");
    if (/require\(/.test(typed)) throw new Error(`generated/domains/${d.name}.validators.js: ajv emitted a require() this step does not turn into an import`);
    const table = `{\n${own.map((a) => `  ${JSON.stringify(a.id)}: ${exportName("input", a.id)},`).join("\n")}\n}`;
    const js = [
      banner(model.docsVersion),
      // The helpers are CommonJS: Node hands an ES module their exports object, whose `default` is the helper.
      ...[...helpers].map(([name, path]) => `import ${name}_cjs from "${path}.js";\nconst ${name} = ${name}_cjs.default ?? ${name}_cjs;`),
      typed,
      // Declared, so TypeScript never infers a validator's return type by walking its body: a schema with
      // hundreds of properties (admin.settings_update) is a flat function too long for that walk.
      `/** @type {Readonly<Record<string, (data: unknown, ctx?: unknown) => boolean>>} */\nexport const inputValidators = ${table};`,
    ].join("\n");
    return { path: `generated/domains/${d.name}.validators.js`, content: js };
  });
}
