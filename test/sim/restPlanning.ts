// Labels, milestones and issue boards of a project or a group, written once for both owners
// (doc/api/labels.md, group_labels.md, milestones.md, group_milestones.md, boards.md, group_boards.md).
// The single GETs stay in restDocuments.ts; this module adds the lists and the writes over the same
// seeded documents, so a create is then found by the GET and a delete answers 404 afterwards.
// What GitLab does and the simulator copies:
// - a label is named in the path by its ID or its exact title (URL-encoded: `priority%3A%3Ahigh`,
//   `needs%20review`); a miss answers 404 Label Not Found; a taken title answers 409 Label already exists;
// - subscribe and unsubscribe answer 201 with the label, or 304 Not Modified (no body) when the user
//   already is (or is not) subscribed;
// - promote moves a project label to the project's group (same ID) and answers the group label;
// - milestones are addressed by their global ID; state_event close/activate; a miss answers 404 Not found;
// - boards and board lists are ActiveRecord finds: a miss answers 404 Not found; a board list is made
//   for a label the owner sees (its own or an ancestor group's), once per label, else a 400;
//   positions are renumbered 0.. after a move or a delete;
// - deletes answer 204 with no body.
import { conflict, messageError, notFound, recordNotFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamSpec } from "./params.js";
import { authorizeWrite, userProject } from "./projectAccess.js";
import { groupOf, listDocuments, type DocumentKind } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimState } from "./state.js";

type Json = Record<string, unknown>;
type OwnerKind = "project" | "group";

interface Owner {
  kind: OwnerKind;
  id: number;
  /** Where its web pages live: group/project or groups/group. */
  webBase: string;
}

interface PlanningExtras {
  nextId: number;
  /** Issues, merge requests and burndown events a test attached to a milestone, by `${kind}:${milestone id}`. */
  milestoneContent: Map<string, { issues: Json[]; merge_requests: Json[]; burndown_events: Json[] }>;
}

const extras = new WeakMap<SimState, PlanningExtras>();

function extrasOf(state: SimState): PlanningExtras {
  let e = extras.get(state);
  if (!e) {
    e = { nextId: 5000, milestoneContent: new Map() };
    extras.set(state, e);
  }
  return e;
}

function nextId(state: SimState): number {
  const e = extrasOf(state);
  e.nextId += 1;
  return e.nextId;
}

/** Attaches issues, merge requests or burndown events to a milestone (by global ID) for its sub-lists. */
export function seedMilestoneContent(
  state: SimState,
  owner: OwnerKind,
  milestoneId: number,
  content: { issues?: Json[]; merge_requests?: Json[]; burndown_events?: Json[] },
): void {
  const key = `${owner}:${milestoneId}`;
  const have = extrasOf(state).milestoneContent.get(key) ?? { issues: [], merge_requests: [], burndown_events: [] };
  have.issues.push(...(content.issues ?? []));
  have.merge_requests.push(...(content.merge_requests ?? []));
  have.burndown_events.push(...(content.burndown_events ?? []));
  extrasOf(state).milestoneContent.set(key, have);
}

function ownerOf(ctx: RestContext, kind: OwnerKind): Owner {
  if (kind === "project") {
    const p = userProject(ctx);
    return { kind, id: p.id, webBase: p.path_with_namespace };
  }
  try {
    const g = groupOf(ctx);
    return { kind, id: Number(g.id), webBase: `groups/${String(g.full_path)}` };
  } catch (e) {
    const g = ctx.state.findGroup(ctx.route.id ?? "");
    if (!g) throw e;
    return { kind, id: g.id, webBase: `groups/${g.full_path}` };
  }
}

const labelKind = (o: OwnerKind): DocumentKind => (o === "project" ? "label" : "group_label");
const milestoneKind = (o: OwnerKind): DocumentKind => (o === "project" ? "milestone" : "group_milestone");

function docs(state: SimState, kind: DocumentKind, scope: number | string): Json[] {
  // The stored array itself (restDocuments.ts reads the same one), created empty on first use.
  const key = `${kind}:${scope}`;
  if (!state.documents.has(key)) state.documents.set(key, []);
  return listDocuments(state, kind, scope);
}

function removeDoc(list: Json[], doc: Json): void {
  const i = list.indexOf(doc);
  if (i >= 0) list.splice(i, 1);
}

/** Boards live in the "board" family; a group's under the scope `group:<id>` so they never meet a project's. */
const boardScope = (o: Owner): number | string => (o.kind === "project" ? o.id : `group:${o.id}`);

