// Every filter of the issue lists GitLab documents and the simulator holds (issue 22): each case asserts
// the request that reached GitLab and that the answer was narrowed as GitLab's IssuesFinder does.
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourCase, BehaviourTable } from "../helpers/behaviour.js";
import type { GitLabSimulator } from "../sim/simulator.js";

const titles = (r: CallToolResult): string[] => (r.structuredContent as { issues: { title: string }[] }).issues.map((i) => i.title);
const only = (...want: string[]) => (r: CallToolResult) => assert.deepEqual([...titles(r)].sort(), [...want].sort());

const CRASH = "Crash on start";
const DOCS = "Docs are stale";
const LEAK = "Secret leak";

function filter(name: string, params: Record<string, unknown>, query: Record<string, string | string[]>, ...want: string[]): BehaviourCase {
  return {
    id: "issue.list",
    name,
    params: { project_id: 42, ...params },
    request: { method: "GET", path: "/projects/42/issues", query },
    markdown: want.length > 0 ? want : ["No issues found."],
    check: only(...want),
  };
}

export const table: BehaviourTable = {
  domain: "params_issue",
  seed(sim: GitLabSimulator) {
    sim.setNow("2025-03-05T12:00:00.000Z");
    sim.addUser({ id: 1, username: "alice", name: "Alice" });
    sim.addUser({ id: 2, username: "bob", name: "Bob" });
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("group", "instance", { id: 7, name: "group", path: "group", full_name: "group", full_path: "group", web_url: "https://gitlab.example.com/groups/group" });
    const crash = sim.addIssue(42, { iid: 1, title: CRASH, description: "Stack trace attached", author: "alice", assignees: ["bob"], labels: ["bug"], due_date: "2025-03-01", created_at: "2025-01-10T09:00:00.000Z" });
    Object.assign(crash, { issue_type: "incident", updated_at: "2025-02-01T09:00:00.000Z" });
    const docs = sim.addIssue(42, { iid: 2, title: DOCS, description: "The crash page is old", author: "bob", labels: ["docs"], due_date: "2025-03-06", created_at: "2025-02-10T09:00:00.000Z" });
    Object.assign(docs, { updated_at: "2025-02-11T09:00:00.000Z" });
    sim.addIssue(42, { iid: 3, title: LEAK, author: "alice", confidential: true, created_at: "2025-03-01T09:00:00.000Z" });
  },
  cases: [
    filter("iids", { iids: [1, 3] }, { "iids[]": ["1", "3"] }, CRASH, LEAK),
    filter("confidential", { confidential: true }, { confidential: "true" }, LEAK),
    filter("author_id", { author_id: 2 }, { author_id: "2" }, DOCS),
    filter("assignee_id", { assignee_id: 2 }, { assignee_id: "2" }, CRASH),
    filter("assignee_id None", { assignee_id: "None" }, { assignee_id: "None" }, DOCS, LEAK),
    filter("issue_type", { issue_type: "incident" }, { issue_type: "incident" }, CRASH),
    filter("due_date overdue", { due_date: "overdue" }, { due_date: "overdue" }, CRASH),
    filter("due_date tomorrow", { due_date: "tomorrow" }, { due_date: "tomorrow" }, DOCS),
    filter("due_date 0 (none)", { due_date: "0" }, { due_date: "0" }, LEAK),
    filter("search in title only", { search: "crash", in: "title" }, { search: "crash", in: "title" }, CRASH),
    filter("search in title and description", { search: "crash" }, { search: "crash" }, CRASH, DOCS),
    filter("created_after", { created_after: "2025-02-01T00:00:00Z" }, { created_after: "2025-02-01T00:00:00Z" }, DOCS, LEAK),
    filter("created_before", { created_before: "2025-02-01" }, { created_before: "2025-02-01" }, CRASH),
    filter("updated_after", { updated_after: "2025-02-05T00:00:00Z" }, { updated_after: "2025-02-05T00:00:00Z" }, DOCS, LEAK),
    filter("updated_before", { updated_before: "2025-02-05T00:00:00Z" }, { updated_before: "2025-02-05T00:00:00Z" }, CRASH),
    filter("not[labels]", { not: { labels: "bug,docs" } }, { "not[labels]": "bug,docs" }, LEAK),
    filter("not[author_username]", { not: { author_username: "alice" } }, { "not[author_username]": "alice" }, DOCS),
    filter("not[iids]", { not: { iids: [2] } }, { "not[iids][]": "2" }, CRASH, LEAK),
    {
      id: "issue.list",
      name: "author_id with author_username is GitLab's 400",
      params: { project_id: 42, author_id: 1, author_username: "alice" },
      request: { method: "GET", path: "/projects/42/issues", query: { author_id: "1", author_username: "alice" } },
      markdown: ["author_id, author_username are mutually exclusive"],
      isError: true,
    },
    {
      id: "issue.list",
      name: "a bad due_date window is refused before GitLab",
      params: { project_id: 42, due_date: "someday" },
      markdown: ["due_date"],
      isError: true,
    },
    {
      id: "issue.list_group",
      name: "iids and confidential in a group",
      params: { group_id: "group", confidential: false, not: { assignee_username: "bob" } },
      request: { method: "GET", path: "/groups/group/issues", query: { confidential: "false", "not[assignee_username]": "bob" } },
      markdown: [DOCS],
      check: only(DOCS),
    },
    {
      id: "issue.list_all",
      name: "scope all with created_after and assignee_id Any",
      params: { scope: "all", created_after: "2025-01-01T00:00:00Z", assignee_id: "Any" },
      request: { method: "GET", path: "/issues", query: { scope: "all", created_after: "2025-01-01T00:00:00Z", assignee_id: "Any" } },
      markdown: [CRASH],
      check: only(CRASH),
    },
  ],
};
