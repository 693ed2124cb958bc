// Pagination, authentication, fault injection, the request log and path
// encoding of the GitLab simulator.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { DEMO_EXTRA_BRANCHES } from "./demoData.js";
import { GitLabSimulator } from "./simulator.js";
import { call, graphql, links, names, startDemo } from "./testSupport.js";

const ALL_45 = ["main", "develop", "feature/login", ...DEMO_EXTRA_BRANCHES].sort();
const PAGE_1 = [
  ...Array.from({ length: 10 }, (_, i) => `bugfix/issue-${101 + i}`),
  ...Array.from({ length: 8 }, (_, i) => `chore/deps-0${i + 1}`),
  "develop",
  "docs/api-guide",
];

describe("offset pagination of the 45-branch demo project", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await startDemo()));
  after(() => sim.close());

  it("page 1: default per_page 20, totals, next and last links", async () => {
    const r = await call(sim, "/projects/42/repository/branches");
    assert.equal(r.status, 200);
    assert.deepEqual(names(r.body), PAGE_1);
    assert.equal(r.headers.get("x-page"), "1");
    assert.equal(r.headers.get("x-per-page"), "20");
    assert.equal(r.headers.get("x-next-page"), "2");
    assert.equal(r.headers.get("x-prev-page"), "");
    assert.equal(r.headers.get("x-total"), "45");
    assert.equal(r.headers.get("x-total-pages"), "3");
    const l = links(r.headers.get("link"));
    const base = `${sim.url}/api/v4/projects/42/repository/branches`;
    assert.deepEqual(l, {
      next: `${base}?id=42&page=2&per_page=20`,
      first: `${base}?id=42&page=1&per_page=20`,
      last: `${base}?id=42&page=3&per_page=20`,
    });
    assert.match(r.headers.get("link") ?? "", /rel="next", <[^>]+>; rel="first", <[^>]+>; rel="last"$/);
  });

  it("page 2 has prev and next; the last page has no next", async () => {
    const p2 = await call(sim, "/projects/42/repository/branches?page=2");
    assert.deepEqual(names(p2.body), ALL_45.slice(20, 40));
    assert.equal(p2.headers.get("x-prev-page"), "1");
    assert.equal(p2.headers.get("x-next-page"), "3");
    assert.deepEqual(Object.keys(links(p2.headers.get("link"))), ["prev", "next", "first", "last"]);
    const p3 = await call(sim, "/projects/42/repository/branches?page=3");
    assert.deepEqual(names(p3.body), ALL_45.slice(40));
    assert.equal(p3.headers.get("x-next-page"), "");
    assert.equal(p3.headers.get("x-prev-page"), "2");
    assert.deepEqual(Object.keys(links(p3.headers.get("link"))), ["prev", "first", "last"]);
  });

  it("caps per_page at 100 and reflects the cap in headers and links", async () => {
    const r = await call(sim, "/projects/42/repository/branches?per_page=500");
    assert.equal(r.body.length, 45);
    assert.equal(r.headers.get("x-per-page"), "100");
    assert.equal(r.headers.get("x-total-pages"), "1");
    assert.equal(r.headers.get("x-next-page"), "");
    assert.match(links(r.headers.get("link")).last, /page=1&per_page=100$/);
  });

  it("keeps every request param in links, sorted and CGI-escaped, with the path as sent", async () => {
    const r = await call(sim, "/projects/group%2Fproject/repository/branches?search=feature%2F&per_page=2&sort=name_asc");
    assert.deepEqual(names(r.body), ["feature/dark-mode", "feature/export-csv"]);
    assert.equal(r.headers.get("x-total"), "7");
    assert.equal(
      links(r.headers.get("link")).next,
      `${sim.url}/api/v4/projects/group%2Fproject/repository/branches?id=group%2Fproject&page=2&per_page=2&search=feature%2F&sort=name_asc`,
    );
  });

  it("answers an empty page beyond the end without prev/next", async () => {
    const r = await call(sim, "/projects/42/repository/branches?page=9");
    assert.deepEqual(r.body, []);
    assert.equal(r.headers.get("x-next-page"), "");
    assert.equal(r.headers.get("x-prev-page"), "");
    assert.equal(r.headers.get("x-total"), "45");
  });

  it("rejects non-integer pagination params like Grape", async () => {
    const r = await call(sim, "/projects/42/repository/branches?page=abc&per_page=x");
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { error: "page is invalid, per_page is invalid" });
  });
});

