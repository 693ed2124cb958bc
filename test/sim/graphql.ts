// GitLab's GraphQL endpoint (/api/graphql, app/controllers/graphql_controller.rb),
// executed with graphql-js against the curated SDL in
// codegen/inputs/gitlab-schema.graphql.
//
// - POST JSON {query, variables, operationName}, an array of those (batched
//   queries), or GET with the same query parameters;
// - a token that is unknown, revoked, expired or lacks api/read_api answers
//   401 {"errors":[{"message":"Invalid token"}]}; no token = anonymous;
// - missing query -> 200 {"errors":[{"message":"No query string was present"}]};
//   query longer than 10,000 characters -> 422 {"errors":[{"message":"Query too large"}]};
// - unknown or invisible projects resolve to `project: null` without errors;
// - a fine-grained token (scopes ["granular"]) is let in and judged per type, field and mutation by
//   graphqlFineGrained.ts: refused objects are null or left out of lists, with no error.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSchema, execute, GraphQLError, parse, validate, type DocumentNode, type GraphQLSchema } from "graphql";
import { extractToken, lookupToken } from "./auth.js";
import { accessLevelDescription, pathForUrl } from "./entities.js";
import { cursorFor, findBranchRules, type RuleItem } from "./graphqlBranchRules.js";
import { ciCatalogRoot } from "./graphqlCiCatalog.js";
import { workItemsRoot } from "./graphqlWorkItems.js";
import { epicsRoot } from "./graphqlEpics.js";
import { projectSecurityFields, securityRoot } from "./graphqlSecurity.js";
import { executionError, validationErrors, variableErrors, type GitlabGraphqlError } from "./graphqlErrors.js";
import { granularFieldResolver, granularJudge, projectTarget, withBoundary, type GranularGraphql } from "./graphqlFineGrained.js";
import type { ParamMap } from "./params.js";
import type { ResolvedOptions } from "./router.js";
import type { SimAccessLevel, SimProject, SimState, SimUser, TokenRecord } from "./state.js";

export const SCHEMA_RELATIVE_PATH = "codegen/inputs/gitlab-schema.graphql";
const MAX_QUERY_SIZE = 10_000;
const MAX_PAGE_SIZE = 100;

let cachedSchema: GraphQLSchema | undefined;

/** Finds codegen/inputs/gitlab-schema.graphql above this module (works from test/sim and dist/test/sim). */
export function schemaPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i += 1) {
    const candidate = join(dir, SCHEMA_RELATIVE_PATH);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`GitLabSimulator: cannot find ${SCHEMA_RELATIVE_PATH}`);
}

export function loadSchema(): GraphQLSchema {
  cachedSchema ??= buildSchema(readFileSync(schemaPath(), "utf8"));
  return cachedSchema;
}

interface Ctx {
  state: SimState;
  options: ResolvedOptions;
  user: SimUser | null;
  /** Set for a fine-grained token: judges what it may see (graphqlFineGrained.ts). */
  granular?: GranularGraphql;
}

interface ConnArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

/** Relay connection over an in-memory list (GitLab keyset cursors look like base64 {"id":"..."}). */
function arrayConnection<T>(items: T[], args: ConnArgs, cursorOf: (item: T) => string, present: (item: T) => unknown) {
  const cursors = items.map(cursorOf);
  let start = 0;
  let end = items.length;
  if (args.after) start = Math.max(cursors.indexOf(args.after) + 1, 0);
  if (args.before) {
    const at = cursors.indexOf(args.before);
    if (at >= 0) end = at;
  }
  let from = start;
  let to = end;
  const first = args.first === null || args.first === undefined ? undefined : Math.min(Math.max(args.first, 0), MAX_PAGE_SIZE);
  const last = args.last === null || args.last === undefined ? undefined : Math.min(Math.max(args.last, 0), MAX_PAGE_SIZE);
  if (first !== undefined) to = Math.min(to, from + first);
  if (last !== undefined) from = Math.max(from, to - last);
  if (first === undefined && last === undefined) to = Math.min(to, from + MAX_PAGE_SIZE);
  const slice = items.slice(from, to);
  return {
    edges: slice.map((item, i) => ({ cursor: cursors[from + i], node: present(item) })),
    nodes: slice.map(present),
    pageInfo: {
      startCursor: slice.length > 0 ? cursors[from] : null,
      endCursor: slice.length > 0 ? cursors[to - 1] : null,
      hasNextPage: to < end,
      hasPreviousPage: from > start,
    },
  };
}

