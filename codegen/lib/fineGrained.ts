// Joins GitLab's fine-grained permission tables (codegen/inputs/fine-grained/) to the catalog: each REST
// action by method and path, each GraphQL action by the types and fields its document reads. What comes
// out is recorded on the action (ActionRecord.fineGrained), so the runtime judges a fine-grained token's
// grant from data, never from code per action (BEHAVIOR SAF-33).
//
// The tables are GitLab's generated docs (doc/auth/tokens/fine_grained_access_tokens_rest.md and
// _graphql.md), transcribed row for row into TSV. Their `#` header lines name the source, the commit and
// the GitLab release the permissions are recorded for.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildSchema, getNamedType, isObjectType, parse, TypeInfo, visit, visitWithTypeInfo, type GraphQLSchema } from "graphql";
import type { ActionRecord, Boundary, FineGrainedNeed, FineGrainedRecord } from "../../runtime/catalog/types.js";

/** One row of either table. */
export interface PermissionRow {
  readonly category: string;
  readonly resource: string;
  readonly action: string;
  readonly boundary: Boundary;
  /** REST: the HTTP method; GraphQL: Type, Mutation or Field. */
  readonly kind: string;
  /** REST: GitLab's route (`/projects/:id/jobs/:job_id`); GraphQL: the type, mutation or `Type.field`. */
  readonly target: string;
  /** Further permissions the row needs, in the table's words (`Read Merge Request`). */
  readonly also: readonly string[];
}

/** The recorded tables. */
export interface FineGrainedData {
  readonly release: string;
  readonly sources: readonly { readonly file: string; readonly source: string; readonly commit: string }[];
  readonly rest: readonly PermissionRow[];
  readonly graphql: readonly PermissionRow[];
  /** The REST routes after the resource tables: reachable with no permission, readable when public, or unavailable. */
  readonly special: readonly SpecialRow[];
}

/** A row of rest-special.tsv. */
export interface SpecialRow {
  readonly section: "always" | "public" | "unavailable";
  readonly method: string;
  readonly path: string;
  /** public: the permissions in the table's words (`Package: Read`). */
  readonly permissions: readonly string[];
  /** unavailable: how GitLab authenticates the route instead (`CI job token`). */
  readonly reason: string;
}

/** A catalog override of the join (catalog.yaml `fine_grained`), with the reason it is needed. */
export interface FineGrainedOverride {
  readonly reason: string;
  readonly none?: true;
  readonly needs?: readonly FineGrainedNeed[];
}

const BOUNDARIES: Record<string, Boundary> = { Project: "project", Group: "group", User: "user", Instance: "instance" };

