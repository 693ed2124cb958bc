// Every documented parameter of the repository actions (issue 22): each list filter is sent and narrows
// the answer, each optional write field reaches GitLab and comes back. Fixtures follow GitLab's commits,
// repository files and repositories API docs: project 42 holds commit documents (main: C1 <- C2 <- C3,
// feature/login: F1 off C2), project 43 an upstream branch, project 44 the file snapshots of restFiles.ts.
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";
import type { GitLabSimulator } from "../sim/simulator.js";

const WEB = "https://gitlab.example.com/group/project";
const C1 = "1".repeat(40);
const C2 = "2".repeat(40);
const C3 = "3".repeat(40);
const F1 = "f".repeat(40);
const U1 = "a".repeat(40);
const FILES = "/projects/44/repository/files";

function commit(id: string, parent: string | null, title: string, at: string, extra: { message?: string; author_name?: string } = {}) {
  return {
    id,
    short_id: id.slice(0, 8),
    title,
    message: extra.message ?? `${title}\n`,
    author_name: extra.author_name ?? "Sim Developer",
    author_email: "developer@example.com",
    authored_date: at,
    committer_name: "Sim Developer",
    committer_email: "developer@example.com",
    committed_date: at,
    created_at: at,
    parent_ids: parent ? [parent] : [],
    trailers: {},
    extended_trailers: {},
    web_url: `${WEB}/-/commit/${id}`,
  };
}

const COMMITS = [
  commit(C1, null, "Initial commit", "2025-03-01T10:00:00.000+00:00"),
  commit(C2, C1, "Add login form", "2025-03-02T10:00:00.000+00:00", { author_name: "Ana Lopez" }),
  commit(C3, C2, "Fix crash on logout", "2025-03-03T10:00:00.000+00:00", { message: "Fix crash on logout\n\nChangelog: fixed\n" }),
  commit(F1, C2, "Remember me checkbox", "2025-03-04T10:00:00.000+00:00"),
];
const UPSTREAM = commit(U1, null, "Upstream work", "2025-03-05T10:00:00.000+00:00");

const structured = (r: CallToolResult) => (r.structuredContent ?? {}) as Record<string, unknown>;
const ids = (r: CallToolResult, key = "commits") => (structured(r)[key] as { id: string }[]).map((c) => c.id);
let thread = "";
let firstEntry = "";
let fullArchive = 0;
let fileCommit = "";

