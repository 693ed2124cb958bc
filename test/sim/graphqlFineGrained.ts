// Fine-grained personal access tokens over GraphQL (GitLab 19.4 era).
//
// Sources (gitlabhq/gitlabhq):
// - lib/gitlab/graphql/authz/granular_scope_authorization.rb: types and mutations carry
//   `GranularScope` directives (lib/gitlab/graphql/authz/authorize_granular_token.rb,
//   `authorize_granular_token permissions:, boundary_type:`); `ok?` decides a type's visibility and
//   `authorize!` raises Gitlab::Graphql::Errors::ArgumentError with the service's message for a
//   mutation. With no directive, a granular token is denied
//   (RESOURCE_ACCESS_ERROR: "The resource that you are attempting to access does not exist or you
//   don't have permission to perform this action"); a legacy token falls through.
// - The permission and boundary of each type, field and mutation: doc/auth/tokens/
//   fine_grained_access_tokens_graphql.md, committed as codegen/inputs/fine-grained/graphql.tsv
//   (kind Type / Field / Mutation, name "Project", "MergeRequest.findingReportsComparer", ...).
// - The check itself is AuthorizeGranularScopesService (fineGrained.ts).
//
// What a client sees (GraphQL answers 200 either way):
// - an object whose type the grant does not cover, or whose type declares no permission, resolves to
//   `null` with no error (a GitLab type's authorization failing = nil, graphql-ruby's
//   `unauthorized_object`);
// - such objects are left out of lists (`nodes`, and `edges` whose `node` is refused), with no error;
// - a field with its own row (kind Field, "<Type>.<field>") the grant does not cover is `null`;
// - a mutation outside the grant: the field is `null` and errors[] holds the refusal sentence with
//   its locations and path; a mutation with no row gets RESOURCE_ACCESS_ERROR.
//
// A classic token is judged the same way when a root namespace enforces fine-grained tokens
// (sim.enforceFineGrainedTokens), for the types and fields the table names; undeclared ones pass.
//
// Which types are judged: the resource types the simulator serves (GRANULAR_TYPES). Their children
// (connections, edges, page info, access levels, versions, components, inputs) are judged only when
// the table names them, and otherwise follow their parent (deliberate: GitLab's SkipRules are not
// modelled). Boundaries: Project and its branch rules -> the project; a CI/CD Catalog resource -> its
// project (a public project the user is not a member of, unless it is seeded); CurrentUser -> User.
import {
  defaultFieldResolver,
  getNamedType,
  GraphQLError,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
} from "graphql";
import {
  isGranular,
  judge,
  RESOURCE_ACCESS_ERROR,
  type BoundaryTarget,
  type FineGrainedTables,
  type GraphqlRow,
  type PermissionRef,
} from "./fineGrained.js";
import type { SimProject, SimState, SimUser, TokenRecord } from "./state.js";

/** The boundary an object of a judged type sits in (attached by the resolvers that build it). */
export const BOUNDARY = Symbol("granularBoundary");

/** Types a granular token must be granted; with no row in the table they resolve to null. */
export const GRANULAR_TYPES = new Set(["Project", "BranchRule", "CiCatalogResource", "CurrentUser"]);

export function withBoundary<T extends object>(node: T, target: BoundaryTarget): T {
  Object.defineProperty(node, BOUNDARY, { value: target, enumerable: false, configurable: true });
  return node;
}

export function boundaryOf(node: unknown): BoundaryTarget | undefined {
  return node !== null && typeof node === "object"
    ? ((node as Record<symbol, unknown>)[BOUNDARY] as BoundaryTarget | undefined)
    : undefined;
}

