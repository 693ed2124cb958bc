// Tags and protected tags (doc/api/tags.md, doc/api/protected_tags.md), kept as state:
// - tags are the "tag" documents of restDocuments.ts, which also serves GET .../tags/:tag_name, so a tag
//   created here is then found there, and a deleted one answers 404 Tag Not Found;
// - list: `search` is a case-insensitive substring, ^term a prefix and term$ a suffix; ordered by
//   updated (the tagged commit's date, newest first) unless order_by says name or version; offset pages;
// - create: 201; an existing name answers 400 "Tag <name> already exists", a ref that resolves to
//   nothing 400 "Target <ref> is invalid", a malformed name 400 "Tag name invalid";
// - delete: 204, or 404 Tag Not Found (the endpoint looks the tag up first);
// - signature: 404 Tag Not Found, then 404 Signature Not Found for an unsigned tag;
// - protected tags: find_by!(name:) -> 404 Not found; a duplicate rule answers 422 with the model's
//   messages; create_access_level defaults to 40 (Maintainers); deletes answer 204. A tag's `protected`
//   flag follows the rules that match its name (wildcards included).
import { createHash } from "node:crypto";
import { ApiError, messageError, notFound, recordNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap } from "./params.js";
import { authorizeWrite, projectWebUrl, userProject } from "./projectAccess.js";
import { signatureOf } from "./restCommits.js";
import { listDocuments, putDocument } from "./restDocuments.js";
import { isValidRefName, wildcardMatches } from "./refNames.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { ALLOWED_ACCESS_LEVELS, HUMAN_ACCESS_LEVELS, type SimProject, type SimState } from "./state.js";

type Json = Record<string, unknown>;

interface ProtectedTag {
  id: number;
  name: string;
  create_access_levels: Json[];
}

const RULES = new WeakMap<SimProject, ProtectedTag[]>();
let ruleIds = 300;
let levelIds = 600;

function rulesOf(project: SimProject): ProtectedTag[] {
  let rules = RULES.get(project);
  if (!rules) {
    rules = [];
    RULES.set(project, rules);
  }
  return rules;
}

function isProtected(project: SimProject, name: string): boolean {
  return rulesOf(project).some((r) => wildcardMatches(r.name, name));
}

/** Refreshes every tag's `protected` flag after the rules changed. */
function refreshProtection(state: SimState, project: SimProject): void {
  for (const t of listDocuments(state, "tag", project.id)) t.protected = isProtected(project, String(t.name));
}

function tagsOf(ctx: RestContext, project: SimProject): Json[] {
  return listDocuments(ctx.state, "tag", project.id);
}

function findTag(ctx: RestContext, project: SimProject, name: string): Json | undefined {
  return tagsOf(ctx, project).find((t) => t.name === name);
}

function versionKey(name: string): number[] {
  return (name.match(/\d+/g) ?? []).map(Number);
}

function compareVersions(a: string, b: string): number {
  const x = versionKey(a);
  const y = versionKey(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d !== 0) return d;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

function listTags(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "order_by", type: "string", values: ["name", "updated", "version"], default: "updated" },
    { name: "sort", type: "string", values: ["asc", "desc"], default: "desc" },
    { name: "search", type: "string" },
    ...PAGINATION_PARAMS,
  ]);
  let tags = [...tagsOf(ctx, project)];
  const search = p.search as string | undefined;
  if (search) {
    const q = search.toLowerCase();
    tags = tags.filter((t) => {
      const n = String(t.name).toLowerCase();
      if (q.startsWith("^")) return n.startsWith(q.slice(1));
      if (q.endsWith("$")) return n.endsWith(q.slice(0, -1));
      return n.includes(q);
    });
  }
  const updated = (t: Json) => Date.parse(String((t.commit as Json | undefined)?.committed_date ?? t.created_at ?? "")) || 0;
  const cmp =
    p.order_by === "name"
      ? (a: Json, b: Json) => (String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0)
      : p.order_by === "version"
        ? (a: Json, b: Json) => compareVersions(String(a.name), String(b.name))
        : (a: Json, b: Json) => updated(a) - updated(b);
  tags.sort((a, b) => cmp(a, b) * (p.sort === "desc" ? -1 : 1));
  const page = paginateOffset(tags, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items, headers: page.headers };
}

/** The commit a ref names: a branch tip, a tag's commit, or a commit document by full or short SHA. */
function commitFor(ctx: RestContext, project: SimProject, ref: string): Json | undefined {
  const branch = project.branches.get(ref);
  const ext = ctx.options.externalUrl;
  if (branch) return { ...branch.commit, web_url: `${projectWebUrl(ext, project)}/-/commit/${branch.commit.id}` };
  const tag = findTag(ctx, project, ref);
  if (tag?.commit) return tag.commit as Json;
  const docs = listDocuments(ctx.state, "commit", project.id);
  const exact = docs.find((d) => d.id === ref || d.short_id === ref);
  if (exact) return exact;
  if (/^[0-9a-f]{7,40}$/i.test(ref)) {
    const hits = docs.filter((d) => String(d.id).startsWith(ref.toLowerCase()));
    if (hits.length === 1) return hits[0];
  }
  for (const b of project.branches.values()) if (b.commit.id === ref || (ref.length >= 7 && b.commit.id.startsWith(ref))) return { ...b.commit, web_url: `${projectWebUrl(ext, project)}/-/commit/${b.commit.id}` };
  return undefined;
}

