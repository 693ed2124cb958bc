// The offline playground of `npm run sim` (issue 28): the demo project of demoData.ts (project 42
// `group/project`, 45 branches, two protection rules) grown into a project a person can hold a real
// conversation about: people, labels, milestones, issues, merge requests with review threads and
// approvals, pipelines with a failed job and its log, CI/CD variables, tags and releases. Everything
// goes through the simulator's own seeding API, or its REST API where GitLab's own rules make the
// record (tags and releases), and every link is on the simulator's own address (start it with
// `ownLinks: true`), so a link pasted back into the server is accepted.
import { DEMO_PROJECT_ID as P, seedDemo } from "./demoData.js";
import { DEFAULT_TOKEN, type GitLabSimulator } from "./simulator.js";

/** What the playground holds, for the banner and the tests. */
export const PLAYGROUND = {
  project: "group/project",
  failedPipelineId: 1002,
  failedJobId: 5003,
  reviewMergeRequestIid: 1,
  issues: 6,
  mergeRequests: 4,
} as const;

const PEOPLE = [
  { id: 2, username: "alice", name: "Alice Martin" },
  { id: 3, username: "bob", name: "Bob Okafor" },
  { id: 4, username: "carol", name: "Carol Nguyen" },
];

const RSPEC_LOG = [
  "section_start:1764840000:prepare_executor\r\x1b[0K\x1b[0K\x1b[36;1mPreparing the \"docker\" executor\x1b[0;m",
  "Using Docker executor with image ruby:3.3",
  "section_end:1764840001:prepare_executor\r\x1b[0K",
  "$ bundle install --jobs 4",
  "Bundle complete! 42 Gemfile dependencies, 118 gems now installed.",
  "$ bundle exec rspec",
  "Randomized with seed 4242",
  "..........F.......",
  "",
  "Failures:",
  "",
  "  1) Sessions POST /login with a remembered device keeps the session for 30 days",
  "     Failure/Error: expect(session.expires_at).to be_within(1.minute).of(30.days.from_now)",
  "       expected 2026-12-04 10:00:00 UTC to be within 60 seconds of 2027-01-03 10:00:00 UTC",
  "     # ./spec/requests/sessions_spec.rb:57:in `block (3 levels) in <top (required)>'",
  "",
  "\x1b[31m18 examples, 1 failure\x1b[0m",
  "",
  "Failed examples:",
  "",
  "rspec ./spec/requests/sessions_spec.rb:48 # Sessions POST /login with a remembered device keeps the session for 30 days",
  "\x1b[31;1mERROR: Job failed: exit code 1\x1b[0;m",
  "",
].join("\n");

