// Fine-grained personal access tokens, licenses and namespace plans (fineGrained.ts, restTiers.ts).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { buildSchema, execute, parse } from "graphql";
import { GitLabSimulator } from "./simulator.js";
import { seedDemo } from "./demoData.js";
import { parseTables } from "./fineGrained.js";
import { granularFieldResolver, GranularGraphql } from "./graphqlFineGrained.js";
import { SimState } from "./state.js";
import { call, graphql } from "./testSupport.js";

// A small table in GitLab's published shape (rows as in doc/auth/tokens/fine_grained_access_tokens_rest.md).
const REST = [
  "# test fixture",
  "category\tresource\taction\tboundary\tmethod\tpath\talso",
  "Source Code\tRepository\tRead\tProject\tGET\t/projects/:id/repository/tree\t",
  "Source Code\tBranch\tRead\tProject\tGET\t/projects/:id/repository/branches\t",
  "Source Code\tBranch\tRead\tProject\tGET\t/projects/:id/repository/branches/:branch\t",
  "Source Code\tBranch\tCreate\tProject\tPOST\t/projects/:id/repository/branches\t",
  "Source Code\tBranch\tDelete\tProject\tDELETE\t/projects/:id/repository/branches/:branch\t",
  "Code Review\tMerge Request\tRead\tProject\tGET\t/projects/:id/merge_requests\t",
  "CI/CD\tPipeline\tRead\tProject\tGET\t/projects/:id/merge_requests/:merge_request_iid/pipelines\tRead Merge Request",
  "System Access\tMetadata\tRead\tInstance\tGET\t/metadata\t",
  "System Access\tMetadata\tRead\tInstance\tGET\t/version\t",
  "System Access\tPersonal Access Token\tRead\tUser\tGET\t/personal_access_tokens/:id\t",
  "System Access\tPersonal Access Token\tRead\tUser\tGET\t/personal_access_tokens/self\t",
  "System Access\tUser\tRead\tUser\tGET\t/user\t",
  "Subscription and Licensing\tLicense\tRead\tInstance\tGET\t/license\t",
  "Groups\tNamespace\tRead\tUser\tGET\t/namespaces\t",
  "section\tmethod\tpath\tpermissions\treason",
  "always\tGET\t/projects/:id/repository/tags/:tag_name\t\t",
  "public\tGET\t/projects/:id/repository/branches\tBranch: Read\t",
  "unavailable\t*\t/*path\t\tCatch-all fallback",
].join("\n");
const GRAPHQL = [
  "category\tresource\taction\tboundary\tkind\tname\talso",
  "Projects\tProject\tRead\tProject\tType\tProject\t",
  "Source Code\tBranch Rule\tRead\tProject\tType\tBranchRule\t",
].join("\n");

const BASICS = ["read_metadata", "read_user", "read_personal_access_token"];

