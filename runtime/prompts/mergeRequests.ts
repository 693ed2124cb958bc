// Merge request prompts (RPC-9): one merge request (project_id, merge_request_iid) and a project's open
// merge requests. Each reads one page per list (at most 100 rows) and states its request count.
import { ageDays, diffCounts, duration, fileLine, hoursBetween, list, median, mrLine, obj, oneLine, people, pipelineLine, str, tally, tallyLines, unresolvedThreads, who } from "./facts.js";
import type { PromptArg, PromptDef, PromptRun, Row, Section } from "./types.js";

export const PROJECT: PromptArg = { name: "project_id", description: "Project ID or full path (group/project)", required: true };
export const MR_IID: PromptArg = { name: "merge_request_iid", description: "Merge request IID within the project (the number after !)", required: true };
const MR_ARGS = [PROJECT, MR_IID];
const PAGE = 100;

/** The merge request, its diff (first 100 files) and the facts both carry. */
async function mrAndDiff(run: PromptRun, a: Readonly<Record<string, string | undefined>>) {
  const p = { project_id: a.project_id, merge_request_iid: Number(a.merge_request_iid) };
  const mr = await run.get("merge_request.get", p);
  const diff = await run.get("mr_review.changes_get", { ...p, per_page: PAGE });
  const files = list(diff.changes).map((f) => f as Row);
  return { p, mr, files, diff };
}

function mrSection(mr: Row): Section {
  return {
    title: `Merge request !${str(mr.iid)}: ${str(mr.title)}`,
    lines: [
      `- state ${str(mr.state)}${mr.draft === true ? " (draft)" : ""}, ${str(mr.source_branch)} → ${str(mr.target_branch)}, by ${who(mr.author)}`,
      `- assignees ${people(mr.assignees)}, reviewers ${people(mr.reviewers)}`,
      str(mr.detailed_merge_status) && `- merge status ${str(mr.detailed_merge_status)}${mr.has_conflicts === true ? ", has conflicts" : ""}`,
      list(mr.labels).length > 0 && `- labels ${list(mr.labels).map(str).join(", ")}`,
      `- description: ${oneLine(str(mr.description) || "(none)", 600)}`,
      str(mr.web_url) && `- ${str(mr.web_url)}`,
    ].filter((l): l is string => typeof l === "string" && l !== ""),
  };
}

function diffSection(files: readonly Row[], diff: Row): Section {
  const totals = files.map((f) => diffCounts(f.diff)).reduce((t, c) => ({ added: t.added + c.added, removed: t.removed + c.removed }), { added: 0, removed: 0 });
  const more = obj(diff.pagination)?.has_more === true || diff.overflow === true ? " (more files exist than shown: read them with mr_review.changes_get and page)" : "";
  return { title: `Diff summary: ${files.length} file(s), +${totals.added} −${totals.removed}${more}`, lines: files.map(fileLine), empty: "No changed files." };
}

const SENSITIVE = /(^|\/)(\.gitlab-ci\.ya?ml|Dockerfile|docker-compose[^/]*|[^/]*\.sql|db\/migrate\/|migrations?\/|config\/|[^/]*secret[^/]*|[^/]*auth[^/]*|\.env[^/]*|package(-lock)?\.json|Gemfile(\.lock)?|go\.(mod|sum)|requirements[^/]*\.txt)/i;
const TEST_PATH = /(^|\/)(test|tests|spec|specs|__tests__)\/|[._-](test|spec)\.[a-z]+$/i;