describe("totals above the count limit", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await GitLabSimulator.start({ totalsLimit: 5 })));
  after(() => sim.close());

  it("drops x-total, x-total-pages and rel=last for database lists above the limit", async () => {
    sim.addProject({ id: 7, path_with_namespace: "big/repo" });
    for (let i = 0; i < 7; i += 1) sim.addProtectedBranch(7, { name: `rule-${i}` });
    const r = await call(sim, "/projects/7/protected_branches?per_page=3");
    assert.equal(r.status, 200);
    assert.equal(r.body.length, 3);
    assert.equal(r.headers.get("x-total"), null);
    assert.equal(r.headers.get("x-total-pages"), null);
    assert.equal(r.headers.get("x-next-page"), "2");
    assert.deepEqual(Object.keys(links(r.headers.get("link"))), ["next", "first"]);
    const last = await call(sim, "/projects/7/protected_branches?per_page=3&page=3");
    assert.equal(last.body.length, 1);
    assert.equal(last.headers.get("x-next-page"), "");
    assert.equal(last.headers.get("x-prev-page"), "2");
  });

  it("keeps the totals at or below the limit", async () => {
    sim.addProject({ id: 8, path_with_namespace: "small/repo" });
    for (let i = 0; i < 5; i += 1) sim.addProtectedBranch(8, { name: `rule-${i}` });
    const r = await call(sim, "/projects/8/protected_branches?per_page=2");
    assert.equal(r.headers.get("x-total"), "5");
    assert.equal(r.headers.get("x-total-pages"), "3");
  });

  it("keeps the totals on the branch list, which GitLab paginates as an array", async () => {
    sim.addProject({ id: 9, path_with_namespace: "arr/repo" });
    sim.addBranches(9, ["a", "b", "c", "d", "e", "f", "g"]);
    const r = await call(sim, "/projects/9/repository/branches?per_page=3");
    assert.equal(r.headers.get("x-total"), "7");
    assert.equal(r.headers.get("x-total-pages"), "3");
  });
});

describe("10,001 rows with GitLab's default limit", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await GitLabSimulator.start()));
  after(() => sim.close());

  it("counts 10,001 branches but not 10,001 protected branches", async () => {
    sim.addProject({ id: 5, path_with_namespace: "huge/repo" });
    const many = Array.from({ length: 10_001 }, (_, i) => `b-${String(i).padStart(5, "0")}`);
    sim.addBranches(5, many);
    for (const name of many) sim.addProtectedBranch(5, { name });
    const branches = await call(sim, "/projects/5/repository/branches?per_page=100&page=101");
    assert.deepEqual(names(branches.body), ["b-10000"]);
    assert.equal(branches.headers.get("x-total"), "10001");
    assert.equal(branches.headers.get("x-total-pages"), "101");
    const rules = await call(sim, "/projects/5/protected_branches?per_page=100");
    assert.equal(rules.body.length, 100);
    assert.equal(rules.headers.get("x-total"), null);
    assert.equal(rules.headers.get("x-total-pages"), null);
    assert.equal(links(rules.headers.get("link")).last, undefined);
  });
});

