// Merge request activity: emoji reactions, resource events, time tracking, context commits and
// dependencies, as workflows (award then list then remove; estimate then time_stats; block then unblock).
// Fixtures follow GitLab's emoji_reactions, resource_*_events, merge_requests and context commits docs.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

const MR = "/projects/42/merge_requests/1";
const SHA = `c0ffee${"1".repeat(34)}`;
const WEB = "https://gitlab.example.com/group/project";

const names = (result: { structuredContent?: Record<string, unknown> }) =>
  ((result.structuredContent?.award_emoji ?? []) as { name: string }[]).map((w) => w.name);

export const table: BehaviourTable = {
  domain: "merge_request_activity",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addUser({ id: 2, username: "alice" });
    sim.addMergeRequest(42, { title: "Add login page", source_branch: "feature/login" }); // id 5001
    sim.addMergeRequest(42, { title: "Refactor auth", source_branch: "refactor/auth", labels: ["backend"] }); // id 5002
    sim.addMergeRequest(42, { title: "Old fix", source_branch: "fix/old", state: "merged" });
    sim.addNote(42, { merge_request_iid: 1 }, { body: "Looks good", author: "alice" }); // note 9001
    sim.addMergeRequestActivity(42, 1, {
      emoji: [{ name: "thumbsup", user: "alice" }], // award 701
      note_emoji: [{ note_id: 9001, name: "eyes", user: "alice" }], // award 702
      label_events: [{ label: "bug", action: "add", user: "alice" }], // event 301
      milestone_events: [{ milestone: { id: 7, iid: 3, title: "v1.0" }, action: "add" }], // event 302
      state_events: [
        { state: "closed", user: "alice" }, // event 303
        { state: "reopened" }, // event 304
      ],
    });
    sim.addBranch(42, { name: "feature/form", commit: { id: "f".repeat(40), title: "Style the form" } });
    sim.addDocument("commit", 42, { id: SHA, short_id: SHA.slice(0, 8), title: "Prepare the login form", message: "Prepare the login form\n", author_name: "Sim Developer", authored_date: "2025-03-01T10:00:00.000+00:00", committed_date: "2025-03-01T10:00:00.000+00:00", created_at: "2025-03-01T10:00:00.000+00:00", parent_ids: [], web_url: `${WEB}/-/commit/${SHA}` });
  },
  cases: [
    // ---- emoji reactions on the merge request ----
    {
      id: "merge_request.emoji_mr_list",
      params: { project_id: "group/project", merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/group%2Fproject/merge_requests/1/award_emoji" },
      markdown: ["Emoji Reactions", "thumbsup", "alice"],
    },
    {
      id: "merge_request.emoji_mr_create",
      params: { project_id: 42, merge_request_iid: 1, name: "rocket" },
      request: { method: "POST", path: `${MR}/award_emoji`, body: { name: "rocket" } },
      markdown: ["## Emoji Reaction: :rocket:", "- **ID**: 703"],
    },
    {
      id: "merge_request.emoji_mr_list",
      name: "a reaction just given is listed",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/award_emoji` },
      markdown: ["rocket", "thumbsup"],
    },
    {
      id: "merge_request.emoji_mr_create",
      name: "the same emoji twice is refused by GitLab",
      params: { project_id: 42, merge_request_iid: 1, name: "rocket" },
      request: { method: "POST", path: `${MR}/award_emoji` },
      markdown: [/already been taken/],
      isError: true,
    },
    {
      id: "merge_request.emoji_mr_get",
      params: { project_id: 42, merge_request_iid: 1, award_id: 703 },
      request: { method: "GET", path: `${MR}/award_emoji/703` },
      markdown: ["## Emoji Reaction: :rocket:", "- **On**: MergeRequest"],
    },
    {
      id: "merge_request.emoji_mr_get",
      name: "an award that does not exist answers the not-found card",
      params: { project_id: 42, merge_request_iid: 1, award_id: 999 },
      request: { method: "GET", path: `${MR}/award_emoji/999` },
      markdown: ["## ❓ Emoji Reaction Not Found"],
      isError: true,
    },
    {
      id: "merge_request.emoji_mr_delete",
      params: { project_id: 42, merge_request_iid: 1, award_id: 703 },
      confirm: true,
      request: { method: "DELETE", path: `${MR}/award_emoji/703` },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "merge_request.emoji_mr_list",
      name: "a removed reaction is gone",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/award_emoji` },
      markdown: ["thumbsup"],
      check: (result) => assert.deepEqual(names(result), ["thumbsup"]),
    },
    {
      id: "merge_request.emoji_mr_delete",
      name: "another user's reaction cannot be removed",
      params: { project_id: 42, merge_request_iid: 1, award_id: 701 },
      confirm: true,
      request: { method: "DELETE", path: `${MR}/award_emoji/701` },
      markdown: [/401|[Uu]nauthorized|permission/],
      isError: true,
    },
    // ---- emoji reactions on a comment ----
    {
      id: "merge_request.emoji_mr_note_list",
      params: { project_id: 42, merge_request_iid: 1, note_id: 9001 },
      request: { method: "GET", path: `${MR}/notes/9001/award_emoji` },
      markdown: ["eyes", "alice"],
    },
    {
      id: "merge_request.emoji_mr_note_create",
      params: { project_id: 42, merge_request_iid: 1, note_id: 9001, name: "tada" },
      request: { method: "POST", path: `${MR}/notes/9001/award_emoji`, body: { name: "tada" } },
      markdown: ["## Emoji Reaction: :tada:", "- **On**: Note"],
    },
    {
      id: "merge_request.emoji_mr_note_get",
      params: { project_id: 42, merge_request_iid: 1, note_id: 9001, award_id: 704 },
      request: { method: "GET", path: `${MR}/notes/9001/award_emoji/704` },
      markdown: ["## Emoji Reaction: :tada:"],
    },
    {
      id: "merge_request.emoji_mr_note_get",
      name: "an award that does not exist on the comment answers the not-found card",
      params: { project_id: 42, merge_request_iid: 1, note_id: 9001, award_id: 701 },
      request: { method: "GET", path: `${MR}/notes/9001/award_emoji/701` },
      markdown: ["## ❓ Emoji Reaction Not Found"],
      isError: true,
    },
    {
      id: "merge_request.emoji_mr_note_delete",
      params: { project_id: 42, merge_request_iid: 1, note_id: 9001, award_id: 704 },
      confirm: true,
      request: { method: "DELETE", path: `${MR}/notes/9001/award_emoji/704` },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "merge_request.emoji_mr_note_list",
      name: "the removed comment reaction is gone",
      params: { project_id: 42, merge_request_iid: 1, note_id: 9001 },
      request: { method: "GET", path: `${MR}/notes/9001/award_emoji` },
      markdown: ["eyes"],
      check: (result) => assert.deepEqual(names(result), ["eyes"]),
    },
    // ---- resource events ----
    {
      id: "merge_request.event_mr_label_list",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/resource_label_events` },
      markdown: ["Label Events", "bug", "alice"],
    },
    {
      id: "merge_request.event_mr_label_list",
      name: "labels a merge request was created with have their add events",
      params: { project_id: 42, merge_request_iid: 2 },
      request: { method: "GET", path: "/projects/42/merge_requests/2/resource_label_events" },
      markdown: ["| add | `backend` |"],
    },
    {
      id: "merge_request.event_mr_label_get",
      params: { project_id: 42, merge_request_iid: 1, resource_label_event_id: 301 },
      request: { method: "GET", path: `${MR}/resource_label_events/301` },
      markdown: ["## Label Event 301: add bug"],
    },
    {
      id: "merge_request.event_mr_label_get",
      name: "an event that does not exist answers the not-found card",
      params: { project_id: 42, merge_request_iid: 1, resource_label_event_id: 999 },
      request: { method: "GET", path: `${MR}/resource_label_events/999` },
      markdown: ["## ❓ Label Event Not Found"],
      isError: true,
    },
    {
      id: "merge_request.event_mr_milestone_list",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/resource_milestone_events` },
      markdown: ["Milestone Events", "v1.0"],
    },
    {
      id: "merge_request.event_mr_milestone_get",
      params: { project_id: 42, merge_request_iid: 1, resource_milestone_event_id: 302 },
      request: { method: "GET", path: `${MR}/resource_milestone_events/302` },
      markdown: ["## Milestone Event 302: add v1.0", `${WEB}/-/milestones/3`],
    },
    {
      id: "merge_request.event_mr_milestone_get",
      name: "an event that does not exist answers the not-found card",
      params: { project_id: 42, merge_request_iid: 1, resource_milestone_event_id: 301 },
      request: { method: "GET", path: `${MR}/resource_milestone_events/301` },
      markdown: ["## ❓ Milestone Event Not Found"],
      isError: true,
    },
    {
      id: "merge_request.event_mr_state_list",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/resource_state_events` },
      markdown: ["State Events", "closed", "reopened"],
    },
    {
      id: "merge_request.event_mr_state_list",
      name: "a merged merge request has its merged event",
      params: { project_id: 42, merge_request_iid: 3 },
      request: { method: "GET", path: "/projects/42/merge_requests/3/resource_state_events" },
      markdown: ["merged"],
    },
    {
      id: "merge_request.event_mr_state_get",
      params: { project_id: 42, merge_request_iid: 1, resource_state_event_id: 303 },
      request: { method: "GET", path: `${MR}/resource_state_events/303` },
      markdown: ["## State Event 303: closed"],
    },
    {
      id: "merge_request.event_mr_state_get",
      name: "an event that does not exist answers the not-found card",
      params: { project_id: 42, merge_request_iid: 1, resource_state_event_id: 999 },
      request: { method: "GET", path: `${MR}/resource_state_events/999` },
      markdown: ["## ❓ State Event Not Found"],
      isError: true,
    },
    // ---- time tracking ----
    {
      id: "merge_request.time_stats",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/time_stats` },
      markdown: ["## Time Tracking"],
      check: (result) => assert.equal(result.structuredContent?.time_estimate, 0),
    },
    {
      id: "merge_request.time_stats",
      name: "a merge request that does not exist answers the not-found card",
      params: { project_id: 42, merge_request_iid: 99 },
      request: { method: "GET", path: "/projects/42/merge_requests/99/time_stats" },
      markdown: ["## ❓ Merge Request Not Found"],
      isError: true,
    },
    {
      id: "merge_request.time_estimate_set",
      params: { project_id: 42, merge_request_iid: 1, duration: "3h30m" },
      request: { method: "POST", path: `${MR}/time_estimate`, body: { duration: "3h30m" } },
      markdown: ["- **Estimate**: 3h 30m"],
    },
    {
      id: "merge_request.time_estimate_set",
      name: "a duration GitLab cannot read is refused before anything is sent",
      params: { project_id: 42, merge_request_iid: 1, duration: "three hours" },
      markdown: [/duration/],
      isError: true,
    },
    {
      id: "merge_request.time_estimate_set",
      name: "a negative estimate is refused before anything is sent",
      params: { project_id: 42, merge_request_iid: 1, duration: "-1h" },
      markdown: [/duration/],
      isError: true,
    },
    {
      id: "merge_request.spent_time_add",
      params: { project_id: 42, merge_request_iid: 1, duration: "1h", summary: "Review" },
      request: { method: "POST", path: `${MR}/add_spent_time`, body: { duration: "1h", summary: "Review" } },
      markdown: ["- **Spent**: 1h", "- **Estimate**: 3h 30m"],
    },
    {
      id: "merge_request.spent_time_add",
      name: "time spent accumulates",
      params: { project_id: 42, merge_request_iid: 1, duration: "1d 30m" },
      request: { method: "POST", path: `${MR}/add_spent_time`, body: { duration: "1d 30m" } },
      markdown: ["- **Spent**: 1d 1h 30m"],
    },
    {
      id: "merge_request.spent_time_add",
      name: "a leading minus subtracts time",
      params: { project_id: 42, merge_request_iid: 1, duration: "-30m" },
      request: { method: "POST", path: `${MR}/add_spent_time`, body: { duration: "-30m" } },
      markdown: ["- **Spent**: 1d 1h"],
    },
    {
      id: "merge_request.spent_time_add",
      name: "a duration without units is refused before anything is sent",
      params: { project_id: 42, merge_request_iid: 1, duration: "90" },
      markdown: [/duration/],
      isError: true,
    },
    {
      id: "merge_request.time_stats",
      name: "the estimate and the time spent show in the stats",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/time_stats` },
      markdown: ["- **Estimate**: 3h 30m", "- **Spent**: 1d 1h"],
      check: (result) => assert.equal(result.structuredContent?.total_time_spent, 9 * 3600),
    },
    {
      id: "merge_request.spent_time_reset",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "POST", path: `${MR}/reset_spent_time` },
      markdown: ["- **Estimate**: 3h 30m"],
      check: (result) => assert.equal(result.structuredContent?.total_time_spent, 0),
    },
    {
      id: "merge_request.time_estimate_reset",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "POST", path: `${MR}/reset_time_estimate` },
      markdown: ["## Time Tracking"],
      check: (result) => assert.equal(result.structuredContent?.time_estimate, 0),
    },
    // ---- context commits ----
    {
      id: "merge_request.context_commits_list",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/context_commits` },
      markdown: ["No context commits on this merge request."],
    },
    {
      id: "merge_request.context_commits_create",
      params: { project_id: 42, merge_request_iid: 1, commits: [SHA] },
      request: { method: "POST", path: `${MR}/context_commits`, body: { commits: [SHA] } },
      markdown: ["✅ Added 1 context commit to merge request !1: `c0ffee11`."],
    },
    {
      id: "merge_request.context_commits_list",
      name: "an added context commit is listed",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/context_commits` },
      markdown: ["c0ffee11", "Prepare the login form"],
    },
    {
      id: "merge_request.context_commits_create",
      name: "a commit already added is refused by GitLab",
      params: { project_id: 42, merge_request_iid: 1, commits: [SHA] },
      request: { method: "POST", path: `${MR}/context_commits` },
      markdown: [/already created/],
      isError: true,
    },
    {
      id: "merge_request.context_commits_create",
      name: "a SHA the repository does not have is refused by GitLab",
      params: { project_id: 42, merge_request_iid: 1, commits: ["deadbeef"] },
      request: { method: "POST", path: `${MR}/context_commits` },
      markdown: [/not valid/],
      isError: true,
    },
    {
      id: "merge_request.context_commits_create",
      name: "the commit at a branch tip can be added by its short SHA",
      params: { project_id: 42, merge_request_iid: 1, commits: ["ffffffff"] },
      request: { method: "POST", path: `${MR}/context_commits`, body: { commits: ["ffffffff"] } },
      markdown: ["✅ Added 1 context commit to merge request !1: `ffffffff`."],
    },
    {
      id: "merge_request.context_commits_list",
      name: "both context commits are listed",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/context_commits` },
      markdown: ["Prepare the login form", "Style the form"],
    },
    {
      id: "merge_request.context_commits_delete",
      params: { project_id: 42, merge_request_iid: 1, commits: [SHA] },
      confirm: true,
      request: { method: "DELETE", path: `${MR}/context_commits`, body: { commits: [SHA] } },
      markdown: ["✅ Action completed successfully."],
    },
    // ---- dependencies ----
    {
      id: "merge_request.dependencies_list",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/blocks` },
      markdown: ["This merge request depends on no other merge request."],
    },
    {
      id: "merge_request.dependency_create",
      params: { project_id: 42, merge_request_iid: 1, blocking_merge_request_iid: 2 },
      request: [
        { method: "GET", path: "/projects/42/merge_requests/2" },
        { method: "POST", path: `${MR}/blocks`, body: { blocking_merge_request_id: 5002 } },
      ],
      markdown: ["## Dependency added: block 11", "group/project!2", "Refactor auth"],
    },
    {
      id: "merge_request.dependency_create",
      name: "a blocking merge request that does not exist is reported and nothing is created",
      params: { project_id: "group/project", merge_request_iid: 1, blocking_merge_request_iid: 77 },
      request: { method: "GET", path: "/projects/group%2Fproject/merge_requests/77" },
      markdown: [/not found|404/i],
      isError: true,
    },
    {
      id: "merge_request.dependencies_list",
      name: "the new dependency is listed",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/blocks` },
      markdown: ["group/project!2", "Refactor auth"],
    },
    {
      id: "merge_request.dependency_create",
      name: "a dependency that exists is refused by GitLab",
      params: { project_id: 42, merge_request_iid: 1, blocking_merge_request_iid: 2, blocking_project_id: "group/project" },
      request: { method: "POST", path: `${MR}/blocks` },
      markdown: [/409|exists/],
      isError: true,
    },
    {
      id: "merge_request.dependency_delete",
      params: { project_id: 42, merge_request_iid: 1, block_id: 11 },
      confirm: true,
      request: { method: "DELETE", path: `${MR}/blocks/11` },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "merge_request.dependencies_list",
      name: "a removed dependency is gone",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: `${MR}/blocks` },
      markdown: ["This merge request depends on no other merge request."],
    },
  ],
};
