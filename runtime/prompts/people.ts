// Release and branch prompts, people prompts (the current user unless username), the current user's own
// work across projects, and group prompts (RPC-9).
import { ageDays, count, day, daysBefore, diffCounts, fileLine, issueLine, list, mrLine, obj, people, str, tally, tallyLines, timeBefore } from "./facts.js";
import { PROJECT } from "./mergeRequests.js";
import type { PromptArg, PromptDef, PromptRun, Row, Section } from "./types.js";

const PAGE = 100;
const DAYS = (fallback: number): PromptArg => ({ name: "days", description: `How many days back to look (default ${fallback})` });
const USERNAME: PromptArg = { name: "username", description: "GitLab username without the @ (default: the current user)" };
const GROUP: PromptArg = { name: "group_id", description: "Group ID or full path", required: true };

const TYPES: [RegExp, string][] = [
  [/^feat/i, "Features"],
  [/^fix/i, "Fixes"],
  [/^perf/i, "Performance"],
  [/^docs/i, "Documentation"],
  [/^(refactor|chore|build|ci|style|test)/i, "Maintenance"],
];
const kind = (title: string) => TYPES.find(([re]) => re.test(title))?.[1] ?? "Other changes";

/** The events of a user since `days` ago (GitLab's `after` is exclusive, so one day earlier). */
async function eventsOf(run: PromptRun, user: Row, days: number): Promise<Row[]> {
  const since = timeBefore(run.now, days);
  return (await run.list("user.contribution_events", { user_id: user.id, after: daysBefore(run.now, days + 1), per_page: PAGE })).filter((e) => str(e.created_at) >= since);
}

const target = (e: Row) => [str(e.target_type), e.target_iid ? `${str(e.target_type) === "MergeRequest" ? "!" : "#"}${str(e.target_iid)}` : "", str(e.target_title) || str(obj(e.push_data)?.ref)].filter(Boolean).join(" ");
const eventLine = (e: Row) => `- ${[day(e.created_at), str(e.action_name), target(e)].filter(Boolean).join(" ")}${e.project_id ? ` (project ${str(e.project_id)})` : ""}`;
const is = (e: Row, action: RegExp, type: string) => action.test(str(e.action_name)) && str(e.target_type) === type;

function activitySections(events: readonly Row[]): Section[] {
  return [
    { title: `Activity (${events.length} events)`, lines: tallyLines(tally(events, (e) => `${str(e.action_name)} ${str(e.target_type) || "project"}`)) },
    { title: "Events", lines: events.map(eventLine), empty: "No events." },
  ];
}

const RELEASE_PROMPTS: PromptDef[] = [
  {
    name: "generate_release_notes",
    title: "Generate release notes",
    description: "Drafts release notes from the commits between two refs, grouped by kind, with the merge requests merged in that range (from the last 100 merged). At most 3 GitLab requests.",
    args: [PROJECT, { name: "from", description: "The ref of the previous release (a tag such as v1.2.0)", required: true }, { name: "to", description: "The ref to release (default: the project's default branch)" }],
    needs: ["repository.compare"],
    task: (a) => `Write release notes for ${a.project_id} from ${a.from} to ${a.to ?? "the default branch"}: user-facing changes first, grouped, each with its merge request.`,
    next: [
      ["tag.create", "tag the release"],
      ["release.create", "publish the release with these notes"],
      ["repository.changelog_generate", "generate GitLab's changelog from trailers"],
    ],
    async gather(run, a) {
      const to = a.to ?? str((await run.get("project.get", { project_id: a.project_id })).default_branch);
      const cmp = await run.get("repository.compare", { project_id: a.project_id, from: a.from, to, per_page: PAGE });
      const commits = list(cmp.commits).map((c) => c as Row);
      const shas = new Set(commits.map((c) => str(c.id)));
      const merged = (await run.list("merge_request.list", { project_id: a.project_id, state: "merged", per_page: PAGE })).filter((m) => shas.has(str(m.merge_commit_sha)) || shas.has(str(m.sha)) || shas.has(str(m.squash_commit_sha)));
      const groups = tally(commits, (c) => kind(str(c.title))).map(([k]): Section => ({ title: k, lines: commits.filter((c) => kind(str(c.title)) === k).map((c) => `- ${str(c.title)} (${str(c.short_id)}, ${str(c.author_name)})`) }));
      return [{ title: `Range ${a.from}…${to}: ${commits.length} commit(s)`, lines: [], empty: commits.length ? "Grouped below." : "No commits in this range." }, ...groups, { title: `Merge requests in the range (${merged.length})`, lines: merged.map((m) => mrLine(m)) }];
    },
  },
  {
    name: "compare_branches",
    title: "Compare two branches",
    description: "Compares two refs both ways: commits ahead and behind, and the files that differ with lines added and removed (first 100 files). 2 GitLab requests.",
    args: [PROJECT, { name: "from", description: "The base ref (branch, tag or commit)", required: true }, { name: "to", description: "The ref compared with the base", required: true }],
    needs: ["repository.compare"],
    task: (a) => `Explain how ${a.to} differs from ${a.from} in ${a.project_id}, and whether it can be merged cleanly or needs a rebase.`,
    next: [
      ["merge_request.create", "open a merge request from the branch"],
      ["repository.merge_base", "find the common ancestor"],
      ["merge_request.rebase", "rebase an open merge request"],
    ],
    async gather(run, a) {
      const ahead = await run.get("repository.compare", { project_id: a.project_id, from: a.from, to: a.to, per_page: PAGE });
      const behind = await run.get("repository.compare", { project_id: a.project_id, from: a.to, to: a.from, per_page: 1 });
      const files = list(ahead.diffs).map((f) => f as Row);
      const total = files.map((f) => diffCounts(f.diff)).reduce((t, c) => ({ added: t.added + c.added, removed: t.removed + c.removed }), { added: 0, removed: 0 });
      const commits = list(ahead.commits).map((c) => c as Row);
      return [
        { title: `${a.to} compared with ${a.from}`, lines: [`- ${commits.length} commit(s) ahead, ${list(behind.commits).length} behind`, `- ${files.length} file(s) differ, +${total.added} −${total.removed}`] },
        { title: "Commits ahead", lines: commits.map((c) => `- ${str(c.short_id)} ${str(c.title)} (${str(c.author_name)})`) },
        { title: "Files", lines: files.map(fileLine) },
      ];
    },
  },
];