describe("keyset pagination of branches (branch_list_keyset_pagination)", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await startDemo({ featureFlags: { branch_list_keyset_pagination: true } })));
  after(() => sim.close());

  it("follows rel=next page_token links through all 45 branches", async () => {
    let url: string | undefined = `${sim.url}/api/v4/projects/42/repository/branches?pagination=keyset&per_page=20`;
    const seen: string[] = [];
    const tokens: Array<string | null> = [];
    while (url) {
      const r = await call(sim, url.slice(sim.url.length));
      assert.equal(r.status, 200);
      assert.equal(r.headers.get("x-total"), null);
      assert.equal(r.headers.get("x-next-page"), null);
      seen.push(...names(r.body));
      url = links(r.headers.get("link")).next;
      tokens.push(url ? new URL(url).searchParams.get("page_token") : null);
    }
    assert.deepEqual(seen, ALL_45);
    assert.deepEqual(tokens, ["docs/api-guide", "release/1.0", null]);
  });

  it("builds the next link from every param plus page_token", async () => {
    const r = await call(sim, "/projects/42/repository/branches?pagination=keyset&per_page=2");
    assert.equal(
      links(r.headers.get("link")).next,
      `${sim.url}/api/v4/projects/42/repository/branches?id=42&page=1&page_token=bugfix%2Fissue-102&pagination=keyset&per_page=2`,
    );
  });

  it("serves page 1 from Gitaly with the repository's branch count", async () => {
    const r = await call(sim, "/projects/42/repository/branches?per_page=20");
    assert.equal(r.headers.get("x-total"), "45");
    assert.equal(r.headers.get("x-total-pages"), "3");
    assert.equal(r.headers.get("x-next-page"), "2");
  });

  it("ignores pagination=keyset while the flag is off (the self-managed default)", async () => {
    sim.setFeatureFlag("branch_list_keyset_pagination", false);
    try {
      const r = await call(sim, "/projects/42/repository/branches?pagination=keyset&per_page=20&page_token=develop");
      assert.deepEqual(names(r.body), PAGE_1);
      assert.equal(r.headers.get("x-total"), "45");
      assert.match(links(r.headers.get("link")).next, /page=2/);
    } finally {
      sim.setFeatureFlag("branch_list_keyset_pagination", true);
    }
  });
});

