// The parameter audit as a codegen step: reads the committed table and ratchet, audits the model, and
// produces docs/param-audit.md (codegen/lib/audit.ts holds the matcher).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { banner, type Output } from "../lib/emit.js";
import { auditDoc, auditParams, parseGaps, GAPS_FILE, type AuditResult } from "../lib/audit.js";
import type { CatalogModel } from "../lib/model.js";
import type { RawCatalog } from "../lib/raw.js";
import type { ParamTable } from "../audit/table.js";

export const TABLE_FILE = "codegen/inputs/gitlab-params.json";

/**
 * Audits the catalog; `gapsText` overrides the committed ratchet (tests). `rewrite` takes today's gaps as
 * the ratchet (--write-gaps), so the doc counts them as pending.
 */
export function auditStep(root: string, raw: RawCatalog, model: CatalogModel, gapsText?: string, rewrite = false): { result: AuditResult; outputs: Output[] } {
  const table = JSON.parse(readFileSync(join(root, TABLE_FILE), "utf8")) as ParamTable;
  const gapsFile = join(root, GAPS_FILE);
  const gaps = parseGaps(gapsText ?? (existsSync(gapsFile) ? readFileSync(gapsFile, "utf8") : ""));
  const actions = model.actions.map((record) => ({ record, omitted: raw.actions[record.id]?.omitted ?? {} }));
  const result = auditParams(actions, table, rewrite ? auditParams(actions, table, []).gaps : gaps);
  return { result, outputs: [{ path: "docs/param-audit.md", content: banner(model.docsVersion, "md") + "\n" + auditDoc(result, table) }] };
}
