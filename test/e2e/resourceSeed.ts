// The simulator data the resource and completion tests read: project 42 (group/project) in group 9
// (group), with one of every object a get action embeds a gitlab:// URI for, and a few of each list.
import type { GitLabSimulator } from "../sim/simulator.js";

const WEB = "https://gitlab.example.com/group/project";
const USER = { id: 1, username: "sim-user", name: "Simulator User", state: "active", web_url: "https://gitlab.example.com/sim-user" };
export const SHA = "a".repeat(40);
const COMMIT = { id: SHA, short_id: "aaaaaaaa", title: "Release 1.0", message: "Release 1.0\n", author_name: "Sim Developer", authored_date: "2025-03-01T10:00:00.000+00:00", committed_date: "2025-03-01T10:00:00.000+00:00", created_at: "2025-03-01T10:00:00.000+00:00", parent_ids: ["b".repeat(40)], web_url: `${WEB}/-/commit/${SHA}` };
const MILESTONE = { title: "Sprint 1", description: null, state: "active", due_date: null, start_date: null, expired: false, created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-01-01T00:00:00.000Z" };

export function seedResources(sim: GitLabSimulator): void {
  sim.addGroup({ id: 9, full_path: "group" });
  sim.addDocument("group", "instance", { id: 9, name: "group", path: "group", full_name: "Group", full_path: "group", description: "Our group", visibility: "private", parent_id: null, created_at: "2025-01-01T00:00:00.000Z", web_url: "https://gitlab.example.com/groups/group" });
  sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
  sim.addBranches(42, ["main", "develop", "feature/login"]);
  sim.addUser({ id: 7, username: "alice", name: "Alice Reviewer" });
  sim.addUser({ id: 8, username: "albert", name: "Albert Dev" });
  sim.addMember({ project: 42 }, { user_id: 7, access_level: 40 });
  sim.addMember({ project: 42 }, { user_id: 8, access_level: 30 });
  sim.addIssue(42, { iid: 1, title: "Login fails on Safari" });
  sim.addIssue(42, { iid: 2, title: "Old bug", state: "closed" });
  sim.addIssue(42, { iid: 12, title: "Add dark mode" });
  sim.addMergeRequest(42, { iid: 1, title: "Fix login", source_branch: "feature/login" });
  sim.addMergeRequest(42, { iid: 13, title: "Dark mode", source_branch: "develop" });
  sim.addNote(42, { merge_request_iid: 1 }, { body: "Looks good" });
  sim.addNote(42, { merge_request_iid: 1 }, { body: "Please add a test", resolvable: true });
  sim.addPipeline(42, { id: 1207, status: "failed", ref: "main" });
  sim.addDocument("group_label", 9, { id: 70, name: "priority::high", color: "#FF0000", text_color: "#FFFFFF", description: null, open_issues_count: 4, closed_issues_count: 1, open_merge_requests_count: 0, subscribed: false, priority: null, is_project_label: false });
  sim.addDocument("label", 42, { id: 7, name: "bug", color: "#d9534f", text_color: "#FFFFFF", description: "Something is broken", open_issues_count: 3, closed_issues_count: 5, open_merge_requests_count: 1, subscribed: false, priority: 10, is_project_label: true });
  sim.addDocument("milestone", 42, { id: 501, iid: 1, project_id: 42, ...MILESTONE, web_url: `${WEB}/-/milestones/1` });
  sim.addDocument("group_milestone", 9, { id: 601, iid: 1, group_id: 9, ...MILESTONE, title: "Q1", web_url: "https://gitlab.example.com/groups/group/-/milestones/1" });
  sim.addDocument("board", 42, { id: 3, name: "Development", hide_backlog_list: false, hide_closed_list: false, project: { id: 42 }, milestone: null, lists: [{ id: 1, label: { id: 7, name: "bug" }, position: 0 }] });
  sim.addDocument("job", 42, { id: 555, name: "rspec", stage: "test", status: "failed", ref: "main", tag: false, allow_failure: false, created_at: "2025-03-01T10:00:00.000Z", started_at: null, finished_at: null, duration: null, user: USER, commit: COMMIT, pipeline: { id: 1207, project_id: 42, ref: "main", sha: SHA, status: "failed", web_url: `${WEB}/-/pipelines/1207` }, web_url: `${WEB}/-/jobs/555` });
  sim.addDocument("tag", 42, { name: "v1.0.0", message: "First release", target: SHA, commit: COMMIT, release: { tag_name: "v1.0.0", description: "Notes" }, protected: false, created_at: null });
  sim.addDocument("release", 42, { tag_name: "v1.0.0", name: "Version 1.0", description: "## Changes\n- first", created_at: "2025-03-01T10:00:00.000Z", released_at: "2025-03-02T10:00:00.000Z", upcoming_release: false, author: USER, commit: COMMIT, commit_path: `/group/project/-/commit/${SHA}`, tag_path: "/group/project/-/tags/v1.0.0", assets: { count: 0, sources: [], links: [] }, _links: { self: `${WEB}/-/releases/v1.0.0` } });
  sim.addDocument("commit", 42, { ...COMMIT, stats: { additions: 15, deletions: 2, total: 17 }, status: "failed", last_pipeline: { id: 1207, ref: "main", sha: SHA, status: "failed", web_url: `${WEB}/-/pipelines/1207` }, project_id: 42 });
  sim.addDocument("environment", 42, { id: 12, name: "production", slug: "production", description: null, external_url: "https://prod.example.com", state: "available", tier: "production", created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-03-01T00:00:00.000Z", auto_stop_at: null, last_deployment: { id: 88, iid: 4, ref: "main", sha: SHA, status: "success" } });
  sim.addDocument("deployment", 42, { id: 88, iid: 4, ref: "main", sha: SHA, status: "success", created_at: "2025-03-01T10:00:00.000Z", updated_at: "2025-03-01T10:05:00.000Z", finished_at: "2025-03-01T10:05:00.000Z", user: USER, environment: { id: 12, name: "production" }, deployable: null });
  sim.addDocument("feature_flag", 42, { name: "new_login", description: "Ship it", active: true, version: "new_version_flag", created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-01-02T00:00:00.000Z", scopes: [], strategies: [{ id: 1, name: "default", parameters: {}, scopes: [{ id: 1, environment_scope: "*" }] }] });
  sim.addDocument("deploy_key", 42, { id: 5, title: "CI key", key: "ssh-ed25519 AAAA", fingerprint: "4a:9d", fingerprint_sha256: "SHA256:abc", created_at: "2025-01-01T00:00:00.000Z", expires_at: null, can_push: false });
  sim.addDocument("wiki_page", 42, { slug: "dir/home", title: "home", format: "markdown", content: "# Welcome", encoding: "UTF-8" });
  sim.addDocument("project_snippet", 42, { id: 31, title: "Deploy script", description: null, visibility: "private", author: USER, project_id: 42, file_name: "deploy.sh", files: [{ path: "deploy.sh", raw_url: `${WEB}/-/snippets/31/raw/main/deploy.sh` }], created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-01-01T00:00:00.000Z", web_url: `${WEB}/-/snippets/31` });
  sim.addDocument("snippet", "instance", { id: 30, title: "My notes", description: "personal", visibility: "public", author: USER, project_id: null, file_name: "notes.md", files: [{ path: "notes.md" }], created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-01-01T00:00:00.000Z", web_url: "https://gitlab.example.com/-/snippets/30" });
}

/** One get action's call, and the gitlab:// URI it must embed (CAT-14, CAT-16). */
export interface GetCase {
  readonly id: string;
  readonly params: Record<string, unknown>;
  readonly uri: string;
}

/** A call of every get action that declares a resource template, against seedResources (plus the writes of `before`). */
export const GET_CASES: readonly GetCase[] = [
  { id: "project.get", params: { project_id: "group/project" }, uri: "gitlab://project/group%2Fproject" },
  { id: "project.board_get", params: { project_id: 42, board_id: 3 }, uri: "gitlab://project/42/board/3" },
  { id: "project.label_get", params: { project_id: 42, label_id: "bug" }, uri: "gitlab://project/42/label/bug" },
  { id: "project.milestone_get", params: { project_id: 42, milestone_iid: 1 }, uri: "gitlab://project/42/milestone/1" },
  { id: "group.get", params: { group_id: "group" }, uri: "gitlab://group/group" },
  { id: "group.group_label_get", params: { group_id: 9, label_id: "priority::high" }, uri: "gitlab://group/9/label/priority%3A%3Ahigh" },
  { id: "group.group_milestone_get", params: { group_id: 9, milestone_iid: 1 }, uri: "gitlab://group/9/milestone/1" },
  { id: "group.group_board_get", params: { group_id: 9, board_id: "<board>" }, uri: "gitlab://group/9/board/<board>" },
  { id: "group.wiki_get", params: { group_id: 9, slug: "handbook" }, uri: "gitlab://group/9/wiki/handbook" },
  { id: "issue.get", params: { project_id: "group/project", issue_iid: 1 }, uri: "gitlab://project/group%2Fproject/issue/1" },
  { id: "merge_request.get", params: { project_id: 42, merge_request_iid: 1 }, uri: "gitlab://project/42/mr/1" },
  { id: "pipeline.get", params: { project_id: 42, pipeline_id: 1207 }, uri: "gitlab://project/42/pipeline/1207" },
  { id: "job.get", params: { project_id: 42, job_id: 555 }, uri: "gitlab://project/42/job/555" },
  { id: "branch.get", params: { project_id: 42, branch_name: "feature/login" }, uri: "gitlab://project/42/branch/feature%2Flogin" },
  { id: "tag.get", params: { project_id: 42, tag_name: "v1.0.0" }, uri: "gitlab://project/42/tag/v1.0.0" },
  { id: "release.get", params: { project_id: 42, tag_name: "v1.0.0" }, uri: "gitlab://project/42/release/v1.0.0" },
  { id: "repository.commit_get", params: { project_id: 42, sha: "aaaaaaaa" }, uri: "gitlab://project/42/commit/aaaaaaaa" },
  { id: "repository.file_get", params: { project_id: 42, ref: "main", file_path: "src/util/strings.ts" }, uri: "gitlab://project/42/file/main/src/util/strings.ts" },
  { id: "environment.get", params: { project_id: 42, environment_id: 12 }, uri: "gitlab://project/42/environment/12" },
  { id: "environment.deployment_get", params: { project_id: 42, deployment_id: 88 }, uri: "gitlab://project/42/deployment/88" },
  { id: "feature_flags.feature_flag_get", params: { project_id: 42, name: "new_login" }, uri: "gitlab://project/42/feature_flag/new_login" },
  { id: "access.deploy_key_get", params: { project_id: 42, deploy_key_id: 5 }, uri: "gitlab://project/42/deploy_key/5" },
  { id: "wiki.get", params: { project_id: 42, slug: "dir/home" }, uri: "gitlab://project/42/wiki/dir%2Fhome" },
  { id: "snippet.get", params: { snippet_id: 30 }, uri: "gitlab://snippet/30" },
  { id: "snippet.project_get", params: { project_id: 42, snippet_id: 31 }, uri: "gitlab://project/42/snippet/31" },
  { id: "ci_variable.get", params: { project_id: 42, key: "DEPLOY_TOKEN" }, uri: "gitlab://project/42/ci_variable/DEPLOY_TOKEN" },
  { id: "ci_variable.group_get", params: { group_id: 9, key: "REGISTRY" }, uri: "gitlab://group/9/ci_variable/REGISTRY" },
  { id: "user.get", params: { user_id: "sim-user" }, uri: "gitlab://user/sim-user" },
];

/** Writes that create what the simulator seeds only through its API (run through the server before the cases). */
export const SEED_WRITES: readonly { id: string; params: Record<string, unknown>; yields?: string }[] = [
  { id: "group.group_board_create", params: { group_id: 9, name: "Team" }, yields: "<board>" },
  { id: "group.wiki_create", params: { group_id: 9, title: "handbook", content: "# Handbook" } },
  { id: "ci_variable.create", params: { project_id: 42, key: "DEPLOY_TOKEN", value: "s3cr3t-value-1", masked: true } },
  { id: "group.group_member_add", params: { group_id: 9, user_id: 7, access_level: 50 } },
  { id: "ci_variable.group_create", params: { group_id: 9, key: "REGISTRY", value: "registry.example.com" } },
];

/** A case with the IDs the seed writes yielded put in place of their placeholders. */
export function filled(c: GetCase, ids: ReadonlyMap<string, string>): GetCase {
  const fill = (v: string) => [...ids].reduce((s, [k, id]) => s.replaceAll(k, id), v);
  const params = Object.fromEntries(Object.entries(c.params).map(([k, v]) => [k, typeof v === "string" && ids.has(v) ? Number(ids.get(v)) : v]));
  return { ...c, params, uri: fill(c.uri) };
}
