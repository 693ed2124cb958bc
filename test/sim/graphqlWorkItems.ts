// Work items and custom emoji as GitLab's GraphQL API serves them (doc/api/graphql/reference:
// Query.namespace, Namespace.workItem/workItems, Query.workItem, Mutation.workItemCreate/Update/Delete,
// Query.group, Group.customEmoji, Mutation.createCustomEmoji/destroyCustomEmoji):
// - `namespace(fullPath:)` is a project's namespace or a group; unknown or invisible answers null;
// - work items get a global ID gid://gitlab/WorkItem/<n> and an IID per namespace; the type is one of
//   GitLab's base types with fixed IDs (1 Issue ... 9 Ticket);
// - `workItems` filters by state (opened/closed/all), search (title or description), types, sorts
//   (default CREATED_DESC) and pages by cursor (base64 {"id":"<n>"}, default and maximum 100);
// - a mutation on something missing or not allowed fails with GitLab's top-level "resource not
//   available" error; validation problems come back in the payload's `errors` with a null object;
// - a custom emoji name is unique in the group and its ancestors ("Name is already being used for
//   another emoji"), `includeAncestorGroups` adds the parents' emoji.
import { GraphQLError } from "graphql";
import type { SimGroup, SimProject, SimState, SimUser } from "./state.js";

const NOT_AVAILABLE = "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

export const WORK_ITEM_TYPES: Readonly<Record<number, { name: string; enum: string }>> = {
  1: { name: "Issue", enum: "ISSUE" },
  2: { name: "Incident", enum: "INCIDENT" },
  3: { name: "Test Case", enum: "TEST_CASE" },
  4: { name: "Requirement", enum: "REQUIREMENT" },
  5: { name: "Task", enum: "TASK" },
  6: { name: "Objective", enum: "OBJECTIVE" },
  7: { name: "Key Result", enum: "KEY_RESULT" },
  8: { name: "Epic", enum: "EPIC" },
  9: { name: "Ticket", enum: "TICKET" },
};

export interface SimWorkItem {
  id: number;
  iid: number;
  namespace: string;
  typeId: number;
  title: string;
  description: string | null;
  state: "OPEN" | "CLOSED";
  confidential: boolean;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  author: { id: number; username: string; name: string };
}

export interface SimCustomEmoji {
  id: number;
  groupId: number;
  name: string;
  url: string;
  createdAt: string;
}

interface Store {
  items: SimWorkItem[];
  emoji: SimCustomEmoji[];
  nextItemId: number;
  nextEmojiId: number;
}

const stores = new WeakMap<SimState, Store>();

function storeOf(state: SimState): Store {
  let s = stores.get(state);
  if (!s) {
    s = { items: [], emoji: [], nextItemId: 501, nextEmojiId: 1 };
    stores.set(state, s);
  }
  return s;
}

const time = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** Seeds a work item in a project or group (by full path); the IID follows the namespace's last one. */
export function seedWorkItem(state: SimState, namespace: string, w: { title: string; typeId?: number; description?: string; state?: "OPEN" | "CLOSED"; confidential?: boolean; createdAt?: string; iid?: number }): SimWorkItem {
  const s = storeOf(state);
  const key = namespace.toLowerCase();
  const iid = w.iid ?? Math.max(0, ...s.items.filter((i) => i.namespace === key).map((i) => i.iid)) + 1;
  const created = w.createdAt ?? time(state.now());
  const item: SimWorkItem = {
    id: s.nextItemId++,
    iid,
    namespace: key,
    typeId: w.typeId ?? 1,
    title: w.title,
    description: w.description ?? null,
    state: w.state ?? "OPEN",
    confidential: w.confidential ?? false,
    createdAt: created,
    updatedAt: created,
    closedAt: w.state === "CLOSED" ? created : null,
    author: { id: 1, username: "root", name: "Administrator" },
  };
  s.items.push(item);
  return item;
}

