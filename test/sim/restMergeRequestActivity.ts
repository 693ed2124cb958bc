// What happens around a merge request besides its diff: emoji reactions on it and on its comments,
// resource events (labels, milestones, state), time tracking, context commits and dependencies
// (doc/api/emoji_reactions.md, resource_label_events.md, resource_milestone_events.md,
// resource_state_events.md, merge_requests.md "time tracking" and "dependencies",
// merge_request_context_commits.md).
//
// The merge requests themselves live in the tracker (tracker.ts) and are only read here; the activity
// of each one is kept beside it, keyed by the merge request record.
//
// - an unknown merge request, note, award, event or block is find/find_by!: 404 {"message":"404 Not found"};
// - an emoji a user already gave answers 404 {"message":"404 Award Emoji Name has already been taken Not Found"}
//   (not_found!("Award Emoji #{message}")), a name that is not an emoji the same with "Name is not a valid emoji name";
// - removing another user's reaction is 401 Unauthorized; removals answer 204;
// - durations are GitLab's human format (1mo 2w 3d 4h 5m 6s, no spaces needed, 1.5h allowed), with 8h days, 5d weeks
//   and 4w months; the human form GitLab answers is the same units joined by spaces ("1d 2h 30m");
//   a duration GitLab cannot read is 400 {"message":{"time_estimate":["is invalid"]}};
//   subtracting more than was spent is 400 {"message":{"base":["Time to subtract exceeds the total time spent"]}};
// - context commits: a SHA already added is 400 "Context commits: [\"<sha>\"] are already created", a SHA
//   the repository does not have 400 "One or more context commits' sha is not valid.";
// - dependencies: the blocking merge request is named by its global id (or its iid in this project);
//   a block that exists answers 409;
// - resource events: besides seeded history, a change of state or labels made through other endpoints
//   (merging, updating) is written as an event when events are next read, as GitLab writes it then.
import { messageError, recordNotFound, unauthorized, validationError } from "./errors.js";
import { listDocuments } from "./restDocuments.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { authorizeWrite, currentUserId, projectWebUrl, userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimProject, type SimState } from "./state.js";
import type { SimMergeRequest } from "./tracker.js";
import { presentMergeRequestBasic, presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

interface SimAward {
  id: number;
  name: string;
  userId: number;
  created_at: string;
  awardableId: number;
  awardableType: "MergeRequest" | "Note";
}

interface SimEvent {
  id: number;
  userId: number;
  created_at: string;
  /** label / milestone / state specifics, already in GitLab's shape. */
  fields: Json;
}

interface SimBlock {
  id: number;
  blocking: { project: SimProject; mr: SimMergeRequest };
}

interface Activity {
  estimate: number;
  spent: number;
  awards: SimAward[];
  noteAwards: Map<number, SimAward[]>;
  contextCommits: Json[];
  blocks: SimBlock[];
  labelEvents: SimEvent[];
  milestoneEvents: SimEvent[];
  stateEvents: SimEvent[];
  /** The labels and state last written as events: a change seen since is written as a new event. */
  labelsSeen: string[];
  stateSeen: string;
}

const activities = new WeakMap<SimMergeRequest, Activity>();
const counters = new WeakMap<SimState, { award: number; event: number; block: number }>();

function activityOf(mr: SimMergeRequest): Activity {
  let a = activities.get(mr);
  if (!a) {
    // Labels a merge request was created with have their add events; it was created open.
    a = { estimate: 0, spent: 0, awards: [], noteAwards: new Map(), contextCommits: [], blocks: [], labelEvents: [], milestoneEvents: [], stateEvents: [], labelsSeen: [], stateSeen: "opened" };
    activities.set(mr, a);
  }
  return a;
}

function nextId(state: SimState, kind: "award" | "event" | "block"): number {
  let c = counters.get(state);
  if (!c) {
    c = { award: 700, event: 300, block: 10 };
    counters.set(state, c);
  }
  return ++c[kind];
}

// ---- seeding (GitLabSimulator.addMergeRequestActivity) ----

export interface MergeRequestActivitySeed {
  /** Emoji reactions on the merge request, by username (default the token user). */
  emoji?: { name: string; user?: string }[];
  /** Emoji reactions on notes of the merge request, by note id. */
  note_emoji?: { note_id: number; name: string; user?: string }[];
  label_events?: { label: string; action?: "add" | "remove"; color?: string; user?: string; created_at?: string }[];
  milestone_events?: { milestone: { id: number; iid: number; title: string }; action?: "add" | "remove"; user?: string; created_at?: string }[];
  state_events?: { state: string; user?: string; created_at?: string }[];
  time_estimate?: number;
  total_time_spent?: number;
}

export function seedMergeRequestActivity(state: SimState, project: SimProject, iid: number, seed: MergeRequestActivitySeed): void {
  const mr = state.tracker.of(project).mergeRequests.get(iid);
  if (!mr) throw new Error(`GitLabSimulator: no merge request !${iid} in ${project.path_with_namespace}`);
  const a = activityOf(mr);
  const user = (name?: string) => (name === undefined ? 1 : state.userNamed(name).id);
  const at = (given?: string) => given ?? jsonTime(state.nextSeedTime());
  for (const e of seed.emoji ?? []) a.awards.push({ id: nextId(state, "award"), name: e.name, userId: user(e.user), created_at: at(), awardableId: mr.id, awardableType: "MergeRequest" });
  for (const e of seed.note_emoji ?? []) {
    const list = a.noteAwards.get(e.note_id) ?? [];
    list.push({ id: nextId(state, "award"), name: e.name, userId: user(e.user), created_at: at(), awardableId: e.note_id, awardableType: "Note" });
    a.noteAwards.set(e.note_id, list);
  }
  for (const e of seed.label_events ?? []) {
    const label = { id: 100 + a.labelEvents.length, name: e.label, color: e.color ?? "#428BCA", description: null };
    a.labelEvents.push({ id: nextId(state, "event"), userId: user(e.user), created_at: at(e.created_at), fields: { label, action: e.action ?? "add" } });
  }
  for (const e of seed.milestone_events ?? []) {
    const milestone = { ...e.milestone, project_id: project.id, description: null, state: "active", due_date: null, start_date: null };
    a.milestoneEvents.push({ id: nextId(state, "event"), userId: user(e.user), created_at: at(e.created_at), fields: { milestone, action: e.action ?? "add" } });
  }
  for (const e of seed.state_events ?? []) {
    a.stateEvents.push({ id: nextId(state, "event"), userId: user(e.user), created_at: at(e.created_at), fields: { state: e.state } });
  }
  // Seeded events are the history: what the merge request holds now is not a change since.
  if (seed.label_events) a.labelsSeen = [...mr.labels];
  if (seed.state_events) a.stateSeen = mr.state;
  if (seed.time_estimate !== undefined) a.estimate = seed.time_estimate;
  if (seed.total_time_spent !== undefined) a.spent = seed.total_time_spent;
}

// ---- shared lookups ----

function findMergeRequest(ctx: RestContext, project: SimProject): SimMergeRequest {
  if (!/^\d+$/.test(ctx.route.merge_request_iid)) throw validationError(["merge_request_iid is invalid"]);
  const mr = ctx.state.tracker.of(project).mergeRequests.get(Number(ctx.route.merge_request_iid));
  if (!mr) throw recordNotFound();
  return mr;
}

function routeId(ctx: RestContext, name: string): number {
  if (!/^\d+$/.test(ctx.route[name])) throw validationError([`${name} is invalid`]);
  return Number(ctx.route[name]);
}

function page<T>(ctx: RestContext, all: T[], present: (item: T) => Json): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const pg = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: pg.items.map(present), headers: pg.headers };
}

