// GitLab's 304 Not Modified (catalog `not_modified:`): one declared answer for the four writes GitLab
// answers 304 when the state asked for already holds. Each is done once (201), then again: the second
// call answers the catalog's sentence, with the resource read back where the catalog names one.
import type { BehaviourTable } from "../helpers/behaviour.js";

const label = () => ({ id: 3, name: "needs review", color: "#FF0000", text_color: "#FFFFFF", description: null, description_html: "", open_issues_count: 0, closed_issues_count: 0, open_merge_requests_count: 0, subscribed: false, priority: null, is_project_label: true });

export const table: BehaviourTable = {
  domain: "not_modified",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("label", 42, label());
    sim.addIssue(42, { iid: 3, title: "Crash on save" });
    sim.addBranch(42, { name: "feature/login" });
    sim.addMergeRequest(42, { iid: 1, title: "Add login page", source_branch: "feature/login" });
  },
  cases: [
    {
      id: "project.star",
      params: { project_id: 42 },
      request: { method: "POST", path: "/projects/42/star" },
      markdown: ["## Starred: group/project", "- **Stars**: 1"],
    },
    {
      id: "project.star",
      name: "starred twice: the 304 sentence over the project read back",
      params: { project_id: 42 },
      request: [{ method: "POST", path: "/projects/42/star" }, { method: "GET", path: "/projects/42" }],
      markdown: ["## Starred: group/project\n\nAlready starred: GitLab answered 304 Not Modified, nothing changed.", "- **Stars**: 1"],
    },
    {
      id: "project.label_subscribe",
      params: { project_id: 42, label_id: 3 },
      request: { method: "POST", path: "/projects/42/labels/3/subscribe" },
      markdown: ["## Label: needs review", "- **Subscribed**: ✅"],
    },
    {
      id: "project.label_subscribe",
      name: "subscribed twice: the 304 sentence over the label read back",
      params: { project_id: 42, label_id: 3 },
      request: [{ method: "POST", path: "/projects/42/labels/3/subscribe" }, { method: "GET", path: "/projects/42/labels/3" }],
      markdown: ["## Label: needs review\n\nAlready subscribed: GitLab answered 304 Not Modified, nothing changed.", "- **Subscribed**: ✅"],
    },
    {
      id: "issue.create_todo",
      params: { project_id: 42, issue_iid: 3 },
      request: { method: "POST", path: "/projects/42/issues/3/todo" },
      markdown: ["- **Action**: marked"],
    },
    {
      id: "issue.create_todo",
      name: "a second to-do: the 304 sentence alone, since there is no new to-do to show",
      params: { project_id: 42, issue_iid: 3 },
      request: { method: "POST", path: "/projects/42/issues/3/todo" },
      markdown: ["issue.create_todo: The issue is already on your to-do list: GitLab answered 304 Not Modified, nothing changed."],
      isError: true,
    },
    {
      id: "merge_request.unsubscribe",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "POST", path: "/projects/42/merge_requests/1/unsubscribe" },
      markdown: ["- **Subscribed**: ❌"],
    },
    {
      id: "merge_request.unsubscribe",
      name: "unsubscribed twice: the 304 sentence over the merge request read back",
      params: { project_id: 42, merge_request_iid: 1 },
      request: [{ method: "POST", path: "/projects/42/merge_requests/1/unsubscribe" }, { method: "GET", path: "/projects/42/merge_requests/1" }],
      markdown: ["Already not subscribed: GitLab answered 304 Not Modified, nothing changed.", "- **Subscribed**: ❌"],
    },
  ],
};