/** A project boundary for a path the simulator may not hold (CI/CD Catalog resources): public, no members. */
export function projectTarget(state: SimState, fullPath: string): BoundaryTarget {
  const project: SimProject = state.findProject(fullPath) ?? {
    id: 0,
    name: fullPath.split("/").pop() as string,
    path: fullPath.split("/").pop() as string,
    path_with_namespace: fullPath,
    default_branch: "main",
    visibility: "public",
    created_at: "2024-01-01T00:00:00.000Z",
    branches: new Map(),
    protectedBranches: [],
    members: new Set(),
  };
  return { type: "Project", project };
}

export interface GranularGraphqlContext {
  state: SimState;
  tables: FineGrainedTables;
  token: TokenRecord;
  user: SimUser;
}

function permissionsOf(rows: GraphqlRow[]): PermissionRef[] {
  const out: PermissionRef[] = [];
  for (const r of rows) for (const p of [r.permission, ...r.also]) if (!out.some((q) => q.name === p.name)) out.push(p);
  return out;
}

function targetKey(t: BoundaryTarget | undefined): string {
  if (!t) return "none";
  if (t.type === "Project") return `project:${t.project.path_with_namespace}`;
  if (t.type === "Group") return `group:${t.group.id}`;
  return t.type;
}

/**
 * The granular judge of one GraphQL request: `allowed(kind, name, boundary)` answers whether the
 * token may see a type / field, and the refusal sentence of a mutation.
 */
export class GranularGraphql {
  private readonly cache = new Map<string, { ok: boolean; message?: string }>();
  /** Boundaries inherited from a parent during this request (shared seed objects are never marked). */
  private readonly inherited = new WeakMap<object, BoundaryTarget>();

  /** A classic token judged because a root namespace enforces fine-grained tokens. */
  private readonly legacy: boolean;

  constructor(private readonly g: GranularGraphqlContext) {
    this.legacy = !isGranular(g.token);
  }

  rows(kind: string, name: string): GraphqlRow[] {
    return this.g.tables.graphql.filter((r) => r.kind === kind && r.name === name);
  }

  /** The verdict for rows at a boundary; no rows = the "no directive" denial. */
  verdict(
    kind: string,
    name: string,
    rows: GraphqlRow[],
    target: BoundaryTarget | undefined,
  ): { ok: boolean; message?: string } {
    const key = `${kind}:${name}:${targetKey(target)}`;
    let v = this.cache.get(key);
    if (v) return v;
    // No directive: a granular token is denied, a legacy one falls through.
    if (rows.length === 0) v = this.legacy ? { ok: true } : { ok: false, message: RESOURCE_ACCESS_ERROR };
    else {
      const types = [...new Set(rows.map((r) => r.boundary))];
      const targets: BoundaryTarget[] = [];
      for (const t of types) {
        if (t === "User" || t === "Instance") targets.push({ type: t });
        else if (target && target.type === t) targets.push(target);
        else if (target && t === "Group" && target.type === "Project") {
          const group = this.g.state.projectGroup(target.project);
          if (group) targets.push({ type: "Group", group });
        }
      }
      v =
        targets.length === 0
          ? this.legacy
            ? { ok: true }
            : { ok: false, message: RESOURCE_ACCESS_ERROR }
          : judge(this.g.state, this.g.token, this.g.user, targets, permissionsOf(rows));
    }
    this.cache.set(key, v);
    return v;
  }

  /** The object's own boundary, or the one it inherited from its parent in this request. */
  boundary(node: unknown): BoundaryTarget | undefined {
    return boundaryOf(node) ?? (node !== null && typeof node === "object" ? this.inherited.get(node) : undefined);
  }