// ---- emoji reactions ----

/** The awards of the merge request, or of one of its notes when the route names a note. */
function awardsOf(ctx: RestContext): { list: SimAward[]; awardableId: number; awardableType: SimAward["awardableType"]; mr: SimMergeRequest } {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const a = activityOf(mr);
  if (ctx.route.note_id === undefined) return { list: a.awards, awardableId: mr.id, awardableType: "MergeRequest", mr };
  const noteId = routeId(ctx, "note_id");
  if (!mr.notes.some((n) => n.id === noteId)) throw recordNotFound();
  if (!a.noteAwards.has(noteId)) a.noteAwards.set(noteId, []);
  return { list: a.noteAwards.get(noteId)!, awardableId: noteId, awardableType: "Note", mr };
}

function presentAward(ctx: RestContext, w: SimAward): Json {
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

function findAward(ctx: RestContext, list: SimAward[]): SimAward {
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
  const target = awardsOf(ctx);
  const p = declare(ctx.params, [{ name: "name", type: "string", required: true }]);
  authorizeWrite(ctx);
  const user = currentUserId(ctx);
  const name = String(p.name);
  if (!/^[a-z0-9_+-]+$/.test(name)) throw messageError(404, "404 Award Emoji Name is not a valid emoji name Not Found");
  if (target.list.some((w) => w.userId === user && w.name === name)) throw messageError(404, "404 Award Emoji Name has already been taken Not Found");
  const award: SimAward = { id: nextId(ctx.state, "award"), name, userId: user, created_at: jsonTime(ctx.state.now()), awardableId: target.awardableId, awardableType: target.awardableType };
  target.list.push(award);
  return { status: 201, body: presentAward(ctx, award) };
}

function deleteAward(ctx: RestContext): RestResult {
  const target = awardsOf(ctx);
  const award = findAward(ctx, target.list);
  authorizeWrite(ctx);
  if (award.userId !== currentUserId(ctx)) throw unauthorized();
  target.list.splice(target.list.indexOf(award), 1);
  return { status: 204 };
}

// ---- resource events ----

type EventKind = "labelEvents" | "milestoneEvents" | "stateEvents";

/**
 * GitLab writes a state event when a merge request is closed, reopened, merged or locked, and label
 * events when labels are added or removed: changes made through other endpoints (merge, update) are
 * written here when the events are next read.
 */
function catchUp(ctx: RestContext, project: SimProject, mr: SimMergeRequest, a: Activity): void {
  if (mr.state !== a.stateSeen) {
    const state = mr.state === "opened" ? "reopened" : mr.state;
    const when = (mr.state === "merged" ? mr.merged_at : mr.state === "closed" ? mr.closed_at : null) ?? mr.updated_at;
    const userId = (mr.state === "merged" ? mr.mergeUserId : mr.state === "closed" ? mr.closedById : null) ?? mr.authorId;
    a.stateEvents.push({ id: nextId(ctx.state, "event"), userId, created_at: when, fields: { state } });
    a.stateSeen = mr.state;
  }
  const added = mr.labels.filter((l) => !a.labelsSeen.includes(l));
  const removed = a.labelsSeen.filter((l) => !mr.labels.includes(l));
  const labelIds = new Map(listDocuments(ctx.state, "label", project.id).map((d) => [String(d.name), d]));
  for (const [name, action] of [...added.map((l) => [l, "add"]), ...removed.map((l) => [l, "remove"])]) {
    const doc = labelIds.get(name);
    const label = { id: (doc?.id as number | undefined) ?? 100 + a.labelEvents.length, name, color: (doc?.color as string | undefined) ?? "#428BCA", description: (doc?.description as string | undefined) ?? null };
    a.labelEvents.push({ id: nextId(ctx.state, "event"), userId: mr.authorId, created_at: mr.updated_at, fields: { label, action } });
  }
  a.labelsSeen = [...mr.labels];
}

function eventsOf(ctx: RestContext, kind: EventKind): { project: SimProject; mr: SimMergeRequest; list: SimEvent[] } {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const a = activityOf(mr);
  catchUp(ctx, project, mr, a);
  return { project, mr, list: a[kind] };
}

function presentEvent(ctx: RestContext, project: SimProject, mr: SimMergeRequest, e: SimEvent): Json {
  const fields = { ...e.fields };
  const milestone = fields.milestone as Json | undefined;
  if (milestone) fields.milestone = { ...milestone, web_url: `${projectWebUrl(ctx.options.externalUrl, project)}/-/milestones/${String(milestone.iid)}` };
  return {
    id: e.id,
    user: presentUser(ctx.state, e.userId, ctx.options.externalUrl),
    created_at: e.created_at,
    resource_type: "MergeRequest",
    resource_id: mr.id,
    ...fields,
  };
}

function listEvents(kind: EventKind) {
  return (ctx: RestContext): RestResult => {
    const { project, mr, list } = eventsOf(ctx, kind);
    return page(ctx, list, (e) => presentEvent(ctx, project, mr, e));
  };
}

function showEvent(kind: EventKind, param: string) {
  return (ctx: RestContext): RestResult => {
    const { project, mr, list } = eventsOf(ctx, kind);
    const id = routeId(ctx, param);
    const hit = list.find((e) => e.id === id);
    if (!hit) throw recordNotFound();
    return { status: 200, body: presentEvent(ctx, project, mr, hit) };
  };
}

// ---- time tracking ----

const UNIT_SECONDS: Record<string, number> = { mo: 4 * 5 * 8 * 3600, w: 5 * 8 * 3600, d: 8 * 3600, h: 3600, m: 60, s: 1 };

/** Seconds of a human duration, negative with a leading minus; undefined when GitLab could not read it. */
/** The emoji reactions on a merge request itself (the list filter my_reaction_emoji reads them). */
export function mergeRequestAwards(mr: SimMergeRequest): readonly { name: string; userId: number }[] {
  return activities.get(mr)?.awards ?? [];
}

export function parseDuration(text: string): number | undefined {
  const m = /^\s*(-?)\s*((?:\d+(?:\.\d+)?\s*(?:mo|w|d|h|m|s)\s*)+)$/.exec(text);
  if (!m) return undefined;
  let total = 0;
  for (const part of m[2].matchAll(/(\d+(?:\.\d+)?)\s*(mo|w|d|h|m|s)/g)) total += Number(part[1]) * UNIT_SECONDS[part[2]];
  total = Math.round(total);
  return m[1] === "-" ? -total : total;
}

/** GitLab's short human form: "1w 2d 3h 30m", null for zero. */
export function humanDuration(seconds: number): string | null {
  if (seconds === 0) return null;
  const parts: string[] = [];
  let left = Math.abs(seconds);
  for (const [unit, size] of Object.entries(UNIT_SECONDS)) {
    const n = Math.floor(left / size);
    if (n > 0) parts.push(`${n}${unit}`);
    left -= n * size;
  }
  return `${seconds < 0 ? "-" : ""}${parts.join(" ")}`;
}

function presentTimeStats(a: Activity): Json {
  return { time_estimate: a.estimate, total_time_spent: a.spent, human_time_estimate: humanDuration(a.estimate), human_total_time_spent: humanDuration(a.spent) };
}

function timeStats(ctx: RestContext): RestResult {
  const mr = findMergeRequest(ctx, userProject(ctx));
  return { status: 200, body: presentTimeStats(activityOf(mr)) };
}

function timeWrite(change: (ctx: RestContext, a: Activity) => void) {
  return (ctx: RestContext): RestResult => {
    const mr = findMergeRequest(ctx, userProject(ctx));
    authorizeWrite(ctx);
    const a = activityOf(mr);
    change(ctx, a);
    return { status: 201, body: presentTimeStats(a) };
  };
}

const setEstimate = timeWrite((ctx, a) => {
  const p = declare(ctx.params, [{ name: "duration", type: "string", required: true }]);
  const seconds = parseDuration(String(p.duration));
  if (seconds === undefined || seconds < 0) throw messageError(400, { time_estimate: ["is invalid"] });
  a.estimate = seconds;
});

const addSpent = timeWrite((ctx, a) => {
  const p = declare(ctx.params, [
    { name: "duration", type: "string", required: true },
    { name: "summary", type: "string" },
  ]);
  const seconds = parseDuration(String(p.duration));
  if (seconds === undefined) throw messageError(400, { time_spent: ["is invalid"] });
  if (a.spent + seconds < 0) throw messageError(400, { base: ["Time to subtract exceeds the total time spent"] });
  a.spent += seconds;
});

const resetEstimate = timeWrite((_ctx, a) => {
  a.estimate = 0;
});

const resetSpent = timeWrite((_ctx, a) => {
  a.spent = 0;
});

// ---- context commits ----

function commitShas(ctx: RestContext): string[] {
  const raw = ctx.params.commits;
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  if (list.length === 0) throw validationError(["commits is missing"]);
  if (!list.every((s) => typeof s === "string")) throw validationError(["commits is invalid"]);
  return list as string[];
}

function listContextCommits(ctx: RestContext): RestResult {
  const mr = findMergeRequest(ctx, userProject(ctx));
  return page(ctx, activityOf(mr).contextCommits, (c) => c);
}

function createContextCommits(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const shas = commitShas(ctx);
  authorizeWrite(ctx);
  const a = activityOf(mr);
  // The repository's commits: seeded commit documents and the commits at branch tips.
  const tips = [...project.branches.values()].map((b) => ({ ...b.commit, web_url: `${projectWebUrl(ctx.options.externalUrl, project)}/-/commit/${b.commit.id}` }) as Json);
  const known = [...listDocuments(ctx.state, "commit", project.id), ...tips];
  const matching = (sha: string) => (c: Json) => typeof c.id === "string" && c.id.startsWith(sha.toLowerCase());
  const duplicates = shas.filter((sha) => a.contextCommits.some(matching(sha)));
  if (duplicates.length > 0) throw messageError(400, `Context commits: ${JSON.stringify(duplicates)} are already created`);
  const found = shas.map((sha) => known.find(matching(sha)));
  if (found.some((c) => c === undefined)) throw messageError(400, "One or more context commits' sha is not valid.");
  a.contextCommits.push(...(found as Json[]));
  return { status: 201, body: found };
}

function deleteContextCommits(ctx: RestContext): RestResult {
  const mr = findMergeRequest(ctx, userProject(ctx));
  const shas = commitShas(ctx);
  authorizeWrite(ctx);
  const a = activityOf(mr);
  const missing = shas.filter((sha) => !a.contextCommits.some((c) => String(c.id).startsWith(sha.toLowerCase())));
  if (missing.length > 0) throw messageError(400, "One or more context commits' sha is not valid.");
  a.contextCommits = a.contextCommits.filter((c) => !shas.some((sha) => String(c.id).startsWith(sha.toLowerCase())));
  return { status: 204 };
}

// ---- dependencies ----

function presentBlock(ctx: RestContext, project: SimProject, blocked: SimMergeRequest, b: SimBlock): Json {
  const ext = ctx.options.externalUrl;
  return {
    id: b.id,
    blocking_merge_request: presentMergeRequestBasic(ctx.state, b.blocking.project, b.blocking.mr, ext),
    blocked_merge_request: presentMergeRequestBasic(ctx.state, project, blocked, ext),
    project_id: project.id,
  };
}

function listBlocks(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  return page(ctx, activityOf(mr).blocks, (b) => presentBlock(ctx, project, mr, b));
}

function createBlock(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const mr = findMergeRequest(ctx, project);
  const p = declare(ctx.params, [
    { name: "blocking_merge_request_id", type: "integer" },
    { name: "blocking_merge_request_iid", type: "integer" },
  ]);
  if ((p.blocking_merge_request_id === undefined) === (p.blocking_merge_request_iid === undefined)) {
    throw validationError(["blocking_merge_request_id, blocking_merge_request_iid are missing, exactly one parameter must be provided"]);
  }
  authorizeWrite(ctx);
  let blocking: SimBlock["blocking"] | undefined;
  for (const candidate of ctx.state.projects.values()) {
    for (const other of ctx.state.tracker.of(candidate).mergeRequests.values()) {
      const hit = p.blocking_merge_request_id !== undefined ? other.id === p.blocking_merge_request_id : candidate === project && other.iid === p.blocking_merge_request_iid;
      if (hit) blocking = { project: candidate, mr: other };
    }
  }
  if (!blocking) throw messageError(404, "404 Blocking merge request Not Found");
  if (blocking.mr === mr) throw messageError(400, "A merge request cannot block itself");
  const a = activityOf(mr);
  if (a.blocks.some((b) => b.blocking.mr === blocking!.mr)) throw messageError(409, "Block already exists");
  const block: SimBlock = { id: nextId(ctx.state, "block"), blocking };
  a.blocks.push(block);
  return { status: 201, body: presentBlock(ctx, project, mr, block) };
}

function deleteBlock(ctx: RestContext): RestResult {
  const mr = findMergeRequest(ctx, userProject(ctx));
  const id = routeId(ctx, "block_id");
  const a = activityOf(mr);
  const block = a.blocks.find((b) => b.id === id);
  if (!block) throw recordNotFound();
  authorizeWrite(ctx);
  a.blocks.splice(a.blocks.indexOf(block), 1);
  return { status: 204 };
}

export function registerMergeRequestActivityRoutes(router: Router): void {
  const mr = "/projects/:id/merge_requests/:merge_request_iid";
  for (const base of [mr, `${mr}/notes/:note_id`]) {
    router.add("GET", `${base}/award_emoji`, listAwards);
    router.add("POST", `${base}/award_emoji`, createAward);
    router.add("GET", `${base}/award_emoji/:award_id`, showAward);
    router.add("DELETE", `${base}/award_emoji/:award_id`, deleteAward);
  }
  router.add("GET", `${mr}/resource_label_events`, listEvents("labelEvents"));
  router.add("GET", `${mr}/resource_label_events/:event_id`, showEvent("labelEvents", "event_id"));
  router.add("GET", `${mr}/resource_milestone_events`, listEvents("milestoneEvents"));
  router.add("GET", `${mr}/resource_milestone_events/:event_id`, showEvent("milestoneEvents", "event_id"));
  router.add("GET", `${mr}/resource_state_events`, listEvents("stateEvents"));
  router.add("GET", `${mr}/resource_state_events/:event_id`, showEvent("stateEvents", "event_id"));
  router.add("GET", `${mr}/time_stats`, timeStats);
  router.add("POST", `${mr}/time_estimate`, setEstimate);
  router.add("POST", `${mr}/reset_time_estimate`, resetEstimate);
  router.add("POST", `${mr}/add_spent_time`, addSpent);
  router.add("POST", `${mr}/reset_spent_time`, resetSpent);
  router.add("GET", `${mr}/context_commits`, listContextCommits);
  router.add("POST", `${mr}/context_commits`, createContextCommits);
  router.add("DELETE", `${mr}/context_commits`, deleteContextCommits);
  router.add("GET", `${mr}/blocks`, listBlocks);
  router.add("POST", `${mr}/blocks`, createBlock);
  router.add("DELETE", `${mr}/blocks/:block_id`, deleteBlock);
}
