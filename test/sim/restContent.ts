// Project content as GitLab's REST API serves it: Markdown uploads (doc/api/project_markdown_uploads.md),
// the project avatar (projects.md), GitLab Pages (pages.md), Pages domains (pages_domains.md) and group
// wikis (group_wikis.md, Premium).
// - POST /projects/:id/uploads takes a multipart `file` and answers 201 {id, alt, url, full_path,
//   markdown}; the url is /uploads/<32-hex secret>/<name>. GET lists them newest first (paginated,
//   Maintainers); DELETE /uploads/:upload_id answers 204, or 404 {"message":"404 Upload Not Found"}.
// - PUT /projects/:id with a multipart `avatar` sets the avatar (images only, at most 200 KiB, else 400
//   with GitLab's validation message) and answers the project with its avatar_url. GET
//   /projects/:id/avatar answers the image bytes with a Content-Disposition, or 404 Avatar Not Found.
// - GET /projects/:id/pages: the settings and deployments, 404 when nothing is deployed. PATCH and
//   DELETE are for administrators (403 otherwise); DELETE answers 204 and removes the deployments.
// - Pages domains: paginated lists (GET /pages/domains for administrators adds project_id and
//   certificate_expiration), find_by! misses answer {"message":"404 Not found"}, a taken domain 400.
//   The certificate's private `key` is stored and never answered.
// - Group wikis behave like project wikis (restWiki.ts): slugs from titles, nested with dir/page.
// State is kept per simulator (a WeakMap on its SimState) so create-then-get workflows hold.
import { createHash, randomBytes } from "node:crypto";
import { forbidden, messageError, notFound, recordNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { authorizeWrite, userProject } from "./projectAccess.js";
import { listDocuments, putDocument } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimGroup, SimProject, SimState } from "./state.js";
import { jsonTime } from "./state.js";
import type { GitLabSimulator } from "./simulator.js";

type Json = Record<string, unknown>;

interface Upload {
  id: number;
  secret: string;
  filename: string;
  bytes: Buffer;
  created_at: string;
  uploaded_by: Json | null;
}

interface PagesDomainRecord {
  domain: string;
  verified: boolean;
  verification_code: string;
  enabled_until: string | null;
  auto_ssl_enabled: boolean;
  certificate?: string;
  key?: string;
}

interface ProjectContent {
  uploads: Upload[];
  avatar?: { filename: string; bytes: Buffer };
  pages?: { unique: boolean; https: boolean; primary: string | null; deployments: Json[] };
  domains: PagesDomainRecord[];
}

interface Store {
  nextUploadId: number;
  projects: Map<number, ProjectContent>;
}

const STORES = new WeakMap<SimState, Store>();

function store(state: SimState): Store {
  let s = STORES.get(state);
  if (!s) {
    s = { nextUploadId: 1, projects: new Map() };
    STORES.set(state, s);
  }
  return s;
}

function contentOf(state: SimState, project: SimProject): ProjectContent {
  const s = store(state);
  let c = s.projects.get(project.id);
  if (!c) {
    c = { uploads: [], domains: [] };
    s.projects.set(project.id, c);
  }
  return c;
}

/** The simulator's state, for seeding from tests (it is private to GitLabSimulator). */
const stateOf = (sim: GitLabSimulator): SimState => (sim as unknown as { state: SimState }).state;

/** Seeds GitLab Pages (settings and deployments) for a project. */
export function seedPages(sim: GitLabSimulator, project: SimProject, pages: { unique?: boolean; https?: boolean; primary?: string | null; deployments?: Json[] } = {}): void {
  contentOf(stateOf(sim), project).pages = { unique: pages.unique ?? true, https: pages.https ?? false, primary: pages.primary ?? null, deployments: pages.deployments ?? [] };
}

/** Seeds a Pages domain of a project (never answered with its key). */
export function seedPagesDomain(sim: GitLabSimulator, project: SimProject, d: Partial<PagesDomainRecord> & { domain: string }): void {
  contentOf(stateOf(sim), project).domains.push({ verified: true, verification_code: "1234567890abcdef", enabled_until: null, auto_ssl_enabled: false, ...d });
}

