// What gathers around an issue besides its fields: single comments (notes), discussion threads, emoji
// reactions on the issue and on its comments, and resource events (labels, milestones, state,
// iterations, weight). Written from doc/api/notes.md, discussions.md, emoji_reactions.md and the
// resource_*_events.md pages.
//
// - the issue's notes live on the issue record (issue.notes, as restIssues.ts lists them); a thread is
//   the notes sharing one discussion ID, in creation order; a single comment is a thread of one note
//   whose `individual_note` is true, and a reply to it turns it into a thread;
// - an unknown issue, note, award or event is find_by!: 404 {"message":"404 Not found"}; an unknown
//   thread 404 {"message":"404 Discussion Not Found"};
// - `body` is required on create and may not be blank: 400 {"error":"body is missing"} /
//   "body is empty"; note edits answer the note, deletes 204;
// - an emoji the user already gave is 404 {"message":"404 Award Emoji Name has already been taken Not Found"},
//   a name that is not an emoji the same with "Name is not a valid emoji name"; removing another
//   user's reaction is 401;
// - resource events are seeded history; a close or reopen, or labels added or removed, through the issues
//   API since are written as events when events are next read, as GitLab writes them at the change.
import { messageError, notFound, recordNotFound, unauthorized, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { authorizeWrite, currentUserId, projectWebUrl, userProject } from "./projectAccess.js";
import { findIssue } from "./restIssues.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject, type SimState } from "./state.js";
import { discussionId, type SimIssue, type SimNote } from "./tracker.js";
import { presentNote, presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

interface Award {
  id: number;
  name: string;
  userId: number;
  created_at: string;
  awardableId: number;
  awardableType: "Issue" | "Note";
}

interface Event {
  id: number;
  userId: number;
  created_at: string;
  fields: Json;
}

type EventKind = "label" | "milestone" | "state" | "iteration" | "weight";

interface IssueActivity {
  awards: Award[];
  noteAwards: Map<number, Award[]>;
  events: Record<EventKind, Event[]>;
  internal: WeakSet<SimNote>;
  /** The state and labels last written as events: a change seen since is written as a new event. */
  stateSeen: string;
  labelsSeen: string[];
}

const activities = new WeakMap<SimIssue, IssueActivity>();
const counters = new WeakMap<SimState, { award: number; event: number }>();

function activityOf(issue: SimIssue): IssueActivity {
  let a = activities.get(issue);
  if (!a) {
    a = { awards: [], noteAwards: new Map(), events: { label: [], milestone: [], state: [], iteration: [], weight: [] }, internal: new WeakSet(), stateSeen: issue.state, labelsSeen: [] };
    activities.set(issue, a);
  }
  return a;
}

function nextId(state: SimState, kind: "award" | "event"): number {
  let c = counters.get(state);
  if (!c) {
    c = { award: 800, event: 400 };
    counters.set(state, c);
  }
  return ++c[kind];
}

// ---- seeding (GitLabSimulator.addIssueActivity) ----

export interface IssueActivitySeed {
  /** Emoji reactions on the issue, by username (default the token user). */
  emoji?: { name: string; user?: string }[];
  /** Emoji reactions on notes of the issue, by note id. */
  note_emoji?: { note_id: number; name: string; user?: string }[];
  label_events?: { label: string; action?: "add" | "remove"; user?: string; created_at?: string }[];
  milestone_events?: { milestone: { id: number; iid: number; title: string }; action?: "add" | "remove"; user?: string; created_at?: string }[];
  state_events?: { state: string; user?: string; created_at?: string }[];
  iteration_events?: { iteration: { id: number; iid: number; title: string; start_date?: string; due_date?: string }; action?: "add" | "remove"; user?: string; created_at?: string }[];
  weight_events?: { weight: number | null; user?: string; created_at?: string }[];
}

export function seedIssueActivity(state: SimState, project: SimProject, iid: number, seed: IssueActivitySeed): void {
  const issue = state.tracker.of(project).issues.get(iid);
  if (!issue) throw new Error(`GitLabSimulator: no issue #${iid} in ${project.path_with_namespace}`);
  const a = activityOf(issue);
  const user = (name?: string) => (name === undefined ? 1 : state.userNamed(name).id);
  const at = (given?: string) => given ?? jsonTime(state.nextSeedTime());
  const push = (kind: EventKind, e: { user?: string; created_at?: string }, fields: Json) =>
    a.events[kind].push({ id: nextId(state, "event"), userId: user(e.user), created_at: at(e.created_at), fields });
  for (const e of seed.emoji ?? []) a.awards.push({ id: nextId(state, "award"), name: e.name, userId: user(e.user), created_at: at(), awardableId: issue.id, awardableType: "Issue" });
  for (const e of seed.note_emoji ?? []) {
    const list = a.noteAwards.get(e.note_id) ?? [];
    list.push({ id: nextId(state, "award"), name: e.name, userId: user(e.user), created_at: at(), awardableId: e.note_id, awardableType: "Note" });
    a.noteAwards.set(e.note_id, list);
  }
  for (const e of seed.label_events ?? []) {
    push("label", e, { label: { id: 100 + a.events.label.length, name: e.label, color: "#428BCA", description: null }, action: e.action ?? "add" });
  }
  for (const e of seed.milestone_events ?? []) {
    push("milestone", e, { milestone: { ...e.milestone, project_id: project.id, description: null, state: "active", due_date: null, start_date: null }, action: e.action ?? "add" });
  }
  for (const e of seed.state_events ?? []) push("state", e, { state: e.state });
  for (const e of seed.iteration_events ?? []) {
    const it = e.iteration;
    const when = at();
    push("iteration", e, {
      iteration: { id: it.id, iid: it.iid, group_id: 1, title: it.title, description: null, state: 2, created_at: when, updated_at: when, start_date: it.start_date ?? null, due_date: it.due_date ?? null },
      action: e.action ?? "add",
    });
  }
  for (const e of seed.weight_events ?? []) push("weight", e, { issue_id: issue.id, weight: e.weight });
  // Seeded events are the history: what the issue holds now is not a change since.
  if (seed.state_events) a.stateSeen = issue.state;
  if (seed.label_events) a.labelsSeen = [...issue.labels];
}

// ---- shared ----

function routeId(ctx: RestContext, name: string): number {
  if (!/^\d+$/.test(ctx.route[name])) throw validationError([`${name} is invalid`]);
  return Number(ctx.route[name]);
}

function page<T>(ctx: RestContext, all: T[], present: (item: T) => Json): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const pg = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: pg.items.map(present), headers: pg.headers };
}