const mrPrompts: PromptDef[] = [
  {
    name: "summarize_mr_changes",
    title: "Summarize a merge request's changes",
    description: "Summarizes what a merge request changes: its description, changed files with lines added and removed, and its commits. 3 GitLab requests.",
    args: MR_ARGS,
    needs: ["merge_request.get", "mr_review.changes_get"],
    task: (a) => `Summarize the changes of merge request !${a.merge_request_iid} in ${a.project_id} for a reader who has not seen it: what it changes and why, grouped by area, with anything surprising called out.`,
    next: [
      ["mr_review.changes_get", "read the full diff of chosen files (paths)"],
      ["mr_review.note_create", "post the summary as a comment"],
      ["merge_request.update", "improve the description"],
    ],
    async gather(run, a) {
      const { p, mr, files, diff } = await mrAndDiff(run, a);
      const commits = await run.list("merge_request.commits", { ...p, per_page: PAGE });
      return [mrSection(mr), diffSection(files, diff), { title: `Commits (${commits.length})`, lines: commits.map((c) => `- ${str(c.short_id)} ${str(c.title)} (${str(c.author_name)})`) }];
    },
  },
  {
    name: "review_mr",
    title: "Review a merge request",
    description: "Prepares a code review: the merge request, its diff summary, its unresolved threads and the state of its latest pipeline. 4 GitLab requests.",
    args: MR_ARGS,
    needs: ["merge_request.get", "mr_review.changes_get"],
    task: (a) => `Review merge request !${a.merge_request_iid} in ${a.project_id}. Read the diff of the files that matter, check the unresolved threads and the pipeline, then give a verdict (approve, or the changes needed) with line-level comments.`,
    next: [
      ["mr_review.changes_get", "read a file's diff (paths)"],
      ["mr_review.discussion_create", "comment on a line of the diff"],
      ["mr_review.discussion_reply", "answer an unresolved thread"],
      ["mr_review.discussion_resolve", "resolve a thread that is settled"],
      ["merge_request.approve", "approve when it is ready"],
      ["job.trace", "read the log of a failed job"],
    ],
    async gather(run, a) {
      const { p, mr, files, diff } = await mrAndDiff(run, a);
      const discussions = await run.list("mr_review.discussion_list", { ...p, per_page: PAGE });
      const pipelines = await run.list("merge_request.pipelines", { ...p, per_page: 5 });
      const threads = unresolvedThreads(discussions);
      return [
        mrSection(mr),
        diffSection(files, diff),
        { title: `Unresolved threads (${threads.length})`, lines: threads, empty: "No unresolved threads." },
        { title: "Pipeline", lines: pipelines.length ? [`- latest: ${pipelineLine(pipelines[0]).slice(2)}`, ...pipelines.slice(1).map(pipelineLine)] : [], empty: "No pipeline has run for this merge request." },
      ];
    },
  },
  {
    name: "suggest_mr_reviewers",
    title: "Suggest reviewers for a merge request",
    description: "Suggests reviewers from the files a merge request changes, the repository's top contributors and the project's members. 4 GitLab requests.",
    args: MR_ARGS,
    needs: ["merge_request.get", "repository.contributors"],
    task: (a) => `Suggest two or three reviewers for merge request !${a.merge_request_iid} in ${a.project_id}, excluding its author, and say why each fits the changed areas.`,
    next: [
      ["merge_request.update", "set reviewer_ids"],
      ["merge_request.reviewers", "check who reviews it now"],
    ],
    async gather(run, a) {
      const { mr, files } = await mrAndDiff(run, a);
      const contributors = await run.list("repository.contributors", { project_id: a.project_id, order_by: "commits", sort: "desc", per_page: 20 });
      const members = await run.list("project.members", { project_id: a.project_id, per_page: PAGE });
      const author = str(obj(mr.author)?.username);
      const reviewing = new Set(list(mr.reviewers).map((r) => str(obj(r)?.username)));
      const areas = tally(files, (f) => str(f.new_path).split("/").slice(0, -1).join("/") || "(root)");
      return [
        { title: `Merge request !${str(mr.iid)}: ${str(mr.title)}`, lines: [`- author @${author}; reviewers now ${people(mr.reviewers)}`] },
        { title: "Changed areas (directories, files changed)", lines: tallyLines(areas) },
        { title: "Top contributors by commits", lines: contributors.map((c) => `- ${str(c.name)} <${str(c.email)}>: ${str(c.commits)} commits`) },
        {
          title: "Project members who can review (Developer or above, not the author)",
          lines: members
            .filter((m) => Number(m.access_level) >= 30 && str(m.username) !== author && m.state !== "blocked")
            .map((m) => `- @${str(m.username)} (${str(m.name)}, access ${str(m.access_level)})${reviewing.has(str(m.username)) ? ", already a reviewer" : ""}`),
        },
      ];
    },
  },
  {
    name: "mr_risk_assessment",
    title: "Assess the risk of a merge request",
    description: "Weighs a merge request's risk: size, sensitive paths (CI, migrations, config, auth, dependencies), test coverage of the change, pipeline and approvals. 4 GitLab requests.",
    args: MR_ARGS,
    needs: ["merge_request.get", "mr_review.changes_get"],
    task: (a) => `Assess the risk of merging !${a.merge_request_iid} in ${a.project_id}: rate it low, medium or high, name the riskiest files and what should happen before it is merged.`,
    next: [
      ["mr_review.changes_get", "read the risky files' diffs"],
      ["merge_request.approval_state", "see which approval rules still block"],
      ["mr_review.discussion_create", "raise a concern on a line"],
      ["pipeline.retry", "re-run a failed pipeline"],
    ],
    async gather(run, a) {
      const { p, mr, files, diff } = await mrAndDiff(run, a);
      const pipelines = await run.list("merge_request.pipelines", { ...p, per_page: 1 });
      const approvals = await run.get("merge_request.approval_state", p);
      const sensitive = files.filter((f) => SENSITIVE.test(str(f.new_path)) || SENSITIVE.test(str(f.old_path)));
      const tests = files.filter((f) => TEST_PATH.test(str(f.new_path)));
      const d = diffSection(files, diff);
      return [
        mrSection(mr),
        {
          title: "Risk signals",
          lines: [
            `- size: ${d.title.replace("Diff summary: ", "")}`,
            `- sensitive files: ${sensitive.length}${sensitive.length ? ` (${sensitive.map((f) => str(f.new_path)).join(", ")})` : ""}`,
            `- deleted files: ${files.filter((f) => f.deleted_file === true).length}`,
            `- test files changed: ${tests.length}${tests.length === 0 && files.length > 0 ? " (no tests touched)" : ""}`,
            `- pipeline: ${pipelines[0] ? `${str(pipelines[0].status)} (pipeline ${str(pipelines[0].id)})` : "none has run"}`,
            `- approvals: ${approvals.approved === true ? "all rules met" : `rules left: ${list(approvals.rules_left).map(str).join(", ") || "none"}`}${list(approvals.summary).length ? `; ${list(approvals.summary).map(str).join("; ")}` : ""}`,
            `- conflicts: ${mr.has_conflicts === true ? "yes" : "no"}; draft: ${mr.draft === true ? "yes" : "no"}`,
          ],
        },
        d,
      ];
    },
  },
];

