// Releases and their asset links (doc/api/releases/_index.md, doc/api/releases/links.md;
// lib/api/releases.rb, lib/api/release/links.rb, app/services/releases/*):
// - releases live in the "release" document family of restDocuments.ts, stored as GET shows them, so
//   the document route keeps serving `GET /releases/:tag_name` for seeded and created ones alike;
// - the list is ordered by released_at (or created_at) descending unless sort=asc, offset-paginated;
// - create needs the tag, or `ref` to create it (Tags::CreateService): no tag and no ref answers 422
//   "Ref is not specified", an unknown ref 400 "Target <ref> is invalid", a second release on the same
//   tag 409 "Release already exists"; the name defaults to the tag name, released_at to now, and a
//   release dated in the future is upcoming;
// - update and delete of a missing release answer `not_found!` 404 "404 Not Found"; the links routes
//   find the release with find_by_tag! and the link with find, both 404 "404 Not found";
// - link names and URLs are unique within a release: 400 {"message": ["Name has already been taken"]};
//   update needs name or url (Grape at_least_one_of: 400 "name, url are missing, at least one parameter
//   must be provided"); delete answers the deleted link.
import { messageError, notFound, recordNotFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap, type ParamSpec } from "./params.js";
import { authorizeWrite, currentUserId, projectWebUrl, userProject } from "./projectAccess.js";
import { listDocuments, putDocument, releaseWithHtml as withHtml } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject, type SimState } from "./state.js";
import { presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

const LINK_TYPES = ["other", "runbook", "image", "package"] as const;
const nextLinkId = new WeakMap<SimState, number>();

function releases(ctx: RestContext, project: SimProject): Json[] {
  return listDocuments(ctx.state, "release", project.id);
}

function findRelease(ctx: RestContext, project: SimProject, miss: () => Error): Json {
  const hit = releases(ctx, project).find((r) => r.tag_name === ctx.route.tag_name);
  if (!hit) throw miss();
  return hit;
}

function linksOf(release: Json): Json[] {
  const assets = (release.assets ??= { count: 0, sources: [], links: [] }) as Json;
  return (assets.links ??= []) as Json[];
}

/** Keeps assets.count (the four source archives plus the links) in step with the links. */
function recount(release: Json): void {
  const assets = release.assets as Json;
  assets.count = ((assets.sources as unknown[] | undefined)?.length ?? 0) + linksOf(release).length;
}

// When each release last changed: GitLab filters on it (updated_before/after) but does not show it.
const updatedAt = new WeakMap<Json, string>();

/** milestone_ids: milestones by ID (GitLab refuses unknown ones like unknown titles). */
function milestonesById(ctx: RestContext, project: SimProject, raw: unknown): string[] {
  const ids = (Array.isArray(raw) ? raw : [raw]).map(String);
  const all = listDocuments(ctx.state, "milestone", project.id);
  const missing = ids.filter((id) => !all.some((m) => String(m.id) === id));
  if (missing.length > 0) throw messageError(400, `Milestone id(s) not found: ${missing.join(", ")}`);
  return all.filter((m) => ids.includes(String(m.id))).map((m) => String(m.title));
}

function sortKey(r: Json, field: string): string {
  return String(r[field] ?? "");
}

function listReleases(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "order_by", type: "string", values: ["released_at", "created_at"], default: "released_at" },
    { name: "sort", type: "string", values: ["asc", "desc"], default: "desc" },
    { name: "include_html_description", type: "boolean", default: false },
    { name: "updated_before", type: "string" },
    { name: "updated_after", type: "string" },
    ...PAGINATION_PARAMS,
  ]);
  const field = p.order_by as string;
  const sign = p.sort === "asc" ? 1 : -1;
  const time = (v: unknown, name: string) => {
    const t = Date.parse(String(v));
    if (Number.isNaN(t)) throw validationError([`${name} is invalid`]);
    return t;
  };
  const changed = (r: Json) => Date.parse(updatedAt.get(r) ?? String(r.created_at ?? r.released_at));
  const after = p.updated_after === undefined ? undefined : time(p.updated_after, "updated_after");
  const before = p.updated_before === undefined ? undefined : time(p.updated_before, "updated_before");
  const kept = releases(ctx, project).filter((r) => (after === undefined || changed(r) > after) && (before === undefined || changed(r) < before));
  const all = kept.map((r) => withHtml(r, p.include_html_description)).sort((a, b) => sign * (sortKey(a, field) < sortKey(b, field) ? -1 : sortKey(a, field) > sortKey(b, field) ? 1 : 0));
  const page = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items, headers: page.headers };
}

