// Fine-grained personal access tokens: GitLab's per-route permission table, the grant check and
// GitLab's refusal sentences (GitLab 19.4 era).
//
// Sources (gitlabhq/gitlabhq):
// - app/services/authz/tokens/authorize_granular_scopes_service.rb: the check and its three sentences.
//   A token is checked when it is granular, or when it is a legacy token and a root namespace of one of
//   the route's boundaries enforces granular tokens (granular_token_required?). Boundaries are tried in
//   the order project, group, user, instance; the first that holds every permission authorizes. The
//   refusal names the first boundary (in that order) and its missing permissions as
//   "<Resource>: <Action>" (Authz::PermissionGroups::Assignable resource_name and action.titleize),
//   uniq, sorted, ", "-joined:
//     Access denied: This operation requires a fine-grained personal access token with the following
//       <boundary.type_label> permissions: [<Resource>: <Action>, ...].
//     Access denied: This operation doesn't support fine-grained personal access tokens.   (no
//       permission declared for the route: missing_inputs_error)
//     Access denied: Fine-grained personal access tokens are not yet supported.   (feature flag
//       granular_personal_access_tokens off: disabled_error; sim.setFeatureFlag("granular_personal_access_tokens", false))
//   token_type is token.class.model_name.human.downcase ("personal access token"), pluralized in the
//   last two.
// - app/models/authz/boundary.rb: type_label "project", "group"; NilBoundary's label is its access with
//   "_" -> " " ("user", "instance").
// - lib/api/api_guard.rb (spec/lib/api/api_guard_spec.rb): Gitlab::Auth::GranularPermissionsError ->
//   403, Rack::OAuth2 Bearer::Forbidden(:insufficient_granular_scope, message) ->
//   {"error":"insufficient_granular_scope","error_description":"<sentence>"} (Bearer::Forbidden sends no
//   WWW-Authenticate header; its empty `scope` is dropped from the body). The shared example
//   spec/support/shared_examples/requests/api/granular_token_authorization_shared_examples.rb checks
//   exactly json_response['error'] and json_response['error_description'].
// - doc/auth/tokens/fine_grained_access_tokens_rest.md, _graphql.md: the tables, committed by this
//   project as codegen/inputs/fine-grained/rest.tsv and graphql.tsv (category, resource, action,
//   boundary, method|kind, path|name, also). Permission name = snake_case("<action> <resource>"), as
//   config/authz/permissions/<resource>/<action>.yml names them (doc/development/permissions/
//   granular_personal_access_tokens.md: `action_resource`, read_job, create_pipeline_schedule_variable).
// - The grant (Authz::Boundary strategies + granular scopes): a Project boundary is held by
//   `all_memberships` (the user is a member), `selected_memberships` naming the project or a group
//   that is its namespace or an ancestor, `personal_projects` (a project in the user's own namespace);
//   a Group boundary by `all_memberships` (member) or `selected_memberships` naming it or an ancestor;
//   User by `user`; Instance by `instance`.
//
// - The doc's special lists (committed beside the tables; rows `section method path permissions
//   reason`): `always` routes are never checked; `public` routes are reached without a grant when the
//   target project or group is public (the "public-access bypass", which mirrors anonymous access:
//   spec/support/shared_examples/requests/api/granular_token_authorization_shared_examples.rb checks
//   that a granular token of a non-member reads a public resource exactly as a legacy non-member does,
//   and never writes); `unavailable` routes answer the "doesn't support" sentence.
//
// Deliberate simplifications: a route whose boundaries do not resolve (unknown project or group) or
// whose project the user cannot see is left to its handler, which answers its own 404 (GitLab's
// service answers "404 Not Found" with reason resource_not_found there; how REST renders that was not
// found in the source). Internal projects get no bypass (the bypass applies to public resources only).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ApiError } from "./errors.js";
import { listDocuments } from "./restDocuments.js";
import type { ParamMap } from "./params.js";
import type { SimGranularScope, SimGroup, SimProject, SimState, SimUser, TokenRecord } from "./state.js";

export const GRANULAR_FLAG = "granular_personal_access_tokens";
export const INSUFFICIENT_GRANULAR_SCOPE = "insufficient_granular_scope";
const TOKEN_TYPE = "personal access token";
export const UNSUPPORTED_SENTENCE = `Access denied: This operation doesn't support fine-grained ${TOKEN_TYPE}s.`;
export const DISABLED_SENTENCE = `Access denied: Fine-grained ${TOKEN_TYPE}s are not yet supported.`;
/** Gitlab::Graphql::Authorize::AuthorizeResource::RESOURCE_ACCESS_ERROR */
export const RESOURCE_ACCESS_ERROR =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

