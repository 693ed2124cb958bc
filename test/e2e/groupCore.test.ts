// Groups (issue 13), end to end through the SDK's MCP Client over stdio against the simulator:
// - roles by name in and out: a member added as "maintainer" reaches GitLab as 40 and shows as
//   "Maintainer (40)"; direct members (group.members) and a member with inherited access
//   (group.group_member_get_inherited) answer differently for the same user;
// - transfer and share name both sides; a transfer GitLab refuses shows GitLab's own reason;
// - long-running work: a group export is scheduled, its download answers the not-ready card until the
//   simulator has the file, and a relations export is polled per relation; an import uploads the file
//   and points at group.get of the new path, which then answers;
// - settings: group.update refuses an unknown key with a suggestion and nothing reaches GitLab.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SIM_TOKEN, text, type Connection } from "../helpers/mcp.js";

describe("groups end to end (issue 13)", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  const call = (id: string, params: Record<string, unknown>): Promise<CallToolResult> => callAction(conn, "dynamic", id, params);
  const gitlabRequests = () => sim.log.filter((q) => q.path !== "/api/v4/personal_access_tokens/self");

  before(async () => {
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api"], admin: true } } });
    sim.addUser({ id: 1, username: "root", name: "Administrator" });
    sim.addUser({ id: 2, username: "jdoe", name: "Jane Doe" });
    sim.addGroup({ full_path: "acme", id: 10 });
    sim.addGroup({ full_path: "acme/platform", id: 11 });
    sim.addGroup({ full_path: "partners", id: 12 });
    sim.addGroup({ full_path: "vault", id: 13, members: [99] });
    sim.addProject({ id: 44, path_with_namespace: "partners/tool" });
    conn = await connect({ sim });
  });
  after(async () => {
    await conn?.close();
    await sim?.close();
  });

  it("group_member_add with a role name: GitLab receives 40, the card says Maintainer (40)", async () => {
    sim.clearLog();
    const added = await call("group.group_member_add", { group_id: "acme", user_id: 2, access_level: "maintainer" });
    assert.notEqual(added.isError, true, text(added));
    const post = gitlabRequests().find((q) => q.method === "POST");
    assert.deepEqual(post?.body, { user_id: 2, access_level: 40 });
    assert.match(text(added), /\*\*Role\*\*: Maintainer \(40\)/);
  });

  it("direct members and inherited access answer differently for the same user", async () => {
    const direct = await call("group.members", { group_id: "acme/platform" });
    assert.notEqual(direct.isError, true, text(direct));
    assert.match(text(direct), /No direct members\./);
    assert.ok(!text(direct).includes("jdoe"), "jdoe is not a direct member of the subgroup");
    const directOne = await call("group.group_member_get", { group_id: "acme/platform", user_id: 2 });
    assert.equal(directOne.isError, true);
    assert.match(text(directOne), /Member Not Found/);
    const inherited = await call("group.group_member_get_inherited", { group_id: "acme/platform", user_id: 2 });
    assert.notEqual(inherited.isError, true, text(inherited));
    assert.match(text(inherited), /## Member, inherited included: jdoe/);
    assert.match(text(inherited), /Maintainer \(40\)/);
  });

  it("a transfer names the project, where it was and the group", async () => {
    const moved = await call("group.transfer_project", { group_id: "acme", project_id: "partners/tool" });
    assert.notEqual(moved.isError, true, text(moved));
    assert.match(text(moved), /## Project moved into group acme: acme\/tool/);
    assert.match(text(moved), /\*\*From\*\*: `partners`/);
    const s = moved.structuredContent as { from_namespace: string; group_full_path: string; project_path: string };
    assert.deepEqual([s.from_namespace, s.group_full_path, s.project_path], ["partners", "acme", "acme/tool"]);
  });

  it("a transfer into a group the token cannot reach fails with GitLab's own reason", async () => {
    sim.clearLog();
    const refused = await call("group.transfer_project", { group_id: "vault", project_id: "acme/tool" });
    assert.equal(refused.isError, true);
    // GitLab's reason, then the catalog's sentence for a 404 of this write (sides: refused).
    assert.match(text(refused), /^group\.transfer_project: not found: .*\(Group Not Found\)\. The group or the project does not exist, or this token cannot see it\.$/);
    assert.doesNotMatch(text(refused), /^group\.transfer_project: error$/);
    assert.ok(gitlabRequests().some((q) => q.method === "POST" && q.rawPath === "/api/v4/groups/vault/projects/acme%2Ftool"), "the transfer reached GitLab");
  });

  it("a share names both groups and the role", async () => {
    const shared = await call("group.group_member_share", { group_id: "acme", shared_with_group_id: 12, access_level: "developer" });
    assert.notEqual(shared.isError, true, text(shared));
    assert.match(text(shared), /## Group acme shared with partners/);
    assert.match(text(shared), /Developer \(30\)/);
    assert.deepEqual(gitlabRequests().at(-1)?.body, { group_id: 12, group_access: 30 });
  });

  it("export: scheduled (202), then the download says it is not ready, then answers the file", async () => {
    const started = await call("group.group_export_schedule", { group_id: "acme" });
    assert.notEqual(started.isError, true, text(started));
    assert.match(text(started), /202 Accepted/);
    assert.match(text(started), /no status endpoint/);
    assert.match(text(started), /group\.group_export_download/);
    const early = await call("group.group_export_download", { group_id: "acme" });
    assert.equal(early.isError, true);
    assert.match(text(early), /may still be running/);
    const ready = await call("group.group_export_download", { group_id: "acme" });
    assert.notEqual(ready.isError, true, text(ready));
    const s = ready.structuredContent as { binary: boolean; size: number; file_name: string };
    assert.equal(s.binary, true);
    assert.ok(s.size > 0);
    assert.match(s.file_name, /acme_export\.tar\.gz$/);
  });

  it("relations export: scheduled, then the status lists each relation", async () => {
    const started = await call("group.group_relations_schedule", { group_id: 10 });
    assert.notEqual(started.isError, true, text(started));
    assert.match(text(started), /group\.group_relations_list_status/);
    const first = await call("group.group_relations_list_status", { group_id: 10 });
    const rows = (first.structuredContent as { relations: { relation: string; status: number }[] }).relations;
    assert.ok(rows.length > 1 && rows.every((r) => r.status === 0), JSON.stringify(rows));
    const later = await call("group.group_relations_list_status", { group_id: 10 });
    assert.ok((later.structuredContent as { relations: { status: number }[] }).relations.every((r) => r.status === 1));
  });

  it("import: the file goes as multipart with the form fields, and group.get of the new path answers", async () => {
    sim.clearLog();
    const bytes = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0x00, 0x10]);
    const started = await call("group.group_import_file", { name: "Restored", path: "restored", parent_id: 12, content_base64: bytes.toString("base64"), file_name: "acme_export.tar.gz" });
    assert.notEqual(started.isError, true, text(started));
    assert.match(text(started), /## Group import started/);
    assert.match(text(started), /group\.get/);
    const post = gitlabRequests().at(-1)!;
    const body = post.body as { name: string; path: string; parent_id: string; file: { filename: string; bytes: Buffer } };
    assert.equal(post.path, "/api/v4/groups/import");
    assert.deepEqual([body.name, body.path, body.parent_id, body.file.filename], ["Restored", "restored", "12", "acme_export.tar.gz"]);
    assert.ok(Buffer.from(body.file.bytes).equals(bytes), "the bytes arrive unchanged");
    const group = await call("group.get", { group_id: "partners/restored" });
    assert.notEqual(group.isError, true, text(group));
    assert.match(text(group), /## Group: partners\/restored/);
  });

  it("group.update: an unknown key is refused with a suggestion and nothing reaches GitLab", async () => {
    sim.clearLog();
    const refused = await call("group.update", { group_id: "acme", visiblity: "private" });
    assert.equal(refused.isError, true);
    assert.match(text(refused), /visiblity/);
    assert.match(text(refused), /visibility/);
    assert.equal(gitlabRequests().length, 0, "nothing reached GitLab");
  });

  it("group.update: the card shows only the fields sent", async () => {
    const changed = await call("group.update", { group_id: "acme", visibility: "internal", lfs_enabled: false });
    assert.notEqual(changed.isError, true, text(changed));
    const md = text(changed);
    assert.match(md, /\*\*Visibility\*\*: internal/);
    assert.match(md, /\*\*lfs_enabled\*\*: ❌/);
    assert.ok(!md.includes("**Name**"), md);
    assert.deepEqual(gitlabRequests().at(-1)?.body, { visibility: "internal", lfs_enabled: false });
  });
});
