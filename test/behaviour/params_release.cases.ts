// Every documented parameter of the release actions (issue 22): asset links and milestone IDs given at
// creation are stored and come back, list filters narrow by when a release last changed, and
// include_html_description adds the rendered notes. Fixtures follow doc/api/releases/index.md.
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";

const SHA = "a".repeat(40);
const WEB = "https://gitlab.example.com/group/project";
const COMMIT = { id: SHA, short_id: SHA.slice(0, 8), title: "Release 1.0", message: "Release 1.0\n", author_name: "Sim Developer", parent_ids: [], web_url: `${WEB}/-/commit/${SHA}` };
const LINK = { name: "linux-amd64", url: "https://downloads.example.com/app-linux.tgz", direct_asset_path: "/bin/app-linux", link_type: "package" };

const structured = (r: CallToolResult) => (r.structuredContent ?? {}) as Record<string, unknown>;
const tags = (r: CallToolResult) => (structured(r).releases as { tag_name: string }[]).map((x) => x.tag_name);

export const table: BehaviourTable = {
  domain: "params release",
  seed(sim) {
    sim.setNow("2025-06-01T12:00:00.000Z");
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addBranch(42, { name: "main" });
    sim.addDocument("tag", 42, { name: "v1.0.0", message: "First release", target: SHA, commit: COMMIT, release: null, protected: false, created_at: null });
    sim.addDocument("milestone", 42, { id: 501, iid: 1, project_id: 42, title: "1.1", state: "active" });
  },
  cases: [
    {
      id: "release.create",
      name: "assets.links and milestone_ids are stored and come back",
      params: { project_id: 42, tag_name: "v1.0.0", assets: { links: [LINK] }, milestone_ids: [501] },
      request: { method: "POST", path: "/projects/42/releases", body: { tag_name: "v1.0.0", assets: { links: [LINK] }, milestone_ids: [501] } },
      markdown: ["## Release created: v1.0.0"],
      check(r, sim) {
        const assets = structured(r).assets as { count: number; links: { name: string; url: string; link_type: string }[] };
        assert.deepEqual(assets.links.map((l) => [l.name, l.url, l.link_type]), [[LINK.name, LINK.url, "package"]]);
        assert.equal(assets.count, 5, "four source archives and the link");
        assert.deepEqual((structured(r).milestones as { title: string }[]).map((m) => m.title), ["1.1"]);
        sim.setNow("2025-06-10T12:00:00.000Z");
      },
    },
    {
      id: "release.create",
      name: "a link without its url is refused before anything is sent",
      params: { project_id: 42, tag_name: "v9.0.0", ref: "main", assets: { links: [{ name: "broken" }] } },
      markdown: [/url/],
      isError: true,
    },
    {
      id: "release.create",
      name: "GitLab refuses an unknown milestone ID",
      params: { project_id: 42, tag_name: "v9.0.0", ref: "main", milestone_ids: [999] },
      request: { method: "POST", path: "/projects/42/releases", body: { tag_name: "v9.0.0", ref: "main", milestone_ids: [999] } },
      markdown: ["999"],
      isError: true,
    },
    {
      id: "release.create",
      name: "a second release, created later",
      params: { project_id: 42, tag_name: "v2.0.0", ref: "main", description: "Two\n\nParagraphs & more" },
      request: { method: "POST", path: "/projects/42/releases" },
      markdown: ["## Release created: v2.0.0"],
      check: (_r, sim) => sim.setNow("2025-06-20T12:00:00.000Z"),
    },
    {
      id: "release.update",
      name: "milestone_ids replaces the milestones (and marks the release changed now)",
      params: { project_id: 42, tag_name: "v1.0.0", milestone_ids: ["501"], name: "Version 1.0" },
      request: { method: "PUT", path: "/projects/42/releases/v1.0.0", body: { milestone_ids: ["501"], name: "Version 1.0" } },
      markdown: ["## Release updated: Version 1.0"],
      check: (r) => assert.deepEqual((structured(r).milestones as { id: number }[]).map((m) => m.id), [501]),
    },
    {
      id: "release.list",
      name: "updated_after keeps the release changed since",
      params: { project_id: 42, updated_after: "2025-06-15T00:00:00Z" },
      request: { method: "GET", path: "/projects/42/releases", query: { updated_after: "2025-06-15T00:00:00Z" } },
      markdown: ["v1.0.0"],
      check: (r) => assert.deepEqual(tags(r), ["v1.0.0"]),
    },
    {
      id: "release.list",
      name: "updated_before keeps the one unchanged since, include_html_description renders its notes",
      params: { project_id: 42, updated_before: "2025-06-15T00:00:00Z", include_html_description: true },
      request: { method: "GET", path: "/projects/42/releases", query: { updated_before: "2025-06-15T00:00:00Z", include_html_description: "true" } },
      markdown: ["v2.0.0"],
      check(r) {
        assert.deepEqual(tags(r), ["v2.0.0"]);
        assert.equal((structured(r).releases as { description_html: string }[])[0].description_html, '<p dir="auto">Two</p>\n<p dir="auto">Paragraphs &amp; more</p>');
      },
    },
    {
      id: "release.list",
      name: "without include_html_description no HTML comes",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/releases", query: {} },
      markdown: ["v2.0.0", "v1.0.0"],
      check: (r) => assert.ok((structured(r).releases as Record<string, unknown>[]).every((x) => !("description_html" in x))),
    },
    {
      id: "release.get",
      name: "include_html_description adds the rendered notes",
      params: { project_id: 42, tag_name: "v2.0.0", include_html_description: true },
      request: { method: "GET", path: "/projects/42/releases/v2.0.0", query: { include_html_description: "true" } },
      markdown: ["Paragraphs & more"],
      check: (r) => assert.match(String(structured(r).description_html), /^<p dir="auto">Two<\/p>/),
    },
  ],
};