function accessLevels(levels: SimAccessLevel[], ctx: Ctx) {
  return (args: ConnArgs) =>
    arrayConnection(
      levels,
      args,
      (l) => b64url(JSON.stringify({ id: String(l.id) })),
      (l) => ({ accessLevel: l.access_level ?? 0, accessLevelDescription: accessLevelDescription(l, ctx.state) }),
    );
}

function branchRuleNode(item: RuleItem, project: SimProject, ctx: Ctx) {
  return withBoundary(branchRuleObject(item, project, ctx), { type: "Project", project });
}

function branchRuleObject(item: RuleItem, project: SimProject, ctx: Ctx) {
  if (item.kind === "all_branches") {
    return {
      id: `gid://gitlab/Projects::AllBranchesRule/${project.id}`,
      name: "All branches",
      isDefault: false,
      isProtected: false,
      matchingBranchesCount: project.branches.size,
      createdAt: null,
      updatedAt: null,
      branchProtection: null,
    };
  }
  const pb = item.rule;
  const time = (iso: string) => iso.replace(/\.\d{3}Z$/, "Z");
  return {
    id: `gid://gitlab/Projects::BranchRule/${pb.id}`,
    name: pb.name,
    isDefault: pb.name === project.default_branch,
    isProtected: true,
    matchingBranchesCount: ctx.state.matchingBranchCount(project, pb.name),
    createdAt: time(pb.created_at),
    updatedAt: time(pb.updated_at),
    branchProtection: {
      allowForcePush: pb.allow_force_push,
      codeOwnerApprovalRequired: pb.code_owner_approval_required,
      pushAccessLevels: accessLevels(pb.push_access_levels, ctx),
      mergeAccessLevels: accessLevels(pb.merge_access_levels, ctx),
      unprotectAccessLevels: accessLevels(pb.unprotect_access_levels, ctx),
    },
  };
}

function projectNode(project: SimProject, ctx: Ctx) {
  return withBoundary(projectObject(project, ctx), { type: "Project", project });
}

function projectObject(project: SimProject, ctx: Ctx) {
  const namespace = project.path_with_namespace.split("/").slice(0, -1).join(" / ");
  return {
    id: `gid://gitlab/Project/${project.id}`,
    fullPath: project.path_with_namespace,
    name: project.name,
    nameWithNamespace: `${namespace} / ${project.name}`,
    path: project.path,
    visibility: project.visibility,
    webUrl: `${ctx.options.externalUrl}/${pathForUrl(project.path_with_namespace)}`,
    branchRules: (args: ConnArgs) => {
      if (!ctx.user) return { edges: [], nodes: [], pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false } };
      const page = findBranchRules(project, args.after, args.first === null || args.first === undefined ? 100 : Math.max(args.first, 0));
      let rules = page.rules;
      if (typeof args.last === "number") rules = rules.slice(Math.max(rules.length - Math.max(args.last, 0), 0));
      const nodes = rules.map((r) => branchRuleNode(r, project, ctx));
      return {
        edges: rules.map((r, i) => ({ cursor: cursorFor(r, project.default_branch), node: nodes[i] })),
        nodes,
        pageInfo: { startCursor: null, endCursor: page.endCursor, hasNextPage: page.hasNextPage, hasPreviousPage: false },
      };
    },
  };
}