function target(ctx: RestContext): { project: SimProject; issue: SimIssue; a: IssueActivity } {
  const project = userProject(ctx);
  const issue = findIssue(ctx, project);
  return { project, issue, a: activityOf(issue) };
}

// ---- notes and threads ----

function presentIssueNote(ctx: RestContext, project: SimProject, issue: SimIssue, n: SimNote): Json {
  const out = presentNote(ctx.state, project, n, { id: issue.id, iid: issue.iid, type: "Issue" }, ctx.options.externalUrl);
  if (activityOf(issue).internal.has(n)) Object.assign(out, { internal: true, confidential: true });
  return out;
}

function findNote(ctx: RestContext, issue: SimIssue, discussion?: string): SimNote {
  const id = routeId(ctx, "note_id");
  const n = issue.notes.find((x) => x.id === id && (discussion === undefined || x.discussionId === discussion));
  if (!n) throw recordNotFound();
  return n;
}

function thread(ctx: RestContext, project: SimProject, issue: SimIssue, id: string): Json {
  const notes = issue.notes.filter((n) => n.discussionId === id).sort((x, y) => x.id - y.id);
  if (notes.length === 0) throw notFound("Discussion");
  return { id, individual_note: notes.length === 1 && notes[0].type === null, notes: notes.map((n) => presentIssueNote(ctx, project, issue, n)) };
}

function addNote(ctx: RestContext, issue: SimIssue, body: string, opts: { discussion?: string; type: string | null; internal?: boolean }): SimNote {
  const now = jsonTime(ctx.state.now());
  const id = ctx.state.tracker.noteId();
  const note: SimNote = {
    id,
    body,
    authorId: currentUserId(ctx),
    system: false,
    created_at: now,
    updated_at: now,
    discussionId: opts.discussion ?? discussionId(`issue:${issue.id}:${id}`),
    type: opts.type,
    resolvable: false,
    resolved: false,
    resolvedById: null,
  };
  issue.notes.push(note);
  if (opts.internal) activityOf(issue).internal.add(note);
  return note;
}

const BODY = { name: "body", type: "string" as const, required: true, allowBlank: false };

function showNote(ctx: RestContext): RestResult {
  const { project, issue } = target(ctx);
  return { status: 200, body: presentIssueNote(ctx, project, issue, findNote(ctx, issue)) };
}

function createNote(ctx: RestContext): RestResult {
  const { project, issue } = target(ctx);
  const p = declare(ctx.params, [BODY, { name: "internal", type: "boolean", default: false }, { name: "confidential", type: "boolean" }, { name: "created_at", type: "string" }]);
  authorizeWrite(ctx);
  const note = addNote(ctx, issue, p.body as string, { type: null, internal: p.internal === true || p.confidential === true });
  return { status: 201, body: presentIssueNote(ctx, project, issue, note) };
}

