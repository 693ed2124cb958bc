// Epics (GitLab Premium) as GitLab's GraphQL API serves them (doc/api/graphql/reference: Group.epic,
// Group.epics, Epic.issues/notes/discussions, Query.note, Mutation.createEpic, updateEpic, epicAddIssue,
// epicTreeReorder, issueSetEpic, createNote, createDiscussion, updateNote, destroyNote):
// - an epic is a group work item of type Epic (graphqlWorkItems.ts keeps it, so workItemDelete deletes
//   it) with an Epic global ID of its own (gid://gitlab/Epic/<n>) and the same IID;
// - `epics` filters by state (opened/closed/all), search, author and labels (all of them), sorts
//   (default CREATED_AT_DESC) and pages by cursor (base64 {"id":"<n>"}, default and maximum 100);
// - an issue belongs to one epic at most: adding it elsewhere moves it; adding it twice answers the
//   payload error "Issue(s) already assigned"; issueSetEpic without an epic takes it out;
// - notes live in threads (gid://gitlab/Discussion/<40 hex>): createDiscussion starts one, createNote
//   starts one too unless given a discussionId; the first note's time is the thread's;
// - a mutation on something missing fails with GitLab's top-level "resource not available" error; a
//   blank title or body comes back in the payload's `errors` with a null object.
import { createHash } from "node:crypto";
import { GraphQLError } from "graphql";
import { listWorkItems, seedWorkItem, type SimWorkItem } from "./graphqlWorkItems.js";
import type { SimGroup, SimProject, SimState, SimUser } from "./state.js";

const NOT_AVAILABLE = "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

export interface SimEpic {
  epicId: number;
  item: SimWorkItem;
  labels: string[];
  startDate: string | null;
  startDateIsFixed: boolean;
  dueDate: string | null;
  dueDateIsFixed: boolean;
  /** IID of the parent epic in the same group. */
  parentIid: number | null;
  /** Linked issues in their order. */
  issues: { linkId: number; projectId: number; issueIid: number; createdAt: string }[];
}

export interface SimEpicNote {
  id: number;
  epicId: number;
  discussion: string;
  body: string;
  internal: boolean;
  system: boolean;
  author: { id: number; username: string; name: string };
  createdAt: string;
  updatedAt: string;
}

interface Store {
  epics: SimEpic[];
  notes: SimEpicNote[];
  ids: { epic: number; link: number; note: number };
}

const stores = new WeakMap<SimState, Store>();

function storeOf(state: SimState): Store {
  let s = stores.get(state);
  if (!s) {
    s = { epics: [], notes: [], ids: { epic: 800, link: 300, note: 7000 } };
    stores.set(state, s);
  }
  return s;
}

const time = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The epics still alive (their work item not deleted), of one group or every group. */
export function liveEpics(state: SimState, group?: SimGroup): SimEpic[] {
  const items = new Set(listWorkItems(state));
  return storeOf(state).epics.filter((e) => items.has(e.item) && (!group || e.item.namespace === group.full_path.toLowerCase()));
}

export interface EpicSeed {
  title: string;
  description?: string;
  state?: "opened" | "closed";
  confidential?: boolean;
  labels?: string[];
  startDate?: string;
  dueDate?: string;
  parentIid?: number;
  createdAt?: string;
  author?: { id: number; username: string; name: string };
}

/** Seeds an epic in a group: a work item of type Epic plus what the Epic API adds. */
export function seedEpic(state: SimState, group: SimGroup, seed: EpicSeed): SimEpic {
  const s = storeOf(state);
  const item = seedWorkItem(state, group.full_path, { title: seed.title, typeId: 8, description: seed.description, state: seed.state === "closed" ? "CLOSED" : "OPEN", confidential: seed.confidential, createdAt: seed.createdAt });
  if (seed.author) item.author = seed.author;
  const epic: SimEpic = {
    epicId: ++s.ids.epic,
    item,
    labels: seed.labels ?? [],
    startDate: seed.startDate ?? null,
    startDateIsFixed: seed.startDate !== undefined,
    dueDate: seed.dueDate ?? null,
    dueDateIsFixed: seed.dueDate !== undefined,
    parentIid: seed.parentIid ?? null,
    issues: [],
  };
  s.epics.push(epic);
  return epic;
}