/** Every work item still kept (deleted ones are gone), for the epics module (graphqlEpics.ts). */
export function listWorkItems(state: SimState): readonly SimWorkItem[] {
  return storeOf(state).items;
}

/** Seeds a custom emoji in a group. */
export function seedCustomEmoji(state: SimState, group: SimGroup, e: { name: string; url: string; createdAt?: string }): SimCustomEmoji {
  const s = storeOf(state);
  const emoji = { id: s.nextEmojiId++, groupId: group.id, name: e.name, url: e.url, createdAt: e.createdAt ?? time(state.now()) };
  s.emoji.push(emoji);
  return emoji;
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

const cursorOf = (id: number) => Buffer.from(JSON.stringify({ id: String(id) }), "utf8").toString("base64");

function page<T extends { id: number }>(items: T[], args: Page, present: (t: T) => unknown) {
  let start = 0;
  if (args.after) {
    const at = items.findIndex((t) => cursorOf(t.id) === args.after);
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
      startCursor: slice.length > 0 ? cursorOf(slice[0].id) : null,
      endCursor: slice.length > 0 ? cursorOf(slice[slice.length - 1].id) : null,
    },
  };
}

type Place = { kind: "project"; project: SimProject; path: string } | { kind: "group"; group: SimGroup; path: string };

function placeOf(ctx: Ctx, fullPath: string): Place | undefined {
  const project = fullPath.includes("/") ? ctx.state.findProject(fullPath) : undefined;
  if (project) return ctx.state.canRead(project, ctx.user?.id) ? { kind: "project", project, path: project.path_with_namespace } : undefined;
  const group = ctx.state.findGroup(fullPath);
  return group ? { kind: "group", group, path: group.full_path } : undefined;
}

function workItemNode(ctx: Ctx, w: SimWorkItem) {
  const place = placeOf(ctx, w.namespace);
  const base = place?.path ?? w.namespace;
  const type = WORK_ITEM_TYPES[w.typeId];
  return {
    id: `gid://gitlab/WorkItem/${w.id}`,
    iid: String(w.iid),
    title: w.title,
    description: w.description,
    state: w.state,
    confidential: w.confidential,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    closedAt: w.closedAt,
    webUrl: place?.kind === "group" ? `${ctx.options.externalUrl}/groups/${base}/-/work_items/${w.iid}` : `${ctx.options.externalUrl}/${base}/-/work_items/${w.iid}`,
    author: { id: `gid://gitlab/User/${w.author.id}`, username: w.author.username, name: w.author.name },
    workItemType: { id: `gid://gitlab/WorkItems::Type/${w.typeId}`, name: type?.name ?? "Issue" },
  };
}