/** Seeds a project avatar image. */
export function seedAvatar(sim: GitLabSimulator, project: SimProject, filename: string, bytes: Buffer): void {
  contentOf(stateOf(sim), project).avatar = { filename, bytes };
}

/** Seeds a group wiki page (Premium). */
export function seedGroupWikiPage(sim: GitLabSimulator, group: SimGroup, page: { slug: string; title: string; content: string; format?: string }): void {
  putDocument(stateOf(sim), "wiki_page", `group:${group.id}`, { format: "markdown", ...page });
}

function isAdmin(ctx: RestContext): boolean {
  return ctx.auth.kind === "user" && ctx.auth.token.admin === true;
}

function requireAdmin(ctx: RestContext): void {
  if (!isAdmin(ctx)) throw forbidden();
}

function page<T>(ctx: RestContext, all: T[], present: (t: T) => unknown): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const paged = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items.map(present), headers: paged.headers };
}

function fileParam(ctx: RestContext, name: string): { filename: string; bytes: Buffer } {
  const file = ctx.params[name] as unknown as { filename?: string; bytes?: Buffer } | undefined;
  if (!file || typeof file !== "object" || !file.filename) throw messageError(400, `${name} is missing`);
  return { filename: file.filename, bytes: file.bytes ?? Buffer.alloc(0) };
}

// ---- Markdown uploads ------------------------------------------------------------------------------------

const IMAGE = /\.(png|jpe?g|gif|bmp|tiff?|ico|webp|svg)$/i;

function uploadFile(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const file = fileParam(ctx, "file");
  const s = store(ctx.state);
  const secret = createHash("md5").update(file.bytes).update(String(s.nextUploadId)).digest("hex");
  const user = ctx.auth.kind === "user" ? { id: ctx.auth.user.id, name: ctx.auth.user.name, username: ctx.auth.user.username } : null;
  const upload: Upload = { id: s.nextUploadId++, secret, filename: file.filename, bytes: file.bytes, created_at: jsonTime(ctx.state.now()), uploaded_by: user };
  contentOf(ctx.state, project).uploads.unshift(upload);
  const url = `/uploads/${secret}/${file.filename}`;
  const alt = file.filename.replace(/\.[^.]*$/, "");
  return {
    status: 201,
    body: { id: upload.id, alt, url, full_path: `/-/project/${project.id}/uploads/${secret}/${file.filename}`, markdown: `${IMAGE.test(file.filename) ? "!" : ""}[${alt}](${url})` },
  };
}

/** The bytes a test uploaded, for byte-for-byte checks. */
export function uploadedBytes(sim: GitLabSimulator, projectId: number): Buffer[] {
  return (store(stateOf(sim)).projects.get(projectId)?.uploads ?? []).map((u) => u.bytes);
}

function listUploads(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return page(ctx, contentOf(ctx.state, project).uploads, (u) => ({ id: u.id, size: u.bytes.length, filename: u.filename, created_at: u.created_at, uploaded_by: u.uploaded_by }));
}

function deleteUpload(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const uploads = contentOf(ctx.state, project).uploads;
  const index = uploads.findIndex((u) => String(u.id) === ctx.route.upload_id);
  if (index < 0) throw notFound("Upload");
  uploads.splice(index, 1);
  return { status: 204 };
}

// ---- Avatar --------------------------------------------------------------------------------------------

const AVATAR_FORMATS = /\.(png|jpe?g|gif|bmp|tiff|ico|webp)$/i;

function avatarUrl(ctx: RestContext, project: SimProject, c: ProjectContent): string | null {
  return c.avatar ? `${ctx.options.externalUrl}/uploads/-/system/project/avatar/${project.id}/${c.avatar.filename}` : null;
}