function editNote(ctx: RestContext, discussion?: string): RestResult {
  const { project, issue } = target(ctx);
  if (discussion !== undefined) thread(ctx, project, issue, discussion);
  const note = findNote(ctx, issue, discussion);
  const p = declare(ctx.params, [{ ...BODY, required: discussion !== undefined }, { name: "confidential", type: "boolean" }]);
  authorizeWrite(ctx);
  if (p.body === undefined) throw validationError(["body is missing"]);
  note.body = p.body as string;
  note.updated_at = jsonTime(ctx.state.now());
  return { status: 200, body: presentIssueNote(ctx, project, issue, note) };
}

function deleteNote(ctx: RestContext, discussion?: string): RestResult {
  const { project, issue } = target(ctx);
  if (discussion !== undefined) thread(ctx, project, issue, discussion);
  const note = findNote(ctx, issue, discussion);
  authorizeWrite(ctx);
  issue.notes.splice(issue.notes.indexOf(note), 1);
  return { status: 204 };
}

function listDiscussions(ctx: RestContext): RestResult {
  const { project, issue } = target(ctx);
  const ids: string[] = [];
  for (const n of [...issue.notes].sort((x, y) => x.id - y.id)) if (!ids.includes(n.discussionId)) ids.push(n.discussionId);
  return page(ctx, ids, (id) => thread(ctx, project, issue, id));
}

function showDiscussion(ctx: RestContext): RestResult {
  const { project, issue } = target(ctx);
  return { status: 200, body: thread(ctx, project, issue, ctx.route.discussion_id) };
}

function createDiscussion(ctx: RestContext): RestResult {
  const { project, issue } = target(ctx);
  const p = declare(ctx.params, [BODY, { name: "created_at", type: "string" }]);
  authorizeWrite(ctx);
  const note = addNote(ctx, issue, p.body as string, { type: "DiscussionNote" });
  return { status: 201, body: thread(ctx, project, issue, note.discussionId) };
}

function replyDiscussion(ctx: RestContext): RestResult {
  const { project, issue } = target(ctx);
  const id = ctx.route.discussion_id;
  thread(ctx, project, issue, id);
  const p = declare(ctx.params, [BODY, { name: "created_at", type: "string" }]);
  authorizeWrite(ctx);
  for (const n of issue.notes) if (n.discussionId === id && n.type === null) n.type = "DiscussionNote";
  const note = addNote(ctx, issue, p.body as string, { discussion: id, type: "DiscussionNote" });
  return { status: 201, body: presentIssueNote(ctx, project, issue, note) };
}

// ---- emoji reactions ----

function awardsOf(ctx: RestContext): { list: Award[]; awardableId: number; awardableType: Award["awardableType"] } {
  const { issue, a } = target(ctx);
  if (ctx.route.note_id === undefined) return { list: a.awards, awardableId: issue.id, awardableType: "Issue" };
  const noteId = routeId(ctx, "note_id");
  if (!issue.notes.some((n) => n.id === noteId)) throw recordNotFound();
  if (!a.noteAwards.has(noteId)) a.noteAwards.set(noteId, []);
  return { list: a.noteAwards.get(noteId)!, awardableId: noteId, awardableType: "Note" };
}

function presentAward(ctx: RestContext, w: Award): Json {
  return {
    id: w.id,
    name: w.name,
    user: presentUser(ctx.state, w.userId, ctx.options.externalUrl),
    created_at: w.created_at,
    updated_at: w.created_at,
    awardable_id: w.awardableId,
    awardable_type: w.awardableType,
  };
}

function findAward(ctx: RestContext, list: Award[]): Award {
  const id = routeId(ctx, "award_id");
  const hit = list.find((w) => w.id === id);
  if (!hit) throw recordNotFound();
  return hit;
}

function listAwards(ctx: RestContext): RestResult {
  return page(ctx, awardsOf(ctx).list, (w) => presentAward(ctx, w));
}

function showAward(ctx: RestContext): RestResult {
  return { status: 200, body: presentAward(ctx, findAward(ctx, awardsOf(ctx).list)) };
}

function createAward(ctx: RestContext): RestResult {
  const t = awardsOf(ctx);
  const p = declare(ctx.params, [{ name: "name", type: "string", required: true }]);
  authorizeWrite(ctx);
  const user = currentUserId(ctx);
  const name = String(p.name);
  if (!/^[a-z0-9_+-]+$/.test(name)) throw messageError(404, "404 Award Emoji Name is not a valid emoji name Not Found");
  if (t.list.some((w) => w.userId === user && w.name === name)) throw messageError(404, "404 Award Emoji Name has already been taken Not Found");
  const award: Award = { id: nextId(ctx.state, "award"), name, userId: user, created_at: jsonTime(ctx.state.now()), awardableId: t.awardableId, awardableType: t.awardableType };
  t.list.push(award);
  return { status: 201, body: presentAward(ctx, award) };
}