describe("fine-grained personal access tokens (REST)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({
      version: "19.4.1-ee",
      fineGrainedTables: { rest: REST, graphql: GRAPHQL },
      tokens: {
        "glpat-classic": { scopes: ["api"] },
        "glpat-fg": {
          scopes: ["granular"],
          granular: [
            { access: "selected_memberships", project_id: 42, permissions: ["read_repository", "read_branch"] },
            { access: "user", permissions: ["read_user", "read_personal_access_token"] },
            { access: "instance", permissions: ["read_metadata"] },
          ],
        },
        "glpat-bare": { scopes: ["granular"], granular: [] },
      },
    });
    seedDemo(sim);
  });
  after(() => sim.close());

  it("serves what the grant holds", async () => {
    const r = await call(sim, "/projects/42/repository/branches", { token: "glpat-fg" });
    assert.equal(r.status, 200);
    const v = await call(sim, "/version", { token: "glpat-fg" });
    assert.equal(v.status, 200);
    assert.equal(v.body.version, "19.4.1-ee");
  });

  it("refuses a permission the grant lacks with GitLab's body, byte for byte", async () => {
    const r = await call(sim, "/projects/42/repository/branches", {
      method: "POST",
      token: "glpat-fg",
      json: { branch: "x", ref: "main" },
    });
    assert.equal(r.status, 403);
    assert.equal(
      r.text,
      '{"error":"insufficient_granular_scope","error_description":"Access denied: This operation requires a fine-grained personal access token with the following project permissions: [Branch: Create]."}',
    );
    assert.equal(r.headers.get("www-authenticate"), null);
  });

  it("names every missing permission, also-permissions included, sorted", async () => {
    const r = await call(sim, "/projects/42/merge_requests/1/pipelines", { token: "glpat-fg" });
    assert.equal(r.status, 403);
    assert.equal(
      r.body.error_description,
      "Access denied: This operation requires a fine-grained personal access token with the following project permissions: [Merge Request: Read, Pipeline: Read].",
    );
  });

  it("answers a route with no row with the not-supported sentence", async () => {
    const r = await call(sim, "/projects/42/repository/commits", { token: "glpat-fg" });
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, {
      error: "insufficient_granular_scope",
      error_description: "Access denied: This operation doesn't support fine-grained personal access tokens.",
    });
  });

  it("refuses /user, /version and /personal_access_tokens/self to a token without them", async () => {
    for (const [path, want] of [
      ["/user", "user permissions: [User: Read]"],
      ["/version", "instance permissions: [Metadata: Read]"],
      ["/personal_access_tokens/self", "user permissions: [Personal Access Token: Read]"],
    ]) {
      const r = await call(sim, path, { token: "glpat-bare" });
      assert.equal(r.status, 403, path);
      assert.equal(
        r.body.error_description,
        `Access denied: This operation requires a fine-grained personal access token with the following ${want}.`,
      );
    }
  });

  it("/self hides the grant, /:id shows it", async () => {
    const self = await call(sim, "/personal_access_tokens/self", { token: "glpat-fg" });
    assert.equal(self.status, 200);
    assert.deepEqual(self.body.scopes, ["granular"]);
    assert.equal(self.body.granular, true);
    assert.equal("granular_scopes" in self.body, false);
    const byId = await call(sim, `/personal_access_tokens/${self.body.id}`, { token: "glpat-fg" });
    assert.equal(byId.status, 200);
    assert.deepEqual(byId.body.granular_scopes, [
      {
        access: "selected_memberships",
        permissions: ["read_repository", "read_branch"],
        project_id: 42,
        group_id: null,
      },
      { access: "user", permissions: ["read_user", "read_personal_access_token"], project_id: null, group_id: null },
      { access: "instance", permissions: ["read_metadata"], project_id: null, group_id: null },
    ]);
    const classic = await call(sim, "/personal_access_tokens/self", { token: "glpat-classic" });
    assert.equal(classic.body.granular, false);
    const other = await call(sim, `/personal_access_tokens/${self.body.id}`, { token: "glpat-classic" });
    assert.equal(other.status, 200, "same user (1) owns both tokens");
  });

  it("setGrant changes the grant from the next request on", async () => {
    sim.setGrant("glpat-bare", [{ access: "user", permissions: ["read_user"] }]);
    assert.equal((await call(sim, "/user", { token: "glpat-bare" })).status, 200);
    sim.setGrant("glpat-bare", []);
    assert.equal((await call(sim, "/user", { token: "glpat-bare" })).status, 403);
  });

  it("classic tokens are unaffected", async () => {
    assert.equal((await call(sim, "/projects/42/repository/commits", { token: "glpat-classic" })).status, 200);
  });

  it("setVersion changes /version", async () => {
    sim.setVersion("19.5.0-ee");
    assert.equal((await call(sim, "/version", { token: "glpat-classic" })).body.version, "19.5.0-ee");
    sim.setVersion("19.4.1-ee");
  });
});