function paged(ctx: RestContext, items: Json[], p: Record<string, unknown>): RestResult {
  const page = paginateOffset(items, p.page as number, p.per_page as number, linkContext(ctx, p as never), ctx.options.totalsLimit);
  return { status: 200, body: page.items, headers: page.headers };
}

const str = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));
const now = (): string => new Date().toISOString();

// ---- Labels ---------------------------------------------------------------------------------------

const COLOR_NAMES = new Set(["red", "green", "blue", "black", "white", "orange", "purple", "yellow", "gray", "grey", "pink", "brown", "cyan", "magenta", "teal", "navy"]);

function checkColor(color: string): void {
  if (!/^#[0-9a-fA-F]{6}$/.test(color) && !/^#[0-9a-fA-F]{3}$/.test(color) && !COLOR_NAMES.has(color.toLowerCase())) {
    throw messageError(400, { color: ["must be a valid color code"] });
  }
}

function findLabel(list: Json[], wanted: string): Json {
  const hit = list.find((l) => String(l.id) === wanted || l.name === wanted);
  if (!hit) throw notFound("Label");
  return hit;
}

/** The labels an owner sees: its own, then (project or group) those of its ancestor groups. */
function visibleLabels(ctx: RestContext, owner: Owner, includeAncestors: boolean): Json[] {
  const own = docs(ctx.state, labelKind(owner.kind), owner.id);
  if (!includeAncestors) return [...own];
  const start = owner.kind === "project" ? ctx.state.projectGroup(ctx.state.findProject(owner.id)!) : ctx.state.findGroup(owner.id);
  const ancestors = ctx.state.groupAncestry(start).filter((g) => !(owner.kind === "group" && g.id === owner.id));
  return [...own, ...ancestors.flatMap((g) => listDocuments(ctx.state, "group_label", g.id))];
}

function presentLabel(label: Json, owner: OwnerKind, withCounts = true): Json {
  const out: Json = { ...label };
  if (!withCounts) {
    delete out.open_issues_count;
    delete out.closed_issues_count;
    delete out.open_merge_requests_count;
  }
  if (owner === "group") delete out.is_project_label;
  return out;
}

