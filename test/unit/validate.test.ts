// The validation message (VAL-7, VAL-16) for keywords the end-to-end tables do not reach: the precompiled
// validators carry no message text, so every keyword must be described by the server itself.
import assert from "node:assert/strict";
import { it } from "node:test";
import type { ErrorObject } from "ajv";
import { actions } from "../../generated/index.js";
import { invalidMessage } from "../../runtime/validate.js";

const action = actions.find((a) => a.id === "branch.get")!;
const error = (keyword: string, params: Record<string, unknown>): ErrorObject => ({ keyword, params, instancePath: "/branch_name", schemaPath: "#" });

it("describes every keyword with the field, the rule and the value", () => {
  const msg = invalidMessage("o", action, { branch_name: "x" }, [
    error("pattern", { pattern: "^[a-z]+$" }),
    error("format", { format: "date" }),
    error("minItems", { limit: 1 }),
    error("const", { allowedValue: "main" }),
    error("somethingNew", {}),
  ]);
  assert.equal(
    msg,
    'o: invalid params. Invalid values: branch_name must be a string matching ^[a-z]+$ (got "x"), branch_name must be a valid date (got "x"), ' +
      'branch_name must be a list of at least 1 item (got "x"), branch_name must be "main" (got "x"), branch_name must be valid (somethingNew) (got "x"). Valid params: branch_name, project_id.',
  );
});