/** PUT /projects/:id with an `avatar` file part (restProjectCore routes the request here). */
export function updateProjectAvatar(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  if (ctx.params.avatar === undefined) throw messageError(400, "avatar is missing");
  const file = fileParam(ctx, "avatar");
  if (!AVATAR_FORMATS.test(file.filename)) {
    throw messageError(400, { avatar: ["file format is not supported. Please try one of the following supported formats: png, jpg, jpeg, gif, bmp, tiff, ico, webp"] });
  }
  if (file.bytes.length > 200 * 1024) throw messageError(400, { avatar: ["is too big (should be at most 200 KiB)"] });
  const c = contentOf(ctx.state, project);
  c.avatar = file;
  return { status: 200, body: { id: project.id, name: project.name, path_with_namespace: project.path_with_namespace, avatar_url: avatarUrl(ctx, project, c) } };
}

function downloadAvatar(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const avatar = contentOf(ctx.state, project).avatar;
  if (!avatar) throw notFound("Avatar");
  const type = /\.png$/i.test(avatar.filename) ? "image/png" : /\.jpe?g$/i.test(avatar.filename) ? "image/jpeg" : /\.gif$/i.test(avatar.filename) ? "image/gif" : "application/octet-stream";
  return {
    status: 200,
    body: avatar.bytes,
    headers: { "content-type": type, "content-disposition": `attachment; filename="${avatar.filename}"; filename*=UTF-8''${encodeURIComponent(avatar.filename)}` },
  };
}

// ---- Pages ---------------------------------------------------------------------------------------------

function pagesUrl(ctx: RestContext, project: SimProject): string {
  const [namespace, ...rest] = project.path_with_namespace.split("/");
  return `https://${namespace}.pages.${new URL(ctx.options.externalUrl).host}/${rest.join("/")}`;
}

function presentPages(ctx: RestContext, project: SimProject, pages: NonNullable<ProjectContent["pages"]>): Json {
  return {
    url: pages.unique ? `https://${project.path.toLowerCase()}-${project.id.toString(16)}.pages.example.com` : pagesUrl(ctx, project),
    is_unique_domain_enabled: pages.unique,
    force_https: pages.https,
    pages_primary_domain: pages.primary,
    deployments: pages.deployments,
  };
}

function getPages(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const pages = contentOf(ctx.state, project).pages;
  if (!pages) throw messageError(404, "404 Not Found");
  return { status: 200, body: presentPages(ctx, project, pages) };
}