describe("authentication", () => {
  let sim: GitLabSimulator;
  before(
    async () =>
      (sim = await startDemo({
        tokens: {
          "glpat-simulator-token": { scopes: ["api"], name: "sim" },
          "glpat-read": { scopes: ["read_api"] },
          "glpat-user": { scopes: ["read_user"] },
          "glpat-revoked": { scopes: ["api"], revoked: true },
          "glpat-expired": { scopes: ["api"], expiresAt: "2020-01-01" },
        },
      })),
  );
  after(() => sim.close());

  it("accepts PRIVATE-TOKEN and Authorization: Bearer", async () => {
    assert.equal((await call(sim, "/projects/42/repository/branches/main")).status, 200);
    assert.equal((await call(sim, "/projects/42/repository/branches/main", { token: null, bearer: "glpat-simulator-token" })).status, 200);
  });

  it("answers 401 for an unknown token and for /user without a token", async () => {
    for (const r of [await call(sim, "/user", { token: "glpat-nope" }), await call(sim, "/user", { token: null })]) {
      assert.equal(r.status, 401);
      assert.deepEqual(r.body, { message: "401 Unauthorized" });
      assert.equal(r.headers.get("content-type"), "application/json");
    }
  });

  it("hides private projects from anonymous requests (404, as GitLab)", async () => {
    const r = await call(sim, "/projects/42/repository/branches", { token: null });
    assert.equal(r.status, 404);
    assert.deepEqual(r.body, { message: "404 Project Not Found" });
  });

  it("shows a private project that names its members to those members only; others get GitLab's 404 in REST and null in GraphQL", async () => {
    const members = await GitLabSimulator.start({ tokens: { "glpat-alice": { scopes: ["api"], userId: 2 }, "glpat-bob": { scopes: ["api"], userId: 3 } } });
    try {
      members.addProject({ id: 7, path_with_namespace: "alice/secret", members: [2] });
      members.addBranch(7, { name: "alice-only" });
      members.addProject({ id: 8, path_with_namespace: "team/open", visibility: "internal", members: [2] });
      const own = await call(members, "/projects/7/repository/branches", { token: "glpat-alice" });
      assert.equal(own.status, 200);
      assert.deepEqual(names(own.body), ["alice-only"]);
      for (const path of ["/projects/7/repository/branches", "/projects/alice%2Fsecret", "/projects/7/repository/branches/alice-only"]) {
        const hidden = await call(members, path, { token: "glpat-bob" });
        assert.equal(hidden.status, 404, path);
        assert.deepEqual(hidden.body, { message: "404 Project Not Found" }, path);
      }
      assert.equal((await call(members, "/projects/8", { token: "glpat-bob" })).status, 200, "an internal project is visible to every signed-in user");
      const query = "query($p: ID!) { project(fullPath: $p) { id } }";
      assert.deepEqual((await graphql(members, query, { p: "alice/secret" }, "glpat-bob")).body, { data: { project: null } });
      assert.deepEqual((await graphql(members, query, { p: "alice/secret" }, "glpat-alice")).body, { data: { project: { id: "gid://gitlab/Project/7" } } });
    } finally {
      await members.close();
    }
  });

  it("answers revoked and expired tokens with the OAuth invalid_token error", async () => {
    const revoked = await call(sim, "/user", { token: "glpat-revoked" });
    assert.equal(revoked.status, 401);
    assert.deepEqual(revoked.body, { error: "invalid_token", error_description: "Token was revoked. You have to re-authorize from the user." });
    assert.match(revoked.headers.get("www-authenticate") ?? "", /^Bearer realm=.*error="invalid_token"/);
    const expired = await call(sim, "/projects/42/repository/branches", { token: "glpat-expired" });
    assert.equal(expired.status, 401);
    assert.equal(expired.body.error_description, "Token is expired. You can either do re-authorization or token refresh.");
  });

  it("answers 403 insufficient_scope: read_api on writes, read_user on project reads", async () => {
    const expected = {
      error: "insufficient_scope",
      error_description: "The request requires higher privileges than provided by the access token.",
      scope: "api read_api",
    };
    assert.equal((await call(sim, "/projects/42/repository/branches", { token: "glpat-read" })).status, 200);
    const write = await call(sim, "/projects/42/repository/branches?branch=x&ref=main", { method: "POST", token: "glpat-read" });
    assert.equal(write.status, 403);
    assert.deepEqual(write.body, expected);
    const read = await call(sim, "/projects/42/repository/branches", { token: "glpat-user" });
    assert.equal(read.status, 403);
    assert.deepEqual(read.body, expected);
    assert.equal((await call(sim, "/user", { token: "glpat-user" })).status, 200);
  });

  it("serves /version, /user and /personal_access_tokens/self", async () => {
    const version = await call(sim, "/version");
    assert.deepEqual(Object.keys(version.body), ["version", "revision", "kas", "enterprise"]);
    assert.equal(version.body.version, "18.6.0-ee");
    assert.equal(version.body.enterprise, true);
    const user = await call(sim, "/user");
    assert.equal(user.body.id, 1);
    assert.equal(user.body.username, "sim-user");
    assert.equal(user.body.web_url, "https://gitlab.example.com/sim-user");
    const self = await call(sim, "/personal_access_tokens/self", { token: "glpat-user" });
    assert.deepEqual(Object.keys(self.body), [
      "id", "name", "revoked", "created_at", "description", "scopes", "user_id", "last_used_at", "active", "granular", "expires_at",
    ]);
    assert.deepEqual(self.body.scopes, ["read_user"]);
    assert.equal(self.body.active, true);
    assert.equal(self.body.expires_at, null);
    assert.notEqual(self.body.last_used_at, null);
  });
});