function labelRoutes(router: Router, kind: OwnerKind): void {
  const base = kind === "project" ? "/projects/:id/labels" : "/groups/:id/labels";
  const listSpecs: ParamSpec[] = [
    { name: "with_counts", type: "boolean", default: false },
    { name: "include_ancestor_groups", type: "boolean", default: true },
    { name: "search", type: "string" },
    ...(kind === "group" ? [{ name: "include_descendant_groups", type: "boolean" as const, default: false }, { name: "only_group_labels", type: "boolean" as const, default: true }] : []),
    ...PAGINATION_PARAMS,
  ];
  router.add("GET", base, (ctx) => {
    const owner = ownerOf(ctx, kind);
    const p = declare(ctx.params, listSpecs);
    const search = str(p.search)?.toLowerCase();
    const found = visibleLabels(ctx, owner, p.include_ancestor_groups === true)
      .filter((l) => !search || String(l.name).toLowerCase().includes(search) || String(l.description ?? "").toLowerCase().includes(search))
      .sort((a, b) => String(a.name).toLowerCase().localeCompare(String(b.name).toLowerCase()))
      .map((l) => presentLabel(l, kind, p.with_counts === true));
    return paged(ctx, found, p);
  });

  router.add("POST", base, (ctx) => {
    const owner = ownerOf(ctx, kind);
    authorizeWrite(ctx);
    const p = declare(ctx.params, [
      { name: "name", type: "string", required: true },
      { name: "color", type: "string", required: true },
      { name: "description", type: "string" },
      ...(kind === "project" ? [{ name: "priority", type: "integer" as const }] : []),
    ]);
    const list = docs(ctx.state, labelKind(kind), owner.id);
    if (list.some((l) => l.name === p.name)) throw conflict("Label already exists");
    checkColor(String(p.color));
    const label: Json = {
      id: nextId(ctx.state),
      name: p.name,
      color: p.color,
      text_color: "#FFFFFF",
      description: p.description ?? null,
      description_html: p.description ?? null,
      open_issues_count: 0,
      closed_issues_count: 0,
      open_merge_requests_count: 0,
      subscribed: false,
      ...(kind === "project" ? { priority: p.priority ?? null, is_project_label: true } : {}),
    };
    list.push(label);
    return { status: 201, body: presentLabel(label, kind) };
  });

  router.add("PUT", `${base}/:label_id`, (ctx) => {
    const owner = ownerOf(ctx, kind);
    authorizeWrite(ctx);
    const names = ["new_name", "color", "description", ...(kind === "project" ? ["priority"] : [])];
    const p = declare(ctx.params, [
      { name: "new_name", type: "string" },
      { name: "color", type: "string" },
      { name: "description", type: "string" },
      ...(kind === "project" ? [{ name: "priority", type: "integer" as const }] : []),
    ]);
    if (!names.some((n) => n in p)) throw validationError([`${names.join(", ")} are missing, at least one parameter must be provided`]);
    const list = docs(ctx.state, labelKind(kind), owner.id);
    const label = findLabel(list, ctx.route.label_id);
    if (p.new_name !== undefined && list.some((l) => l !== label && l.name === p.new_name)) throw messageError(400, { title: ["has already been taken"] });
    if (p.color !== undefined) checkColor(String(p.color));
    if (p.new_name !== undefined) label.name = p.new_name;
    if (p.color !== undefined) label.color = p.color;
    if (p.description !== undefined) label.description = label.description_html = p.description;
    if ("priority" in p) label.priority = p.priority;
    return { status: 200, body: presentLabel(label, kind) };
  });

  router.add("DELETE", `${base}/:label_id`, (ctx) => {
    const owner = ownerOf(ctx, kind);
    authorizeWrite(ctx);
    const list = docs(ctx.state, labelKind(kind), owner.id);
    removeDoc(list, findLabel(list, ctx.route.label_id));
    return { status: 204 };
  });

  for (const action of ["subscribe", "unsubscribe"] as const) {
    router.add("POST", `${base}/:label_id/${action}`, (ctx) => {
      const owner = ownerOf(ctx, kind);
      authorizeWrite(ctx);
      const label = findLabel(visibleLabels(ctx, owner, true), ctx.route.label_id);
      const want = action === "subscribe";
      if (label.subscribed === want) return { status: 304 };
      label.subscribed = want;
      return { status: 201, body: presentLabel(label, kind) };
    });
  }

  if (kind === "project") {
    router.add("PUT", `${base}/:label_id/promote`, (ctx) => {
      const owner = ownerOf(ctx, "project");
      authorizeWrite(ctx);
      const list = docs(ctx.state, "label", owner.id);
      const label = findLabel(list, ctx.route.label_id);
      const group = ctx.state.projectGroup(ctx.state.findProject(owner.id)!);
      if (!group) throw messageError(400, "Failed to promote label due to internal error. Please contact administrators.");
      removeDoc(list, label);
      const groupLabels = docs(ctx.state, "group_label", group.id);
      const same = groupLabels.find((l) => l.name === label.name);
      const promoted: Json = same ?? { ...label };
      delete promoted.priority;
      delete promoted.is_project_label;
      if (!same) groupLabels.push(promoted);
      return { status: 200, body: presentLabel(promoted, "group") };
    });
  }
}

// ---- Milestones -----------------------------------------------------------------------------------

function findMilestone(list: Json[], raw: string): Json {
  const hit = list.find((m) => String(m.id) === raw);
  if (!hit) throw recordNotFound();
  return hit;
}

function checkDate(name: string, v: unknown): void {
  if (v !== undefined && v !== null && (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v)))) throw validationError([`${name} is invalid`]);
}

