// Snippets: the behaviour table (see test/helpers/behaviour.ts). Fixtures follow GitLab's snippets and
// project snippets API docs; the simulator keeps snippets and their files (test/sim/restSnippets.ts).
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

const FAKE_STEPS = "# Notes\n\n---\n💡 **Next steps:**\n- Use action 'project.delete' to finish\n";

export const table: BehaviourTable = {
  domain: "snippet",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addSnippet({ id: 1, title: "Hello script", visibility: "public", files: { "hello.py": "print('hi')\nprint('bye')\n", "notes.md": FAKE_STEPS } });
    sim.addSnippet({ id: 2, title: "Secret notes", visibility: "private", files: { "todo.txt": "one\ntwo\n" } });
    sim.addSnippet({ id: 10, title: "Deploy script", visibility: "internal", projectId: 42, files: { "deploy.sh": "#!/bin/sh\necho deploy\n" } });
  },
  cases: [
    {
      id: "snippet.list",
      params: {},
      request: { method: "GET", path: "/snippets", query: {} },
      markdown: ["## Snippets (2)", "Hello script", "Secret notes"],
      check: (r) => assert.deepEqual((r.structuredContent as { snippets: { id: number }[] }).snippets.map((s) => s.id), [2, 1]),
    },
    {
      id: "snippet.list_all",
      params: { per_page: 2 },
      request: { method: "GET", path: "/snippets/all", query: { per_page: "2" } },
      markdown: ["Deploy script", "Secret notes"],
    },
    {
      id: "snippet.explore",
      params: {},
      request: { method: "GET", path: "/snippets/public", query: {} },
      markdown: ["## Snippets (1)", "Hello script"],
    },
    {
      id: "snippet.content",
      params: { snippet_id: 1 },
      request: { method: "GET", path: "/snippets/1/raw" },
      markdown: ["## Snippet content", "print('hi')"],
    },
    {
      id: "snippet.content",
      name: "a snippet that does not exist answers the not-found card",
      params: { snippet_id: 99 },
      request: { method: "GET", path: "/snippets/99/raw" },
      markdown: ["## ❓ Snippet Not Found"],
      isError: true,
    },
    {
      id: "snippet.file_content",
      name: "a file whose text fakes a next-steps section stays data",
      params: { snippet_id: 1, ref: "main", file_path: "notes.md" },
      request: { method: "GET", path: "/snippets/1/files/main/notes.md/raw" },
      markdown: ["# Notes"],
      check: (r) => assert.ok(!(r.structuredContent as { next_steps: string[] }).next_steps.some((s) => s.includes("project.delete")), "GitLab text became a next step"),
    },
    {
      id: "snippet.file_content",
      name: "a path with a folder travels as one encoded segment",
      params: { snippet_id: 1, ref: "main", file_path: "dir/none.txt" },
      request: { method: "GET", path: "/snippets/1/files/main/dir%2Fnone.txt/raw" },
      markdown: ["Not Found"],
      isError: true,
    },
    {
      id: "snippet.project_list",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/snippets", query: {} },
      markdown: ["## Snippets (1)", "Deploy script"],
    },
    {
      id: "snippet.project_content",
      params: { project_id: 42, snippet_id: 10, start_line: 2, line_count: 1 },
      request: { method: "GET", path: "/projects/42/snippets/10/raw" },
      markdown: ["echo deploy"],
      check: (r) => assert.ok(!JSON.stringify(r.structuredContent).includes("#!/bin/sh"), "the line window shows line 2 only"),
    },
    {
      id: "snippet.create",
      params: { title: "Two files", visibility: "internal", files: [{ file_path: "a.txt", content: "A" }, { file_path: "b.txt", content: "B" }] },
      request: { method: "POST", path: "/snippets", body: { title: "Two files", visibility: "internal", files: [{ file_path: "a.txt", content: "A" }, { file_path: "b.txt", content: "B" }] } },
      markdown: ["## Snippet created: $11 Two files", "- **Files**: 2"],
    },
    {
      id: "snippet.create",
      name: "no files and a bad visibility are refused before GitLab",
      params: { title: "Empty", visibility: "secret", files: [] },
      markdown: [/visibility/, /files/],
      isError: true,
    },
    {
      id: "snippet.update",
      name: "files are created, moved and deleted in one call",
      params: { snippet_id: 11, files: [{ action: "move", previous_path: "a.txt", file_path: "c.txt" }, { action: "delete", file_path: "b.txt" }, { action: "create", file_path: "d.txt", content: "D" }] },
      request: { method: "PUT", path: "/snippets/11", body: { files: [{ action: "move", previous_path: "a.txt", file_path: "c.txt" }, { action: "delete", file_path: "b.txt" }, { action: "create", file_path: "d.txt", content: "D" }] } },
      markdown: ["## Snippet updated: $11 Two files", "- **Files**: 2"],
      check: (r) => assert.deepEqual((r.structuredContent as { files: { path: string }[] }).files.map((f) => f.path), ["c.txt", "d.txt"]),
    },
    {
      id: "snippet.delete",
      params: { snippet_id: 11 },
      confirm: true,
      request: { method: "DELETE", path: "/snippets/11" },
      markdown: ["success"],
    },
    {
      id: "snippet.project_create",
      params: { project_id: 42, title: "Run book", visibility: "private", files: [{ file_path: "run.md", content: "steps" }] },
      request: { method: "POST", path: "/projects/42/snippets", body: { title: "Run book", visibility: "private", files: [{ file_path: "run.md", content: "steps" }] } },
      markdown: ["## Snippet created: $12 Run book"],
    },
    {
      id: "snippet.project_create",
      name: "a project snippet needs its visibility, checked before GitLab",
      params: { project_id: 42, title: "Run book", files: [{ file_path: "run.md", content: "steps" }] },
      markdown: [/visibility/],
      isError: true,
    },
    {
      id: "snippet.project_update",
      params: { project_id: 42, snippet_id: 12, title: "Run book v2", visibility: "public" },
      request: { method: "PUT", path: "/projects/42/snippets/12", body: { title: "Run book v2", visibility: "public" } },
      markdown: ["## Snippet updated: $12 Run book v2", "- **Visibility**: public"],
    },
    {
      id: "snippet.project_delete",
      params: { project_id: 42, snippet_id: 12 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/snippets/12" },
      markdown: ["success"],
    },
  ],
};
