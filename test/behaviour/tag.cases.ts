// Tags: the behaviour table (see test/helpers/behaviour.ts). Fixtures follow GitLab's tags API docs.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { seedSignature } from "../sim/restCommits.js";

const WEB = "https://gitlab.example.com/group/project";
const SHA = "a".repeat(40);
const OLD = "b".repeat(40);
const MAIN = "c".repeat(40);
const COMMIT = { id: SHA, short_id: SHA.slice(0, 8), title: "Release 1.0", message: "Release 1.0\n", author_name: "Sim Developer", authored_date: "2025-03-01T10:00:00.000+00:00", committed_date: "2025-03-01T10:00:00.000+00:00", created_at: "2025-03-01T10:00:00.000+00:00", parent_ids: [], web_url: `${WEB}/-/commit/${SHA}` };

export const table: BehaviourTable = {
  domain: "tag",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("tag", 42, { name: "v1.0.0", message: "First release", target: SHA, commit: COMMIT, release: null, protected: false, created_at: null });
    sim.addDocument("tag", 42, { name: "v0.9.0", message: "", target: OLD, commit: { ...COMMIT, id: OLD, short_id: OLD.slice(0, 8), title: "Beta", committed_date: "2025-02-01T10:00:00.000+00:00", web_url: `${WEB}/-/commit/${OLD}` }, release: null, protected: false, created_at: null });
    sim.addBranch(42, { name: "main", commit: { id: MAIN, title: "Ship it", committed_date: "2025-04-01T10:00:00.000+00:00" } });
    seedSignature(sim.getProject(42)!, "tag:v1.0.0", {
      signature_type: "X509",
      verification_status: "verified",
      x509_certificate: { id: 1, subject: "CN=gitlab@example.org,OU=Example,O=World", subject_key_identifier: "BC:BC:BC", email: "gitlab@example.org", serial_number: 278969561018901340000000000000000000000, certificate_status: "good", x509_issuer: { id: 1, subject: "CN=PKI,OU=Example,O=World", subject_key_identifier: "AB:AB:AB", crl_url: "http://example.com/pki.crl" } },
    });
  },
  cases: [
    {
      id: "tag.get",
      params: { project_id: "group/project", tag_name: "v1.0.0" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/tags/v1.0.0" },
      markdown: ["## Tag: v1.0.0", "- **Commit**: [`aaaaaaaa`]("],
    },
    {
      id: "tag.get",
      name: "a tag that does not exist answers the not-found card",
      params: { project_id: 42, tag_name: "v9" },
      request: { method: "GET", path: "/projects/42/repository/tags/v9" },
      markdown: ["## ❓ Tag Not Found"],
      isError: true,
    },
    {
      id: "tag.list",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/tags", query: {} },
      markdown: ["## Tags (2)", "`v1.0.0`", "`v0.9.0`"],
      check: (r) => assert.deepEqual(((r.structuredContent as { tags: { name: string }[] }).tags).map((t) => t.name), ["v1.0.0", "v0.9.0"]),
    },
    {
      id: "tag.list",
      name: "a prefix search ordered by version",
      params: { project_id: 42, search: "^v0", order_by: "version", sort: "asc" },
      request: { method: "GET", path: "/projects/42/repository/tags", query: { search: "^v0", order_by: "version", sort: "asc" } },
      markdown: ["## Tags (1)", "`v0.9.0`"],
    },
    {
      id: "tag.create",
      params: { project_id: 42, tag_name: "v1.1.0", ref: "main", message: "Second release" },
      request: { method: "POST", path: "/projects/42/repository/tags", body: { tag_name: "v1.1.0", ref: "main", message: "Second release" } },
      markdown: ["## Tag created: v1.1.0", "Ship it", "Second release"],
    },
    {
      id: "tag.get",
      name: "the new tag is found",
      params: { project_id: 42, tag_name: "v1.1.0" },
      request: { method: "GET", path: "/projects/42/repository/tags/v1.1.0" },
      markdown: ["## Tag: v1.1.0", "- **Commit**: [`cccccccc`]("],
    },
    {
      id: "tag.list",
      name: "the new tag heads the list (its commit is the newest)",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/repository/tags" },
      markdown: ["## Tags (3)"],
      check: (r) => assert.equal(((r.structuredContent as { tags: { name: string }[] }).tags)[0].name, "v1.1.0"),
    },
    {
      id: "tag.create",
      name: "an existing name answers GitLab's 400",
      params: { project_id: 42, tag_name: "v1.1.0", ref: "main" },
      request: { method: "POST", path: "/projects/42/repository/tags" },
      markdown: ["Tag v1.1.0 already exists"],
      isError: true,
    },
    {
      id: "tag.create",
      name: "a ref that does not exist answers GitLab's 400",
      params: { project_id: 42, tag_name: "v2.0.0", ref: "nope" },
      request: { method: "POST", path: "/projects/42/repository/tags" },
      markdown: ["Target nope is invalid"],
      isError: true,
    },
    {
      id: "tag.create",
      name: "a missing ref is refused before anything is sent",
      params: { project_id: 42, tag_name: "v2.0.0" },
      markdown: [/ref/],
      isError: true,
    },
    {
      id: "tag.delete",
      params: { project_id: 42, tag_name: "v1.1.0" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/repository/tags/v1.1.0" },
      markdown: [/./],
    },
    {
      id: "tag.get",
      name: "a deleted tag is gone",
      params: { project_id: 42, tag_name: "v1.1.0" },
      request: { method: "GET", path: "/projects/42/repository/tags/v1.1.0" },
      markdown: ["## ❓ Tag Not Found"],
      isError: true,
    },
    {
      id: "tag.delete",
      name: "deleting it again answers GitLab's 404",
      params: { project_id: 42, tag_name: "v1.1.0" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/repository/tags/v1.1.0" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "tag.get_signature",
      params: { project_id: 42, tag_name: "v1.0.0" },
      request: { method: "GET", path: "/projects/42/repository/tags/v1.0.0/signature" },
      markdown: ["## Tag signature: X509 verified", "CN=gitlab@example.org"],
    },
    {
      id: "tag.get_signature",
      name: "an unsigned tag answers the not-found card",
      params: { project_id: 42, tag_name: "v0.9.0" },
      request: { method: "GET", path: "/projects/42/repository/tags/v0.9.0/signature" },
      markdown: ["## ❓ Signature Not Found"],
      isError: true,
    },
    {
      id: "tag.list_protected",
      name: "none yet",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/protected_tags" },
      markdown: ["No protected tags found."],
    },
    {
      id: "tag.protect",
      params: { project_id: 42, tag_name: "v*", create_access_level: 40 },
      request: { method: "POST", path: "/projects/42/protected_tags", body: { name: "v*", create_access_level: 40 } },
      markdown: ["## Protected Tag: v\\*", "Maintainers"],
    },
    {
      id: "tag.protect",
      name: "an access level outside GitLab's list is refused before anything is sent",
      params: { project_id: 42, tag_name: "release-*", create_access_level: 50 },
      markdown: [/create_access_level/],
      isError: true,
    },
    {
      id: "tag.protect",
      name: "the same rule twice answers GitLab's 422",
      params: { project_id: 42, tag_name: "v*" },
      request: { method: "POST", path: "/projects/42/protected_tags" },
      markdown: ["Name has already been taken"],
      isError: true,
    },
    {
      id: "tag.list_protected",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/protected_tags" },
      markdown: ["## Protected Tags (1)", "`v*`", "Maintainers"],
    },
    {
      id: "tag.get_protected",
      params: { project_id: 42, tag_name: "v*" },
      request: { method: "GET", path: "/projects/42/protected_tags/v*" },
      markdown: ["## Protected Tag: v\\*"],
    },
    {
      id: "tag.get_protected",
      name: "a rule that does not exist answers the not-found card",
      params: { project_id: 42, tag_name: "release-*" },
      request: { method: "GET", path: "/projects/42/protected_tags/release-*" },
      markdown: ["## ❓ Protected Tag Not Found"],
      isError: true,
    },
    {
      id: "tag.get",
      name: "a tag matching the rule shows as protected",
      params: { project_id: 42, tag_name: "v1.0.0" },
      request: { method: "GET", path: "/projects/42/repository/tags/v1.0.0" },
      markdown: ["- **Protected**: ✅"],
    },
    {
      id: "tag.unprotect",
      params: { project_id: 42, tag_name: "v*" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/protected_tags/v*" },
      markdown: [/./],
    },
    {
      id: "tag.list_protected",
      name: "the rule is gone",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/protected_tags" },
      markdown: ["No protected tags found."],
    },
  ],
};
