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
import { notFound, recordNotFound, validationError } from "./errors.js";
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

// Comments, threads and emoji reactions on project snippets (doc/api/notes.md, discussions.md,
// emoji_reactions.md): a note belongs to a thread (an individual note is a thread of one); a missing note
// answers 404 {"message":"404 Not found"}, a missing thread 404 {"message":"404 Discussion Not Found"},
// a second identical reaction by one user 404 {"message":"404 Award Emoji Name has already been taken Not Found"}
// (GitLab's not_found! around the validation message, as restIssueNotes.ts and restMergeRequestActivity.ts answer it).
interface Activity {
  notes: Json[];
  awards: Json[];
}
const activity = new WeakMap<Json, Activity>();
const counters = new WeakMap<SimState, { note: number; award: number }>();

function activityOf(doc: Json): Activity {
  let a = activity.get(doc);
  if (!a) activity.set(doc, (a = { notes: [], awards: [] }));
  return a;
}

function count(state: SimState, k: "note" | "award"): number {
  const c = counters.get(state) ?? { note: 500, award: 900 };
  counters.set(state, c);
  return ++c[k];
}

function threadId(n: number): string {
  return n.toString(16).padStart(40, "0");
}

function addNote(ctx: RestContext, doc: Json, body: string, thread?: string, individual = true): Json {
  const now = jsonTime(ctx.state.now());
  const id = count(ctx.state, "note");
  const note: Json = {
    id,
    type: individual ? null : "DiscussionNote",
    body,
    author: presentUser(ctx.state, currentUserId(ctx), ctx.options.externalUrl),
    created_at: now,
    updated_at: now,
    system: false,
    noteable_id: doc.id,
    noteable_type: "Snippet",
    resolvable: false,
    confidential: false,
    internal: false,
    discussion_id: thread ?? threadId(id),
    individual_note: individual,
  };
  activityOf(doc).notes.push(note);
  return note;
}

const publicNote = (n: Json): Json => Object.fromEntries(Object.entries(n).filter(([k]) => k !== "discussion_id" && k !== "individual_note"));

function findNote(doc: Json, id: string): Json {
  const note = activityOf(doc).notes.find((n) => String(n.id) === id);
  if (!note) throw recordNotFound();
  return note;
}

function discussions(doc: Json): Json[] {
  const byThread = new Map<string, Json[]>();
  for (const n of activityOf(doc).notes) byThread.set(String(n.discussion_id), [...(byThread.get(String(n.discussion_id)) ?? []), n]);
  return [...byThread.entries()].map(([id, notes]) => ({ id, individual_note: notes[0].individual_note === true, notes: notes.map(publicNote) }));
}

function findThread(doc: Json, id: string): Json {
  const t = discussions(doc).find((d) => d.id === id);
  if (!t) throw notFound("Discussion");
  return t;
}

function award(ctx: RestContext, doc: Json, awardableId: unknown, type: string, name: string): RestResult {
  const user = currentUserId(ctx);
  const list = activityOf(doc).awards;
  if (list.some((a) => a.awardable_id === awardableId && a.awardable_type === type && a.name === name && (a.user as Json | null)?.id === user)) {
    return { status: 404, body: { message: "404 Award Emoji Name has already been taken Not Found" } };
  }
  const now = jsonTime(ctx.state.now());
  const a: Json = { id: count(ctx.state, "award"), name, user: presentUser(ctx.state, user, ctx.options.externalUrl), created_at: now, updated_at: now, awardable_id: awardableId, awardable_type: type };
  list.push(a);
  return { status: 201, body: a };
}

function awardsOf(doc: Json, awardableId: unknown, type: string): Json[] {
  return activityOf(doc).awards.filter((a) => a.awardable_id === awardableId && a.awardable_type === type);
}

function findAward(doc: Json, awardableId: unknown, type: string, id: string): Json {
  const a = awardsOf(doc, awardableId, type).find((x) => String(x.id) === id);
  if (!a) throw recordNotFound();
  return a;
}

