// Groups themselves: the behaviour table (see test/helpers/behaviour.ts). Cases run in order, so the
// table is a workflow: create a group, change it, add members, share, export, hooks, uploads.
// Fixtures follow GitLab's groups, members, group import/export, relations export, webhooks and
// uploads docs. The token belongs to an administrator (a project transfer needs one).
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { seedSearchHit } from "../sim/restSearch.js";

const SECRET = "0123456789abcdef0123456789abcdef";

export const table: BehaviourTable = {
  domain: "group (core)",
  simOptions: { tokens: { "glpat-simulator-token": { scopes: ["api"], admin: true } } },
  seed(sim) {
    sim.addUser({ id: 1, username: "root", name: "Administrator" });
    sim.addUser({ id: 2, username: "jdoe", name: "Jane Doe" });
    sim.addUser({ id: 3, username: "asmith", name: "Alex Smith" });
    sim.addGroup({ full_path: "acme", id: 10, visibility: "internal" });
    sim.addGroup({ full_path: "acme/platform", id: 11 });
    sim.addGroup({ full_path: "partners", id: 12 });
    sim.addGroup({ full_path: "vault", id: 13, members: [99] });
    const web = sim.addProject({ id: 42, path_with_namespace: "acme/web", visibility: "internal" });
    sim.addProject({ id: 43, path_with_namespace: "acme/platform/api" });
    sim.addProject({ id: 44, path_with_namespace: "partners/tool" });
    sim.addProject({ id: 45, path_with_namespace: "partners/web" });
    sim.addIssue(42, { iid: 1, title: "Checkout page times out", labels: ["bug"] });
    sim.addDocument("release", 42, { tag_name: "v2.0.0", name: "Web 2.0", released_at: "2025-05-01T10:00:00.000Z", created_at: "2025-05-01T10:00:00.000Z" });
    sim.addDocument("release", 43, { tag_name: "v0.9.0", name: "API beta", released_at: "2025-04-01T10:00:00.000Z", created_at: "2025-04-01T10:00:00.000Z" });
    seedSearchHit(web, "issues", { id: 900, iid: 1, title: "Checkout page times out", state: "opened", web_url: "https://gitlab.example.com/acme/web/-/issues/1" });
    sim.addGroupUpload(10, { id: 7, filename: "diagram.png", size: 2048, secret: SECRET, uploaded_by: 2 });
    sim.addGroupUpload(10, { id: 8, filename: "notes.txt", size: 12, secret: "fedcba9876543210fedcba9876543210", uploaded_by: 1 });
  },
  cases: [
    // Groups.
    {
      id: "group.list",
      params: { search: "acme" },
      request: { method: "GET", path: "/groups", query: { search: "acme" } },
      markdown: ["## Groups", "| acme |"],
    },
    {
      id: "group.list",
      name: "a minimum role by name is sent as its level",
      params: { min_access_level: "maintainer", top_level_only: true },
      request: { method: "GET", path: "/groups", query: { min_access_level: "40", top_level_only: "true" } },
      markdown: ["## Groups"],
    },
    {
      id: "group.create",
      params: { name: "Data Team", path: "data", parent_id: 10, visibility: "private" },
      request: { method: "POST", path: "/groups", body: { name: "Data Team", path: "data", parent_id: 10, visibility: "private" } },
      markdown: ["## Group created: acme/data", "- **Visibility**: private"],
    },
    {
      id: "group.create",
      name: "a path with a space is refused before anything is sent",
      params: { name: "Bad", path: "bad path" },
      markdown: [/path/],
      isError: true,
    },
    {
      id: "group.create",
      name: "a taken path answers GitLab's 400",
      params: { name: "Web again", path: "acme" },
      request: { method: "POST", path: "/groups" },
      markdown: ["has already been taken"],
      isError: true,
    },
    {
      id: "group.get",
      params: { group_id: "acme/data" },
      request: { method: "GET", path: "/groups/acme%2Fdata" },
      markdown: ["## Group: acme/data"],
    },
    {
      id: "group.get",
      name: "an unknown group answers the not-found card",
      params: { group_id: "nope" },
      request: { method: "GET", path: "/groups/nope" },
      markdown: ["## ❓ Group Not Found"],
      isError: true,
    },
    {
      id: "group.update",
      name: "the card shows only the fields sent",
      params: { group_id: 10, description: "The Acme company", request_access_enabled: false, project_creation_level: "maintainer" },
      request: { method: "PUT", path: "/groups/10", body: { description: "The Acme company", request_access_enabled: false, project_creation_level: "maintainer" } },
      markdown: ["## Group settings changed: acme", "- **Description**: The Acme company", "- **request_access_enabled**: ❌", "- **project_creation_level**: maintainer"],
      check: (r) => assert.ok(!(r.content[0] as { text: string }).text.includes("**Visibility**"), "visibility was not sent"),
    },
    {
      id: "group.update",
      name: "default branch protection as GitLab's hash",
      params: { group_id: 10, default_branch_protection_defaults: { allowed_to_push: [{ access_level: 40 }], allow_force_push: false } },
      request: { method: "PUT", path: "/groups/10", body: { default_branch_protection_defaults: { allowed_to_push: [{ access_level: 40 }], allow_force_push: false } } },
      markdown: ["## Group settings changed: acme", "default_branch_protection_defaults"],
    },
    {
      id: "group.update",
      name: "an enum outside GitLab's values is refused before anything is sent",
      params: { group_id: 10, shared_runners_setting: "sometimes" },
      markdown: [/shared_runners_setting/],
      isError: true,
    },
    {
      id: "group.subgroups",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/subgroups" },
      markdown: ["## Subgroups", "acme/platform", "acme/data"],
    },
    {
      id: "group.projects",
      params: { group_id: 10, include_subgroups: true },
      request: { method: "GET", path: "/groups/10/projects", query: { include_subgroups: "true" } },
      markdown: ["## Group projects", "acme/web", "acme/platform/api"],
    },
    {
      id: "group.issues",
      params: { group_id: "acme", state: "opened" },
      request: { method: "GET", path: "/groups/acme/issues", query: { state: "opened" } },
      markdown: ["## Group issues", "Checkout page times out"],
    },
    {
      id: "group.search",
      params: { group_id: "acme", scope: "issues", search: "checkout" },
      request: { method: "GET", path: "/groups/acme/search", query: { scope: "issues", search: "checkout" } },
      markdown: ["## Group search results", "Checkout page times out"],
    },
    {
      id: "group.search",
      name: "an unknown scope is refused before anything is sent",
      params: { group_id: "acme", scope: "snippets", search: "x1" },
      markdown: [/scope/],
      isError: true,
    },
    {
      id: "group.release_list",
      params: { group_id: 10 },
      request: { method: "GET", path: "/groups/10/releases" },
      markdown: ["## Group releases", "v2.0.0", "v0.9.0"],
      check: (r) => assert.deepEqual((r.structuredContent as { releases: { tag_name: string }[] }).releases.map((x) => x.tag_name), ["v2.0.0", "v0.9.0"]),
    },
    {
      id: "group.archive",
      params: { group_id: "partners" },
      request: { method: "POST", path: "/groups/partners/archive" },
      markdown: ["## Group archived: partners", "- **Archived**: ✅"],
    },
    {
      id: "group.unarchive",
      params: { group_id: "partners" },
      request: { method: "POST", path: "/groups/partners/unarchive" },
      markdown: ["## Group unarchived: partners", "- **Archived**: ❌"],
    },
    // Transfer: both sides named; GitLab's refusal shown as GitLab wrote it.
    {
      id: "group.transfer_project",
      params: { group_id: "acme", project_id: "partners/tool" },
      request: [
        { method: "GET", path: "/projects/partners%2Ftool" },
        { method: "POST", path: "/groups/acme/projects/partners%2Ftool" },
      ],
      markdown: ["## Project moved into group acme: acme/tool", "- **From**: `partners`"],
    },
    {
      id: "group.transfer_project",
      name: "a clash in the target answers GitLab's reason",
      params: { group_id: 10, project_id: 45 },
      request: { method: "POST", path: "/groups/10/projects/45" },
      markdown: ["Project with same name or path in target namespace already exists"],
      isError: true,
    },
    {
      id: "group.transfer_project",
      name: "a group that is not there: GitLab's 404 with the catalog's sentence for it (sides.refused)",
      params: { group_id: "no-such-group", project_id: 45 },
      request: { method: "POST", path: "/groups/no-such-group/projects/45" },
      markdown: ["(Group Not Found). The group or the project does not exist, or this token cannot see it."],
      isError: true,
    },
    // Members: roles by name in, names out; direct and inherited apart.
    {
      id: "group.group_member_add",
      params: { group_id: "acme", user_id: 2, access_level: "maintainer", expires_at: "2030-01-31" },
      request: { method: "POST", path: "/groups/acme/members", body: { user_id: 2, access_level: 40, expires_at: "2030-01-31" } },
      markdown: ["## Member added: jdoe", "- **Role**: Maintainer (40)", "- **Expires**: 31 Jan 2030"],
    },
    {
      id: "group.group_member_add",
      name: "a malformed expiry date is refused before anything is sent",
      params: { group_id: "acme", user_id: 3, access_level: 30, expires_at: "31/01/2030" },
      markdown: [/expires_at/],
      isError: true,
    },
    {
      id: "group.group_member_add",
      name: "an unknown role name is refused before anything is sent",
      params: { group_id: "acme", user_id: 3, access_level: "boss" },
      markdown: [/access_level/],
      isError: true,
    },
    {
      id: "group.group_member_add",
      name: "a username and a level number",
      params: { group_id: "acme/platform", username: "asmith", access_level: 30 },
      request: { method: "POST", path: "/groups/acme%2Fplatform/members", body: { username: "asmith", access_level: 30 } },
      markdown: ["## Member added: asmith", "- **Role**: Developer (30)"],
    },
    {
      id: "group.members",
      params: { group_id: "acme/platform" },
      request: { method: "GET", path: "/groups/acme%2Fplatform/members" },
      markdown: ["## Direct members", "asmith", "Developer (30)"],
      check: (r) => assert.ok(!(r.content[0] as { text: string }).text.includes("jdoe"), "jdoe is inherited, not direct"),
    },
    {
      id: "group.group_member_get",
      name: "an inherited member is not a direct one",
      params: { group_id: "acme/platform", user_id: 2 },
      request: { method: "GET", path: "/groups/acme%2Fplatform/members/2" },
      markdown: ["## ❓ Member Not Found", "group_member_get_inherited"],
      isError: true,
    },
    {
      id: "group.group_member_get",
      params: { group_id: "acme", user_id: 2 },
      request: { method: "GET", path: "/groups/acme/members/2" },
      markdown: ["## Direct member: jdoe", "- **Role**: Maintainer (40)"],
    },
    {
      id: "group.group_member_get_inherited",
      params: { group_id: "acme/platform", user_id: 2 },
      request: { method: "GET", path: "/groups/acme%2Fplatform/members/all/2" },
      markdown: ["## Member, inherited included: jdoe", "- **Role**: Maintainer (40)"],
    },
    {
      id: "group.group_member_get_inherited",
      name: "a user with no access answers the not-found card",
      params: { group_id: "acme/platform", user_id: 1 },
      request: { method: "GET", path: "/groups/acme%2Fplatform/members/all/1" },
      markdown: ["## ❓ Member Not Found"],
      isError: true,
    },
    {
      id: "group.group_member_edit",
      params: { group_id: "acme", user_id: 2, access_level: "Owner" },
      request: { method: "PUT", path: "/groups/acme/members/2", body: { access_level: 50 } },
      markdown: ["## Member updated: jdoe", "- **Role**: Owner (50)"],
    },
    {
      id: "group.group_member_remove",
      params: { group_id: "acme/platform", user_id: 3 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme%2Fplatform/members/3" },
      markdown: [/success/i],
    },
    // Sharing: both groups and the role named.
    {
      id: "group.group_member_share",
      params: { group_id: "acme", shared_with_group_id: 12, access_level: "reporter", expires_at: "2030-06-30" },
      request: { method: "POST", path: "/groups/acme/share", body: { group_id: 12, group_access: 20, expires_at: "2030-06-30" } },
      markdown: ["## Group acme shared with partners", "- **Role**: Reporter (20)", "- **Expires**: 30 Jun 2030"],
    },
    {
      id: "group.group_member_share",
      name: "GitLab's name group_access is accepted",
      surfaces: ["dynamic", "meta"],
      params: { group_id: "acme", shared_with_group_id: 11, group_access: 10 },
      request: { method: "POST", path: "/groups/acme/share", body: { group_id: 11, group_access: 10 } },
      markdown: ["## Group acme shared with acme/platform", "- **Role**: Guest (10)"],
    },
    {
      id: "group.group_member_unshare",
      params: { group_id: "acme", shared_with_group_id: 12 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/share/12" },
      markdown: [/success/i],
    },
    {
      id: "group.group_member_unshare",
      name: "a link that does not exist answers GitLab's 404",
      params: { group_id: "acme", shared_with_group_id: 12 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/share/12" },
      markdown: ["Group Link Not Found"],
      isError: true,
    },
    // Export and import.
    {
      id: "group.group_export_download",
      name: "before any export the download answers the not-ready card",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/export/download" },
      markdown: ["## ❓ Group export Not Found", "no status endpoint", "group_export_schedule"],
      isError: true,
    },
    {
      id: "group.group_export_schedule",
      params: { group_id: "acme" },
      request: { method: "POST", path: "/groups/acme/export" },
      markdown: ["## Group export started", "202 Accepted", "404 until the file is ready", "group_export_download"],
    },
    {
      id: "group.group_export_download",
      name: "still running: 404",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/export/download" },
      markdown: ["## ❓ Group export Not Found"],
      isError: true,
    },
    {
      id: "group.group_export_download",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/export/download" },
      markdown: ["## Group export download", "_acme_export.tar.gz", "- **Size (bytes)**:"],
      check: (r) => {
        const s = r.structuredContent as { binary: boolean; size: number; sha256?: string };
        assert.equal(s.binary, true);
        assert.ok(s.size > 0);
        // One download-digest procedure for every export: the checksum of the whole file comes with it.
        assert.match(s.sha256 ?? "", /^[0-9a-f]{64}$/);
      },
    },
    {
      id: "group.group_import_file",
      params: { name: "Imported", path: "imported", parent_id: 12, content_base64: Buffer.from("not really a tarball").toString("base64"), file_name: "export.tar.gz" },
      request: { method: "POST", path: "/groups/import", body: { name: "Imported", path: "imported", parent_id: "12", file: { filename: "export.tar.gz", type: "application/octet-stream", bytes: Buffer.from("not really a tarball") } } },
      markdown: ["## Group import started", "202 Accepted", "group.get"],
    },
    {
      id: "group.group_import_file",
      name: "neither a file nor bytes is refused before anything is sent",
      params: { name: "Imported", path: "imported2" },
      markdown: [/file_path or content_base64/],
      isError: true,
    },
    {
      id: "group.group_relations_list_status",
      name: "nothing exported yet",
      params: { group_id: 10 },
      request: { method: "GET", path: "/groups/10/export_relations/status" },
      markdown: ["No relation exports"],
    },
    {
      id: "group.group_relations_schedule",
      params: { group_id: 10, batched: true },
      request: { method: "POST", path: "/groups/10/export_relations", body: { batched: true } },
      markdown: ["## Group relations export started", "group_relations_list_status"],
    },
    {
      id: "group.group_relations_list_status",
      params: { group_id: 10, relation: "labels" },
      request: { method: "GET", path: "/groups/10/export_relations/status", query: { relation: "labels" } },
      markdown: ["## Relation exports", "`labels`"],
      check: (r) => assert.deepEqual((r.structuredContent as { relations: { status: number }[] }).relations.map((x) => x.status), [0]),
    },
    // Uploads.
    {
      id: "group.group_upload_list",
      params: { group_id: 10 },
      request: { method: "GET", path: "/groups/10/uploads" },
      markdown: ["## Group uploads", "`diagram.png`", "jdoe"],
    },
    {
      id: "group.group_upload_delete_by_id",
      params: { group_id: 10, upload_id: 8 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/10/uploads/8" },
      markdown: [/success/i],
    },
    {
      id: "group.group_upload_delete_by_secret",
      params: { group_id: 10, secret: SECRET, filename: "diagram.png" },
      confirm: true,
      request: { method: "DELETE", path: `/groups/10/uploads/${SECRET}/diagram.png` },
      markdown: [/success/i],
    },
    {
      id: "group.group_upload_delete_by_secret",
      name: "a secret that is not 32 hex characters is refused before anything is sent",
      params: { group_id: 10, secret: "short", filename: "diagram.png" },
      confirm: true,
      markdown: [/secret/],
      isError: true,
    },
    // Webhooks.
    {
      id: "group.hook_add",
      params: { group_id: "acme", url: "https://hooks.example.com/gitlab", token: "s3cret", merge_requests_events: true, push_events: false },
      request: { method: "POST", path: "/groups/acme/hooks", body: { url: "https://hooks.example.com/gitlab", token: "s3cret", merge_requests_events: true, push_events: false } },
      markdown: ["## Group webhook added: https://hooks.example.com/gitlab", "- **Merge Requests**: ✅", "- **Push**: ❌"],
      check: (r) => assert.ok(!JSON.stringify(r.structuredContent).includes("s3cret"), "the token is never shown"),
    },
    {
      id: "group.hook_list",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/hooks" },
      markdown: ["## Group webhooks", "https://hooks.example.com/gitlab"],
    },
    {
      id: "group.hook_get",
      params: { group_id: "acme", hook_id: 1 },
      request: { method: "GET", path: "/groups/acme/hooks/1" },
      markdown: ["## Group webhook 1: https://hooks.example.com/gitlab"],
    },
    {
      id: "group.hook_get",
      name: "an unknown hook answers the not-found card",
      params: { group_id: "acme", hook_id: 999 },
      request: { method: "GET", path: "/groups/acme/hooks/999" },
      markdown: ["## ❓ Webhook Not Found"],
      isError: true,
    },
    {
      id: "group.hook_edit",
      params: { group_id: "acme", hook_id: 1, url: "https://hooks.example.com/v2", pipeline_events: true },
      request: { method: "PUT", path: "/groups/acme/hooks/1", body: { url: "https://hooks.example.com/v2", pipeline_events: true } },
      markdown: ["## Group webhook updated: https://hooks.example.com/v2", "- **Pipelines**: ✅"],
    },
    {
      id: "group.hook_delete",
      params: { group_id: "acme", hook_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/hooks/1" },
      markdown: [/success/i],
    },
  ],
};