  /** Copies a parent's boundary onto child objects that carry none (connections, versions, ...). */
  inherit(value: unknown, target: BoundaryTarget | undefined): void {
    if (!target || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const v of value) this.inherit(v, target);
      return;
    }
    if (!this.boundary(value)) this.inherited.set(value, target);
  }

  /** A judged type is visible: its rows hold at the object's boundary. Unjudged types pass. */
  typeVisible(typeName: string, node: unknown): boolean {
    const rows = this.rows("Type", typeName);
    if (rows.length === 0 && !GRANULAR_TYPES.has(typeName)) return true;
    return this.verdict("Type", typeName, rows, this.boundary(node)).ok;
  }

  /** A field with its own row is visible; others pass. */
  fieldVisible(parentType: string, fieldName: string, source: unknown): boolean {
    const rows = this.rows("Field", `${parentType}.${fieldName}`);
    if (rows.length === 0) return true;
    return this.verdict("Field", `${parentType}.${fieldName}`, rows, this.boundary(source)).ok;
  }

  /** The refusal of a mutation (rows named like the field or its type, e.g. createBranch / CreateBranch), or undefined. */
  mutationRefusal(fieldName: string, args: Record<string, unknown>): string | undefined {
    const capitalized = fieldName.charAt(0).toUpperCase() + fieldName.slice(1);
    const rows = [...this.rows("Mutation", fieldName), ...this.rows("Mutation", capitalized)];
    const ref =
      typeof args.projectPath === "string"
        ? args.projectPath
        : typeof args.fullPath === "string"
          ? args.fullPath
          : undefined;
    const input = args.input && typeof args.input === "object" ? (args.input as Record<string, unknown>) : {};
    const path = ref ?? (typeof input.projectPath === "string" ? input.projectPath : undefined);
    const project = path ? this.g.state.findProject(path) : undefined;
    const v = this.verdict("Mutation", fieldName, rows, project ? { type: "Project", project } : undefined);
    return v.ok ? undefined : v.message;
  }
}

function unwrapList(type: GraphQLOutputType): GraphQLOutputType | undefined {
  const t = isNonNullType(type) ? type.ofType : type;
  return isListType(t) ? t.ofType : undefined;
}

/**
 * graphql-js field resolver applying the granular rules above around the default resolver (the
 * simulator's schema has no resolvers of its own: rootValue functions and plain objects).
 */
export function granularFieldResolver(
  judgeOf: () => GranularGraphql | undefined,
): GraphQLFieldResolver<unknown, unknown> {
  return (source, args, context, info) => {
    const g = judgeOf();
    if (!g) return defaultFieldResolver(source, args, context, info);
    if (info.operation.operation === "mutation" && info.parentType === info.schema.getMutationType()) {
      const refusal = g.mutationRefusal(info.fieldName, args);
      if (refusal) return new GraphQLError(refusal);
    }
    if (!g.fieldVisible(info.parentType.name, info.fieldName, source)) return null;
    const value = defaultFieldResolver(source, args, context, info);
    return settle(value, (v) => {
      g.inherit(v, g.boundary(source));
      const named = getNamedType(info.returnType);
      if (!isObjectType(named)) return v;
      if (unwrapList(info.returnType)) {
        if (!Array.isArray(v)) return v;
        const edgeNode = named.getFields().node;
        if (named.name.endsWith("Edge") && edgeNode) {
          const nodeType = getNamedType(edgeNode.type).name;
          return v.filter((edge) => {
            const node = edge && typeof edge === "object" ? (edge as Record<string, unknown>).node : undefined;
            const resolved = typeof node === "function" ? undefined : node;
            return resolved === undefined || resolved === null || g.typeVisible(nodeType, resolved);
          });
        }
        return v.filter((item) => item === null || g.typeVisible(named.name, item));
      }
      if (v === null || v === undefined) return v;
      return g.typeVisible(named.name, v) ? v : null;
    });
  };
}

function settle(value: unknown, then: (v: unknown) => unknown): unknown {
  if (value instanceof Promise) return value.then(then);
  return then(value);
}

export function granularJudge(
  state: SimState,
  tables: FineGrainedTables,
  token: TokenRecord | undefined,
  user: SimUser | null,
): GranularGraphql | undefined {
  if (!token || !user) return undefined;
  if (!isGranular(token) && state.enforcingRoots.size === 0) return undefined;
  return new GranularGraphql({ state, tables, token, user });
}