function registerSnippetActivityRoutes(router: Router): void {
  const base = "/projects/:id/snippets/:snippet_id";
  const snippet = (ctx: RestContext) => findProjectSnippet(ctx).doc;
  const bodyOf = (ctx: RestContext) => declare(ctx.params, [{ name: "body", type: "string", required: true }]).body as string;
  const pageOf = (ctx: RestContext, all: Json[]) => {
    const p = declare(ctx.params, [{ name: "sort", type: "string", values: ["asc", "desc"], default: "desc" }, { name: "order_by", type: "string", values: ["created_at", "updated_at"], default: "created_at" }, ...PAGINATION_PARAMS]);
    const paged = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p));
    return { status: 200, body: paged.items, headers: paged.headers };
  };
  router.add("GET", `${base}/notes`, (ctx) => {
    const p = ctx.params.sort === "asc" ? 1 : -1;
    return pageOf(ctx, [...activityOf(snippet(ctx)).notes].sort((a, b) => p * (Number(a.id) - Number(b.id))).map(publicNote));
  });
  router.add("GET", `${base}/notes/:note_id`, (ctx) => ({ status: 200, body: publicNote(findNote(snippet(ctx), ctx.route.note_id)) }));
  router.add("POST", `${base}/notes`, (ctx) => {
    authorizeWrite(ctx);
    return { status: 201, body: publicNote(addNote(ctx, snippet(ctx), bodyOf(ctx))) };
  });
  router.add("PUT", `${base}/notes/:note_id`, (ctx) => {
    authorizeWrite(ctx);
    const note = findNote(snippet(ctx), ctx.route.note_id);
    note.body = bodyOf(ctx);
    note.updated_at = jsonTime(ctx.state.now());
    return { status: 200, body: publicNote(note) };
  });
  const dropNote = (ctx: RestContext) => {
    authorizeWrite(ctx);
    const doc = snippet(ctx);
    const note = findNote(doc, ctx.route.note_id);
    if (ctx.route.discussion_id !== undefined && note.discussion_id !== ctx.route.discussion_id) throw recordNotFound();
    activityOf(doc).notes = activityOf(doc).notes.filter((n) => n !== note);
    return { status: 204 };
  };
  router.add("DELETE", `${base}/notes/:note_id`, dropNote);
  router.add("GET", `${base}/discussions`, (ctx) => pageOf(ctx, discussions(snippet(ctx))));
  router.add("GET", `${base}/discussions/:discussion_id`, (ctx) => ({ status: 200, body: findThread(snippet(ctx), ctx.route.discussion_id) }));
  router.add("POST", `${base}/discussions`, (ctx) => {
    authorizeWrite(ctx);
    const doc = snippet(ctx);
    const note = addNote(ctx, doc, bodyOf(ctx), undefined, false);
    return { status: 201, body: findThread(doc, String(note.discussion_id)) };
  });
  router.add("POST", `${base}/discussions/:discussion_id/notes`, (ctx) => {
    authorizeWrite(ctx);
    const doc = snippet(ctx);
    findThread(doc, ctx.route.discussion_id);
    return { status: 201, body: publicNote(addNote(ctx, doc, bodyOf(ctx), ctx.route.discussion_id, false)) };
  });
  router.add("PUT", `${base}/discussions/:discussion_id/notes/:note_id`, (ctx) => {
    authorizeWrite(ctx);
    const note = findNote(snippet(ctx), ctx.route.note_id);
    if (note.discussion_id !== ctx.route.discussion_id) throw recordNotFound();
    note.body = bodyOf(ctx);
    return { status: 200, body: publicNote(note) };
  });
  router.add("DELETE", `${base}/discussions/:discussion_id/notes/:note_id`, dropNote);
  const nameOf = (ctx: RestContext) => declare(ctx.params, [{ name: "name", type: "string", required: true }]).name as string;
  router.add("GET", `${base}/award_emoji`, (ctx) => pageOf(ctx, awardsOf(snippet(ctx), Number(ctx.route.snippet_id), "Snippet")));
  router.add("GET", `${base}/award_emoji/:award_id`, (ctx) => ({ status: 200, body: findAward(snippet(ctx), Number(ctx.route.snippet_id), "Snippet", ctx.route.award_id) }));
  router.add("POST", `${base}/award_emoji`, (ctx) => (authorizeWrite(ctx), award(ctx, snippet(ctx), Number(ctx.route.snippet_id), "Snippet", nameOf(ctx))));
  router.add("DELETE", `${base}/award_emoji/:award_id`, (ctx) => {
    authorizeWrite(ctx);
    const doc = snippet(ctx);
    const a = findAward(doc, Number(ctx.route.snippet_id), "Snippet", ctx.route.award_id);
    activityOf(doc).awards = activityOf(doc).awards.filter((x) => x !== a);
    return { status: 204 };
  });
  const noteAwardable = (ctx: RestContext) => Number(findNote(snippet(ctx), ctx.route.note_id).id);
  router.add("GET", `${base}/notes/:note_id/award_emoji`, (ctx) => pageOf(ctx, awardsOf(snippet(ctx), noteAwardable(ctx), "Note")));
  router.add("GET", `${base}/notes/:note_id/award_emoji/:award_id`, (ctx) => ({ status: 200, body: findAward(snippet(ctx), noteAwardable(ctx), "Note", ctx.route.award_id) }));
  router.add("POST", `${base}/notes/:note_id/award_emoji`, (ctx) => (authorizeWrite(ctx), award(ctx, snippet(ctx), noteAwardable(ctx), "Note", nameOf(ctx))));
  router.add("DELETE", `${base}/notes/:note_id/award_emoji/:award_id`, (ctx) => {
    authorizeWrite(ctx);
    const doc = snippet(ctx);
    const a = findAward(doc, noteAwardable(ctx), "Note", ctx.route.award_id);
    activityOf(doc).awards = activityOf(doc).awards.filter((x) => x !== a);
    return { status: 204 };
  });
}

export function registerSnippetRoutes(router: Router): void {
  registerSnippetActivityRoutes(router);
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
