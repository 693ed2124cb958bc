// What each argument or template variable completes with (RPC-13), keyed by its name, so a prompt
// argument and a resource-template variable of the same name complete the same way. Each answer is one
// catalog list action (one GitLab request), scoped by the project_id or group_id the same reference
// already holds; `state` is a fixed list and `gitlab://tools/{id}` is completed from the catalog.
import { decodeOnce } from "../gitlab/route.js";

/** The other arguments the client already filled in (`context.arguments`). */
export type Given = Readonly<Record<string, string | undefined>>;

/** One list action to run and how to read a value out of each item it returns. */
export interface Query {
  readonly action: string;
  readonly params: Record<string, unknown>;
  /** The value an item offers (a path, a name, an IID). */
  readonly pick: (item: Record<string, unknown>) => unknown;
  /** A filter applied to the page GitLab returned (when GitLab cannot search by it); totals are then counted here. */
  readonly keep?: (value: string) => boolean;
}

/** A completer: a query, a fixed list, or nothing (the scope it needs is missing). */
export type Completer = (value: string, given: Given) => Query | readonly string[] | undefined;

/** RPC-12: at most this many values per answer. */
export const MAX_VALUES = 10;
/** The page read when the values are filtered here rather than by GitLab's search. */
const FILTER_PAGE = 100;

const scope = (given: Given, name: "project_id" | "group_id") => (given[name] ? decodeOnce(given[name]) : undefined);
const field = (name: string) => (item: Record<string, unknown>) => item[name];
const lower = (s: string) => s.toLowerCase();
const numeric = (value: string) => /^\d*$/.test(value);
const prefixed = (value: string) => (v: string) => v.startsWith(value);
const containing = (value: string) => (v: string) => lower(v).includes(lower(value));
/** GitLab searches a name or path, never `group/sub/project`: search the last part, keep what contains the whole. */
const pathSearch = (value: string) => ({ search: value.split("/").pop() || undefined });

/** An ID completed by its number's prefix: GitLab cannot search it, so a larger page is filtered here. */
function byId(action: string, params: Record<string, unknown>, value: string, pick = field("id")): Query {
  return value === "" ? { action, params: { ...params, per_page: MAX_VALUES }, pick } : { action, params: { ...params, per_page: FILTER_PAGE }, pick, keep: prefixed(value) };
}

/** IIDs of open merge requests or issues: a number completes by prefix, words search their titles. */
function openIid(action: string, project: string | undefined, value: string): Query | undefined {
  if (!project) return undefined;
  const params = { project_id: project, state: "opened" };
  if (!numeric(value)) return { action, params: { ...params, search: value, per_page: MAX_VALUES }, pick: field("iid") };
  return byId(action, params, value, field("iid"));
}

const branches: Completer = (value, given) => {
  const project = scope(given, "project_id");
  return project ? { action: "branch.list", params: { project_id: project, search: value || undefined, per_page: MAX_VALUES }, pick: field("name") } : undefined;
};

const tags: Completer = (value, given) => {
  const project = scope(given, "project_id");
  return project ? { action: "tag.list", params: { project_id: project, search: value || undefined, per_page: MAX_VALUES }, pick: field("name") } : undefined;
};

/** A ref is a branch or a tag; one request can ask for only one of them: a version-like value asks for tags. */
const refs: Completer = (value, given) => (/^v?\d/.test(value) ? tags(value, given) : branches(value, given));

const users: Completer = (value, given) => {
  const project = scope(given, "project_id");
  const group = scope(given, "group_id");
  const search = value.replace(/^@/, "") || undefined;
  if (project) return { action: "project.list_users", params: { project_id: project, search, per_page: MAX_VALUES }, pick: field("username") };
  if (group) return { action: "group.members", params: { group_id: group, query: search, per_page: MAX_VALUES }, pick: field("username") };
  return { action: "user.list", params: { search, active: true, per_page: MAX_VALUES }, pick: field("username") };
};

const milestones =
  (pick: "title" | "iid"): Completer =>
  (value, given) => {
    const project = scope(given, "project_id");
    const group = scope(given, "group_id");
    const [action, owner] = project ? ["project.milestone_list", { project_id: project }] : group ? ["group.group_milestone_list", { group_id: group }] : [];
    if (!action) return undefined;
    const params = { ...owner, state: "active" };
    if (pick === "iid" && numeric(value)) return byId(action, params, value, field("iid"));
    return { action, params: { ...params, search: value || undefined, per_page: MAX_VALUES }, pick: field(pick) };
  };

