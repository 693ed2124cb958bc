// Project wiki pages as GitLab's REST API serves them (doc/api/wikis.md, lib/api/wikis.rb):
// - GET /projects/:id/wikis lists every page (not paginated); `with_content=1` adds `content`;
// - POST creates a page: the slug is the title with spaces turned into hyphens, a title like
//   `dir/page` nests the page; a second page with the same slug answers 400 Duplicate page;
// - PUT /wikis/:slug needs at least one of content, title, format; a new title moves the page;
// - DELETE answers 204; a missing slug answers 404 {"message":"404 Wiki Page Not Found"};
// - POST /wikis/attachments takes a multipart `file` (and an optional `branch`) and answers 201 with
//   the stored path under uploads/ and a Markdown link.
// Pages live in the document store (restDocuments.ts, kind wiki_page), so GET /wikis/:slug sees them.
import { createHash } from "node:crypto";
import { messageError, notFound } from "./errors.js";
import { declare } from "./params.js";
import { authorizeWrite, userProject } from "./projectAccess.js";
import { listDocuments, putDocument } from "./restDocuments.js";
import type { RestContext, RestResult, Router } from "./router.js";

type Json = Record<string, unknown>;

const FORMATS = ["markdown", "rdoc", "asciidoc", "org"];

const slugOf = (title: string) => title.trim().replace(/\s+/g, "-");

function present(page: Json, withContent: boolean): Json {
  const out: Json = { format: page.format ?? "markdown", slug: page.slug, title: page.title };
  if (withContent) {
    out.content = page.content ?? "";
    out.encoding = "UTF-8";
  }
  return out;
}

function listPages(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [{ name: "with_content", type: "boolean" }]);
  const pages = listDocuments(ctx.state, "wiki_page", project.id);
  return { status: 200, body: pages.map((page) => present(page, p.with_content === true)) };
}

function createPage(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "title", type: "string", required: true },
    { name: "content", type: "string", required: true },
    { name: "format", type: "string", values: FORMATS },
  ]);
  const title = p.title as string;
  const slug = slugOf(title);
  if (listDocuments(ctx.state, "wiki_page", project.id).some((d) => String(d.slug).toLowerCase() === slug.toLowerCase())) {
    throw messageError(400, "Duplicate page: A page with that title already exists");
  }
  const page: Json = { slug, title: title.split("/").pop(), format: (p.format as string | undefined) ?? "markdown", content: p.content };
  putDocument(ctx.state, "wiki_page", project.id, page);
  return { status: 201, body: present(page, true) };
}

function findPage(ctx: RestContext, projectId: number): { pages: Json[]; index: number } {
  const pages = listDocuments(ctx.state, "wiki_page", projectId);
  const index = pages.findIndex((d) => String(d.slug).toLowerCase() === (ctx.route.slug ?? "").toLowerCase());
  if (index < 0) throw notFound("Wiki Page");
  return { pages, index };
}

function updatePage(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "title", type: "string" },
    { name: "content", type: "string" },
    { name: "format", type: "string", values: FORMATS },
  ]);
  if (p.title === undefined && p.content === undefined && p.format === undefined) {
    throw messageError(400, "content, title, format are missing, at least one parameter must be provided");
  }
  const { pages, index } = findPage(ctx, project.id);
  const page = { ...pages[index] };
  if (typeof p.title === "string") {
    page.slug = slugOf(p.title);
    page.title = p.title.split("/").pop();
  }
  if (p.content !== undefined) page.content = p.content;
  if (p.format !== undefined) page.format = p.format;
  pages[index] = page;
  return { status: 200, body: present(page, true) };
}

function deletePage(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const { pages, index } = findPage(ctx, project.id);
  pages.splice(index, 1);
  return { status: 204 };
}

function uploadAttachment(ctx: RestContext): RestResult {
  userProject(ctx);
  authorizeWrite(ctx);
  const file = ctx.params.file as { filename?: string; bytes?: Buffer } | undefined;
  if (!file || typeof file !== "object" || !file.filename) throw messageError(400, "file is missing");
  const branch = typeof ctx.params.branch === "string" && ctx.params.branch !== "" ? ctx.params.branch : "main";
  const digest = createHash("md5").update(file.bytes ?? Buffer.alloc(0)).digest("hex");
  const filePath = `uploads/${digest}/${file.filename}`;
  const image = /\.(png|jpe?g|gif|svg|webp)$/i.test(file.filename);
  return {
    status: 201,
    body: { file_name: file.filename, file_path: filePath, branch, link: { url: filePath, markdown: `${image ? "!" : ""}[${file.filename}](${filePath})` } },
  };
}

export function registerWikiRoutes(router: Router): void {
  router.add("GET", "/projects/:id/wikis", listPages);
  router.add("POST", "/projects/:id/wikis", createPage);
  router.add("POST", "/projects/:id/wikis/attachments", uploadAttachment);
  router.add("PUT", "/projects/:id/wikis/:slug", updatePage);
  router.add("DELETE", "/projects/:id/wikis/:slug", deletePage);
}
