// Rewrites catalog.yaml and catalog/ IN PLACE into a synthetic catalog with every ID of the target catalog
// (codegen/inputs/action-ids.tsv: 992 actions in 41 domains), to project the issue 5 budgets at the
// catalog's full size before it exists. Run it in a scratch clone, never in the repository:
//
//   git clone . /tmp/full && cd /tmp/full && npm ci
//   node test/bench/synthetic-catalog.mjs && npm run codegen && npm run bench
//
// The actions written so far stay as they are. Every other target ID becomes a copy of a written
// action of the same kind (a list for list-like names, else a get; a write; a destructive action),
// under its own domain, with the target's tier. Action names, domains and enums are therefore the real
// ones; parameters and descriptions are those of today's actions, so sizes per action are estimates.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import YAML from "yaml";

const catalog = YAML.parse(readFileSync("catalog.yaml", "utf8"), { maxAliasCount: -1 });
// Fold every domain file into the root, which the loader accepts, so the copies below can join them.
catalog.types ??= {};
catalog.actions ??= {};
for (const domain of Object.values(catalog.domains)) {
  if (!domain.file) continue;
  // A domain names one file or, split by sub-resource, several.
  for (const file of [domain.file].flat()) {
    const part = YAML.parse(readFileSync(file, "utf8"), { maxAliasCount: -1 });
    Object.assign(catalog.types, part.types ?? {});
    Object.assign(catalog.actions, part.actions ?? {});
    rmSync(file);
  }
  delete domain.file;
}
const rows = readFileSync("codegen/inputs/action-ids.tsv", "utf8").trim().split("\n").slice(1).map((l) => l.split("\t"));
const written = Object.entries(catalog.actions);
const pool = (test) => written.filter(([id, a]) => test(id, a));
const templates = {
  list: pool((id, a) => a.classification === "read" && a.content_kind === "list" && !a.request.graphql),
  get: pool((id, a) => a.classification === "read" && a.content_kind !== "list" && !a.request.graphql),
  write: pool((id, a) => a.classification === "write"),
  destructive: pool((id, a) => a.classification === "destructive"),
};
let n = 0;
for (const [id, domain, action, kind, tier] of rows) {
  if (catalog.actions[id]) continue;
  catalog.domains[domain] ??= { title: domain.replace(/_/g, " "), description: `The ${domain.replace(/_/g, " ")} part of the GitLab API, synthetic for the size projection.` };
  const list = kind === "read" ? (/list|search|all|tree|diffs|changes/.test(action) ? templates.list : templates.get) : templates[kind];
  const [, source] = list[n++ % list.length];
  const copy = structuredClone(source);
  delete copy.resource_template;
  delete copy.aliases;
  delete copy.lifecycle_aliases;
  if (copy.not_found && !copy.request?.rest?.single_from_list) delete copy.not_found;
  copy.tier = tier;
  copy.title = `${copy.title} (${action.replace(/_/g, " ")})`;
  catalog.actions[id] = copy;
}
// The row's GraphQL flag must agree with the request kind; synthetic copies are REST.
const tsv = ["id\tdomain\taction\tkind\ttier\tgraphql", ...rows.map((r) => (catalog.actions[r[0]].request.graphql ? r : [...r.slice(0, 5), "no"]).join("\t"))];
writeFileSync("codegen/inputs/action-ids.tsv", tsv.join("\n") + "\n");
writeFileSync("catalog.yaml", YAML.stringify(catalog, { aliasDuplicateObjects: false, lineWidth: 0 }));
console.log(`synthetic catalog: ${Object.keys(catalog.actions).length} actions in ${Object.keys(catalog.domains).length} domains (${n} copies)`);
