// Releases and their asset links: the behaviour table (see test/helpers/behaviour.ts). A workflow in
// order: a release on an existing tag, one that creates its tag from a branch, links added, changed,
// read and removed, then the release deleted. Fixtures follow doc/api/releases/*.md.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

const SHA = "a".repeat(40);
const WEB = "https://gitlab.example.com/group/project";
const COMMIT = { id: SHA, short_id: SHA.slice(0, 8), title: "Release 1.0", message: "Release 1.0\n", author_name: "Sim Developer", parent_ids: [], web_url: `${WEB}/-/commit/${SHA}` };

export const table: BehaviourTable = {
  domain: "release",
  seed(sim) {
    sim.setNow("2025-06-01T12:00:00.000Z");
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addBranch(42, { name: "main" });
    sim.addDocument("tag", 42, { name: "v1.0.0", message: "First release", target: SHA, commit: COMMIT, release: null, protected: false, created_at: null });
    sim.addDocument("milestone", 42, { id: 501, iid: 1, project_id: 42, title: "1.1", state: "active" });
  },
  cases: [
    {
      id: "release.list",
      name: "no releases yet",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/releases" },
      markdown: ["No releases found."],
    },
    {
      id: "release.get_latest",
      name: "a project without releases answers the not-found card",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/releases" },
      markdown: ["## ❓ Release Not Found"],
      isError: true,
    },
    {
      id: "release.create",
      name: "a release on an existing tag",
      params: { project_id: 42, tag_name: "v1.0.0", name: "Version 1.0", description: "First **stable** release", released_at: "2025-05-01T10:00:00Z" },
      request: { method: "POST", path: "/projects/42/releases", body: { tag_name: "v1.0.0", name: "Version 1.0", description: "First **stable** release", released_at: "2025-05-01T10:00:00Z" } },
      markdown: ["## Release created: Version 1.0", "- **Tag**: `v1.0.0`", "- **Commit**: [`aaaaaaaa`]("],
    },
    {
      id: "release.get",
      name: "the created release is there",
      params: { project_id: 42, tag_name: "v1.0.0" },
      request: { method: "GET", path: "/projects/42/releases/v1.0.0" },
      markdown: ["## Release: Version 1.0", "First **stable** release"],
    },
    {
      id: "release.create",
      name: "a release whose tag is created from a branch",
      params: { project_id: 42, tag_name: "v1.1.0", ref: "main", tag_message: "Tagged for 1.1", milestones: ["1.1"] },
      request: { method: "POST", path: "/projects/42/releases", body: { tag_name: "v1.1.0", ref: "main", tag_message: "Tagged for 1.1", milestones: ["1.1"] } },
      markdown: ["## Release created: v1.1.0"],
      check(result) {
        const s = result.structuredContent as { milestones?: { title: string }[] };
        assert.deepEqual(s.milestones?.map((m) => m.title), ["1.1"]);
      },
    },
    {
      id: "tag.get",
      name: "the tag the release created exists",
      params: { project_id: 42, tag_name: "v1.1.0" },
      request: { method: "GET", path: "/projects/42/repository/tags/v1.1.0" },
      markdown: ["## Tag: v1.1.0", "Tagged for 1.1"],
    },
    {
      id: "release.create",
      name: "no tag and no ref: GitLab's 422 is quoted",
      params: { project_id: 42, tag_name: "v9.9.9" },
      request: { method: "POST", path: "/projects/42/releases" },
      markdown: ["Ref is not specified"],
      isError: true,
    },
    {
      id: "release.create",
      name: "a second release on the same tag: 409",
      params: { project_id: 42, tag_name: "v1.0.0" },
      request: { method: "POST", path: "/projects/42/releases" },
      markdown: ["Release already exists"],
      isError: true,
    },
    {
      id: "release.list",
      name: "newest release date first",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/releases" },
      markdown: [/`v1\.1\.0`[\s\S]*`v1\.0\.0`/],
    },
    {
      id: "release.list",
      name: "oldest first on request",
      params: { project_id: 42, order_by: "released_at", sort: "asc", per_page: 1 },
      request: { method: "GET", path: "/projects/42/releases", query: { order_by: "released_at", sort: "asc", per_page: "1" } },
      markdown: ["`v1.0.0`"],
      check(result) {
        const s = result.structuredContent as { releases: unknown[]; pagination: { has_more: boolean } };
        assert.equal(s.releases.length, 1);
        assert.equal(s.pagination.has_more, true);
      },
    },
    {
      id: "release.get_latest",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/releases" },
      markdown: ["## Latest Release: v1.1.0"],
    },
    {
      id: "release.update",
      params: { project_id: 42, tag_name: "v1.0.0", description: "Notes, revised", milestones: [] },
      request: { method: "PUT", path: "/projects/42/releases/v1.0.0", body: { description: "Notes, revised", milestones: [] } },
      markdown: ["## Release updated: Version 1.0"],
    },
    {
      id: "release.update",
      name: "a release that does not exist: 404",
      params: { project_id: 42, tag_name: "v0.0.1", name: "x" },
      request: { method: "PUT", path: "/projects/42/releases/v0.0.1" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "release.link_list",
      name: "no links yet",
      params: { project_id: 42, tag_name: "v1.0.0" },
      request: { method: "GET", path: "/projects/42/releases/v1.0.0/assets/links" },
      markdown: ["This release has no asset links."],
    },
    {
      id: "release.link_create",
      params: { project_id: 42, tag_name: "v1.0.0", name: "app-linux", url: "https://cdn.example.com/app-linux", direct_asset_path: "/bin/app-linux", link_type: "package" },
      request: { method: "POST", path: "/projects/42/releases/v1.0.0/assets/links", body: { name: "app-linux", url: "https://cdn.example.com/app-linux", direct_asset_path: "/bin/app-linux", link_type: "package" } },
      markdown: ["## Release link created: app-linux", "- **ID**: 1", "/-/releases/v1.0.0/downloads/bin/app-linux"],
    },
    {
      id: "release.link_create_batch",
      name: "two links, one request each, in order",
      params: { project_id: 42, tag_name: "v1.0.0", links: [{ name: "app-mac", url: "https://cdn.example.com/app-mac" }, { name: "runbook", url: "https://wiki.example.com/run", link_type: "runbook" }] },
      request: [
        { method: "POST", path: "/projects/42/releases/v1.0.0/assets/links", body: { name: "app-mac", url: "https://cdn.example.com/app-mac" } },
        { method: "POST", path: "/projects/42/releases/v1.0.0/assets/links", body: { name: "runbook", url: "https://wiki.example.com/run", link_type: "runbook" } },
      ],
      markdown: ["## Release Links Created", "app-mac", "runbook"],
      check(result) {
        const s = result.structuredContent as { links: { id: number }[] };
        assert.deepEqual(s.links.map((l) => l.id), [2, 3]);
      },
    },
    {
      id: "release.link_create_batch",
      name: "a refusal after the first link names what was created and GitLab's reason",
      params: { project_id: 42, tag_name: "v1.0.0", links: [{ name: "app-win", url: "https://cdn.example.com/app-win" }, { name: "app-linux", url: "https://cdn.example.com/other" }, { name: "never-sent", url: "https://cdn.example.com/n" }] },
      request: [
        { method: "POST", path: "/projects/42/releases/v1.0.0/assets/links" },
        { method: "POST", path: "/projects/42/releases/v1.0.0/assets/links", body: { name: "app-linux", url: "https://cdn.example.com/other" } },
      ],
      markdown: ["Created 1 of 3 links", '"app-win" (ID 4)', "Name has already been taken"],
      isError: true,
    },
    {
      id: "release.link_create_batch",
      name: "an empty list is refused before anything is sent",
      params: { project_id: 42, tag_name: "v1.0.0", links: [] },
      markdown: [/links/],
      isError: true,
    },
    {
      id: "release.link_list",
      params: { project_id: 42, tag_name: "v1.0.0" },
      request: { method: "GET", path: "/projects/42/releases/v1.0.0/assets/links" },
      markdown: ["## Release Links", "app-linux", "app-mac", "runbook", "app-win"],
    },
    {
      id: "release.link_get",
      params: { project_id: 42, tag_name: "v1.0.0", link_id: 1 },
      request: { method: "GET", path: "/projects/42/releases/v1.0.0/assets/links/1" },
      markdown: ["## Release Link: app-linux", "- **Type**: package"],
    },
    {
      id: "release.link_get",
      name: "a link that does not exist answers the not-found card",
      params: { project_id: 42, tag_name: "v1.0.0", link_id: 99 },
      request: { method: "GET", path: "/projects/42/releases/v1.0.0/assets/links/99" },
      markdown: ["## ❓ Release Link Not Found"],
      isError: true,
    },
    {
      id: "release.link_update",
      params: { project_id: 42, tag_name: "v1.0.0", link_id: 1, name: "app-linux-amd64", link_type: "other" },
      request: { method: "PUT", path: "/projects/42/releases/v1.0.0/assets/links/1", body: { name: "app-linux-amd64", link_type: "other" } },
      markdown: ["## Release link updated: app-linux-amd64", "- **Type**: other"],
    },
    {
      id: "release.link_delete",
      params: { project_id: 42, tag_name: "v1.0.0", link_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/releases/v1.0.0/assets/links/1" },
      markdown: [/success/i],
    },
    {
      id: "release.get",
      name: "the release shows its remaining links",
      params: { project_id: 42, tag_name: "v1.0.0" },
      request: { method: "GET", path: "/projects/42/releases/v1.0.0" },
      markdown: ["## Release: Version 1.0", "Notes, revised"],
      check(result) {
        const s = result.structuredContent as { assets: { links: { name: string }[] } };
        assert.deepEqual(s.assets.links.map((l) => l.name).sort(), ["app-mac", "app-win", "runbook"]);
      },
    },
    {
      id: "release.delete",
      params: { project_id: 42, tag_name: "v1.0.0" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/releases/v1.0.0" },
      markdown: [/success/i],
    },
    {
      id: "release.get",
      name: "the deleted release is gone",
      params: { project_id: 42, tag_name: "v1.0.0" },
      request: { method: "GET", path: "/projects/42/releases/v1.0.0" },
      markdown: ["## ❓ Release Not Found"],
      isError: true,
    },
  ],
};