function updatePages(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  requireAdmin(ctx);
  const p = declare(ctx.params, [
    { name: "pages_unique_domain_enabled", type: "boolean" },
    { name: "pages_https_only", type: "boolean" },
    { name: "pages_primary_domain", type: "string" },
  ]);
  const c = contentOf(ctx.state, project);
  const pages = c.pages ?? { unique: true, https: false, primary: null, deployments: [] };
  if (p.pages_unique_domain_enabled !== undefined) pages.unique = p.pages_unique_domain_enabled as boolean;
  if (p.pages_https_only !== undefined) pages.https = p.pages_https_only as boolean;
  if (p.pages_primary_domain !== undefined) {
    const primary = p.pages_primary_domain as string;
    if (primary !== "" && !c.domains.some((d) => primary.replace(/^https?:\/\//, "") === d.domain)) {
      throw messageError(400, { pages_primary_domain: ["must be one of the project's Pages domains"] });
    }
    pages.primary = primary === "" ? null : primary;
  }
  c.pages = pages;
  return { status: 200, body: presentPages(ctx, project, pages) };
}

function unpublishPages(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  requireAdmin(ctx);
  const c = contentOf(ctx.state, project);
  delete c.pages;
  return { status: 204 };
}

// ---- Pages domains -------------------------------------------------------------------------------------

function presentCertificate(d: PagesDomainRecord): Json | undefined {
  if (!d.certificate) return undefined;
  return { subject: `/CN=${d.domain}`, expired: false, certificate: d.certificate, certificate_text: `Certificate:\n    Subject: CN=${d.domain}\n` };
}

function presentDomain(d: PagesDomainRecord): Json {
  const cert = presentCertificate(d);
  return {
    domain: d.domain,
    url: `${cert || d.auto_ssl_enabled ? "https" : "http"}://${d.domain}`,
    verified: d.verified,
    verification_code: d.verification_code,
    enabled_until: d.enabled_until,
    auto_ssl_enabled: d.auto_ssl_enabled,
    ...(cert ? { certificate: cert } : {}),
  };
}

function findDomain(ctx: RestContext, project: SimProject): PagesDomainRecord {
  const hit = contentOf(ctx.state, project).domains.find((d) => d.domain === (ctx.route.domain ?? "").toLowerCase());
  if (!hit) throw recordNotFound();
  return hit;
}

const DOMAIN_PARAMS = [
  { name: "auto_ssl_enabled", type: "boolean" as const },
  { name: "certificate", type: "string" as const },
  { name: "key", type: "string" as const },
];

function applyCertificate(d: PagesDomainRecord, p: Json): void {
  if (p.auto_ssl_enabled !== undefined) d.auto_ssl_enabled = p.auto_ssl_enabled as boolean;
  if (p.certificate !== undefined) d.certificate = (p.certificate as string) || undefined;
  if (p.key !== undefined) d.key = (p.key as string) || undefined;
  if (d.certificate && !d.key) throw messageError(400, { key: ["can't be blank"] });
  if (d.certificate && !/-----BEGIN CERTIFICATE-----/.test(d.certificate)) throw messageError(400, { certificate: ["must be a valid PEM certificate"] });
  if (d.key && !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(d.key)) throw messageError(400, { key: ["must be a valid PEM private key"] });
}

function listDomains(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const all = [...contentOf(ctx.state, project).domains].sort((a, b) => a.domain.localeCompare(b.domain));
  return page(ctx, all, presentDomain);
}

function listAllDomains(ctx: RestContext): RestResult {
  requireAdmin(ctx);
  const all: Json[] = [];
  for (const [projectId, c] of store(ctx.state).projects) {
    for (const d of c.domains) {
      const { certificate: cert, ...rest } = presentDomain(d);
      all.push({ ...rest, project_id: projectId, ...(cert ? { certificate_expiration: { expired: false, expiration: "2030-01-01T00:00:00.000Z" } } : {}) });
    }
  }
  return page(ctx, all, (d) => d);
}

function getDomain(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  return { status: 200, body: presentDomain(findDomain(ctx, project)) };
}

function createDomain(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [{ name: "domain", type: "string", required: true, allowBlank: false }, ...DOMAIN_PARAMS]);
  const domains = contentOf(ctx.state, project).domains;
  const name = (p.domain as string).toLowerCase();
  const taken = [...store(ctx.state).projects.values()].some((c) => c.domains.some((d) => d.domain === name));
  if (taken) throw messageError(400, { domain: ["has already been taken"] });
  const d: PagesDomainRecord = { domain: name, verified: false, verification_code: randomBytes(16).toString("hex"), enabled_until: null, auto_ssl_enabled: false };
  applyCertificate(d, p);
  domains.push(d);
  return { status: 201, body: presentDomain(d) };
}

function updateDomain(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const d = findDomain(ctx, project);
  const p = declare(ctx.params, DOMAIN_PARAMS);
  const before = { ...d };
  try {
    applyCertificate(d, p);
  } catch (e) {
    Object.assign(d, before);
    throw e;
  }
  return { status: 200, body: presentDomain(d) };
}

function deleteDomain(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const d = findDomain(ctx, project);
  const domains = contentOf(ctx.state, project).domains;
  domains.splice(domains.indexOf(d), 1);
  return { status: 204 };
}

// ---- Group wikis ---------------------------------------------------------------------------------------

const FORMATS = ["markdown", "rdoc", "asciidoc", "org"];
const slugOf = (title: string) => title.trim().replace(/\s+/g, "-");

function wikiGroup(ctx: RestContext): SimGroup {
  const group = ctx.state.findGroup(ctx.route.id ?? "");
  if (!group) throw notFound("Group");
  return group;
}

function presentPage(page: Json, withContent: boolean): Json {
  const out: Json = { format: page.format ?? "markdown", slug: page.slug, title: page.title };
  if (withContent) {
    out.content = page.content ?? "";
    out.encoding = "UTF-8";
  }
  return out;
}

const groupPages = (ctx: RestContext, group: SimGroup) => listDocuments(ctx.state, "wiki_page", `group:${group.id}`);

function findGroupPage(ctx: RestContext, group: SimGroup): { pages: Json[]; index: number } {
  const pages = groupPages(ctx, group);
  const index = pages.findIndex((d) => String(d.slug).toLowerCase() === (ctx.route.slug ?? "").toLowerCase());
  if (index < 0) throw notFound("Wiki Page");
  return { pages, index };
}

function listGroupPages(ctx: RestContext): RestResult {
  const group = wikiGroup(ctx);
  const p = declare(ctx.params, [{ name: "with_content", type: "boolean" }]);
  return { status: 200, body: groupPages(ctx, group).map((pg) => presentPage(pg, p.with_content === true)) };
}

function getGroupPage(ctx: RestContext): RestResult {
  const group = wikiGroup(ctx);
  const { pages, index } = findGroupPage(ctx, group);
  return { status: 200, body: presentPage(pages[index], true) };
}

function createGroupPage(ctx: RestContext): RestResult {
  const group = wikiGroup(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "title", type: "string", required: true },
    { name: "content", type: "string", required: true },
    { name: "format", type: "string", values: FORMATS },
  ]);
  const title = p.title as string;
  const slug = slugOf(title);
  if (groupPages(ctx, group).some((d) => String(d.slug).toLowerCase() === slug.toLowerCase())) {
    throw messageError(400, "Duplicate page: A page with that title already exists");
  }
  const created: Json = { slug, title: title.split("/").pop(), format: (p.format as string | undefined) ?? "markdown", content: p.content };
  putDocument(ctx.state, "wiki_page", `group:${group.id}`, created);
  return { status: 201, body: presentPage(created, true) };
}

