// Branches API (doc/api/branches.md; lib/api/branches.rb;
// app/services/branches/{create,delete,validate_new,delete_merged}_service.rb;
// app/finders/{git_refs,branches}_finder.rb;
// lib/gitlab/pagination/gitaly_keyset_pager.rb).
//
// Pagination of the list depends on the `branch_list_keyset_pagination`
// feature flag, exactly as GitalyKeysetPager does. That flag is DISABLED by
// default on GitLab Self-Managed (docs "All feature flags in GitLab", listed as
// 13.2 / Disabled in the 18.6 list), so by default:
//   - `pagination=keyset` and `page_token` are ignored;
//   - every page is offset-paginated over the (filtered) array, with x-total
//     and x-total-pages ALWAYS present (arrays are never "without count").
// With the flag enabled (GitLab.com-style):
//   - `pagination=keyset`: branches after `page_token` (a branch name), limit
//     per_page; only `link: <...page_token=<last name>...>; rel="next"` when the
//     page is full; with search/regex every match is returned, no link;
//   - page 1 without keyset comes from Gitaly: x-total = number of branches in
//     the repository, x-total-pages = ceil(total / per_page), x-next-page 2 when
//     more than one page; with search/regex page 1 holds EVERY match;
//   - pages >= 2: offset pagination as above.
import { currentUserId, authorizeWrite, userProject } from "./projectAccess.js";
import { presentBranch } from "./entities.js";
import { messageError, notFound, validationError } from "./errors.js";
import { effectivePerPage, keysetNextLink, offsetHeaders, paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap } from "./params.js";
import { filterByRegex, filterBySearch, isValidRefName } from "./refNames.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { makeCommit } from "./commits.js";
import { compareBytes, type SimBranch, type SimProject } from "./state.js";

export const BRANCH_KEYSET_FLAG = "branch_list_keyset_pagination";

const LIST_PARAMS = [
  ...PAGINATION_PARAMS,
  { name: "search", type: "string" as const },
  { name: "regex", type: "string" as const },
  { name: "sort", type: "string" as const, values: ["name_asc", "updated_asc", "updated_desc"] },
  { name: "page_token", type: "string" as const },
];

function sortedBranches(ctx: RestContext, project: SimProject, sort: unknown): SimBranch[] {
  const list = ctx.state.branchNames(project).map((n) => project.branches.get(n) as SimBranch);
  if (sort === "updated_asc" || sort === "updated_desc") {
    const dir = sort === "updated_asc" ? 1 : -1;
    list.sort((a, b) => dir * compareBytes(a.commit.committed_date, b.commit.committed_date) || compareBytes(a.name, b.name));
  }
  return list;
}

function filtered(list: SimBranch[], p: ParamMap): SimBranch[] {
  let names = list.map((b) => b.name);
  if (typeof p.search === "string" && p.search !== "") names = filterBySearch(names, p.search);
  if (typeof p.regex === "string" && p.regex !== "") {
    const kept = filterByRegex(names, p.regex);
    if (!kept) throw validationError(["regex is invalid"]);
    names = kept;
  }
  const byName = new Map(list.map((b) => [b.name, b]));
  return names.map((n) => byName.get(n) as SimBranch);
}

function listBranches(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, LIST_PARAMS);
  const link = linkContext(ctx, p);
  const all = sortedBranches(ctx, project, p.sort);
  const hasFilter = (typeof p.search === "string" && p.search !== "") || (typeof p.regex === "string" && p.regex !== "");
  const flag = ctx.state.featureFlags.get(BRANCH_KEYSET_FLAG) === true;
  const perPageParam = p.per_page as number;
  const present = (items: SimBranch[]) =>
    items.map((b) => presentBranch(ctx.state, project, b, ctx.options.externalUrl, currentUserId(ctx)));

  if (flag && ctx.params.pagination === "keyset") {
    if (hasFilter) return { status: 200, body: present(filtered(all, p)) };
    let start = 0;
    if (typeof p.page_token === "string") {
      const token = p.page_token;
      const at = all.findIndex((b) => b.name === token);
      start = at >= 0 ? at + 1 : all.findIndex((b) => compareBytes(b.name, token) > 0);
      if (start < 0) start = all.length;
    }
    const items = all.slice(start, start + effectivePerPage(perPageParam));
    const full = items.length > 0 && items.length === perPageParam;
    const headers = full ? keysetNextLink(link, { page_token: items[items.length - 1].name }) : {};
    return { status: 200, body: present(items), headers };
  }

  if (flag && (p.page as number) === 1) {
    const items = hasFilter ? filtered(all, p) : all.slice(0, effectivePerPage(perPageParam));
    const perPage = perPageParam >= 1 ? perPageParam : 20;
    const total = project.branches.size;
    const totalPages = Math.ceil(total / perPage);
    const headers = offsetHeaders(link, {
      perPage,
      page: 1,
      nextPage: totalPages > 1 ? 2 : null,
      prevPage: null,
      total,
      totalPages,
    });
    return { status: 200, body: present(items), headers };
  }

  const page = paginateOffset(filtered(all, p), p.page as number, perPageParam, link);
  return { status: 200, body: present(page.items), headers: page.headers };
}