const PEOPLE_PROMPTS: PromptDef[] = [
  {
    name: "daily_standup",
    title: "Daily standup",
    description: "Prepares a standup from a user's events since yesterday (default: the current user): merge requests merged and opened, issues closed, and other activity. 2 GitLab requests.",
    args: [USERNAME],
    needs: ["user.contribution_events"],
    task: (a) => `Write ${a.username ? `@${a.username}'s` : "my"} standup update: what was done since yesterday, what is next, and any blocker.`,
    next: [
      ["merge_request.list_global", "list open merge requests (scope created_by_me)"],
      ["user.todo_list", "see pending to-do items"],
    ],
    async gather(run, a) {
      const user = await run.user(a.username);
      const since = `${daysBefore(run.now, 1)}T00:00:00.000Z`;
      const events = (await run.list("user.contribution_events", { user_id: user.id, after: daysBefore(run.now, 2), per_page: PAGE })).filter((e) => str(e.created_at) >= since);
      const pick = (action: RegExp, type: string) => events.filter((e) => is(e, action, type)).map(eventLine);
      return [
        { title: `@${str(user.username)} since ${since.slice(0, 10)}`, lines: [`- ${events.length} event(s)`] },
        { title: "Merge requests merged", lines: pick(/^(accepted|merged)/, "MergeRequest"), empty: "None." },
        { title: "Merge requests opened", lines: pick(/^opened/, "MergeRequest"), empty: "None." },
        { title: "Issues closed", lines: pick(/^closed/, "Issue"), empty: "None." },
        { title: "Other activity", lines: tallyLines(tally(events.filter((e) => !is(e, /^(accepted|merged|opened)/, "MergeRequest") && !is(e, /^closed/, "Issue")), (e) => str(e.action_name))), empty: "None." },
      ];
    },
  },
  {
    name: "team_member_workload",
    title: "Workload of a team member",
    description: "Weighs a person's workload: open merge requests they wrote, reviews waiting on them, open issues assigned to them, and their events over the last days (default 30). 5 GitLab requests.",
    args: [{ ...USERNAME, description: "GitLab username without the @", required: true }, DAYS(30)],
    needs: ["merge_request.list_global", "issue.list_all"],
    task: (a) => `Is @${a.username} overloaded? Weigh their open work and recent activity, and propose what to hand over.`,
    next: [
      ["merge_request.update", "reassign reviewers"],
      ["issue.update", "reassign an issue"],
    ],
    async gather(run, a) {
      const days = count(a.days, 30, "days");
      const user = await run.user(a.username);
      const authored = await run.list("merge_request.list_global", { scope: "all", state: "opened", author_username: a.username, per_page: PAGE });
      const reviews = await run.list("merge_request.list_global", { scope: "all", state: "opened", reviewer_username: a.username, per_page: PAGE });
      const issues = await run.list("issue.list_all", { scope: "all", state: "opened", assignee_username: a.username, per_page: PAGE });
      const events = await eventsOf(run, user, days);
      const today = run.now.toISOString().slice(0, 10);
      return [
        { title: `@${str(user.username)} (${str(user.name)})`, lines: [`- open merge requests written ${authored.length}, reviews waiting ${reviews.length}, open issues ${issues.length} (overdue ${issues.filter((i) => str(i.due_date) && str(i.due_date) < today).length})`, `- ${events.length} events in the last ${days} days`] },
        { title: "Open merge requests written", lines: authored.map((m) => mrLine(m)), empty: "None." },
        { title: "Reviews waiting", lines: reviews.map((m) => mrLine(m, [`${ageDays(m.created_at, run.now)} days old`])), empty: "None." },
        { title: "Open issues assigned", lines: issues.map((i) => issueLine(i)), empty: "None." },
      ];
    },
  },
  {
    name: "user_stats",
    title: "User statistics",
    description: "Counts a user's contributions over the last days (default 30; default user: the current one) by kind, project and day, from up to 100 events. 2 GitLab requests.",
    args: [USERNAME, DAYS(30)],
    needs: ["user.contribution_events"],
    task: (a) => `Summarize the contributions of ${a.username ? `@${a.username}` : "the current user"} over the last ${a.days ?? 30} days.`,
    next: [["user.contribution_events", "read the events themselves"]],
    async gather(run, a) {
      const days = count(a.days, 30, "days");
      const user = await run.user(a.username);
      const events = await eventsOf(run, user, days);
      return [
        { title: `@${str(user.username)}: ${events.length} events in ${days} days`, lines: tallyLines(tally(events, (e) => `${str(e.action_name)} ${str(e.target_type) || "project"}`)) },
        { title: "By project", lines: tallyLines(tally(events, (e) => `project ${str(e.project_id)}`)) },
        { title: "By day", lines: tallyLines(tally(events, (e) => day(e.created_at))) },
      ];
    },
  },
  {
    name: "my_open_mrs",
    title: "My open merge requests",
    description: "Lists the current user's open merge requests across projects (up to 100) with their merge status. 1 GitLab request.",
    args: [],
    needs: ["merge_request.list_global"],
    task: () => "Go through my open merge requests: which can be merged, which wait on someone, and what I should do on each.",
    next: [
      ["merge_request.merge", "merge one that is ready"],
      ["mr_review.discussion_list", "read its threads"],
    ],
    async gather(run) {
      const mrs = await run.list("merge_request.list_global", { scope: "created_by_me", state: "opened", per_page: PAGE });
      return [{ title: `My open merge requests (${mrs.length})`, lines: mrs.map((m) => mrLine(m, [`reviewers ${people(m.reviewers)}`, `${ageDays(m.created_at, run.now)} days old`])), empty: "None." }];
    },
  },
  {
    name: "my_pending_reviews",
    title: "My pending reviews",
    description: "Lists the open merge requests where the current user is a reviewer (up to 100), oldest first. 1 GitLab request.",
    args: [],
    needs: ["merge_request.list_global"],
    task: () => "Plan my reviews: order the merge requests waiting on me by urgency and say what each needs.",
    next: [
      ["mr_review.changes_get", "read a merge request's diff"],
      ["merge_request.approve", "approve one"],
    ],
    async gather(run) {
      const mrs = await run.list("merge_request.list_global", { scope: "reviews_for_me", state: "opened", per_page: PAGE });
      return [{ title: `Waiting on my review (${mrs.length})`, lines: [...mrs].sort((x, y) => str(x.created_at).localeCompare(str(y.created_at))).map((m) => mrLine(m, [`${ageDays(m.created_at, run.now)} days old`])), empty: "Nothing waits on your review." }];
    },
  },
  {
    name: "my_issues",
    title: "My issues",
    description: "Lists the open issues assigned to the current user across projects (up to 100), overdue and due soon first. 1 GitLab request.",
    args: [],
    needs: ["issue.list_all"],
    task: () => "Plan my issues: what is overdue, what is due soon, and what to drop or hand over.",
    next: [
      ["issue.update", "update an issue"],
      ["merge_request.create", "start a merge request for one"],
    ],
    async gather(run) {
      const issues = await run.list("issue.list_all", { scope: "assigned_to_me", state: "opened", per_page: PAGE });
      const today = run.now.toISOString().slice(0, 10);
      const soon = daysBefore(run.now, -7);
      const due = (i: Row) => str(i.due_date);
      return [
        { title: "Overdue", lines: issues.filter((i) => due(i) && due(i) < today).map((i) => issueLine(i)), empty: "None." },
        { title: "Due within 7 days", lines: issues.filter((i) => due(i) >= today && due(i) <= soon).map((i) => issueLine(i)), empty: "None." },
        { title: `All open issues assigned to me (${issues.length})`, lines: issues.map((i) => issueLine(i)), empty: "None." },
      ];
    },
  },
  {
    name: "my_activity_summary",
    title: "My activity summary",
    description: "Summarizes the current user's events over the last days (default 7), up to 100. 1 GitLab request.",
    args: [DAYS(7)],
    needs: ["user.event_list_contributions"],
    task: (a) => `Summarize what I did over the last ${a.days ?? 7} days, as I would report it.`,
    next: [["user.event_list_contributions", "read the events themselves"]],
    async gather(run, a) {
      const days = count(a.days, 7, "days");
      const events = (await run.list("user.event_list_contributions", { after: daysBefore(run.now, days + 1), per_page: PAGE })).filter((e) => str(e.created_at) >= timeBefore(run.now, days));
      return activitySections(events);
    },
  },
];

export const PEOPLE_AND_RELEASE_PROMPTS: readonly PromptDef[] = [...RELEASE_PROMPTS, ...PEOPLE_PROMPTS];
export { GROUP, DAYS, eventsOf, activitySections };