/** The commit a ref names: a branch, an existing tag, or a (prefix of a) commit SHA. */
function resolveRef(ctx: RestContext, project: SimProject, ref: string): Json | undefined {
  const branch = project.branches.get(ref);
  if (branch) return { ...branch.commit };
  const tag = listDocuments(ctx.state, "tag", project.id).find((t) => t.name === ref);
  if (tag?.commit) return { ...(tag.commit as Json) };
  if (!/^[0-9a-f]{7,40}$/i.test(ref)) return undefined;
  for (const b of project.branches.values()) if (b.commit.id.startsWith(ref.toLowerCase())) return { ...b.commit };
  const commit = listDocuments(ctx.state, "commit", project.id).find((c) => String(c.id).startsWith(ref.toLowerCase()));
  return commit ? { ...commit } : undefined;
}

function presentRelease(ctx: RestContext, project: SimProject, tag: string, commit: Json, fields: { name: string; description: string; released_at: string; milestones: string[] }): Json {
  const web = projectWebUrl(ctx.options.externalUrl, project);
  const now = ctx.state.now();
  const path = project.path_with_namespace.split("/").pop()!;
  const releaseUrl = `${web}/-/releases/${encodeURIComponent(tag)}`;
  const issues = (state: string) => `${web}/-/issues?release_tag=${encodeURIComponent(tag)}&scope=all&state=${state}`;
  const mrs = (state: string) => `${web}/-/merge_requests?release_tag=${encodeURIComponent(tag)}&scope=all&state=${state}`;
  const milestones = listDocuments(ctx.state, "milestone", project.id).filter((m) => fields.milestones.includes(String(m.title)));
  return {
    name: fields.name,
    tag_name: tag,
    description: fields.description,
    created_at: jsonTime(now),
    released_at: fields.released_at,
    upcoming_release: Date.parse(fields.released_at) > now.getTime(),
    author: presentUser(ctx.state, currentUserId(ctx), ctx.options.externalUrl),
    commit: { ...commit, web_url: `${web}/-/commit/${String(commit.id)}` },
    milestones,
    commit_path: `/${project.path_with_namespace}/-/commit/${String(commit.id)}`,
    tag_path: `/${project.path_with_namespace}/-/tags/${encodeURIComponent(tag)}`,
    assets: {
      count: 4,
      sources: ["zip", "tar.gz", "tar.bz2", "tar"].map((format) => ({ format, url: `${web}/-/archive/${tag}/${path}-${tag}.${format}` })),
      links: [],
    },
    evidences: [],
    _links: {
      closed_issues_url: issues("closed"),
      closed_merge_requests_url: mrs("closed"),
      edit_url: `${releaseUrl}/edit`,
      merged_merge_requests_url: mrs("merged"),
      opened_issues_url: issues("opened"),
      opened_merge_requests_url: mrs("opened"),
      self: releaseUrl,
    },
  };
}

function missingMilestones(ctx: RestContext, project: SimProject, titles: string[]): void {
  const known = new Set(listDocuments(ctx.state, "milestone", project.id).map((m) => String(m.title)));
  const missing = titles.filter((t) => !known.has(t));
  if (missing.length > 0) throw messageError(400, `Milestone(s) not found: ${missing.join(", ")}`);
}

