// Repository commits: the behaviour table (see test/helpers/behaviour.ts), run as one workflow. Fixtures
// follow GitLab's commits, discussions and repositories API docs: a main branch of three commits, a
// feature branch off the second one and a tag on the first.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { seedSignature } from "../sim/restCommits.js";
import type { GitLabSimulator } from "../sim/simulator.js";

const WEB = "https://gitlab.example.com/group/project";
const P = "/projects/group%2Fproject";
const C1 = "1".repeat(40);
const C2 = "2".repeat(40);
const C3 = "3".repeat(40);
const F1 = "f".repeat(40);

function commit(id: string, parent: string | null, title: string, at: string, extra: { message?: string; author_name?: string; author_email?: string } = {}) {
  return {
    id,
    short_id: id.slice(0, 8),
    title,
    message: extra.message ?? `${title}\n`,
    author_name: extra.author_name ?? "Sim Developer",
    author_email: extra.author_email ?? "developer@example.com",
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
  commit(C2, C1, "Add login form", "2025-03-02T10:00:00.000+00:00", { author_name: "Ana Lopez", author_email: "ana@example.com" }),
  commit(C3, C2, "Fix crash on logout", "2025-03-03T10:00:00.000+00:00", { message: "Fix crash on logout\n\nChangelog: fixed\n" }),
  commit(F1, C2, "Remember me checkbox", "2025-03-04T10:00:00.000+00:00"),
];

// Values the workflow learns as it goes (the SHA GitLab gave a new commit, a new thread's ID, a note ID).
let created = "";
let thread = "";
let reply = 0;
const structured = (r: { structuredContent?: unknown }) => (r.structuredContent ?? {}) as Record<string, unknown>;

export const table: BehaviourTable = {
  domain: "repository commits",
  seed(sim: GitLabSimulator) {
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    for (const c of COMMITS) sim.addDocument("commit", 42, { ...c, stats: { additions: 3, deletions: 1, total: 4 }, status: null, last_pipeline: null });
    sim.addBranch(42, { name: "main", commit: COMMITS[2] });
    sim.addBranch(42, { name: "feature/login", commit: COMMITS[3] });
    sim.addDocument("tag", 42, { name: "v1.0.0", message: "", target: C1, commit: COMMITS[0], release: null, protected: false, created_at: null });
    sim.addMergeRequest(42, { iid: 7, title: "Remember me", source_branch: "feature/login", target_branch: "main" });
    seedSignature(sim.getProject(42)!, C1, {
      signature_type: "PGP",
      verification_status: "verified",
      gpg_key_id: 1,
      gpg_key_primary_keyid: "8254AAB3FBD54AC9",
      gpg_key_user_name: "Sim Developer",
      gpg_key_user_email: "developer@example.com",
      gpg_key_subkey_id: null,
      commit_source: "gitaly",
    });
  },
  cases: [
    {
      id: "repository.commit_list",
      params: { project_id: "group/project" },
      request: { method: "GET", path: `${P}/repository/commits`, query: {} },
      markdown: ["## Commits (3)", "Fix crash on logout", "Add login form", "Initial commit"],
      check: (r) => assert.deepEqual((structured(r).commits as { id: string }[]).map((c) => c.id), [C3, C2, C1]),
    },
    {
      id: "repository.commit_list",
      name: "a branch's history filtered by author",
      params: { project_id: 42, ref_name: "feature/login", author: "ana" },
      request: { method: "GET", path: "/projects/42/repository/commits", query: { ref_name: "feature/login", author: "ana" } },
      markdown: ["Add login form"],
      check: (r) => assert.equal((structured(r).commits as unknown[]).length, 1),
    },
    {
      id: "repository.commit_create",
      name: "an action the schema does not know is refused before anything is sent",
      params: { project_id: 42, branch_name: "main", commit_message: "Rename", actions: [{ action: "rename", file_path: "a.txt" }] },
      markdown: [/action/],
      isError: true,
    },
    {
      id: "repository.commit_create",
      name: "an action without a file path is refused before anything is sent",
      params: { project_id: 42, branch_name: "main", commit_message: "Add", actions: [{ action: "create", content: "x" }] },
      markdown: [/file_path/],
      isError: true,
    },
    {
      id: "repository.commit_create",
      params: {
        project_id: 42,
        branch_name: "main",
        commit_message: "Add docs\n\nChangelog: added",
        actions: [
          { action: "create", file_path: "docs/README.md", content: "# Docs\nHello\n" },
          { action: "delete", file_path: "old.txt" },
        ],
      },
      request: {
        method: "POST",
        path: "/projects/42/repository/commits",
        body: {
          branch: "main",
          commit_message: "Add docs\n\nChangelog: added",
          actions: [
            { action: "create", file_path: "docs/README.md", content: "# Docs\nHello\n" },
            { action: "delete", file_path: "old.txt" },
          ],
        },
      },
      markdown: [/^## Commit created: [0-9a-f]{8} Add docs/m, "- **Additions**: 2"],
      check: (r) => {
        created = String(structured(r).id);
        assert.match(created, /^[0-9a-f]{40}$/);
      },
    },
    {
      id: "repository.commit_list",
      name: "the new commit heads the branch and is found by the path it touched",
      params: { project_id: 42, path: "docs" },
      request: { method: "GET", path: "/projects/42/repository/commits", query: { path: "docs" } },
      markdown: ["## Commits (1)", "Add docs"],
    },
    {
      id: "repository.commit_get",
      name: "the new commit is served by its SHA",
      params: { project_id: 42, get sha() { return created; } },
      get request() { return { method: "GET", path: `/projects/42/repository/commits/${created}` }; },
      markdown: [/^## Commit [0-9a-f]{8}: Add docs/m],
    },
    {
      id: "repository.commit_create",
      name: "a branch that does not exist without start_branch answers GitLab's 400",
      params: { project_id: 42, branch_name: "nope", commit_message: "x", actions: [{ action: "create", file_path: "a", content: "a" }] },
      request: { method: "POST", path: "/projects/42/repository/commits" },
      markdown: ["You can only create or edit files when you are on a branch"],
      isError: true,
    },
    {
      id: "repository.commit_create",
      name: "start_branch creates the branch, base64 content counts its decoded lines",
      params: { project_id: 42, branch_name: "docs/new", start_branch: "feature/login", commit_message: "Start docs", actions: [{ action: "create", file_path: "docs/a.md", content: Buffer.from("a\nb\nc\n").toString("base64"), encoding: "base64" }] },
      request: { method: "POST", path: "/projects/42/repository/commits", body: { branch: "docs/new", start_branch: "feature/login", commit_message: "Start docs", actions: [{ action: "create", file_path: "docs/a.md", content: Buffer.from("a\nb\nc\n").toString("base64"), encoding: "base64" }] } },
      markdown: [/^## Commit created: [0-9a-f]{8} Start docs/m, "- **Additions**: 3"],
    },
    {
      id: "repository.commit_list",
      name: "the new branch holds the new commit on top of its start branch",
      params: { project_id: 42, ref_name: "docs/new" },
      request: { method: "GET", path: "/projects/42/repository/commits", query: { ref_name: "docs/new" } },
      markdown: ["## Commits (4)", "Start docs", "Remember me checkbox"],
    },
    {
      id: "repository.commit_cherry_pick",
      params: { project_id: 42, sha: F1, branch_name: "main" },
      request: { method: "POST", path: `/projects/42/repository/commits/${F1}/cherry_pick`, body: { branch: "main" } },
      markdown: [/^## Commit cherry-picked: [0-9a-f]{8} Remember me checkbox/m, `(cherry picked from commit ${F1})`],
    },
    {
      id: "repository.commit_cherry_pick",
      name: "picking the same commit again answers GitLab's 400 with its error code",
      params: { project_id: 42, sha: F1, branch_name: "main" },
      request: { method: "POST", path: `/projects/42/repository/commits/${F1}/cherry_pick` },
      // GitLab's body carries error_code beside message, so its message is not quoted (ERR-12).
      markdown: ["bad request"],
      isError: true,
      check: (_r, sim) => assert.deepEqual(sim.log.at(-1)?.status, 400),
    },
    {
      id: "repository.commit_revert",
      params: { project_id: 42, sha: C3, branch_name: "main" },
      request: { method: "POST", path: `/projects/42/repository/commits/${C3}/revert`, body: { branch: "main" } },
      markdown: ['Revert "Fix crash on logout"', `This reverts commit ${C3}.`],
    },
    {
      id: "repository.commit_revert",
      name: "a commit that is not on the branch cannot be reverted there",
      params: { project_id: 42, sha: C3, branch_name: "feature/login" },
      request: { method: "POST", path: `/projects/42/repository/commits/${C3}/revert` },
      markdown: ["bad request"],
      isError: true,
      check: (_r, sim) => assert.deepEqual(sim.log.at(-1)?.status, 400),
    },
    {
      id: "repository.commit_refs",
      params: { project_id: 42, sha: C1 },
      request: { method: "GET", path: `/projects/42/repository/commits/${C1}/refs` },
      markdown: ["docs/new", "feature/login", "main", "v1.0.0"],
      check: (r) => assert.deepEqual((structured(r).refs as { type: string }[]).map((x) => x.type), ["branch", "branch", "branch", "tag"]),
    },
    {
      id: "repository.commit_refs",
      name: "only tags",
      params: { project_id: 42, sha: C3, type: "tag" },
      request: { method: "GET", path: `/projects/42/repository/commits/${C3}/refs`, query: { type: "tag" } },
      markdown: ["No branch or tag contains this commit."],
    },
    {
      id: "repository.commit_merge_requests",
      params: { project_id: 42, sha: F1 },
      request: { method: "GET", path: `/projects/42/repository/commits/${F1}/merge_requests` },
      markdown: ["Remember me", "!7"],
    },
    {
      id: "repository.commit_signature",
      params: { project_id: 42, sha: C1 },
      request: { method: "GET", path: `/projects/42/repository/commits/${C1}/signature` },
      markdown: ["## Commit signature: PGP verified", "8254AAB3FBD54AC9"],
    },
    {
      id: "repository.commit_signature",
      name: "an unsigned commit answers the not-found card",
      params: { project_id: 42, sha: C2 },
      request: { method: "GET", path: `/projects/42/repository/commits/${C2}/signature` },
      markdown: ["## ❓ Signature Not Found"],
      isError: true,
    },
    {
      id: "repository.commit_status_set",
      params: { project_id: 42, sha: C2, state: "running", name: "ci/lint", target_url: "https://ci.example.com/1" },
      request: { method: "POST", path: `/projects/42/statuses/${C2}`, body: { state: "running", name: "ci/lint", target_url: "https://ci.example.com/1" } },
      markdown: ["## Commit status: ci/lint 🔵"],
    },
    {
      id: "repository.commit_status_set",
      name: "the same state again cannot transition",
      params: { project_id: 42, sha: C2, state: "running", name: "ci/lint" },
      request: { method: "POST", path: `/projects/42/statuses/${C2}` },
      markdown: ["Cannot transition status via :run from :running"],
      isError: true,
    },
    {
      id: "repository.commit_status_set",
      name: "a state outside GitLab's list is refused before anything is sent",
      params: { project_id: 42, sha: C2, state: "green" },
      markdown: [/state/],
      isError: true,
    },
    {
      id: "repository.commit_status_set",
      name: "the named status moves on to success",
      params: { project_id: 42, sha: C2, state: "success", name: "ci/lint" },
      request: { method: "POST", path: `/projects/42/statuses/${C2}` },
      markdown: ["## Commit status: ci/lint ✅"],
    },
    {
      id: "repository.commit_statuses",
      params: { project_id: 42, sha: C2 },
      request: { method: "GET", path: `/projects/42/repository/commits/${C2}/statuses` },
      markdown: ["## Commit Statuses (1)", "ci/lint", "✅"],
    },
    {
      id: "repository.commit_comments",
      name: "no comments yet",
      params: { project_id: 42, sha: C3 },
      request: { method: "GET", path: `/projects/42/repository/commits/${C3}/comments` },
      markdown: ["No comments on this commit."],
    },
    {
      id: "repository.commit_comment_create",
      params: { project_id: 42, sha: C3, note: "Nice catch!" },
      request: { method: "POST", path: `/projects/42/repository/commits/${C3}/comments`, body: { note: "Nice catch!" } },
      markdown: ["## Comment added", "Nice catch!"],
    },
    {
      id: "repository.commit_comments",
      params: { project_id: 42, sha: C3 },
      request: { method: "GET", path: `/projects/42/repository/commits/${C3}/comments` },
      markdown: ["## Commit Comments (1)", "Nice catch!"],
    },
    {
      id: "repository.commit_discussion_create",
      params: { project_id: 42, sha: C3, body: "Should this have a test?" },
      request: { method: "POST", path: `/projects/42/repository/commits/${C3}/discussions`, body: { body: "Should this have a test?" } },
      markdown: [/^## Discussion [0-9a-f]{40}/m, "Should this have a test?"],
      check: (r) => {
        thread = String(structured(r).id);
      },
    },
    {
      id: "repository.commit_discussion_add_note",
      params: { project_id: 42, sha: C3, get discussion_id() { return thread; }, body: "Yes, added one." },
      get request() { return { method: "POST", path: `/projects/42/repository/commits/${C3}/discussions/${thread}/notes`, body: { body: "Yes, added one." } }; },
      markdown: [/^## Note \d+/m, "Yes, added one."],
      check: (r) => {
        reply = Number(structured(r).id);
      },
    },
    {
      id: "repository.commit_discussion_update_note",
      params: { project_id: 42, sha: C3, get discussion_id() { return thread; }, get note_id() { return reply; }, body: "Yes, added two." },
      get request() { return { method: "PUT", path: `/projects/42/repository/commits/${C3}/discussions/${thread}/notes/${reply}`, body: { body: "Yes, added two." } }; },
      markdown: ["Yes, added two."],
    },
    {
      id: "repository.commit_discussion_get",
      params: { project_id: 42, sha: C3, get discussion_id() { return thread; } },
      get request() { return { method: "GET", path: `/projects/42/repository/commits/${C3}/discussions/${thread}` }; },
      markdown: ["- **Notes**: 2", "Should this have a test?"],
    },
    {
      id: "repository.commit_discussion_list",
      params: { project_id: 42, sha: C3 },
      request: { method: "GET", path: `/projects/42/repository/commits/${C3}/discussions` },
      markdown: ["## Commit Discussions (2)", "Nice catch!", "Should this have a test?"],
    },
    {
      id: "repository.commit_discussion_delete_note",
      params: { project_id: 42, sha: C3, get discussion_id() { return thread; }, get note_id() { return reply; } },
      confirm: true,
      get request() { return { method: "DELETE", path: `/projects/42/repository/commits/${C3}/discussions/${thread}/notes/${reply}` }; },
      markdown: [/deleted|success|done/i],
    },
    {
      id: "repository.commit_discussion_get",
      name: "a thread that does not exist answers the not-found card",
      params: { project_id: 42, sha: C3, discussion_id: "0".repeat(40) },
      request: { method: "GET", path: `/projects/42/repository/commits/${C3}/discussions/${"0".repeat(40)}` },
      markdown: ["## ❓ Discussion Not Found"],
      isError: true,
    },
    {
      id: "repository.changelog_generate",
      params: { project_id: 42, version: "1.1.0", date: "2025-06-01" },
      request: { method: "GET", path: "/projects/42/repository/changelog", query: { version: "1.1.0", date: "2025-06-01" } },
      markdown: ["## 1.1.0 (2025-06-01)", "### fixed (1 change)", "[Fix crash on logout](group/project@", "### added (1 change)"],
    },
    {
      id: "repository.changelog_generate",
      name: "no earlier tag to start from answers GitLab's 422",
      params: { project_id: 42, version: "0.1.0" },
      request: { method: "GET", path: "/projects/42/repository/changelog", query: { version: "0.1.0" } },
      markdown: ["Failed to generate the changelog: The commit start range is unspecified, and no previous tag could be found to use instead"],
      isError: true,
    },
    {
      id: "repository.changelog_add",
      params: { project_id: 42, version: "1.1.0", date: "2025-06-01" },
      request: { method: "POST", path: "/projects/42/repository/changelog", body: { version: "1.1.0", date: "2025-06-01" } },
      markdown: [/./],
    },
    {
      id: "repository.commit_list",
      name: "the changelog commit heads the default branch",
      params: { project_id: 42, per_page: 1 },
      request: { method: "GET", path: "/projects/42/repository/commits", query: { per_page: "1" } },
      markdown: ["Add changelog for version 1.1.0"],
    },
    {
      id: "repository.contributors",
      params: { project_id: 42, order_by: "commits", sort: "desc" },
      request: { method: "GET", path: "/projects/42/repository/contributors", query: { order_by: "commits", sort: "desc" } },
      markdown: ["## Contributors", "Ana Lopez", "Sim Developer"],
    },
    {
      id: "repository.merge_base",
      params: { project_id: 42, refs: ["main", "feature/login"] },
      request: { method: "GET", path: "/projects/42/repository/merge_base", query: { "refs[]": ["main", "feature/login"] } },
      markdown: ["## Merge base: 22222222 Add login form"],
    },
    {
      id: "repository.merge_base",
      name: "one ref is not enough: refused before anything reaches GitLab",
      params: { project_id: 42, refs: ["main"] },
      markdown: ["refs"],
      isError: true,
    },
    {
      id: "repository.merge_base",
      name: "an unknown ref answers GitLab's 400",
      params: { project_id: 42, refs: ["main", "nope"] },
      request: { method: "GET", path: "/projects/42/repository/merge_base" },
      markdown: ["Could not find ref: nope"],
      isError: true,
    },
  ],
};
