// Compiles the finder's lexicon (catalog/lexicon/*.yaml, validated by codegen/lexicon.schema.json) and
// builds its search index over the catalog's actions with MiniSearch (issue 24). Both are written to
// generated/finder-index.ts as JSON strings: the runtime parses them on the first find, never at start-up.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import MiniSearch from "minisearch";
import { parse } from "yaml";
// The index must be built with the very analyzer and options the runtime queries it with: one source for both.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { analyzer, compileLexicon, loadStemmers, type CompiledLexicon, type Intent } from "../../runtime/finder/analyze.js";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { indexOptions, type IndexedAction } from "../../runtime/finder/fields.js";
import { banner, type Output } from "../lib/emit.js";
import type { CatalogModel } from "../lib/model.js";

interface LexiconFile {
  concepts?: Record<string, Record<string, string[]>>;
  verbs?: Record<string, { intent: Intent } & Record<string, string[] | Intent>>;
  stop?: Record<string, string[]>;
  question?: Record<string, string[]>;
  routes?: Record<string, string[]>;
  subroutes?: Record<string, string[]>;
  references?: Record<string, string[]>;
  implied?: { none: string[]; plural: string[] };
}

/** Reads and validates every lexicon file; a problem names its file and field. */
export function loadLexicon(root: string): Required<LexiconFile> {
  const dir = join(root, "catalog/lexicon");
  const validate = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(join(root, "codegen/lexicon.schema.json"), "utf8")) as object);
  const merged = { concepts: {}, verbs: {}, stop: {}, question: {}, routes: {}, subroutes: {}, references: {}, implied: {} } as Required<LexiconFile>;
  const problems: string[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".yaml")).sort()) {
    const data = parse(readFileSync(join(dir, name), "utf8")) as LexiconFile;
    if (!validate(data)) {
      problems.push(...(validate.errors ?? []).map((e) => `catalog/lexicon/${name}: ${e.instancePath || "/"} ${e.message ?? "is invalid"}`));
      continue;
    }
    for (const key of Object.keys(merged) as (keyof LexiconFile)[]) {
      for (const [k, v] of Object.entries(data[key] ?? {})) {
        if (k in merged[key]) problems.push(`catalog/lexicon/${name}: ${key}.${k} is defined twice`);
        (merged[key] as Record<string, unknown>)[k] = v;
      }
    }
  }
  if (problems.length > 0) throw new Error(`the finder's lexicon has ${problems.length} problem(s):\n${problems.join("\n")}`);
  return merged;
}

/** The tuning set's requests per action ID (test/finder/eval/): tuning data, indexed as examples. */
export function examples(root: string, files = (f: string) => f.endsWith(".json")): Map<string, string[]> {
  const dir = join(root, "test/finder/eval");
  const out = new Map<string, string[]>();
  for (const f of readdirSync(dir).filter(files).sort()) {
    for (const r of JSON.parse(readFileSync(join(dir, f), "utf8")) as { q: string; ids: string[] }[]) {
      for (const id of r.ids) out.set(id, [...(out.get(id) ?? []), r.q]);
    }
  }
  return out;
}

/** The compiled lexicon and the MiniSearch index over the actions, with the given examples. */
export async function buildIndex(root: string, actions: CatalogModel["actions"], byId: Map<string, string[]>) {
  const stemmers = await loadStemmers();
  const files = loadLexicon(root);
  const lexicon: CompiledLexicon = compileLexicon(files, stemmers);
  const analyze = analyzer(lexicon, stemmers);
  const en = (text: string) => analyze(text, { languages: ["en"], keepWords: true }).terms.join(" ");
  const docs: IndexedAction[] = actions.map((a) => ({
    id: a.id,
    name: en(`${a.domain.replace(/_/g, " ")} ${a.action.replace(/_/g, " ")}`),
    title: en(a.title),
    tags: en([...a.tags, ...a.aliases.map((x) => x.replace(/[._]/g, " "))].join(" . ")),
    // The params of a settings write with many fields would answer half the vocabulary: only the required ones then.
    params: en(a.params.filter((p) => p.required || a.params.length <= 16).map((p) => p.name.replace(/_/g, " ")).join(" . ")),
    description: en(a.description),
    examples: en((byId.get(a.id) ?? []).join(" . ")),
  }));
  const index = new MiniSearch<IndexedAction>(indexOptions);
  index.addAll(docs);
  return { lexicon, index, docs };
}

/** The lexicon and the index, as generated/finder-index.ts. */
export async function finderOutputs(root: string, model: CatalogModel): Promise<Output[]> {
  const { lexicon, index } = await buildIndex(root, model.actions, examples(root));
  const content = [
    banner(model.docsVersion),
    "// The finder's compiled lexicon and its MiniSearch index over the catalog (codegen/steps/finder.ts), as",
    "// JSON strings: runtime/finder/engine.ts parses them on the first find.",
    "",
    `export const finderLexicon: string = ${JSON.stringify(JSON.stringify(lexicon))};`,
    "",
    `export const finderIndex: string = ${JSON.stringify(JSON.stringify(index))};`,
    "",
  ].join("\n");
  return [{ path: "generated/finder-index.ts", content }];
}
