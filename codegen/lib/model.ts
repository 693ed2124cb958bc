// Turns the validated catalog into the sorted declarative records that generated/ holds, and checks
// the rules the JSON Schema of the catalog cannot express (CAT-2, CAT-15, CAT-26..29, next steps).
import { existsSync } from "node:fs";
import type { ActionRecord, ColumnRecord, DomainRecord, FormatterRecord, JsonSchema, NextStepRecord, ParamRecord, RestRequest, SideAlternative, ValueStyle, WebLinkRecord } from "../../runtime/catalog/types.js";
import type { CatalogProblem, LoadedCatalog } from "./load.js";
import { resolveParams } from "./params.js";
import type { RawAction, RawCatalog, RawColumn, RawNextStep } from "./raw.js";
import { inputSchema, listedOutputSchema, outputSchema } from "./schemas.js";
import { parseSide, sideParams } from "./sides.js";
import { definedPermissions, joinFineGrained, type FineGrainedData, type JoinReport, type PermissionWords } from "./fineGrained.js";

/** One row of action-ids.tsv, the target catalog. */
export interface TargetRow {
  readonly id: string;
  readonly classification: string;
  readonly tier: string;
  readonly graphql: boolean;
}

/** Everything codegen writes is derived from this model. */
export interface CatalogModel {
  readonly docsVersion: string;
  /** The recorded fine-grained permission tables and what the join made of them (SAF-33). */
  readonly fineGrained: {
    readonly release: string;
    readonly sources: FineGrainedData["sources"];
    readonly permissions: Readonly<Record<string, PermissionWords>>;
    readonly joined: number;
    readonly unreachable: number;
    readonly overridden: JoinReport["overridden"];
  };
  readonly domains: readonly DomainRecord[];
  readonly actions: readonly ActionRecord[];
  readonly formatters: Readonly<Record<string, FormatterRecord>>;
  readonly inputSchemas: Readonly<Record<string, JsonSchema>>;
  readonly outputSchemas: Readonly<Record<string, JsonSchema>>;
  readonly listedOutputSchemas: Readonly<Record<string, JsonSchema>>;
  readonly target: readonly TargetRow[];
  readonly warnings: readonly string[];
  readonly webLinks: readonly WebLinkRecord[];
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Parses action-ids.tsv. */
export function parseTarget(tsv: string): TargetRow[] {
  const [header, ...rows] = tsv.trim().split("\n");
  if (header !== "id\tdomain\taction\tkind\ttier\tgraphql") throw new Error("action-ids.tsv: unexpected header");
  return rows.map((r) => {
    const [id, , , classification, tier, graphql] = r.split("\t");
    return { id, classification, tier, graphql: graphql === "yes" };
  });
}

/** GitLab's fine-grained permission tables and the GraphQL schema their GraphQL rows name. */
export interface FineGrainedInput {
  readonly data: FineGrainedData;
  readonly schemaSdl: string;
}

/** Builds the model, or returns every problem found. */
export function buildModel(loaded: LoadedCatalog, target: readonly TargetRow[], fineGrained: FineGrainedInput): { model?: CatalogModel; problems: CatalogProblem[] } {
  const { raw, locate } = loaded;
  const problems: CatalogProblem[] = [];
  const warnings: string[] = [];
  const targetById = new Map(target.map((t) => [t.id, t]));
  const ids = Object.keys(raw.actions).sort();
  const actions: ActionRecord[] = [];
  const inputSchemas: Record<string, JsonSchema> = {};
  const outputSchemas: Record<string, JsonSchema> = {};
  const listedOutputSchemas: Record<string, JsonSchema> = {};
  const formatters: Record<string, FormatterRecord> = {};
  const toolNames = new Map<string, string>();

  for (const id of ids) {
    const a = raw.actions[id];
    const fail = (path: (string | number)[], message: string) => problems.push({ ...locate(["actions", id, ...path]), action: id, message });
    const [domain, verb] = id.split(".");
    if (!raw.domains[domain]) fail([], `domain "${domain}" is not declared under domains`);
    const row = targetById.get(id);
    if (!row) fail([], "is not in codegen/inputs/action-ids.tsv (extending the target catalog is a reviewed change)");
    else {
      if (row.classification !== a.classification) fail(["classification"], `is ${a.classification} but action-ids.tsv says ${row.classification}`);
      if (row.tier !== a.tier && !(row.tier === "premium" && a.tier === "ultimate")) fail(["tier"], `is ${a.tier} but action-ids.tsv says ${row.tier}`);
      if (row.graphql !== Boolean(a.request.graphql)) fail(["request"], `graphql flag disagrees with action-ids.tsv (${row.graphql ? "yes" : "no"})`);
    }
    if (a.classification !== "read" && a.idempotent === undefined) fail([], "write and destructive actions must state idempotent (CAT-11)");
    if (a.classification === "read" && a.idempotent === false) fail(["idempotent"], "a read is always idempotent");

    const individual = `gitlab_${domain}_${verb}`;
    if (!TOOL_NAME.test(individual)) fail([], `derived tool name ${individual} breaks ^[a-zA-Z0-9_-]{1,64}$`);
    if (individual.length > 54) warnings.push(`${id}: tool name ${individual} is longer than 54 characters (CAT-29)`);
    const clash = toolNames.get(individual);
    if (clash) fail([], `derives the same tool name as ${clash}: ${individual}`);
    toolNames.set(individual, id);

    const params = resolveParams(raw, a);
    // A description that stops short usually met a YAML comment: an unquoted " #" cuts the line there.
    for (const p of params) {
      const d = p.spec.description;
      if (d && !/[.)]$/.test(d.trim())) fail(["params", p.record.name], `description "${d}" does not end a sentence: quote it if it holds " #"`);
    }
    // Issue 22: a date is a format (one pattern for all, and the schema says what it is), never a hand pattern.
    for (const p of params) {
      if (p.spec.pattern && /\\d\{4\}|\[0-9\]\{4\}/.test(p.spec.pattern)) fail(["params", p.record.name, "pattern"], "is a hand-written date pattern: use format: date (or date-time) instead");
    }
    // Issue 21: an integer says where it starts, so a negative value GitLab has no meaning for is refused.
    for (const p of params) {
      if (p.spec.type === "integer" && p.spec.enum === undefined && p.spec.minimum === undefined) fail(["params", p.record.name], "is an integer without minimum or enum: declare the least value GitLab gives a meaning to");
    }
    if (!/[.)]$/.test(a.description.trim())) fail(["description"], "does not end a sentence: quote it if it holds \" #\"");
    const names = new Set(params.map((p) => p.record.name));
    checkRequest(a, names, params.map((p) => p.record), fail);
    if (a.resource_template) {
      for (const v of templateVars(a.resource_template)) {
        if (!names.has(v)) fail(["resource_template"], `names {${v}}, which is not a parameter of the action (CAT-15)`);
      }
    }
    checkOutput(raw.types, a, fail);
    const nextSteps = steps(a.next_steps ?? [], raw.actions, (i, m) => fail(["next_steps", i], m));
    const notFound = a.not_found && {
      resource: a.not_found.resource,
      subject: a.not_found.subject,
      hints: steps(a.not_found.hints, raw.actions, (i, m) => fail(["not_found", "hints", i], m)),
    };
    for (const v of templateVars(a.not_found?.subject ?? "")) {
      if (!names.has(v)) fail(["not_found", "subject"], `names {${v}}, which is not a parameter of the action`);
    }
    for (const [alias, preset] of Object.entries(a.lifecycle_aliases ?? {})) {
      if (raw.actions[alias]) fail(["lifecycle_aliases", alias], "is the canonical ID of another action")
      for (const [param, value] of Object.entries(preset)) {
        const p = params.find((x) => x.record.name === param);
        if (!p) fail(["lifecycle_aliases", alias, param], `is not a parameter of ${id}`);
        else if (p.spec.enum && !p.spec.enum.includes(value as string | number)) fail(["lifecycle_aliases", alias, param], `value ${String(value)} is not one of ${p.spec.enum.join(", ")}`);
      }
    }
    if (a.not_modified) {
      if (!a.request.rest || a.request.rest.method === "GET") fail(["not_modified"], "answers GitLab's 304 to a REST write, so it needs a request.rest that is not a GET");
      for (const v of templateVars(a.not_modified.show ?? "")) if (!names.has(v)) fail(["not_modified", "show"], `names {${v}}, which is not a parameter of the action`);
      if (a.not_modified.show && !a.output.object) fail(["not_modified", "show"], "shows the resource read back as the action's card, so it needs an object output");
    }
    if (Boolean(a.sides) !== (a.request.rest?.procedure === "both_sides")) fail(["sides"], "sides and procedure both_sides go together");
    const sideFields: Record<string, SideAlternative[]> = {};
    if (a.sides) {
      for (const v of templateVars(a.sides.read?.path ?? "")) if (!names.has(v)) fail(["sides", "read", "path"], `names {${v}}, which is not a parameter of the action`);
      for (const [field, expr] of Object.entries(a.sides.fields)) {
        try {
          const alts = parseSide(expr);
          sideFields[field] = alts;
          for (const p of sideParams(alts)) if (!names.has(p)) fail(["sides", "fields", field], `reads param.${p}, which is not a parameter of the action`);
        } catch (e) {
          fail(["sides", "fields", field], (e as Error).message);
        }
      }
    }
    const graphql = a.request.graphql;
    actions.push({
      id,
      domain,
      action: verb,
      title: a.title,
      description: a.description.trim(),
      classification: a.classification,
      idempotent: a.classification === "read" ? true : a.idempotent!,
      contentKind: a.content_kind,
      tier: a.tier,
      gitlabComOnly: a.gitlab_com_only ?? false,
      scope: a.scope,
      adminMode: a.admin_mode ?? false,
      graphql: Boolean(graphql),
      // Filled by the join below, once every action is known.
      fineGrained: { reach: "none", why: "" },
      tags: a.tags ?? [],
      aliases: a.aliases ?? [],
      ...(a.lifecycle_aliases ? { lifecycleAliases: Object.entries(a.lifecycle_aliases).map(([alias, params]) => ({ alias, params })) } : {}),
      ...(a.docs ? { docsUrl: raw.gitlab.docs_url + a.docs } : {}),
      ...(a.resource_template ? { resourceTemplate: a.resource_template } : {}),
      quickActionFields: a.quick_action_fields ?? [],
      request: graphql
        ? {
            kind: "graphql",
            document: graphql.document.trim(),
            operationName: /^\s*(?:query|mutation)\s+([A-Za-z0-9_]+)/.exec(graphql.document)?.[1] ?? "",
            variables: graphql.variables,
            result: graphql.result,
            ...(graphql.pagination ? { pagination: graphql.pagination } : {}),
            ...(graphql.full_path_from ? { fullPathFrom: graphql.full_path_from } : {}),
          }
        : restRequest(a.request.rest!),
      params: params.map((p) => p.record),
      requiredParams: params.filter((p) => p.record.required).map((p) => p.record.name),
      output: a.output.status ? { kind: "status" } : a.output.list ? { kind: "list", type: a.output.list, key: a.output.key } : { kind: "object", type: a.output.object },
      ...tiered(raw, a),
      ...(a.sides ? { sides: { ...(a.sides.read ? { read: a.sides.read } : {}), ...(a.sides.spread ? { spread: true as const } : {}), fields: sideFields, ...(a.sides.refused ? { refused: a.sides.refused } : {}) } } : {}),
      ...(a.not_modified ? { notModified: { say: a.not_modified.say, ...(a.not_modified.show ? { show: a.not_modified.show } : {}) } } : {}),
    });
    formatters[id] = {
      present: {
        ...(a.present.title ? { title: a.present.title } : {}),
        ...(a.present.heading ? { heading: a.present.heading } : {}),
        ...(a.present.empty ? { empty: a.present.empty } : {}),
        ...(a.present.columns ? { columns: a.present.columns.map(column) } : {}),
        ...(a.present.fields ? { fields: a.present.fields.map(column) } : {}),
        ...(a.present.details ? { details: a.present.details } : {}),
        ...(a.present.changed ? { changed: true as const } : {}),
      },
      nextSteps,
      ...(notFound ? { notFound } : {}),
    };
    inputSchemas[id] = inputSchema(params);
    outputSchemas[id] = outputSchema(raw, a);
    listedOutputSchemas[id] = listedOutputSchema(outputSchemas[id]);
  }
  const domains = Object.entries(raw.domains)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, d]) => ({ name, title: d.title, description: d.description.trim() }));
  pathParamNames(actions, (id, message) => problems.push({ ...locate(["actions", id, "request"]), action: id, message }));
  const webLinks = webLinkRecords(raw, actions, (path, message) => problems.push({ ...locate(["web_links", ...path]), message }));
  const overrides = Object.fromEntries(ids.filter((id) => raw.actions[id].fine_grained).map((id) => [id, raw.actions[id].fine_grained!]));
  const join = joinFineGrained(actions, fineGrained.data, fineGrained.schemaSdl, overrides);
  for (const p of join.problems) problems.push({ ...locate(["actions", p.action, ...(overrides[p.action] ? ["fine_grained"] : ["request"])]), action: p.action, message: p.message });
  const joined = actions.map((a) => (join.records[a.id] ? { ...a, fineGrained: join.records[a.id] } : a));
  if (problems.length > 0) return { problems };
  const fg = {
    release: fineGrained.data.release,
    sources: fineGrained.data.sources,
    permissions: definedPermissions(fineGrained.data),
    joined: join.joined,
    unreachable: join.unreachable,
    overridden: join.overridden,
  };
  return {
    problems,
    model: { docsVersion: raw.gitlab.docs_version, fineGrained: fg, domains, actions: joined, formatters, inputSchemas, outputSchemas, listedOutputSchemas, target, warnings, webLinks },
  };
}