export type Boundary = "Project" | "Group" | "User" | "Instance";
const BOUNDARY_ORDER: Boundary[] = ["Project", "Group", "User", "Instance"];

export interface PermissionRef {
  /** snake_case name, e.g. read_merge_request */
  name: string;
  /** "Merge Request: Read" */
  label: string;
}

export interface RestRow {
  resource: string;
  action: string;
  boundary: Boundary;
  method: string;
  path: string;
  permission: PermissionRef;
  also: PermissionRef[];
  /**
   * A row of the doc's special lists (rest-special.tsv: section, method, path, permissions, reason):
   * `always` = no fine-grained check at all; `public` = reachable without a grant when the target
   * project or group is public (permissions as "Resource: Action", ";"-joined); `unavailable` = no
   * fine-grained token can authenticate there (method may be "*").
   */
  special?: "always" | "public" | "unavailable";
}

export interface GraphqlRow {
  resource: string;
  action: string;
  boundary: Boundary;
  kind: string;
  name: string;
  permission: PermissionRef;
  also: PermissionRef[];
}

export interface FineGrainedTables {
  rest: RestRow[];
  graphql: GraphqlRow[];
  /** Where the tables were read from (for error messages). */
  source: string;
}

export function snakeCase(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** Assignable#action.titleize: "run job" -> "Run Job". */
function titleize(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(" ");
}

function permissionOf(resource: string, action: string): PermissionRef {
  return { name: snakeCase(`${action} ${resource}`), label: `${resource}: ${titleize(action)}` };
}

function splitRows(text: string): string[][] {
  const out: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "" || line.startsWith("#") || line.startsWith("category\t")) continue;
    out.push(line.split("\t"));
  }
  return out;
}

function boundaryOf(text: string): Boundary | undefined {
  const b = text.trim();
  return (BOUNDARY_ORDER as string[]).includes(b) ? (b as Boundary) : undefined;
}

/** Parses the REST and GraphQL TSVs (header and `#` lines skipped; files with no header accepted). */
export function parseTables(restText: string, graphqlText: string, source: string): FineGrainedTables {
  const known = new Map<string, PermissionRef>();
  const rest: RestRow[] = [];
  const graphql: GraphqlRow[] = [];
  const rawRest = splitRows(restText);
  const rawGraphql = splitRows(graphqlText);
  for (const cols of [...rawRest, ...rawGraphql]) {
    if (cols.length < 6) continue;
    const p = permissionOf(cols[1], cols[2]);
    known.set(p.name, p);
  }
  const alsoOf = (cell: string | undefined): PermissionRef[] =>
    (cell ?? "")
      .split(";")
      .map((s) => s.trim())
      .filter((s) => s !== "")
      .map((s) => {
        const name = snakeCase(s);
        const hit = known.get(name);
        if (hit) return hit;
        const [action, ...rest] = s.split(/\s+/);
        return { name, label: `${rest.join(" ")}: ${titleize(action)}` };
      });
  for (const cols of rawRest) {
    const section = cols[0].trim();
    if ((section === "always" || section === "public" || section === "unavailable") && cols.length >= 3) {
      const perms = (cols[3] ?? "")
        .split(";")
        .map((l) => l.trim())
        .filter((l) => l.includes(":"))
        .map((l) => {
          const [resource, action] = l.split(":").map((x) => x.trim());
          return permissionOf(resource, action);
        });
      const path = cols[2].trim();
      rest.push({
        resource: perms[0]?.label.split(":")[0] ?? "",
        action: perms[0]?.label.split(": ")[1] ?? "",
        boundary: /^\/projects\//.test(path) ? "Project" : /^\/groups?\//.test(path) ? "Group" : "Instance",
        method: cols[1].trim().toUpperCase(),
        path,
        permission: perms[0] ?? { name: "", label: "" },
        also: perms.slice(1),
        special: section,
      });
      continue;
    }
    const boundary = boundaryOf(cols[3] ?? "");
    if (cols.length < 6 || !boundary) continue;
    rest.push({
      resource: cols[1],
      action: cols[2],
      boundary,
      method: cols[4].trim().toUpperCase(),
      path: cols[5].trim(),
      permission: permissionOf(cols[1], cols[2]),
      also: alsoOf(cols[6]),
    });
  }
  for (const cols of rawGraphql) {
    const boundary = boundaryOf(cols[3] ?? "");
    if (cols.length < 6 || !boundary) continue;
    graphql.push({
      resource: cols[1],
      action: cols[2],
      boundary,
      kind: cols[4].trim(),
      name: cols[5].trim(),
      permission: permissionOf(cols[1], cols[2]),
      also: alsoOf(cols[6]),
    });
  }
  return { rest, graphql, source };
}