describe("fine-grained grants by group, membership and personal project", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({
      fineGrainedTables: { rest: REST, graphql: GRAPHQL },
      tokens: {
        "glpat-group": {
          scopes: ["granular"],
          granular: [{ access: "selected_memberships", group_id: 500, permissions: ["read_branch"] }],
        },
        "glpat-all": {
          scopes: ["granular"],
          userId: 7,
          granular: [{ access: "all_memberships", permissions: ["read_branch"] }],
        },
        "glpat-personal": {
          scopes: ["granular"],
          userId: 7,
          granular: [{ access: "personal_projects", permissions: ["read_branch"] }],
        },
        "glpat-classic": { scopes: ["api"] },
      },
    });
    sim.addGroup({ full_path: "acme", id: 500 });
    sim.addProject({ id: 1, path_with_namespace: "acme/sub/app" });
    sim.addProject({ id: 2, path_with_namespace: "other/app", visibility: "public", members: [1] });
    sim.addProject({ id: 3, path_with_namespace: "user7/mine", members: [7] });
  });
  after(() => sim.close());

  it("a group grant reaches projects below it, and no other", async () => {
    assert.equal((await call(sim, "/projects/1/repository/branches", { token: "glpat-group" })).status, 200);
    const r = await call(sim, "/projects/2/repository/branches/main", { token: "glpat-group" });
    assert.equal(r.status, 403);
    assert.match(r.body.error_description, /project permissions: \[Branch: Read\]/);
  });

  it("all_memberships reaches member projects; a public non-member project is refused", async () => {
    assert.equal((await call(sim, "/projects/1/repository/branches/main", { token: "glpat-all" })).status, 404);
    const r = await call(sim, "/projects/2/repository/branches/main", { token: "glpat-all" });
    assert.equal(r.status, 403);
    assert.equal(r.body.error, "insufficient_granular_scope");
  });

  it("routes of the doc's public list pass without a grant on a public project only", async () => {
    assert.equal((await call(sim, "/projects/2/repository/branches", { token: "glpat-personal" })).status, 200);
    assert.equal((await call(sim, "/projects/1/repository/branches", { token: "glpat-personal" })).status, 403);
  });

  it("routes of the doc's always list are not checked", async () => {
    assert.equal((await call(sim, "/projects/1/repository/tags/v1", { token: "glpat-personal" })).status, 404);
  });

  it("personal_projects reaches the user's own namespace only", async () => {
    assert.equal((await call(sim, "/projects/3/repository/branches", { token: "glpat-personal" })).status, 200);
    assert.equal((await call(sim, "/projects/1/repository/branches", { token: "glpat-personal" })).status, 403);
  });

  it("a classic token under a root group that enforces fine-grained tokens gets the same refusal", async () => {
    sim.enforceFineGrainedTokens("acme");
    const r = await call(sim, "/projects/1/repository/branches", { token: "glpat-classic" });
    assert.equal(r.status, 403);
    assert.equal(r.body.error, "insufficient_granular_scope");
    assert.equal(
      r.body.error_description,
      "Access denied: This operation requires a fine-grained personal access token with the following project permissions: [Branch: Read].",
    );
    assert.equal((await call(sim, "/projects/2/repository/branches", { token: "glpat-classic" })).status, 200);
    sim.enforceFineGrainedTokens("acme", false);
  });

  it("the feature flag off answers 'not yet supported'", async () => {
    sim.setFeatureFlag("granular_personal_access_tokens", false);
    const r = await call(sim, "/projects/1/repository/branches", { token: "glpat-group" });
    assert.equal(r.status, 403);
    assert.equal(r.body.error_description, "Access denied: Fine-grained personal access tokens are not yet supported.");
    sim.setFeatureFlag("granular_personal_access_tokens", true);
  });
});

