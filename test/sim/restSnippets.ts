// Personal and project snippets with state (doc/api/snippets.md, doc/api/project_snippets.md,
// lib/api/snippets.rb, lib/api/project_snippets.rb):
// - GET /snippets (the current user's), /snippets/all (everything the user can see), /snippets/public
//   (public personal snippets), newest first, offset-paginated with GitLab's headers;
// - GET /snippets/:id/raw and /projects/:id/snippets/:snippet_id/raw answer the first file's bytes as
//   text/plain; GET /snippets/:id/files/:ref/:file_path/raw one file of the snippet repository;
// - POST creates (title required; files [{file_path, content}] required; a project snippet also needs
//   visibility: 400 "visibility is missing"), PUT updates (files[] with action create, update, delete,
//   move; at least one attribute: 400 "title, description, visibility, files are missing, at least one
//   parameter must be provided"), DELETE answers 204;
// - a missing snippet answers 404 {"message":"404 Snippet Not Found"}.
// The snippets live in the document store (restDocuments.ts), so GET /snippets/:id serves them too;
// their files' contents are kept beside them, never in the document GitLab would answer.
import { notFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamSpec } from "./params.js";
import { authorizeWrite, currentUserId, projectWebUrl, userProject } from "./projectAccess.js";
import { listDocuments, putDocument } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimState } from "./state.js";
import { presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

/** File contents of each snippet document, by file path, in order. */
const contents = new WeakMap<Json, Map<string, string>>();
const nextId = new WeakMap<SimState, number>();

function newId(state: SimState): number {
  const used = [...listDocuments(state, "snippet", "instance"), ...[...state.documents.entries()].filter(([k]) => k.startsWith("project_snippet:")).flatMap(([, v]) => v)].map((d) => Number(d.id) || 0);
  const id = Math.max(nextId.get(state) ?? 0, ...used, 0) + 1;
  nextId.set(state, id);
  return id;
}

const FILE_SPECS: ParamSpec[] = [
  { name: "file_path", type: "string", required: true },
  { name: "content", type: "string", required: true },
];
const CHANGE_SPECS: ParamSpec[] = [
  { name: "action", type: "string", required: true, values: ["create", "update", "delete", "move"] },
  { name: "file_path", type: "string", required: true },
  { name: "previous_path", type: "string" },
  { name: "content", type: "string" },
];
const VISIBILITY = ["private", "internal", "public"];

function present(_ctx: RestContext, doc: Json): Json {
  // A document seeded with addDocument carries its own file fields.
  if (!contents.has(doc)) return doc;
  const files = [...contents.get(doc)!.keys()];
  const web = doc.web_url as string;
  return {
    ...doc,
    file_name: files[0] ?? null,
    files: files.map((path) => ({ path, raw_url: `${web}/raw/main/${path}` })),
    raw_url: `${web}/raw`,
  };
}

function personal(state: SimState): Json[] {
  return listDocuments(state, "snippet", "instance");
}

function findPersonal(ctx: RestContext, id: string): Json {
  const doc = personal(ctx.state).find((d) => String(d.id) === id);
  if (!doc) throw notFound("Snippet");
  return doc;
}

function findProjectSnippet(ctx: RestContext): { doc: Json; projectId: number } {
  const project = userProject(ctx);
  const doc = listDocuments(ctx.state, "project_snippet", project.id).find((d) => String(d.id) === ctx.route.snippet_id);
  if (!doc) throw notFound("Snippet");
  return { doc, projectId: project.id };
}

function page(ctx: RestContext, all: Json[], extra: ParamSpec[] = []): RestResult {
  const p = declare(ctx.params, [...extra, ...PAGINATION_PARAMS]);
  let list = [...all].sort((a, b) => Number(b.id) - Number(a.id));
  if (typeof p.created_after === "string") list = list.filter((d) => String(d.created_at) > String(p.created_after));
  if (typeof p.created_before === "string") list = list.filter((d) => String(d.created_at) < String(p.created_before));
  const paged = paginateOffset(list, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items.map((d) => present(ctx, d)), headers: paged.headers };
}

const DATE_FILTERS: ParamSpec[] = [
  { name: "created_after", type: "string" },
  { name: "created_before", type: "string" },
];

function raw(doc: Json, path?: string): RestResult {
  const files = contents.get(doc) ?? new Map<string, string>();
  const name = path ?? [...files.keys()][0];
  const body = name === undefined ? undefined : files.get(name);
  if (body === undefined) throw notFound("File");
  return { status: 200, headers: { "content-type": "text/plain; charset=utf-8" }, body: Buffer.from(body, "utf8") };
}

function create(ctx: RestContext, projectId?: number): RestResult {
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "title", type: "string", required: true },
    { name: "description", type: "string" },
    { name: "visibility", type: "string", required: projectId !== undefined, values: VISIBILITY },
    { name: "files", type: "hashArray", required: true, items: FILE_SPECS },
  ]);
  const files = p.files as Json[];
  if (files.length === 0) throw validationError(["files is empty"]);
  const id = newId(ctx.state);
  const now = jsonTime(ctx.state.now());
  const { externalUrl } = ctx.options;
  const project = projectId !== undefined ? ctx.state.findProject(String(projectId)) : undefined;
  const doc: Json = {
    id,
    title: p.title,
    description: p.description ?? null,
    visibility: p.visibility ?? "private",
    author: presentUser(ctx.state, currentUserId(ctx), externalUrl),
    project_id: projectId ?? null,
    created_at: now,
    updated_at: now,
    imported: false,
    imported_from: "none",
    web_url: project ? `${projectWebUrl(externalUrl, project)}/-/snippets/${id}` : `${externalUrl}/-/snippets/${id}`,
  };
  contents.set(doc, new Map(files.map((f) => [String(f.file_path), String(f.content)])));
  if (projectId !== undefined) putDocument(ctx.state, "project_snippet", projectId, doc);
  else putDocument(ctx.state, "snippet", "instance", doc);
  return { status: 201, body: present(ctx, doc) };
}