export const TABLE_DIR = "codegen/inputs/fine-grained";

/** The repository root: the nearest directory above this module holding package.json (test/sim or dist/test/sim). */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i += 1) {
    if (existsSync(join(dir, "package.json"))) return dir;
    dir = dirname(dir);
  }
  throw new Error("GitLabSimulator: cannot find the repository root (package.json)");
}

/** Every .tsv file of a directory, split into GraphQL rows (kind Type / Mutation / Field) and the rest. */
function readDir(dir: string): { rest: string; graphql: string } {
  const rest: string[] = [];
  const graphql: string[] = [];
  if (!existsSync(dir)) return { rest: "", graphql: "" };
  for (const f of readdirSync(dir)
    .filter((name) => name.endsWith(".tsv"))
    .sort()) {
    for (const line of readFileSync(join(dir, f), "utf8").split(/\r?\n/)) {
      const kind = (line.split("\t")[4] ?? "").trim();
      (kind === "Type" || kind === "Mutation" || kind === "Field" ? graphql : rest).push(line);
    }
  }
  return { rest: rest.join("\n"), graphql: graphql.join("\n") };
}

const tableCache = new Map<string, FineGrainedTables>();

/**
 * Loads the tables: every .tsv of `<repo>/codegen/inputs/fine-grained/` (REST rows, the special lists
 * and GraphQL rows told apart by their columns), or of the directory named by
 * GITLAB_SIM_FINE_GRAINED_DIR when set (drafts). Missing files give empty tables: every route
 * then answers the "doesn't support" refusal to a fine-grained token.
 */
export function loadTables(dir?: string): FineGrainedTables {
  const where = dir ?? process.env.GITLAB_SIM_FINE_GRAINED_DIR ?? join(repoRoot(), TABLE_DIR);
  let cached = tableCache.get(where);
  if (!cached) {
    const { rest, graphql } = readDir(where);
    cached = parseTables(rest, graphql, where);
    tableCache.set(where, cached);
  }
  return cached;
}

// ---------------------------------------------------------------------------------------------
// REST route matching

interface CompiledRow {
  row: RestRow;
  pattern: RegExp;
  /** Literal segments first: a lower rank is more specific. */
  rank: number[];
  keys: string[];
}

const compiledCache = new WeakMap<FineGrainedTables, CompiledRow[]>();