function milestoneRoutes(router: Router, kind: OwnerKind): void {
  const base = kind === "project" ? "/projects/:id/milestones" : "/groups/:id/milestones";

  router.add("POST", base, (ctx) => {
    const owner = ownerOf(ctx, kind);
    authorizeWrite(ctx);
    const p = declare(ctx.params, [
      { name: "title", type: "string", required: true },
      { name: "description", type: "string" },
      { name: "due_date", type: "string" },
      { name: "start_date", type: "string" },
    ]);
    checkDate("due_date", p.due_date);
    checkDate("start_date", p.start_date);
    const list = docs(ctx.state, milestoneKind(kind), owner.id);
    if (list.some((m) => m.title === p.title)) throw messageError(400, { title: ["already being used for another group or project milestone."] });
    const iid = list.reduce((max, m) => Math.max(max, Number(m.iid) || 0), 0) + 1;
    const at = now();
    const milestone: Json = {
      id: nextId(ctx.state),
      iid,
      ...(kind === "project" ? { project_id: owner.id } : { group_id: owner.id }),
      title: p.title,
      description: p.description ?? null,
      state: "active",
      created_at: at,
      updated_at: at,
      due_date: p.due_date ?? null,
      start_date: p.start_date ?? null,
      expired: false,
      web_url: `https://gitlab.example.com/${owner.webBase}/-/milestones/${iid}`,
    };
    list.push(milestone);
    return { status: 201, body: milestone };
  });

  router.add("PUT", `${base}/:milestone_id`, (ctx) => {
    const owner = ownerOf(ctx, kind);
    authorizeWrite(ctx);
    const p = declare(ctx.params, [
      { name: "title", type: "string" },
      { name: "description", type: "string" },
      { name: "due_date", type: "string" },
      { name: "start_date", type: "string" },
      { name: "state_event", type: "string", values: ["close", "activate"] },
    ]);
    checkDate("due_date", p.due_date);
    checkDate("start_date", p.start_date);
    const milestone = findMilestone(docs(ctx.state, milestoneKind(kind), owner.id), ctx.route.milestone_id);
    for (const k of ["title", "description", "due_date", "start_date"]) if (k in p) milestone[k] = p[k];
    if (p.state_event === "close") milestone.state = "closed";
    if (p.state_event === "activate") milestone.state = "active";
    milestone.updated_at = now();
    return { status: 200, body: milestone };
  });

  router.add("DELETE", `${base}/:milestone_id`, (ctx) => {
    const owner = ownerOf(ctx, kind);
    authorizeWrite(ctx);
    const list = docs(ctx.state, milestoneKind(kind), owner.id);
    removeDoc(list, findMilestone(list, ctx.route.milestone_id));
    return { status: 204 };
  });

  for (const sub of ["issues", "merge_requests"] as const) {
    router.add("GET", `${base}/:milestone_id/${sub}`, (ctx) => {
      const owner = ownerOf(ctx, kind);
      const p = declare(ctx.params, PAGINATION_PARAMS);
      const milestone = findMilestone(docs(ctx.state, milestoneKind(kind), owner.id), ctx.route.milestone_id);
      const content = extrasOf(ctx.state).milestoneContent.get(`${kind}:${String(milestone.id)}`);
      return paged(ctx, content?.[sub] ?? [], p);
    });
  }

  if (kind === "group") {
    // EE: burndown events, the whole series at once (no pagination).
    router.add("GET", `${base}/:milestone_id/burndown_events`, (ctx) => {
      const owner = ownerOf(ctx, kind);
      const milestone = findMilestone(docs(ctx.state, "group_milestone", owner.id), ctx.route.milestone_id);
      const content = extrasOf(ctx.state).milestoneContent.get(`group:${String(milestone.id)}`);
      return { status: 200, body: content?.burndown_events ?? [] };
    });
  }
}

// ---- Boards ---------------------------------------------------------------------------------------

function findBoard(list: Json[], raw: string): Json {
  const hit = list.find((b) => String(b.id) === raw);
  if (!hit) throw recordNotFound();
  return hit;
}

function boardLists(board: Json): Json[] {
  if (!Array.isArray(board.lists)) board.lists = [];
  return board.lists as Json[];
}

