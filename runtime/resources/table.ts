// The data resources of §7.2 and §7.3, each read through one catalog action (RPC-2): the object templates
// are the gitlab:// URI templates the catalog's get actions declare (CAT-14), so every URI a get embeds
// has a template here (RPC-3); the collections and the fixed resources are the list actions below.
import { UriTemplate } from "@modelcontextprotocol/server";
import { actions } from "../../generated/index.js";

/** One data resource: a URI template (or a fixed URI) read by one catalog action. */
export interface DataResource {
  /** RFC 6570 template, or a fixed URI (no variables). */
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The catalog action that reads it. */
  readonly action: string;
  /** Parameters the read always sends (a collection's page size, the open issues' state). */
  readonly fixed?: Readonly<Record<string, string | number | boolean>>;
  /** A template variable named apart from the action's parameter (`branch` fills `branch_name`). */
  readonly rename?: Readonly<Record<string, string>>;
  /** A collection: one page of at most 100 items, with pageInfo in _meta (RPC-5). */
  readonly collection?: boolean;
}

/** RPC-5: a collection resource returns one page of at most this many items. */
export const PAGE = 100;

const P = "gitlab://project/{project_id}";
const G = "gitlab://group/{group_id}";

/** §7.3 names two variables apart from the parameter their get action takes. */
const SPEC_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "branch.get": { branch: "branch_name" },
  "repository.file_get": { path: "file_path" },
};

const titleOf = (id: string) => actions.find((a) => a.id === id)?.title ?? id;

/** One template per get action that declares one, in the variable names §7.3 publishes. */
function objectResources(): DataResource[] {
  return actions
    .filter((a) => a.resourceTemplate)
    .map((a) => {
      const rename = SPEC_NAMES[a.id];
      let uri = a.resourceTemplate!;
      for (const [variable, param] of Object.entries(rename ?? {})) uri = uri.replace(new RegExp(`\\{(\\+?)${param}\\}`), `{$1${variable}}`);
      const what = a.id === "repository.file_get" ? " Files above 1 MiB answer metadata only (truncated: true), binary files their bytes as a blob." : "";
      return { uri, name: a.id, title: a.title, description: `The JSON ${a.id} returns.${what}`, action: a.id, ...(rename ? { rename } : {}) };
    });
}

const list = (uri: string, name: string, action: string, description: string, fixed: Record<string, string | number | boolean> = {}): DataResource => ({
  uri,
  name,
  title: titleOf(action),
  description: `${description} One page of at most ${PAGE}, as ${action} returns it; _meta["io.github.jmrplens/pageInfo"] says whether it is complete.`,
  action,
  fixed: { per_page: PAGE, ...fixed },
  collection: true,
});

/** §7.2: the fixed data resources (beside gitlab://tools and the guides). */
export const FIXED: readonly DataResource[] = [
  { uri: "gitlab://user/current", name: "current_user", title: "Current user", description: "The user the token belongs to, as user.current returns it.", action: "user.current" },
  list("gitlab://groups", "groups", "group.list", "Groups visible to the user."),
];

/** §7.3: every resource template, collections first. */
export const TEMPLATES: readonly DataResource[] = [
  list(`${P}/members`, "project_members", "project.members", "The project's direct members."),
  list(`${P}/labels`, "project_labels", "project.label_list", "The project's labels."),
  list(`${P}/milestones`, "project_milestones", "project.milestone_list", "The project's milestones."),
  list(`${P}/branches`, "project_branches", "branch.list", "The project's branches."),
  list(`${P}/issues`, "project_issues", "issue.list", "The project's open issues.", { state: "opened" }),
  list(`${P}/releases`, "project_releases", "release.list", "The project's releases, newest first."),
  list(`${P}/tags`, "project_tags", "tag.list", "The project's tags."),
  list(`${P}/mr/{merge_request_iid}/notes`, "merge_request_notes", "mr_review.note_list", "The comments of a merge request."),
  list(`${P}/mr/{merge_request_iid}/discussions`, "merge_request_discussions", "mr_review.discussion_list", "The discussion threads of a merge request."),
  list(`${P}/pipeline/{pipeline_id}/jobs`, "pipeline_jobs", "job.list", "The jobs of a pipeline."),
  list(`${G}/members`, "group_members", "group.members", "The group's direct members."),
  list(`${G}/projects`, "group_projects", "group.projects", "The group's projects."),
  { uri: `${P}/pipelines/latest`, name: "latest_pipeline", title: titleOf("pipeline.latest"), description: "The latest pipeline of the default branch, as pipeline.latest returns it.", action: "pipeline.latest" },
  ...objectResources(),
];

/** A data resource matched by a URI, with its variables decoded once (RPC-4). */
export interface Match {
  readonly resource: DataResource;
  readonly params: Record<string, unknown>;
}

const compiled = new Map<DataResource, UriTemplate>();
const templateOf = (r: DataResource) => compiled.get(r) ?? (compiled.set(r, new UriTemplate(r.uri)), compiled.get(r)!);

/** The resource a gitlab:// URI names, or undefined (a URI that no template matches). */
export function matchUri(uri: string): Match | undefined {
  for (const resource of [...FIXED, ...TEMPLATES]) {
    const vars = resource.uri.includes("{") ? templateOf(resource).match(uri) : resource.uri === uri ? {} : null;
    if (!vars) continue;
    const params: Record<string, unknown> = { ...resource.fixed };
    let bad = false;
    for (const [name, raw] of Object.entries(vars)) {
      const value = decode(Array.isArray(raw) ? raw.join(",") : raw);
      if (value === undefined || value === "") bad = true;
      params[resource.rename?.[name] ?? name] = value;
    }
    if (!bad) return { resource, params };
  }
  return undefined;
}

function decode(v: string): string | undefined {
  try {
    return decodeURIComponent(v);
  } catch {
    return undefined;
  }
}
