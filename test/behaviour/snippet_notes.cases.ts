// Snippets: comments, threads and emoji reactions on a project snippet (see test/helpers/behaviour.ts).
// The simulator keeps them per snippet (test/sim/restSnippets.ts); cases run in order and build on each other.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

const P = { project_id: 42, snippet_id: 10 };
const notesOf = (r: { structuredContent?: Record<string, unknown> }) => (r.structuredContent as { notes: { id: number; body: string }[] }).notes;

export const table: BehaviourTable = {
  domain: "snippet_notes",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addSnippet({ id: 10, title: "Deploy script", visibility: "internal", projectId: 42, files: { "deploy.sh": "echo deploy\n" } });
  },
  cases: [
    { id: "snippet.note_list", name: "no comments yet", params: P, request: { method: "GET", path: "/projects/42/snippets/10/notes", query: {} }, markdown: ["No comments found."] },
    { id: "snippet.note_create", params: { ...P, body: "Looks good" }, request: { method: "POST", path: "/projects/42/snippets/10/notes", body: { body: "Looks good" } }, markdown: ["## Note 501", "Looks good"] },
    { id: "snippet.note_create", name: "a quick action line is refused before GitLab", params: { ...P, body: "/close" }, markdown: [/quick action/], isError: true },
    { id: "snippet.note_get", params: { ...P, note_id: 501 }, request: { method: "GET", path: "/projects/42/snippets/10/notes/501" }, markdown: ["## Note 501", "Looks good"] },
    { id: "snippet.note_get", name: "a missing comment answers the not-found card", params: { ...P, note_id: 9 }, request: { method: "GET", path: "/projects/42/snippets/10/notes/9" }, markdown: ["## ❓ Note Not Found"], isError: true },
    { id: "snippet.note_update", params: { ...P, note_id: 501, body: "Looks great" }, request: { method: "PUT", path: "/projects/42/snippets/10/notes/501", body: { body: "Looks great" } }, markdown: ["Looks great"] },
    {
      id: "snippet.note_list",
      params: { ...P, sort: "asc" },
      request: { method: "GET", path: "/projects/42/snippets/10/notes", query: { sort: "asc" } },
      markdown: ["## Snippet Comments (1)", "Looks great"],
      check: (r) => assert.deepEqual(notesOf(r).map((n) => n.id), [501]),
    },
    { id: "snippet.discussion_create", params: { ...P, body: "Should this use set -e?" }, request: { method: "POST", path: "/projects/42/snippets/10/discussions", body: { body: "Should this use set -e?" } }, markdown: ["## Discussion 00000000000000000000000000000000000001f6", "Should this use set -e?"] },
    { id: "snippet.discussion_add_note", params: { ...P, discussion_id: "00000000000000000000000000000000000001f6", body: "Yes" }, request: { method: "POST", path: "/projects/42/snippets/10/discussions/00000000000000000000000000000000000001f6/notes", body: { body: "Yes" } }, markdown: ["## Note 503", "Yes"] },
    { id: "snippet.discussion_update_note", params: { ...P, discussion_id: "00000000000000000000000000000000000001f6", note_id: 503, body: "Yes, add it" }, request: { method: "PUT", path: "/projects/42/snippets/10/discussions/00000000000000000000000000000000000001f6/notes/503", body: { body: "Yes, add it" } }, markdown: ["Yes, add it"] },
    { id: "snippet.discussion_get", params: { ...P, discussion_id: "00000000000000000000000000000000000001f6" }, request: { method: "GET", path: "/projects/42/snippets/10/discussions/00000000000000000000000000000000000001f6" }, markdown: ["- **Notes**: 2"] },
    { id: "snippet.discussion_get", name: "a missing thread answers the not-found card", params: { ...P, discussion_id: "abc" }, request: { method: "GET", path: "/projects/42/snippets/10/discussions/abc" }, markdown: ["## ❓ Discussion Not Found"], isError: true },
    { id: "snippet.discussion_list", params: P, request: { method: "GET", path: "/projects/42/snippets/10/discussions", query: {} }, markdown: ["## Snippet Discussions (2)", "Should this use set -e?"] },
    { id: "snippet.discussion_delete_note", params: { ...P, discussion_id: "00000000000000000000000000000000000001f6", note_id: 503 }, confirm: true, request: { method: "DELETE", path: "/projects/42/snippets/10/discussions/00000000000000000000000000000000000001f6/notes/503" }, markdown: ["success"] },
    { id: "snippet.emoji_snippet_create", params: { ...P, name: "thumbsup" }, request: { method: "POST", path: "/projects/42/snippets/10/award_emoji", body: { name: "thumbsup" } }, markdown: ["## Emoji Reaction: :thumbsup:"] },
    { id: "snippet.emoji_snippet_create", name: "a name with colons or spaces is refused before GitLab", params: { ...P, name: ":thumbs up:" }, markdown: [/name/], isError: true },
    { id: "snippet.emoji_snippet_list", params: P, request: { method: "GET", path: "/projects/42/snippets/10/award_emoji", query: {} }, markdown: ["## Emoji Reactions (1)", "`thumbsup`"] },
    { id: "snippet.emoji_snippet_get", params: { ...P, award_id: 901 }, request: { method: "GET", path: "/projects/42/snippets/10/award_emoji/901" }, markdown: ["## Emoji Reaction: :thumbsup:"] },
    { id: "snippet.emoji_snippet_get", name: "a missing reaction answers the not-found card", params: { ...P, award_id: 7 }, request: { method: "GET", path: "/projects/42/snippets/10/award_emoji/7" }, markdown: ["## ❓ Emoji Reaction Not Found"], isError: true },
    { id: "snippet.emoji_snippet_delete", params: { ...P, award_id: 901 }, confirm: true, request: { method: "DELETE", path: "/projects/42/snippets/10/award_emoji/901" }, markdown: ["success"] },
    { id: "snippet.emoji_snippet_note_create", params: { ...P, note_id: 501, name: "rocket" }, request: { method: "POST", path: "/projects/42/snippets/10/notes/501/award_emoji", body: { name: "rocket" } }, markdown: ["## Emoji Reaction: :rocket:"] },
    { id: "snippet.emoji_snippet_note_list", params: { ...P, note_id: 501 }, request: { method: "GET", path: "/projects/42/snippets/10/notes/501/award_emoji", query: {} }, markdown: ["`rocket`"] },
    { id: "snippet.emoji_snippet_note_get", params: { ...P, note_id: 501, award_id: 902 }, request: { method: "GET", path: "/projects/42/snippets/10/notes/501/award_emoji/902" }, markdown: ["## Emoji Reaction: :rocket:"] },
    { id: "snippet.emoji_snippet_note_delete", params: { ...P, note_id: 501, award_id: 902 }, confirm: true, request: { method: "DELETE", path: "/projects/42/snippets/10/notes/501/award_emoji/902" }, markdown: ["success"] },
    { id: "snippet.note_delete", params: { ...P, note_id: 501 }, confirm: true, request: { method: "DELETE", path: "/projects/42/snippets/10/notes/501" }, markdown: ["success"] },
  ],
};
