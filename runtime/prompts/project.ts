// Project prompts (RPC-9): pipelines, health, activity, releases and milestones of one project.
import { ageDays, commitLine, count, day, daysBefore, duration, hoursBetween, issueLine, jobLine, list, median, mrLine, obj, pipelineLine, str, tally, tallyLines, timeBefore, who } from "./facts.js";
import { PROJECT } from "./mergeRequests.js";
import type { PromptDef, PromptRun, Row, Section } from "./types.js";

const PAGE = 100;

/** The milestone named by title, or the active one due soonest; undefined when there is none. */
export async function pickMilestone(run: PromptRun, listId: string, scope: Row, title: string | undefined): Promise<Row | undefined> {
  const found = await run.list(listId, { ...scope, ...(title ? { title } : { state: "active" }), per_page: PAGE });
  if (title) return found[0];
  return [...found].sort((x, y) => (str(x.due_date) || "9999").localeCompare(str(y.due_date) || "9999"))[0];
}

/** Facts of a milestone from its issues and merge requests. */
export function milestoneSections(m: Row, issues: readonly Row[], mrs: readonly Row[], now: Date): Section[] {
  const closed = issues.filter((i) => i.state === "closed").length;
  const merged = mrs.filter((x) => x.state === "merged").length;
  const due = str(m.due_date);
  const left = due ? Math.ceil((Date.parse(`${due}T23:59:59Z`) - now.getTime()) / 86_400_000) : undefined;
  return [
    {
      title: `Milestone ${str(m.title)} (${str(m.state)})`,
      lines: [
        `- due ${due || "not set"}${left === undefined ? "" : left < 0 ? ` (${-left} days overdue)` : ` (${left} days left)`}`,
        `- issues: ${closed} of ${issues.length} closed (${issues.length ? Math.round((closed / issues.length) * 100) : 0}%)`,
        `- merge requests: ${merged} of ${mrs.length} merged`,
      ],
    },
    { title: "Open issues", lines: issues.filter((i) => i.state !== "closed").map((i) => issueLine(i)), empty: "No open issues." },
    { title: "Open merge requests", lines: mrs.filter((x) => x.state === "opened").map((x) => mrLine(x)), empty: "No open merge requests." },
  ];
}

export function pipelineHealth(pipelines: readonly Row[]): Section {
  const done = pipelines.filter((p) => ["success", "failed"].includes(str(p.status)));
  const ok = done.filter((p) => p.status === "success").length;
  return {
    title: `Pipelines (last ${pipelines.length})`,
    lines: [`- success rate ${done.length ? Math.round((ok / done.length) * 100) : 0}% of ${done.length} finished`, `- by status: ${tally(pipelines, (p) => str(p.status)).map(([k, n]) => `${k} ${n}`).join(", ") || "none"}`, ...pipelines.slice(0, 5).map(pipelineLine)],
  };
}

const P = [PROJECT];

