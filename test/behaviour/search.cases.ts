// Search: the behaviour table (see test/helpers/behaviour.ts). One action per GitLab scope, each at
// instance, group or project level; GitLab's search API sends no totals, so pagination reports lower
// bounds (FMT-5). Fixtures follow GitLab's search API docs (doc/api/search.md).
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { seedSearchHit } from "../sim/restSearch.js";

const WEB = "https://gitlab.example.com/group/project";
const SHA = "4109c2d872d5fdb1ed057400d103766aaea97f98";
const ROOT = { id: 1, username: "root", name: "Administrator", state: "active", avatar_url: null, web_url: "https://gitlab.example.com/root" };

type Page = { page: number; per_page: number; total_items: number; total_pages: number; next_page: number; prev_page: number; has_more: boolean };
const pageOf = (r: { structuredContent?: unknown }) => (r.structuredContent as { pagination: Page }).pagination;

export const table: BehaviourTable = {
  domain: "search",
  seed(sim) {
    sim.addUser({ id: 7, username: "jdoe", name: "John Doe" });
    const p = sim.addProject({ id: 42, path_with_namespace: "group/project", name: "Flight" });
    const other = sim.addProject({ id: 43, path_with_namespace: "other/tools", name: "Tools" });
    seedSearchHit(p, "blobs", { basename: "README", data: "## Installation\n\nRun `make install` first.\n", path: "README.md", filename: "README.md", id: null, ref: "main", startline: 46 });
    seedSearchHit(p, "blobs", { basename: "lib/install", data: "def install\n  run!\nend\n", path: "lib/install.rb", filename: "lib/install.rb", id: null, ref: "main", startline: 3 });
    seedSearchHit(p, "blobs", { basename: "docs/setup", data: "Installation on Linux\n", path: "docs/setup.md", filename: "docs/setup.md", id: null, ref: "stable", startline: 1 });
    seedSearchHit(p, "commits", { id: SHA, short_id: SHA.slice(0, 8), title: "goodbye $.browser", created_at: "2025-02-18T22:02:54.000Z", parent_ids: [], message: "goodbye $.browser\n", author_name: "angus croll", author_email: "angus@example.com", authored_date: "2025-02-18T22:02:54.000Z", committer_name: "angus croll", committer_email: "angus@example.com", committed_date: "2025-02-18T22:02:54.000Z", web_url: `${WEB}/-/commit/${SHA}` });
    const issue = { iid: 1, title: "Add file", description: "Add first file", state: "opened", created_at: "2025-01-24T06:02:15.514Z", updated_at: "2025-02-06T12:36:23.263Z", closed_at: null, labels: [], milestone: null, assignees: [], author: ROOT, user_notes_count: 0, upvotes: 0, downvotes: 0, due_date: null, confidential: false, discussion_locked: null, references: { short: "#1", relative: "#1", full: "group/project#1" }, web_url: `${WEB}/-/issues/1` };
    seedSearchHit(p, "issues", { id: 83, ...issue });
    seedSearchHit(p, "issues", { ...issue, id: 84, iid: 2, title: "File upload fails", state: "closed", confidential: true, created_at: "2025-03-01T00:00:00.000Z", references: { short: "#2", relative: "#2", full: "group/project#2" }, web_url: `${WEB}/-/issues/2` });
    seedSearchHit(other, "issues", { ...issue, id: 90, iid: 5, title: "File picker", project_id: 43, references: { short: "#5", relative: "#5", full: "other/tools#5" }, web_url: "https://gitlab.example.com/other/tools/-/issues/5" });
    seedSearchHit(p, "merge_requests", { id: 56, iid: 8, title: "Add first file", description: "This is a test MR to add file", state: "opened", created_at: "2025-01-22T14:21:50.830Z", updated_at: "2025-02-06T12:40:33.295Z", target_branch: "main", source_branch: "add-file", author: ROOT, labels: ["ruby"], draft: false, references: { short: "!8", relative: "!8", full: "group/project!8" }, web_url: `${WEB}/-/merge_requests/8` });
    seedSearchHit(p, "milestones", { id: 44, iid: 1, title: "next release", description: "Next release milestone", state: "active", created_at: "2025-02-06T12:43:39.271Z", updated_at: "2025-02-06T12:44:01.298Z", due_date: "2025-04-18", start_date: "2025-02-04", web_url: `${WEB}/-/milestones/1` });
    seedSearchHit(p, "notes", { id: 191, body: "Harum maxime consequuntur.", attachment: null, author: ROOT, created_at: "2025-09-05T08:01:32.068Z", updated_at: "2025-09-05T08:01:32.068Z", system: false, noteable_id: 22, noteable_type: "Issue", noteable_iid: 2 });
    seedSearchHit(p, "snippet_titles", { id: 50, title: "Sample file", file_name: "file.rb", description: "Simple ruby file", author: ROOT, updated_at: "2025-02-06T12:49:29.104Z", created_at: "2024-11-28T08:20:18.071Z", web_url: `${WEB}/-/snippets/50` });
    seedSearchHit(p, "wiki_blobs", { basename: "home", data: "hello\n\nand bye\n\nend", path: "home.md", filename: "home.md", id: null, ref: "main", startline: 5 });
  },
  cases: [
    {
      id: "search.code",
      name: "a project code search shows path, ref and the matching lines in a fence; no totals, so lower bounds",
      params: { project_id: "group/project", search: "install", per_page: 2 },
      request: { method: "GET", path: "/projects/group%2Fproject/search", query: { search: "install", per_page: "2", scope: "blobs" } },
      markdown: ["`README.md`", "`main`", "### `README.md`", "```\n## Installation", "### `lib/install.rb`", "more pages available"],
      check: (r) => {
        const p = pageOf(r);
        assert.deepEqual([p.total_items, p.total_pages, p.next_page, p.has_more], [2, 2, 2, true]);
        assert.doesNotMatch((r.content[0] as { text: string }).text, /items total/);
      },
    },
    {
      id: "search.code",
      name: "the last page: total_pages is the page itself",
      params: { project_id: 42, search: "install", per_page: 2, page: 2 },
      request: { method: "GET", path: "/projects/42/search", query: { search: "install", per_page: "2", page: "2", scope: "blobs" } },
      markdown: ["`docs/setup.md`", "no more pages"],
      check: (r) => {
        const p = pageOf(r);
        assert.deepEqual([p.page, p.total_items, p.total_pages, p.next_page, p.prev_page, p.has_more], [2, 1, 2, 0, 1, false]);
      },
    },
    {
      id: "search.code",
      name: "a ref narrows a project search",
      params: { project_id: 42, search: "install", ref: "stable" },
      request: { method: "GET", path: "/projects/42/search", query: { search: "install", ref: "stable", scope: "blobs" } },
      markdown: ["`docs/setup.md`"],
    },
    {
      id: "search.code",
      name: "ref without project_id is refused before any request",
      params: { search: "install", ref: "main" },
      markdown: ["ref needs project_id"],
      isError: true,
    },
    {
      id: "search.code",
      name: "project_id and group_id together are refused before any request",
      params: { project_id: 42, group_id: "group", search: "install" },
      markdown: ["not both"],
      isError: true,
    },
    {
      id: "search.code",
      name: "a one-character term is refused by the schema",
      params: { search: "x" },
      markdown: [/search/],
      isError: true,
    },
    {
      id: "search.code",
      name: "a blank term is refused",
      params: { search: "   " },
      markdown: [/search/],
      isError: true,
    },
    {
      id: "search.commits",
      params: { project_id: 42, search: "goodbye" },
      request: { method: "GET", path: "/projects/42/search", query: { search: "goodbye", scope: "commits" } },
      markdown: ["[`4109c2d8`](", "goodbye $.browser", "angus croll"],
    },
    {
      id: "search.issues",
      name: "an instance search covers every project",
      params: { search: "file" },
      request: { method: "GET", path: "/search", query: { search: "file", scope: "issues" } },
      markdown: ["group/project#1", "group/project#2", "other/tools#5"],
      check: (r) => assert.equal(pageOf(r).total_items, 3),
    },
    {
      id: "search.issues",
      name: "a group search covers the group's projects only, filtered by state",
      params: { group_id: "group", search: "file", state: "opened" },
      request: { method: "GET", path: "/groups/group/search", query: { search: "file", state: "opened", scope: "issues" } },
      markdown: ["[group/project#1]("],
      check: (r) => assert.deepEqual((r.structuredContent as { issues: { iid: number }[] }).issues.map((i) => i.iid), [1]),
    },
    {
      id: "search.issues",
      name: "confidential issues only",
      params: { project_id: 42, search: "file", confidential: true },
      request: { method: "GET", path: "/projects/42/search", query: { search: "file", confidential: "true", scope: "issues" } },
      markdown: ["File upload fails"],
    },
    {
      id: "search.issues",
      name: "an unknown group answers GitLab's 404",
      params: { group_id: "nope", search: "file" },
      request: { method: "GET", path: "/groups/nope/search" },
      markdown: ["not found"],
      isError: true,
    },
    {
      id: "search.issues",
      name: "nothing found",
      params: { project_id: 42, search: "zebra" },
      request: { method: "GET", path: "/projects/42/search" },
      markdown: ["No matching issues."],
    },
    {
      id: "search.merge_requests",
      params: { project_id: 42, search: "file", state: "opened" },
      request: { method: "GET", path: "/projects/42/search", query: { search: "file", state: "opened", scope: "merge_requests" } },
      markdown: ["[group/project!8](", "Add first file", "add-file"],
    },
    {
      id: "search.milestones",
      params: { group_id: "group", search: "release" },
      request: { method: "GET", path: "/groups/group/search", query: { search: "release", scope: "milestones" } },
      markdown: ["[next release](", "| active |", "18 Apr 2025"],
    },
    {
      id: "search.notes",
      params: { project_id: 42, search: "maxime" },
      request: { method: "GET", path: "/projects/42/search", query: { search: "maxime", scope: "notes" } },
      markdown: ["Issue", "Harum maxime consequuntur."],
    },
    {
      id: "search.projects",
      params: { search: "flig" },
      request: { method: "GET", path: "/search", query: { search: "flig", scope: "projects" } },
      markdown: ["[group/project](https://gitlab.example.com/group/project)"],
      check: (r) => assert.equal((r.structuredContent as { projects: unknown[] }).projects.length, 1),
    },
    {
      id: "search.projects",
      name: "within a group",
      params: { group_id: "other", search: "tools" },
      request: { method: "GET", path: "/groups/other/search", query: { search: "tools", scope: "projects" } },
      markdown: ["other/tools"],
    },
    {
      id: "search.snippets",
      params: { search: "sample" },
      request: { method: "GET", path: "/search", query: { search: "sample", scope: "snippet_titles" } },
      markdown: ["Sample file", "`file.rb`"],
    },
    {
      id: "search.users",
      params: { search: "doe" },
      request: { method: "GET", path: "/search", query: { search: "doe", scope: "users" } },
      markdown: ["jdoe", "John Doe"],
    },
    {
      id: "search.users",
      name: "the query alias and a project",
      params: { project_id: 42, query: "john" },
      request: { method: "GET", path: "/projects/42/search", query: { search: "john", scope: "users" } },
      markdown: ["jdoe"],
      surfaces: ["dynamic"],
    },
    {
      id: "search.wiki",
      params: { project_id: "group/project", search: "bye" },
      request: { method: "GET", path: "/projects/group%2Fproject/search", query: { search: "bye", scope: "wiki_blobs" } },
      markdown: ["`home.md`", "### `home.md`", "and bye"],
    },
  ],
};