/** Seeds a note on an epic; `discussion` names an existing thread to reply in. */
export function seedEpicNote(state: SimState, epic: SimEpic, n: { body: string; system?: boolean; internal?: boolean; discussion?: string; createdAt?: string; author?: SimEpicNote["author"] }): SimEpicNote {
  const s = storeOf(state);
  const id = ++s.ids.note;
  const at = n.createdAt ?? time(state.now());
  const note: SimEpicNote = {
    id,
    epicId: epic.epicId,
    discussion: n.discussion ?? createHash("sha1").update(`epic-discussion-${id}`).digest("hex"),
    body: n.body,
    internal: n.internal ?? false,
    system: n.system ?? false,
    author: n.author ?? { id: 1, username: "root", name: "Administrator" },
    createdAt: at,
    updatedAt: at,
  };
  s.notes.push(note);
  return note;
}

interface Ctx {
  state: SimState;
  options: { externalUrl: string };
  user: SimUser | null;
}

interface Page {
  first?: number | null;
  after?: string | null;
}

const cursorOf = (id: number | string) => Buffer.from(JSON.stringify({ id: String(id) }), "utf8").toString("base64");

function page<T>(items: T[], args: Page, key: (t: T) => number | string, present: (t: T) => unknown) {
  let start = 0;
  if (args.after) {
    const at = items.findIndex((t) => cursorOf(key(t)) === args.after);
    if (at < 0) throw new GraphQLError("Invalid cursor");
    start = at + 1;
  }
  const size = Math.min(Math.max(args.first ?? 100, 0), 100);
  const slice = items.slice(start, start + size);
  return {
    nodes: slice.map(present),
    pageInfo: {
      hasNextPage: start + size < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length > 0 ? cursorOf(key(slice[0])) : null,
      endCursor: slice.length > 0 ? cursorOf(key(slice[slice.length - 1])) : null,
    },
  };
}

const userNode = (u: { id: number; username: string; name: string }) => ({ id: `gid://gitlab/User/${u.id}`, username: u.username, name: u.name });

function groupPathOf(ctx: Ctx, e: SimEpic): string {
  return ctx.state.findGroup(e.item.namespace)?.full_path ?? e.item.namespace;
}

function epicWebUrl(ctx: Ctx, e: SimEpic): string {
  return `${ctx.options.externalUrl}/groups/${groupPathOf(ctx, e)}/-/epics/${e.item.iid}`;
}

function findIssue(ctx: Ctx, projectId: number, iid: number): { project: SimProject; issue: { id: number; iid: number; title: string; state: string; created_at: string } } | undefined {
  const project = ctx.state.findProject(projectId);
  const issue = project && ctx.state.tracker.of(project).issues.get(iid);
  return project && issue ? { project, issue } : undefined;
}

function epicIssueNode(ctx: Ctx, e: SimEpic, link: SimEpic["issues"][number]) {
  const hit = findIssue(ctx, link.projectId, link.issueIid);
  if (!hit) return null;
  const { project, issue } = hit;
  return {
    epicIssueId: `gid://gitlab/EpicIssue/${link.linkId}`,
    id: `gid://gitlab/Issue/${issue.id}`,
    iid: String(issue.iid),
    title: issue.title,
    state: issue.state,
    webUrl: `${ctx.options.externalUrl}/${project.path_with_namespace}/-/issues/${issue.iid}`,
    reference: ({ full }: { full?: boolean }) => (full ? `${project.path_with_namespace}#${issue.iid}` : `#${issue.iid}`),
    relationPath: `/groups/${groupPathOf(ctx, e)}/-/epics/${e.item.iid}/issues/${link.linkId}`,
    createdAt: issue.created_at,
  };
}

function notesOf(ctx: Ctx, e: SimEpic): SimEpicNote[] {
  return storeOf(ctx.state).notes.filter((n) => n.epicId === e.epicId && (!n.internal || ctx.user !== null));
}

function discussionNode(ctx: Ctx, e: SimEpic, discussion: string) {
  const notes = notesOf(ctx, e).filter((n) => n.discussion === discussion);
  return {
    id: `gid://gitlab/Discussion/${discussion}`,
    createdAt: notes[0]?.createdAt ?? null,
    resolvable: false,
    resolved: false,
    notes: (args: Page) => page(notes, args, (n) => n.id, (n) => noteNode(ctx, e, n)),
  };
}

