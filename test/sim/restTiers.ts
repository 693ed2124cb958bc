// What tells a client the instance's tier: the license and the namespaces' plans.
// - GET /license (ee/lib/api/license.rb, doc/api/license.md): `before { authenticated_as_admin! }`,
//   so anonymous -> 401 {"message":"401 Unauthorized"}, a non-admin -> 403 {"message":"403 Forbidden"};
//   an admin gets EE::API::Entities::GitlabLicense(WithActiveUsers): {id, plan, created_at, starts_at,
//   expires_at, historical_max, maximum_user_count, licensee, add_ons, expired, overage, user_limit,
//   active_users}, or `null` (200) when no license is installed (present nil). CE has no such route:
//   API::API's catch-all 404 {"error":"404 Not Found"}.
// - GET /namespaces (lib/api/namespaces.rb, doc/api/namespaces.md): the user's namespaces (their own
//   personal namespace, then the groups they belong to), offset-paginated with GitLab's headers;
//   `search` filters by name or path, `owned_only` keeps the personal namespace (the simulator models
//   no roles: the user owns only that one). API::Entities::Namespace: {id, name, path, kind, full_path,
//   parent_id, avatar_url, web_url}; EE (ee/lib/ee/api/entities/namespace.rb) adds `plan`
//   (namespace.actual_plan_name: "default" on Self-Managed without a subscription, "free", "premium",
//   "ultimate", "ultimate_trial", ... on GitLab.com), `trial_ends_on` and `trial` for namespaces the user
//   can admin. The simulator exposes them on every listed namespace on EE (deliberate: it has no roles).
//   Personal namespaces have id 10000 + the user's id (a simulator convention).
import { forbidden, routeNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { requireUser } from "./auth.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimGroup, SimState, SimUser } from "./state.js";

export const USER_NAMESPACE_ID_BASE = 10_000;

const TRIAL_PLANS = new Set([
  "ultimate_trial",
  "premium_trial",
  "ultimate_trial_paid_customer",
  "opensource",
  "free_trial",
]);

function license(ctx: RestContext): RestResult {
  if (ctx.options.edition === "ce") throw routeNotFound();
  const { token } = requireUser(ctx.auth);
  if (!token.admin) throw forbidden();
  const l = ctx.options.license;
  if (!l) return { status: 200, body: null };
  return {
    status: 200,
    body: {
      id: 1,
      plan: l.plan,
      created_at: "2025-01-01T00:00:00.000Z",
      starts_at: "2025-01-01",
      expires_at: "2027-01-01",
      historical_max: 10,
      maximum_user_count: 10,
      licensee: { Name: "Simulator", Email: "admin@example.com", Company: "Simulator" },
      add_ons: {},
      expired: false,
      overage: 0,
      user_limit: 100,
      active_users: ctx.state.users.size,
    },
  };
}

export interface NamespaceRow {
  key: string;
  id: number;
  name: string;
  path: string;
  kind: "user" | "group";
  full_path: string;
  parent_id: number | null;
}

export function userNamespace(user: SimUser): NamespaceRow {
  return {
    key: `user:${user.id}`,
    id: USER_NAMESPACE_ID_BASE + user.id,
    name: user.name,
    path: user.username,
    kind: "user",
    full_path: user.username,
    parent_id: null,
  };
}

export function groupNamespace(g: SimGroup): NamespaceRow {
  return {
    key: `group:${g.id}`,
    id: g.id,
    name: g.name,
    path: g.path,
    kind: "group",
    full_path: g.full_path,
    parent_id: g.parent_id,
  };
}

/** The namespaces a user sees in GET /namespaces: their own, then their groups by id. */
export function userNamespaces(state: SimState, user: SimUser): NamespaceRow[] {
  const groups = [...state.groups.values()].filter((g) => state.isGroupMember(g, user.id)).sort((a, b) => a.id - b.id);
  return [userNamespace(user), ...groups.map(groupNamespace)];
}

/** Finds a namespace by id or full path (groups, then users' personal namespaces). */
export function findNamespace(state: SimState, ref: number | string): NamespaceRow | undefined {
  const group = state.findGroup(ref);
  if (group) return groupNamespace(group);
  const text = String(ref);
  for (const u of state.users.values()) {
    if (
      /^\d+$/.test(text)
        ? Number(text) === USER_NAMESPACE_ID_BASE + u.id
        : u.username.toLowerCase() === text.toLowerCase()
    )
      return userNamespace(u);
  }
  return undefined;
}

export function namespacePlan(state: SimState, row: NamespaceRow): string {
  return state.namespacePlans.get(row.key) ?? "default";
}

function namespaces(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const search = typeof ctx.params.search === "string" ? ctx.params.search.toLowerCase() : "";
  const ownedOnly = ctx.params.owned_only === "true" || ctx.params.owned_only === true;
  const rows = userNamespaces(ctx.state, user)
    .filter((n) => !ownedOnly || n.kind === "user")
    .filter((n) => search === "" || n.name.toLowerCase().includes(search) || n.path.toLowerCase().includes(search));
  const page = paginateOffset(
    rows,
    p.page as number,
    p.per_page as number,
    linkContext(ctx, p),
    ctx.options.totalsLimit,
  );
  const ee = ctx.options.edition === "ee";
  const body = page.items.map((n) => {
    const out: Record<string, unknown> = {
      id: n.id,
      name: n.name,
      path: n.path,
      kind: n.kind,
      full_path: n.full_path,
      parent_id: n.parent_id,
      avatar_url: null,
      web_url:
        n.kind === "user" ? `${ctx.options.externalUrl}/${n.path}` : `${ctx.options.externalUrl}/groups/${n.full_path}`,
    };
    if (ee) {
      const plan = namespacePlan(ctx.state, n);
      out.billable_members_count = 1;
      out.plan = plan;
      out.trial_ends_on = TRIAL_PLANS.has(plan) ? "2027-01-01" : null;
      out.trial = TRIAL_PLANS.has(plan);
    }
    return out;
  });
  return { status: 200, body, headers: page.headers };
}

export function registerTierRoutes(router: Router): void {
  router.add("GET", "/license", license);
  router.add("GET", "/namespaces", namespaces);
}