function update(ctx: RestContext, doc: Json): RestResult {
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "title", type: "string" },
    { name: "description", type: "string" },
    { name: "visibility", type: "string", values: VISIBILITY },
    { name: "files", type: "hashArray", items: CHANGE_SPECS },
  ]);
  if (p.title === undefined && p.description === undefined && p.visibility === undefined && p.files === undefined) {
    throw validationError(["title, description, visibility, files are missing, at least one parameter must be provided"]);
  }
  const files = contents.get(doc) ?? new Map<string, string>();
  for (const change of (p.files as Json[] | undefined) ?? []) {
    const path = String(change.file_path);
    if (change.action === "delete") files.delete(path);
    else if (change.action === "move") {
      const from = String(change.previous_path ?? "");
      const body = files.get(from);
      if (body === undefined) return { status: 400, body: { message: "A file with this name doesn't exist" } };
      files.delete(from);
      files.set(path, typeof change.content === "string" ? change.content : body);
    } else files.set(path, String(change.content ?? ""));
  }
  contents.set(doc, files);
  for (const k of ["title", "description", "visibility"] as const) if (p[k] !== undefined) doc[k] = p[k];
  doc.updated_at = jsonTime(ctx.state.now());
  return { status: 200, body: present(ctx, doc) };
}

function remove(ctx: RestContext, kind: "snippet" | "project_snippet", scope: number | "instance", doc: Json): RestResult {
  authorizeWrite(ctx);
  const key = `${kind}:${scope}`;
  ctx.state.documents.set(key, (ctx.state.documents.get(key) ?? []).filter((d) => d !== doc));
  return { status: 204 };
}

export function registerSnippetRoutes(router: Router): void {
  router.add("GET", "/snippets", (ctx) => page(ctx, personal(ctx.state).filter((d) => (d.author as Json | null)?.id === currentUserId(ctx)), DATE_FILTERS));
  router.add("GET", "/snippets/all", (ctx) => {
    const project = [...ctx.state.documents.entries()].filter(([k]) => k.startsWith("project_snippet:")).flatMap(([, v]) => v);
    return page(ctx, [...personal(ctx.state), ...project], DATE_FILTERS);
  });
  router.add("GET", "/snippets/public", (ctx) => page(ctx, personal(ctx.state).filter((d) => d.visibility === "public")));
  router.add("GET", "/snippets/:id", (ctx) => ({ status: 200, body: present(ctx, findPersonal(ctx, ctx.route.id)) }));
  router.add("GET", "/snippets/:id/raw", (ctx) => raw(findPersonal(ctx, ctx.route.id)));
  router.add("GET", "/snippets/:id/files/:ref/:file_path/raw", (ctx) => raw(findPersonal(ctx, ctx.route.id), ctx.route.file_path));
  router.add("POST", "/snippets", (ctx) => create(ctx));
  router.add("PUT", "/snippets/:id", (ctx) => update(ctx, findPersonal(ctx, ctx.route.id)));
  router.add("DELETE", "/snippets/:id", (ctx) => remove(ctx, "snippet", "instance", findPersonal(ctx, ctx.route.id)));
  router.add("GET", "/projects/:id/snippets", (ctx) => page(ctx, listDocuments(ctx.state, "project_snippet", userProject(ctx).id)));
  router.add("GET", "/projects/:id/snippets/:snippet_id", (ctx) => ({ status: 200, body: present(ctx, findProjectSnippet(ctx).doc) }));
  router.add("GET", "/projects/:id/snippets/:snippet_id/raw", (ctx) => raw(findProjectSnippet(ctx).doc));
  router.add("POST", "/projects/:id/snippets", (ctx) => create(ctx, userProject(ctx).id));
  router.add("PUT", "/projects/:id/snippets/:snippet_id", (ctx) => update(ctx, findProjectSnippet(ctx).doc));
  router.add("DELETE", "/projects/:id/snippets/:snippet_id", (ctx) => {
    const { doc, projectId } = findProjectSnippet(ctx);
    return remove(ctx, "project_snippet", projectId, doc);
  });
}

/** Seeds a snippet with its files (personal, or under a project). */
export function seedSnippet(state: SimState, externalUrl: string, seed: { id: number; title: string; visibility?: string; authorId?: number; projectId?: number; files: Record<string, string> }): Json {
  const at = jsonTime(state.nextSeedTime());
  const doc: Json = {
    id: seed.id,
    title: seed.title,
    description: null,
    visibility: seed.visibility ?? "private",
    author: presentUser(state, seed.authorId ?? 1, externalUrl),
    project_id: seed.projectId ?? null,
    created_at: at,
    updated_at: at,
    imported: false,
    imported_from: "none",
    web_url: `${externalUrl}/-/snippets/${seed.id}`,
  };
  contents.set(doc, new Map(Object.entries(seed.files)));
  if (seed.projectId !== undefined) putDocument(state, "project_snippet", seed.projectId, doc);
  else putDocument(state, "snippet", "instance", doc);
  return doc;
}