/** find_branch! (lib/api/helpers.rb) */
function findBranch(project: SimProject, name: string): SimBranch {
  if (!isValidRefName(name)) throw messageError(400, "The branch refname is invalid");
  const branch = project.branches.get(name);
  if (!branch) throw notFound("Branch");
  return branch;
}

function showBranch(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const branch = findBranch(project, ctx.route.branch);
  return { status: 200, body: presentBranch(ctx.state, project, branch, ctx.options.externalUrl, currentUserId(ctx)) };
}

function headBranch(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  if (!project.branches.has(ctx.route.branch)) throw notFound();
  return { status: 204 };
}

/** Resolves a branch name or (abbreviated) commit SHA to a commit. */
function resolveRef(project: SimProject, ref: string): SimBranch["commit"] | undefined {
  const branch = project.branches.get(ref);
  if (branch) return branch.commit;
  if (!/^[0-9a-f]{4,40}$/i.test(ref)) return undefined;
  const wanted = ref.toLowerCase();
  for (const b of project.branches.values()) if (b.commit.id.startsWith(wanted)) return b.commit;
  return undefined;
}

function createBranch(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [
    { name: "branch", type: "string", required: true, allowBlank: false },
    { name: "ref", type: "string", required: true, allowBlank: false },
  ]);
  authorizeWrite(ctx);
  const name = p.branch as string;
  const ref = p.ref as string;
  if (!isValidRefName(name)) throw messageError(400, "Branch name is invalid");
  if (project.branches.has(name)) throw messageError(400, "Branch already exists");
  const commit = resolveRef(project, ref);
  if (!commit) throw messageError(400, `Failed to create branch '${name}': invalid reference name '${ref}'`);
  const branch: SimBranch = { name, commit: { ...commit }, merged: false };
  ctx.state.putBranch(project, branch);
  return { status: 201, body: presentBranch(ctx.state, project, branch, ctx.options.externalUrl, currentUserId(ctx)) };
}

/** destroy_conditionally!: If-Unmodified-Since older than the resource -> 412. */
export function checkUnmodifiedSince(ctx: RestContext, lastModified: string): void {
  const header = ctx.headers["if-unmodified-since"];
  if (typeof header !== "string") return;
  const since = Date.parse(header);
  if (!Number.isNaN(since) && Date.parse(lastModified) > since) throw messageError(412, "412 Precondition Failed");
}

function deleteBranch(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const branch = findBranch(project, ctx.route.branch);
  checkUnmodifiedSince(ctx, branch.commit.authored_date);
  if (branch.name === project.default_branch) {
    throw messageError(400, "The default branch of a project cannot be deleted.");
  }
  ctx.state.removeBranch(project, branch.name);
  return { status: 204 };
}

function deleteMerged(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  if (ctx.auth.kind === "user") {
    for (const branch of [...project.branches.values()]) {
      if (!branch.merged || branch.name === project.default_branch) continue;
      if (ctx.state.isProtected(project, branch.name)) continue;
      ctx.state.removeBranch(project, branch.name);
    }
  }
  return { status: 202, body: { message: "202 Accepted" } };
}

export function registerBranchRoutes(router: Router): void {
  router.add("GET", "/projects/:id/repository/branches", listBranches);
  router.add("POST", "/projects/:id/repository/branches", createBranch);
  router.add("GET", "/projects/:id/repository/branches/:branch", showBranch);
  router.add("HEAD", "/projects/:id/repository/branches/:branch", headBranch);
  router.add("DELETE", "/projects/:id/repository/branches/:branch", deleteBranch);
  router.add("DELETE", "/projects/:id/repository/merged_branches", deleteMerged);
}

/** Used by seeding: a branch whose commit derives deterministically from its name. */
export function seededBranch(
  name: string,
  at: Date,
  partial: Partial<Omit<SimBranch, "commit" | "name">> & { commit?: Partial<SimBranch["commit"]> } = {},
): SimBranch {
  return {
    name,
    commit: makeCommit(name, at, partial.commit ?? {}),
    merged: partial.merged ?? false,
    can_push: partial.can_push,
    developers_can_push: partial.developers_can_push,
    developers_can_merge: partial.developers_can_merge,
  };
}