const COMMIT_FIELDS = ["id", "short_id", "created_at", "parent_ids", "title", "message", "author_name", "author_email", "authored_date", "committer_name", "committer_email", "committed_date", "trailers", "extended_trailers", "web_url"];

function createTag(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "tag_name", type: "string", required: true, allowBlank: false },
    { name: "ref", type: "string", required: true, allowBlank: false },
    { name: "message", type: "string" },
  ]);
  const name = p.tag_name as string;
  if (!isValidRefName(name)) throw messageError(400, "Tag name invalid");
  if (findTag(ctx, project, name)) throw messageError(400, `Tag ${name} already exists`);
  const commit = commitFor(ctx, project, p.ref as string);
  if (!commit) throw messageError(400, `Target ${String(p.ref)} is invalid`);
  const message = (p.message as string | undefined) ?? "";
  const annotated = message.trim() !== "";
  const presented: Json = {};
  for (const k of COMMIT_FIELDS) presented[k] = commit[k] ?? (k === "trailers" || k === "extended_trailers" ? {} : null);
  const doc: Json = {
    name,
    message: annotated ? message : "",
    target: annotated ? createHash("sha1").update(`tag:${project.id}:${name}:${message}`).digest("hex") : commit.id,
    commit: presented,
    release: null,
    protected: isProtected(project, name),
    created_at: annotated ? ctx.state.now().toISOString() : null,
  };
  putDocument(ctx.state, "tag", project.id, doc);
  return { status: 201, body: doc };
}

function deleteTag(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const tags = tagsOf(ctx, project);
  const i = tags.findIndex((t) => t.name === ctx.route.tag_name);
  if (i < 0) throw notFound("Tag");
  tags.splice(i, 1);
  return { status: 204 };
}

function tagSignature(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  if (!findTag(ctx, project, ctx.route.tag_name)) throw notFound("Tag");
  const sig = signatureOf(project, `tag:${ctx.route.tag_name}`);
  if (!sig) throw notFound("Signature");
  return { status: 200, body: sig };
}

// Protected tags ------------------------------------------------------------------------------------

function presentRule(r: ProtectedTag): Json {
  return { name: r.name, create_access_levels: r.create_access_levels };
}

function findRule(project: SimProject, name: string): ProtectedTag {
  const rule = rulesOf(project).find((r) => r.name === name);
  if (!rule) throw recordNotFound();
  return rule;
}

function level(entry: ParamMap): Json {
  const access = (entry.access_level as number | undefined) ?? null;
  const user = (entry.user_id as number | undefined) ?? null;
  const group = (entry.group_id as number | undefined) ?? null;
  const key = (entry.deploy_key_id as number | undefined) ?? null;
  const description = access !== null ? HUMAN_ACCESS_LEVELS[access] : user !== null ? `User ${user}` : group !== null ? `Group ${group}` : `Deploy key ${String(key)}`;
  return { id: ++levelIds, access_level: access, access_level_description: description, user_id: user, group_id: group, deploy_key_id: key };
}

function listRules(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(rulesOf(project).map(presentRule), p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items, headers: page.headers };
}

function protectTag(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, [
    { name: "name", type: "string", required: true, allowBlank: false },
    { name: "create_access_level", type: "integer", values: ALLOWED_ACCESS_LEVELS },
    {
      name: "allowed_to_create",
      type: "hashArray",
      items: [
        { name: "access_level", type: "integer", values: ALLOWED_ACCESS_LEVELS },
        { name: "user_id", type: "integer" },
        { name: "group_id", type: "integer" },
        { name: "deploy_key_id", type: "integer" },
      ],
    },
  ]);
  const name = p.name as string;
  if (rulesOf(project).some((r) => r.name === name)) throw new ApiError(422, { message: ["Name has already been taken"] });
  const entries = ((p.allowed_to_create as ParamMap[] | undefined) ?? []).filter((e) => Object.values(e).some((v) => v !== null && v !== undefined));
  const role = p.create_access_level ?? (entries.length === 0 ? 40 : undefined);
  const levels = [...(role !== undefined ? [level({ access_level: role })] : []), ...entries.map(level)];
  const rule: ProtectedTag = { id: ++ruleIds, name, create_access_levels: levels };
  rulesOf(project).push(rule);
  refreshProtection(ctx.state, project);
  return { status: 201, body: presentRule(rule) };
}

function unprotectTag(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const rules = rulesOf(project);
  rules.splice(rules.indexOf(findRule(project, ctx.route.name)), 1);
  refreshProtection(ctx.state, project);
  return { status: 204 };
}

export function registerTagRoutes(router: Router): void {
  router.add("GET", "/projects/:id/repository/tags", listTags);
  router.add("POST", "/projects/:id/repository/tags", createTag);
  router.add("DELETE", "/projects/:id/repository/tags/:tag_name", deleteTag);
  router.add("GET", "/projects/:id/repository/tags/:tag_name/signature", tagSignature);
  router.add("GET", "/projects/:id/protected_tags", listRules);
  router.add("POST", "/projects/:id/protected_tags", protectTag);
  router.add("GET", "/projects/:id/protected_tags/:name", (ctx) => ({ status: 200, body: presentRule(findRule(userProject(ctx), ctx.route.name)) }));
  router.add("DELETE", "/projects/:id/protected_tags/:name", unprotectTag);
}
