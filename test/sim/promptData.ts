// Seed data for the prompt tests (RPC-9): the playground (playground.ts: project 42 group/project with
// people, merge requests with threads, pipelines with a failed job, issues, milestones, tags and
// releases) grown by what the prompts read that the playground leaves out: recent events of the token's
// user and of alice, recent merged work, milestone contents, members, a group milestone and a
// comparison between two refs. Times are relative to the moment of seeding, since prompts such as
// daily_standup read "since yesterday".
import { DEMO_PROJECT_ID as P } from "./demoData.js";
import { seedPlayground } from "./playground.js";
import { seedMilestoneContent } from "./restPlanning.js";
import { seedProjectEvents, seedUserAdmin } from "./restUserAdmin.js";
import { DEFAULT_TOKEN, type GitLabSimulator } from "./simulator.js";
import type { SimState } from "./state.js";

const stateOf = (sim: GitLabSimulator): SimState => (sim as unknown as { state: SimState }).state;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** What the prompt tests look for. */
export const PROMPT_DATA = {
  project: "group/project",
  groupPath: "group",
  reviewMr: 1,
  recentMergedTitle: "feat: remember-me days from a setting",
  comparison: { from: "v1.2.0", to: "main" },
} as const;

const event = (id: number, action_name: string, target_type: string | null, target_iid: number | null, target_title: string | null, hours: number, author: string) => ({
  id,
  project_id: P,
  action_name,
  target_type,
  target_iid,
  target_title,
  target_id: id + 1000,
  author_username: author,
  author: { username: author },
  created_at: hoursAgo(hours),
});

/** Seeds the playground and the extra prompt data into a started simulator. */
export async function seedPromptData(sim: GitLabSimulator): Promise<void> {
  await seedPlayground(sim);
  const state = stateOf(sim);
  const me = state.ensureUser(1);
  const alice = state.userNamed("alice");
  const recent = [
    event(1, "accepted", "MergeRequest", 5, "Speed up search", 5, "sim-user"),
    event(2, "opened", "MergeRequest", 6, "Add the audit log", 6, "sim-user"),
    event(3, "closed", "Issue", 2, "Export the report as CSV", 7, "sim-user"),
    event(4, "commented on", "Note", null, null, 8, "sim-user"),
    event(5, "opened", "Issue", 9, "An old issue from last month", 24 * 20, "sim-user"),
  ];
  seedUserAdmin(me, { events: recent });
  seedUserAdmin(alice, { events: [event(11, "opened", "MergeRequest", 1, "Keep remembered sessions for 30 days", 30, "alice"), event(12, "pushed to", null, null, null, 29, "alice")] });
  seedProjectEvents(sim.getProject(P)!, [...recent, event(11, "opened", "MergeRequest", 1, "Keep remembered sessions for 30 days", 30, "alice")]);

  // Recent merged work (velocity, weekly recap, release notes) and an unreviewed open merge request.
  const merged = sim.addMergeRequest(P, { title: PROMPT_DATA.recentMergedTitle, author: "alice", state: "merged", source_branch: "feature/settings-page", labels: ["feature"], created_at: hoursAgo(30) });
  sim.addMergeRequest(P, { title: "fix: typo in the login page", author: "carol", reviewers: ["sim-user"], source_branch: "hotfix/typo", created_at: hoursAgo(10), description: "Fixes a typo." });
  // The token's user (id 1, sim-user) wrote one merge request and has an overdue issue.
  sim.addMergeRequest(P, { title: "Add the audit log", source_branch: "feature/notifications", reviewers: ["alice"], created_at: hoursAgo(6) });
  sim.addIssue(P, { title: "Upgrade the session library", author: "bob", assignees: ["bob"], state: "closed", created_at: hoursAgo(20) });
  sim.addIssue(P, { title: "Renew the TLS certificate", assignees: ["sim-user"], due_date: "2026-01-15", labels: ["security"] });
  for (const [id, access_level] of [[2, 40], [3, 30], [4, 30]] as const) {
    sim.addMember({ project: P }, { user_id: id, access_level });
    // Group members through GitLab's own API, where the group routes keep them.
    const res = await fetch(`${sim.url}/api/v4/groups/${PROMPT_DATA.groupPath}/members`, { method: "POST", headers: { "private-token": DEFAULT_TOKEN, "content-type": "application/json" }, body: JSON.stringify({ user_id: id, access_level }) });
    if (!res.ok) throw new Error(`seeding group members: ${res.status} ${await res.text()}`);
  }
  // A label GitLab reports counts for (the playground's labels carry none).
  sim.addDocument("label", P, { id: 5, name: "ux", color: "#f0ad4e", text_color: "#FFFFFF", description: null, subscribed: false, priority: null, is_project_label: true, open_issues_count: 0, closed_issues_count: 2, open_merge_requests_count: 1 });

  // Milestone 2.0 (id 12) holds issue #1 and merge request !1; 1.2 (id 11) is closed.
  const issue = (iid: number, title: string, st: string) => ({ id: 100 + iid, iid, project_id: P, title, state: st, references: { full: `group/project#${iid}` }, assignees: [], labels: [] });
  const mr = (iid: number, title: string, st: string) => ({ id: 200 + iid, iid, project_id: P, title, state: st, references: { full: `group/project!${iid}` }, target_branch: "main", labels: [] });
  seedMilestoneContent(state, "project", 12, { issues: [issue(1, "Login fails with a remembered device after 24 hours", "opened"), issue(6, "Crash on start without a config file", "closed")], merge_requests: [mr(1, "Keep remembered sessions for 30 days", "opened")] });
  const group = sim.getGroup(PROMPT_DATA.groupPath)!;
  sim.addDocument("group_milestone", group.id, { id: 40, iid: 1, group_id: group.id, title: "Q4", state: "active", due_date: "2099-12-31", start_date: "2026-10-01", web_url: `${sim.url}/groups/group/-/milestones/1` });
  seedMilestoneContent(state, "group", 40, { issues: [issue(2, "Export the report as CSV", "opened"), issue(6, "Crash on start without a config file", "closed")], merge_requests: [mr(2, "Draft: CSV export of the monthly report", "opened")] });

  const commit = (id: string, title: string, author_name: string) => ({ id: id.padEnd(40, "0"), short_id: id.slice(0, 8), title, message: title, author_name, created_at: hoursAgo(40), parent_ids: ["f".repeat(40)] });
  sim.addComparison(P, PROMPT_DATA.comparison.from, PROMPT_DATA.comparison.to, {
    commits: [commit("aaaa1111", "feat: remember-me days from a setting", "Alice Martin"), commit("bbbb2222", "fix: keep sessions for 30 days", "Alice Martin"), commit("cccc3333", "docs: rate limits", "Bob Okafor")],
    diffs: [
      { old_path: "config/initializers/session_store.rb", new_path: "config/initializers/session_store.rb", diff: "@@ -1 +1,2 @@\n-a\n+b\n+c\n", new_file: false, renamed_file: false, deleted_file: false },
      { old_path: "docs/api.md", new_path: "docs/api.md", diff: "@@ -0,0 +1 @@\n+rate limits\n", new_file: true, renamed_file: false, deleted_file: false },
    ],
  });
  sim.addComparison(P, PROMPT_DATA.comparison.to, PROMPT_DATA.comparison.from, { commits: [commit("dddd4444", "chore: bump 1.2.1", "Carol Nguyen")], diffs: [] });
  // The merged merge request's merge commit is in the comparison, so release notes name it.
  merged.merge_commit_sha = "aaaa1111".padEnd(40, "0");
}
