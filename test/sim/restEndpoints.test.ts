// Success and error bodies of every branch and protected-branch endpoint.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { GitLabSimulator } from "./simulator.js";
import { call, names, startDemo } from "./testSupport.js";

const BRANCH_KEYS = ["name", "commit", "merged", "protected", "developers_can_push", "developers_can_merge", "can_push", "default", "web_url"];
const COMMIT_KEYS = [
  "id", "short_id", "created_at", "parent_ids", "title", "message", "author_name", "author_email", "authored_date",
  "committer_name", "committer_email", "committed_date", "trailers", "extended_trailers", "web_url",
];
const RULE_KEYS = ["id", "name", "push_access_levels", "merge_access_levels", "allow_force_push", "unprotect_access_levels", "code_owner_approval_required"];

describe("branches API", () => {
  let sim: GitLabSimulator;
  beforeEach(async () => {
    await sim?.close();
    sim = await startDemo();
  });
  after(() => sim.close());

  it("shows a branch with exactly GitLab's fields and derived flags", async () => {
    const main = (await call(sim, "/projects/42/repository/branches/main")).body;
    assert.deepEqual(Object.keys(main), BRANCH_KEYS);
    assert.deepEqual(Object.keys(main.commit), COMMIT_KEYS);
    assert.deepEqual(
      { merged: main.merged, protected: main.protected, default: main.default, can_push: main.can_push, dp: main.developers_can_push, dm: main.developers_can_merge },
      { merged: false, protected: true, default: true, can_push: true, dp: false, dm: true },
    );
    assert.equal(main.commit.web_url, `https://gitlab.example.com/group/project/-/commit/${main.commit.id}`);
    assert.equal(main.commit.short_id, main.commit.id.slice(0, 8));
    const develop = (await call(sim, "/projects/42/repository/branches/develop")).body;
    assert.deepEqual([develop.protected, develop.default, develop.can_push, develop.developers_can_push, develop.developers_can_merge], [true, false, true, true, true]);
    const login = (await call(sim, "/projects/group%2Fproject/repository/branches/feature%2Flogin")).body;
    assert.deepEqual([login.protected, login.can_push, login.developers_can_push, login.developers_can_merge], [false, true, false, false]);
  });

  it("answers 404 Branch Not Found, 400 for an invalid refname, HEAD 204/404", async () => {
    const missing = await call(sim, "/projects/42/repository/branches/nope");
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { message: "404 Branch Not Found" });
    const invalid = await call(sim, "/projects/42/repository/branches/a..b");
    assert.equal(invalid.status, 400);
    assert.deepEqual(invalid.body, { message: "The branch refname is invalid" });
    assert.equal((await call(sim, "/projects/42/repository/branches/main", { method: "HEAD" })).status, 204);
    assert.equal((await call(sim, "/projects/42/repository/branches/nope", { method: "HEAD" })).status, 404);
  });

  it("filters with search (^prefix, suffix$, substring with exact match first) and regex", async () => {
    const prefix = await call(sim, "/projects/42/repository/branches?search=%5Erelease");
    assert.deepEqual(names(prefix.body), ["release/1.0", "release/1.1", "release/1.2", "release/2.0"]);
    const suffix = await call(sim, "/projects/42/repository/branches?search=LOGIN%24");
    assert.deepEqual(names(suffix.body), ["feature/login"]);
    const exactFirst = await call(sim, "/projects/42/repository/branches?search=develop");
    assert.deepEqual(names(exactFirst.body), ["develop"]);
    const substring = await call(sim, "/projects/42/repository/branches?search=docs");
    assert.equal(substring.body.length, 4);
    const regex = await call(sim, "/projects/42/repository/branches?regex=%5Erelease%2F1%5C.");
    assert.deepEqual(names(regex.body), ["release/1.0", "release/1.1", "release/1.2"]);
    const badSort = await call(sim, "/projects/42/repository/branches?sort=bogus");
    assert.deepEqual([badSort.status, badSort.body], [400, { error: "sort does not have a valid value" }]);
  });

  it("creates branches from query, JSON and form params (201)", async () => {
    const q = await call(sim, "/projects/42/repository/branches?branch=feature%2Fq&ref=main", { method: "POST" });
    assert.equal(q.status, 201);
    assert.deepEqual(Object.keys(q.body), BRANCH_KEYS);
    assert.equal(q.body.name, "feature/q");
    assert.equal(q.body.merged, false);
    assert.equal(q.body.protected, false);
    const main = (await call(sim, "/projects/42/repository/branches/main")).body;
    assert.equal(q.body.commit.id, main.commit.id);
    const j = await call(sim, "/projects/42/repository/branches", { method: "POST", json: { branch: "from-json", ref: main.commit.id.slice(0, 10) } });
    assert.equal(j.status, 201);
    assert.equal(j.body.commit.id, main.commit.id);
    const f = await call(sim, "/projects/42/repository/branches", { method: "POST", form: "branch=from-form&ref=develop" });
    assert.equal(f.status, 201);
    assert.equal((await call(sim, "/projects/42/repository/branches")).headers.get("x-total"), "48");
  });

  it("answers create errors exactly as GitLab", async () => {
    const cases: Array<[string, number, unknown]> = [
      ["", 400, { error: "branch is missing, ref is missing" }],
      ["?branch=x", 400, { error: "ref is missing" }],
      ["?branch=&ref=main", 400, { error: "branch is empty" }],
      ["?branch=main&ref=develop", 400, { message: "Branch already exists" }],
      ["?branch=bad..name&ref=main", 400, { message: "Branch name is invalid" }],
      ["?branch=new&ref=no-such-ref", 400, { message: "Failed to create branch 'new': invalid reference name 'no-such-ref'" }],
    ];
    for (const [query, status, body] of cases) {
      const r = await call(sim, `/projects/42/repository/branches${query}`, { method: "POST" });
      assert.deepEqual([r.status, r.body], [status, body], query);
    }
    const badJson = await fetch(`${sim.url}/api/v4/projects/42/repository/branches`, {
      method: "POST",
      headers: { "private-token": "glpat-simulator-token", "content-type": "application/json" },
      body: "{not json",
    });
    assert.deepEqual([badJson.status, await badJson.json()], [400, { error: "message body does not match declared format" }]);
    const noProject = await call(sim, "/projects/999/repository/branches?branch=a&ref=main", { method: "POST" });
    assert.deepEqual([noProject.status, noProject.body], [404, { message: "404 Project Not Found" }]);
  });

  it("deletes branches (204), refuses the default branch, 404s missing ones", async () => {
    const del = await call(sim, "/projects/42/repository/branches/feature%2Flogin", { method: "DELETE" });
    assert.equal(del.status, 204);
    assert.equal(del.text, "");
    assert.deepEqual((await call(sim, "/projects/42/repository/branches/feature%2Flogin", { method: "DELETE" })).body, {
      message: "404 Branch Not Found",
    });
    const main = await call(sim, "/projects/42/repository/branches/main", { method: "DELETE" });
    assert.deepEqual([main.status, main.body], [400, { message: "The default branch of a project cannot be deleted." }]);
    assert.equal((await call(sim, "/projects/42/repository/branches/develop", { method: "DELETE" })).status, 204);
    const stale = await call(sim, "/projects/42/repository/branches/docs%2Freadme", {
      method: "DELETE",
      headers: { "if-unmodified-since": "Wed, 01 Jan 2020 00:00:00 GMT" },
    });
    assert.deepEqual([stale.status, stale.body], [412, { message: "412 Precondition Failed" }]);
  });

  it("deletes merged, unprotected, non-default branches (202)", async () => {
    sim.addProtectedBranch(42, { name: "hotfix/*" });
    const r = await call(sim, "/projects/42/repository/merged_branches", { method: "DELETE" });
    assert.deepEqual([r.status, r.body], [202, { message: "202 Accepted" }]);
    const left = names((await call(sim, "/projects/42/repository/branches?per_page=100")).body);
    assert.equal(left.length, 39);
    assert.ok(!left.includes("bugfix/issue-101") && !left.includes("docs/changelog"));
    assert.ok(left.includes("hotfix/typo"), "protected by the hotfix/* rule");
    assert.ok(left.includes("main") && left.includes("bugfix/issue-106"));
  });

  it("forbids writes to anonymous users of a public project", async () => {
    sim.addProject({ id: 77, path_with_namespace: "open/source", visibility: "public" });
    sim.addBranch(77, { name: "main" });
    assert.equal((await call(sim, "/projects/77/repository/branches", { token: null })).status, 200);
    const r = await call(sim, "/projects/77/repository/branches?branch=x&ref=main", { method: "POST", token: null });
    assert.deepEqual([r.status, r.body], [403, { message: "403 Forbidden" }]);
    const branch = (await call(sim, "/projects/77/repository/branches/main", { token: null })).body;
    assert.equal(branch.can_push, false);
  });
});

