// The GraphQL endpoint: branch rules with cursor paging, null projects,
// GitLab-shaped errors, authentication.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { buildSchema } from "graphql";
import { schemaPath } from "./graphql.js";
import { GitLabSimulator } from "./simulator.js";
import { call, graphql, startDemo } from "./testSupport.js";

const RULES = `query Rules($path: ID!, $first: Int, $after: String) {
  project(fullPath: $path) {
    branchRules(first: $first, after: $after) {
      nodes {
        id name isDefault isProtected matchingBranchesCount createdAt updatedAt
        branchProtection {
          allowForcePush codeOwnerApprovalRequired
          pushAccessLevels { nodes { accessLevel accessLevelDescription } }
          mergeAccessLevels { nodes { accessLevel accessLevelDescription } }
          unprotectAccessLevels { nodes { accessLevel } }
        }
      }
      edges { cursor node { name } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
}`;

describe("GraphQL API", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await startDemo({ tokens: { "glpat-simulator-token": { scopes: ["api"] }, "glpat-read": { scopes: ["read_api"] }, "glpat-user": { scopes: ["read_user"] } } });
    sim.addProtectedBranch(42, { name: "release/*", push_access_level: 0 });
    sim.addProtectedBranch(42, { name: "aaa-first" });
  });
  after(() => sim.close());

  it("loads a schema that parses", () => {
    assert.doesNotThrow(() => buildSchema(readFileSync(schemaPath(), "utf8")));
  });

  it("lists branch rules: All branches, the default branch rule, then by name", async () => {
    const r = await graphql(sim, RULES, { path: "group/project" });
    assert.equal(r.status, 200);
    assert.equal(r.body.errors, undefined);
    const conn = r.body.data.project.branchRules;
    assert.deepEqual(conn.nodes.map((n: { name: string }) => n.name), ["All branches", "main", "aaa-first", "develop", "release/*"]);
    const [all, main, , , release] = conn.nodes;
    assert.deepEqual(all, {
      id: "gid://gitlab/Projects::AllBranchesRule/42",
      name: "All branches",
      isDefault: false,
      isProtected: false,
      matchingBranchesCount: 45,
      createdAt: null,
      updatedAt: null,
      branchProtection: null,
    });
    assert.equal(main.isDefault, true);
    assert.match(main.id, /^gid:\/\/gitlab\/Projects::BranchRule\/\d+$/);
    assert.match(main.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.deepEqual(main.branchProtection.pushAccessLevels.nodes, [{ accessLevel: 40, accessLevelDescription: "Maintainers" }]);
    assert.deepEqual(main.branchProtection.mergeAccessLevels.nodes, [{ accessLevel: 30, accessLevelDescription: "Developers + Maintainers" }]);
    assert.equal(release.matchingBranchesCount, 4);
    assert.deepEqual(release.branchProtection.pushAccessLevels.nodes, [{ accessLevel: 0, accessLevelDescription: "No one" }]);
    assert.deepEqual(conn.pageInfo, { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null });
  });

  it("pages with first/after and opaque base64 cursors", async () => {
    const seen: string[] = [];
    const cursors: string[] = [];
    let afterCursor: string | null = null;
    for (let i = 0; i < 10; i += 1) {
      const r = await graphql(sim, RULES, { path: "group/project", first: 2, after: afterCursor });
      const conn = r.body.data.project.branchRules;
      seen.push(...conn.nodes.map((n: { name: string }) => n.name));
      if (!conn.pageInfo.hasNextPage) break;
      afterCursor = conn.pageInfo.endCursor as string;
      cursors.push(afterCursor);
      assert.equal(conn.edges[conn.edges.length - 1].cursor, afterCursor);
    }
    assert.deepEqual(seen, ["All branches", "main", "aaa-first", "develop", "release/*"]);
    assert.equal(cursors.length, 2);
    for (const c of cursors) assert.deepEqual(Object.keys(JSON.parse(Buffer.from(c, "base64").toString())), ["name", "id"]);
  });

  it("answers project: null for unknown projects, without errors", async () => {
    const r = await graphql(sim, RULES, { path: "group/missing" });
    assert.deepEqual(r.body, { data: { project: null } });
    const anon = await graphql(sim, `{ project(fullPath: "group/project") { id } currentUser { id } }`, {}, null);
    assert.deepEqual(anon.body, { data: { project: null, currentUser: null } });
  });

  it("returns currentUser and project fields", async () => {
    const r = await graphql(sim, `{ currentUser { id username } project(fullPath: "GROUP/project") { id fullPath name webUrl nameWithNamespace } }`);
    assert.deepEqual(r.body.data, {
      currentUser: { id: "gid://gitlab/User/1", username: "sim-user" },
      project: { id: "gid://gitlab/Project/42", fullPath: "group/project", name: "project", webUrl: "https://gitlab.example.com/group/project", nameWithNamespace: "group / project" },
    });
    assert.equal((await graphql(sim, "{ currentUser { username } }", {}, "glpat-read")).status, 200);
  });

  it("reports validation errors in graphql-ruby's shape", async () => {
    const text = `query { project(fullPath: "group/project") { nope } }`;
    const r = await graphql(sim, text);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      errors: [
        {
          message: "Field 'nope' doesn't exist on type 'Project'",
          locations: [{ line: 1, column: text.indexOf("nope") + 1 }],
          path: ["query", "project", "nope"],
          extensions: { code: "undefinedField", typeName: "Project", fieldName: "nope" },
        },
      ],
    });
    const missing = await graphql(sim, `query Q { project { id } }`);
    assert.equal(missing.body.errors[0].message, "Field 'project' is missing required arguments: fullPath");
    assert.deepEqual(missing.body.errors[0].path, ["query Q", "project"]);
    const variable = await graphql(sim, RULES, {});
    assert.equal(variable.body.errors[0].message, "Variable $path of type ID! was provided invalid value");
    assert.equal(variable.body.data, undefined);
    const empty = await call(sim, "/api/graphql", { method: "POST", json: {} });
    assert.deepEqual(empty.body, { errors: [{ message: "No query string was present" }] });
  });

  it("returns execution errors with a path and null data for a bad cursor", async () => {
    const r = await graphql(sim, RULES, { path: "group/project", after: "%%%" });
    assert.deepEqual(r.body.data, { project: { branchRules: null } });
    assert.equal(r.body.errors[0].message, "Invalid cursor: invalid base64");
    assert.deepEqual(r.body.errors[0].path, ["project", "branchRules"]);
  });

  it("answers 401 Invalid token for unknown tokens or tokens without api/read_api", async () => {
    for (const token of ["glpat-unknown", "glpat-user"]) {
      const r = await graphql(sim, "{ currentUser { id } }", {}, token);
      assert.deepEqual([r.status, r.body], [401, { errors: [{ message: "Invalid token" }] }]);
    }
  });

  it("accepts GET, batches, and is subject to faults and the log", async () => {
    const get = await call(sim, `/api/graphql?query=${encodeURIComponent("{ currentUser { username } }")}`);
    assert.deepEqual(get.body, { data: { currentUser: { username: "sim-user" } } });
    const batch = await call(sim, "/api/graphql", { method: "POST", json: [{ query: "{ currentUser { id } }" }, { query: "{ project(fullPath: \"x/y\") { id } }" }] });
    assert.deepEqual(batch.body, [{ data: { currentUser: { id: "gid://gitlab/User/1" } } }, { data: { project: null } }]);
    sim.clearLog();
    sim.inject({ path: "/api/graphql", status: 502, body: { message: "bad gateway" } });
    const faulted = await graphql(sim, "query Me { currentUser { id } }", { a: 1 });
    assert.equal(faulted.status, 502);
    assert.deepEqual(sim.log[0].graphql, { query: "query Me { currentUser { id } }", variables: { a: 1 } });
    assert.equal(sim.log[0].status, 502);
  });
});