/** CAT-20: the output fields a higher tier fills, as paths into the output schema (top-level fields of the type). */
function tiered(raw: RawCatalog, a: RawAction): Pick<ActionRecord, "tieredOutput"> {
  const type = a.output.object ?? a.output.list;
  const fields = type ? (raw.types[type]?.fields ?? {}) : {};
  const prefix = a.output.list ? ["properties", a.output.key!, "items", "properties"] : ["properties"];
  const paths = Object.entries(fields)
    .filter(([, f]) => f.tier)
    .map(([name, f]) => ({ path: [...prefix, name], tier: f.tier! }));
  return paths.length > 0 ? { tieredOutput: paths } : {};
}

type Fail = (path: (string | number)[], message: string) => void;

/**
 * One concept, one name: a GitLab path parameter is known by the segment before it (`merge_requests/:iid`,
 * `repository/branches/:branch`), and every action that exposes it must call it the same (GitLab's own
 * name, where it differs, is an alias). Reports each action that breaks from the first name used.
 */
function pathParamNames(actions: readonly ActionRecord[], fail: (id: string, message: string) => void): void {
  const uses = new Map<string, Map<string, string[]>>();
  for (const a of actions) {
    if (a.request.kind !== "rest") continue;
    const segments = a.request.path.split("/");
    segments.forEach((segment, i) => {
      const param = /^\{([a-z_0-9]+)\}$/.exec(segment)?.[1];
      const prior = segments[i - 2];
      // A literal two segments back names a different route (jobs/artifacts/:ref_name is not {job_id}/artifacts/:artifact_path).
      // A route at the API's root (/issues/:id, a global ID) is not the project-scoped one (projects/:id/issues/:iid).
      const before = prior === "" && i === 2 ? `/${segments[1]}` : prior && !prior.startsWith("{") && segments[i - 1] && !segments[i - 1].startsWith("{") ? `${prior}/${segments[i - 1]}` : segments[i - 1];
      if (!param || !before || before.startsWith("{")) return;
      // A param followed by another (uploads/:secret/:filename) is a different route than uploads/:upload_id.
      // A string where others take a number (attestations/:subject_digest, attestations/:attestation_iid) is another route too.
      const kind = a.params.find((p) => p.name === param)?.type === "string" ? " (string)" : "";
      const key = /^\{[a-z_0-9]+\}$/.test(segments[i + 1] ?? "") ? `${before} (two-part)` : `${before}${kind}`;
      const names = uses.get(key) ?? new Map<string, string[]>();
      uses.set(key, names.set(param, [...(names.get(param) ?? []), a.id]));
    });
  }
  for (const [before, names] of uses) {
    if (names.size < 2) continue;
    // The name most actions use is the catalog's; each action using another is reported.
    const [canonical, users] = [...names].sort(([, x], [, y]) => y.length - x.length)[0];
    for (const [name, ids] of names) {
      if (name === canonical) continue;
      for (const id of ids) fail(id, `exposes GitLab's ${before.replace(/ \((string|two-part)\)$/, "")}/:${name} path parameter as ${name}, but ${users[0]} calls it ${canonical}: use ${canonical} (GitLab's name goes in gitlab_name and aliases)`);
    }
  }
}

