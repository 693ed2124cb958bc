// Repository storage moves of projects, groups and snippets (doc/api/project_repository_storage_moves.md,
// group_repository_storage_moves.md, snippet_repository_storage_moves.md; lib/api/*_repository_storage_moves.rb):
// administrators only (403 {"message":"403 Forbidden"} otherwise); the simulator's storages are default,
// storage2 and storage3, and every repository starts on default.
// - GET /<kind>_repository_storage_moves and /<kinds>/:id/repository_storage_moves: offset pages, newest first.
// - GET .../:repository_storage_id: one move; an unknown one 404 {"message":"404 Not found"}.
// - POST /<kinds>/:id/repository_storage_moves {destination_storage_name}: 201 with the move in state
//   scheduled; an unknown storage 400 {"message":{"destination_storage_name":["is not included in the list"]}};
//   the current storage 400 {"message":{"destination_storage_name":["can not be the same as the source"]}}.
//   When omitted, the simulator picks the first other storage (GitLab picks by weight).
// - POST /<kind>_repository_storage_moves {source_storage_name (required), destination_storage_name}:
//   202 {"message":"202 Accepted"}, then one scheduled move per repository on the source storage.
// A move advances one state per read of it (GET of the single move): scheduled, started, finished; the
// repository then lives on the destination. Edition CE has no such routes (404), as on GitLab Free these
// endpoints exist but this catalog files them under Premium.
import { requireUser } from "./auth.js";
import { forbidden, grapeError, messageError, notFound, recordNotFound, routeNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { userProject } from "./projectAccess.js";
import { listDocuments } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimState } from "./state.js";

type Json = Record<string, unknown>;
type Kind = "project" | "group" | "snippet";

interface Move {
  id: number;
  kind: Kind;
  subjectId: number;
  subject: Json;
  state: string;
  source_storage_name: string;
  destination_storage_name: string;
  created_at: string;
}

interface Store {
  moves: Move[];
  storageOf: Map<string, string>;
  seq: number;
}

export const STORAGES = ["default", "storage2", "storage3"];
const NEXT_STATE: Record<string, string> = { initial: "scheduled", scheduled: "started", started: "finished" };
const STORES = new WeakMap<SimState, Store>();

function store(state: SimState): Store {
  let s = STORES.get(state);
  if (!s) {
    s = { moves: [], storageOf: new Map(), seq: 0 };
    STORES.set(state, s);
  }
  return s;
}

function admin(ctx: RestContext): Store {
  if (ctx.options.edition === "ce") throw routeNotFound();
  if (requireUser(ctx.auth).token.admin !== true) throw forbidden();
  return store(ctx.state);
}

function snippetDocs(state: SimState): Json[] {
  return [...listDocuments(state, "snippet", "instance"), ...[...state.documents.entries()].filter(([k]) => k.startsWith("project_snippet:")).flatMap(([, v]) => v)] as Json[];
}

/** The route's project, group or snippet, presented as the move entity shows it. */
function subjectOf(ctx: RestContext, kind: Kind): { id: number; json: Json } {
  const base = ctx.options.externalUrl;
  if (kind === "project") {
    const p = userProject(ctx);
    return { id: p.id, json: { id: p.id, description: null, name: p.name, name_with_namespace: p.path_with_namespace.split("/").join(" / "), path: p.path, path_with_namespace: p.path_with_namespace, created_at: p.created_at } };
  }
  if (kind === "group") {
    const g = ctx.state.findGroup(ctx.route.id ?? "");
    if (!g) throw notFound("Group");
    return { id: g.id, json: { id: g.id, web_url: `${base}/groups/${g.full_path}`, name: g.name, full_path: g.full_path } };
  }
  const doc = snippetDocs(ctx.state).find((d) => String(d.id) === ctx.route.id);
  if (!doc) throw notFound("Snippet");
  return { id: Number(doc.id), json: { id: doc.id, title: doc.title, description: doc.description ?? null, visibility: doc.visibility, created_at: doc.created_at, updated_at: doc.updated_at, project_id: doc.project_id ?? null, web_url: doc.web_url } };
}

function allSubjects(ctx: RestContext, kind: Kind): { id: number; json: Json }[] {
  const base = ctx.options.externalUrl;
  if (kind === "project") return [...ctx.state.projects.values()].map((p) => ({ id: p.id, json: { id: p.id, name: p.name, path_with_namespace: p.path_with_namespace, created_at: p.created_at } }));
  if (kind === "group") return [...ctx.state.groups.values()].map((g) => ({ id: g.id, json: { id: g.id, web_url: `${base}/groups/${g.full_path}`, name: g.name, full_path: g.full_path } }));
  return snippetDocs(ctx.state).map((d) => ({ id: Number(d.id), json: { id: d.id, title: d.title, web_url: d.web_url } }));
}

