// Group prompts (RPC-9): a group's people, merge requests and milestones, across its projects.
import { ageDays, count, issueLine, list, mrLine, obj, people, str, tally, tallyLines, timeBefore, who } from "./facts.js";
import { activitySections, DAYS, eventsOf, GROUP } from "./people.js";
import { milestoneSections, pickMilestone } from "./project.js";
import type { PromptDef, Row } from "./types.js";

const PAGE = 100;
const projectOf = (r: Row) => str(obj(r.references)?.full).replace(/[!#]\d+$/, "") || `project ${str(r.project_id)}`;
const usernames = (us: unknown) => list(us).map((u) => str(obj(u)?.username)).filter(Boolean);

export const GROUP_PROMPTS: readonly PromptDef[] = [
  {
    name: "user_activity_report",
    title: "A user's activity in a group",
    description: "Reports a user's events over the last days (default 7) in the projects of a group (its first 100 projects, subgroups included). 3 GitLab requests.",
    args: [GROUP, { name: "username", description: "GitLab username without the @", required: true }, DAYS(7)],
    needs: ["user.contribution_events", "group.projects"],
    task: (a) => `Report what @${a.username} did in ${a.group_id} over the last ${a.days ?? 7} days.`,
    next: [["user.contribution_events", "read all of the user's events"]],
    async gather(run, a) {
      const days = count(a.days, 7, "days");
      const user = await run.user(a.username);
      const projects = await run.list("group.projects", { group_id: a.group_id, include_subgroups: true, per_page: PAGE });
      const ids = new Set(projects.map((p) => Number(p.id)));
      const events = (await eventsOf(run, user, days)).filter((e) => ids.has(Number(e.project_id)));
      return activitySections(events);
    },
  },
  {
    name: "team_overview",
    title: "Team overview",
    description: "Shows each member of a group with the open merge requests they wrote, the reviews waiting on them and their open issues (up to 100 members, merge requests and issues). 3 GitLab requests.",
    args: [GROUP],
    needs: ["group.members", "merge_request.list_group"],
    task: (a) => `Give an overview of the team of ${a.group_id}: who carries what, who is idle or overloaded, and what to rebalance.`,
    next: [
      ["merge_request.update", "rebalance reviewers"],
      ["issue.update", "reassign an issue"],
    ],
    async gather(run, a) {
      const members = await run.list("group.members", { group_id: a.group_id, per_page: PAGE });
      const mrs = await run.list("merge_request.list_group", { group_id: a.group_id, state: "opened", per_page: PAGE });
      const issues = await run.list("issue.list_group", { group_id: a.group_id, state: "opened", per_page: PAGE });
      const lines = members.map((m) => {
        const u = str(m.username);
        const wrote = mrs.filter((x) => str(obj(x.author)?.username) === u).length;
        const reviews = mrs.filter((x) => usernames(x.reviewers).includes(u)).length;
        const assigned = issues.filter((i) => usernames(i.assignees).includes(u)).length;
        return `- @${u} (${str(m.name)}, access ${str(m.access_level)}): ${wrote} open merge requests, ${reviews} reviews waiting, ${assigned} open issues`;
      });
      return [{ title: `Members (${members.length}); open merge requests ${mrs.length}, open issues ${issues.length}`, lines }];
    },
  },
  {
    name: "group_mr_dashboard",
    title: "Group merge request dashboard",
    description: "A dashboard of a group's merge requests by project and status: state (default opened), optionally only those into target_branch (default: any). 1 GitLab request.",
    args: [GROUP, { name: "state", description: "opened, closed, merged or all (default opened)" }, { name: "target_branch", description: "Only merge requests into this branch (default: any branch)" }],
    needs: ["merge_request.list_group"],
    task: (a) => `Present a dashboard of the ${a.state ?? "opened"} merge requests of ${a.group_id}${a.target_branch ? ` into ${a.target_branch}` : ""}: per project, what needs attention.`,
    next: [
      ["merge_request.get", "open one merge request"],
      ["merge_request.merge", "merge one that is ready"],
    ],
    async gather(run, a) {
      const state = a.state ?? "opened";
      const mrs = (await run.list("merge_request.list_group", { group_id: a.group_id, state, per_page: PAGE })).filter((m) => !a.target_branch || m.target_branch === a.target_branch);
      const byProject = tally(mrs, projectOf);
      return [
        { title: `${mrs.length} ${state} merge request(s)`, lines: [`- by project: ${byProject.map(([k, n]) => `${k} ${n}`).join(", ") || "none"}`, `- by status: ${tally(mrs, (m) => str(m.detailed_merge_status) || str(m.state)).map(([k, n]) => `${k} ${n}`).join(", ") || "none"}`] },
        ...byProject.map(([project]) => ({ title: project, lines: mrs.filter((m) => projectOf(m) === project).map((m) => mrLine(m)) })),
      ];
    },
  },
  {
    name: "reviewer_workload",
    title: "Reviewer workload",
    description: "Counts the open merge requests waiting on each reviewer in a group, and those without a reviewer (up to 100). 1 GitLab request.",
    args: [GROUP],
    needs: ["merge_request.list_group"],
    task: (a) => `Balance the review load of ${a.group_id}: who has too many reviews, and who should take the unreviewed merge requests.`,
    next: [["merge_request.update", "set or change reviewer_ids"]],
    async gather(run, a) {
      const mrs = await run.list("merge_request.list_group", { group_id: a.group_id, state: "opened", per_page: PAGE });
      const none = mrs.filter((m) => list(m.reviewers).length === 0);
      return [
        { title: "Reviews waiting per reviewer", lines: tallyLines(tally(mrs, (m) => list(m.reviewers).map(who)), " open merge requests"), empty: "No reviewer has work waiting." },
        { title: `Without a reviewer (${none.length})`, lines: none.map((m) => mrLine(m, [`${ageDays(m.created_at, run.now)} days old`])), empty: "None." },
      ];
    },
  },
  {
    name: "weekly_team_recap",
    title: "Weekly team recap",
    description: "Recaps a group's last 7 days: merge requests merged and opened, issues closed (from the latest 100 of each). 3 GitLab requests.",
    args: [GROUP],
    needs: ["merge_request.list_group"],
    task: (a) => `Write the weekly recap of ${a.group_id}: highlights, shipped work, and what carries over.`,
    next: [["merge_request.list_group", "list the group's merge requests"]],
    async gather(run, a) {
      const since = timeBefore(run.now, 7);
      const merged = (await run.list("merge_request.list_group", { group_id: a.group_id, state: "merged", per_page: PAGE })).filter((m) => str(m.merged_at) >= since);
      const opened = (await run.list("merge_request.list_group", { group_id: a.group_id, state: "opened", per_page: PAGE })).filter((m) => str(m.created_at) >= since);
      const closed = (await run.list("issue.list_group", { group_id: a.group_id, state: "closed", per_page: PAGE })).filter((i) => str(i.closed_at) >= since);
      return [
        { title: `Merged (${merged.length})`, lines: merged.map((m) => mrLine(m, [`merged by ${who(m.merged_by) || "?"}`])), empty: "None." },
        { title: `Opened (${opened.length})`, lines: opened.map((m) => mrLine(m)), empty: "None." },
        { title: `Issues closed (${closed.length})`, lines: closed.map((i) => issueLine(i)), empty: "None." },
        { title: "Contributors this week", lines: [`- ${people([...merged, ...opened].map((m) => m.author), "none")}`] },
      ];
    },
  },
  {
    name: "group_milestone_progress",
    title: "Group milestone progress",
    description: "Reports a group milestone's progress from its issues and merge requests (default: the active group milestone due soonest). 3 GitLab requests.",
    args: [GROUP, { name: "milestone", description: "Milestone title (default: the active group milestone due soonest)" }],
    needs: ["group.group_milestone_list"],
    task: (a) => `Report the progress of group milestone ${a.milestone ?? "(the current one)"} in ${a.group_id}: on track or not, and what is at risk.`,
    next: [
      ["issue.update", "move or reassign an issue"],
      ["group.group_milestone_update", "change the due date or close the milestone"],
    ],
    async gather(run, a) {
      const m = await pickMilestone(run, "group.group_milestone_list", { group_id: a.group_id }, a.milestone);
      if (!m) return [{ title: "Milestone", lines: [], empty: a.milestone ? `No group milestone is titled "${a.milestone}".` : "No active group milestone." }];
      const issues = await run.list("group.group_milestone_issues", { group_id: a.group_id, milestone_id: m.id, per_page: PAGE });
      const mrs = await run.list("group.group_milestone_merge_requests", { group_id: a.group_id, milestone_id: m.id, per_page: PAGE });
      return milestoneSections(m, issues, mrs, run.now);
    },
  },
];