/** The web-link routes, each of whose parameters some action takes (a route no action can use is a mistake). */
function webLinkRecords(raw: RawCatalog, actions: readonly ActionRecord[], fail: Fail): WebLinkRecord[] {
  const known = new Set(actions.flatMap((a) => a.params.map((p) => p.name)));
  return (raw.web_links ?? []).map((link, i) => {
    const captured = [...link.path.matchAll(/\{([a-z_]+)\*?\}/g)].map((m) => m[1]);
    for (const name of [...captured, ...Object.keys(link.also ?? {})]) {
      if (!known.has(name)) fail([i, "path"], `web_links names {${name}}, which no action takes as a parameter`);
    }
    for (const [name, from] of Object.entries(link.also ?? {})) {
      if (!captured.includes(from)) fail([i, "also", name], `also fills ${name} from {${from}}, which the path does not capture`);
    }
    return { path: link.path, ...(link.also ? { also: link.also } : {}) };
  });
}

function checkRequest(a: RawAction, names: Set<string>, params: readonly ParamRecord[], fail: Fail) {
  const rest = a.request.rest;
  if (rest) {
    const inPath = new Set(templateVars(rest.path));
    for (const v of inPath) if (!names.has(v)) fail(["request", "rest", "path"], `names {${v}}, which is not a parameter`);
    for (const p of params) {
      if (p.in === "path" && !inPath.has(p.name)) fail(["params", p.name], `is in: path but the path does not name {${p.name}}`);
      if (p.in !== "path" && inPath.has(p.name)) fail(["params", p.name], "appears in the path, so it must be in: path");
    }
    const paged = rest.pagination === "offset";
    if (paged !== (names.has("page") && names.has("per_page"))) fail(["request", "rest"], "offset pagination and the page/per_page params go together");
    if (rest.no_totals && !paged) fail(["request", "rest", "no_totals"], "no_totals describes a paginated list, so it needs pagination: offset");
    if (rest.single_from_list) {
      if (rest.method !== "GET") fail(["request", "rest", "single_from_list"], "single_from_list reads a list, so it needs method GET");
      if (!a.output.object) fail(["request", "rest", "single_from_list"], "single_from_list answers one item of a list, so it needs an object output");
      if (paged) fail(["request", "rest", "single_from_list"], "single_from_list reads the first page only, so it takes no pagination");
      if (!a.not_found) fail(["request", "rest", "single_from_list"], "single_from_list answers an empty list with the not-found card, so it needs not_found");
    }
    // Next to this file is runtime/ as sources (tsx) or compiled (dist/, in tests).
    const procedureFile = (ext: string) => new URL(`../../runtime/procedures/${rest.procedure}.${ext}`, import.meta.url);
    if (rest.procedure && !existsSync(procedureFile("ts")) && !existsSync(procedureFile("js"))) {
      fail(["request", "rest", "procedure"], `names runtime/procedures/${rest.procedure}.ts, which does not exist`);
    }
    if (rest.upload_part && rest.procedure !== "file_upload") fail(["request", "rest", "upload_part"], "names the part procedure file_upload sends: it needs procedure: file_upload");
    for (const p of params) if (p.in === "local" && !rest.procedure) fail(["params", p.name], "is in: local, which only a runtime procedure reads: add request.rest.procedure or send it to GitLab");
  }
  for (const p of params.filter((r) => r.asArray)) {
    if (p.in === "path") fail(["params", p.name, "as_array"], "as_array cannot send an array in the path");
    if (p.type === "array" || p.type === "object") fail(["params", p.name, "as_array"], "as_array wraps a scalar value, not an array or object");
  }
  const gql = a.request.graphql;
  if (gql) {
    for (const [variable, mapping] of Object.entries(gql.variables)) {
      const param = mapping.split(".")[0];
      if (!names.has(param)) fail(["request", "graphql", "variables", variable], `maps to unknown param "${param}"`);
    }
    const paged = gql.pagination === "cursor";
    if (paged !== (names.has("first") && names.has("after"))) fail(["request", "graphql"], "cursor pagination and the first/after params go together");
  }
}

