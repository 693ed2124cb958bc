// Audit prompts (RPC-9): commit hygiene and the development workflow of a project.
import { ageDays, list, obj, str, tally } from "./facts.js";
import { PROJECT } from "./mergeRequests.js";
import { pipelineHealth } from "./project.js";
import type { PromptDef, Row, Section } from "./types.js";

const PAGE = 100;
const P = [PROJECT];

const CONVENTIONAL = /^(feat|fix|docs|style|refactor|perf|test|build|ci|chore|revert)(\([^)]+\))?!?: \S/;

/** Commit-message checks over a page of commits. */
function hygiene(commits: readonly Row[]): Section[] {
  const problems = commits.flatMap((c) => {
    const t = str(c.title);
    const found = [
      !CONVENTIONAL.test(t) && list(c.parent_ids).length < 2 && "not a conventional commit",
      t.length > 72 && `subject ${t.length} characters long`,
      /\.$/.test(t) && "subject ends with a period",
      /^(wip|fixup!|squash!|tmp)\b/i.test(t) && "work-in-progress commit on the branch",
    ].filter(Boolean);
    return found.length ? [`- ${str(c.short_id)} ${t}: ${found.join(", ")}`] : [];
  });
  const conventional = commits.filter((c) => CONVENTIONAL.test(str(c.title))).length;
  const merges = commits.filter((c) => list(c.parent_ids).length > 1).length;
  return [
    { title: `Commit hygiene of the last ${commits.length} commits`, lines: [`- conventional commits: ${conventional} of ${commits.length}`, `- merge commits: ${merges}`, `- commits with a problem: ${problems.length}`, `- authors: ${tally(commits, (c) => str(c.author_name)).map(([k, n]) => `${k} ${n}`).join(", ")}`] },
    { title: "Commits with a problem", lines: problems, empty: "None." },
  ];
}

/** Merge settings and branch protection of a project. */
function workflow(project: Row, protectedBranches: readonly Row[]): Section {
  const yes = (v: unknown) => (v === true ? "yes" : v === false ? "no" : "unknown");
  const def = str(project.default_branch);
  return {
    title: "Workflow settings",
    lines: [
      `- default branch ${def}: ${protectedBranches.some((b) => str(b.name) === def) ? "protected" : "NOT protected"}`,
      `- protected branches: ${protectedBranches.map((b) => str(b.name)).join(", ") || "none"}`,
      `- merge only when the pipeline succeeds: ${yes(project.only_allow_merge_if_pipeline_succeeds)}`,
      `- merge only when all threads are resolved: ${yes(project.only_allow_merge_if_all_discussions_are_resolved)}`,
      `- delete source branch after merge by default: ${yes(project.remove_source_branch_after_merge)}`,
      `- merge method ${str(project.merge_method) || "unknown"}, squash ${str(project.squash_option) || "unknown"}`,
    ],
  };
}

export const AUDIT_PROMPTS: readonly PromptDef[] = [
  {
    name: "audit_commit_hygiene",
    title: "Audit commit hygiene",
    description: "Audits the last 100 commits of the default branch: conventional-commit subjects, subject length, merge and work-in-progress commits. 1 GitLab request.",
    args: P,
    needs: ["repository.commit_list"],
    task: (a) => `Audit the commit hygiene of ${a.project_id} and propose concrete conventions (and a commit-msg check) to fix what you find.`,
    next: [["repository.commit_get", "read one commit"]],
    async gather(run, a) {
      return hygiene(await run.list("repository.commit_list", { project_id: a.project_id, per_page: PAGE }));
    },
  },
  {
    name: "audit_project_workflow",
    title: "Audit project workflow",
    description: "Audits a project's workflow: merge settings, branch protection and recent pipelines. 3 GitLab requests.",
    args: P,
    needs: ["project.get"],
    task: (a) => `Audit the development workflow of ${a.project_id} against good practice and list the settings to change, most important first.`,
    next: [
      ["project.update", "change merge settings"],
      ["branch.protect", "protect a branch"],
    ],
    async gather(run, a) {
      const project = await run.get("project.get", { project_id: a.project_id });
      const protectedBranches = (await run.listIfAllowed("branch.list_protected", { project_id: a.project_id, per_page: PAGE })) ?? [];
      const pipelines = await run.list("pipeline.list", { project_id: a.project_id, per_page: 20 });
      return [workflow(project, protectedBranches), pipelineHealth(pipelines)];
    },
  },
  {
    name: "audit_project_full",
    title: "Full project audit",
    description: "A full audit: workflow settings, branch protection, commit hygiene, pipelines, issues and open merge requests. 6 GitLab requests.",
    args: P,
    needs: ["project.get"],
    task: (a) => `Audit ${a.project_id} in full: grade each area (workflow, commits, CI, issues, reviews) and give a prioritised action plan.`,
    next: [
      ["project.update", "change merge settings"],
      ["branch.protect", "protect a branch"],
      ["job.trace", "read a failed job's log"],
      ["issue.update", "triage an issue"],
    ],
    async gather(run, a) {
      const project = await run.get("project.get", { project_id: a.project_id });
      const protectedBranches = (await run.listIfAllowed("branch.list_protected", { project_id: a.project_id, per_page: PAGE })) ?? [];
      const commits = await run.list("repository.commit_list", { project_id: a.project_id, per_page: PAGE });
      const pipelines = await run.list("pipeline.list", { project_id: a.project_id, per_page: 20 });
      const stats = obj(obj((await run.get("issue.statistics_get_project", { project_id: a.project_id })).statistics)?.counts) ?? {};
      const mrs = await run.list("merge_request.list", { project_id: a.project_id, state: "opened", per_page: PAGE });
      return [
        workflow(project, protectedBranches),
        ...hygiene(commits),
        pipelineHealth(pipelines),
        { title: "Issues and reviews", lines: [`- issues open ${str(stats.opened)}, closed ${str(stats.closed)}`, `- open merge requests ${mrs.length}, idle over 14 days ${mrs.filter((m) => ageDays(m.updated_at, run.now) > 14).length}, without reviewers ${mrs.filter((m) => list(m.reviewers).length === 0).length}`] },
      ];
    },
  },
];