export const PROJECT_PROMPTS: readonly PromptDef[] = [
  {
    name: "summarize_pipeline_status",
    title: "Pipeline status of a project",
    description: "Summarizes the last 20 pipelines and lists the failed jobs of the latest failed one. At most 2 GitLab requests.",
    args: P,
    needs: ["pipeline.list"],
    task: (a) => `Summarize the CI state of ${a.project_id}: is the default branch green, what is failing and the likely cause, and what to do first.`,
    next: [
      ["job.trace", "read a failed job's log"],
      ["job.retry", "retry a failed job"],
      ["pipeline.retry", "retry a pipeline's failed jobs"],
    ],
    async gather(run, a) {
      const pipelines = await run.list("pipeline.list", { project_id: a.project_id, per_page: 20 });
      const failed = pipelines.find((p) => p.status === "failed");
      const jobs = failed ? await run.list("job.list", { project_id: a.project_id, pipeline_id: failed.id, scope: ["failed"], per_page: PAGE }) : [];
      return [pipelineHealth(pipelines), { title: failed ? `Failed jobs of pipeline ${str(failed.id)} (${str(failed.ref)})` : "Failed jobs", lines: jobs.map(jobLine), empty: failed ? "GitLab lists no failed job." : "No failed pipeline among the last 20." }];
    },
  },
  {
    name: "project_health_check",
    title: "Project health check",
    description: "Checks a project's health: settings, the last 20 pipelines, issue counts and open merge requests. 4 GitLab requests.",
    args: P,
    needs: ["project.get"],
    task: (a) => `Give ${a.project_id} a health grade (A to F) with the three most important improvements.`,
    next: [
      ["pipeline.list", "look into pipelines"],
      ["issue.list", "triage issues"],
      ["merge_request.list", "look into open merge requests"],
    ],
    async gather(run, a) {
      const project = await run.get("project.get", { project_id: a.project_id });
      const pipelines = await run.list("pipeline.list", { project_id: a.project_id, per_page: 20 });
      const stats = obj(obj((await run.get("issue.statistics_get_project", { project_id: a.project_id })).statistics)?.counts) ?? {};
      const mrs = await run.list("merge_request.list", { project_id: a.project_id, state: "opened", per_page: PAGE });
      return [
        { title: `Project ${str(project.path_with_namespace)}`, lines: [`- default branch ${str(project.default_branch)}, visibility ${str(project.visibility)}${project.archived === true ? ", archived" : ""}`, `- last activity ${day(project.last_activity_at)}`] },
        pipelineHealth(pipelines),
        { title: "Issues", lines: [`- open ${str(stats.opened)}, closed ${str(stats.closed)}, all ${str(stats.all)}`] },
        { title: `Open merge requests (${mrs.length})`, lines: [`- drafts ${mrs.filter((m) => m.draft === true).length}, with conflicts ${mrs.filter((m) => m.has_conflicts === true).length}, older than 30 days ${mrs.filter((m) => ageDays(m.created_at, run.now) > 30).length}`] },
      ];
    },
  },
  {
    name: "project_activity_report",
    title: "Project activity report",
    description: "Reports a project's activity over the last days (default 7): events by kind and person, commits and pipelines (up to 100 of each). 3 GitLab requests.",
    args: [PROJECT, { name: "days", description: "How many days back to report (default 7)" }],
    needs: ["user.event_list_project"],
    task: (a) => `Write an activity report of ${a.project_id} for the last ${a.days ?? 7} days: what moved, who drove it, and anything worrying.`,
    next: [
      ["user.event_list_project", "read the events themselves"],
      ["repository.commit_list", "list commits"],
    ],
    async gather(run, a) {
      const days = count(a.days, 7, "days");
      const events = (await run.list("user.event_list_project", { project_id: a.project_id, after: daysBefore(run.now, days + 1), per_page: PAGE })).filter((e) => str(e.created_at) >= timeBefore(run.now, days));
      const commits = await run.list("repository.commit_list", { project_id: a.project_id, since: timeBefore(run.now, days), per_page: PAGE });
      const pipelines = await run.list("pipeline.list", { project_id: a.project_id, updated_after: timeBefore(run.now, days), per_page: PAGE });
      return [
        { title: `Events (${events.length})`, lines: tallyLines(tally(events, (e) => `${str(e.action_name)} ${str(e.target_type) || "project"}`)) },
        { title: "Most active", lines: tallyLines(tally(events, (e) => who(e.author) || str(e.author_username)), " events") },
        { title: `Commits (${commits.length})`, lines: commits.slice(0, 30).map(commitLine) },
        { title: `Pipelines (${pipelines.length})`, lines: tallyLines(tally(pipelines, (p) => str(p.status))) },
      ];
    },
  },
  {
    name: "release_readiness",
    title: "Release readiness",
    description: "Checks whether a branch is ready to release: the open issues and merge requests of the active milestone due soonest, and the last pipeline of the branch (default: the project's default branch). At most 5 GitLab requests.",
    args: [PROJECT, { name: "branch", description: "The branch to release from (default: the project's default branch)" }],
    needs: ["pipeline.latest", "project.milestone_list"],
    task: (a) => `Decide whether ${a.project_id} is ready to release from ${a.branch ?? "its default branch"}: list the blockers, then say go or no-go.`,
    next: [
      ["merge_request.merge", "merge what must go in"],
      ["pipeline.retry", "re-run the branch's pipeline"],
      ["tag.create", "tag the release"],
      ["release.create", "publish the release"],
    ],
    async gather(run, a) {
      const branch = a.branch ?? str((await run.get("project.get", { project_id: a.project_id })).default_branch);
      const milestone = await pickMilestone(run, "project.milestone_list", { project_id: a.project_id }, undefined);
      const sections: Section[] = [];
      if (milestone) {
        const issues = await run.list("project.milestone_issues", { project_id: a.project_id, milestone_id: milestone.id, per_page: PAGE });
        const mrs = await run.list("project.milestone_merge_requests", { project_id: a.project_id, milestone_id: milestone.id, per_page: PAGE });
        sections.push(...milestoneSections(milestone, issues, mrs, run.now));
      } else sections.push({ title: "Milestone", lines: [], empty: "No active milestone." });
      const latest = await run.get("pipeline.latest", { project_id: a.project_id, ref: branch });
      sections.push({ title: `Last pipeline of ${branch}`, lines: [pipelineLine(latest)] });
      return sections;
    },
  },
  {
    name: "release_cadence",
    title: "Release cadence",
    description: "Measures how often a project releases, from its last 20 releases. 1 GitLab request.",
    args: P,
    needs: ["release.list"],
    task: (a) => `Describe the release cadence of ${a.project_id} and whether a release is due now.`,
    next: [
      ["repository.changelog_generate", "draft the next changelog"],
      ["release.create", "publish a release"],
    ],
    async gather(run, a) {
      const releases = await run.list("release.list", { project_id: a.project_id, order_by: "released_at", sort: "desc", per_page: 20 });
      const gaps = releases.slice(1).map((r, i) => hoursBetween(r.released_at, releases[i].released_at));
      return [
        { title: `Releases (${releases.length})`, lines: releases.map((r) => `- ${str(r.tag_name)} ${str(r.name)} released ${day(r.released_at)}`), empty: "No releases." },
        { title: "Cadence", lines: releases.length ? [`- median gap ${duration(median(gaps))}`, `- last release ${ageDays(releases[0].released_at, run.now)} days ago`] : [] },
      ];
    },
  },
  {
    name: "milestone_progress",
    title: "Milestone progress",
    description: "Reports a milestone's progress from its issues and merge requests (default: the active milestone due soonest). 3 GitLab requests.",
    args: [PROJECT, { name: "milestone", description: "Milestone title (default: the active milestone due soonest)" }],
    needs: ["project.milestone_list"],
    task: (a) => `Report the progress of milestone ${a.milestone ?? "(the current one)"} in ${a.project_id}: will it finish on time, and what is at risk?`,
    next: [
      ["issue.update", "move or reassign an issue"],
      ["project.milestone_update", "change the due date or close the milestone"],
    ],
    async gather(run, a) {
      const m = await pickMilestone(run, "project.milestone_list", { project_id: a.project_id }, a.milestone);
      if (!m) return [{ title: "Milestone", lines: [], empty: a.milestone ? `No milestone is titled "${a.milestone}".` : "No active milestone." }];
      const issues = await run.list("project.milestone_issues", { project_id: a.project_id, milestone_id: m.id, per_page: PAGE });
      const mrs = await run.list("project.milestone_merge_requests", { project_id: a.project_id, milestone_id: m.id, per_page: PAGE });
      return milestoneSections(m, issues, mrs, run.now);
    },
  },
  {
    name: "label_distribution",
    title: "Label distribution",
    description: "Shows how labels are used: open and closed issues and open merge requests per label, and open issues without a label. 2 GitLab requests.",
    args: P,
    needs: ["project.label_list"],
    task: (a) => `Assess the labelling of ${a.project_id}: unused labels, overloaded labels and unlabelled work, with a cleanup proposal.`,
    next: [["issue.update", "label an issue (labels)"]],
    async gather(run, a) {
      const labels = await run.list("project.label_list", { project_id: a.project_id, with_counts: true, per_page: PAGE });
      const issues = await run.list("issue.list", { project_id: a.project_id, state: "opened", per_page: PAGE });
      const unlabelled = issues.filter((i) => list(i.labels).length === 0);
      return [
        { title: `Labels (${labels.length})`, lines: labels.map((l) => (l.open_issues_count === undefined || l.open_issues_count === null ? `- ${str(l.name)}: GitLab reported no counts` : `- ${str(l.name)}: open issues ${str(l.open_issues_count)}, closed issues ${str(l.closed_issues_count)}, open merge requests ${str(l.open_merge_requests_count)}`)), empty: "No labels." },
        { title: `Open issues without a label (${unlabelled.length} of ${issues.length})`, lines: unlabelled.map((i) => issueLine(i)) },
      ];
    },
  },
  {
    name: "project_contributors",
    title: "Project contributors",
    description: "Lists the repository's contributors by commits and the project's members, marking contributors who are not members. 2 GitLab requests.",
    args: P,
    needs: ["repository.contributors"],
    task: (a) => `Describe who builds ${a.project_id}: the core contributors, the bus factor, and members who no longer contribute.`,
    next: [["repository.commit_list", "list a person's commits (author)"]],
    async gather(run, a) {
      const contributors = await run.list("repository.contributors", { project_id: a.project_id, order_by: "commits", sort: "desc", per_page: PAGE });
      const members = (await run.listIfAllowed("project.members", { project_id: a.project_id, per_page: PAGE })) ?? [];
      const total = contributors.reduce((n, c) => n + Number(c.commits ?? 0), 0);
      return [
        { title: `Contributors (${contributors.length}, ${total} commits)`, lines: contributors.map((c) => `- ${str(c.name)} <${str(c.email)}>: ${str(c.commits)} commits (${total ? Math.round((Number(c.commits) / total) * 100) : 0}%), +${str(c.additions)} −${str(c.deletions)}`) },
        { title: `Members (${members.length})`, lines: members.map((m) => `- @${str(m.username)} ${str(m.name)} (access ${str(m.access_level)})`) },
      ];
    },
  },
];
