// Every domain's generated module loaded at once, for tests that check the whole catalog. The server
// loads them one domain at a time, on first use (runtime/catalog/index.ts).
import { domainCode, domains } from "../../generated/index.js";
import type { FormatterRecord, JsonSchema, Validator } from "../../runtime/catalog/types.js";

const modules = await Promise.all(domains.map((d) => domainCode[d.name]()));

export const formatters: Readonly<Record<string, FormatterRecord>> = Object.assign({}, ...modules.map((m) => m.formatters));
export const outputSchemas: Readonly<Record<string, JsonSchema>> = Object.assign({}, ...modules.map((m) => m.outputSchemas));
export const inputValidators: Readonly<Record<string, Validator>> = Object.assign({}, ...modules.map((m) => m.inputValidators));
