// Writes the generated documentation: docs/actions/<domain>.md, llms.txt, llms-full-meta-tools.txt and
// docs/catalog-coverage.md (which target IDs are implemented, CAT-2). codegen:check gates them like code.
import { banner, type Output } from "../lib/emit.js";
import type { ActionRecord } from "../../runtime/catalog/types.js";
import type { CatalogModel } from "../lib/model.js";
import { template } from "./registry.js";

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** All documentation outputs. */
export function docOutputs(model: CatalogModel): Output[] {
  const byDomain = (d: string) => model.actions.filter((a) => a.domain === d);
  const outputs: Output[] = model.domains.map((d) => ({
    path: `docs/actions/${d.name}.md`,
    content: template("action-doc.md.hbs")({
      banner: banner(model.docsVersion, "md"),
      domain: d.name,
      title: d.title,
      description: d.description,
      count: byDomain(d.name).length,
      actions: byDomain(d.name).map((a) => ({
        ...a,
        anchor: a.id.replace(/\./g, ""),
        tool: `gitlab_${a.domain}_${a.action}`,
        request: requestLine(a),
        params: a.params.map((p) => {
          const schema = (model.inputSchemas[a.id].properties as Record<string, { description?: string }>)[p.name];
          return { name: p.name, type: p.type === "id" ? "integer or string" : p.type, required: p.required ? "yes" : "no", description: cell(schema.description ?? "") };
        }),
        aliasLine: [
          ...a.aliases.map((x) => `\`${x}\``),
          ...(a.lifecycleAliases ?? []).map((l) => `\`${l.alias}\` (${Object.entries(l.params).map(([k, v]) => `${k} ${String(v)}`).join(", ")})`),
        ].join(", "),
        nextSteps: model.formatters[a.id].nextSteps.map((s) => (s.action ? `\`${s.action}\`` : "")).filter(Boolean).join(", "),
      })),
    }),
  }));
  const domains = model.domains.map((d) => ({
    ...d,
    actions: byDomain(d.name).map((a) => ({ ...a, required: a.requiredParams.length > 0 ? a.requiredParams.join(", ") : "none", input: JSON.stringify(model.inputSchemas[a.id], null, 2) })),
  }));
  outputs.push({ path: "llms.txt", content: template("llms.txt.hbs")({ domains }) });
  outputs.push({
    path: "llms-full-meta-tools.txt",
    content: template("llms-full-meta-tools.txt.hbs")({
      domains,
      outputs: model.actions.map((a) => ({ id: a.id, schema: JSON.stringify(model.outputSchemas[a.id], null, 2) })),
    }),
  });
  outputs.push({ path: "docs/catalog-coverage.md", content: coverage(model) });
  return outputs;
}

/** How the reference shows a request; a single_from_list get names its filter and what it answers. */
function requestLine(a: ActionRecord): string {
  if (a.request.kind !== "rest") return `GraphQL \`${a.request.operationName}\``;
  if (!a.request.singleFromList) return `\`${a.request.method} ${a.request.path}\``;
  const query = a.params.filter((p) => p.in === "query").map((p) => `${p.gitlabName}${p.asArray ? "[]" : ""}={${p.name}}`);
  return `\`${a.request.method} ${a.request.path}?${query.join("&")}\`, its first item (an empty list is not found)`;
}

function coverage(model: CatalogModel): string {
  const fg = model.fineGrained;
  const implemented = new Set(model.actions.map((a) => a.id));
  const domains = [...new Set(model.target.map((t) => t.id.split(".")[0]))].sort();
  const rows = domains.map((d) => {
    const all = model.target.filter((t) => t.id.startsWith(`${d}.`));
    const done = all.filter((t) => implemented.has(t.id)).length;
    return `| \`${d}\` | ${done} | ${all.length} |`;
  });
  const missing = model.target.filter((t) => !implemented.has(t.id)).length;
  return [
    banner(model.docsVersion, "md"),
    "# Catalog coverage",
    "",
    `The catalog implements ${implemented.size} of the ${model.target.length} canonical IDs of the target list ` +
      `(codegen/inputs/action-ids.tsv, copied from shared/spec). ${missing} are not implemented yet.`,
    "",
    "| Domain | Implemented | Target |",
    "| --- | --- | --- |",
    ...rows,
    "",
    "## Fine-grained personal access tokens",
    "",
    `GitLab's fine-grained permission tables are recorded for GitLab ${fg.release} (codegen/inputs/fine-grained/: ` +
      fg.sources.map((s) => `${s.file} from ${s.source} at ${s.commit.slice(0, 12)}`).join(", ") +
      `). The join gives ${fg.joined} actions the permissions they need; ${fg.unreachable} ${fg.unreachable === 1 ? "is" : "are"} out of reach of any ` +
      `fine-grained token at that release; ${fg.overridden.length} ${fg.overridden.length === 1 ? "is" : "are"} set by the catalog instead of the join.`,
    "",
    ...(fg.overridden.length > 0 ? ["| Overridden action | Reason |", "| --- | --- |", ...fg.overridden.map((o) => `| \`${o.action}\` | ${o.reason} |`), ""] : []),
  ].join("\n");
}