const SORTS: Record<string, (a: SimWorkItem, b: SimWorkItem) => number> = {
  CREATED_DESC: (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
  CREATED_ASC: (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id,
  UPDATED_DESC: (a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id,
  UPDATED_ASC: (a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id - b.id,
  TITLE_ASC: (a, b) => a.title.localeCompare(b.title) || a.id - b.id,
  TITLE_DESC: (a, b) => b.title.localeCompare(a.title) || b.id - a.id,
};

function namespaceNode(ctx: Ctx, place: Place) {
  const key = place.path.toLowerCase();
  const own = () => storeOf(ctx.state).items.filter((w) => w.namespace === key && (!w.confidential || ctx.user !== null));
  return {
    id: place.kind === "group" ? `gid://gitlab/Group/${place.group.id}` : `gid://gitlab/Namespaces::ProjectNamespace/${place.project.id}`,
    fullPath: place.path,
    workItem: ({ iid }: { iid: string }) => {
      const hit = own().find((w) => String(w.iid) === iid);
      return hit ? workItemNode(ctx, hit) : null;
    },
    workItems: (args: Page & { iid?: string | null; iids?: string[] | null; state?: string | null; search?: string | null; types?: string[] | null; sort?: string | null }) => {
      let list = own();
      if (args.iid) list = list.filter((w) => String(w.iid) === args.iid);
      if (args.iids) list = list.filter((w) => args.iids!.includes(String(w.iid)));
      if (args.state === "opened") list = list.filter((w) => w.state === "OPEN");
      if (args.state === "closed") list = list.filter((w) => w.state === "CLOSED");
      if (args.state === "locked") list = [];
      if (args.search) {
        const q = args.search.toLowerCase();
        list = list.filter((w) => w.title.toLowerCase().includes(q) || (w.description ?? "").toLowerCase().includes(q));
      }
      if (args.types && args.types.length > 0) list = list.filter((w) => args.types!.includes(WORK_ITEM_TYPES[w.typeId]?.enum ?? "ISSUE"));
      list.sort(SORTS[args.sort ?? "CREATED_DESC"] ?? SORTS.CREATED_DESC);
      return page(list, args, (w) => workItemNode(ctx, w));
    },
  };
}

const emojiNode = (e: SimCustomEmoji) => ({ id: `gid://gitlab/CustomEmoji/${e.id}`, name: e.name, url: e.url, external: true, createdAt: e.createdAt });

function groupNode(ctx: Ctx, group: SimGroup) {
  return {
    id: `gid://gitlab/Group/${group.id}`,
    fullPath: group.full_path,
    customEmoji: (args: Page & { includeAncestorGroups?: boolean | null }) => {
      const groups = args.includeAncestorGroups ? ctx.state.groupAncestry(group).map((g) => g.id) : [group.id];
      const list = storeOf(ctx.state).emoji.filter((e) => groups.includes(e.groupId));
      return page(list, args, emojiNode);
    },
  };
}

const parseGid = (gid: string, model: string): number | undefined => {
  const m = new RegExp(`^gid://gitlab/${model.replace(/:/g, "\\:")}/(\\d+)$`).exec(gid);
  return m ? Number(m[1]) : undefined;
};

function requireUser(ctx: Ctx): SimUser {
  if (!ctx.user) throw new GraphQLError(NOT_AVAILABLE);
  return ctx.user;
}

function findItem(ctx: Ctx, gid: string): SimWorkItem {
  const id = parseGid(gid, "WorkItem");
  const hit = storeOf(ctx.state).items.find((w) => w.id === id);
  if (!hit || !placeOf(ctx, hit.namespace)) throw new GraphQLError(NOT_AVAILABLE);
  return hit;
}

/** The root fields (queries and mutations) of work items and custom emoji. */
export function workItemsRoot(ctx: Ctx) {
  return {
    namespace: ({ fullPath }: { fullPath: string }) => {
      const place = placeOf(ctx, fullPath);
      return place ? namespaceNode(ctx, place) : null;
    },
    group: ({ fullPath }: { fullPath: string }) => {
      const group = ctx.state.findGroup(fullPath);
      return group ? groupNode(ctx, group) : null;
    },
    workItem: ({ id }: { id: string }) => {
      const num = parseGid(id, "WorkItem");
      const hit = storeOf(ctx.state).items.find((w) => w.id === num);
      return hit && placeOf(ctx, hit.namespace) ? workItemNode(ctx, hit) : null;
    },
    workItemCreate: ({ input }: { input: { namespacePath?: string | null; title: string; workItemTypeId: string; confidential?: boolean | null; descriptionWidget?: { description: string } | null; clientMutationId?: string | null } }) => {
      const user = requireUser(ctx);
      if (!input.namespacePath) throw new GraphQLError("Please provide either projectPath or namespacePath argument, but not both.");
      const place = placeOf(ctx, input.namespacePath);
      const typeId = parseGid(input.workItemTypeId, "WorkItems::Type");
      if (!place || typeId === undefined || !WORK_ITEM_TYPES[typeId]) throw new GraphQLError(NOT_AVAILABLE);
      const base = { clientMutationId: input.clientMutationId ?? null };
      if (input.title.trim() === "") return { ...base, workItem: null, errors: ["Title can't be blank"] };
      if (input.title.length > 255) return { ...base, workItem: null, errors: ["Title is too long (maximum is 255 characters)"] };
      if (place.kind === "project" && typeId === 8) return { ...base, workItem: null, errors: ["Work item type Epic is not available for projects"] };
      const item = seedWorkItem(ctx.state, place.path, { title: input.title, typeId, description: input.descriptionWidget?.description, confidential: input.confidential ?? false });
      item.author = { id: user.id, username: user.username, name: user.name };
      return { ...base, workItem: workItemNode(ctx, item), errors: [] };
    },
    workItemUpdate: ({ input }: { input: { id: string; title?: string | null; confidential?: boolean | null; stateEvent?: string | null; descriptionWidget?: { description: string } | null; clientMutationId?: string | null } }) => {
      requireUser(ctx);
      const item = findItem(ctx, input.id);
      const base = { clientMutationId: input.clientMutationId ?? null };
      if (typeof input.title === "string" && input.title.length > 255) return { ...base, workItem: null, errors: ["Title is too long (maximum is 255 characters)"] };
      if (typeof input.title === "string" && input.title.trim() === "") return { ...base, workItem: null, errors: ["Title can't be blank"] };
      const now = time(ctx.state.now());
      if (typeof input.title === "string") item.title = input.title;
      if (typeof input.confidential === "boolean") item.confidential = input.confidential;
      if (input.descriptionWidget) item.description = input.descriptionWidget.description;
      if (input.stateEvent === "CLOSE" && item.state === "OPEN") {
        item.state = "CLOSED";
        item.closedAt = now;
      }
      if (input.stateEvent === "REOPEN" && item.state === "CLOSED") {
        item.state = "OPEN";
        item.closedAt = null;
      }
      item.updatedAt = now;
      return { ...base, workItem: workItemNode(ctx, item), errors: [] };
    },
    workItemDelete: ({ input }: { input: { id: string; clientMutationId?: string | null } }) => {
      requireUser(ctx);
      const item = findItem(ctx, input.id);
      const s = storeOf(ctx.state);
      s.items.splice(s.items.indexOf(item), 1);
      const place = placeOf(ctx, item.namespace);
      return { clientMutationId: input.clientMutationId ?? null, errors: [], namespace: place ? namespaceNode(ctx, place) : null };
    },
    createCustomEmoji: ({ input }: { input: { groupPath: string; name: string; url: string; clientMutationId?: string | null } }) => {
      requireUser(ctx);
      const group = ctx.state.findGroup(input.groupPath);
      if (!group) throw new GraphQLError(NOT_AVAILABLE);
      const base = { clientMutationId: input.clientMutationId ?? null };
      const errors: string[] = [];
      if (!/^\w+$/.test(input.name)) errors.push("Name is invalid");
      if (input.name.length > 36) errors.push("Name is too long (maximum is 36 characters)");
      const family = ctx.state.groupAncestry(group).map((g) => g.id);
      if (storeOf(ctx.state).emoji.some((e) => family.includes(e.groupId) && e.name === input.name)) errors.push("Name is already being used for another emoji");
      if (!/^https?:\/\//.test(input.url)) errors.push("Url is blocked: Only allowed schemes are http, https");
      if (errors.length > 0) return { ...base, customEmoji: null, errors };
      return { ...base, customEmoji: emojiNode(seedCustomEmoji(ctx.state, group, { name: input.name, url: input.url })), errors: [] };
    },
    destroyCustomEmoji: ({ input }: { input: { id: string; clientMutationId?: string | null } }) => {
      requireUser(ctx);
      const num = parseGid(input.id, "CustomEmoji");
      const s = storeOf(ctx.state);
      const hit = s.emoji.find((e) => e.id === num);
      if (!hit) throw new GraphQLError(NOT_AVAILABLE);
      s.emoji.splice(s.emoji.indexOf(hit), 1);
      return { clientMutationId: input.clientMutationId ?? null, customEmoji: emojiNode(hit), errors: [] };
    },
  };
}