function rootValue(ctx: Ctx) {
  const catalog = ciCatalogRoot(ctx.options.externalUrl);
  const inCatalog = <T extends { fullPath: string }>(node: T): T => withBoundary(node, projectTarget(ctx.state, node.fullPath));
  const workItems = workItemsRoot(ctx);
  return {
    ...workItems,
    ...epicsRoot(ctx, workItems.group),
    ciCatalogResources: (args: Parameters<typeof catalog.ciCatalogResources>[0]) => {
      const found = catalog.ciCatalogResources(args);
      return { ...found, nodes: found.nodes.map(inCatalog) };
    },
    ciCatalogResource: (args: Parameters<typeof catalog.ciCatalogResource>[0]) => {
      const found = catalog.ciCatalogResource(args);
      return found && inCatalog(found);
    },
    currentUser: () =>
      ctx.user &&
      withBoundary(
        {
          id: `gid://gitlab/User/${ctx.user.id}`,
          name: ctx.user.name,
          username: ctx.user.username,
          webUrl: `${ctx.options.externalUrl}/${ctx.user.username}`,
        },
        { type: "User" },
      ),
    project: ({ fullPath }: { fullPath: string }) => {
      const project = fullPath.includes("/") ? ctx.state.findProject(fullPath) : undefined;
      if (!project || !ctx.state.canRead(project, ctx.user?.id)) return null;
      return Object.assign(projectNode(project, ctx), projectSecurityFields(ctx, project));
    },
    ...securityRoot(ctx),
  };
}

export interface GraphqlAnswer {
  status: number;
  body: unknown;
}

function parseVariables(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null || raw === "") return {};
  if (typeof raw === "string") {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  }
  if (typeof raw === "object" && !Array.isArray(raw)) return raw as Record<string, unknown>;
  throw new Error(`Unexpected parameter: ${JSON.stringify(raw)}`);
}

function runOne(request: Record<string, unknown>, ctx: Ctx): unknown {
  const query = typeof request.query === "string" ? request.query : "";
  if (query.trim() === "") return { errors: [{ message: "No query string was present" }] };
  let doc: DocumentNode;
  try {
    doc = parse(query);
  } catch (e) {
    return { errors: validationErrors({ kind: "Document", definitions: [] } as unknown as DocumentNode, [e as GraphQLError]) };
  }
  const schema = loadSchema();
  const invalid = validate(schema, doc);
  if (invalid.length > 0) return { errors: validationErrors(doc, invalid) };
  const variables = parseVariables(request.variables);
  const operationName = typeof request.operationName === "string" ? request.operationName : undefined;
  const result = execute({
    schema,
    document: doc,
    rootValue: rootValue(ctx),
    variableValues: variables,
    operationName,
    contextValue: ctx,
    fieldResolver: granularFieldResolver(() => ctx.granular),
  });
  if (result instanceof Promise) throw new Error("GitLabSimulator: resolvers must be synchronous");
  if (!("data" in result) || result.data === undefined) {
    return { errors: variableErrors(doc, result.errors ?? [], variables) };
  }
  const out: { data: unknown; errors?: GitlabGraphqlError[] } = { data: result.data };
  if (result.errors && result.errors.length > 0) out.errors = result.errors.map(executionError);
  return out;
}

export function handleGraphql(input: {
  method: string;
  body: unknown;
  params: ParamMap;
  headers: Record<string, string | string[] | undefined>;
  state: SimState;
  options: ResolvedOptions;
}): GraphqlAnswer {
  const tokenValue = extractToken(input.headers, input.params);
  let user: SimUser | null = null;
  let record: TokenRecord | undefined;
  if (tokenValue !== undefined) {
    const { token, problem } = lookupToken(input.state, tokenValue);
    const granular = token !== undefined && token.scopes.length === 1 && token.scopes[0] === "granular";
    if (!token || problem || (!granular && !token.scopes.some((s) => s === "api" || s === "read_api"))) {
      return { status: 401, body: { errors: [{ message: "Invalid token" }] } };
    }
    token.lastUsedAt = new Date().toISOString();
    user = input.state.ensureUser(token.userId);
    record = token;
  }
  const granular = granularJudge(input.state, input.options.fineGrained, record, user);
  const ctx: Ctx = { state: input.state, options: input.options, user, ...(granular ? { granular } : {}) };
  const payload = input.method === "GET" ? input.params : input.body;
  const requests = Array.isArray(payload) ? payload : [payload ?? {}];
  const size = requests.reduce((n: number, r) => n + (typeof r?.query === "string" ? r.query.length : 0), 0);
  if (size > MAX_QUERY_SIZE) return { status: 422, body: { errors: [{ message: "Query too large" }] } };
  try {
    const results = requests.map((r) => runOne((r ?? {}) as Record<string, unknown>, ctx));
    return { status: 200, body: Array.isArray(payload) ? results : results[0] };
  } catch (e) {
    return { status: 422, body: { errors: [{ message: (e as Error).message }] } };
  }
}