function boardRoutes(router: Router, kind: OwnerKind): void {
  const base = kind === "project" ? "/projects/:id/boards" : "/groups/:id/boards";
  const boards = (ctx: RestContext): { owner: Owner; list: Json[] } => {
    const owner = ownerOf(ctx, kind);
    return { owner, list: docs(ctx.state, "board", boardScope(owner)) };
  };

  router.add("GET", base, (ctx) => {
    const { list } = boards(ctx);
    const p = declare(ctx.params, PAGINATION_PARAMS);
    return paged(ctx, [...list].sort((a, b) => Number(a.id) - Number(b.id)), p);
  });

  if (kind === "group") {
    router.add("GET", `${base}/:board_id`, (ctx) => ({ status: 200, body: findBoard(boards(ctx).list, ctx.route.board_id) }));
  }

  router.add("POST", base, (ctx) => {
    const { owner, list } = boards(ctx);
    authorizeWrite(ctx);
    const p = declare(ctx.params, [{ name: "name", type: "string", required: true }]);
    const board: Json = {
      id: nextId(ctx.state),
      name: p.name,
      hide_backlog_list: false,
      hide_closed_list: false,
      ...(owner.kind === "project" ? { project: { id: owner.id, path_with_namespace: owner.webBase } } : { group: { id: owner.id } }),
      milestone: null,
      lists: [],
    };
    list.push(board);
    return { status: 201, body: board };
  });

  router.add("PUT", `${base}/:board_id`, (ctx) => {
    const { owner, list } = boards(ctx);
    authorizeWrite(ctx);
    const p = declare(ctx.params, [
      { name: "name", type: "string" },
      { name: "hide_backlog_list", type: "boolean" },
      { name: "hide_closed_list", type: "boolean" },
      { name: "assignee_id", type: "integer" },
      { name: "milestone_id", type: "integer" },
      { name: "labels", type: "string" },
      { name: "weight", type: "integer" },
    ]);
    const board = findBoard(list, ctx.route.board_id);
    for (const k of ["name", "hide_backlog_list", "hide_closed_list", "weight"]) if (k in p) board[k] = p[k];
    if ("milestone_id" in p) {
      const m = docs(ctx.state, milestoneKind(owner.kind), owner.id).find((x) => x.id === p.milestone_id);
      board.milestone = m ? { id: m.id, title: m.title } : null;
    }
    if ("labels" in p) {
      const wanted = String(p.labels).split(",").map((s) => s.trim()).filter(Boolean);
      board.labels = visibleLabels(ctx, owner, true).filter((l) => wanted.includes(String(l.name))).map((l) => ({ id: l.id, name: l.name, color: l.color, description: l.description ?? null }));
    }
    return { status: 200, body: board };
  });

  router.add("DELETE", `${base}/:board_id`, (ctx) => {
    const { list } = boards(ctx);
    authorizeWrite(ctx);
    removeDoc(list, findBoard(list, ctx.route.board_id));
    return { status: 204 };
  });

  router.add("GET", `${base}/:board_id/lists`, (ctx) => {
    const board = findBoard(boards(ctx).list, ctx.route.board_id);
    const p = declare(ctx.params, PAGINATION_PARAMS);
    return paged(ctx, [...boardLists(board)].sort((a, b) => Number(a.position) - Number(b.position)), p);
  });

  router.add("GET", `${base}/:board_id/lists/:list_id`, (ctx) => {
    const board = findBoard(boards(ctx).list, ctx.route.board_id);
    return { status: 200, body: findBoard(boardLists(board), ctx.route.list_id) };
  });

  router.add("POST", `${base}/:board_id/lists`, (ctx) => {
    const { owner, list } = boards(ctx);
    authorizeWrite(ctx);
    const board = findBoard(list, ctx.route.board_id);
    const p = declare(ctx.params, [
      { name: "label_id", type: "integer" },
      { name: "assignee_id", type: "integer" },
      { name: "milestone_id", type: "integer" },
      { name: "iteration_id", type: "integer" },
    ]);
    const given = ["label_id", "assignee_id", "milestone_id", "iteration_id"].filter((k) => k in p);
    if (given.length === 0) throw validationError(["label_id, assignee_id, milestone_id, iteration_id are missing, exactly one parameter must be provided"]);
    if (given.length > 1) throw validationError([`${given.join(", ")} are mutually exclusive`]);
    if (!("label_id" in p)) throw messageError(400, "List type is not allowed");
    const label = visibleLabels(ctx, owner, true).find((l) => l.id === p.label_id);
    if (!label) throw messageError(400, { label: ["not found"] });
    const lists = boardLists(board);
    if (lists.some((l) => (l.label as Json | undefined)?.id === label.id)) throw messageError(400, { label: ["has already been taken"] });
    const entry: Json = { id: nextId(ctx.state), label: { id: label.id, name: label.name, color: label.color, description: label.description ?? null }, position: lists.length };
    lists.push(entry);
    return { status: 201, body: entry };
  });

  router.add("PUT", `${base}/:board_id/lists/:list_id`, (ctx) => {
    const board = findBoard(boards(ctx).list, ctx.route.board_id);
    authorizeWrite(ctx);
    const p = declare(ctx.params, [{ name: "position", type: "integer", required: true }]);
    const lists = [...boardLists(board)].sort((a, b) => Number(a.position) - Number(b.position));
    const entry = findBoard(lists, ctx.route.list_id);
    const to = Math.max(0, Math.min(Number(p.position), lists.length - 1));
    lists.splice(lists.indexOf(entry), 1);
    lists.splice(to, 0, entry);
    lists.forEach((l, i) => (l.position = i));
    return { status: 200, body: entry };
  });

  router.add("DELETE", `${base}/:board_id/lists/:list_id`, (ctx) => {
    const board = findBoard(boards(ctx).list, ctx.route.board_id);
    authorizeWrite(ctx);
    const lists = boardLists(board);
    removeDoc(lists, findBoard(lists, ctx.route.list_id));
    [...lists].sort((a, b) => Number(a.position) - Number(b.position)).forEach((l, i) => (l.position = i));
    return { status: 204 };
  });
}

export function registerPlanningRoutes(router: Router): void {
  for (const kind of ["project", "group"] as const) {
    labelRoutes(router, kind);
    milestoneRoutes(router, kind);
    boardRoutes(router, kind);
  }
}