function updateGroupPage(ctx: RestContext): RestResult {
  const group = wikiGroup(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "title", type: "string" },
    { name: "content", type: "string" },
    { name: "format", type: "string", values: FORMATS },
  ]);
  if (p.title === undefined && p.content === undefined && p.format === undefined) {
    throw messageError(400, "content, title, format are missing, at least one parameter must be provided");
  }
  const { pages, index } = findGroupPage(ctx, group);
  const updated = { ...pages[index] };
  if (typeof p.title === "string") {
    updated.slug = slugOf(p.title);
    updated.title = p.title.split("/").pop();
  }
  if (p.content !== undefined) updated.content = p.content;
  if (p.format !== undefined) updated.format = p.format;
  pages[index] = updated;
  return { status: 200, body: presentPage(updated, true) };
}

function deleteGroupPage(ctx: RestContext): RestResult {
  const group = wikiGroup(ctx);
  authorizeWrite(ctx);
  const { pages, index } = findGroupPage(ctx, group);
  pages.splice(index, 1);
  return { status: 204 };
}

export function registerContentRoutes(router: Router): void {
  router.add("POST", "/projects/:id/uploads", uploadFile);
  router.add("GET", "/projects/:id/uploads", listUploads);
  router.add("DELETE", "/projects/:id/uploads/:upload_id", deleteUpload);
  router.add("GET", "/projects/:id/avatar", downloadAvatar);
  router.add("GET", "/projects/:id/pages", getPages);
  router.add("PATCH", "/projects/:id/pages", updatePages);
  router.add("DELETE", "/projects/:id/pages", unpublishPages);
  router.add("GET", "/pages/domains", listAllDomains);
  router.add("GET", "/projects/:id/pages/domains", listDomains);
  router.add("POST", "/projects/:id/pages/domains", createDomain);
  router.add("GET", "/projects/:id/pages/domains/:domain", getDomain);
  router.add("PUT", "/projects/:id/pages/domains/:domain", updateDomain);
  router.add("DELETE", "/projects/:id/pages/domains/:domain", deleteDomain);
  router.add("GET", "/groups/:id/wikis", listGroupPages);
  router.add("GET", "/groups/:id/wikis/:slug", getGroupPage);
  router.add("POST", "/groups/:id/wikis", createGroupPage);
  router.add("PUT", "/groups/:id/wikis/:slug", updateGroupPage);
  router.add("DELETE", "/groups/:id/wikis/:slug", deleteGroupPage);
}
