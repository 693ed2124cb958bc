// Project and group milestone lists (doc/api/milestones.md, doc/api/group_milestones.md;
// lib/api/milestone_responses.rb `list_params`, app/finders/milestones_finder.rb):
// - `iids[]` keeps the milestones with those IIDs (Grape Array[Integer], also one comma-separated
//   string; anything else answers 400 "iids is invalid"); `title` is an exact, case-sensitive match;
//   `search` is Gitlab::SQL::Pattern's fuzzy search over title or description; `state` is active,
//   closed or all (the default), anything else 400 "state does not have a valid value";
// - ordered by due date, earliest first and undated last (MilestonesFinder's due_date_asc), then by ID;
// - offset pagination over an ActiveRecord relation (totals dropped above totalsLimit);
// - an unknown project answers 404 Project Not Found, an unknown group 404 Group Not Found.
// The milestones are the documents seeded with addDocument("milestone" | "group_milestone", ...).
import { validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamValue } from "./params.js";
import { userProject } from "./projectAccess.js";
import { groupOf, listDocuments } from "./restDocuments.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";

type Json = Record<string, unknown>;

const LIST_PARAMS = [
  { name: "state", type: "string" as const, values: ["active", "closed", "all"], default: "all" },
  { name: "title", type: "string" as const },
  { name: "search", type: "string" as const },
  ...PAGINATION_PARAMS,
];

/** API::Validations::Types::CommaSeparatedToIntegerArray behind Array[Integer]. */
function iids(raw: ParamValue | undefined): number[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  const list = Array.isArray(raw) ? raw.flatMap((v) => String(v).split(",")) : String(raw).split(",");
  const out = list.filter((v) => v.trim() !== "").map((v) => (/^\s*\d+\s*$/.test(v) ? Number(v) : NaN));
  if (out.some((n) => !Number.isInteger(n))) throw validationError(["iids is invalid"]);
  return out;
}

/** Gitlab::SQL::Pattern#fuzzy_arel_match: every word of 3+ characters as a substring, else the query as a whole, case-insensitive. */
function fuzzyMatch(value: unknown, query: string): boolean {
  if (typeof value !== "string") return false;
  const text = value.toLowerCase();
  const q = query.trim().replace(/\s+/g, " ").toLowerCase();
  const words = q.split(" ").filter((w) => w.length >= 3);
  if (words.length === 0) return q.length >= 3 ? text.includes(q) : text === q;
  return words.every((w) => text.includes(w));
}

function byDueDate(a: Json, b: Json): number {
  const da = typeof a.due_date === "string" ? a.due_date : undefined;
  const db = typeof b.due_date === "string" ? b.due_date : undefined;
  if (da !== db) return da === undefined ? 1 : db === undefined ? -1 : da < db ? -1 : 1;
  return Number(a.id) - Number(b.id);
}

function list(ctx: RestContext, all: Json[]): RestResult {
  const p = declare(ctx.params, LIST_PARAMS);
  const wanted = iids(ctx.params.iids);
  const title = p.title as string | undefined;
  const search = p.search as string | undefined;
  const found = all
    .filter((m) => !wanted || wanted.length === 0 || wanted.includes(Number(m.iid)))
    .filter((m) => title === undefined || m.title === title)
    .filter((m) => !search || fuzzyMatch(m.title, search) || fuzzyMatch(m.description, search))
    .filter((m) => p.state === "all" || m.state === p.state)
    .sort(byDueDate);
  const page = paginateOffset(found, p.page as number, p.per_page as number, linkContext(ctx, p), ctx.options.totalsLimit);
  return { status: 200, body: page.items, headers: page.headers };
}

export function registerMilestoneRoutes(router: Router): void {
  router.add("GET", "/projects/:id/milestones", (ctx) => list(ctx, listDocuments(ctx.state, "milestone", userProject(ctx).id)));
  router.add("GET", "/groups/:id/milestones", (ctx) => list(ctx, listDocuments(ctx.state, "group_milestone", groupOf(ctx).id as number)));
}