function noteNode(ctx: Ctx, e: SimEpic, n: SimEpicNote): Record<string, unknown> {
  return {
    id: `gid://gitlab/Note/${n.id}`,
    body: n.body,
    author: userNode(n.author),
    createdAt: n.createdAt,
    updatedAt: n.updatedAt,
    system: n.system,
    internal: n.internal,
    url: `${epicWebUrl(ctx, e)}#note_${n.id}`,
    discussion: () => discussionNode(ctx, e, n.discussion),
  };
}

function epicNode(ctx: Ctx, e: SimEpic): Record<string, unknown> {
  const w = e.item;
  const path = groupPathOf(ctx, e);
  return {
    id: `gid://gitlab/Epic/${e.epicId}`,
    iid: String(w.iid),
    title: w.title,
    description: w.description,
    state: w.state === "OPEN" ? "opened" : "closed",
    confidential: w.confidential,
    webUrl: epicWebUrl(ctx, e),
    reference: ({ full }: { full?: boolean }) => (full ? `${path}&${w.iid}` : `&${w.iid}`),
    author: userNode(w.author),
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    closedAt: w.closedAt,
    startDate: e.startDateIsFixed ? e.startDate : null,
    startDateIsFixed: e.startDateIsFixed,
    dueDate: e.dueDateIsFixed ? e.dueDate : null,
    dueDateIsFixed: e.dueDateIsFixed,
    parent: () => {
      const group = ctx.state.findGroup(path);
      const parent = e.parentIid === null || !group ? undefined : liveEpics(ctx.state, group).find((p) => p.item.iid === e.parentIid);
      return parent ? epicNode(ctx, parent) : null;
    },
    issues: (args: Page) => {
      const links = e.issues.filter((l) => findIssue(ctx, l.projectId, l.issueIid));
      return page(links, args, (l) => l.linkId, (l) => epicIssueNode(ctx, e, l));
    },
    notes: (args: Page) => page(notesOf(ctx, e), args, (n) => n.id, (n) => noteNode(ctx, e, n)),
    discussions: (args: Page) => {
      const threads = [...new Set(notesOf(ctx, e).map((n) => n.discussion))];
      return page(threads, args, (d) => d, (d) => discussionNode(ctx, e, d));
    },
  };
}