function deleteAward(ctx: RestContext): RestResult {
  const t = awardsOf(ctx);
  const award = findAward(ctx, t.list);
  authorizeWrite(ctx);
  if (award.userId !== currentUserId(ctx)) throw unauthorized();
  t.list.splice(t.list.indexOf(award), 1);
  return { status: 204 };
}

// ---- resource events ----

function eventsOf(ctx: RestContext, kind: EventKind): { project: SimProject; issue: SimIssue; list: Event[] } {
  const { project, issue, a } = target(ctx);
  if (issue.state !== a.stateSeen) {
    const state = issue.state === "opened" ? "reopened" : issue.state;
    a.events.state.push({ id: nextId(ctx.state, "event"), userId: issue.closedById ?? issue.authorId, created_at: issue.closed_at ?? issue.updated_at, fields: { state } });
    a.stateSeen = issue.state;
  }
  // Labels the issue was created with, or that issue.update added or removed, each make an event.
  const added = issue.labels.filter((l) => !a.labelsSeen.includes(l)).map((l) => [l, "add"]);
  const removed = a.labelsSeen.filter((l) => !issue.labels.includes(l)).map((l) => [l, "remove"]);
  for (const [name, action] of [...added, ...removed]) {
    const label = { id: 100 + a.events.label.length, name, color: "#428BCA", description: null };
    a.events.label.push({ id: nextId(ctx.state, "event"), userId: issue.authorId, created_at: issue.updated_at, fields: { label, action } });
  }
  a.labelsSeen = [...issue.labels];
  return { project, issue, list: a.events[kind] };
}

function presentEvent(ctx: RestContext, project: SimProject, issue: SimIssue, kind: EventKind, e: Event): Json {
  const fields = { ...e.fields };
  const milestone = fields.milestone as Json | undefined;
  if (milestone) fields.milestone = { ...milestone, web_url: `${projectWebUrl(ctx.options.externalUrl, project)}/-/milestones/${String(milestone.iid)}` };
  const base: Json = { id: e.id, user: presentUser(ctx.state, e.userId, ctx.options.externalUrl), created_at: e.created_at };
  // Weight events name the issue alone; the others name the resource by type and ID.
  return kind === "weight" ? { ...base, ...fields } : { ...base, resource_type: "Issue", resource_id: issue.id, ...fields };
}

function listEvents(kind: EventKind) {
  return (ctx: RestContext): RestResult => {
    const { project, issue, list } = eventsOf(ctx, kind);
    return page(ctx, list, (e) => presentEvent(ctx, project, issue, kind, e));
  };
}

function showEvent(kind: EventKind) {
  return (ctx: RestContext): RestResult => {
    const { project, issue, list } = eventsOf(ctx, kind);
    const id = routeId(ctx, "event_id");
    const hit = list.find((e) => e.id === id);
    if (!hit) throw recordNotFound();
    return { status: 200, body: presentEvent(ctx, project, issue, kind, hit) };
  };
}

export function registerIssueNoteRoutes(router: Router): void {
  const issue = "/projects/:id/issues/:issue_iid";
  router.add("POST", `${issue}/notes`, createNote);
  router.add("GET", `${issue}/notes/:note_id`, showNote);
  router.add("PUT", `${issue}/notes/:note_id`, (ctx) => editNote(ctx));
  router.add("DELETE", `${issue}/notes/:note_id`, (ctx) => deleteNote(ctx));
  router.add("GET", `${issue}/discussions`, listDiscussions);
  router.add("POST", `${issue}/discussions`, createDiscussion);
  router.add("GET", `${issue}/discussions/:discussion_id`, showDiscussion);
  router.add("POST", `${issue}/discussions/:discussion_id/notes`, replyDiscussion);
  router.add("PUT", `${issue}/discussions/:discussion_id/notes/:note_id`, (ctx) => editNote(ctx, ctx.route.discussion_id));
  router.add("DELETE", `${issue}/discussions/:discussion_id/notes/:note_id`, (ctx) => deleteNote(ctx, ctx.route.discussion_id));
  for (const base of [issue, `${issue}/notes/:note_id`]) {
    router.add("GET", `${base}/award_emoji`, listAwards);
    router.add("POST", `${base}/award_emoji`, createAward);
    router.add("GET", `${base}/award_emoji/:award_id`, showAward);
    router.add("DELETE", `${base}/award_emoji/:award_id`, deleteAward);
  }
  for (const kind of ["label", "milestone", "state", "iteration", "weight"] as const) {
    router.add("GET", `${issue}/resource_${kind}_events`, listEvents(kind));
    router.add("GET", `${issue}/resource_${kind}_events/:event_id`, showEvent(kind));
  }
}
