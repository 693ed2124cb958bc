// The finder's vocabulary is catalog data (issue 24): catalog/lexicon/*.yaml, validated by
// codegen/lexicon.schema.json and compiled by codegen. The runtime's finder holds no word of any language,
// and the lexicon covers GitLab's core concepts and verbs in every language it promises.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { Ajv } from "ajv";
import { parse } from "yaml";

const root = new URL("../../../", import.meta.url).pathname;
const dir = join(root, "catalog/lexicon");
const files = readdirSync(dir).filter((f) => f.endsWith(".yaml")).sort().map((f) => ({ f, data: parse(readFileSync(join(dir, f), "utf8")) as Record<string, Record<string, Record<string, unknown>>> }));
const schema = JSON.parse(readFileSync(join(root, "codegen/lexicon.schema.json"), "utf8")) as object;
const LANGUAGES = ["en", "es", "de", "fr", "pt", "it", "ja", "zh", "ko", "ru"];

/** Every term of the lexicon, lower-cased. */
const terms = new Set<string>();
const collect = (v: unknown): void => {
  if (typeof v === "string") terms.add(v.toLowerCase());
  else if (Array.isArray(v)) v.forEach(collect);
  else if (v && typeof v === "object") Object.values(v).forEach(collect);
};
for (const { data } of files) for (const key of ["concepts", "verbs", "stop", "question"]) collect(data[key]);

describe("the lexicon is catalog data", () => {
  it("every lexicon file passes its schema", () => {
    const validate = new Ajv({ allErrors: true }).compile(schema);
    for (const { f, data } of files) assert.ok(validate(data), `${f}: ${JSON.stringify(validate.errors)}`);
  });

  it("the schema refuses a verb without an intent and a language it does not know", () => {
    const validate = new Ajv({ allErrors: true }).compile(schema);
    assert.equal(validate({ verbs: { merge: { en: ["merge"] } } }), false);
    assert.equal(validate({ concepts: { branch: { en: ["branch"], xx: ["brunch"] } } }), false);
    assert.equal(validate({ concepts: { branch: { en: ["branch"], de: ["Branch"] } } }), true);
  });

  it("the core concepts and verbs have terms in the ten languages", () => {
    const concepts = Object.assign({}, ...files.map(({ data }) => data.concepts ?? {})) as Record<string, Record<string, unknown>>;
    const verbs = Object.assign({}, ...files.map(({ data }) => data.verbs ?? {})) as Record<string, Record<string, unknown>>;
    const core = { ...pick(concepts, ["merge_request", "issue", "pipeline", "job", "branch", "commit", "repository", "file", "project", "group", "user", "member", "label", "release", "variable"]), ...pick(verbs, ["list", "get", "create", "update", "delete", "close", "merge", "approve", "retry", "cancel"]) };
    const missing = Object.entries(core).flatMap(([k, byLang]) => LANGUAGES.filter((l) => !byLang[l]).map((l) => `${k}/${l}`));
    assert.deepEqual(missing, []);
  });
});

function pick(from: Record<string, Record<string, unknown>>, keys: string[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(keys.map((k) => [k, from[k] ?? {}]));
}

describe("runtime/finder keeps no vocabulary", () => {
  const sources = ["runtime/finder.ts", ...readdirSync(join(root, "runtime/finder")).filter((f) => f.endsWith(".ts")).map((f) => `runtime/finder/${f}`)];
  // Names of the data's own structure (languages, index fields, intents, kinds of reference, a reason's
  // field, MiniSearch's combineWith) are not words.
  const lexicon = Object.assign({}, ...files.map(({ data }) => data)) as Record<string, Record<string, unknown>>;
  const structural = new Set([...LANGUAGES, "nl", "name", "title", "tags", "params", "description", "examples", "id", "alias", "OR", "read", "write", "destructive", ...Object.keys(lexicon.references ?? {}), ...Object.keys(lexicon.implied ?? {})]);

  it("no string of runtime/finder is a term of the lexicon", () => {
    const found: string[] = [];
    for (const file of sources) {
      const code = readFileSync(join(root, file), "utf8").replace(/^\s*(\/\/|\*|\/\*).*$/gm, "").replace(/^import .*$/gm, "");
      for (const [, s] of code.matchAll(/"([^"\\\n]*)"|'([^'\\\n]*)'/g)) {
        if (s !== undefined && terms.has(s.toLowerCase()) && !structural.has(s)) found.push(`${file}: "${s}"`);
      }
    }
    assert.deepEqual(found, [], "move these words to catalog/lexicon/");
  });

  it("no list of words in runtime/finder", () => {
    for (const file of sources) {
      const code = readFileSync(join(root, file), "utf8");
      for (const [list] of code.matchAll(/\[\s*"[^"]*"(\s*,\s*"[^"]*"){4,}\s*\]/g)) {
        const strings = [...list.matchAll(/"([^"]*)"/g)].map((m) => m[1]).filter((x) => !structural.has(x));
        assert.deepEqual(strings, [], `${file} holds a list of words: ${list}`);
      }
      assert.doesNotMatch(code, /new Set\(\s*["'`]/, `${file} builds a set from a string of words`);
    }
  });
});