function compile(tables: FineGrainedTables): CompiledRow[] {
  let out = compiledCache.get(tables);
  if (out) return out;
  out = tables.rest.map((row) => {
    const keys: string[] = [];
    const rank: number[] = [];
    const source = row.path
      .split("/")
      .map((seg) => {
        if (seg.startsWith(":")) {
          keys.push(seg.slice(1));
          rank.push(1);
          return "([^/]+)";
        }
        if (seg.startsWith("*")) {
          keys.push(seg.slice(1));
          rank.push(2);
          return "(.+)";
        }
        rank.push(0);
        return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("/");
    return { row, pattern: new RegExp(`^${source}(?:\\.[a-z]+)?$`), rank, keys };
  });
  compiledCache.set(tables, out);
  return out;
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const d = (a[i] ?? 3) - (b[i] ?? 3);
    if (d !== 0) return d;
  }
  return 0;
}

export interface RouteRequirement {
  rows: RestRow[];
  /** Path params of the matched table path, raw (percent-encoded). */
  params: Record<string, string>;
}

/** The table rows of the route a request hits: the most specific matching path, all its rows for the method. */
export function findRoute(tables: FineGrainedTables, method: string, path: string): RouteRequirement | undefined {
  // The request's own method first, then GET for HEAD, then the doc's "*".
  const methodScore = (m: string) => (m === method ? 0 : method === "HEAD" && m === "GET" ? 1 : m === "*" ? 2 : -1);
  let best:
    { rank: number[]; score: number; method: string; template: string; params: Record<string, string> } | undefined;
  for (const c of compile(tables)) {
    const score = methodScore(c.row.method);
    if (score < 0) continue;
    const hit = c.pattern.exec(path);
    if (!hit) continue;
    const order = best ? compareRank(c.rank, best.rank) : -1;
    if (!best || order < 0 || (order === 0 && score < best.score)) {
      const params: Record<string, string> = {};
      c.keys.forEach((k, i) => (params[k] = hit[i + 1]));
      best = { rank: c.rank, score, method: c.row.method, template: c.row.path, params };
    }
  }
  if (!best) return undefined;
  const { template, method: m } = best;
  return { rows: tables.rest.filter((r) => r.method === m && r.path === template), params: best.params };
}

// ---------------------------------------------------------------------------------------------
// The grant

export type BoundaryTarget =
  | { type: "Project"; project: SimProject }
  | { type: "Group"; group: SimGroup }
  | { type: "User" }
  | { type: "Instance" };

function label(target: BoundaryTarget): string {
  return target.type.toLowerCase();
}

/** The user's personal namespace holds the project (namespace path is the username). */
function isPersonalProject(project: SimProject, user: SimUser): boolean {
  const segments = project.path_with_namespace.split("/");
  return segments.length === 2 && segments[0].toLowerCase() === user.username.toLowerCase();
}

function scopeCovers(state: SimState, scope: SimGranularScope, target: BoundaryTarget, user: SimUser): boolean {
  switch (target.type) {
    case "Project": {
      const { project } = target;
      if (scope.access === "all_memberships") return state.isProjectMember(project, user.id);
      if (scope.access === "personal_projects") return isPersonalProject(project, user);
      if (scope.access === "selected_memberships") {
        if (scope.project_id !== undefined && scope.project_id !== null) return scope.project_id === project.id;
        if (scope.group_id !== undefined && scope.group_id !== null) {
          return state.groupAncestry(state.projectGroup(project)).some((g) => g.id === scope.group_id);
        }
      }
      return false;
    }
    case "Group": {
      const { group } = target;
      if (scope.access === "all_memberships") return state.isGroupMember(group, user.id);
      if (scope.access === "selected_memberships" && scope.group_id !== undefined && scope.group_id !== null) {
        return state.groupAncestry(group).some((g) => g.id === scope.group_id);
      }
      return false;
    }
    case "User":
      return scope.access === "user";
    case "Instance":
      return scope.access === "instance";
  }
}

/** token.can?(permission, boundary) */
export function tokenCan(
  state: SimState,
  token: TokenRecord,
  user: SimUser,
  permission: string,
  target: BoundaryTarget,
): boolean {
  return (token.granular ?? []).some((s) => s.permissions.includes(permission) && scopeCovers(state, s, target, user));
}

export function isGranular(token: TokenRecord): boolean {
  return token.scopes.length === 1 && token.scopes[0] === "granular";
}

function rootOf(state: SimState, target: BoundaryTarget): string | undefined {
  if (target.type === "Project") return target.project.path_with_namespace.split("/")[0].toLowerCase();
  if (target.type === "Group") return state.groupAncestry(target.group).pop()?.full_path.toLowerCase();
  return undefined;
}

export interface GranularVerdict {
  ok: boolean;
  /** The refusal sentence when not ok. */
  message?: string;
}

/**
 * AuthorizeGranularScopesService#execute for resolved boundaries and permissions. `legacyEnforced`:
 * the token is classic and a root namespace enforces fine-grained tokens.
 */
export function judge(
  state: SimState,
  token: TokenRecord,
  user: SimUser,
  targets: BoundaryTarget[],
  permissions: PermissionRef[],
): GranularVerdict {
  const enforcedLegacy =
    !isGranular(token) &&
    targets.some((t) => {
      const root = rootOf(state, t);
      return root !== undefined && state.enforcingRoots.has(root);
    });
  if (!isGranular(token) && !enforcedLegacy) return { ok: true };
  if (state.featureFlags.get(GRANULAR_FLAG) === false) {
    return isGranular(token) ? { ok: false, message: DISABLED_SENTENCE } : { ok: true };
  }
  if (permissions.length === 0) return { ok: false, message: UNSUPPORTED_SENTENCE };
  const ordered = [...targets].sort((a, b) => BOUNDARY_ORDER.indexOf(a.type) - BOUNDARY_ORDER.indexOf(b.type));
  let firstMissing: { target: BoundaryTarget; missing: PermissionRef[] } | undefined;
  for (const target of ordered) {
    const missing = permissions.filter((p) => !(isGranular(token) && tokenCan(state, token, user, p.name, target)));
    if (missing.length === 0) return { ok: true };
    firstMissing ??= { target, missing };
  }
  if (!firstMissing) return { ok: false, message: UNSUPPORTED_SENTENCE };
  const perms = [...new Set(firstMissing.missing.map((p) => p.label))].sort().join(", ");
  return {
    ok: false,
    message: `Access denied: This operation requires a fine-grained ${TOKEN_TYPE} with the following ${label(firstMissing.target)} permissions: [${perms}].`,
  };
}

/** GranularPermissionsError as API::APIGuard renders it. */
export function granularError(message: string): ApiError {
  return new ApiError(403, { error: INSUFFICIENT_GRANULAR_SCOPE, error_description: message });
}

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A group seeded only as a document (addDocument("group", "instance", ...)), as a root group. */
function seededGroupDocument(state: SimState, ref: string): SimGroup | undefined {
  const doc = listDocuments(state, "group", "instance").find(
    (d) => String(d.id) === ref || String(d.full_path).toLowerCase() === ref.toLowerCase(),
  );
  if (!doc || typeof doc.id !== "number") return undefined;
  const fullPath = typeof doc.full_path === "string" ? doc.full_path : String(doc.id);
  return {
    id: doc.id,
    name: String(doc.name ?? fullPath),
    path: fullPath.split("/").pop() as string,
    full_path: fullPath,
    parent_id: null,
  };
}

/** Resolves a route's boundaries; undefined when a boundary the route names cannot be found or seen. */
function resolveTargets(
  state: SimState,
  user: SimUser,
  req: RouteRequirement,
  params: ParamMap,
): BoundaryTarget[] | undefined {
  const types = [...new Set(req.rows.map((r) => r.boundary))];
  const targets: BoundaryTarget[] = [];
  const template = req.rows[0].path;
  for (const type of types) {
    if (type === "User") targets.push({ type });
    else if (type === "Instance") targets.push({ type });
    else if (type === "Project") {
      const ref = template.startsWith("/projects/:")
        ? decode(req.params.id ?? "")
        : typeof params.project === "string"
          ? params.project
          : typeof params.project_id === "string"
            ? params.project_id
            : undefined;
      if (ref === undefined) continue;
      const project = state.findProject(ref);
      if (!project || !state.canRead(project, user.id)) return undefined;
      targets.push({ type, project });
    } else {
      const ref =
        template.startsWith("/groups/:") || template.startsWith("/namespaces/:")
          ? decode(req.params.id ?? "")
          : typeof params.group_id === "string"
            ? params.group_id
            : undefined;
      if (ref === undefined) continue;
      const group = state.findGroup(ref) ?? seededGroupDocument(state, ref);
      if (!group) return undefined;
      targets.push({ type, group });
    }
  }
  return targets;
}

/**
 * The REST check, run after authentication: throws GitLab's 403 insufficient_granular_scope for a
 * fine-grained token (or a classic one under an enforcing root namespace) the route's grant refuses.
 */
export function enforceRest(
  state: SimState,
  token: TokenRecord,
  user: SimUser,
  method: string,
  path: string,
  params: ParamMap,
  tables: FineGrainedTables,
): void {
  const granular = isGranular(token);
  if (!granular && state.enforcingRoots.size === 0) return;
  if (granular && state.featureFlags.get(GRANULAR_FLAG) === false) throw granularError(DISABLED_SENTENCE);
  const found = findRoute(tables, method, path);
  if (found?.rows.some((r) => r.special === "always")) return;
  const regular = found?.rows.filter((r) => !r.special) ?? [];
  const publicRows = found?.rows.filter((r) => r.special === "public") ?? [];
  const rows = regular.length > 0 ? regular : publicRows;
  if (!found || rows.length === 0) {
    if (granular) throw granularError(UNSUPPORTED_SENTENCE);
    return;
  }
  const req = { rows, params: found.params };
  const targets = resolveTargets(state, user, req, params);
  if (!targets || targets.length === 0) return;
  const permissions: PermissionRef[] = [];
  for (const r of req.rows)
    for (const p of [r.permission, ...r.also])
      if (p.name !== "" && !permissions.some((q) => q.name === p.name)) permissions.push(p);
  const verdict = judge(state, token, user, targets, permissions);
  if (verdict.ok) return;
  // The doc's "public" list: reachable without a grant when the target is publicly visible.
  if (granular && publicRows.length > 0 && targets.some((t) => isPublicTarget(state, t))) return;
  throw granularError(verdict.message as string);
}

function isPublicTarget(state: SimState, t: BoundaryTarget): boolean {
  if (t.type === "Project") return t.project.visibility === "public";
  if (t.type === "Group") return state.groupVisibility(t.group) === "public";
  return false;
}
