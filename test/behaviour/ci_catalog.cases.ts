// CI/CD Catalog (GraphQL): the behaviour table (see test/helpers/behaviour.ts). The simulator serves a
// fixed public catalog of three resources (test/sim/graphqlCiCatalog.ts).
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

export const table: BehaviourTable = {
  domain: "ci_catalog",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
  },
  cases: [
    {
      id: "ci_catalog.list",
      params: {},
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## CI/CD Catalog Resources (3)", "| SAST |", "| 2.1.0 |", "`components/opentofu`"],
      check(_r, sim) {
        const q = sim.log.at(-1)?.graphql;
        assert.equal(q?.variables.first, 20);
      },
    },
    {
      id: "ci_catalog.list",
      name: "search, sort and a page of one with its cursor",
      params: { search: "open", sort: "NAME_ASC", first: 1 },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## CI/CD Catalog Resources (1)", "| OpenTofu |", "no more pages"],
      check(_r, sim) {
        assert.deepEqual(sim.log.at(-1)?.graphql?.variables, { search: "open", sort: "NAME_ASC", first: 1 });
      },
    },
    {
      id: "ci_catalog.list",
      name: "a first page of two says more are available",
      params: { first: 2 },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["2 shown, more available", "next page cursor"],
    },
    {
      id: "ci_catalog.list",
      name: "a sort GitLab does not know is refused before anything is sent",
      params: { sort: "POPULAR" },
      markdown: ["sort"],
      isError: true,
    },
    {
      id: "ci_catalog.get",
      params: { project_id: "components/opentofu" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## CI/CD Catalog Resource: OpenTofu", "- **Latest Version**: 1.4.0", "full-pipeline", "- **Verification**: GITLAB_MAINTAINED"],
      check(r) {
        const s = r.structuredContent as { versions?: { nodes?: { components?: { nodes?: { inputs?: unknown[] }[] } }[] } };
        assert.equal(s.versions?.nodes?.[0]?.components?.nodes?.[0]?.inputs?.length, 2);
      },
    },
    {
      id: "ci_catalog.get",
      name: "a project that is no published resource answers the not-found card",
      params: { project_id: "group/project" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## ❓ CI/CD Catalog resource Not Found"],
      isError: true,
    },
  ],
};
