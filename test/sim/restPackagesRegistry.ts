// The container registry, written from GitLab's docs:
// - doc/api/container_registry.md: GET /projects/:id/registry/repositories (tags, tags_count),
//   GET /groups/:id/registry/repositories (the group's projects and subgroups), GET
//   /registry/repositories/:id (tags, tags_count, size), DELETE a repository: 202, the repository is
//   delete_scheduled and gone from the next list on (GitLab deletes it in the background).
//   Tags: list (name, path, location; paginated, by name), get (digest, revision, created_at,
//   total_size; 404 {"message":"404 Tag Not Found"}), delete one (200).
//   Bulk deletion: DELETE .../tags with name_regex_delete (or the deprecated name_regex; neither is
//   Grape's 400), name_regex_keep, keep_n, older_than (1h, 2d, 1month...): 202, applied in the background
//   (here: on the next read of the repository's tags) with GitLab's rules: never `latest`, full-name re2
//   matches, the keep_n newest kept, only tags older than older_than. A second call within the hour is
//   400 {"message":"This request has already been made. You can run this at most once an hour for a
//   given container repository"}.
// - doc/api/container_repository_protection_rules.md: list, create 201 (at least one level; a pattern
//   taken is 422), PATCH 200 (an empty string clears a level), DELETE 204; unknown 404 {"message":"404 Not found"}.
// An unknown repository is 404 {"message":"404 Repository Not Found"}.
import { grapeError, messageError, notFound, recordNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap } from "./params.js";
import { userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject, type SimState } from "./state.js";
import type { GitLabSimulator } from "./simulator.js";

export interface SimImageTag {
  name: string;
  created_at: string;
  digest: string;
  total_size: number;
}

interface Repository {
  id: number;
  projectId: number;
  name: string;
  created_at: string;
  status: string | null;
  tags: SimImageTag[];
  /** A bulk deletion GitLab accepted and has not run yet. */
  pending?: ParamMap;
  lastCleanup?: number;
}

interface Rule {
  id: number;
  project_id: number;
  repository_path_pattern: string;
  minimum_access_level_for_push: string | null;
  minimum_access_level_for_delete: string | null;
}

interface Store {
  repositories: Repository[];
  rules: Rule[];
  ids: { repo: number; rule: number };
}

const stores = new WeakMap<SimState, Store>();
const LEVELS = ["maintainer", "owner", "admin"];
const REGISTRY_HOST = "registry.example.com";

function storeOf(state: SimState): Store {
  let s = stores.get(state);
  if (!s) {
    s = { repositories: [], rules: [], ids: { repo: 0, rule: 0 } };
    stores.set(state, s);
  }
  return s;
}

function projectOf(state: SimState, r: Repository): SimProject {
  return state.requireProject(r.projectId);
}

const pathOf = (state: SimState, r: Repository) => `${projectOf(state, r).path_with_namespace}${r.name ? `/${r.name}` : ""}`;

const presentTag = (state: SimState, r: Repository, t: SimImageTag) => ({ name: t.name, path: `${pathOf(state, r)}:${t.name}`, location: `${REGISTRY_HOST}/${pathOf(state, r)}:${t.name}` });

const tagDetails = (state: SimState, r: Repository, t: SimImageTag) => ({
  ...presentTag(state, r, t),
  revision: t.digest.replace(/^sha256:/, ""),
  short_revision: t.digest.replace(/^sha256:/, "").slice(0, 9),
  digest: t.digest,
  created_at: t.created_at,
  total_size: t.total_size,
});

/** A ChronicDuration span such as 1h, 2d, 1month, in milliseconds. */
function spanMs(text: string): number | undefined {
  const m = /^\s*(\d+)\s*(s|sec|seconds?|m|min|minutes?|h|hours?|d|days?|w|weeks?|months?|y|years?)\s*$/i.exec(text);
  if (!m) return undefined;
  const u = m[2].toLowerCase();
  const unit = u.startsWith("mo") ? 2592e6 : u.startsWith("s") ? 1e3 : u.startsWith("m") ? 6e4 : u.startsWith("h") ? 36e5 : u.startsWith("d") ? 864e5 : u.startsWith("w") ? 6048e5 : 31536e6;
  return Number(m[1]) * unit;
}

