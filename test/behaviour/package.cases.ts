// Packages and the container registry. The table is a workflow: list and read the seeded packages,
// download a binary file (size and SHA-256, never its bytes), publish files (base64, a local file on
// stdio, a folder), link one to a release, protect packages, then delete; the container registry's
// repositories and tags are read, cleaned up in bulk (asynchronously) and protected. In safe mode (package.test.ts)
// a bulk tag deletion previews the tags it would delete. Fixtures follow GitLab's docs.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { seedPackage } from "../sim/restPackages.js";
import { seedContainerRepository } from "../sim/restPackagesRegistry.js";

const BIN = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2, 0xff, 0xfe, 0, 10, 0x80, 0x81]);
const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");

// Local files for the stdio publishes, in a folder the server is told it may read.
const DIR = mkdtempSync(join(tmpdir(), "pkg-behaviour-"));
writeFileSync(join(DIR, "tool.bin"), BIN);
const BUNDLE = join(DIR, "bundle");
mkdirSync(join(BUNDLE, "sub"), { recursive: true });
writeFileSync(join(BUNDLE, "a.txt"), "alpha\n");
writeFileSync(join(BUNDLE, "sub", "b.bin"), BIN);

const P = "/projects/group%2Fproject";
const TAGS = `${P}/registry/repositories/1/tags`;

function seedRegistry(sim: Parameters<BehaviourTable["seed"]>[0]): void {
  seedContainerRepository(sim, 42, {
    id: 1,
    name: "",
    created_at: "2026-01-01T00:00:00.000Z",
    tags: [
      { name: "latest", created_at: "2026-05-01T00:00:00.000Z" },
      { name: "v1.0.0", created_at: "2026-01-01T00:00:00.000Z" },
      { name: "v1.1.0", created_at: "2026-03-01T00:00:00.000Z" },
      { name: "v1.2.0", created_at: "2026-05-20T00:00:00.000Z" },
      { name: "dev-abc", created_at: "2026-02-01T00:00:00.000Z" },
    ],
  });
  seedContainerRepository(sim, 42, { id: 2, name: "cache", tags: [{ name: "main", created_at: "2026-04-01T00:00:00.000Z" }] });
}

