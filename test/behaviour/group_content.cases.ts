// Group wikis (Premium): the behaviour table (see test/helpers/behaviour.ts). Pages live in the simulator
// (test/sim/restContent.ts), so a page created here is read back, edited and deleted; a nested slug
// (dir/page) is sent path-encoded and round-trips, as for project wikis.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { seedGroupWikiPage } from "../sim/restContent.js";

export const table: BehaviourTable = {
  domain: "group (wikis)",
  seed(sim) {
    const group = sim.addGroup({ full_path: "acme", id: 7 });
    seedGroupWikiPage(sim, group, { slug: "home", title: "home", content: "Welcome to acme" });
    seedGroupWikiPage(sim, group, { slug: "handbook/onboarding", title: "onboarding", content: "Day one." });
  },
  cases: [
    {
      id: "group.wiki_list",
      params: { group_id: 7 },
      request: { method: "GET", path: "/groups/7/wikis", query: {} },
      markdown: ["## Group Wiki Pages (2)", "| home | `home` | markdown |", "`handbook/onboarding`"],
      check(r) {
        const rows = (r.structuredContent as { wiki_pages: { content?: string }[] }).wiki_pages;
        assert.equal(rows[0].content, undefined);
      },
    },
    {
      id: "group.wiki_list",
      name: "with_content by group path",
      params: { group_id: "acme", with_content: true },
      request: { method: "GET", path: "/groups/acme/wikis", query: { with_content: "true" } },
      markdown: ["## Group Wiki Pages (2)"],
      check(r) {
        assert.equal((r.structuredContent as { wiki_pages: { content?: string }[] }).wiki_pages[0].content, "Welcome to acme");
      },
    },
    {
      id: "group.wiki_get",
      name: "a nested slug is sent path-encoded and its gitlab:// URI decodes back to it",
      params: { group_id: 7, slug: "handbook/onboarding" },
      request: { method: "GET", path: "/groups/7/wikis/handbook%2Fonboarding" },
      markdown: ["## Group wiki: onboarding", "`handbook/onboarding`", "Day one."],
      check(r) {
        const res = r.content.find((c) => c.type === "resource") as { resource?: { uri: string } } | undefined;
        if (res) assert.equal(decodeURIComponent(res.resource!.uri.split("/wiki/")[1]), "handbook/onboarding");
      },
    },
    {
      id: "group.wiki_get",
      name: "a missing page answers the not-found card",
      params: { group_id: 7, slug: "nope" },
      request: { method: "GET", path: "/groups/7/wikis/nope" },
      markdown: ["Wiki Page Not Found", '"nope"'],
      isError: true,
    },
    {
      id: "group.wiki_get",
      name: "an unknown group is GitLab's 404",
      params: { group_id: 999, slug: "home" },
      request: { method: "GET", path: "/groups/999/wikis/home" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "group.wiki_create",
      params: { group_id: 7, title: "policies/Code Review", content: "# Review", format: "markdown" },
      request: { method: "POST", path: "/groups/7/wikis", body: { title: "policies/Code Review", content: "# Review", format: "markdown" } },
      markdown: ["## Group wiki page created: Code Review", "`policies/Code-Review`"],
    },
    {
      id: "group.wiki_get",
      name: "the page just created is read back by its nested slug",
      params: { group_id: 7, slug: "policies/Code-Review" },
      request: { method: "GET", path: "/groups/7/wikis/policies%2FCode-Review" },
      markdown: ["## Group wiki: Code Review", "# Review"],
    },
    {
      id: "group.wiki_create",
      name: "a second page with the same title is GitLab's 400",
      params: { group_id: 7, title: "home", content: "again" },
      request: { method: "POST", path: "/groups/7/wikis" },
      markdown: ["Duplicate page"],
      isError: true,
    },
    {
      id: "group.wiki_create",
      name: "a format GitLab does not know is refused before anything is sent",
      params: { group_id: 7, title: "x", content: "y", format: "html" },
      markdown: ["format"],
      isError: true,
    },
    {
      id: "group.wiki_edit",
      params: { group_id: 7, slug: "handbook/onboarding", content: "Day one: laptop." },
      request: { method: "PUT", path: "/groups/7/wikis/handbook%2Fonboarding", body: { content: "Day one: laptop." } },
      markdown: ["## Group wiki page updated: onboarding", "`handbook/onboarding`"],
    },
    {
      id: "group.wiki_edit",
      name: "a missing page answers the not-found card",
      params: { group_id: 7, slug: "gone/page", title: "x" },
      request: { method: "PUT", path: "/groups/7/wikis/gone%2Fpage" },
      markdown: ["Wiki Page Not Found"],
      isError: true,
    },
    {
      id: "group.wiki_delete",
      confirm: true,
      params: { group_id: 7, slug: "policies/Code-Review" },
      request: { method: "DELETE", path: "/groups/7/wikis/policies%2FCode-Review" },
      markdown: [/./],
    },
    {
      id: "group.wiki_get",
      name: "a deleted page is gone",
      params: { group_id: 7, slug: "policies/Code-Review" },
      request: { method: "GET", path: "/groups/7/wikis/policies%2FCode-Review" },
      markdown: ["Wiki Page Not Found"],
      isError: true,
    },
  ],
};