describe("projects API", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await startDemo()));
  after(() => sim.close());

  it("shows a project by id or URL-encoded path, 404 otherwise", async () => {
    const byId = await call(sim, "/projects/42");
    assert.equal(byId.status, 200);
    assert.deepEqual(
      [byId.body.id, byId.body.path_with_namespace, byId.body.default_branch, byId.body.web_url, byId.body.name_with_namespace],
      [42, "group/project", "main", "https://gitlab.example.com/group/project", "group / project"],
    );
    assert.equal((await call(sim, "/projects/group%2Fproject")).body.id, 42);
    const missing = await call(sim, "/projects/4242");
    assert.deepEqual([missing.status, missing.body], [404, { message: "404 Project Not Found" }]);
  });
});

describe("protected branches API", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await startDemo()));
  after(() => sim.close());

  it("lists, searches and shows rules with GitLab's fields", async () => {
    const list = await call(sim, "/projects/42/protected_branches");
    assert.deepEqual(names(list.body), ["main", "develop"]);
    assert.deepEqual(Object.keys(list.body[0]), RULE_KEYS);
    assert.deepEqual(list.body[0].merge_access_levels[0], {
      id: list.body[0].merge_access_levels[0].id,
      access_level: 30,
      access_level_description: "Developers + Maintainers",
      user_id: null,
      group_id: null,
    });
    assert.equal(list.headers.get("x-total"), "2");
    assert.deepEqual(names((await call(sim, "/projects/42/protected_branches?search=DEV")).body), ["develop"]);
    assert.equal((await call(sim, "/projects/42/protected_branches/main")).body.name, "main");
    const missing = await call(sim, "/projects/42/protected_branches/nope");
    assert.deepEqual([missing.status, missing.body], [404, { message: "404 Not found" }]);
  });

  it("protects a wildcard (201) that then protects matching branches", async () => {
    const r = await call(sim, "/projects/42/protected_branches?name=release%2F*&push_access_level=30&merge_access_level=40&allow_force_push=true", {
      method: "POST",
    });
    assert.equal(r.status, 201);
    assert.deepEqual(Object.keys(r.body), RULE_KEYS);
    assert.equal(r.body.name, "release/*");
    assert.equal(r.body.push_access_levels[0].access_level, 30);
    assert.equal(r.body.merge_access_levels[0].access_level, 40);
    assert.equal(r.body.unprotect_access_levels[0].access_level, 40);
    assert.equal(r.body.allow_force_push, true);
    const branch = (await call(sim, "/projects/42/repository/branches/release%2F1.0")).body;
    assert.deepEqual([branch.protected, branch.developers_can_push, branch.developers_can_merge], [true, true, false]);
    assert.equal((await call(sim, "/projects/42/protected_branches/release%2F*")).body.id, r.body.id);
  });

  it("answers 409, 400 and 422 like GitLab", async () => {
    const dup = await call(sim, "/projects/42/protected_branches?name=main", { method: "POST" });
    assert.deepEqual([dup.status, dup.body], [409, { message: "Protected branch 'main' already exists" }]);
    const missing = await call(sim, "/projects/42/protected_branches", { method: "POST" });
    assert.deepEqual([missing.status, missing.body], [400, { error: "name is missing" }]);
    const level = await call(sim, "/projects/42/protected_branches?name=x&push_access_level=99", { method: "POST" });
    assert.deepEqual([level.status, level.body], [400, { error: "push_access_level does not have a valid value" }]);
    const twice = await call(sim, "/projects/42/protected_branches", {
      method: "POST",
      json: { name: "twice", push_access_level: 30, allowed_to_push: [{ access_level: 30 }] },
    });
    assert.deepEqual([twice.status, twice.body], [422, { message: ["Push access levels access level has already been taken"] }]);
  });

  it("uses allowed_to_* instead of the default levels", async () => {
    const r = await call(sim, "/projects/42/protected_branches", {
      method: "POST",
      json: { name: "granular", allowed_to_push: [{ access_level: 30 }], allowed_to_merge: [{ access_level: 30 }, { access_level: 40 }] },
    });
    assert.equal(r.status, 201);
    assert.deepEqual(r.body.push_access_levels.map((l: { access_level: number }) => l.access_level), [30]);
    assert.deepEqual(r.body.merge_access_levels.map((l: { access_level: number }) => l.access_level), [30, 40]);
    assert.deepEqual(r.body.unprotect_access_levels.map((l: { access_level: number }) => l.access_level), [40]);
  });

  it("updates with PATCH and unprotects with DELETE (204)", async () => {
    const before = (await call(sim, "/projects/42/protected_branches/develop")).body;
    const patched = await call(sim, "/projects/42/protected_branches/develop", {
      method: "PATCH",
      json: { allow_force_push: true, code_owner_approval_required: true, allowed_to_merge: [{ id: before.merge_access_levels[0].id, _destroy: true }, { access_level: 40 }] },
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.allow_force_push, true);
    assert.equal(patched.body.code_owner_approval_required, true);
    assert.deepEqual(patched.body.merge_access_levels.map((l: { access_level: number }) => l.access_level), [40]);
    assert.equal((await call(sim, "/projects/42/protected_branches/nope", { method: "PATCH", json: { allow_force_push: true } })).status, 404);
    const del = await call(sim, "/projects/42/protected_branches/develop", { method: "DELETE" });
    assert.equal(del.status, 204);
    assert.equal((await call(sim, "/projects/42/repository/branches/develop")).body.protected, false);
    const again = await call(sim, "/projects/42/protected_branches/develop", { method: "DELETE" });
    assert.deepEqual([again.status, again.body], [404, { message: "404 Not found" }]);
    sim.addProtectedBranch(42, { name: "develop" });
    assert.throws(() => sim.addProtectedBranch(42, { name: "develop" }), /already exists/);
  });
});