export const table: BehaviourTable = {
  domain: "params repository",
  seed(sim: GitLabSimulator) {
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    for (const c of COMMITS) sim.addDocument("commit", 42, { ...c, stats: { additions: 3, deletions: 1, total: 4 }, status: null, last_pipeline: null });
    sim.addBranch(42, { name: "main", commit: COMMITS[2] });
    sim.addBranch(42, { name: "feature/login", commit: COMMITS[3] });
    sim.addDocument("tag", 42, { name: "v1.0.0", message: "", target: C1, commit: COMMITS[0], release: null, protected: false, created_at: null });
    sim.addProject({ id: 43, path_with_namespace: "upstream/project", default_branch: "main" });
    sim.addDocument("commit", 43, { ...UPSTREAM, stats: { additions: 1, deletions: 0, total: 1 }, status: null, last_pipeline: null });
    sim.addBranch(43, { name: "upstream", commit: UPSTREAM });
    sim.addProject({ id: 44, path_with_namespace: "group/files", default_branch: "main" });
    const diff = { old_path: "src/app.ts", new_path: "src/app.ts", a_mode: "100644", b_mode: "100644", diff: "@@ -1 +1 @@\n-old\n+new\n", new_file: false, renamed_file: false, deleted_file: false };
    sim.addComparison(42, "main", "feature/login", { commit: COMMITS[3], commits: [COMMITS[3]], diffs: [diff], compare_timeout: false });
    sim.addCommitDiff(42, C3, [diff]);
  },
  cases: [
    // ---- commit list: every filter
    {
      id: "repository.commit_list",
      name: "first_parent, with_stats and topo order reach GitLab, stats come back and trailers stay empty",
      params: { project_id: 42, first_parent: true, with_stats: true, order: "topo" },
      request: { method: "GET", path: "/projects/42/repository/commits", query: { first_parent: "true", with_stats: "true", order: "topo" } },
      markdown: ["## Commits (3)"],
      check(r) {
        const rows = structured(r).commits as { id: string; stats?: { additions: number }; trailers?: object }[];
        assert.deepEqual(rows.map((c) => c.id), [C3, C2, C1]);
        assert.ok(rows.every((c) => c.stats?.additions === 3), "every commit carries its stats");
        assert.deepEqual(rows[0].trailers, {}, "no trailers unless asked");
      },
    },
    {
      id: "repository.commit_list",
      name: "trailers parses each commit's Git trailers",
      params: { project_id: 42, trailers: true },
      request: { method: "GET", path: "/projects/42/repository/commits", query: { trailers: "true" } },
      markdown: ["## Commits (3)"],
      check: (r) => assert.deepEqual((structured(r).commits as { trailers: object }[])[0].trailers, { Changelog: "fixed" }),
    },
    {
      id: "repository.commit_list",
      name: "since and until narrow to one day",
      params: { project_id: 42, since: "2025-03-02T00:00:00Z", until: "2025-03-02T23:59:59Z" },
      request: { method: "GET", path: "/projects/42/repository/commits", query: { since: "2025-03-02T00:00:00Z", until: "2025-03-02T23:59:59Z" } },
      markdown: ["Add login form"],
      check: (r) => assert.deepEqual(ids(r), [C2]),
    },
    {
      id: "repository.commit_list",
      name: "all lists the commits of every branch",
      params: { project_id: 42, all: true, author: "sim" },
      request: { method: "GET", path: "/projects/42/repository/commits", query: { all: "true", author: "sim" } },
      markdown: ["Remember me checkbox"],
      check: (r) => assert.deepEqual(new Set(ids(r)), new Set([C1, C3, F1])),
    },
    {
      id: "repository.commit_list",
      name: "order refuses a value GitLab does not know, before sending",
      params: { project_id: 42, order: "newest" },
      markdown: [/order/],
      isError: true,
    },
    // ---- one commit
    {
      id: "repository.commit_get",
      name: "stats false leaves the line stats out",
      params: { project_id: 42, sha: C2, stats: false },
      request: { method: "GET", path: `/projects/42/repository/commits/${C2}`, query: { stats: "false" } },
      markdown: ["Add login form"],
      check: (r) => assert.equal(structured(r).stats, undefined),
    },
    {
      id: "repository.commit_create",
      name: "start_project, force and stats: a branch rebuilt from another project's branch",
      params: {
        project_id: 42,
        branch_name: "feature/login",
        commit_message: "Port upstream work",
        actions: [{ action: "create", file_path: "bin/run.sh", content: "echo hi\n", execute_filemode: true }],
        start_project: 43,
        start_branch: "upstream",
        force: true,
        stats: false,
      },
      request: {
        method: "POST",
        path: "/projects/42/repository/commits",
        body: {
          branch: "feature/login",
          commit_message: "Port upstream work",
          actions: [{ action: "create", file_path: "bin/run.sh", content: "echo hi\n", execute_filemode: true }],
          start_project: 43,
          start_branch: "upstream",
          force: true,
          stats: false,
        },
      },
      markdown: ["Port upstream work"],
      check(r) {
        assert.deepEqual(structured(r).parent_ids, [U1], "the new commit's parent is the upstream commit");
        assert.equal(structured(r).stats, undefined);
      },
    },
    {
      id: "repository.commit_status_set",
      name: "coverage and pipeline_id are stored and returned",
      params: { project_id: 42, sha: C2, state: "success", name: "ci/coverage", coverage: 87.5, pipeline_id: 77 },
      request: { method: "POST", path: `/projects/42/statuses/${C2}`, body: { state: "success", name: "ci/coverage", coverage: 87.5, pipeline_id: 77 } },
      markdown: ["ci/coverage"],
      check(r) {
        assert.equal(structured(r).coverage, 87.5);
        assert.equal(structured(r).pipeline_id, 77);
      },
    },
    {
      id: "repository.commit_status_set",
      name: "a second status in another pipeline",
      params: { project_id: 42, sha: C2, state: "failed", name: "ci/lint", pipeline_id: 78 },
      request: { method: "POST", path: `/projects/42/statuses/${C2}` },
      markdown: ["ci/lint"],
    },
    {
      id: "repository.commit_statuses",
      name: "pipeline_id narrows to one pipeline",
      params: { project_id: 42, sha: C2, pipeline_id: 77 },
      request: { method: "GET", path: `/projects/42/repository/commits/${C2}/statuses`, query: { pipeline_id: "77" } },
      markdown: ["ci/coverage"],
      check: (r) => assert.deepEqual((structured(r).statuses as { name: string }[]).map((s) => s.name), ["ci/coverage"]),
    },
    {
      id: "repository.commit_statuses",
      name: "order_by pipeline_id, sort desc",
      params: { project_id: 42, sha: C2, order_by: "pipeline_id", sort: "desc" },
      request: { method: "GET", path: `/projects/42/repository/commits/${C2}/statuses`, query: { order_by: "pipeline_id", sort: "desc" } },
      markdown: ["ci/lint"],
      check: (r) => assert.deepEqual((structured(r).statuses as { pipeline_id: number }[]).map((s) => s.pipeline_id), [78, 77]),
    },
    {
      id: "repository.commit_statuses",
      name: "stage narrows (no external status has the build stage)",
      params: { project_id: 42, sha: C2, stage: "build" },
      request: { method: "GET", path: `/projects/42/repository/commits/${C2}/statuses`, query: { stage: "build" } },
      markdown: [/No /],
      check: (r) => assert.deepEqual(structured(r).statuses, []),
    },
    {
      id: "repository.commit_discussion_create",
      name: "created_at and a diff position are stored and returned",
      params: {
        project_id: 42,
        sha: C3,
        body: "Why this line?",
        created_at: "2025-03-10T09:00:00Z",
        position: { base_sha: C2, start_sha: C2, head_sha: C3, position_type: "text", new_path: "src/app.ts", new_line: 4 },
      },
      request: {
        method: "POST",
        path: `/projects/42/repository/commits/${C3}/discussions`,
        body: { body: "Why this line?", created_at: "2025-03-10T09:00:00Z", position: { base_sha: C2, start_sha: C2, head_sha: C3, position_type: "text", new_path: "src/app.ts", new_line: 4 } },
      },
      markdown: ["Why this line?"],
      check(r) {
        thread = String(structured(r).id);
        const note = (structured(r).notes as { created_at: string; position?: { new_line: number } }[])[0];
        assert.equal(note.created_at, "2025-03-10T09:00:00.000Z");
        assert.equal(note.position?.new_line, 4);
      },
    },
    {
      id: "repository.commit_discussion_create",
      name: "a position without its SHAs is refused before sending",
      params: { project_id: 42, sha: C3, body: "x", position: { position_type: "text" } },
      markdown: [/base_sha/],
      isError: true,
    },
    {
      id: "repository.commit_discussion_add_note",
      name: "created_at backdates the reply",
      params: { project_id: 42, sha: C3, get discussion_id() { return thread; }, body: "Because.", created_at: "2025-03-11T09:00:00Z" },
      get request() { return { method: "POST", path: `/projects/42/repository/commits/${C3}/discussions/${thread}/notes`, body: { body: "Because.", created_at: "2025-03-11T09:00:00Z" } }; },
      markdown: ["Because."],
      check: (r) => assert.equal(structured(r).created_at, "2025-03-11T09:00:00.000Z"),
    },
    // ---- diffs
    {
      id: "repository.compare",
      name: "unidiff gives unified diffs with file headers",
      params: { project_id: 42, from: "main", to: "feature/login", unidiff: true },
      request: { method: "GET", path: "/projects/42/repository/compare", query: { from: "main", to: "feature/login", unidiff: "true" } },
      markdown: ["--- a/src/app.ts"],
      check: (r) => assert.match(String((structured(r).diffs as { diff: string }[])[0].diff), /^--- a\/src\/app.ts\n\+\+\+ b\/src\/app.ts/),
    },
    {
      id: "repository.commit_diff",
      name: "unidiff gives unified diffs with file headers",
      params: { project_id: 42, sha: C3, unidiff: true },
      request: { method: "GET", path: `/projects/42/repository/commits/${C3}/diff`, query: { unidiff: "true" } },
      markdown: ["--- a/src/app.ts"],
      check: (r) => assert.match(String((structured(r).diffs as { diff: string }[])[0].diff), /^--- a\/src\/app.ts/),
    },
    // ---- changelog
    {
      id: "repository.changelog_generate",
      name: "trailer picks the commits, config_file and config_file_ref reach GitLab",
      params: { project_id: 42, version: "1.1.0", date: "2025-06-01", trailer: "Changelog", config_file: ".gitlab/changelog.yml", config_file_ref: "main" },
      request: { method: "GET", path: "/projects/42/repository/changelog", query: { version: "1.1.0", date: "2025-06-01", trailer: "Changelog", config_file: ".gitlab/changelog.yml", config_file_ref: "main" } },
      markdown: ["### fixed (1 change)"],
    },
    {
      id: "repository.changelog_generate",
      name: "a trailer no commit carries gives no changes",
      params: { project_id: 42, version: "1.1.0", trailer: "Type" },
      request: { method: "GET", path: "/projects/42/repository/changelog", query: { version: "1.1.0", trailer: "Type" } },
      markdown: ["No changes."],
    },
    {
      id: "repository.changelog_add",
      name: "trailer, config_file and config_file_ref reach GitLab",
      params: { project_id: 42, version: "1.1.0", trailer: "Changelog", config_file: ".gitlab/changelog.yml", config_file_ref: "main", date: "2025-06-01T00:00:00Z" },
      request: { method: "POST", path: "/projects/42/repository/changelog", body: { version: "1.1.0", trailer: "Changelog", config_file: ".gitlab/changelog.yml", config_file_ref: "main", date: "2025-06-01T00:00:00Z" } },
      markdown: [/./],
    },
    // ---- files: author, executable bit, start_branch; history filters; tree keyset; archive exclusions
    {
      id: "repository.file_create",
      name: "author_name, author_email and execute_filemode reach GitLab",
      params: { project_id: 44, file_path: "bin/deploy.sh", branch_name: "main", commit_message: "Add deploy script", content: "#!/bin/sh\n", author_name: "Bo Writer", author_email: "bo@example.com", execute_filemode: true },
      request: { method: "POST", path: `${FILES}/bin%2Fdeploy.sh`, body: { branch: "main", commit_message: "Add deploy script", content: "#!/bin/sh\n", author_name: "Bo Writer", author_email: "bo@example.com", execute_filemode: true } },
      markdown: ["bin/deploy.sh"],
    },
    {
      id: "repository.file_get",
      name: "the executable bit came back",
      params: { project_id: 44, file_path: "bin/deploy.sh", ref: "main" },
      request: { method: "GET", path: `${FILES}/bin%2Fdeploy.sh` },
      markdown: ["bin/deploy.sh"],
      check(r) {
        assert.equal(structured(r).execute_filemode, true);
        fileCommit = String(structured(r).last_commit_id);
      },
    },
    {
      id: "repository.file_history",
      name: "author narrows to the commits of one author, who came back from file_create",
      params: { project_id: 44, file_path: "bin/deploy.sh", author: "bo writer", with_stats: true, trailers: true, first_parent: true, order: "topo" },
      request: { method: "GET", path: "/projects/44/repository/commits", query: { path: "bin/deploy.sh", author: "bo writer", with_stats: "true", trailers: "true", first_parent: "true", order: "topo" } },
      markdown: ["Add deploy script", "Bo Writer"],
      check(r) {
        const rows = structured(r).commits as { author_email: string; stats?: object }[];
        assert.equal(rows.length, 1);
        assert.equal(rows[0].author_email, "bo@example.com");
        assert.ok(rows[0].stats, "with_stats adds the stats");
      },
    },
    {
      id: "repository.file_history",
      name: "another author finds nothing",
      params: { project_id: 44, file_path: "bin/deploy.sh", author: "nobody" },
      request: { method: "GET", path: "/projects/44/repository/commits", query: { path: "bin/deploy.sh", author: "nobody" } },
      markdown: [/No commits/],
      check: (r) => assert.deepEqual(structured(r).commits, []),
    },
    {
      id: "repository.file_history",
      name: "until before the file existed finds nothing, all reads every branch",
      params: { project_id: 44, file_path: "bin/deploy.sh", until: "2001-01-01T00:00:00Z", all: true },
      request: { method: "GET", path: "/projects/44/repository/commits", query: { path: "bin/deploy.sh", until: "2001-01-01T00:00:00Z", all: "true" } },
      markdown: [/No commits/],
      check: (r) => assert.deepEqual(structured(r).commits, []),
    },
    {
      id: "repository.file_update",
      name: "start_branch, last_commit_id and execute_filemode false",
      params: { project_id: 44, file_path: "bin/deploy.sh", branch_name: "fix/deploy", start_branch: "main", commit_message: "Not executable", content: "echo\n", get last_commit_id() { return fileCommit; }, execute_filemode: false },
      get request() { return { method: "PUT", path: `${FILES}/bin%2Fdeploy.sh`, body: { branch: "fix/deploy", start_branch: "main", commit_message: "Not executable", content: "echo\n", last_commit_id: fileCommit, execute_filemode: false } }; },
      markdown: ["bin/deploy.sh"],
    },
    {
      id: "repository.file_get",
      name: "the new branch holds the file without the executable bit",
      params: { project_id: 44, file_path: "bin/deploy.sh", ref: "fix/deploy" },
      request: { method: "GET", path: `${FILES}/bin%2Fdeploy.sh` },
      markdown: ["bin/deploy.sh"],
      check: (r) => assert.equal(structured(r).execute_filemode, false),
    },
    {
      id: "repository.file_delete",
      name: "start_branch removes the file on a new branch only",
      params: { project_id: 44, file_path: "bin/deploy.sh", branch_name: "drop/deploy", start_branch: "main", commit_message: "Drop deploy" },
      confirm: true,
      request: { method: "DELETE", path: `${FILES}/bin%2Fdeploy.sh`, body: { branch: "drop/deploy", start_branch: "main", commit_message: "Drop deploy" } },
      markdown: [/./],
    },
    {
      id: "repository.file_get",
      name: "gone from the new branch",
      params: { project_id: 44, file_path: "bin/deploy.sh", ref: "drop/deploy" },
      request: { method: "GET", path: `${FILES}/bin%2Fdeploy.sh` },
      markdown: [/not found|Not Found/i],
      isError: true,
    },
    {
      id: "repository.tree",
      name: "keyset pagination: one entry and the token of the next",
      params: { project_id: 44, pagination: "keyset", per_page: 1 },
      request: { method: "GET", path: "/projects/44/repository/tree", query: { pagination: "keyset", per_page: "1" } },
      markdown: [/./],
      check(r) {
        const entries = structured(r).entries as { id: string }[];
        assert.equal(entries.length, 1);
        firstEntry = entries[0].id;
      },
    },
    {
      id: "repository.tree",
      name: "page_token continues after that entry",
      params: { project_id: 44, pagination: "keyset", per_page: 1, get page_token() { return firstEntry; } },
      get request() { return { method: "GET", path: "/projects/44/repository/tree", query: { pagination: "keyset", per_page: "1", page_token: firstEntry } }; },
      markdown: [/./],
      check: (r) => assert.notEqual((structured(r).entries as { id: string }[])[0].id, firstEntry),
    },
    {
      id: "repository.archive",
      name: "the whole archive, for size",
      params: { project_id: 44, sha: "main" },
      request: { method: "GET", path: "/projects/44/repository/archive.tar.gz" },
      markdown: [/./],
      check: (r) => {
        fullArchive = Number(structured(r).size);
      },
    },
    {
      id: "repository.archive",
      name: "exclude_paths leaves folders out, include_lfs_blobs reaches GitLab",
      params: { project_id: 44, sha: "main", exclude_paths: ["src"], include_lfs_blobs: false },
      request: { method: "GET", path: "/projects/44/repository/archive.tar.gz", query: { sha: "main", "exclude_paths[]": "src", include_lfs_blobs: "false" } },
      markdown: [/./],
      check: (r) => assert.ok(Number(structured(r).size) < fullArchive, "smaller without src/"),
    },
  ],
};