/** Runs a pending bulk deletion, as GitLab's background cleanup would have by now. */
function settle(state: SimState, r: Repository): void {
  const p = r.pending;
  if (!p) return;
  r.pending = undefined;
  const del = new RegExp(`^(?:${String(p.name_regex_delete ?? p.name_regex)})$`);
  const keep = p.name_regex_keep ? new RegExp(`^(?:${String(p.name_regex_keep)})$`) : undefined;
  let hits = r.tags.filter((t) => t.name !== "latest" && del.test(t.name) && !(keep?.test(t.name) ?? false));
  hits = [...hits].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  if (p.keep_n !== undefined) hits = hits.slice(p.keep_n as number);
  if (p.older_than !== undefined) {
    const before = state.now().getTime() - (spanMs(String(p.older_than)) ?? 0);
    hits = hits.filter((t) => Date.parse(t.created_at) < before);
  }
  r.tags = r.tags.filter((t) => !hits.includes(t));
}

function presentRepository(state: SimState, r: Repository, opts: { tags?: boolean; tags_count?: boolean; size?: boolean }) {
  settle(state, r);
  return {
    id: r.id,
    name: r.name,
    path: pathOf(state, r),
    project_id: r.projectId,
    location: `${REGISTRY_HOST}/${pathOf(state, r)}`,
    created_at: r.created_at,
    cleanup_policy_started_at: null,
    status: r.status,
    ...(opts.tags_count ? { tags_count: r.tags.length } : {}),
    ...(opts.tags ? { tags: [...r.tags].sort((a, b) => a.name.localeCompare(b.name)).map((t) => presentTag(state, r, t)) } : {}),
    ...(opts.size ? { size: r.tags.reduce((n, t) => n + t.total_size, 0) } : {}),
  };
}

function page<T>(ctx: RestContext, all: T[], declared: ParamMap, present: (t: T) => unknown): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const paged = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, { ...declared, ...p }));
  return { status: 200, body: paged.items.map(present), headers: paged.headers };
}

function repositoryOf(ctx: RestContext, project: SimProject | undefined, id: string): Repository {
  const r = storeOf(ctx.state).repositories.find((x) => x.id === Number(id) && (project === undefined || x.projectId === project.id));
  if (!r) throw notFound("Repository");
  if (!project && !ctx.state.canRead(ctx.state.requireProject(r.projectId), ctx.auth.kind === "user" ? ctx.auth.user.id : undefined)) throw notFound("Repository");
  return r;
}



function listProject(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const d = declare(ctx.params, [
    { name: "tags", type: "boolean", default: false },
    { name: "tags_count", type: "boolean", default: false },
  ]);
  const all = storeOf(ctx.state).repositories.filter((r) => r.projectId === project.id);
  return page(ctx, all, d, (r) => presentRepository(ctx.state, r, d as { tags: boolean; tags_count: boolean }));
}

function listGroup(ctx: RestContext): RestResult {
  if (ctx.auth.kind !== "user") throw notFound("Group");
  const group = ctx.state.findGroup(ctx.route.id ?? "");
  if (!group || !ctx.state.isGroupMember(group, ctx.auth.user.id)) throw notFound("Group");
  const prefix = `${group.full_path}/`;
  const all = storeOf(ctx.state).repositories.filter((r) => projectOf(ctx.state, r).path_with_namespace.startsWith(prefix));
  return page(ctx, all, {}, (r) => presentRepository(ctx.state, r, {}));
}

