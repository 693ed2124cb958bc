// Read-only endpoints that answer GitLab documents seeded as they are (field names from each endpoint's
// page under doc/api/), so a test states the fields it relies on. What the simulator owns is the
// routing, the project and group lookups and the not-found body each endpoint renders:
// - `not_found!('<Resource>')` -> {"message":"404 <Resource> Not Found"} (labels, tags, commits,
//   wiki pages, snippets, groups) and `not_found!` -> {"message":"404 Not Found"} (releases);
// - ActiveRecord `find`/`find_by!` -> {"message":"404 Not found"} (boards, jobs, environments,
//   deployments, feature flags, deploy keys).
// Milestones are also listed, filtered and paginated by restMilestones.ts.
// Pipelines are served by restPipelines.ts, from the tracker.
import { messageError, notFound, recordNotFound } from "./errors.js";
import { userProject } from "./projectAccess.js";
import { declare } from "./params.js";
import type { RestContext, RestResult, Router } from "./router.js";
import type { SimState } from "./state.js";
import { presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

/** Each document family: where it lives, which fields a path segment may name, what a miss answers. */
export const DOCUMENT_KINDS = {
  board: { scope: "project", keys: ["id"], miss: () => recordNotFound() },
  label: { scope: "project", keys: ["id", "name"], miss: () => notFound("Label") },
  group_label: { scope: "group", keys: ["id", "name"], miss: () => notFound("Label") },
  job: { scope: "project", keys: ["id"], miss: () => recordNotFound() },
  tag: { scope: "project", keys: ["name"], miss: () => notFound("Tag") },
  release: { scope: "project", keys: ["tag_name"], miss: () => messageError(404, "404 Not Found") },
  commit: { scope: "project", keys: ["id", "short_id"], miss: () => notFound("Commit") },
  environment: { scope: "project", keys: ["id"], miss: () => recordNotFound() },
  deployment: { scope: "project", keys: ["id"], miss: () => recordNotFound() },
  feature_flag: { scope: "project", keys: ["name"], miss: () => recordNotFound() },
  // Kept and served by restEnvironments.ts and restFeatureFlags.ts (seeded here, routed there).
  freeze_period: { scope: "project", keys: ["id"], miss: () => recordNotFound() },
  protected_environment: { scope: "project", keys: ["name"], miss: () => recordNotFound() },
  deployment_merge_request: { scope: "project", keys: ["id"], miss: () => recordNotFound() },
  ff_user_list: { scope: "project", keys: ["iid"], miss: () => recordNotFound() },
  deploy_key: { scope: "project", keys: ["id"], miss: () => recordNotFound() },
  wiki_page: { scope: "project", keys: ["slug"], miss: () => notFound("Wiki Page") },
  project_snippet: { scope: "project", keys: ["id"], miss: () => notFound("Snippet") },
  snippet: { scope: "instance", keys: ["id"], miss: () => notFound("Snippet") },
  group: { scope: "instance", keys: ["id", "full_path"], miss: () => notFound("Group") },
  // `parent.milestones.find(milestone_id)`: the global ID. restMilestones.ts lists them by IID.
  milestone: { scope: "project", keys: ["id"], miss: () => recordNotFound() },
  group_milestone: { scope: "group", keys: ["id"], miss: () => recordNotFound() },
  // Iterations (Premium): listed by restIssueCore.ts, not fetched one by one.
  iteration: { scope: "project", keys: ["id"], miss: () => recordNotFound() },
  group_iteration: { scope: "group", keys: ["id"], miss: () => recordNotFound() },
} as const;

export type DocumentKind = keyof typeof DOCUMENT_KINDS;

function bucket(kind: DocumentKind, scope: number | string): string {
  return `${kind}:${scope}`;
}

/** Stores a document under a project ID, a group ID, or the instance. */
export function putDocument(state: SimState, kind: DocumentKind, scope: number | string, doc: Json): void {
  const key = bucket(kind, scope);
  state.documents.set(key, [...(state.documents.get(key) ?? []), doc]);
}

/** Every document of a family under one project, group or the instance, in seeding order. */
export function listDocuments(state: SimState, kind: DocumentKind, scope: number | string): Json[] {
  return state.documents.get(bucket(kind, scope)) ?? [];
}

function findDocument(state: SimState, kind: DocumentKind, scope: number | string, wanted: string): Json {
  const spec = DOCUMENT_KINDS[kind];
  const hit = (state.documents.get(bucket(kind, scope)) ?? []).find((d) => spec.keys.some((k) => d[k] !== undefined && d[k] !== null && String(d[k]).toLowerCase() === wanted.toLowerCase() && (k !== "name" || String(d[k]) === wanted)));
  if (!hit) throw spec.miss();
  return hit;
}

/** find_group!: the group a route's `:id` names, by ID or full path, or 404 Group Not Found. */
export function groupOf(ctx: RestContext): Json {
  return findDocument(ctx.state, "group", "instance", ctx.route.id ?? "");
}

function route(kind: DocumentKind, param: string) {
  return (ctx: RestContext): RestResult => {
    const spec = DOCUMENT_KINDS[kind];
    const scope = spec.scope === "project" ? userProject(ctx).id : spec.scope === "group" ? (groupOf(ctx).id as number) : "instance";
    return { status: 200, body: findDocument(ctx.state, kind, scope, ctx.route[param]) };
  };
}

/** GET a commit: stats=false leaves the line stats out (GitLab's default is true). */
function commitRoute(ctx: RestContext): RestResult {
  const p = declare(ctx.params, [{ name: "stats", type: "boolean", default: true }]);
  const answer = route("commit", "sha")(ctx);
  if (p.stats !== false) return answer;
  const { stats: _stats, ...rest } = answer.body as Record<string, unknown>;
  return { ...answer, body: rest };
}

/** include_html_description: the notes rendered (one paragraph per blank-line block, text escaped). */
export function releaseWithHtml(release: Record<string, unknown>, wanted: unknown): Record<string, unknown> {
  if (wanted !== true) return release;
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const blocks = String(release.description ?? "").split(/\n\s*\n/).filter((b) => b.trim() !== "");
  return { ...release, description_html: blocks.map((b) => `<p dir="auto">${esc(b.trim())}</p>`).join("\n") };
}

/** GET a release: include_html_description adds description_html. */
function releaseRoute(ctx: RestContext): RestResult {
  const p = declare(ctx.params, [{ name: "include_html_description", type: "boolean", default: false }]);
  const answer = route("release", "tag_name")(ctx);
  return { ...answer, body: releaseWithHtml(answer.body as Record<string, unknown>, p.include_html_description) };
}

export function registerDocumentRoutes(router: Router): void {
  router.add("GET", "/projects/:id/boards/:board_id", route("board", "board_id"));
  router.add("GET", "/projects/:id/labels/:label_id", route("label", "label_id"));
  router.add("GET", "/groups/:id", route("group", "id"));
  router.add("GET", "/groups/:id/labels/:label_id", route("group_label", "label_id"));
  router.add("GET", "/projects/:id/milestones/:milestone_id", route("milestone", "milestone_id"));
  router.add("GET", "/groups/:id/milestones/:milestone_id", route("group_milestone", "milestone_id"));
  router.add("GET", "/projects/:id/jobs/:job_id", route("job", "job_id"));
  router.add("GET", "/projects/:id/repository/tags/:tag_name", route("tag", "tag_name"));
  router.add("GET", "/projects/:id/releases/:tag_name", releaseRoute);
  router.add("GET", "/projects/:id/repository/commits/:sha", commitRoute);
  router.add("GET", "/projects/:id/environments/:environment_id", route("environment", "environment_id"));
  router.add("GET", "/projects/:id/deployments/:deployment_id", route("deployment", "deployment_id"));
  router.add("GET", "/projects/:id/feature_flags/:feature_flag_name", route("feature_flag", "feature_flag_name"));
  router.add("GET", "/projects/:id/deploy_keys/:key_id", route("deploy_key", "key_id"));
  router.add("GET", "/projects/:id/wikis/:slug", route("wiki_page", "slug"));
  router.add("GET", "/projects/:id/snippets/:snippet_id", route("project_snippet", "snippet_id"));
  router.add("GET", "/snippets/:id", route("snippet", "id"));
}
