// The review endpoints of the simulator (restReview.ts) through an independent client, @gitbeaker/rest:
// a review as a person's tooling would run it. If the wire format (bodies, nested position hashes, 204
// answers, pagination headers, error bodies) deviated from GitLab's, these client-level results would.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Gitlab, GitbeakerRequestError } from "@gitbeaker/rest";
import { GitLabSimulator } from "./simulator.js";
import { call, DEFAULT_TOKEN } from "./testSupport.js";

const HEAD = "c".repeat(40);
const BASE = "b".repeat(40);

describe("review endpoints through @gitbeaker/rest", () => {
  let sim: GitLabSimulator;
  let api: InstanceType<typeof Gitlab>;
  before(async () => {
    sim = await GitLabSimulator.start();
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addMergeRequest(42, { iid: 7, title: "Add login", source_branch: "feature/login", files: ["src/app.ts", "README.md"] });
    sim.addDiffVersion(42, 7, { head_sha: HEAD, base_sha: BASE });
    sim.addComparison(42, "main", "feature/login", { commits: [], diffs: [{ old_path: "a", new_path: "a", diff: "@@ -1 +1 @@\n-x\n+y\n" }] });
    api = new Gitlab({ host: sim.url, token: DEFAULT_TOKEN });
  });
  after(() => sim.close());

  it("notes: create, edit, list and delete", async () => {
    const note = await api.MergeRequestNotes.create("group/project", 7, "First!");
    await api.MergeRequestNotes.edit("group/project", 7, note.id, { body: "First, edited" });
    const all = await api.MergeRequestNotes.all("group/project", 7, { sort: "asc" });
    assert.deepEqual(all.map((n) => n.body), ["First, edited"]);
    await api.MergeRequestNotes.remove("group/project", 7, note.id);
    assert.equal((await api.MergeRequestNotes.all("group/project", 7)).length, 0);
  });

  // A position is a nested hash: sent here as a form, as curl does (gitbeaker sends it as multipart).
  const positionForm = (head: string) =>
    `body=Why%3F&position[base_sha]=${BASE}&position[start_sha]=${BASE}&position[head_sha]=${head}&position[position_type]=text&position[new_path]=src/app.ts&position[old_path]=src/app.ts&position[new_line]=1`;

  it("a diff thread with a nested position, a reply and resolving it", async () => {
    const [v] = await api.MergeRequests.allDiffVersions("group/project", 7);
    assert.equal(v.head_commit_sha, HEAD);
    const created = await call(sim, "/projects/42/merge_requests/7/discussions", { method: "POST", form: positionForm(HEAD) });
    assert.equal(created.status, 201, created.text);
    const thread = created.body as { id: string; notes: { type: string; position: { new_line: number } }[] };
    assert.equal(thread.notes[0].type, "DiffNote");
    assert.equal(thread.notes[0].position.new_line, 1);
    await api.MergeRequestDiscussions.addNote("group/project", 7, thread.id, "Because");
    await api.MergeRequestDiscussions.resolve("group/project", 7, thread.id, true);
    const [listed] = await api.MergeRequestDiscussions.all("group/project", 7);
    assert.equal(listed.notes?.length, 2);
    assert.equal((listed.notes?.[0] as { resolved?: boolean }).resolved, true);
  });

  it("a stale position is GitLab's 400 about line_code", async () => {
    const stale = await call(sim, "/projects/42/merge_requests/7/discussions", { method: "POST", form: positionForm("0".repeat(40)) });
    assert.equal(stale.status, 400);
    assert.match((stale.body as { message: string }).message, /line_code/);
  });

  it("draft notes: create, list, publish one, publish the rest", async () => {
    await api.MergeRequestDraftNotes.create("group/project", 7, "draft one");
    const second = await api.MergeRequestDraftNotes.create("group/project", 7, "draft two");
    assert.equal((await api.MergeRequestDraftNotes.all("group/project", 7)).length, 2);
    await api.MergeRequestDraftNotes.publish("group/project", 7, second.id);
    assert.equal((await api.MergeRequestDraftNotes.all("group/project", 7)).length, 1);
    await api.MergeRequestDraftNotes.publishBulk("group/project", 7);
    assert.equal((await api.MergeRequestDraftNotes.all("group/project", 7)).length, 0);
    const bodies = (await api.MergeRequestNotes.all("group/project", 7)).map((n) => n.body);
    assert.ok(bodies.includes("draft one") && bodies.includes("draft two"), bodies.join(", "));
  });

  it("a version with its files, a comparison and an unknown commit's diff", async () => {
    const [v] = await api.MergeRequests.allDiffVersions("group/project", 7);
    const full = await api.MergeRequests.showDiffVersion("group/project", 7, v.id);
    assert.deepEqual((full.diffs as { new_path: string }[]).map((d) => d.new_path), ["src/app.ts", "README.md"]);
    const cmp = await api.Repositories.compare("group/project", "main", "feature/login");
    assert.equal((cmp.diffs as unknown[]).length, 1);
    await assert.rejects(api.Commits.showDiff("group/project", "e".repeat(40)), (e: unknown) => e instanceof GitbeakerRequestError && /404 Commit Not Found/.test(e.message));
  });
});
