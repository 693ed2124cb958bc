// The REST side of the epics slice (GitLab Premium): epic links, epic boards, group activity analytics,
// LDAP and SAML group links (doc/api/epic_links.md, group_epic_boards.md, group_activity_analytics.md,
// groups.md / group_ldap_links.md, saml.md; ee/lib/api/saml_group_links.rb):
// - GET /groups/:id/epics/:epic_iid/epics: the child epics, unpaginated; an unknown epic answers
//   404 {"message":"404 Not found"}; epics are shared with the GraphQL module (graphqlEpics.ts);
// - epic boards are listed with offset pagination; an unknown board answers 404 {"message":"404 Not found"};
// - /analytics/group_activity/{issues,merge_requests,new_members}_count?group_path= answers
//   {"<what>_count": n}; without group_path 400 {"error":"group_path is missing"}; unknown group 404;
// - LDAP links: POST needs provider, group_access and exactly one of cn and filter (400 otherwise);
//   a link is deleted by provider and cn or filter, or by /:provider/:cn, 204; a missing one answers
//   404 {"message":"Linked LDAP group not found"};
// - SAML links: POST needs saml_group_name and access_level (201); get and delete by name, an unknown
//   name answers not_found! -> 404 {"message":"404 Not Found"}; delete 204.
import { grapeError, messageError, notFound, recordNotFound } from "./errors.js";
import { liveEpics, type SimEpic } from "./graphqlEpics.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimGroup, SimState } from "./state.js";
import { presentUser } from "./trackerEntities.js";

type Json = Record<string, unknown>;

export interface SimLdapLink {
  cn: string | null;
  filter: string | null;
  group_access: number;
  provider: string;
  member_role_id: number | null;
}

export interface SimSamlLink {
  name: string;
  access_level: number;
  member_role_id: number | null;
  provider: string | null;
}

interface GroupExtras {
  boards: Json[];
  activity: { issues_count: number; merge_requests_count: number; new_members_count: number };
  ldap: SimLdapLink[];
  saml: SimSamlLink[];
}

const extras = new WeakMap<SimGroup, GroupExtras>();

export function groupExtras(group: SimGroup): GroupExtras {
  let x = extras.get(group);
  if (!x) {
    x = { boards: [], activity: { issues_count: 0, merge_requests_count: 0, new_members_count: 0 }, ldap: [], saml: [] };
    extras.set(group, x);
  }
  return x;
}

const ACCESS_LEVELS = [0, 5, 10, 15, 20, 30, 40, 50];

function requireGroup(state: SimState, ref: string | undefined): SimGroup {
  const group = ref === undefined ? undefined : state.findGroup(ref);
  if (!group) throw notFound("Group");
  return group;
}

function requireUser(ctx: RestContext): void {
  if (ctx.auth.kind === "anonymous") throw messageError(401, "401 Unauthorized");
}

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

function presentEpic(ctx: RestContext, group: SimGroup, e: SimEpic, parent: SimEpic | undefined): Json {
  const w = e.item;
  return {
    id: e.epicId,
    iid: w.iid,
    group_id: group.id,
    parent_id: parent?.epicId ?? null,
    title: w.title,
    description: w.description,
    state: w.state === "OPEN" ? "opened" : "closed",
    confidential: w.confidential,
    web_url: `${ctx.options.externalUrl}/groups/${group.full_path}/-/epics/${w.iid}`,
    reference: `&${w.iid}`,
    references: { short: `&${w.iid}`, relative: `&${w.iid}`, full: `${group.full_path}&${w.iid}` },
    author: presentUser(ctx.state, w.author.id, ctx.options.externalUrl),
    start_date: e.startDateIsFixed ? e.startDate : null,
    due_date: e.dueDateIsFixed ? e.dueDate : null,
    labels: e.labels,
    created_at: w.createdAt,
    updated_at: w.updatedAt,
    closed_at: w.closedAt,
  };
}

function childEpics(ctx: RestContext): RestResult {
  const group = requireGroup(ctx.state, ctx.route.id);
  const epics = liveEpics(ctx.state, group);
  const parent = epics.find((e) => String(e.item.iid) === ctx.route.epic_iid);
  if (!parent) throw recordNotFound();
  const children = epics.filter((e) => e.parentIid === parent.item.iid);
  return { status: 200, body: children.map((c) => presentEpic(ctx, group, c, parent)) };
}

function boards(ctx: RestContext): RestResult {
  const group = requireGroup(ctx.state, ctx.route.id);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(groupExtras(group).boards, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items, headers: page.headers };
}

function board(ctx: RestContext): RestResult {
  const group = requireGroup(ctx.state, ctx.route.id);
  const hit = groupExtras(group).boards.find((b) => String(b.id) === ctx.route.board_id);
  if (!hit) throw recordNotFound();
  return { status: 200, body: hit };
}

function activity(key: "issues_count" | "merge_requests_count" | "new_members_count") {
  return (ctx: RestContext): RestResult => {
    const path = text(ctx.params.group_path);
    if (!path) throw grapeError(400, "group_path is missing");
    const group = requireGroup(ctx.state, path);
    return { status: 200, body: { [key]: groupExtras(group).activity[key] } };
  };
}

function ldapList(ctx: RestContext): RestResult {
  const group = requireGroup(ctx.state, ctx.route.id);
  return { status: 200, body: groupExtras(group).ldap.map((l) => ({ ...l })) };
}