/** In a project, or else in a group, with the same value picked. */
const projectOrGroup =
  (inProject: string, inGroup: string | undefined, pick: string, how: "search" | "id" | "contains"): Completer =>
  (value, given) => {
    const project = scope(given, "project_id");
    const group = scope(given, "group_id");
    const [action, owner] = project ? [inProject, { project_id: project }] : group && inGroup ? [inGroup, { group_id: group }] : [];
    if (!action) return undefined;
    if (how === "id") return byId(action, owner!, value, field(pick));
    if (how === "contains") return { action, params: { ...owner, per_page: FILTER_PAGE }, pick: field(pick), ...(value ? { keep: containing(value) } : {}) };
    return { action, params: { ...owner, search: value || undefined, per_page: MAX_VALUES }, pick: field(pick) };
  };

const inProject =
  (make: (project: string, value: string, given: Given) => Query): Completer =>
  (value, given) => {
    const project = scope(given, "project_id");
    return project ? make(project, value, given) : undefined;
  };

/** RPC-13, by argument name. */
export const COMPLETERS: Readonly<Record<string, Completer>> = {
  project_id: (value) => ({
    action: "project.list",
    params: { ...pathSearch(value), membership: true, simple: true, order_by: "last_activity_at", per_page: value.includes("/") ? FILTER_PAGE : MAX_VALUES },
    pick: field("path_with_namespace"),
    ...(value.includes("/") ? { keep: containing(value) } : {}),
  }),
  group_id: (value) => ({
    action: "group.list",
    params: { ...pathSearch(value), per_page: value.includes("/") ? FILTER_PAGE : MAX_VALUES },
    pick: field("full_path"),
    ...(value.includes("/") ? { keep: containing(value) } : {}),
  }),
  username: users,
  user_id: users,
  branch: branches,
  branch_name: branches,
  target_branch: branches,
  source_branch: branches,
  ref: refs,
  from: refs,
  to: refs,
  tag_name: tags,
  sha: inProject((project, value, given) => ({
    action: "repository.commit_list",
    params: { project_id: project, ref_name: given.ref ?? given.branch ?? undefined, per_page: value ? FILTER_PAGE : MAX_VALUES },
    pick: field("id"),
    ...(value ? { keep: prefixed(lower(value)) } : {}),
  })),
  merge_request_iid: (value, given) => openIid("merge_request.list", scope(given, "project_id"), value),
  issue_iid: (value, given) => openIid("issue.list", scope(given, "project_id"), value),
  pipeline_id: inProject((project, value, given) => byId("pipeline.list", { project_id: project, ref: given.ref ?? given.branch ?? undefined }, value)),
  job_id: inProject((project, value, given) =>
    given.pipeline_id ? byId("job.list", { project_id: project, pipeline_id: given.pipeline_id }, value) : byId("job.list_project", { project_id: project }, value),
  ),
  label_id: projectOrGroup("project.label_list", "group.group_label_list", "name", "search"),
  milestone: milestones("title"),
  milestone_iid: milestones("iid"),
  environment_id: inProject((project, value) => byId("environment.list", { project_id: project, states: "available" }, value)),
  deployment_id: inProject((project, value) => byId("environment.deployment_list", { project_id: project, order_by: "id", sort: "desc" }, value)),
  board_id: projectOrGroup("project.board_list", "group.group_board_list", "id", "id"),
  slug: projectOrGroup("wiki.list", "group.wiki_list", "slug", "contains"),
  name: projectOrGroup("feature_flags.feature_flag_list", undefined, "name", "contains"),
  deploy_key_id: projectOrGroup("access.deploy_key_list_project", undefined, "id", "id"),
  snippet_id: (value, given) => (scope(given, "project_id") ? projectOrGroup("snippet.project_list", undefined, "id", "id")(value, given) : byId("snippet.list", {}, value)),
  key: projectOrGroup("ci_variable.list", "ci_variable.group_list", "key", "contains"),
  state: () => ["opened", "closed", "merged", "all"],
};