const SORTS: Record<string, (a: SimEpic, b: SimEpic) => number> = {
  CREATED_AT_DESC: (a, b) => b.item.createdAt.localeCompare(a.item.createdAt) || b.epicId - a.epicId,
  CREATED_AT_ASC: (a, b) => a.item.createdAt.localeCompare(b.item.createdAt) || a.epicId - b.epicId,
  UPDATED_AT_DESC: (a, b) => b.item.updatedAt.localeCompare(a.item.updatedAt) || b.epicId - a.epicId,
  UPDATED_AT_ASC: (a, b) => a.item.updatedAt.localeCompare(b.item.updatedAt) || a.epicId - b.epicId,
  TITLE_ASC: (a, b) => a.item.title.localeCompare(b.item.title) || a.epicId - b.epicId,
  TITLE_DESC: (a, b) => b.item.title.localeCompare(a.item.title) || b.epicId - a.epicId,
  START_DATE_ASC: (a, b) => (a.startDate ?? "9999").localeCompare(b.startDate ?? "9999") || a.epicId - b.epicId,
  START_DATE_DESC: (a, b) => (b.startDate ?? "").localeCompare(a.startDate ?? "") || b.epicId - a.epicId,
  END_DATE_ASC: (a, b) => (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") || a.epicId - b.epicId,
  END_DATE_DESC: (a, b) => (b.dueDate ?? "").localeCompare(a.dueDate ?? "") || b.epicId - a.epicId,
};

function visibleEpics(ctx: Ctx, group: SimGroup): SimEpic[] {
  return liveEpics(ctx.state, group).filter((e) => !e.item.confidential || ctx.user !== null);
}

/** The epic fields GitLab adds to a group. */
function groupEpicFields(ctx: Ctx, group: SimGroup) {
  return {
    epic: ({ iid }: { iid?: string | null }) => {
      const hit = visibleEpics(ctx, group).find((e) => String(e.item.iid) === iid);
      return hit ? epicNode(ctx, hit) : null;
    },
    epics: (args: Page & { iid?: string | null; state?: string | null; search?: string | null; sort?: string | null; authorUsername?: string | null; labelName?: string[] | null }) => {
      let list = visibleEpics(ctx, group);
      if (args.iid) list = list.filter((e) => String(e.item.iid) === args.iid);
      if (args.state === "opened") list = list.filter((e) => e.item.state === "OPEN");
      if (args.state === "closed") list = list.filter((e) => e.item.state === "CLOSED");
      if (args.search) {
        const q = args.search.toLowerCase();
        list = list.filter((e) => e.item.title.toLowerCase().includes(q) || (e.item.description ?? "").toLowerCase().includes(q));
      }
      if (args.authorUsername) list = list.filter((e) => e.item.author.username.toLowerCase() === args.authorUsername!.toLowerCase());
      if (args.labelName && args.labelName.length > 0) list = list.filter((e) => args.labelName!.every((l) => e.labels.includes(l)));
      list.sort(SORTS[args.sort ?? "CREATED_AT_DESC"] ?? SORTS.CREATED_AT_DESC);
      return page(list, args, (e) => e.epicId, (e) => epicNode(ctx, e));
    },
  };
}

const parseGid = (gid: string, model: string): string | undefined => new RegExp(`^gid://gitlab/${model}/([0-9a-f]+)$`).exec(gid)?.[1];

function requireUser(ctx: Ctx): SimUser {
  if (!ctx.user) throw new GraphQLError(NOT_AVAILABLE);
  return ctx.user;
}

function epicByGid(ctx: Ctx, gid: string): SimEpic {
  const id = Number(parseGid(gid, "Epic"));
  const hit = liveEpics(ctx.state).find((e) => e.epicId === id);
  if (!hit) throw new GraphQLError(NOT_AVAILABLE);
  return hit;
}

function epicByPath(ctx: Ctx, groupPath: string, iid: string): SimEpic {
  const group = ctx.state.findGroup(groupPath);
  const hit = group && liveEpics(ctx.state, group).find((e) => String(e.item.iid) === String(iid));
  if (!hit) throw new GraphQLError(NOT_AVAILABLE);
  return hit;
}

function noteByGid(ctx: Ctx, gid: string): { note: SimEpicNote; epic: SimEpic } | undefined {
  const id = Number(parseGid(gid, "(?:Discussion|Diff|)Note"));
  const note = storeOf(ctx.state).notes.find((n) => n.id === id);
  const epic = note && liveEpics(ctx.state).find((e) => e.epicId === note.epicId);
  return note && epic ? { note, epic } : undefined;
}

interface EpicFieldsInput {
  title?: string | null;
  description?: string | null;
  confidential?: boolean | null;
  addLabels?: string[] | null;
  removeLabels?: string[] | null;
  startDateFixed?: string | null;
  startDateIsFixed?: boolean | null;
  dueDateFixed?: string | null;
  dueDateIsFixed?: boolean | null;
  stateEvent?: string | null;
  clientMutationId?: string | null;
}

function applyEpicFields(ctx: Ctx, e: SimEpic, input: EpicFieldsInput): void {
  const now = time(ctx.state.now());
  const w = e.item;
  if (typeof input.title === "string") w.title = input.title;
  if (typeof input.description === "string") w.description = input.description;
  if (typeof input.confidential === "boolean") w.confidential = input.confidential;
  for (const l of input.addLabels ?? []) if (!e.labels.includes(l)) e.labels.push(l);
  if (input.removeLabels) e.labels = e.labels.filter((l) => !input.removeLabels!.includes(l));
  if (typeof input.startDateFixed === "string") e.startDate = input.startDateFixed;
  if (typeof input.startDateIsFixed === "boolean") e.startDateIsFixed = input.startDateIsFixed;
  if (typeof input.dueDateFixed === "string") e.dueDate = input.dueDateFixed;
  if (typeof input.dueDateIsFixed === "boolean") e.dueDateIsFixed = input.dueDateIsFixed;
  if (input.stateEvent === "CLOSE" && w.state === "OPEN") {
    w.state = "CLOSED";
    w.closedAt = now;
  }
  if (input.stateEvent === "REOPEN" && w.state === "CLOSED") {
    w.state = "OPEN";
    w.closedAt = null;
  }
  w.updatedAt = now;
}

function titleErrors(title: string | null | undefined, required: boolean): string[] {
  if (title === undefined || title === null) return required ? ["Title can't be blank"] : [];
  if (title.trim() === "") return ["Title can't be blank"];
  if (title.length > 255) return ["Title is too long (maximum is 255 characters)"];
  return [];
}

function addNote(ctx: Ctx, input: { noteableId: string; body: string; internal?: boolean | null; discussionId?: string | null; clientMutationId?: string | null }) {
  const user = requireUser(ctx);
  if (!parseGid(input.noteableId, "Epic")) throw new GraphQLError(NOT_AVAILABLE);
  const epic = epicByGid(ctx, input.noteableId);
  const base = { clientMutationId: input.clientMutationId ?? null };
  let discussion: string | undefined;
  if (input.discussionId) {
    discussion = parseGid(input.discussionId, "Discussion");
    if (!discussion || !storeOf(ctx.state).notes.some((n) => n.epicId === epic.epicId && n.discussion === discussion)) throw new GraphQLError(NOT_AVAILABLE);
  }
  if (input.body.trim() === "") return { ...base, note: null, errors: ["Note can't be blank"] };
  const note = seedEpicNote(ctx.state, epic, { body: input.body, internal: input.internal ?? false, discussion, author: { id: user.id, username: user.username, name: user.name } });
  return { ...base, note: noteNode(ctx, epic, note), errors: [] };
}

/**
 * The root fields of epics and notes. `baseGroup` is the `group` root field already served (custom
 * emoji); the epic fields are added to the group it answers.
 */
export function epicsRoot(ctx: Ctx, baseGroup: (args: { fullPath: string }) => Record<string, unknown> | null) {
  return {
    group: (args: { fullPath: string }) => {
      const found = baseGroup(args);
      const group = found && ctx.state.findGroup(args.fullPath);
      return found && group ? { ...found, ...groupEpicFields(ctx, group) } : found;
    },
    note: ({ id }: { id: string }) => {
      const hit = noteByGid(ctx, id);
      return hit && (!hit.note.internal || ctx.user) ? noteNode(ctx, hit.epic, hit.note) : null;
    },
    createEpic: ({ input }: { input: EpicFieldsInput & { groupPath: string } }) => {
      const user = requireUser(ctx);
      const group = ctx.state.findGroup(input.groupPath);
      if (!group) throw new GraphQLError(NOT_AVAILABLE);
      const base = { clientMutationId: input.clientMutationId ?? null };
      const errors = titleErrors(input.title, true);
      if (errors.length > 0) return { ...base, epic: null, errors };
      const epic = seedEpic(ctx.state, group, { title: input.title!, author: { id: user.id, username: user.username, name: user.name } });
      epic.startDateIsFixed = false;
      epic.dueDateIsFixed = false;
      applyEpicFields(ctx, epic, { ...input, title: undefined });
      return { ...base, epic: epicNode(ctx, epic), errors: [] };
    },
    updateEpic: ({ input }: { input: EpicFieldsInput & { groupPath: string; iid: string } }) => {
      requireUser(ctx);
      const epic = epicByPath(ctx, input.groupPath, input.iid);
      const base = { clientMutationId: input.clientMutationId ?? null };
      const errors = titleErrors(input.title, false);
      if (errors.length > 0) return { ...base, epic: null, errors };
      applyEpicFields(ctx, epic, input);
      return { ...base, epic: epicNode(ctx, epic), errors: [] };
    },
    epicAddIssue: ({ input }: { input: { groupPath: string; iid: string; projectPath: string; issueIid: string; clientMutationId?: string | null } }) => {
      requireUser(ctx);
      const epic = epicByPath(ctx, input.groupPath, input.iid);
      const project = ctx.state.findProject(input.projectPath);
      const issue = project && ctx.state.tracker.of(project).issues.get(Number(input.issueIid));
      if (!project || !issue) throw new GraphQLError(NOT_AVAILABLE);
      const base = { clientMutationId: input.clientMutationId ?? null };
      const same = (l: SimEpic["issues"][number]) => l.projectId === project.id && l.issueIid === issue.iid;
      if (epic.issues.some(same)) return { ...base, epic: epicNode(ctx, epic), epicIssue: null, errors: ["Issue(s) already assigned"] };
      for (const other of storeOf(ctx.state).epics) other.issues = other.issues.filter((l) => !same(l));
      const link = { linkId: ++storeOf(ctx.state).ids.link, projectId: project.id, issueIid: issue.iid, createdAt: time(ctx.state.now()) };
      epic.issues.push(link);
      return { ...base, epic: epicNode(ctx, epic), epicIssue: epicIssueNode(ctx, epic, link), errors: [] };
    },
    epicTreeReorder: ({ input }: { input: { baseEpicId: string; moved: { id: string; adjacentReferenceId?: string | null; relativePosition?: string | null }; clientMutationId?: string | null } }) => {
      requireUser(ctx);
      const epic = epicByGid(ctx, input.baseEpicId);
      const linkOf = (gid: string | null | undefined) => epic.issues.find((l) => gid && String(l.linkId) === parseGid(gid, "EpicIssue"));
      const moved = linkOf(input.moved.id);
      const adjacent = linkOf(input.moved.adjacentReferenceId);
      if (!moved || !adjacent) throw new GraphQLError(NOT_AVAILABLE);
      const base = { clientMutationId: input.clientMutationId ?? null };
      if (moved === adjacent) return { ...base, errors: [] };
      epic.issues.splice(epic.issues.indexOf(moved), 1);
      const at = epic.issues.indexOf(adjacent);
      epic.issues.splice(input.moved.relativePosition === "after" ? at + 1 : at, 0, moved);
      return { ...base, errors: [] };
    },
    issueSetEpic: ({ input }: { input: { projectPath: string; iid: string; epicId?: string | null; clientMutationId?: string | null } }) => {
      requireUser(ctx);
      const project = ctx.state.findProject(input.projectPath);
      const issue = project && ctx.state.tracker.of(project).issues.get(Number(input.iid));
      if (!project || !issue) throw new GraphQLError(NOT_AVAILABLE);
      const same = (l: SimEpic["issues"][number]) => l.projectId === project.id && l.issueIid === issue.iid;
      for (const other of storeOf(ctx.state).epics) other.issues = other.issues.filter((l) => !same(l));
      let epic: SimEpic | undefined;
      if (input.epicId) {
        epic = epicByGid(ctx, input.epicId);
        epic.issues.push({ linkId: ++storeOf(ctx.state).ids.link, projectId: project.id, issueIid: issue.iid, createdAt: time(ctx.state.now()) });
      }
      return {
        clientMutationId: input.clientMutationId ?? null,
        errors: [],
        issue: {
          id: `gid://gitlab/Issue/${issue.id}`,
          iid: String(issue.iid),
          title: issue.title,
          state: issue.state,
          webUrl: `${ctx.options.externalUrl}/${project.path_with_namespace}/-/issues/${issue.iid}`,
          epic: epic ? epicNode(ctx, epic) : null,
        },
      };
    },
    createNote: ({ input }: { input: { noteableId: string; body: string; internal?: boolean | null; discussionId?: string | null; clientMutationId?: string | null } }) => addNote(ctx, input),
    createDiscussion: ({ input }: { input: { noteableId: string; body: string; internal?: boolean | null; clientMutationId?: string | null } }) => addNote(ctx, { ...input, discussionId: null }),
    updateNote: ({ input }: { input: { id: string; body?: string | null; clientMutationId?: string | null } }) => {
      requireUser(ctx);
      const hit = noteByGid(ctx, input.id);
      if (!hit || hit.note.system) throw new GraphQLError(NOT_AVAILABLE);
      const base = { clientMutationId: input.clientMutationId ?? null };
      if (typeof input.body === "string") {
        if (input.body.trim() === "") return { ...base, note: null, errors: ["Note can't be blank"] };
        hit.note.body = input.body;
        hit.note.updatedAt = time(ctx.state.now());
      }
      return { ...base, note: noteNode(ctx, hit.epic, hit.note), errors: [] };
    },
    destroyNote: ({ input }: { input: { id: string; clientMutationId?: string | null } }) => {
      requireUser(ctx);
      const hit = noteByGid(ctx, input.id);
      if (!hit || hit.note.system) throw new GraphQLError(NOT_AVAILABLE);
      const s = storeOf(ctx.state);
      s.notes.splice(s.notes.indexOf(hit.note), 1);
      return { clientMutationId: input.clientMutationId ?? null, note: null, errors: [] };
    },
  };
}