function createRelease(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "tag_name", type: "string", required: true, allowBlank: false },
    { name: "name", type: "string" },
    { name: "description", type: "string" },
    { name: "ref", type: "string" },
    { name: "tag_message", type: "string" },
    { name: "released_at", type: "string" },
  ]);
  authorizeWrite(ctx);
  const tagName = p.tag_name as string;
  if (releases(ctx, project).some((r) => r.tag_name === tagName)) throw messageError(409, "Release already exists");
  if (ctx.params.milestones !== undefined && ctx.params.milestone_ids !== undefined) throw messageError(400, "milestones, milestone_ids are mutually exclusive");
  const milestones = ctx.params.milestone_ids !== undefined ? milestonesById(ctx, project, ctx.params.milestone_ids) : Array.isArray(ctx.params.milestones) ? ctx.params.milestones.map(String) : [];
  missingMilestones(ctx, project, milestones);
  const assetLinks = newAssetLinks(ctx);
  const tags = listDocuments(ctx.state, "tag", project.id);
  let tag = tags.find((t) => t.name === tagName);
  if (!tag) {
    const ref = p.ref as string | undefined;
    if (!ref) throw messageError(422, "Ref is not specified");
    const commit = resolveRef(ctx, project, ref);
    if (!commit) throw messageError(400, `Target ${ref} is invalid`);
    tag = { name: tagName, message: (p.tag_message as string | undefined) ?? "", target: commit.id, commit, release: null, protected: false, created_at: null };
    putDocument(ctx.state, "tag", project.id, tag);
  }
  const releasedAt = p.released_at === undefined ? jsonTime(ctx.state.now()) : new Date(p.released_at as string).toISOString();
  const release = presentRelease(ctx, project, tagName, tag.commit as Json, {
    name: (p.name as string | undefined) ?? tagName,
    description: (p.description as string | undefined) ?? "",
    released_at: releasedAt,
    milestones,
  });
  for (const link of assetLinks) {
    checkLink(release, link);
    link.id = nextLinkId.get(ctx.state) ?? 1;
    nextLinkId.set(ctx.state, Number(link.id) + 1);
    linksOf(release).push(link);
  }
  recount(release);
  tag.release = { tag_name: tagName, description: release.description };
  putDocument(ctx.state, "release", project.id, release);
  updatedAt.set(release, String(release.created_at));
  return { status: 201, body: release };
}

function updateRelease(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string" },
    { name: "description", type: "string" },
    { name: "released_at", type: "string" },
  ]);
  authorizeWrite(ctx);
  const release = findRelease(ctx, project, () => notFound());
  updatedAt.set(release, ctx.state.now().toISOString());
  if (ctx.params.milestone_ids !== undefined) ctx.params.milestones = milestonesById(ctx, project, ctx.params.milestone_ids);
  if (p.name !== undefined) release.name = p.name;
  if (p.description !== undefined) release.description = p.description;
  if (p.released_at !== undefined) {
    release.released_at = new Date(p.released_at as string).toISOString();
    release.upcoming_release = Date.parse(release.released_at as string) > ctx.state.now().getTime();
  }
  if (ctx.params.milestones !== undefined) {
    const titles = Array.isArray(ctx.params.milestones) ? ctx.params.milestones.map(String) : [];
    missingMilestones(ctx, project, titles);
    release.milestones = listDocuments(ctx.state, "milestone", project.id).filter((m) => titles.includes(String(m.title)));
  }
  return { status: 200, body: release };
}

function deleteRelease(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const release = findRelease(ctx, project, () => notFound());
  const all = releases(ctx, project);
  all.splice(all.indexOf(release), 1);
  const tag = listDocuments(ctx.state, "tag", project.id).find((t) => t.name === release.tag_name);
  if (tag) tag.release = null;
  return { status: 200, body: release };
}

function presentLink(project: SimProject, release: Json, link: Json, externalUrl: string): Json {
  const path = link.direct_asset_path as string | undefined;
  const direct = path ? `${projectWebUrl(externalUrl, project)}/-/releases/${encodeURIComponent(String(release.tag_name))}/downloads${path.startsWith("/") ? "" : "/"}${path}` : link.url;
  return { id: link.id, name: link.name, url: link.url, direct_asset_url: direct, link_type: link.link_type };
}

function findLink(release: Json, raw: string): Json {
  const link = linksOf(release).find((l) => String(l.id) === raw);
  if (!link) throw recordNotFound();
  return link;
}

const LINK_FIELDS: ParamSpec[] = [
  { name: "direct_asset_path", type: "string" },
  { name: "filepath", type: "string" },
  { name: "link_type", type: "string", values: LINK_TYPES, default: "other" },
];

/** Releases::Link validations: unique name and URL within the release, an http(s)/ftp URL. */
function checkLink(release: Json, candidate: Json, self?: Json): void {
  const others = linksOf(release).filter((l) => l !== self);
  const errors: string[] = [];
  if (!/^(https?|ftp):\/\/\S+$/i.test(String(candidate.url))) errors.push("Url is blocked: Only allowed schemes are http, https, ftp");
  if (others.some((l) => l.name === candidate.name)) errors.push("Name has already been taken");
  if (others.some((l) => l.url === candidate.url)) errors.push("Url has already been taken");
  if (errors.length > 0) throw messageError(400, errors);
}