/** Seeds the playground into a started simulator (give it `ownLinks: true`). */
export async function seedPlayground(sim: GitLabSimulator): Promise<void> {
  seedDemo(sim);
  const web = `${sim.url}/${PLAYGROUND.project}`;
  for (const p of PEOPLE) sim.addUser(p);
  for (const [id, name, color] of [
    [1, "bug", "#d9534f"],
    [2, "feature", "#428bca"],
    [3, "security", "#8e44ad"],
    [4, "documentation", "#5cb85c"],
  ] as const) {
    sim.addDocument("label", P, { id, name, color, text_color: "#FFFFFF", description: null, subscribed: false, priority: null, is_project_label: true });
  }
  const milestone = (id: number, iid: number, title: string, state: string, start: string, due: string) =>
    sim.addDocument("milestone", P, { id, iid, project_id: P, title, description: `Release ${title}`, state, created_at: `${start}T09:00:00.000Z`, updated_at: `${start}T09:00:00.000Z`, start_date: start, due_date: due, expired: state === "closed", web_url: `${web}/-/milestones/${iid}` });
  milestone(11, 1, "1.2", "closed", "2026-10-01", "2026-10-31");
  milestone(12, 2, "2.0", "active", "2026-11-01", "2026-12-18");

  sim.addIssue(P, { title: "Login fails with a remembered device after 24 hours", description: "Steps: sign in with *Remember me*, come back the next day: the session is gone.\n\nExpected: 30 days.", author: "carol", assignees: ["alice"], labels: ["bug"], due_date: "2026-12-11" });
  sim.addIssue(P, { title: "Export the report as CSV", description: "Finance wants the monthly report as a CSV file.", author: "bob", assignees: ["bob"], labels: ["feature"] });
  sim.addIssue(P, { title: "Dark mode for the settings page", description: "Follow the system setting.", author: "alice", labels: ["feature"] });
  sim.addIssue(P, { title: "Rotate the staging database password", description: "It was shared in a chat.", author: "alice", assignees: ["carol"], labels: ["security"], confidential: true });
  sim.addIssue(P, { title: "Document the API rate limits", author: "bob", labels: ["documentation"] });
  sim.addIssue(P, { title: "Crash on start without a config file", description: "Fixed in 1.2.", author: "carol", labels: ["bug"], state: "closed" });

  const login = sim.addMergeRequest(P, {
    title: "Keep remembered sessions for 30 days",
    description: "Closes #1.\n\nThe cookie's expiry was set from the access token's lifetime (24 h) instead of the refresh token's.",
    author: "alice",
    assignees: ["alice"],
    reviewers: ["bob", "carol"],
    labels: ["bug"],
    source_branch: "feature/login",
    files: ["app/controllers/sessions_controller.rb", "config/initializers/session_store.rb", "spec/requests/sessions_spec.rb"],
    closes_issues: [1],
    detailed_merge_status: "ci_must_pass",
  });
  login.approverIds.push(3);
  sim.addNote(P, { merge_request_iid: login.iid }, { body: "Should the 30 days come from a setting rather than a constant?", author: "bob", resolvable: true });
  sim.addNote(P, { merge_request_iid: login.iid }, { body: "Good point: `SESSION_REMEMBER_DAYS`, defaulting to 30.", author: "alice", reply_to: "Should the 30 days come from a setting rather than a constant?" });
  sim.addNote(P, { merge_request_iid: login.iid }, { body: "The spec fails on CI: `sessions_spec.rb:57` compares against the wrong clock.", author: "carol", resolvable: true });
  sim.addNote(P, { merge_request_iid: login.iid }, { body: "Typo in the changelog entry.", author: "bob", resolvable: true, resolved: true });
  const csv = sim.addMergeRequest(P, { title: "Draft: CSV export of the monthly report", author: "bob", assignees: ["bob"], labels: ["feature"], source_branch: "feature/export-csv", draft: true, files: ["app/services/report_export.rb"], detailed_merge_status: "draft_status" });
  const docs = sim.addMergeRequest(P, { title: "Document the API rate limits", author: "bob", reviewers: ["alice"], labels: ["documentation"], source_branch: "docs/api-guide", files: ["docs/api.md"] });
  docs.approverIds.push(2);
  sim.addMergeRequest(P, { title: "Fix the crash on start without a config file", author: "carol", labels: ["bug"], source_branch: "hotfix/crash-on-start", state: "merged", closes_issues: [6] });

  const passed = sim.addPipeline(P, { id: 1001, status: "success", ref: "main" });
  const failed = sim.addPipeline(P, { id: PLAYGROUND.failedPipelineId, status: "failed", merge_request_iid: login.iid });
  sim.addPipeline(P, { id: 1003, status: "running", merge_request_iid: csv.iid });
  sim.addPipeline(P, { id: 1004, status: "success", merge_request_iid: docs.iid });
  const job = (id: number, name: string, stage: string, status: string, pipeline: typeof passed, extra: Record<string, unknown> = {}) =>
    sim.addDocument("job", P, {
      id,
      name,
      stage,
      status,
      ref: pipeline.ref,
      tag: false,
      allow_failure: false,
      coverage: null,
      created_at: pipeline.created_at,
      started_at: pipeline.created_at,
      finished_at: ["success", "failed", "canceled"].includes(status) ? pipeline.created_at : null,
      erased_at: null,
      duration: status === "running" ? null : 95.4,
      queued_duration: 1.2,
      user: { id: 2, username: "alice", name: "Alice Martin", state: "active", web_url: `${sim.url}/alice` },
      commit: { id: pipeline.sha, short_id: pipeline.sha.slice(0, 8), title: "Keep remembered sessions for 30 days", web_url: `${web}/-/commit/${pipeline.sha}` },
      pipeline: { id: pipeline.id, project_id: P, ref: pipeline.ref, sha: pipeline.sha, status: pipeline.status },
      web_url: `${web}/-/jobs/${id}`,
      artifacts: [],
      artifacts_expire_at: null,
      tag_list: ["docker"],
      archived: false,
      ...extra,
    });
  job(5001, "build", "build", "success", passed, { _trace: "$ bundle install\nBundle complete!\nJob succeeded\n" });
  job(5002, "build", "build", "success", failed, { _trace: "$ bundle install\nBundle complete!\nJob succeeded\n" });
  job(PLAYGROUND.failedJobId, "rspec", "test", "failed", failed, { _trace: RSPEC_LOG, failure_reason: "script_failure" });
  job(5004, "rubocop", "test", "success", failed, { _trace: "$ bundle exec rubocop\n112 files inspected, no offenses detected\nJob succeeded\n" });

  sim.addCiVariable({ project: P }, { key: "DATABASE_URL", value: "postgres://app@db.staging:5432/app", environment_scope: "staging", description: "Staging database" });
  sim.addCiVariable({ project: P }, { key: "DATABASE_URL", value: "postgres://app@db.production:5432/app", environment_scope: "production", protected: true, description: "Production database" });
  sim.addCiVariable({ project: P }, { key: "DEPLOY_TOKEN", value: "s3cr3t-deploy-token-value", masked: true, protected: true, description: "Deploys to production" });
  sim.addCiVariable({ project: P }, { key: "SESSION_REMEMBER_DAYS", value: "30" });

  // Tags and releases through GitLab's own API, so the tag, its commit and the release agree.
  const api = async (path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${sim.url}/api/v4/projects/${P}${path}`, { method: "POST", headers: { "private-token": DEFAULT_TOKEN, "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`seeding ${path}: ${res.status} ${await res.text()}`);
  };
  await api("/releases", { tag_name: "v1.1.0", ref: "release/1.1", name: "1.1.0", description: "## Changes\n\n- Faster search\n- Fewer sign-outs", released_at: "2026-09-30T12:00:00Z" });
  await api("/releases", { tag_name: "v1.2.0", ref: "release/1.2", name: "1.2.0", description: "## Fixes\n\n- No crash on start without a config file", milestones: ["1.2"], released_at: "2026-10-31T12:00:00Z" });
  await api("/repository/tags", { tag_name: "v2.0.0-rc1", ref: "release/2.0", message: "First release candidate of 2.0" });
}