function getRepository(ctx: RestContext): RestResult {
  const r = repositoryOf(ctx, undefined, ctx.route.id);
  const d = declare(ctx.params, [
    { name: "tags", type: "boolean", default: false },
    { name: "tags_count", type: "boolean", default: false },
    { name: "size", type: "boolean", default: false },
  ]);
  return { status: 200, body: presentRepository(ctx.state, r, d as { tags: boolean; tags_count: boolean; size: boolean }) };
}

function deleteRepository(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const r = repositoryOf(ctx, project, ctx.route.repository_id);
  if (r.status === "delete_scheduled") {
    // The background worker has run by the next request: the repository is gone.
    const store = storeOf(ctx.state);
    store.repositories = store.repositories.filter((x) => x !== r);
    throw notFound("Repository");
  }
  r.status = "delete_scheduled";
  return { status: 202 };
}

function listTags(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const r = repositoryOf(ctx, project, ctx.route.repository_id);
  settle(ctx.state, r);
  return page(ctx, [...r.tags].sort((a, b) => a.name.localeCompare(b.name)), {}, (t) => presentTag(ctx.state, r, t));
}

function tagOf(ctx: RestContext): { r: Repository; t: SimImageTag } {
  const project = userProject(ctx);
  const r = repositoryOf(ctx, project, ctx.route.repository_id);
  settle(ctx.state, r);
  const t = r.tags.find((x) => x.name === ctx.route.tag_name);
  if (!t) throw notFound("Tag");
  return { r, t };
}

function bulkDelete(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const r = repositoryOf(ctx, project, ctx.route.repository_id);
  const p = declare(ctx.params, [
    { name: "name_regex", type: "string" },
    { name: "name_regex_delete", type: "string" },
    { name: "name_regex_keep", type: "string" },
    { name: "keep_n", type: "integer" },
    { name: "older_than", type: "string" },
  ]);
  if (p.name_regex === undefined && p.name_regex_delete === undefined) throw grapeError(400, "name_regex, name_regex_delete are missing, at least one parameter must be provided");
  for (const key of ["name_regex", "name_regex_delete", "name_regex_keep"]) {
    if (p[key] === undefined) continue;
    try {
      new RegExp(String(p[key]));
    } catch {
      throw grapeError(400, `${key} is an invalid regexp`);
    }
  }
  const now = ctx.state.now().getTime();
  if (r.lastCleanup !== undefined && now - r.lastCleanup < 36e5) {
    throw messageError(400, "This request has already been made. You can run this at most once an hour for a given container repository");
  }
  r.lastCleanup = now;
  r.pending = p;
  return { status: 202 };
}

// ---- Container repository protection rules -----------------------------------------------------------

function ruleOf(ctx: RestContext, project: SimProject): Rule {
  const hit = storeOf(ctx.state).rules.find((r) => r.project_id === project.id && r.id === Number(ctx.route.rule_id));
  if (!hit) throw recordNotFound();
  return hit;
}

function taken(store: Store, rule: Rule, except?: Rule): void {
  if (store.rules.some((r) => r !== except && r.project_id === rule.project_id && r.repository_path_pattern === rule.repository_path_pattern)) {
    throw messageError(422, "Repository path pattern has already been taken");
  }
}

function createRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "repository_path_pattern", type: "string", required: true, allowBlank: false },
    { name: "minimum_access_level_for_push", type: "string", values: LEVELS },
    { name: "minimum_access_level_for_delete", type: "string", values: LEVELS },
  ]);
  if (p.minimum_access_level_for_push === undefined && p.minimum_access_level_for_delete === undefined) {
    throw grapeError(400, "minimum_access_level_for_push, minimum_access_level_for_delete are missing, at least one parameter must be provided");
  }
  const store = storeOf(ctx.state);
  const rule: Rule = {
    id: ++store.ids.rule,
    project_id: project.id,
    repository_path_pattern: String(p.repository_path_pattern),
    minimum_access_level_for_push: (p.minimum_access_level_for_push as string | undefined) ?? null,
    minimum_access_level_for_delete: (p.minimum_access_level_for_delete as string | undefined) ?? null,
  };
  taken(store, rule);
  store.rules.push(rule);
  return { status: 201, body: rule };
}

