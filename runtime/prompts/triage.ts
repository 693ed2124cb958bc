// Triage prompts (RPC-9): a project's unowned and idle work.
import { ageDays, count, issueLine, list, mrLine, people, str, timeBefore } from "./facts.js";
import { openMrs, PROJECT } from "./mergeRequests.js";
import type { PromptDef, Row } from "./types.js";

const PAGE = 100;

export const TRIAGE_PROMPTS: readonly PromptDef[] = [
  {
    name: "unassigned_items",
    title: "Unassigned issues and merge requests",
    description: "Finds open issues without an assignee and open merge requests without an assignee or reviewer (up to 100 of each). 2 GitLab requests.",
    args: [PROJECT],
    needs: ["issue.list", "merge_request.list"],
    task: (a) => `Propose an owner for each unassigned item of ${a.project_id}, most urgent first.`,
    next: [
      ["issue.update", "assign an issue (assignee_ids)"],
      ["merge_request.update", "assign a merge request or set reviewers"],
    ],
    async gather(run, a) {
      const issues = (await run.list("issue.list", { project_id: a.project_id, state: "opened", per_page: PAGE })).filter((i) => list(i.assignees).length === 0);
      const mrs = (await openMrs(run, a.project_id)).filter((m) => list(m.assignees).length === 0 || list(m.reviewers).length === 0);
      return [
        { title: `Unassigned open issues (${issues.length})`, lines: issues.map((i) => issueLine(i)), empty: "Every open issue has an assignee." },
        { title: `Merge requests without assignee or reviewer (${mrs.length})`, lines: mrs.map((m) => mrLine(m, [`assignees ${people(m.assignees)}`, `reviewers ${people(m.reviewers)}`])), empty: "Every open merge request has both." },
      ];
    },
  },
  {
    name: "stale_items_report",
    title: "Stale issues and merge requests",
    description: "Finds open issues and merge requests not updated for stale_days (default 14), from the 100 least recently updated of each. 2 GitLab requests.",
    args: [PROJECT, { name: "stale_days", description: "Days without an update after which an item is stale (default 14)" }],
    needs: ["issue.list", "merge_request.list"],
    task: (a) => `For each item of ${a.project_id} idle for more than ${a.stale_days ?? 14} days, propose: close, ping someone, or keep, with a one-line reason.`,
    next: [
      ["issue.note_create", "ping the people on an issue"],
      ["issue.update", "close an issue (state_event close)"],
      ["merge_request.update", "close a merge request (state_event close)"],
    ],
    async gather(run, a) {
      const days = count(a.stale_days, 14, "stale_days");
      const cutoff = timeBefore(run.now, days);
      const issues = (await run.list("issue.list", { project_id: a.project_id, state: "opened", order_by: "updated_at", sort: "asc", per_page: PAGE })).filter((i) => str(i.updated_at) < cutoff);
      const mrs = (await openMrs(run, a.project_id, { sort: "asc" })).filter((m) => str(m.updated_at) < cutoff);
      const idle = (r: Row) => `idle ${ageDays(r.updated_at, run.now)} days`;
      return [
        { title: `Stale issues (${issues.length})`, lines: issues.map((i) => issueLine(i, [idle(i)])), empty: `No open issue idle for more than ${days} days.` },
        { title: `Stale merge requests (${mrs.length})`, lines: mrs.map((m) => mrLine(m, [idle(m)])), empty: `No open merge request idle for more than ${days} days.` },
      ];
    },
  },
];