/** assets[links]: each a name and URL (required), a direct_asset_path (or the deprecated filepath) and a type. */
function newAssetLinks(ctx: RestContext): Json[] {
  const assets = ctx.params.assets;
  if (assets === undefined) return [];
  const p = declare(typeof assets === "object" && assets !== null && !Array.isArray(assets) ? (assets as ParamMap) : {}, [
    { name: "links", type: "hashArray", items: [{ name: "name", type: "string", required: true }, { name: "url", type: "string", required: true }, ...LINK_FIELDS] },
  ]);
  return ((p.links as ParamMap[] | undefined) ?? []).map((l) => ({ id: 0, name: l.name, url: l.url, direct_asset_path: l.direct_asset_path ?? l.filepath, link_type: l.link_type }));
}

function withRelease(handler: (ctx: RestContext, project: SimProject, release: Json) => RestResult) {
  return (ctx: RestContext): RestResult => {
    const project = userProject(ctx);
    return handler(ctx, project, findRelease(ctx, project, recordNotFound));
  };
}

export function registerReleaseRoutes(router: Router): void {
  router.add("GET", "/projects/:id/releases", listReleases);
  router.add("POST", "/projects/:id/releases", createRelease);
  router.add("PUT", "/projects/:id/releases/:tag_name", updateRelease);
  router.add("DELETE", "/projects/:id/releases/:tag_name", deleteRelease);
  router.add(
    "GET",
    "/projects/:id/releases/:tag_name/assets/links",
    withRelease((ctx, project, release) => {
      const p = declare(ctx.params, PAGINATION_PARAMS);
      const sorted = [...linksOf(release)].sort((a, b) => Number(b.id) - Number(a.id));
      const page = paginateOffset(sorted, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
      return { status: 200, body: page.items.map((l) => presentLink(project, release, l, ctx.options.externalUrl)), headers: page.headers };
    }),
  );
  router.add(
    "POST",
    "/projects/:id/releases/:tag_name/assets/links",
    withRelease((ctx, project, release) => {
      const p = declare(ctx.params, [{ name: "name", type: "string", required: true }, { name: "url", type: "string", required: true }, ...LINK_FIELDS]);
      authorizeWrite(ctx);
      const link: Json = { id: 0, name: p.name, url: p.url, direct_asset_path: p.direct_asset_path ?? p.filepath, link_type: p.link_type };
      checkLink(release, link);
      link.id = nextLinkId.get(ctx.state) ?? 1;
      nextLinkId.set(ctx.state, Number(link.id) + 1);
      linksOf(release).unshift(link);
      recount(release);
      return { status: 201, body: presentLink(project, release, link, ctx.options.externalUrl) };
    }),
  );
  router.add(
    "GET",
    "/projects/:id/releases/:tag_name/assets/links/:link_id",
    withRelease((ctx, project, release) => ({ status: 200, body: presentLink(project, release, findLink(release, ctx.route.link_id), ctx.options.externalUrl) })),
  );
  router.add(
    "PUT",
    "/projects/:id/releases/:tag_name/assets/links/:link_id",
    withRelease((ctx, project, release) => {
      const p = declare(ctx.params, [{ name: "name", type: "string" }, { name: "url", type: "string" }, ...LINK_FIELDS]);
      if (p.name === undefined && p.url === undefined) throw validationError(["name, url are missing, at least one parameter must be provided"]);
      authorizeWrite(ctx);
      const link = findLink(release, ctx.route.link_id);
      const next: Json = { ...link, ...(p.name !== undefined ? { name: p.name } : {}), ...(p.url !== undefined ? { url: p.url } : {}), link_type: p.link_type };
      if (p.direct_asset_path !== undefined || p.filepath !== undefined) next.direct_asset_path = p.direct_asset_path ?? p.filepath;
      checkLink(release, next, link);
      Object.assign(link, next);
      return { status: 200, body: presentLink(project, release, link, ctx.options.externalUrl) };
    }),
  );
  router.add(
    "DELETE",
    "/projects/:id/releases/:tag_name/assets/links/:link_id",
    withRelease((ctx, project, release) => {
      authorizeWrite(ctx);
      const link = findLink(release, ctx.route.link_id);
      const links = linksOf(release);
      links.splice(links.indexOf(link), 1);
      recount(release);
      return { status: 200, body: presentLink(project, release, link, ctx.options.externalUrl) };
    }),
  );
}
