// Validates results against the published schemas with an independent validator (Ajv2020), besides the
// SDK client's own draft-07 validation of structuredContent against each tool's outputSchema.
import { Ajv2020 } from "ajv/dist/2020.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { outputSchemas } from "./generated.js";

const ajv = new Ajv2020({ allErrors: true, strict: false });
const cache = new Map<string, ReturnType<typeof ajv.compile>>();

/** Throws unless a successful result's structuredContent matches the action's own output schema. */
export function assertOutputConforms(id: string, result: CallToolResult): void {
  if (result.isError) {
    if (result.structuredContent !== undefined) throw new Error(`${id}: an error result carries structuredContent`);
    return;
  }
  let validate = cache.get(id);
  if (!validate) {
    validate = ajv.compile(outputSchemas[id] as object);
    cache.set(id, validate);
  }
  if (!validate(result.structuredContent)) {
    throw new Error(`${id}: structuredContent does not match its output schema: ${ajv.errorsText(validate.errors)}`);
  }
}
