// Fidelity check with an independent GitLab client: @gitbeaker/rest follows
// GitLab's Link headers, reads x-* pagination headers and surfaces GitLab's
// error bodies. If the simulator deviated from GitLab's wire format, these
// client-level results would be wrong.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Gitlab, GitbeakerRequestError } from "@gitbeaker/rest";
import { DEMO_EXTRA_BRANCHES } from "./demoData.js";
import type { GitLabSimulator } from "./simulator.js";
import { DEFAULT_TOKEN, startDemo } from "./testSupport.js";

const ALL_45 = ["main", "develop", "feature/login", ...DEMO_EXTRA_BRANCHES].sort();

async function gitlabError(promise: Promise<unknown>): Promise<{ message: string; status: number }> {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof GitbeakerRequestError, `expected GitbeakerRequestError, got ${String(e)}`);
    const response = (e.cause as { response: Response }).response;
    return { message: e.message, status: response.status };
  }
  assert.fail("the request should have failed");
}

describe("@gitbeaker/rest against the simulator", () => {
  let sim: GitLabSimulator;
  let api: InstanceType<typeof Gitlab>;
  before(async () => {
    sim = await startDemo();
    api = new Gitlab({ host: sim.url, token: DEFAULT_TOKEN });
  });
  after(() => sim.close());

  it("pages through all 45 branches with offset pagination, following Link rel=next", async () => {
    sim.clearLog();
    const { data, paginationInfo } = await api.Branches.all(42, { pagination: "offset", perPage: 10, showExpanded: true });
    assert.deepEqual(data.map((b) => b.name), ALL_45);
    assert.deepEqual(paginationInfo, { total: 45, next: null, current: 5, previous: 4, perPage: 10, totalPages: 5 });
    assert.equal(sim.log.length, 5);
    assert.deepEqual(sim.log.map((r) => r.query.page ?? "1"), ["1", "2", "3", "4", "5"]);
  });

  it("stops after maxPages and fetches a single explicit page", async () => {
    const limited = await api.Branches.all(42, { perPage: 10, maxPages: 2 });
    assert.deepEqual(limited.map((b) => b.name), ALL_45.slice(0, 20));
    const page2 = await api.Branches.all(42, { pagination: "offset", page: 2, perPage: 10, showExpanded: true });
    assert.deepEqual(page2.data.map((b) => b.name), ALL_45.slice(10, 20));
    assert.equal(page2.paginationInfo.next, 3);
    assert.equal(page2.paginationInfo.previous, 1);
  });

  it("follows keyset page_token links when branch_list_keyset_pagination is on", async () => {
    sim.setFeatureFlag("branch_list_keyset_pagination", true);
    try {
      sim.clearLog();
      const branches = await api.Branches.all("group/project", { pagination: "keyset", perPage: 10 });
      assert.deepEqual(branches.map((b) => b.name), ALL_45);
      assert.deepEqual(
        sim.log.map((r) => r.query.page_token ?? null),
        [null, ALL_45[9], ALL_45[19], ALL_45[29], ALL_45[39]],
      );
      assert.ok(sim.log.every((r) => r.rawPath === "/api/v4/projects/group%2Fproject/repository/branches"));
    } finally {
      sim.setFeatureFlag("branch_list_keyset_pagination", false);
    }
  });

  it("shows, creates and removes branches by URL-encoded name", async () => {
    const login = await api.Branches.show("group/project", "feature/login");
    assert.equal(login.name, "feature/login");
    assert.equal(login.protected, false);
    assert.equal(sim.log[sim.log.length - 1].rawPath, "/api/v4/projects/group%2Fproject/repository/branches/feature%2Flogin");
    const created = await api.Branches.create(42, "feature/gitbeaker", "develop");
    assert.equal(created.name, "feature/gitbeaker");
    assert.equal((created.commit as { id: string }).id, (await api.Branches.show(42, "develop")).commit.id);
    await api.Branches.remove(42, "feature/gitbeaker");
    assert.equal((await gitlabError(api.Branches.show(42, "feature/gitbeaker"))).status, 404);
  });

  it("surfaces GitLab's status and message on errors", async () => {
    assert.deepEqual(await gitlabError(api.Branches.show(42, "nope")), { message: "404 Branch Not Found", status: 404 });
    assert.deepEqual(await gitlabError(api.Branches.create(42, "main", "develop")), { message: "Branch already exists", status: 400 });
    assert.deepEqual(await gitlabError(api.Branches.all("group/none")), { message: "404 Project Not Found", status: 404 });
    assert.deepEqual(await gitlabError(api.ProtectedBranches.create(42, "main")), {
      message: "Protected branch 'main' already exists",
      status: 409,
    });
    assert.deepEqual(await gitlabError(api.ProtectedBranches.show(42, "nope")), { message: "404 Not found", status: 404 });
    const anonymous = new Gitlab({ host: sim.url, token: "glpat-wrong" });
    assert.deepEqual(await gitlabError(anonymous.Branches.all(42)), { message: "401 Unauthorized", status: 401 });
  });

  it("drives the protected branches API end to end", async () => {
    const before = await api.ProtectedBranches.all(42);
    assert.deepEqual(before.map((p) => p.name), ["main", "develop"]);
    const created = await api.ProtectedBranches.create(42, "release/*", {
      pushAccessLevel: 30,
      allowedToMerge: [{ access_level: 30 }],
      codeOwnerApprovalRequired: true,
    } as never);
    assert.equal(created.name, "release/*");
    const levels = (list: unknown) => (list as Array<{ access_level: number }>).map((l) => l.access_level);
    assert.deepEqual(levels(created.push_access_levels), [30]);
    assert.deepEqual(levels(created.merge_access_levels), [30]);
    assert.equal(created.code_owner_approval_required, true);
    assert.equal((await api.Branches.show(42, "release/2.0")).protected, true);
    const shown = await api.ProtectedBranches.show(42, "release/*");
    assert.equal(shown.id, created.id);
    const edited = await api.ProtectedBranches.edit(42, "release/*", { allowForcePush: true });
    assert.equal(edited.allow_force_push, true);
    const searched = await api.ProtectedBranches.all(42, { search: "rel" });
    assert.deepEqual(searched.map((p) => p.name), ["release/*"]);
    await api.ProtectedBranches.unprotect(42, "release/*");
    assert.equal((await api.Branches.show(42, "release/2.0")).protected, false);
  });

  it("authenticates with an OAuth-style bearer token too", async () => {
    const bearer = new Gitlab({ host: sim.url, oauthToken: DEFAULT_TOKEN });
    const branch = await bearer.Branches.show(42, "main");
    assert.equal(branch.default, true);
    assert.equal(sim.log[sim.log.length - 1].headers.authorization, `Bearer ${DEFAULT_TOKEN}`);
  });
});