describe("licenses and namespace plans", () => {
  it("EE: admin reads the license, others 403, none installed = null", async () => {
    const sim = await GitLabSimulator.start({
      license: { plan: "premium" },
      tokens: { "glpat-admin": { scopes: ["api"], admin: true }, "glpat-user": { scopes: ["api"], userId: 2 } },
    });
    try {
      const r = await call(sim, "/license", { token: "glpat-admin" });
      assert.equal(r.status, 200);
      assert.equal(r.body.plan, "premium");
      const u = await call(sim, "/license", { token: "glpat-user" });
      assert.equal(u.status, 403);
      assert.equal(u.text, '{"message":"403 Forbidden"}');
      assert.equal((await call(sim, "/license", { token: null })).status, 401);
      sim.setLicense(null);
      const none = await call(sim, "/license", { token: "glpat-admin" });
      assert.equal(none.status, 200);
      assert.equal(none.text, "null");
    } finally {
      await sim.close();
    }
  });

  it("CE: /license is not a route; namespaces carry no plan", async () => {
    const sim = await GitLabSimulator.start({
      version: "18.6.0",
      tokens: { "glpat-admin": { scopes: ["api"], admin: true } },
    });
    try {
      const r = await call(sim, "/license", { token: "glpat-admin" });
      assert.equal(r.status, 404);
      assert.equal(r.text, '{"error":"404 Not Found"}');
      sim.addProject({ path_with_namespace: "acme/app" });
      const ns = await call(sim, "/namespaces", { token: "glpat-admin" });
      assert.equal(ns.status, 200);
      assert.equal("plan" in ns.body[0], false);
    } finally {
      await sim.close();
    }
  });

  it("EE: /namespaces lists the user's namespaces with plans, paginated", async () => {
    const sim = await GitLabSimulator.start();
    try {
      sim.addProject({ path_with_namespace: "acme/app" });
      sim.addProject({ path_with_namespace: "acme/tools/cli" });
      sim.addProject({ path_with_namespace: "secret/app", members: [9] });
      sim.setNamespacePlan("acme", "ultimate");
      const r = await call(sim, "/namespaces?per_page=2");
      assert.equal(r.status, 200);
      assert.deepEqual(
        r.body.map((n: { full_path: string; kind: string; plan: string }) => [n.full_path, n.kind, n.plan]),
        [
          ["sim-user", "user", "default"],
          ["acme", "group", "ultimate"],
        ],
      );
      assert.equal(r.headers.get("x-total"), "3");
      assert.equal(r.headers.get("x-next-page"), "2");
      const p2 = await call(sim, "/namespaces?per_page=2&page=2");
      assert.deepEqual(
        p2.body.map((n: { full_path: string }) => n.full_path),
        ["acme/tools"],
      );
      assert.equal(p2.body[0].parent_id, r.body[1].id);
      sim.setNamespacePlan("sim-user", "free");
      assert.equal((await call(sim, "/namespaces")).body[0].plan, "free");
    } finally {
      await sim.close();
    }
  });
});