describe("paths, faults and the request log", () => {
  let sim: GitLabSimulator;
  before(async () => (sim = await startDemo()));
  after(() => sim.close());

  it("decodes URL-encoded project paths and branch names; raw slashes do not route", async () => {
    const r = await call(sim, "/projects/group%2Fproject/repository/branches/feature%2Flogin");
    assert.equal(r.status, 200);
    assert.equal(r.body.name, "feature/login");
    assert.equal(r.body.web_url, "https://gitlab.example.com/group/project/-/tree/feature/login");
    const raw = await call(sim, "/projects/42/repository/branches/feature/login");
    assert.equal(raw.status, 404);
    assert.deepEqual(raw.body, { error: "404 Not Found" });
    assert.deepEqual((await call(sim, "/nope")).body, { error: "404 Not Found" });
    const notProject = await call(sim, "/projects/group%2Fmissing/repository/branches");
    assert.deepEqual(notProject.body, { message: "404 Project Not Found" });
    const wrongMethod = await call(sim, "/projects/42/repository/branches", { method: "PUT" });
    assert.equal(wrongMethod.status, 405);
    assert.deepEqual(wrongMethod.body, { error: "405 Not Allowed" });
  });

  it("injects a status, body and headers, then answers normally again", async () => {
    sim.inject({ path: "/projects/42/repository/branches", status: 503, body: { message: "maintenance" }, headers: { "retry-after": "1" } });
    const faulted = await call(sim, "/projects/42/repository/branches?page=2");
    assert.equal(faulted.status, 503);
    assert.deepEqual(faulted.body, { message: "maintenance" });
    assert.equal(faulted.headers.get("retry-after"), "1");
    assert.equal((await call(sim, "/projects/42/repository/branches")).status, 200);
  });

  it("honours times, method and RegExp paths, in injection order", async () => {
    sim.inject({ method: "POST", path: /branches/, status: 500 });
    sim.inject({ path: /\/branches\//, status: 429, times: 2 });
    sim.inject({ path: /\/branches\//, status: 418 });
    assert.equal((await call(sim, "/projects/42/repository/branches/main")).status, 429);
    assert.equal((await call(sim, "/projects/42/repository/branches/main")).status, 429);
    assert.equal((await call(sim, "/projects/42/repository/branches/main")).status, 418);
    assert.equal((await call(sim, "/projects/42/repository/branches/main")).status, 200);
    const post = await call(sim, "/projects/42/repository/branches", { method: "POST" });
    assert.equal(post.status, 500);
    assert.deepEqual(post.body, { message: "500 Internal Server Error" });
    sim.inject({ path: "/projects/42", status: 500, times: Infinity });
    sim.clearFaults();
    assert.equal((await call(sim, "/projects/42/repository/branches/main")).status, 200);
  });

  it("delays an answer and resets a connection", async () => {
    sim.inject({ path: "/projects/42/repository/branches/main", delayMs: 150 });
    const started = Date.now();
    const slow = await call(sim, "/projects/42/repository/branches/main");
    assert.equal(slow.status, 200);
    assert.ok(Date.now() - started >= 140, "answered after the delay");
    sim.inject({ path: "/projects/42/repository/branches/main", reset: true });
    await assert.rejects(call(sim, "/projects/42/repository/branches/main"));
    assert.equal((await call(sim, "/projects/42/repository/branches/main")).status, 200);
  });

  it("logs every request with raw and decoded paths, query, headers, body and status", async () => {
    sim.clearLog();
    await call(sim, "/projects/group%2Fproject/repository/branches?search=feat&per_page=5");
    await call(sim, "/projects/42/repository/branches", { method: "POST", json: { branch: "log-me", ref: "main" } });
    await call(sim, "/projects/42/protected_branches", { method: "POST", form: "name=rel%2A&allowed_to_push%5B%5D%5Baccess_level%5D=30" });
    await call(sim, "/user", { token: "wrong" });
    sim.inject({ path: "/version", status: 502 });
    await call(sim, "/version");
    assert.equal(sim.log.length, 5);
    const [list, create, form, denied, faulted] = sim.log;
    assert.equal(list.method, "GET");
    assert.equal(list.rawPath, "/api/v4/projects/group%2Fproject/repository/branches");
    assert.equal(list.path, "/api/v4/projects/group/project/repository/branches");
    assert.deepEqual(list.query, { search: "feat", per_page: "5" });
    assert.equal(list.headers["private-token"], "glpat-simulator-token");
    assert.equal(list.status, 200);
    assert.deepEqual(create.body, { branch: "log-me", ref: "main" });
    assert.equal(create.status, 201);
    assert.deepEqual(form.body, { name: "rel*", allowed_to_push: [{ access_level: "30" }] });
    assert.equal(form.status, 201);
    assert.equal(denied.status, 401);
    assert.equal(faulted.status, 502);
    sim.clearLog();
    assert.equal(sim.log.length, 0);
  });
});