export const table: BehaviourTable = {
  domain: "package",
  env: { GITLAB_MCP_ALLOWED_UPLOAD_DIRS: DIR },
  seed(sim) {
    sim.setNow("2026-06-01T12:00:00.000Z");
    sim.addGroup({ id: 7, full_path: "group" });
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addBranch(42, { name: "main" });
    sim.addDocument("tag", 42, { name: "v1.0.0", message: "", target: "a".repeat(40), commit: { id: "a".repeat(40) }, release: null, protected: false, created_at: null });
    sim.addDocument("release", 42, { tag_name: "v1.0.0", name: "v1.0.0", description: "", created_at: "2026-05-01T00:00:00.000Z", released_at: "2026-05-01T00:00:00.000Z", upcoming_release: false, assets: { count: 0, sources: [], links: [] } });
    seedPackage(sim, 42, { name: "app", version: "1.0.0", package_type: "generic", created_at: "2026-05-01T00:00:00.000Z", files: { "app.bin": BIN } });
    seedPackage(sim, 42, { name: "com/acme/lib", version: "2.1.0", package_type: "maven", created_at: "2026-04-01T00:00:00.000Z", files: { "lib-2.1.0.jar": "PK jar", "lib-2.1.0.pom": "<project/>" } });
    seedPackage(sim, 42, { name: "secret-tool", version: "0.1.0", package_type: "generic", status: "hidden" });
    seedRegistry(sim);
  },
  cases: [
    // ---- Packages -----------------------------------------------------------------------------------
    {
      id: "package.list",
      params: { project_id: "group/project" },
      request: { method: "GET", path: `${P}/packages`, query: {} },
      markdown: ["## Packages (2)", "`app`", "`com/acme/lib`", "maven"],
      check: (r) => assert.deepEqual((r.structuredContent as { packages: { id: number }[] }).packages.map((p) => p.id), [102, 101]),
    },
    {
      id: "package.list",
      name: "filters by type, name, version and status, ordered by name",
      params: { project_id: 42, package_type: "generic", package_name: "TOOL", status: "hidden", order_by: "name", sort: "desc", include_versionless: true, package_version: "0.1.0" },
      request: { method: "GET", path: "/projects/42/packages", query: { package_type: "generic", package_name: "TOOL", status: "hidden", order_by: "name", sort: "desc", include_versionless: "true", package_version: "0.1.0" } },
      markdown: ["## Packages (1)", "`secret-tool`"],
    },
    {
      id: "package.list",
      name: "a package type GitLab does not know is refused before sending",
      params: { project_id: 42, package_type: "docker" },
      markdown: ["package_type"],
      isError: true,
    },
    {
      id: "package.file_list",
      params: { project_id: 42, package_id: 102, order_by: "file_name", sort: "desc" },
      request: { method: "GET", path: "/projects/42/packages/102/package_files", query: { order_by: "file_name", sort: "desc" } },
      markdown: ["## Package Files (2)", "`lib-2.1.0.pom`", sha256("PK jar")],
      check: (r) => assert.deepEqual((r.structuredContent as { package_files: { file_name: string }[] }).package_files.map((f) => f.file_name), ["lib-2.1.0.pom", "lib-2.1.0.jar"]),
    },
    {
      id: "package.file_list",
      name: "a package that does not exist answers the not-found card",
      params: { project_id: 42, package_id: 999 },
      request: { method: "GET", path: "/projects/42/packages/999/package_files" },
      markdown: ["Package Not Found", "package.list"],
      isError: true,
    },
    {
      id: "package.download",
      name: "a binary file answers size and SHA-256, never its bytes",
      params: { project_id: 42, package_name: "app", package_version: "1.0.0", file_name: "app.bin" },
      request: { method: "GET", path: "/projects/42/packages/generic/app/1.0.0/app.bin" },
      markdown: ["## File app.bin", sha256(BIN), "Content not shown", "/api/v4/projects/42/packages/generic/app/1.0.0/app.bin"],
      check: (r) => {
        const s = r.structuredContent as { sha256: string; size: number; binary: boolean; content?: string };
        assert.equal(s.sha256, sha256(BIN));
        assert.equal(s.size, BIN.length);
        assert.equal(s.binary, true);
        assert.equal(s.content, undefined);
      },
    },
    {
      id: "package.download",
      name: "a file that does not exist answers the not-found card",
      params: { project_id: 42, package_name: "app", package_version: "1.0.0", path: "linux", file_name: "app.bin" },
      request: { method: "GET", path: "/projects/42/packages/generic/app/1.0.0/linux/app.bin" },
      markdown: ["Package file Not Found", "package.file_list"],
      isError: true,
    },
    {
      id: "package.publish",
      name: "bytes from content_base64, the file's checksums asked for",
      params: { project_id: 42, package_name: "app", package_version: "1.1.0", file_name: "notes.txt", content_base64: Buffer.from("release notes\n").toString("base64"), status: "hidden" },
      request: { method: "PUT", path: "/projects/42/packages/generic/app/1.1.0/notes.txt", query: { status: "hidden", select: "package_file" } },
      markdown: ["## Published notes.txt", sha256("release notes\n"), "/api/v4/projects/42/packages/generic/app/1.1.0/notes.txt"],
      check: (r, sim) => {
        const bytes = (sim.log.at(-1)?.body as { file: { bytes: Buffer } }).file.bytes;
        assert.equal(Buffer.from(bytes).toString(), "release notes\n");
        assert.equal((r.structuredContent as { file_sha256: string }).file_sha256, sha256("release notes\n"));
      },
    },
    {
      id: "package.publish",
      name: "a local file on stdio, into a folder of the package",
      params: { project_id: 42, package_name: "app", package_version: "1.1.0", path: "linux/amd64", file_name: "tool", file_path: join(DIR, "tool.bin") },
      request: { method: "PUT", path: "/projects/42/packages/generic/app/1.1.0/linux/amd64/tool", query: { select: "package_file" } },
      markdown: ["## Published tool", sha256(BIN)],
    },
    {
      id: "package.publish",
      name: "a local file outside the allowed folders is refused before it is read",
      params: { project_id: 42, package_name: "app", package_version: "1.1.0", file_name: "passwd", file_path: "/etc/passwd" },
      markdown: ["outside the folders uploads may read"],
      isError: true,
    },
    {
      id: "package.publish",
      name: "neither file_path nor content_base64 is refused",
      params: { project_id: 42, package_name: "app", package_version: "1.1.0", file_name: "x" },
      markdown: ["Give either file_path or content_base64"],
      isError: true,
    },
    {
      id: "package.publish_and_link",
      params: { project_id: 42, package_name: "app", package_version: "1.1.0", file_name: "app.bin", content_base64: BIN.toString("base64"), tag_name: "v1.0.0", direct_asset_path: "/bin/app" },
      request: [
        { method: "PUT", path: "/projects/42/packages/generic/app/1.1.0/app.bin", query: { select: "package_file" } },
        { method: "POST", path: "/projects/42/releases/v1.0.0/assets/links" },
      ],
      markdown: ["## Published app.bin", "- **Release Link**: `app.bin`", sha256(BIN)],
      check: (_r, sim) => {
        const body = sim.log.at(-1)?.body as Record<string, string>;
        assert.deepEqual(body, { name: "app.bin", url: `${sim.url}/api/v4/projects/42/packages/generic/app/1.1.0/app.bin`, link_type: "package", direct_asset_path: "/bin/app" });
      },
    },
    {
      id: "package.publish_and_link",
      name: "a release that does not exist: the file is published, the link fails and says so",
      params: { project_id: 42, package_name: "app", package_version: "1.2.0", file_name: "app.bin", content_base64: BIN.toString("base64"), tag_name: "v9.9.9", link_name: "App", link_type: "other" },
      request: [
        { method: "PUT", path: "/projects/42/packages/generic/app/1.2.0/app.bin" },
        { method: "POST", path: "/projects/42/releases/v9.9.9/assets/links" },
      ],
      markdown: ["The file was published", "release.link_create"],
      isError: true,
    },
    {
      id: "package.publish_directory",
      params: { project_id: 42, package_name: "bundle", package_version: "2.0.0", directory: BUNDLE },
      request: [
        { method: "PUT", path: "/projects/42/packages/generic/bundle/2.0.0/a.txt", query: { select: "package_file" } },
        { method: "PUT", path: "/projects/42/packages/generic/bundle/2.0.0/sub/b.bin", query: { select: "package_file" } },
      ],
      markdown: ["## Published 2 files to bundle/2.0.0", "`sub/b.bin`", sha256(BIN), sha256("alpha\n")],
    },
    {
      id: "package.publish_directory",
      name: "without subfolders only the folder's own files are sent",
      params: { project_id: 42, package_name: "bundle", package_version: "2.0.1", directory: BUNDLE, recursive: false, status: "hidden" },
      request: { method: "PUT", path: "/projects/42/packages/generic/bundle/2.0.1/a.txt", query: { status: "hidden", select: "package_file" } },
      markdown: ["## Published 1 files to bundle/2.0.1"],
    },
    // ---- Package protection rules ---------------------------------------------------------------------
    {
      id: "package.protection_rule_create",
      params: { project_id: 42, package_name_pattern: "app*", package_type: "generic", minimum_access_level_for_push: "owner" },
      request: { method: "POST", path: "/projects/42/packages/protection/rules", body: { package_name_pattern: "app*", package_type: "generic", minimum_access_level_for_push: "owner" } },
      markdown: ["## Package Protection Rule: app\\*", "- **Push**: owner"],
    },
    {
      id: "package.protection_rule_create",
      name: "the same pattern twice answers GitLab's 422",
      params: { project_id: 42, package_name_pattern: "app*", package_type: "generic", minimum_access_level_for_delete: "admin" },
      request: { method: "POST", path: "/projects/42/packages/protection/rules" },
      markdown: ["Package name pattern has already been taken"],
      isError: true,
    },
    {
      id: "package.publish",
      name: "a protected package refuses the push with GitLab's 403",
      params: { project_id: 42, package_name: "app", package_version: "1.3.0", file_name: "x.txt", content_base64: "eA==" },
      request: { method: "PUT", path: "/projects/42/packages/generic/app/1.3.0/x.txt" },
      markdown: ["Package protected"],
      isError: true,
    },
    {
      id: "package.protection_rule_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/packages/protection/rules", query: {} },
      markdown: ["## Package Protection Rules (1)", "`app*`", "generic"],
    },
    {
      id: "package.protection_rule_update",
      params: { project_id: 42, protection_rule_id: 1, package_name_pattern: "app-*", minimum_access_level_for_delete: "admin" },
      request: { method: "PATCH", path: "/projects/42/packages/protection/rules/1", body: { package_name_pattern: "app-*", minimum_access_level_for_delete: "admin" } },
      markdown: ["## Package Protection Rule: app-\\*", "- **Delete**: admin"],
    },
    {
      id: "package.protection_rule_delete",
      params: { project_id: 42, protection_rule_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/packages/protection/rules/1" },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "package.file_delete",
      params: { project_id: 42, package_id: 102, package_file_id: 503 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/packages/102/package_files/503" },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "package.delete",
      name: "without confirmation nothing is sent",
      params: { project_id: 42, package_id: 102 },
      markdown: ["confirm"],
      isError: true,
    },
    {
      id: "package.delete",
      params: { project_id: 42, package_id: 102 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/packages/102" },
      markdown: ["✅ Action completed successfully."],
    },
    // ---- Container registry ---------------------------------------------------------------------------
    {
      id: "package.registry_list_project",
      params: { project_id: 42, tags_count: true },
      request: { method: "GET", path: "/projects/42/registry/repositories", query: { tags_count: "true" } },
      markdown: ["## Container Repositories (2)", "`group/project/cache`", "registry.example.com/group/project"],
      check: (r) => assert.deepEqual((r.structuredContent as { repositories: { tags_count: number }[] }).repositories.map((x) => x.tags_count), [5, 1]),
    },
    {
      id: "package.registry_list_group",
      params: { group_id: "group" },
      request: { method: "GET", path: "/groups/group/registry/repositories", query: {} },
      markdown: ["## Container Repositories (2)", "`group/project`"],
    },
    {
      id: "package.registry_get",
      params: { repository_id: 1, tags: true, tags_count: true, size: true },
      request: { method: "GET", path: "/registry/repositories/1", query: { tags: "true", tags_count: "true", size: "true" } },
      markdown: ["## Container Repository: group/project", "- **Tags**: 5", "- **Size (bytes)**:"],
    },
    {
      id: "package.registry_get",
      name: "a repository that does not exist answers the not-found card",
      params: { repository_id: 99 },
      request: { method: "GET", path: "/registry/repositories/99" },
      markdown: ["Container repository Not Found"],
      isError: true,
    },
    {
      id: "package.registry_tag_list",
      params: { project_id: 42, repository_id: 1, per_page: 2 },
      request: { method: "GET", path: "/projects/42/registry/repositories/1/tags", query: { per_page: "2" } },
      markdown: ["`dev-abc`", "`latest`"],
    },
    {
      id: "package.registry_tag_get",
      params: { project_id: 42, repository_id: 1, tag_name: "v1.2.0" },
      request: { method: "GET", path: "/projects/42/registry/repositories/1/tags/v1.2.0" },
      markdown: ["## Image Tag: v1.2.0", "- **Digest**: `sha256:", "- **Total Size (bytes)**:"],
    },
    {
      id: "package.registry_tag_delete",
      params: { project_id: 42, repository_id: 1, tag_name: "dev-abc" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/registry/repositories/1/tags/dev-abc" },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "package.registry_tag_delete_bulk",
      params: { project_id: 42, repository_id: 1, name_regex_delete: "v1\\..*", name_regex_keep: "v1\\.0\\..*", keep_n: 0, older_than: "30d" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/registry/repositories/1/tags", body: { name_regex_delete: "v1\\..*", name_regex_keep: "v1\\.0\\..*", keep_n: 0, older_than: "30d" } },
      markdown: ["accepted the bulk tag deletion", "asynchronously", "never deletes the tag latest"],
      check: (r) => assert.equal((r.structuredContent as { status: string }).status, "success"),
    },
    {
      id: "package.registry_tag_list",
      name: "after the background cleanup: v1.1.0 went, v1.0.0 kept by name_regex_keep, v1.2.0 too young",
      params: { project_id: 42, repository_id: 1 },
      request: { method: "GET", path: `/projects/42/registry/repositories/1/tags` },
      markdown: ["## Image Tags (3)", "`latest`", "`v1.0.0`", "`v1.2.0`"],
    },
    {
      id: "package.registry_tag_delete_bulk",
      name: "a second cleanup within the hour answers GitLab's 400",
      params: { project_id: 42, repository_id: 1, name_regex_delete: ".*" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/registry/repositories/1/tags" },
      markdown: ["at most once an hour"],
      isError: true,
    },
    {
      id: "package.registry_delete",
      params: { project_id: 42, repository_id: 2 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/registry/repositories/2" },
      markdown: ["runs in the background", "delete_scheduled"],
    },
    {
      id: "package.registry_rule_create",
      params: { project_id: 42, repository_path_pattern: "group/project/*", minimum_access_level_for_push: "maintainer", minimum_access_level_for_delete: "owner" },
      request: { method: "POST", path: "/projects/42/registry/protection/repository/rules", body: { repository_path_pattern: "group/project/*", minimum_access_level_for_push: "maintainer", minimum_access_level_for_delete: "owner" } },
      markdown: ["## Container Repository Protection Rule: group/project/\\*", "- **Delete**: owner"],
    },
    {
      id: "package.registry_rule_create",
      name: "neither level answers Grape's 400",
      params: { project_id: 42, repository_path_pattern: "group/other" },
      request: { method: "POST", path: "/projects/42/registry/protection/repository/rules" },
      markdown: ["at least one parameter must be provided"],
      isError: true,
    },
    {
      id: "package.registry_rule_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/registry/protection/repository/rules", query: {} },
      markdown: ["## Container Repository Protection Rules (1)", "`group/project/*`"],
    },
    {
      id: "package.registry_rule_update",
      name: "an empty string clears a level",
      params: { project_id: 42, protection_rule_id: 1, minimum_access_level_for_push: "" },
      request: { method: "PATCH", path: "/projects/42/registry/protection/repository/rules/1", body: { minimum_access_level_for_push: "" } },
      markdown: ["- **Delete**: owner"],
      check: (r) => assert.equal((r.structuredContent as { minimum_access_level_for_push: unknown }).minimum_access_level_for_push, null),
    },
    {
      id: "package.registry_rule_delete",
      params: { project_id: 42, protection_rule_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/registry/protection/repository/rules/1" },
      markdown: ["✅ Action completed successfully."],
    },
  ],
};

/** Safe mode's seed: the registry alone (package.test.ts runs the preview cases outside the table). */
export function seedSafeMode(sim: Parameters<BehaviourTable["seed"]>[0]): void {
  sim.setNow("2026-06-01T12:00:00.000Z");
  sim.addProject({ id: 42, path_with_namespace: "group/project" });
  seedRegistry(sim);
}