describe("fine-grained personal access tokens (GraphQL)", () => {
  let sim: GitLabSimulator;
  const QUERY = `{
    project(fullPath: "group/project") {
      fullPath
      branchRules(first: 3) { nodes { name } edges { node { name } } }
    }
    ciCatalogResources(first: 5) { count nodes { fullPath } }
  }`;
  before(async () => {
    sim = await GitLabSimulator.start({
      fineGrainedTables: { rest: REST, graphql: GRAPHQL },
      tokens: {
        "glpat-simulator-token": { scopes: ["api"] },
        "glpat-fg": {
          scopes: ["granular"],
          granular: [
            { access: "selected_memberships", project_id: 42, permissions: ["read_project", "read_branch_rule"] },
          ],
        },
        "glpat-project-only": {
          scopes: ["granular"],
          granular: [{ access: "selected_memberships", project_id: 42, permissions: ["read_project"] }],
        },
        "glpat-none": { scopes: ["granular"], granular: [] },
      },
    });
    seedDemo(sim);
    sim.addProtectedBranch(42, { name: "release/*" });
  });
  after(() => sim.close());

  it("serves what the grant holds; undeclared types (the catalog) are left out with no error", async () => {
    const r = await graphql(sim, QUERY, {}, "glpat-fg");
    assert.equal(r.status, 200);
    assert.equal(r.body.errors, undefined);
    assert.equal(r.body.data.project.fullPath, "group/project");
    assert.ok(r.body.data.project.branchRules.nodes.length > 0);
    assert.equal(r.body.data.project.branchRules.edges.length, r.body.data.project.branchRules.nodes.length);
    assert.deepEqual(r.body.data.ciCatalogResources.nodes, []);
  });

  it("leaves refused items out of lists with no error", async () => {
    const r = await graphql(sim, QUERY, {}, "glpat-project-only");
    assert.equal(r.body.errors, undefined);
    assert.deepEqual(r.body.data.project.branchRules.nodes, []);
    assert.deepEqual(r.body.data.project.branchRules.edges, []);
  });

  it("resolves a refused object to null with no error", async () => {
    const r = await graphql(sim, QUERY, {}, "glpat-none");
    assert.equal(r.status, 200);
    assert.equal(r.body.errors, undefined);
    assert.equal(r.body.data.project, null);
  });

  it("classic tokens see everything", async () => {
    const r = await graphql(sim, QUERY);
    assert.equal(r.body.data.ciCatalogResources.nodes.length, 3);
  });

  it("a classic token under an enforcing root group gets null for the declared types there", async () => {
    sim.enforceFineGrainedTokens("group");
    try {
      const r = await graphql(sim, QUERY);
      assert.equal(r.body.errors, undefined);
      assert.equal(r.body.data.project, null);
      assert.equal(r.body.data.ciCatalogResources.nodes.length, 3);
    } finally {
      sim.enforceFineGrainedTokens("group", false);
    }
  });
});

describe("fine-grained mutations (any schema with a Mutation type)", () => {
  const schema = buildSchema(`
    type Query { ok: Boolean }
    type Branch { name: String }
    type CreateBranchPayload { branch: Branch errors: [String!]! }
    type Mutation { createBranch(projectPath: ID!, name: String!): CreateBranchPayload, deleteThing(id: ID!): Boolean }
  `);
  const tables = parseTables("", "Source Code\tBranch\tCreate\tProject\tMutation\tcreateBranch\t", "test");
  const state = new SimState();
  state.addToken("t", {
    scopes: ["granular"],
    granular: [{ access: "selected_memberships", project_id: 1, permissions: ["read_branch"] }],
  });
  state.addProject({ id: 1, path_with_namespace: "acme/app" });
  const token = state.tokens.get("t");
  const run = (source: string) => {
    const judge = new GranularGraphql({ state, tables, token: token!, user: state.ensureUser(1) });
    return execute({
      schema,
      document: parse(source),
      rootValue: { createBranch: () => ({ branch: { name: "x" }, errors: [] }), deleteThing: () => true },
      fieldResolver: granularFieldResolver(() => judge),
    }) as { data: Record<string, unknown>; errors?: { message: string; path?: unknown[] }[] };
  };

  it("answers null and the refusal sentence in errors[]", () => {
    const r = run(`mutation { createBranch(projectPath: "acme/app", name: "x") { branch { name } } }`);
    assert.equal(r.data.createBranch, null);
    assert.equal(
      r.errors?.[0].message,
      "Access denied: This operation requires a fine-grained personal access token with the following project permissions: [Branch: Create].",
    );
    assert.deepEqual(r.errors?.[0].path, ["createBranch"]);
  });

  it("a mutation with no row gets GitLab's resource access error", () => {
    const r = run(`mutation { deleteThing(id: "1") }`);
    assert.equal(r.data.deleteThing, null);
    assert.equal(
      r.errors?.[0].message,
      "The resource that you are attempting to access does not exist or you don't have permission to perform this action",
    );
  });

  it("passes a granted mutation", () => {
    token!.granular = [{ access: "selected_memberships", project_id: 1, permissions: ["create_branch"] }];
    const r = run(`mutation { createBranch(projectPath: "acme/app", name: "x") { branch { name } } }`);
    assert.equal(r.errors, undefined);
    assert.deepEqual(JSON.parse(JSON.stringify(r.data.createBranch)), { branch: { name: "x" } });
  });
});
