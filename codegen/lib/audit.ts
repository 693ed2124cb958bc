// The parameter audit of the codegen check (issue 22): every REST action's params against what
// independent descriptions of GitLab's API document for its endpoint (codegen/inputs/gitlab-params.json).
// A documented param the catalog lacks fails the check unless the action's `omitted:` says why, or the
// ratchet file codegen/inputs/param-gaps.tsv lists it (a gap known before the audit; the file only shrinks).
import type { ActionRecord } from "../../runtime/catalog/types.js";
import { endpointKey, type ParamTable, type TableEndpoint, type TableParam } from "../audit/table.js";

export const GAPS_FILE = "codegen/inputs/param-gaps.tsv";
export const WRITE_GAPS = "npx tsx codegen/main.ts --write-gaps";
const GAPS_HEADER = "action\tparam\tsources";

/** What the audit needs of one action: its record and its `omitted:` entries. */
export interface AuditedAction {
  readonly record: ActionRecord;
  readonly omitted: Readonly<Record<string, string>>;
}

export interface Gap {
  readonly action: string;
  readonly param: string;
  readonly sources: readonly string[];
}

export interface DomainCounts {
  actions: number;
  audited: number;
  unmatched: number;
  notAudited: number;
  documented: number;
  present: number;
  omitted: number;
  pending: number;
}

export interface AuditResult {
  readonly gaps: readonly Gap[];
  readonly problems: readonly { action?: string; message: string }[];
  readonly domains: Readonly<Record<string, DomainCounts>>;
  /** REST actions no source describes, with the endpoint. */
  readonly unmatched: readonly { action: string; endpoint: string }[];
  /** Actions the audit cannot judge, with why. */
  readonly notAudited: readonly { action: string; reason: string }[];
}

/** Every name the catalog answers to for a param: its own, GitLab's, its aliases; `not[labels]` also covers `not`. */
export function catalogNames(params: ActionRecord["params"]): Set<string> {
  const names = new Set<string>();
  for (const p of params) {
    for (const n of [p.name, p.gitlabName, ...p.aliases]) {
      const bare = n.replace(/\[\]$/, "");
      names.add(bare);
      const outer = /^([a-z_0-9]+)\[/.exec(bare)?.[1];
      if (outer) names.add(outer);
    }
  }
  return names;
}

/** Indexes the table by matching key (`GET /projects/*\/merge_requests`). */
export function indexTable(table: ParamTable): Map<string, TableEndpoint & { display: string }> {
  return new Map(
    Object.entries(table.endpoints).map(([display, e]) => {
      const [method, path] = display.split(" ");
      return [endpointKey(method, path), { ...e, display }];
    }),
  );
}

/** The documented params of an endpoint that the catalog must account for (path values are matched by position). */
export function documentedParams(endpoint: TableEndpoint): TableParam[] {
  return endpoint.params.filter((p) => p.in !== "path");
}

export function parseGaps(tsv: string): Gap[] {
  const lines = tsv.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));
  if (lines.length === 0) return [];
  if (lines[0] !== GAPS_HEADER) throw new Error(`${GAPS_FILE}: the first line must be "${GAPS_HEADER.replace(/\t/g, "\\t")}"`);
  return lines.slice(1).map((l) => {
    const [action, param, sources] = l.split("\t");
    return { action, param, sources: sources ? sources.split(",") : [] };
  });
}

export function serializeGaps(gaps: readonly Gap[]): string {
  const head = `# Documented GitLab params the catalog lacks today (issue 22): the codegen check fails on a gap not listed\n# here and on a line here that is no longer a gap. Rewrite with \`${WRITE_GAPS}\`; it only shrinks.\n`;
  return head + [GAPS_HEADER, ...gaps.map((g) => `${g.action}\t${g.param}\t${g.sources.join(",")}`)].join("\n") + "\n";
}

