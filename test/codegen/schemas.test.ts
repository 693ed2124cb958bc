// Input schemas of object parameters: the keys an item must carry are published as `required`, so a
// commit action without action or file_path is refused before anything reaches GitLab (issue 10).
import assert from "node:assert/strict";
import { it } from "node:test";
import { inputSchema } from "../../codegen/lib/schemas.js";
import type { ResolvedParam } from "../../codegen/lib/params.js";
import type { RawParam } from "../../codegen/lib/raw.js";

const param = (name: string, spec: RawParam): ResolvedParam => ({
  spec,
  record: { name, gitlabName: name, in: "body", type: spec.type ?? "string", required: spec.required ?? false, aliases: [] },
});

const cases: [string, { given: RawParam; want: unknown }][] = [
  [
    "an item with required keys lists them",
    {
      given: { type: "array", items: { type: "object", properties: { action: { type: "string", required: true, enum: ["create"] }, file_path: { type: "string", required: true }, content: { type: "string" } } } },
      want: { type: "array", items: { type: "object", properties: { action: { type: "string", enum: ["create"] }, file_path: { type: "string" }, content: { type: "string" } }, required: ["action", "file_path"], additionalProperties: false } },
    },
  ],
  [
    "an item without required keys has no required list",
    {
      given: { type: "array", items: { type: "object", properties: { user_id: { type: "integer" } } } },
      want: { type: "array", items: { type: "object", properties: { user_id: { type: "integer" } }, additionalProperties: false } },
    },
  ],
];

for (const [name, { given, want }] of cases) {
  it(name, () => {
    const schema = inputSchema([param("actions", given)]) as { properties: Record<string, unknown> };
    assert.deepEqual(schema.properties.actions, want);
  });
}