function ldapAdd(ctx: RestContext): RestResult {
  requireUser(ctx);
  const group = requireGroup(ctx.state, ctx.route.id);
  const cn = text(ctx.params.cn);
  const filter = text(ctx.params.filter);
  const missing = [...(ctx.params.group_access === undefined ? ["group_access"] : []), ...(text(ctx.params.provider) ? [] : ["provider"])];
  if (missing.length > 0) throw grapeError(400, `${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} missing`);
  if ((cn === undefined) === (filter === undefined)) throw grapeError(400, "cn, filter are missing, exactly one parameter must be provided");
  const level = Number(ctx.params.group_access);
  if (!ACCESS_LEVELS.includes(level)) throw grapeError(400, "group_access does not have a valid value");
  const provider = text(ctx.params.provider)!;
  const links = groupExtras(group).ldap;
  if (links.some((l) => l.provider === provider && l.cn === (cn ?? null) && l.filter === (filter ?? null))) throw messageError(400, { cn: ["has already been taken"] });
  const link: SimLdapLink = { cn: cn ?? null, filter: filter ?? null, group_access: level, provider, member_role_id: ctx.params.member_role_id === undefined ? null : Number(ctx.params.member_role_id) };
  links.push(link);
  return { status: 201, body: { ...link } };
}

function ldapRemove(ctx: RestContext, match: (l: SimLdapLink) => boolean): RestResult {
  requireUser(ctx);
  const group = requireGroup(ctx.state, ctx.route.id);
  const links = groupExtras(group).ldap;
  const hit = links.find(match);
  if (!hit) throw messageError(404, "Linked LDAP group not found");
  links.splice(links.indexOf(hit), 1);
  return { status: 204 };
}

function ldapDelete(ctx: RestContext): RestResult {
  if (!text(ctx.params.provider)) throw grapeError(400, "provider is missing");
  const cn = text(ctx.params.cn);
  const filter = text(ctx.params.filter);
  if ((cn === undefined) === (filter === undefined)) throw grapeError(400, "cn, filter are missing, exactly one parameter must be provided");
  const provider = text(ctx.params.provider);
  return ldapRemove(ctx, (l) => (cn !== undefined ? l.cn === cn : l.filter === filter) && l.provider === provider);
}

function samlFind(ctx: RestContext, group: SimGroup): SimSamlLink {
  const provider = ctx.params.provider;
  const hits = groupExtras(group).saml.filter((l) => l.name === ctx.route.saml_group_name && (provider === undefined || l.provider === (text(provider) ?? null)));
  if (hits.length > 1 && provider === undefined) throw messageError(422, "Multiple group links found with the same name. Please specify a provider parameter to disambiguate.");
  if (hits.length === 0) throw messageError(404, "404 Not Found");
  return hits[0];
}

function samlAdd(ctx: RestContext): RestResult {
  requireUser(ctx);
  const group = requireGroup(ctx.state, ctx.route.id);
  const name = text(ctx.params.saml_group_name);
  const missing = [...(name ? [] : ["saml_group_name"]), ...(ctx.params.access_level === undefined ? ["access_level"] : [])];
  if (missing.length > 0) throw grapeError(400, `${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} missing`);
  const level = Number(ctx.params.access_level);
  if (!ACCESS_LEVELS.includes(level)) throw grapeError(400, "access_level does not have a valid value");
  const provider = text(ctx.params.provider) ?? null;
  const links = groupExtras(group).saml;
  if (links.some((l) => l.name === name && l.provider === provider)) throw messageError(400, "Saml group name has already been taken");
  const link: SimSamlLink = { name: name!, access_level: level, member_role_id: ctx.params.member_role_id === undefined ? null : Number(ctx.params.member_role_id), provider };
  links.push(link);
  return { status: 201, body: { ...link } };
}

export function registerEpicRestRoutes(router: Router): void {
  router.add("GET", "/groups/:id/epics/:epic_iid/epics", childEpics);
  router.add("GET", "/groups/:id/epic_boards", boards);
  router.add("GET", "/groups/:id/epic_boards/:board_id", board);
  router.add("GET", "/analytics/group_activity/issues_count", activity("issues_count"));
  router.add("GET", "/analytics/group_activity/merge_requests_count", activity("merge_requests_count"));
  router.add("GET", "/analytics/group_activity/new_members_count", activity("new_members_count"));
  router.add("GET", "/groups/:id/ldap_group_links", ldapList);
  router.add("POST", "/groups/:id/ldap_group_links", ldapAdd);
  router.add("DELETE", "/groups/:id/ldap_group_links", ldapDelete);
  router.add("DELETE", "/groups/:id/ldap_group_links/:provider/:cn", (ctx) => ldapRemove(ctx, (l) => l.provider === ctx.route.provider && l.cn === ctx.route.cn));
  router.add("GET", "/groups/:id/saml_group_links", (ctx) => ({ status: 200, body: groupExtras(requireGroup(ctx.state, ctx.route.id)).saml.map((l) => ({ ...l })) }));
  router.add("POST", "/groups/:id/saml_group_links", samlAdd);
  router.add("GET", "/groups/:id/saml_group_links/:saml_group_name", (ctx) => ({ status: 200, body: { ...samlFind(ctx, requireGroup(ctx.state, ctx.route.id)) } }));
  router.add("DELETE", "/groups/:id/saml_group_links/:saml_group_name", (ctx) => {
    requireUser(ctx);
    const group = requireGroup(ctx.state, ctx.route.id);
    const links = groupExtras(group).saml;
    links.splice(links.indexOf(samlFind(ctx, group)), 1);
    return { status: 204 };
  });
}
