// Compiles catalog.yaml into generated/ and the docs. `--check` regenerates in memory and fails on any
// difference with the committed files, printing the fix command (STYLE rule 10). `--only <family>`
// runs one output family (registry, validators, types, docs).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CatalogError, loadCatalog } from "./lib/load.js";
import { buildModel, parseTarget } from "./lib/model.js";
import { loadFineGrained } from "./lib/fineGrained.js";
import { format, REGENERATE, type Output } from "./lib/emit.js";
import { registryOutputs } from "./steps/registry.js";
import { validatorOutputs } from "./steps/validators.js";
import { typeOutputs } from "./steps/types.js";
import { docOutputs } from "./steps/docs.js";
import { auditStep } from "./steps/audit.js";
import { auditTable, serializeGaps, GAPS_FILE, WRITE_GAPS, type AuditResult } from "./lib/audit.js";
import { finderOutputs } from "./steps/finder.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** Folders whose every file codegen owns: a file there that codegen no longer writes is stale. */
const OWNED_DIRS = ["generated", "docs/actions"];

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { check: { type: "boolean", default: false }, only: { type: "string" }, "write-gaps": { type: "boolean", default: false } } });
  let outputs: Output[];
  let audit: AuditResult | undefined;
  try {
    ({ outputs, audit } = await build(values.only, values["write-gaps"]));
  } catch (e) {
    if (e instanceof CatalogError) {
      console.error(`the catalog (catalog.yaml and catalog/) has ${e.problems.length} problem(s):\n${e.message}`);
      return 1;
    }
    throw e;
  }
  if (audit && values["write-gaps"]) {
    writeFileSync(join(root, GAPS_FILE), serializeGaps(audit.gaps));
    console.log(`wrote ${GAPS_FILE}: ${audit.gaps.length} gaps`);
  }
  const audited = audit ? reportAudit(audit) : 0;
  if (values.check) return Math.max(check(outputs, values.only), audited);
  for (const o of outputs) {
    mkdirSync(dirname(join(root, o.path)), { recursive: true });
    writeFileSync(join(root, o.path), o.content);
  }
  if (!values.only) for (const stale of staleFiles(outputs)) rmSync(join(root, stale));
  console.log(outputs.map((o) => `wrote ${o.path}`).join("\n"));
  return audited;
}

/** Prints the parameter audit (issue 22); 1 when it found a problem. */
function reportAudit(audit: AuditResult): number {
  console.log(`parameter audit (documented / present / omitted / pending per domain):\n${auditTable(audit)}\npending gaps (${GAPS_FILE}): ${audit.gaps.length}`);
  if (audit.problems.length === 0) return 0;
  console.error(`parameter audit: ${audit.problems.length} problem(s):\n  ${audit.problems.map((p) => `${p.action ? `[${p.action}] ` : ""}${p.message}`).join("\n  ")}`);
  console.error(`Fix the catalog (or, for gaps it had before the audit, \`${WRITE_GAPS}\` rewrites ${GAPS_FILE}; it may only shrink).`);
  return 1;
}

/** Runs every step (or one family) and formats the outputs. */
export async function generateAll(only?: string): Promise<Output[]> {
  return (await build(only)).outputs;
}

/** The outputs and, unless one other family is chosen, the parameter audit (`rewriteGaps`: today's gaps become the ratchet). */
async function build(only?: string, rewriteGaps = false): Promise<{ outputs: Output[]; audit?: AuditResult }> {
  const loaded = loadCatalog(join(root, "catalog.yaml"), join(root, "codegen/catalog.schema.json"));
  const target = parseTarget(readFileSync(join(root, "codegen/inputs/action-ids.tsv"), "utf8"));
  const fineGrained = { data: loadFineGrained(root), schemaSdl: readFileSync(join(root, "codegen/inputs/gitlab-schema.graphql"), "utf8") };
  const { model, problems } = buildModel(loaded, target, fineGrained);
  if (!model) throw new CatalogError("catalog.yaml", problems);
  for (const w of model.warnings) console.error(`warning: ${w}`);
  const families: Record<string, () => Output[] | Promise<Output[]>> = {
    registry: () => registryOutputs(model),
    validators: () => validatorOutputs(model),
    types: () => typeOutputs(root, loaded.raw, model),
    docs: () => docOutputs(model),
    audit: () => audited().outputs,
    finder: () => finderOutputs(root, model),
  };
  let memo: ReturnType<typeof auditStep> | undefined;
  const audited = () => (memo ??= auditStep(root, loaded.raw, model, undefined, rewriteGaps));
  if (only && !families[only]) throw new Error(`--only takes one of ${Object.keys(families).join(", ")}`);
  const chosen = only ? [families[only]] : Object.values(families);
  const outputs = (await Promise.all(chosen.map((f) => f()))).flat();
  return { outputs: await Promise.all(outputs.map((o) => format(root, o))), audit: !only || only === "audit" ? audited().result : undefined };
}

function check(outputs: Output[], only?: string): number {
  const drift: string[] = [];
  for (const o of outputs) {
    const file = join(root, o.path);
    if (!existsSync(file)) drift.push(`missing: ${o.path}`);
    else if (readFileSync(file, "utf8") !== o.content) drift.push(`differs: ${o.path}`);
  }
  if (!only) for (const stale of staleFiles(outputs)) drift.push(`stale (no longer generated): ${stale}`);
  if (drift.length === 0) {
    console.log(`codegen:check: ${outputs.length} generated files match catalog.yaml`);
    return 0;
  }
  console.error(`codegen:check: generated files drifted from catalog.yaml:\n  ${drift.join("\n  ")}\nRun \`${REGENERATE}\` and commit the result.`);
  return 1;
}

function staleFiles(outputs: Output[]): string[] {
  const produced = new Set(outputs.map((o) => o.path));
  return OWNED_DIRS.flatMap((dir) =>
    existsSync(join(root, dir))
      ? (readdirSync(join(root, dir), { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
          .filter((d) => d.isFile())
          .map((d) => join(d.parentPath ?? d.path, d.name).slice(root.length + 1))
          .filter((p) => !produced.has(p))
      : [],
  );
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