function updateRule(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const rule = ruleOf(ctx, project);
  const p = declare(ctx.params, [
    { name: "repository_path_pattern", type: "string", allowBlank: false },
    { name: "minimum_access_level_for_push", type: "string", values: [...LEVELS, ""] },
    { name: "minimum_access_level_for_delete", type: "string", values: [...LEVELS, ""] },
  ]);
  const next: Rule = { ...rule };
  if (p.repository_path_pattern !== undefined) next.repository_path_pattern = String(p.repository_path_pattern);
  for (const k of ["minimum_access_level_for_push", "minimum_access_level_for_delete"] as const) if (p[k] !== undefined) next[k] = p[k] === "" ? null : String(p[k]);
  if (next.minimum_access_level_for_push === null && next.minimum_access_level_for_delete === null) {
    throw messageError(422, "A rule must have at least a minimum access role for push or delete.");
  }
  taken(storeOf(ctx.state), next, rule);
  Object.assign(rule, next);
  return { status: 200, body: rule };
}

export function registerPackageRegistryRoutes(router: Router): void {
  router.add("GET", "/projects/:id/registry/repositories", listProject);
  router.add("GET", "/groups/:id/registry/repositories", listGroup);
  router.add("GET", "/registry/repositories/:id", getRepository);
  router.add("DELETE", "/projects/:id/registry/repositories/:repository_id", deleteRepository);
  router.add("GET", "/projects/:id/registry/repositories/:repository_id/tags", listTags);
  router.add("DELETE", "/projects/:id/registry/repositories/:repository_id/tags", bulkDelete);
  router.add("GET", "/projects/:id/registry/repositories/:repository_id/tags/:tag_name", (ctx) => {
    const { r, t } = tagOf(ctx);
    return { status: 200, body: tagDetails(ctx.state, r, t) };
  });
  router.add("DELETE", "/projects/:id/registry/repositories/:repository_id/tags/:tag_name", (ctx) => {
    const { r, t } = tagOf(ctx);
    r.tags = r.tags.filter((x) => x !== t);
    return { status: 200 };
  });
  router.add("GET", "/projects/:id/registry/protection/repository/rules", (ctx) => {
    const project = userProject(ctx);
    return page(ctx, storeOf(ctx.state).rules.filter((r) => r.project_id === project.id), {}, (r) => r);
  });
  router.add("POST", "/projects/:id/registry/protection/repository/rules", createRule);
  router.add("PATCH", "/projects/:id/registry/protection/repository/rules/:rule_id", updateRule);
  router.add("DELETE", "/projects/:id/registry/protection/repository/rules/:rule_id", (ctx) => {
    const project = userProject(ctx);
    const rule = ruleOf(ctx, project);
    const store = storeOf(ctx.state);
    store.rules = store.rules.filter((r) => r !== rule);
    return { status: 204 };
  });
}

/** Seeds a container repository of a project (name "" is the project's root image) with its tags. */
export function seedContainerRepository(sim: GitLabSimulator, projectRef: number | string, seed: { id?: number; name: string; created_at?: string; tags: { name: string; created_at: string; total_size?: number }[] }): number {
  const state = (sim as unknown as { state: SimState }).state;
  const store = storeOf(state);
  const id = seed.id ?? ++store.ids.repo;
  store.ids.repo = Math.max(store.ids.repo, id);
  store.repositories.push({
    id,
    projectId: state.requireProject(projectRef).id,
    name: seed.name,
    created_at: seed.created_at ?? jsonTime(state.now()),
    status: null,
    tags: seed.tags.map((t, i) => ({ name: t.name, created_at: t.created_at, total_size: t.total_size ?? 1000 * (i + 1), digest: `sha256:${String(i + 1).padStart(64, "c")}` })),
  });
  return id;
}