export const openMrs = (run: PromptRun, project: string | undefined, extra: Row = {}) => run.list("merge_request.list", { project_id: project, state: "opened", per_page: PAGE, ...extra });

const projectMrPrompts: PromptDef[] = [
  {
    name: "summarize_open_mrs",
    title: "Summarize a project's open merge requests",
    description: "Lists a project's open merge requests (up to 100) with drafts, conflicts, age and authors. 1 GitLab request.",
    args: [PROJECT],
    needs: ["merge_request.list"],
    task: (a) => `Summarize the open merge requests of ${a.project_id}: what is ready to merge, what is blocked and why, and which need attention first.`,
    next: [
      ["merge_request.get", "open one merge request"],
      ["mr_review.discussion_list", "read its threads"],
      ["merge_request.merge", "merge one that is ready"],
    ],
    async gather(run, a) {
      const mrs = await openMrs(run, a.project_id);
      return [
        {
          title: `Overview: ${mrs.length} open merge request(s)`,
          lines: [
            `- drafts: ${mrs.filter((m) => m.draft === true).length}; with conflicts: ${mrs.filter((m) => m.has_conflicts === true).length}`,
            `- by author: ${tally(mrs, (m) => who(m.author)).map(([k, n]) => `${k} ${n}`).join(", ") || "none"}`,
          ],
        },
        { title: "Open merge requests (oldest first)", lines: [...mrs].sort((x, y) => str(x.created_at).localeCompare(str(y.created_at))).map((m) => mrLine(m, [`${ageDays(m.created_at, run.now)} days old`, `${str(m.user_notes_count)} comments`])) },
      ];
    },
  },
  {
    name: "mr_discussion_health",
    title: "Health of merge request discussions",
    description: "Finds open merge requests with unresolved threads and reads the threads of the five most discussed. At most 6 GitLab requests.",
    args: [PROJECT],
    needs: ["merge_request.list", "mr_review.discussion_list"],
    task: (a) => `Judge the health of review discussions in ${a.project_id}: which threads block merging, which are stale, and who should answer.`,
    next: [
      ["mr_review.discussion_reply", "answer a thread"],
      ["mr_review.discussion_resolve", "resolve a settled thread"],
    ],
    async gather(run, a) {
      const mrs = await openMrs(run, a.project_id);
      const blocked = mrs.filter((m) => m.blocking_discussions_resolved === false);
      const busiest = [...mrs].filter((m) => Number(m.user_notes_count) > 0).sort((x, y) => Number(y.user_notes_count) - Number(x.user_notes_count)).slice(0, 5);
      const sections: Section[] = [{ title: "Overview", lines: [`- open merge requests: ${mrs.length}; with unresolved blocking threads: ${blocked.length}`, ...blocked.map((m) => mrLine(m))] }];
      for (const m of busiest) {
        const threads = unresolvedThreads(await run.list("mr_review.discussion_list", { project_id: a.project_id, merge_request_iid: m.iid, per_page: PAGE }));
        sections.push({ title: `!${str(m.iid)} ${str(m.title)}: ${threads.length} unresolved thread(s), ${str(m.user_notes_count)} comments`, lines: threads, empty: "All threads resolved." });
      }
      return sections;
    },
  },
  {
    name: "mr_description_quality",
    title: "Quality of merge request descriptions",
    description: "Checks each open merge request's description: length, linked issue, labels, assignee and reviewers. 1 GitLab request.",
    args: [PROJECT],
    needs: ["merge_request.list"],
    task: (a) => `Rate the descriptions of the open merge requests of ${a.project_id} and propose, for the weakest, a better description.`,
    next: [["merge_request.update", "rewrite a description, add labels or reviewers"]],
    async gather(run, a) {
      const mrs = await openMrs(run, a.project_id);
      const lines = mrs.map((m) => {
        const text = str(m.description);
        const missing = [
          text.length < 50 && "description shorter than 50 characters",
          !/(#\d+|closes|fixes|resolves|related to)/i.test(text) && "no linked issue",
          list(m.labels).length === 0 && "no labels",
          list(m.assignees).length === 0 && "no assignee",
          list(m.reviewers).length === 0 && "no reviewers",
        ].filter(Boolean);
        return `- !${str(m.iid)} ${str(m.title)}: ${missing.length === 0 ? "complete" : `missing ${missing.join(", ")}`} (${5 - missing.length}/5)`;
      });
      return [{ title: `Descriptions of ${mrs.length} open merge request(s)`, lines }];
    },
  },
  {
    name: "branch_mr_summary",
    title: "Merge requests into a branch",
    description: "Lists the open merge requests into a target branch and the last 20 merged into it. 2 GitLab requests.",
    args: [PROJECT, { name: "target_branch", description: "The branch merge requests target (such as main)", required: true }],
    needs: ["merge_request.list"],
    task: (a) => `Summarize what is about to land in ${a.target_branch} of ${a.project_id} and what landed recently.`,
    next: [
      ["merge_request.get", "open one merge request"],
      ["merge_request.merge", "merge one that is ready"],
    ],
    async gather(run, a) {
      const open = await openMrs(run, a.project_id, { target_branch: a.target_branch });
      const merged = await run.list("merge_request.list", { project_id: a.project_id, target_branch: a.target_branch, state: "merged", per_page: 20 });
      return [
        { title: `Open into ${a.target_branch} (${open.length})`, lines: open.map((m) => mrLine(m)), empty: "None open." },
        { title: `Recently merged into ${a.target_branch} (${merged.length})`, lines: merged.map((m) => mrLine(m, [`merged ${str(m.merged_at).slice(0, 10)}`])), empty: "None merged." },
      ];
    },
  },
  {
    name: "merge_velocity",
    title: "Merge velocity",
    description: "Measures time to merge over the project's last 100 merged merge requests: median, per author, and merges per week over the last 4 weeks. 1 GitLab request.",
    args: [PROJECT],
    needs: ["merge_request.list"],
    task: (a) => `Assess the merge velocity of ${a.project_id}: is review keeping up, who waits longest, and what would speed it up.`,
    next: [["merge_request.list", "list merge requests by state or author"]],
    async gather(run, a) {
      const merged = (await run.list("merge_request.list", { project_id: a.project_id, state: "merged", per_page: PAGE })).filter((m) => str(m.merged_at));
      const hours = merged.map((m) => hoursBetween(m.created_at, m.merged_at));
      const weeks = [0, 1, 2, 3].map((w) => merged.filter((m) => ageDays(m.merged_at, run.now) >= w * 7 && ageDays(m.merged_at, run.now) < (w + 1) * 7).length);
      const byAuthor = tally(merged, (m) => who(m.author)).map(([name]) => {
        const own = merged.filter((m) => who(m.author) === name).map((m) => hoursBetween(m.created_at, m.merged_at));
        return `- ${name}: ${own.length} merged, median ${duration(median(own))}`;
      });
      return [
        { title: `Time to merge (${merged.length} merged merge requests)`, lines: merged.length ? [`- median ${duration(median(hours))}, slowest ${duration(Math.max(...hours))}`] : [], empty: "No merged merge requests." },
        { title: "Merged per week (this week first)", lines: weeks.map((n, i) => `- ${i === 0 ? "last 7 days" : `${i * 7}–${(i + 1) * 7} days ago`}: ${n}`) },
        { title: "By author", lines: byAuthor },
      ];
    },
  },
];

export const MERGE_REQUEST_PROMPTS: readonly PromptDef[] = [...mrPrompts, ...projectMrPrompts];