const present = (m: Move): Json => ({ id: m.id, created_at: m.created_at, state: m.state, source_storage_name: m.source_storage_name, destination_storage_name: m.destination_storage_name, [m.kind]: m.subject });

function page(ctx: RestContext, moves: Move[]): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const paged = paginateOffset([...moves].sort((a, b) => b.id - a.id), p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items.map(present), headers: paged.headers };
}

/** A read of one move: it advances a state, as the background worker would between two polls. */
function read(s: Store, m: Move): RestResult {
  const next = NEXT_STATE[m.state];
  if (next) {
    m.state = next;
    if (next === "finished") s.storageOf.set(`${m.kind}:${m.subjectId}`, m.destination_storage_name);
  }
  return { status: 200, body: present(m) };
}

function moveById(s: Store, kind: Kind, raw: string | undefined, subjectId?: number): Move {
  const m = s.moves.find((x) => x.kind === kind && String(x.id) === raw && (subjectId === undefined || x.subjectId === subjectId));
  if (!m) throw recordNotFound();
  return m;
}

function schedule(ctx: RestContext, s: Store, kind: Kind, subject: { id: number; json: Json }, destination: string | undefined): Move {
  const source = s.storageOf.get(`${kind}:${subject.id}`) ?? "default";
  const dest = destination ?? STORAGES.find((x) => x !== source)!;
  if (!STORAGES.includes(dest)) throw messageError(400, { destination_storage_name: ["is not included in the list"] });
  if (dest === source) throw messageError(400, { destination_storage_name: ["can not be the same as the source"] });
  const m: Move = { id: ++s.seq, kind, subjectId: subject.id, subject: subject.json, state: "scheduled", source_storage_name: source, destination_storage_name: dest, created_at: jsonTime(ctx.state.now()) };
  s.moves.push(m);
  return m;
}

function routes(router: Router, kind: Kind, plural: string): void {
  router.add("GET", `/${kind}_repository_storage_moves`, (ctx) => page(ctx, admin(ctx).moves.filter((m) => m.kind === kind)));
  router.add("GET", `/${kind}_repository_storage_moves/:move_id`, (ctx) => {
    const s = admin(ctx);
    return read(s, moveById(s, kind, ctx.route.move_id));
  });
  router.add("POST", `/${kind}_repository_storage_moves`, (ctx) => {
    const s = admin(ctx);
    const p = declare(ctx.params, [
      { name: "source_storage_name", type: "string", required: true, values: STORAGES },
      { name: "destination_storage_name", type: "string" },
    ]);
    if (p.destination_storage_name !== undefined && !STORAGES.includes(p.destination_storage_name as string)) throw grapeError(400, "destination_storage_name does not have a valid value");
    for (const subject of allSubjects(ctx, kind)) {
      if ((s.storageOf.get(`${kind}:${subject.id}`) ?? "default") !== p.source_storage_name) continue;
      if (p.destination_storage_name === p.source_storage_name) continue;
      schedule(ctx, s, kind, subject, p.destination_storage_name as string | undefined);
    }
    return { status: 202, body: { message: "202 Accepted" } };
  });
  router.add("GET", `/${plural}/:id/repository_storage_moves`, (ctx) => {
    const s = admin(ctx);
    const subject = subjectOf(ctx, kind);
    return page(ctx, s.moves.filter((m) => m.kind === kind && m.subjectId === subject.id));
  });
  router.add("GET", `/${plural}/:id/repository_storage_moves/:move_id`, (ctx) => {
    const s = admin(ctx);
    const subject = subjectOf(ctx, kind);
    return read(s, moveById(s, kind, ctx.route.move_id, subject.id));
  });
  router.add("POST", `/${plural}/:id/repository_storage_moves`, (ctx) => {
    const s = admin(ctx);
    const subject = subjectOf(ctx, kind);
    const p = declare(ctx.params, [{ name: "destination_storage_name", type: "string" }]);
    return { status: 201, body: present(schedule(ctx, s, kind, subject, p.destination_storage_name as string | undefined)) };
  });
}

export function registerStorageMoveRoutes(router: Router): void {
  routes(router, "project", "projects");
  routes(router, "group", "groups");
  routes(router, "snippet", "snippets");
}