/** GitLab's permission name: `Read` + `Merge Request` is `read_merge_request`. */
export function permissionName(action: string, resource: string): string {
  return `${action} ${resource}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

/** The permission named in the table's words, `Read Merge Request`, whose resource is the rest after the verb. */
function alsoName(words: string): string {
  const colon = /^(.+):\s*(.+)$/.exec(words);
  if (colon) return permissionName(colon[2], colon[1]);
  return words.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
}

function parseTable(text: string, file: string, header: string): { meta: Record<string, string>; rows: PermissionRow[] } {
  const meta: Record<string, string> = {};
  const rows: PermissionRow[] = [];
  let seenHeader = false;
  for (const [i, line] of text.split("\n").entries()) {
    if (line === "") continue;
    const m = /^#\s*([a-z_]+):\s*(.*)$/.exec(line);
    if (m) {
      meta[m[1]] = m[2].trim();
      continue;
    }
    if (line.startsWith("#")) continue;
    if (!seenHeader) {
      if (line !== header) throw new Error(`${file}:${i + 1}: expected the header line "${header.replace(/\t/g, "\\t")}"`);
      seenHeader = true;
      continue;
    }
    const cells = line.split("\t");
    if (cells.length !== 7) throw new Error(`${file}:${i + 1}: expected 7 tab-separated cells, found ${cells.length}`);
    const [category, resource, action, access, kind, target, also] = cells;
    const boundary = BOUNDARIES[access];
    if (!boundary) throw new Error(`${file}:${i + 1}: unknown boundary "${access}"`);
    rows.push({ category, resource, action, boundary, kind, target, also: also ? also.split(";").map((s) => s.trim()).filter(Boolean) : [] });
  }
  return { meta, rows };
}

/** Reads the recorded tables; both must name the same release. */
export function loadFineGrained(root: string): FineGrainedData {
  const dir = join(root, "codegen/inputs/fine-grained");
  const rest = parseTable(readFileSync(join(dir, "rest.tsv"), "utf8"), "rest.tsv", "category\tresource\taction\tboundary\tmethod\tpath\talso");
  const graphql = parseTable(readFileSync(join(dir, "graphql.tsv"), "utf8"), "graphql.tsv", "category\tresource\taction\tboundary\tkind\tname\talso");
  for (const [file, t] of [["rest.tsv", rest], ["graphql.tsv", graphql]] as const) {
    for (const key of ["source", "commit", "release"]) if (!t.meta[key]) throw new Error(`codegen/inputs/fine-grained/${file}: the "# ${key}:" header line is missing`);
  }
  const specialText = readFileSync(join(dir, "rest-special.tsv"), "utf8");
  const special: SpecialRow[] = [];
  let header = false;
  for (const [i, line] of specialText.split("\n").entries()) {
    if (line === "" || line.startsWith("#")) continue;
    if (!header) {
      if (line !== "section\tmethod\tpath\tpermissions\treason") throw new Error(`rest-special.tsv:${i + 1}: unexpected header`);
      header = true;
      continue;
    }
    const [section, method, path, permissions, reason] = line.split("\t");
    if (!["always", "public", "unavailable"].includes(section)) throw new Error(`rest-special.tsv:${i + 1}: unknown section "${section}"`);
    special.push({ section: section as SpecialRow["section"], method, path, permissions: permissions ? permissions.split(";") : [], reason: reason ?? "" });
  }
  if (rest.meta.release !== graphql.meta.release) throw new Error("codegen/inputs/fine-grained: rest.tsv and graphql.tsv record different releases");
  return {
    release: rest.meta.release,
    sources: [
      { file: "rest.tsv", source: rest.meta.source, commit: rest.meta.commit },
      { file: "graphql.tsv", source: graphql.meta.source, commit: graphql.meta.commit },
    ],
    rest: rest.rows,
    graphql: graphql.rows,
    special,
  };
}

/** The words GitLab's token-creation page shows for a permission: `Branch: Create`. */
export interface PermissionWords {
  readonly resource: string;
  readonly action: string;
}

/** Every permission the tables define, by name. */
export function definedPermissions(data: FineGrainedData): Record<string, PermissionWords> {
  const out: Record<string, PermissionWords> = {};
  for (const r of [...data.rest, ...data.graphql]) out[permissionName(r.action, r.resource)] ??= { resource: r.resource, action: r.action };
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** A route with optional parts, `latest(/)(*suffix_path)`, as every route it stands for. */
function expand(route: string): string[] {
  const m = /\(([^()]*)\)/.exec(route);
  if (!m) return [route];
  return [...expand(route.slice(0, m.index) + m[1] + route.slice(m.index + m[0].length)), ...expand(route.slice(0, m.index) + route.slice(m.index + m[0].length))];
}

/** Segments of a route with every parameter as `:` and a trailing glob as `*`. */
function segments(path: string): string[] {
  return path
    .replace(/\?.*$/, "")
    .split("/")
    .filter(Boolean)
    .map((s) => (/^\{[a-z_0-9]+\}$/.test(s) || s.startsWith(":") ? ":" : s.startsWith("*") || /^\{[a-z_0-9]+\*\}$/.test(s) ? "*" : s));
}

/** How well a table route matches a catalog path: the number of literal segments matched, or -1. */
function routeScore(route: string[], ours: string[]): number {
  let score = 0;
  for (let i = 0; i < route.length; i++) {
    if (route[i] === "*") return ours.length > i ? score : -1;
    if (i >= ours.length) return -1;
    if (route[i] === ":") continue;
    if (route[i] !== ours[i]) return -1;
    score++;
  }
  return route.length === ours.length ? score : -1;
}

/**
 * The permissions rows ask for, each with the boundaries that may hold it: every permission is needed
 * (the row's own and its `also`), each at any one of its boundaries.
 */
function needsOf(rows: readonly PermissionRow[]): FineGrainedNeed[] {
  const byPermission = new Map<string, Set<Boundary>>();
  const add = (p: string, b: Boundary) => byPermission.set(p, (byPermission.get(p) ?? new Set<Boundary>()).add(b));
  for (const r of rows) {
    add(permissionName(r.action, r.resource), r.boundary);
    for (const a of r.also) add(alsoName(a), r.boundary);
  }
  const order: Boundary[] = ["project", "group", "user", "instance"];
  return [...byPermission.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([permission, bs]) => ({ permission, boundaries: order.filter((b) => bs.has(b)) }));
}

/** What the join found for the whole catalog. */
export interface JoinReport {
  readonly records: Record<string, FineGrainedRecord>;
  readonly problems: { readonly action: string; readonly message: string }[];
  readonly joined: number;
  readonly unreachable: number;
  readonly overridden: readonly { readonly action: string; readonly reason: string }[];
}

/** Joins every action; an override replaces the join's answer for its action. */
export function joinFineGrained(
  actions: readonly ActionRecord[],
  data: FineGrainedData,
  schemaSdl: string,
  overrides: Readonly<Record<string, FineGrainedOverride>>,
): JoinReport {
  const schema = buildSchema(schemaSdl, { assumeValidSDL: true });
  const defined = definedPermissions(data);
  const routes = data.rest.flatMap((r) => expand(r.target).map((t) => ({ row: r, segs: segments(t) })));
  const special = data.special.flatMap((r) => expand(r.path).map((t) => ({ row: r, segs: segments(t) })));
  const records: Record<string, FineGrainedRecord> = {};
  const problems: { action: string; message: string }[] = [];
  const overridden: { action: string; reason: string }[] = [];
  let joined = 0;
  let unreachable = 0;
  for (const a of actions) {
    const o = overrides[a.id];
    if (o) {
      overridden.push({ action: a.id, reason: o.reason });
      if (o.none) {
        records[a.id] = { reach: "none", why: o.reason };
        unreachable++;
      } else {
        for (const n of o.needs ?? []) if (!defined[n.permission]) problems.push({ action: a.id, message: `fine_grained names ${n.permission}, which GitLab ${data.release} does not define` });
        records[a.id] = { reach: "granted", needs: o.needs ?? [] };
        joined++;
      }
      continue;
    }
    const record = a.request.kind === "rest" ? joinRest(a, routes, special, data.release, problems) : joinGraphql(a, schema, data, problems);
    if (!record) continue;
    records[a.id] = record;
    if (record.reach === "none") unreachable++;
    else joined++;
  }
  for (const [id, rec] of Object.entries(records)) {
    if (rec.reach !== "granted") continue;
    for (const n of rec.needs) if (!defined[n.permission]) problems.push({ action: id, message: `the join names ${n.permission}, which the tables do not define` });
  }
  return { records, problems, joined, unreachable, overridden };
}

function joinRest(
  a: ActionRecord,
  routes: readonly { row: PermissionRow; segs: string[] }[],
  special: readonly { row: SpecialRow; segs: string[] }[],
  release: string,
  problems: { action: string; message: string }[],
): FineGrainedRecord | undefined {
  if (a.request.kind !== "rest") return undefined;
  const { method, path } = a.request;
  const ours = segments(path);
  const rows = best(routes.filter((r) => r.row.kind === method), ours);
  const extra = best(special.filter((r) => r.row.method === method || r.row.method === "*"), ours);
  const unavailable = extra.find((r) => r.section === "unavailable" && r.path !== "/*path");
  const always = extra.some((r) => r.section === "always");
  const publicRows = extra.filter((r) => r.section === "public");
  if (always) return { reach: "granted", needs: [] };
  if (unavailable) return { reach: "none", why: `GitLab ${release} serves ${method} ${restRoute(path)} only to another kind of credential (${unavailable.reason})` };
  if (rows.length === 0 && publicRows.length === 0) return { reach: "none", why: `GitLab ${release} lists no fine-grained permission for ${method} ${restRoute(path)}` };
  // One route under two permissions is a choice the tables do not explain: the catalog must decide.
  const own = new Set(rows.map((r) => permissionName(r.action, r.resource)));
  if (own.size > 1) {
    problems.push({ action: a.id, message: `${method} ${restRoute(path)} is listed under ${[...own].join(" and ")}: add fine_grained with the needs and a reason` });
    return undefined;
  }
  const needs = rows.length > 0 ? needsOf(rows) : publicNeeds(publicRows, ours);
  return { reach: "granted", needs, ...(publicRows.length > 0 ? { publicRead: true as const } : {}) };
}

/** The rows whose route matches ours with the most literal segments. */
function best<T>(candidates: readonly { row: T; segs: string[] }[], ours: string[]): T[] {
  let top = -1;
  let rows: T[] = [];
  for (const r of candidates) {
    const score = routeScore(r.segs, ours);
    if (score < 0 || score < top) continue;
    if (score > top) rows = [];
    top = score;
    if (!rows.includes(r.row)) rows.push(r.row);
  }
  return rows;
}

/** A route only the public table lists: its permissions, at the boundary its path names. */
function publicNeeds(rows: readonly SpecialRow[], ours: string[]): FineGrainedNeed[] {
  const boundary: Boundary = ours[0] === "groups" || ours[0] === "group" ? "group" : ours[0] === "projects" ? "project" : "instance";
  const names = [...new Set(rows.flatMap((r) => r.permissions.map(alsoName)))].sort();
  return names.map((permission) => ({ permission, boundaries: [boundary] }));
}

/** Our path in GitLab's route words, for the sentences: `/projects/:id/repository/branches/:branch_name`. */
function restRoute(path: string): string {
  return path.replace(/\{(project_id|group_id)\}/g, ":id").replace(/\{([a-z_0-9]+)\*?\}/g, ":$1");
}

/**
 * A GraphQL action needs the permissions of every object type and field on the path to its result (the
 * project a query opens, then the result's own type) that GitLab declares one for; the types below the
 * result whose permissions are not among those are the parts GitLab may leave empty for a token that
 * lacks them (SAF-38).
 */
function joinGraphql(a: ActionRecord, schema: GraphQLSchema, data: FineGrainedData, problems: { action: string; message: string }[]): FineGrainedRecord | undefined {
  if (a.request.kind !== "graphql") return undefined;
  const byType = new Map<string, PermissionRow[]>();
  for (const r of data.graphql) {
    const key = r.kind === "Field" ? r.target : r.kind === "Mutation" ? `Mutation.${r.target.charAt(0).toLowerCase()}${r.target.slice(1)}` : r.target;
    byType.set(key, [...(byType.get(key) ?? []), r]);
  }
  const resultPath = a.request.result.split(".");
  const typeInfo = new TypeInfo(schema);
  const pathRows: PermissionRow[] = [];
  const below = new Map<string, PermissionRow[]>();
  const stack: string[] = [];
  let doc;
  try {
    doc = parse(a.request.document);
  } catch (e) {
    problems.push({ action: a.id, message: `GraphQL document does not parse: ${(e as Error).message}` });
    return undefined;
  }
  let unknownField = false;
  visit(
    doc,
    visitWithTypeInfo(typeInfo, {
      Field: {
        enter(node) {
          const parent = typeInfo.getParentType();
          const field = typeInfo.getFieldDef();
          if (!parent || !field) {
            unknownField = true;
            return;
          }
          stack.push(node.alias?.value ?? node.name.value);
          const type = getNamedType(field.type);
          // The result and, for a connection, its items are on the path: reading them is the action.
          const items = [...resultPath, "nodes"];
          const onPath = stack.length <= items.length && stack.every((s, i) => s === items[i]);
          const fieldRows = byType.get(`${parent.name}.${field.name}`) ?? [];
          const typeRows = isObjectType(type) ? (byType.get(type.name) ?? []) : [];
          if (onPath) {
            pathRows.push(...fieldRows, ...typeRows);
          } else if (fieldRows.length > 0 || typeRows.length > 0) {
            below.set(stack.join("."), [...fieldRows, ...typeRows]);
          }
        },
        leave() {
          stack.pop();
        },
      },
    }),
  );
  if (unknownField) problems.push({ action: a.id, message: "GraphQL document names a field the recorded schema does not have" });
  // A type GitLab declares no permission for is not judged here: GitLab answers it, with null or an
  // empty list where the grant does not reach, and the answer carries SAF-38's note saying so.
  const needs = needsOf(pathRows);
  const held = new Set(needs.map((n) => n.permission));
  const parts = [...below.entries()]
    .map(([path, rows]) => ({ path, permissions: [...new Set(rows.map((r) => permissionName(r.action, r.resource)))].filter((p) => !held.has(p)).sort() }))
    .filter((p) => p.permissions.length > 0);
  return { reach: "granted", needs, ...(parts.length > 0 ? { parts } : {}) };
}