/** Audits every action against the table and the ratchet. */
export function auditParams(actions: readonly AuditedAction[], table: ParamTable, pendingGaps: readonly Gap[]): AuditResult {
  const index = indexTable(table);
  const pending = new Set(pendingGaps.map((g) => `${g.action}\t${g.param}`));
  const gaps: Gap[] = [];
  const problems: { action?: string; message: string }[] = [];
  const domains: Record<string, DomainCounts> = {};
  const unmatched: { action: string; endpoint: string }[] = [];
  const notAudited: { action: string; reason: string }[] = [];
  for (const { record: a, omitted } of [...actions].sort((x, y) => (x.record.id < y.record.id ? -1 : 1))) {
    const d = (domains[a.domain] ??= { actions: 0, audited: 0, unmatched: 0, notAudited: 0, documented: 0, present: 0, omitted: 0, pending: 0 });
    d.actions++;
    const skip = (reason: string) => {
      d.notAudited++;
      notAudited.push({ action: a.id, reason });
    };
    if (a.request.kind === "graphql") {
      skip("GraphQL: no independent GraphQL schema is recorded (codegen/inputs/gitlab-schema.graphql is a curated subset)");
      continue;
    }
    if (a.request.procedure) {
      skip(`runtime procedure ${a.request.procedure} composes its own requests`);
      continue;
    }
    const endpoint = index.get(endpointKey(a.request.method, a.request.path));
    if (!endpoint) {
      d.unmatched++;
      unmatched.push({ action: a.id, endpoint: `${a.request.method} ${a.request.path}` });
      for (const p of Object.keys(omitted)) problems.push({ action: a.id, message: `omitted names ${p}, but no source describes ${a.request.method} ${a.request.path}: remove the entry` });
      continue;
    }
    d.audited++;
    const names = catalogNames(a.params);
    const documented = documentedParams(endpoint);
    const documentedNames = new Set(documented.map((p) => p.name));
    for (const p of documented) {
      d.documented++;
      if (names.has(p.name)) {
        d.present++;
        if (omitted[p.name]) problems.push({ action: a.id, message: `omitted names ${p.name}, which the action has as a param: remove the entry` });
      } else if (omitted[p.name]) d.omitted++;
      else {
        gaps.push({ action: a.id, param: p.name, sources: p.sources });
        if (pending.has(`${a.id}\t${p.name}`)) d.pending++;
        else
          problems.push({
            action: a.id,
            message: `lacks GitLab's ${p.name} (${p.in}${p.type ? `, ${p.type}` : ""}; documented by ${p.sources.join(" and ")} for ${endpoint.display}): add it to params, or to omitted: {${p.name}: <why>}`,
          });
      }
    }
    for (const p of Object.keys(omitted)) {
      if (!documentedNames.has(p)) problems.push({ action: a.id, message: `omitted names ${p}, which no source documents for ${endpoint.display}: remove the entry` });
    }
  }
  const found = new Set(gaps.map((g) => `${g.action}\t${g.param}`));
  for (const g of pendingGaps) {
    if (!found.has(`${g.action}\t${g.param}`)) problems.push({ action: g.action, message: `${GAPS_FILE} lists ${g.param}, which is no longer a gap: run \`${WRITE_GAPS}\` and commit the shorter file` });
  }
  return { gaps, problems, domains, unmatched, notAudited };
}

/** The per-domain table, as the check prints it and docs/param-audit.md holds it. */
export function auditTable(r: AuditResult): string {
  const rows = Object.entries(r.domains).sort(([x], [y]) => (x < y ? -1 : 1));
  const total = rows.reduce<DomainCounts>(
    (t, [, c]) => {
      for (const k of Object.keys(t) as (keyof DomainCounts)[]) t[k] += c[k];
      return t;
    },
    { actions: 0, audited: 0, unmatched: 0, notAudited: 0, documented: 0, present: 0, omitted: 0, pending: 0 },
  );
  const line = (name: string, c: DomainCounts) => `| ${name} | ${c.actions} | ${c.audited} | ${c.unmatched} | ${c.notAudited} | ${c.documented} | ${c.present} | ${c.omitted} | ${c.pending} |`;
  return [
    "| domain | actions | audited | no endpoint in the table | not audited | documented | present | omitted (with reason) | pending (param-gaps.tsv) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(([name, c]) => line(name, c)),
    line("**total**", total),
  ].join("\n");
}

/** docs/param-audit.md: the table, the sources, and the actions left unaudited with why. */
export function auditDoc(r: AuditResult, table: ParamTable): string {
  const sources = Object.entries(table.sources).map(([name, s]) => `- ${name}: ${s.version} (${s.note})`);
  const reasons = new Map<string, number>();
  for (const n of r.notAudited) {
    const key = n.reason.startsWith("runtime procedure") ? "runtime procedure composes its own requests" : n.reason;
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  return [
    "# Parameter audit",
    "",
    "Generated by `npm run codegen` from the catalog and `codegen/inputs/gitlab-params.json`; `npm run codegen:check` fails when it drifts.",
    "Each REST action's params are compared with what independent descriptions of GitLab's API document for its endpoint (matched by method and path, path values by position).",
    "A documented param the catalog lacks fails the check unless the action's `omitted:` gives the reason, or `codegen/inputs/param-gaps.tsv` lists it as a gap still to fill.",
    "",
    "Sources of the table (`npx tsx codegen/audit/extract.ts`):",
    "",
    ...sources,
    "",
    auditTable(r),
    "",
    `Gaps still pending: ${r.gaps.length}.`,
    "",
    "## Not audited",
    "",
    ...[...reasons].map(([reason, n]) => `- ${n} actions: ${reason}.`),
    "",
    `## REST actions with no endpoint in the table (${r.unmatched.length})`,
    "",
    "No source describes these requests (the sources cover less than GitLab documents); they are audited once a source does.",
    "",
    ...r.unmatched.map((u) => `- \`${u.action}\`: \`${u.endpoint}\``),
    "",
  ].join("\n");
}
