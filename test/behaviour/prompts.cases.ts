// The 37 prompts of RPC-9 against the prompt seed (test/sim/promptData.ts): the arguments each is given,
// every GitLab request it must make, in order (method and path below /api/v4), and what its message must
// say. The request count is also the count the message reports and at most the one its description states.
const P = "/projects/42";
const MR = `${P}/merge_requests/1`;
const G = "/groups/group";

export interface PromptCase {
  readonly name: string;
  readonly args: Record<string, string>;
  readonly requests: readonly string[];
  readonly says: readonly (string | RegExp)[];
  /** What the message must not say (data outside the prompt's window). */
  readonly never?: readonly string[];
}

const mrArgs = { project_id: "42", merge_request_iid: "1" };
const project = { project_id: "42" };

export const PROMPT_CASES: readonly PromptCase[] = [
  {
    name: "summarize_mr_changes",
    args: mrArgs,
    requests: [`GET ${MR}`, `GET ${MR}/diffs`, `GET ${MR}/commits`],
    says: ["Merge request !1: Keep remembered sessions for 30 days", "Diff summary: 3 file(s), +3 −3", "app/controllers/sessions_controller.rb: modified (+1 −1)", "## Commits", "`mr_review.note_create`"],
  },
  {
    name: "review_mr",
    args: mrArgs,
    requests: [`GET ${MR}`, `GET ${MR}/diffs`, `GET ${MR}/discussions`, `GET ${MR}/pipelines`],
    says: ["Diff summary: 3 file(s)", "## Unresolved threads (2)", "Should the 30 days come from a setting", "sessions_spec.rb:57", "latest: pipeline 1002 failed", "`merge_request.approve`", "`mr_review.discussion_reply`"],
    never: ["Typo in the changelog entry"],
  },
  {
    name: "suggest_mr_reviewers",
    args: mrArgs,
    requests: [`GET ${MR}`, `GET ${MR}/diffs`, `GET ${P}/repository/contributors`, `GET ${P}/members`],
    says: ["author @alice; reviewers now @bob, @carol", "app/controllers: 1", "@bob (", "already a reviewer", "`merge_request.update`: set reviewer_ids"],
    never: ["@alice (Alice"],
  },
  {
    name: "mr_risk_assessment",
    args: mrArgs,
    requests: [`GET ${MR}`, `GET ${MR}/diffs`, `GET ${MR}/pipelines`, `GET ${MR}/approval_state`],
    says: ["sensitive files: 1 (config/initializers/session_store.rb)", "test files changed: 1", "pipeline: failed (pipeline 1002)", "approvals:", "conflicts: no; draft: no"],
  },
  {
    name: "summarize_pipeline_status",
    args: project,
    requests: [`GET ${P}/pipelines`, `GET ${P}/pipelines/1002/jobs`],
    says: ["## Pipelines (last 4)", "Failed jobs of pipeline 1002", "job 5003 rspec (stage test) failed: script_failure", "`job.trace`"],
  },
  {
    name: "summarize_open_mrs",
    args: project,
    requests: [`GET ${P}/merge_requests`],
    says: ["Overview: 5 open merge request(s)", "drafts: 1", "Draft: CSV export of the monthly report", "days old"],
    never: ["Fix the crash on start"],
  },
  {
    name: "project_health_check",
    args: project,
    requests: [`GET ${P}`, `GET ${P}/pipelines`, `GET ${P}/issues_statistics`, `GET ${P}/merge_requests`],
    says: ["## Project group/project", "default branch main", "success rate 67% of 3 finished", /open \d+, closed \d+/, "## Open merge requests (5)"],
  },
  {
    name: "mr_discussion_health",
    args: project,
    requests: [`GET ${P}/merge_requests`, `GET ${MR}/discussions`],
    says: ["with unresolved blocking threads: 1", "!1 Keep remembered sessions for 30 days: 2 unresolved thread(s)"],
  },
  {
    name: "mr_description_quality",
    args: project,
    requests: [`GET ${P}/merge_requests`],
    says: ["Descriptions of 5 open merge request(s)", "!2 Draft: CSV export of the monthly report: missing description shorter than 50 characters, no linked issue, no reviewers"],
  },
  {
    name: "project_activity_report",
    args: project,
    requests: [`GET ${P}/events`, `GET ${P}/repository/commits`, `GET ${P}/pipelines`],
    says: ["## Events (5)", "accepted MergeRequest: 1", "@sim-user: 4 events", "@alice: 1 events"],
    never: ["An old issue from last month"],
  },
  {
    name: "unassigned_items",
    args: project,
    requests: [`GET ${P}/issues`, `GET ${P}/merge_requests`],
    says: ["Dark mode for the settings page", "Document the API rate limits (opened", "## Merge requests without assignee or reviewer", "Draft: CSV export"],
    never: ["Login fails with a remembered device"],
  },
  {
    name: "stale_items_report",
    args: project,
    requests: [`GET ${P}/issues`, `GET ${P}/merge_requests`],
    says: ["## Stale issues (6)", /Dark mode for the settings page \(opened, by @alice, unassigned, labels feature, idle \d{3,} days\)/, "## Stale merge requests (3)", "`issue.note_create`"],
    never: ["fix: typo in the login page", "Add the audit log"],
  },
  {
    name: "branch_mr_summary",
    args: { ...project, target_branch: "main" },
    requests: [`GET ${P}/merge_requests`, `GET ${P}/merge_requests`],
    says: ["## Open into main (5)", "## Recently merged into main (2)", "Fix the crash on start without a config file"],
  },
  {
    name: "merge_velocity",
    args: project,
    requests: [`GET ${P}/merge_requests`],
    says: ["## Time to merge (2 merged merge requests)", "last 7 days: 1", "@alice: 1 merged"],
  },
  {
    name: "release_readiness",
    args: project,
    requests: [`GET ${P}`, `GET ${P}/milestones`, `GET ${P}/milestones/12/issues`, `GET ${P}/milestones/12/merge_requests`, `GET ${P}/pipelines/latest`],
    says: ["## Milestone 2.0 (active)", "issues: 1 of 2 closed (50%)", "group/project!1 Keep remembered sessions", "## Last pipeline of main", "pipeline 1001 success on main", "`release.create`"],
  },
  {
    name: "release_cadence",
    args: project,
    requests: [`GET ${P}/releases`],
    says: ["## Releases (2)", "v1.2.0 1.2.0 released 2026-10-31", "median gap 31.0 days"],
  },
  {
    name: "milestone_progress",
    args: { ...project, milestone: "2.0" },
    requests: [`GET ${P}/milestones`, `GET ${P}/milestones/12/issues`, `GET ${P}/milestones/12/merge_requests`],
    says: ["## Milestone 2.0 (active)", "due 2026-12-18", "merge requests: 0 of 1 merged", "group/project#1 Login fails"],
  },
  {
    name: "label_distribution",
    args: project,
    requests: [`GET ${P}/labels`, `GET ${P}/issues`],
    says: ["## Labels (5)", "- ux: open issues 0, closed issues 2, open merge requests 1", "- bug: GitLab reported no counts", "## Open issues without a label (0 of 6)"],
  },
  {
    name: "project_contributors",
    args: project,
    requests: [`GET ${P}/repository/contributors`, `GET ${P}/members`],
    says: ["## Contributors (", "## Members (3)", "@alice Alice Martin (access 40)"],
  },
  {
    name: "audit_commit_hygiene",
    args: project,
    requests: [`GET ${P}/repository/commits`],
    says: ["## Commit hygiene of the last", "conventional commits:", "## Commits with a problem", "not a conventional commit"],
  },
  {
    name: "audit_project_workflow",
    args: project,
    requests: [`GET ${P}`, `GET ${P}/protected_branches`, `GET ${P}/pipelines`],
    says: ["default branch main: protected", "protected branches: main, develop", "merge only when the pipeline succeeds:", "`branch.protect`"],
  },
  {
    name: "audit_project_full",
    args: project,
    requests: [`GET ${P}`, `GET ${P}/protected_branches`, `GET ${P}/repository/commits`, `GET ${P}/pipelines`, `GET ${P}/issues_statistics`, `GET ${P}/merge_requests`],
    says: ["## Workflow settings", "## Commit hygiene", "## Pipelines (last 4)", "open merge requests 5"],
  },
  {
    name: "generate_release_notes",
    args: { ...project, from: "v1.2.0", to: "main" },
    requests: [`GET ${P}/repository/compare`, `GET ${P}/merge_requests`],
    says: ["## Range v1.2.0…main: 3 commit(s)", "## Features", "feat: remember-me days from a setting (aaaa1111, Alice Martin)", "## Fixes", "## Documentation", "## Merge requests in the range (1)"],
  },
  {
    name: "compare_branches",
    args: { ...project, from: "v1.2.0", to: "main" },
    requests: [`GET ${P}/repository/compare`, `GET ${P}/repository/compare`],
    says: ["3 commit(s) ahead, 1 behind", "2 file(s) differ, +3 −1", "docs/api.md: added (+1 −0)", "`merge_request.create`"],
  },
  {
    name: "daily_standup",
    args: {},
    requests: ["GET /user", "GET /users/1/events"],
    says: ["## Merge requests merged", "Speed up search", "## Merge requests opened", "Add the audit log", "## Issues closed", "Export the report as CSV", "commented on: 1"],
    never: ["An old issue from last month"],
  },
  {
    name: "team_member_workload",
    args: { username: "alice" },
    requests: ["GET /users", "GET /merge_requests", "GET /merge_requests", "GET /issues", "GET /users/2/events"],
    says: ["@alice (Alice Martin)", "## Open merge requests written", "Keep remembered sessions for 30 days", "## Reviews waiting", "Add the audit log", "## Open issues assigned", "Login fails with a remembered device"],
  },
  {
    name: "user_stats",
    args: { username: "alice" },
    requests: ["GET /users", "GET /users/2/events"],
    says: ["@alice: 2 events in 30 days", "opened MergeRequest: 1", "pushed to project: 1", "project 42: 2"],
  },
  {
    name: "my_open_mrs",
    args: {},
    requests: ["GET /merge_requests"],
    says: ["## My open merge requests (1)", "Add the audit log", "reviewers @alice"],
  },
  {
    name: "my_pending_reviews",
    args: {},
    requests: ["GET /merge_requests"],
    says: ["## Waiting on my review (1)", "fix: typo in the login page"],
  },
  {
    name: "my_issues",
    args: {},
    requests: ["GET /issues"],
    says: ["## Overdue", "Renew the TLS certificate", "due 2026-01-15"],
  },
  {
    name: "my_activity_summary",
    args: {},
    requests: ["GET /events"],
    says: ["## Activity (4 events)", "accepted MergeRequest: 1", "closed Issue: 1"],
    never: ["An old issue from last month"],
  },
  {
    name: "user_activity_report",
    args: { group_id: "group", username: "alice" },
    requests: ["GET /users", `GET ${G}/projects`, "GET /users/2/events"],
    says: ["## Activity (2 events)", "opened MergeRequest !1 Keep remembered sessions for 30 days (project 42)", /\d pushed to \(project 42\)/],
  },
  {
    name: "team_overview",
    args: { group_id: "group" },
    requests: [`GET ${G}/members`, `GET ${G}/merge_requests`, `GET ${G}/issues`],
    says: ["## Members (3)", "@alice (Alice Martin, access 40): 1 open merge requests, 2 reviews waiting, 1 open issues"],
  },
  {
    name: "group_mr_dashboard",
    args: { group_id: "group" },
    requests: [`GET ${G}/merge_requests`],
    says: ["5 opened merge request(s)", "by project: group/project 5", "## group/project"],
  },
  {
    name: "reviewer_workload",
    args: { group_id: "group" },
    requests: [`GET ${G}/merge_requests`],
    says: ["@alice: 2 open merge requests", "## Without a reviewer (1)", "Draft: CSV export"],
  },
  {
    name: "weekly_team_recap",
    args: { group_id: "group" },
    requests: [`GET ${G}/merge_requests`, `GET ${G}/merge_requests`, `GET ${G}/issues`],
    says: ["## Merged (1)", "feat: remember-me days from a setting", "## Opened (2)", "fix: typo in the login page", "## Issues closed (1)", "Upgrade the session library (closed, by @bob, assigned @bob)"],
    never: ["Fix the crash on start"],
  },
  {
    name: "group_milestone_progress",
    args: { group_id: "group" },
    requests: [`GET ${G}/milestones`, `GET ${G}/milestones/40/issues`, `GET ${G}/milestones/40/merge_requests`],
    says: ["## Milestone Q4 (active)", "issues: 1 of 2 closed (50%)", "group/project!2 Draft: CSV export"],
  },
];