function restRequest(rest: NonNullable<RawAction["request"]["rest"]>): RestRequest {
  return {
    kind: "rest",
    method: rest.method,
    path: rest.path,
    ...(rest.pagination ? { pagination: rest.pagination } : {}),
    ...(rest.no_totals ? { noTotals: true as const } : {}),
    ...(rest.single_from_list ? { singleFromList: true as const } : {}),
    ...(rest.procedure ? { procedure: rest.procedure } : {}),
    ...(rest.upload_part ? { uploadPart: rest.upload_part } : {}),
  };
}

function checkOutput(types: Record<string, unknown>, a: RawAction, fail: Fail) {
  const o = a.output;
  const kinds = [o.object, o.list, o.status].filter((v) => v !== undefined).length;
  if (kinds !== 1) fail(["output"], "declares exactly one of object, list or status")
  for (const t of [o.object, o.list]) if (t && !types[t]) fail(["output"], `names unknown type "${t}"`);
  if (o.with && (!o.list || !types[o.with])) fail(["output", "with"], "names the type of fields beside a list's rows: it needs a list output and a known type");
  if (o.list && (!o.key || !a.present.columns || !a.present.title || !a.present.empty)) fail(["present"], "a list needs output.key and present.title, columns and empty");
  if (a.present.details && !o.list) fail(["present", "details"], "details follow a list's table, so they need a list output");
  if (a.present.changed && (!o.object || a.classification === "read")) fail(["present", "changed"], "a card of the changed fields belongs to a write that answers an object");
  if (o.object && (!a.present.heading || !a.present.fields)) fail(["present"], "an object output needs present.heading and fields");
  if (o.status && a.next_steps?.length) fail(["next_steps"], "a status result is one line (FMT-11), so it carries no next steps");
  const paged = Boolean(a.request.rest?.pagination || a.request.graphql?.pagination);
  // A runtime procedure may build a list itself (the links a batch created), without paging GitLab.
  if (paged !== Boolean(o.list) && !(o.list && a.request.rest?.procedure)) fail(["output"], "paginated requests return lists, and lists come from paginated requests");
}

function steps(raw: readonly RawNextStep[], actions: Record<string, unknown>, fail: (i: number, m: string) => void): NextStepRecord[] {
  return raw.map((s, i) => {
    const [key, text] = Object.entries(s)[0];
    if (key === "text") return { text };
    if (!actions[key]) fail(i, `names action "${key}", which the catalog does not have`);
    return { action: key, text };
  });
}

function column(c: RawColumn): ColumnRecord {
  return {
    label: c.label,
    field: c.field,
    as: (c.as ?? "text") as ValueStyle,
    ...(c.link ? { link: c.link } : {}),
    ...(c.unit ? { unit: c.unit } : {}),
    ...(c.when ? { when: { field: c.when.field, in: c.when.in } } : {}),
  };
}

/** Variable names of an RFC 6570 simple template (`{project_id}`). */
export function templateVars(template: string): string[] {
  return [...template.matchAll(/\{([a-z_][a-z0-9_]*)\}/g)].map((m) => m[1]);
}
