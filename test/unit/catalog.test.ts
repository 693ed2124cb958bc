// Whole-catalog invariants (STYLE rule 26, CMP-15): every action and every schema, walked.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { actions, domains, inputSchemas } from "../../generated/index.js";
import { formatters, outputSchemas } from "../helpers/generated.js";

const TOOL = /^[a-zA-Z0-9_-]{1,64}$/;
const ALLOWED = new Set([
  "type", "properties", "required", "additionalProperties", "enum", "const", "items", "minimum", "maximum", "minLength",
  "maxLength", "pattern", "minItems", "maxItems", "format", "description", "title", "default", "anyOf", "oneOf", "$defs", "$ref",
]);

type Schema = Record<string, unknown>;

/** Walks a schema, calling visit on every subschema with its path. */
function walk(schema: Schema, path: string, visit: (s: Schema, path: string) => void): void {
  visit(schema, path);
  for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) walk(v, `${path}.${k}`, visit);
  if (schema.items) walk(schema.items as Schema, `${path}[]`, visit);
  for (const alt of [...((schema.anyOf as Schema[]) ?? []), ...((schema.oneOf as Schema[]) ?? [])]) walk(alt, `${path}|`, visit);
}

describe("catalog invariants", () => {
  it("tool names match the pattern and are unique on every surface", () => {
    const names = new Set<string>();
    for (const a of actions) {
      for (const name of [`gitlab_${a.domain}_${a.action}`]) {
        assert.match(name, TOOL);
        assert.ok(!names.has(name), `duplicate tool name ${name}`);
        names.add(name);
      }
      assert.match(a.id, /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/);
    }
    for (const d of domains) assert.match(`gitlab_${d.name}`, TOOL);
  });

  it("every action declares classification, content kind, scope, output and presentation", () => {
    for (const a of actions) {
      assert.ok(["read", "write", "destructive"].includes(a.classification), a.id);
      assert.ok(["list", "detail", "mutate", "assistant", "image"].includes(a.contentKind), a.id);
      // A read GitLab takes as a POST (a hook test, a CI lint) may need api: GitLab refuses read_api tokens there.
      const postRead = a.classification === "read" && a.request.kind === "rest" && a.request.method !== "GET";
      if (!postRead) assert.equal(a.scope, a.classification === "read" ? "read_api" : "api", `${a.id}: scope follows classification`);
      assert.ok(outputSchemas[a.id] && inputSchemas[a.id] && formatters[a.id], a.id);
      if (a.classification === "read") assert.equal(a.idempotent, true, a.id);
    }
  });

  it("resource template variables are parameters of the action (CAT-15)", () => {
    for (const a of actions) {
      for (const m of (a.resourceTemplate ?? "").matchAll(/\{([a-z_0-9]+)\}/g)) {
        assert.ok(a.params.some((p) => p.name === m[1]), `${a.id}: {${m[1]}} is not a param`);
      }
    }
  });

  it("next steps and not-found hints name actions the catalog has (CAT-6)", () => {
    const ids = new Set(actions.map((a) => a.id));
    for (const [id, f] of Object.entries(formatters)) {
      for (const s of [...f.nextSteps, ...(f.notFound?.hints ?? [])]) if (s.action) assert.ok(ids.has(s.action), `${id} -> ${s.action}`);
    }
  });

  it("input schemas are flat, closed, inlined and typed (CMP-12..14)", () => {
    for (const a of actions) {
      const s = inputSchemas[a.id] as Schema;
      assert.equal(s.type, "object", a.id);
      assert.equal(s.additionalProperties, false, a.id);
      assert.ok(s.properties && typeof s.properties === "object", a.id);
      for (const k of ["anyOf", "oneOf", "allOf", "not", "$ref", "$defs", "$schema"]) assert.ok(!(k in s), `${a.id}: root ${k}`);
      walk(s, a.id, (sub, path) => {
        for (const k of Object.keys(sub)) assert.ok(ALLOWED.has(k), `${path}: keyword ${k} is outside the shared dialect`);
        assert.ok("type" in sub, `${path}: no type`);
        if (sub.type === "array") assert.ok(sub.items, `${path}: array without items`);
        if (sub.type === "object") assert.ok(sub.properties, `${path}: object without properties`);
        assert.ok(!("$ref" in sub), `${path}: $ref in an input schema`);
      });
    }
  });

  it("output schemas have an object root and stay in the shared dialect (CMP-8, CMP-13)", () => {
    for (const a of actions) {
      const s = outputSchemas[a.id] as Schema;
      assert.equal(s.type, "object", a.id);
      walk(s, a.id, (sub, path) => {
        for (const k of Object.keys(sub)) assert.ok(ALLOWED.has(k), `${path}: keyword ${k} is outside the shared dialect`);
        assert.ok("type" in sub || "$ref" in sub, `${path}: no type`);
        const types = [sub.type].flat();
        if (types.includes("array")) assert.ok(sub.items, `${path}: array without items`);
      });
      // A list may carry fields beside its rows (output.with, written by a procedure) after these four.
      if (a.output.kind === "list") assert.deepEqual(Object.keys(s.properties as Schema).slice(0, 4), ["next_steps", a.output.key, "pagination", "truncation"], a.id);
      if (a.output.kind === "object") assert.equal(Object.keys(s.properties as Schema)[0], "next_steps", a.id);
    }
  });

  it("the vendored target list matches shared/spec/action-ids.tsv when it is at hand", () => {
    const vendored = new URL("../../../codegen/inputs/action-ids.tsv", import.meta.url);
    const shared = new URL("../../../../shared/spec/action-ids.tsv", import.meta.url);
    if (!existsSync(shared)) return;
    assert.equal(readFileSync(vendored, "utf8"), readFileSync(shared, "utf8"), "refresh codegen/inputs/action-ids.tsv from shared/spec and run npm run codegen");
  });

  it("classification, tier and GraphQL flag agree with the target list (CAT-2)", () => {
    const rows = readFileSync(new URL("../../../codegen/inputs/action-ids.tsv", import.meta.url), "utf8").trim().split("\n").slice(1).map((r) => r.split("\t"));
    const byId = new Map(rows.map((r) => [r[0], r]));
    for (const a of actions) {
      const row = byId.get(a.id);
      assert.ok(row, `${a.id} is not in the target list`);
      assert.equal(a.classification, row[3], a.id);
      assert.equal(a.graphql, row[5] === "yes", a.id);
    }
  });
});
