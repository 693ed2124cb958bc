// Merge requests, core actions: the behaviour table (see test/behaviour/helpers). Cases run in order and
// share one simulator per surface, so the table is also a workflow: create a merge request, find it in
// the lists, change it, approve and unapprove it, merge it only at the reviewed head.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import type { GitLabSimulator } from "../sim/simulator.js";

const STALE = "0123456789abcdef0123456789abcdef01234567";
let head = "";

export const table: BehaviourTable = {
  domain: "merge_request",
  seed(sim: GitLabSimulator) {
    sim.setNow("2025-03-01T12:00:00.000Z");
    sim.addUser({ id: 1, username: "alice", name: "Alice" });
    sim.addUser({ id: 2, username: "bob", name: "Bob" });
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addProject({ id: 43, path_with_namespace: "group/other" });
    sim.addProject({ id: 44, path_with_namespace: "elsewhere/tool" });
    sim.addDocument("group", "instance", { id: 7, name: "group", path: "group", full_name: "group", full_path: "group", web_url: "https://gitlab.example.com/groups/group" });
    for (const b of ["main", "feature/login", "fix/typo", "feature/search", "feature/auto"]) sim.addBranch(42, { name: b });
    sim.addBranch(43, { name: "main" });
    sim.addBranch(43, { name: "feature/other" });
    sim.addIssue(42, { iid: 5, title: "Login is missing" });
    sim.addIssue(42, { iid: 6, title: "Mention me" });
    const login = sim.addMergeRequest(42, { iid: 1, title: "Add login page", description: "Closes #5, see also #6", source_branch: "feature/login", author: "alice", reviewers: ["bob"], labels: ["frontend"] });
    head = login.sha;
    sim.addMergeRequest(42, { iid: 2, title: "Fix typo", source_branch: "fix/typo", author: "bob", assignees: ["alice"], state: "merged" });
    sim.addMergeRequest(43, { iid: 1, title: "Other change", source_branch: "feature/other", author: "alice" });
    sim.addMergeRequest(44, { iid: 1, title: "Outside the group", source_branch: "x", author: "bob", reviewers: ["alice"] });
    sim.addMergeRequest(42, { iid: 3, title: "Auto merge me", source_branch: "feature/auto", author: "alice" });
    sim.addPipeline(42, { id: 700, status: "running", merge_request_iid: 3 });
  },
  cases: [
    // Lists.
    {
      id: "merge_request.list",
      params: { project_id: "group/project", state: "opened" },
      request: { method: "GET", path: "/projects/group%2Fproject/merge_requests", query: { state: "opened" } },
      markdown: ["group/project!1", "Add login page", "Auto merge me"],
      check: (r) => assert.equal((r.structuredContent as { merge_requests: unknown[] }).merge_requests.length, 2),
    },
    {
      id: "merge_request.list",
      name: "filters by label and reviewer",
      params: { project_id: 42, labels: "frontend", reviewer_username: "bob" },
      request: { method: "GET", path: "/projects/42/merge_requests", query: { labels: "frontend", reviewer_username: "bob" } },
      markdown: ["Add login page"],
      check: (r) => assert.equal((r.structuredContent as { merge_requests: unknown[] }).merge_requests.length, 1),
    },
    {
      id: "merge_request.list",
      name: "an empty result says so",
      params: { project_id: 42, search: "nothing like this" },
      request: { method: "GET", path: "/projects/42/merge_requests", query: { search: "nothing like this" } },
      markdown: ["No merge requests found."],
    },
    {
      id: "merge_request.list_global",
      name: "review requests of the current user",
      params: { scope: "reviews_for_me" },
      request: { method: "GET", path: "/merge_requests", query: { scope: "reviews_for_me" } },
      markdown: ["elsewhere/tool!1", "Outside the group"],
      check: (r) => assert.equal((r.structuredContent as { merge_requests: unknown[] }).merge_requests.length, 1),
    },
    {
      id: "merge_request.list_global",
      name: "by default the merge requests the user opened",
      params: {},
      request: { method: "GET", path: "/merge_requests" },
      markdown: ["group/other!1", "group/project!1"],
      check: (r) => assert.equal((r.structuredContent as { merge_requests: unknown[] }).merge_requests.length, 3),
    },
    {
      id: "merge_request.list_group",
      params: { group_id: "group", state: "opened", author_username: "alice" },
      request: { method: "GET", path: "/groups/group/merge_requests", query: { state: "opened", author_username: "alice" } },
      markdown: ["group/other!1", "group/project!3"],
      check: (r) => assert.equal((r.structuredContent as { merge_requests: unknown[] }).merge_requests.length, 3),
    },
    {
      id: "merge_request.list_group",
      name: "an unknown group",
      params: { group_id: "nogroup" },
      request: { method: "GET", path: "/groups/nogroup/merge_requests" },
      markdown: ["not found"],
      isError: true,
    },
    {
      id: "merge_request.list",
      name: "one page at a time",
      params: { project_id: 42, per_page: 1, page: 2 },
      request: { method: "GET", path: "/projects/42/merge_requests", query: { per_page: "1", page: "2" } },
      markdown: ["(page 2 of 3)", "Fix typo"],
      check: (r) => assert.equal((r.structuredContent as { merge_requests: unknown[] }).merge_requests.length, 1),
    },
    // Create, then get and list it.
    {
      id: "merge_request.create",
      params: { project_id: 42, source_branch: "feature/search", target_branch: "main", title: "Draft: Add search", labels: "backend,search", reviewer_ids: [2] },
      request: {
        method: "POST",
        path: "/projects/42/merge_requests",
        body: { source_branch: "feature/search", target_branch: "main", title: "Draft: Add search", labels: "backend,search", reviewer_ids: [2] },
      },
      markdown: [/MR !4: Draft: Add search/, "- **Source**: feature/search", "- **Reviewers**: @bob", "- **Labels**: backend, search"],
    },
    {
      id: "merge_request.get",
      name: "the new merge request is there",
      params: { project_id: 42, merge_request_iid: 4 },
      request: { method: "GET", path: "/projects/42/merge_requests/4" },
      markdown: [/MR !4: Draft: Add search/, "- **Author**: @alice"],
    },
    {
      id: "merge_request.create",
      name: "a second open MR for the same branches is a conflict",
      params: { project_id: 42, source_branch: "feature/search", target_branch: "main", title: "Again" },
      request: { method: "POST", path: "/projects/42/merge_requests" },
      markdown: ["conflict", "Another open merge request already exists for this source branch: !4"],
      isError: true,
    },
    {
      id: "merge_request.create",
      name: "a missing title is refused before GitLab",
      params: { project_id: 42, source_branch: "feature/search", target_branch: "main" },
      markdown: ["title"],
      isError: true,
    },
    // Update.
    {
      id: "merge_request.update",
      params: { project_id: 42, merge_request_iid: 4, title: "Add search", add_labels: "ready", remove_labels: "search" },
      request: { method: "PUT", path: "/projects/42/merge_requests/4", body: { title: "Add search", add_labels: "ready", remove_labels: "search" } },
      markdown: [/MR !4: Add search/, "- **Labels**: backend, ready"],
      check: (r) => assert.equal((r.structuredContent as { draft: boolean }).draft, false),
    },
    {
      id: "merge_request.update",
      name: "close it",
      params: { project_id: 42, merge_request_iid: 4, state_event: "close" },
      request: { method: "PUT", path: "/projects/42/merge_requests/4", body: { state_event: "close" } },
      markdown: ["- **Closed By**: @alice"],
    },
    {
      id: "merge_request.update",
      name: "nothing to change is refused by the schema or GitLab",
      params: { project_id: 42, merge_request_iid: 4 },
      request: { method: "PUT", path: "/projects/42/merge_requests/4" },
      markdown: ["at least one parameter must be provided"],
      isError: true,
    },
    {
      id: "merge_request.list",
      name: "the list shows the change",
      params: { project_id: 42, state: "closed" },
      request: { method: "GET", path: "/projects/42/merge_requests", query: { state: "closed" } },
      markdown: ["Add search"],
    },
    // Delete.
    {
      id: "merge_request.delete",
      params: { project_id: 42, merge_request_iid: 4 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/merge_requests/4" },
      markdown: [/success/i],
    },
    {
      id: "merge_request.get",
      name: "a deleted merge request answers the not-found card",
      params: { project_id: 42, merge_request_iid: 4 },
      request: { method: "GET", path: "/projects/42/merge_requests/4" },
      markdown: ["Merge Request Not Found"],
      isError: true,
    },

    // The small per-MR reads.
    {
      id: "merge_request.commits",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1/commits" },
      markdown: ["## Merge Request Commits", "Add login page"],
      check: (r) => assert.equal((r.structuredContent as { commits: { id: string }[] }).commits[0].id, head),
    },
    {
      id: "merge_request.participants",
      params: { project_id: "group/project", merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/group%2Fproject/merge_requests/1/participants" },
      markdown: ["## Merge Request Participants (2)", "[alice](https://gitlab.example.com/alice)", "[bob]("],
    },
    {
      id: "merge_request.reviewers",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1/reviewers" },
      markdown: ["@bob", "unreviewed"],
    },
    {
      id: "merge_request.related_issues",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1/related_issues" },
      markdown: ["Login is missing", "Mention me"],
    },
    {
      id: "merge_request.issues_closed",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1/closes_issues" },
      markdown: ["group/project#5", "Login is missing"],
      check: (r) => assert.equal((r.structuredContent as { issues: unknown[] }).issues.length, 1),
    },
    {
      id: "merge_request.issues_closed",
      name: "an unknown merge request is an error",
      params: { project_id: 42, merge_request_iid: 99 },
      request: { method: "GET", path: "/projects/42/merge_requests/99/closes_issues" },
      markdown: ["not found"],
      isError: true,
    },
    // Rebase, auto-merge, pipelines, to-dos, subscriptions.
    {
      id: "merge_request.rebase",
      params: { project_id: 42, merge_request_iid: 1, skip_ci: true },
      request: { method: "PUT", path: "/projects/42/merge_requests/1/rebase", body: { skip_ci: true } },
      markdown: ["## Rebase", "- **In Progress**: ✅"],
    },
    {
      id: "merge_request.rebase",
      name: "a merged merge request cannot be rebased",
      params: { project_id: 42, merge_request_iid: 2 },
      request: { method: "PUT", path: "/projects/42/merge_requests/2/rebase" },
      markdown: ["access denied", "Cannot push to source branch"],
      isError: true,
    },
    {
      id: "merge_request.merge",
      name: "merge when the pipeline succeeds sets auto-merge while it runs",
      params: { project_id: 42, merge_request_iid: 3, auto_merge: true },
      confirm: true,
      request: { method: "PUT", path: "/projects/42/merge_requests/3/merge", body: { auto_merge: true } },
      markdown: ["MR !3: Auto merge me", "- **State**: 🟢 opened"],
      check: (r) => assert.equal((r.structuredContent as { merge_when_pipeline_succeeds: boolean }).merge_when_pipeline_succeeds, true),
    },
    {
      id: "merge_request.cancel_auto_merge",
      params: { project_id: 42, merge_request_iid: 3 },
      request: { method: "POST", path: "/projects/42/merge_requests/3/cancel_merge_when_pipeline_succeeds" },
      markdown: [/MR !3: Auto merge me/],
      check: (r) => assert.equal((r.structuredContent as { merge_when_pipeline_succeeds: boolean }).merge_when_pipeline_succeeds, false),
    },
    {
      id: "merge_request.cancel_auto_merge",
      name: "nothing to cancel",
      params: { project_id: 42, merge_request_iid: 3 },
      request: { method: "POST", path: "/projects/42/merge_requests/3/cancel_merge_when_pipeline_succeeds" },
      markdown: ["merge_request.cancel_auto_merge: GitLab returned HTTP 406"],
      isError: true,
    },
    {
      id: "merge_request.create_pipeline",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "POST", path: "/projects/42/merge_requests/1/pipelines" },
      markdown: [/## Pipeline #\d+/, "created", "refs/merge-requests/1/head"],
    },
    {
      id: "merge_request.pipelines",
      name: "the new pipeline is listed first",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1/pipelines" },
      markdown: ["merge_request_event"],
    },
    {
      id: "merge_request.create_todo",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "POST", path: "/projects/42/merge_requests/1/todo" },
      markdown: ["## To-Do #101: Add login page", "- **State**: pending"],
    },
    {
      id: "merge_request.unsubscribe",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "POST", path: "/projects/42/merge_requests/1/unsubscribe" },
      markdown: ["MR !1: Add login page", "- **Subscribed**: ❌"],
    },
    {
      id: "merge_request.unsubscribe",
      name: "not subscribed already: GitLab's 304 reads the merge request back",
      params: { project_id: 42, merge_request_iid: 1 },
      request: [
        { method: "POST", path: "/projects/42/merge_requests/1/unsubscribe" },
        { method: "GET", path: "/projects/42/merge_requests/1" },
      ],
      markdown: ["- **Subscribed**: ❌"],
    },
    {
      id: "merge_request.subscribe",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "POST", path: "/projects/42/merge_requests/1/subscribe" },
      markdown: ["- **Subscribed**: ✅"],
    },
    // Approvals: the sha guard, the state they make, rules, withdrawing them.
    {
      id: "merge_request.approval_config",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1/approvals" },
      markdown: ["## Approvals: MR !1", "- **Approved**: ❌"],
    },
    {
      id: "merge_request.approval_config",
      name: "an unknown merge request answers the not-found card",
      params: { project_id: 42, merge_request_iid: 99 },
      request: { method: "GET", path: "/projects/42/merge_requests/99/approvals" },
      markdown: ["Merge Request Not Found"],
      isError: true,
    },
    {
      id: "merge_request.approve",
      name: "a head that moved since the review is refused (sha guard)",
      params: { project_id: 42, merge_request_iid: 1, sha: STALE },
      request: { method: "POST", path: "/projects/42/merge_requests/1/approve", body: { sha: STALE } },
      markdown: ["conflict", "SHA does not match HEAD of source branch"],
      isError: true,
    },
    {
      id: "merge_request.approve",
      name: "approve the reviewed head",
      params: { project_id: 42, merge_request_iid: 1, get sha() { return head; } },
      request: { method: "POST", path: "/projects/42/merge_requests/1/approve" },
      markdown: ["- **Approved**: ✅", "- **Approved By**: @alice"],
      check: (_r, sim) => assert.deepEqual(sim.log.at(-1)?.body, { sha: head }),
    },
    {
      id: "merge_request.approval_state",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1/approval_state" },
      markdown: ["## Approval State", "- **Approved**: ✅", "All Members: 1 of 0 approvals (@alice)"],
    },
    {
      id: "merge_request.approval_config",
      name: "the approval is listed",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1/approvals" },
      markdown: ["- **Approved By**: @alice"],
    },
    {
      id: "merge_request.approval_rule_create",
      params: { project_id: 42, merge_request_iid: 1, name: "Security", approvals_required: 1, usernames: ["bob"] },
      request: { method: "POST", path: "/projects/42/merge_requests/1/approval_rules", body: { name: "Security", approvals_required: 1, usernames: ["bob"] } },
      markdown: ["## Approval Rule #301: Security", "- **Users**: @bob"],
    },
    {
      id: "merge_request.approval_rule_create",
      name: "a negative count is refused before GitLab",
      params: { project_id: 42, merge_request_iid: 1, name: "Bad", approvals_required: -1 },
      markdown: ["approvals_required"],
      isError: true,
    },
    {
      id: "merge_request.approval_state",
      name: "the new rule blocks until bob approves",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1/approval_state" },
      markdown: ["- **Approved**: ❌", "- **Rules Left**: Security", "Security: 0 of 1 approvals"],
    },
    {
      id: "merge_request.approval_rules",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1/approval_rules" },
      markdown: ["## Approval Rules", "Security", "@bob"],
    },
    {
      id: "merge_request.approval_rule_update",
      params: { project_id: 42, merge_request_iid: 1, approval_rule_id: 301, approvals_required: 2 },
      request: { method: "PUT", path: "/projects/42/merge_requests/1/approval_rules/301", body: { approvals_required: 2 } },
      markdown: ["- **Approvals Required**: 2"],
    },
    {
      id: "merge_request.approval_rule_update",
      name: "an unknown rule",
      params: { project_id: 42, merge_request_iid: 1, approval_rule_id: 999, name: "x" },
      request: { method: "PUT", path: "/projects/42/merge_requests/1/approval_rules/999" },
      markdown: ["not found"],
      isError: true,
    },
    {
      id: "merge_request.approval_config",
      name: "rules count in the approvals left",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1/approvals" },
      markdown: ["- **Approvals Required**: 2", "- **Approvals Left**: 2"],
    },
    {
      id: "merge_request.approval_rule_delete",
      params: { project_id: 42, merge_request_iid: 1, approval_rule_id: 301 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/merge_requests/1/approval_rules/301" },
      markdown: [/success/i],
    },
    {
      id: "merge_request.unapprove",
      params: { project_id: 42, merge_request_iid: 1 },
      confirm: true,
      request: { method: "POST", path: "/projects/42/merge_requests/1/unapprove" },
      markdown: ["- **Approved**: ❌"],
      check: (r) => assert.deepEqual((r.structuredContent as { approved_by: unknown[] }).approved_by, []),
    },
    {
      id: "merge_request.unapprove",
      name: "nothing to withdraw",
      params: { project_id: 42, merge_request_iid: 1 },
      confirm: true,
      request: { method: "POST", path: "/projects/42/merge_requests/1/unapprove" },
      markdown: ["not found"],
      isError: true,
    },
    {
      id: "merge_request.unapprove",
      name: "destructive: refused without confirmation",
      params: { project_id: 42, merge_request_iid: 1 },
      markdown: [/confirm/i],
      isError: true,
    },
    {
      id: "merge_request.approval_reset",
      name: "only bot users may reset approvals",
      params: { project_id: 42, merge_request_iid: 1 },
      confirm: true,
      request: { method: "PUT", path: "/projects/42/merge_requests/1/reset_approvals" },
      markdown: ["unauthorized"],
      isError: true,
    },
    // Approval settings.
    {
      id: "merge_request.approval_settings_group_get",
      params: { group_id: "group" },
      request: { method: "GET", path: "/groups/group/merge_request_approval_setting" },
      markdown: ["## Merge Request Approval Settings", "- **Author Can Approve**: ❌", "- **Committers Can Approve**: ✅"],
    },
    {
      id: "merge_request.approval_settings_group_update",
      params: { group_id: 7, allow_author_approval: true },
      request: { method: "PUT", path: "/groups/7/merge_request_approval_setting", body: { allow_author_approval: true } },
      markdown: ["- **Author Can Approve**: ✅"],
    },
    {
      id: "merge_request.approval_settings_project_get",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/merge_request_approval_setting" },
      markdown: ["- **Keep Approvals On Push**: ❌", "- **Code Owner Selective Reset**: ❌"],
    },
    {
      id: "merge_request.approval_settings_project_update",
      params: { project_id: 42, retain_approvals_on_push: true, require_reauthentication_to_approve: true },
      request: { method: "PUT", path: "/projects/42/merge_request_approval_setting", body: { retain_approvals_on_push: true, require_reauthentication_to_approve: true } },
      markdown: ["- **Keep Approvals On Push**: ✅", "- **Reauthenticate To Approve**: ✅"],
    },
    // Merging safely: only the reviewed head lands.
    {
      id: "merge_request.merge",
      name: "a head that moved since the review is not merged (sha guard)",
      params: { project_id: 42, merge_request_iid: 1, sha: STALE },
      confirm: true,
      request: { method: "PUT", path: "/projects/42/merge_requests/1/merge", body: { sha: STALE } },
      markdown: ["conflict", "SHA does not match HEAD of source branch"],
      isError: true,
    },
    {
      id: "merge_request.get",
      name: "the refused merge left it open",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_requests/1" },
      markdown: ["MR !1: Add login page", "- **State**: 🟢 opened"],
    },
    {
      id: "merge_request.merge",
      name: "merge the reviewed head",
      params: { project_id: 42, merge_request_iid: 1, get sha() { return head; }, squash: true },
      confirm: true,
      request: { method: "PUT", path: "/projects/42/merge_requests/1/merge" },
      markdown: ["MR !1: Add login page", "- **State**: 🟣 merged", "- **Merged By**: @alice"],
      check: (_r, sim) => assert.deepEqual(sim.log.at(-1)?.body, { sha: head, squash: true }),
    },
  ],
};

