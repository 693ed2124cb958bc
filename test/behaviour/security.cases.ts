// Security and compliance (Premium/Ultimate): audit events, custom roles, SCIM identities, enterprise
// users, the instance's security policy settings, dependencies and SBOM exports, attestations, and
// vulnerabilities and pipeline findings over GraphQL. The server's token belongs to an administrator with
// the admin_mode scope (instance audit events, instance roles, policy settings and, per SAF-28,
// enterprise users need it). The table is a workflow: what a case creates or changes, later cases read.
// Simulators: test/sim/restSecurity.ts, restSecurityExports.ts, graphqlSecurity.ts.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";
import { attestationBundle, SEEDED_DIGEST } from "../sim/restSecurityExports.js";

type Sim = Parameters<NonNullable<BehaviourTable["cases"][number]["check"]>>[1];
const vars = (sim: Sim) => sim.log.at(-1)?.graphql?.variables ?? {};
const structured = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, unknown>;
const GRAPHQL = { method: "POST", path: "/api/graphql" } as const;
const KEYSET = { pagination: "keyset", order_by: "id", sort: "desc" };
// The simulator's keyset cursor after event 3 (acme's newest two events are 3 and 2).
const CURSOR = Buffer.from(JSON.stringify({ id: "3", _kd: "n" })).toString("base64");
const NEXT = new URLSearchParams({ cursor: CURSOR, order_by: "id", sort: "desc" }).toString();
const V = (n: number) => `gid://gitlab/Vulnerability/${n}`;

export const table: BehaviourTable = {
  domain: "security",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } },
  seed(sim) {
    sim.addGroup({ id: 7, full_path: "acme" });
    sim.addGroup({ id: 8, full_path: "acme/platform" });
    sim.addProject({ id: 42, path_with_namespace: "team/app" });
  },
  cases: [
    // ---- audit events: ids 1 (user), 2-3 acme, 4-5 acme/platform, 6-7 team, 8-9 team/app, 10 instance ----
    {
      id: "audit_event.list_project",
      params: { project_id: "team/app" },
      request: { method: "GET", path: "/projects/team%2Fapp/audit_events", query: KEYSET },
      markdown: ["## Audit Events (2)", "| 9 |", "Project archived"],
      check: (r) => assert.deepEqual((structured(r).audit_events as { id: number }[]).map((e) => e.id), [9, 8]),
    },
    {
      id: "audit_event.list_project",
      name: "created_after narrows the list",
      params: { project_id: 42, created_after: "2026-11-10T00:00:00Z", sort: "asc" },
      request: { method: "GET", path: "/projects/42/audit_events", query: { created_after: "2026-11-10T00:00:00Z", pagination: "keyset", order_by: "id", sort: "asc" } },
      markdown: ["## Audit Events (1)", "| 9 |"],
    },
    {
      id: "audit_event.list_project",
      name: "a date that is not ISO 8601 is refused before sending",
      params: { project_id: 42, created_before: "yesterday" },
      markdown: ["created_before"],
      isError: true,
    },
    {
      id: "audit_event.list_group",
      name: "a full keyset page names the cursor of the next",
      params: { group_id: "acme", per_page: 1 },
      request: { method: "GET", path: "/groups/acme/audit_events", query: { per_page: "1", ...KEYSET } },
      markdown: ["## Audit Events (1 shown, more available)", "| 3 |", `cursor \`${NEXT}\``],
      check: (r) => assert.equal((structured(r).pagination as { next_cursor?: string }).next_cursor, NEXT),
    },
    {
      id: "audit_event.list_group",
      name: "the cursor reads the next page",
      params: { group_id: "acme", per_page: 1, cursor: NEXT },
      request: { method: "GET", path: "/groups/acme/audit_events", query: { per_page: "1", pagination: "keyset", order_by: "id", sort: "desc", cursor: CURSOR } },
      markdown: ["| 2 |"],
    },
    {
      id: "audit_event.get_group",
      params: { group_id: 7, audit_event_id: 3 },
      request: { method: "GET", path: "/groups/7/audit_events/3" },
      markdown: ["## Audit Event 3", "- **Entity**: Group", "- **Change**: visibility", "- **To**: Internal"],
    },
    {
      id: "audit_event.get_project",
      params: { project_id: "team/app", audit_event_id: 9 },
      request: { method: "GET", path: "/projects/team%2Fapp/audit_events/9" },
      markdown: ["## Audit Event 9", "- **Message**: Project archived"],
    },
    {
      id: "audit_event.get_project",
      name: "another entity's event answers the not-found card",
      params: { project_id: "team/app", audit_event_id: 2 },
      request: { method: "GET", path: "/projects/team%2Fapp/audit_events/2" },
      markdown: ["## ❓ Audit Event Not Found", "2 in project team/app"],
      isError: true,
    },
    {
      id: "audit_event.list_instance",
      name: "offset pages when a page is asked for, with the entity filters",
      params: { entity_type: "Project", entity_id: 42, page: 1 },
      request: { method: "GET", path: "/audit_events", query: { entity_type: "Project", entity_id: "42", page: "1" } },
      markdown: ["## Audit Events (2)", "Page 1 of 1"],
    },
    {
      id: "audit_event.list_instance",
      params: { entity_type: "Gitlab::Audit::InstanceScope" },
      request: { method: "GET", path: "/audit_events", query: { entity_type: "Gitlab::Audit::InstanceScope", ...KEYSET } },
      markdown: ["## Audit Events (1)", "| 10 |"],
    },
    {
      id: "audit_event.list_instance",
      name: "an entity type GitLab does not have is refused",
      params: { entity_type: "Pipeline" },
      markdown: ["entity_type"],
      isError: true,
    },
    {
      id: "audit_event.get_instance",
      params: { audit_event_id: 1 },
      request: { method: "GET", path: "/audit_events/1" },
      markdown: ["## Audit Event 1", "- **Entity**: User", "- **From**: old@example.com"],
    },
    // ---- custom roles ----
    { id: "member_role.list_instance", name: "none yet", params: {}, request: { method: "GET", path: "/member_roles" }, markdown: ["No custom roles."] },
    {
      id: "member_role.create_instance",
      params: { name: "Security reviewer", base_access_level: 10, read_code: true, read_vulnerability: true, admin_vulnerability: true },
      request: { method: "POST", path: "/member_roles", body: { name: "Security reviewer", base_access_level: 10, read_code: true, read_vulnerability: true, admin_vulnerability: true } },
      markdown: ["## Custom Role: Security reviewer", /Base Role\*\*: Guest/],
      check: (r) => {
        const s = structured(r);
        assert.equal(s.read_vulnerability, true);
        assert.equal(s.remove_project, false);
      },
    },
    {
      id: "member_role.create_instance",
      name: "a base level GitLab does not have is refused",
      params: { name: "Odd", base_access_level: 35 },
      markdown: ["base_access_level"],
      isError: true,
    },
    { id: "member_role.list_instance", params: {}, request: { method: "GET", path: "/member_roles" }, markdown: ["## Custom Roles (1)", "Security reviewer"] },
    {
      id: "member_role.delete_instance",
      name: "unconfirmed, nothing is sent",
      params: { member_role_id: 1 },
      markdown: [/confirm/i],
      isError: true,
    },
    { id: "member_role.delete_instance", params: { member_role_id: 1 }, confirm: true, request: { method: "DELETE", path: "/member_roles/1" }, markdown: ["✅ Action completed successfully."] },
    {
      id: "member_role.delete_instance",
      name: "a role that is gone answers GitLab's 404",
      params: { member_role_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/member_roles/1" },
      markdown: ["Member Role Not Found"],
      isError: true,
    },
    {
      id: "member_role.create_group",
      params: { group_id: "acme", name: "Releaser", base_access_level: 30, admin_protected_branch: true, manage_deploy_tokens: true },
      request: { method: "POST", path: "/groups/acme/member_roles", body: { name: "Releaser", base_access_level: 30, admin_protected_branch: true, manage_deploy_tokens: true } },
      markdown: ["## Custom Role: Releaser", "- **Group ID**: 7"],
    },
    {
      id: "member_role.create_group",
      name: "a subgroup answers GitLab's 400",
      params: { group_id: "acme/platform", base_access_level: 10 },
      request: { method: "POST", path: "/groups/acme%2Fplatform/member_roles" },
      markdown: ["Group is not a top-level group"],
      isError: true,
    },
    { id: "member_role.list_group", params: { group_id: 7 }, request: { method: "GET", path: "/groups/7/member_roles" }, markdown: ["## Custom Roles (1)", "Releaser"] },
    { id: "member_role.delete_group", params: { group_id: 7, member_role_id: 2 }, confirm: true, request: { method: "DELETE", path: "/groups/7/member_roles/2" }, markdown: ["✅ Action completed successfully."] },
    // ---- SCIM identities ----
    {
      id: "group_scim.list",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/scim/identities" },
      markdown: ["## SCIM Identities (2)", "`be20d8dcc028677c931e04f7a`", "| 701 |"],
    },
    {
      id: "group_scim.get",
      params: { group_id: "acme", uid: "c7a51f0e9d7b" },
      request: { method: "GET", path: "/groups/acme/scim/c7a51f0e9d7b" },
      markdown: ["## SCIM Identity: c7a51f0e9d7b", "- **User ID**: 702", "- **Active**: ❌"],
    },
    {
      id: "group_scim.update",
      params: { group_id: "acme", uid: "c7a51f0e9d7b", extern_uid: "yrnZW46BrtBFqM7xDzE7dddd" },
      request: { method: "PATCH", path: "/groups/acme/scim/c7a51f0e9d7b", body: { extern_uid: "yrnZW46BrtBFqM7xDzE7dddd" } },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "group_scim.get",
      name: "the identity answers to its new UID",
      params: { group_id: "acme", extern_uid: "yrnZW46BrtBFqM7xDzE7dddd" },
      request: { method: "GET", path: "/groups/acme/scim/yrnZW46BrtBFqM7xDzE7dddd" },
      markdown: ["## SCIM Identity: yrnZW46BrtBFqM7xDzE7dddd"],
      surfaces: ["dynamic", "meta"],
    },
    { id: "group_scim.delete", params: { group_id: "acme", uid: "yrnZW46BrtBFqM7xDzE7dddd" }, confirm: true, request: { method: "DELETE", path: "/groups/acme/scim/yrnZW46BrtBFqM7xDzE7dddd" }, markdown: ["✅ Action completed successfully."] },
    {
      id: "group_scim.get",
      name: "a deleted identity answers the not-found card",
      params: { group_id: "acme", uid: "yrnZW46BrtBFqM7xDzE7dddd" },
      request: { method: "GET", path: "/groups/acme/scim/yrnZW46BrtBFqM7xDzE7dddd" },
      markdown: ["## ❓ SCIM Identity Not Found"],
      isError: true,
    },
    // ---- enterprise users (group 7: 701 alice 2FA, 702 bob blocked, 703 carol 2FA) ----
    {
      id: "enterprise_user.list",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/enterprise_users", query: {} },
      markdown: ["## Enterprise Users (3)", "alice.ent", "carol.ent"],
    },
    {
      id: "enterprise_user.list",
      name: "filters narrow the list",
      params: { group_id: "acme", two_factor: "enabled", created_after: "2026-01-10T00:00:00Z", search: "CAROL" },
      request: { method: "GET", path: "/groups/acme/enterprise_users", query: { two_factor: "enabled", created_after: "2026-01-10T00:00:00Z", search: "CAROL" } },
      markdown: ["## Enterprise Users (1)", "carol.ent"],
    },
    {
      id: "enterprise_user.list",
      name: "a subgroup answers GitLab's 400",
      params: { group_id: "acme/platform" },
      request: { method: "GET", path: "/groups/acme%2Fplatform/enterprise_users" },
      markdown: ["Group is not a top-level group"],
      isError: true,
    },
    {
      id: "enterprise_user.get",
      params: { group_id: "acme", user_id: 701 },
      request: { method: "GET", path: "/groups/acme/enterprise_users/701" },
      markdown: ["## Enterprise User: alice.ent", "- **2FA**: ✅", "- **Email**: alice@acme.example"],
    },
    { id: "enterprise_user.disable_2fa", params: { group_id: "acme", user_id: 701 }, confirm: true, request: { method: "PATCH", path: "/groups/acme/enterprise_users/701/disable_two_factor" }, markdown: ["✅ Action completed successfully."] },
    {
      id: "enterprise_user.disable_2fa",
      name: "a user without 2FA answers GitLab's 400",
      params: { group_id: "acme", user_id: 701 },
      confirm: true,
      request: { method: "PATCH", path: "/groups/acme/enterprise_users/701/disable_two_factor" },
      markdown: ["Two-factor authentication is not enabled for this user"],
      isError: true,
    },
    { id: "enterprise_user.disable_2fa", name: "unconfirmed, nothing is sent", params: { group_id: "acme", user_id: 703 }, markdown: [/confirm/i], isError: true },
    { id: "enterprise_user.delete", params: { group_id: "acme", user_id: 703, hard_delete: true }, confirm: true, request: { method: "DELETE", path: "/groups/acme/enterprise_users/703", query: { hard_delete: "true" } }, markdown: ["✅ Action completed successfully."] },
    {
      id: "enterprise_user.get",
      name: "a deleted user answers the not-found card",
      params: { group_id: "acme", user_id: 703 },
      request: { method: "GET", path: "/groups/acme/enterprise_users/703" },
      markdown: ["## ❓ Enterprise User Not Found", "703 of group acme"],
      isError: true,
    },
    // ---- security policy settings ----
    { id: "compliance_policy.get", name: "none designated", params: {}, request: { method: "GET", path: "/admin/security/compliance_policy_settings" }, markdown: ["## Security Policy Settings"], check: (r) => assert.equal(structured(r).csp_namespace_id, null) },
    { id: "compliance_policy.update", params: { csp_namespace_id: 7 }, request: { method: "PUT", path: "/admin/security/compliance_policy_settings", body: { csp_namespace_id: 7 } }, markdown: ["- **CSP Namespace ID**: 7"] },
    {
      id: "compliance_policy.update",
      name: "a subgroup answers GitLab's 400",
      params: { csp_namespace_id: 8 },
      request: { method: "PUT", path: "/admin/security/compliance_policy_settings" },
      markdown: ["Group is not a top-level group"],
      isError: true,
    },
    { id: "compliance_policy.get", params: {}, request: { method: "GET", path: "/admin/security/compliance_policy_settings" }, markdown: ["- **CSP Namespace ID**: 7"] },
    // ---- dependencies and SBOM exports ----
    {
      id: "dependency.list",
      params: { project_id: "team/app" },
      request: { method: "GET", path: "/projects/team%2Fapp/dependencies", query: {} },
      markdown: ["## Dependencies (4)", "| rails | 7.1.3 | bundler | `Gemfile.lock` | 1 |"],
    },
    {
      id: "dependency.list",
      name: "package managers narrow the list",
      params: { project_id: 42, package_manager: ["npm", "yarn"] },
      request: { method: "GET", path: "/projects/42/dependencies", query: { "package_manager[]": ["npm", "yarn"] } },
      markdown: ["## Dependencies (2)", "lodash", "left-pad"],
    },
    { id: "dependency.list", name: "a package manager GitLab does not know is refused", params: { project_id: 42, package_manager: ["ant"] }, markdown: ["package_manager"], isError: true },
    {
      id: "dependency.export_create",
      params: { source: "projects", source_id: "team/app", export_type: "cyclonedx_1_6_json", send_email: false },
      request: { method: "POST", path: "/projects/team%2Fapp/dependency_list_exports", body: { export_type: "cyclonedx_1_6_json", send_email: false } },
      markdown: ["## Dependency List Export 1", "- **Status**: running", "- **Finished**: ❌", "dependency.export_get"],
    },
    {
      id: "dependency.export_download",
      name: "an export still running answers the not-found card",
      params: { export_id: 1 },
      request: { method: "GET", path: "/dependency_list_exports/1/download" },
      markdown: ["## ❓ Dependency List Export Not Found", "dependency.export_get"],
      isError: true,
    },
    {
      id: "dependency.export_get",
      name: "the first poll finds it running (GitLab's 202)",
      params: { export_id: 1 },
      request: { method: "GET", path: "/dependency_list_exports/1" },
      markdown: ["- **Status**: running", "dependency.export_get"],
    },
    {
      id: "dependency.export_get",
      params: { export_id: 1 },
      request: { method: "GET", path: "/dependency_list_exports/1" },
      markdown: ["- **Status**: finished", "- **Finished**: ✅", "dependency.export_download"],
    },
    {
      id: "dependency.export_download",
      params: { export_id: 1 },
      request: { method: "GET", path: "/dependency_list_exports/1/download" },
      markdown: ["## Dependency List Export Download", /SHA-256\*\*: `[0-9a-f]{64}`/, "- **File Name**: sbom-1.json"],
      check: (r) => {
        const s = structured(r);
        assert.equal(s.binary, true);
        assert.ok((s.size as number) > 100);
        assert.ok(!JSON.stringify(r).includes("CycloneDX"), "the bytes never reach the result");
      },
    },
    {
      id: "dependency.export_create",
      name: "a pipeline exports a CycloneDX SBOM",
      params: { source: "pipelines", source_id: 9042, export_type: "sbom" },
      request: { method: "POST", path: "/pipelines/9042/dependency_list_exports", body: { export_type: "sbom" } },
      markdown: ["- **Export Type**: `sbom`"],
    },
    {
      id: "dependency.export_create",
      name: "an export type the object does not offer answers GitLab's 422",
      params: { source: "groups", source_id: "acme", export_type: "sbom" },
      request: { method: "POST", path: "/groups/acme/dependency_list_exports" },
      markdown: ["This export type is not supported for this object"],
      isError: true,
    },
    { id: "dependency.export_create", name: "an unknown source is refused", params: { source: "users", source_id: 1, export_type: "csv" }, markdown: ["source"], isError: true },
    // ---- attestations ----
    {
      id: "attestation.list",
      params: { project_id: "team/app", subject_digest: SEEDED_DIGEST },
      request: { method: "GET", path: `/projects/team%2Fapp/attestations/${SEEDED_DIGEST}` },
      markdown: ["## Attestations (1)", "| 1 | success | provenance | 501 |"],
    },
    { id: "attestation.list", name: "a digest that is not SHA-256 is refused", params: { project_id: 42, subject_digest: "abc" }, markdown: ["subject_digest"], isError: true },
    {
      id: "attestation.download",
      params: { project_id: 42, attestation_iid: 1 },
      request: { method: "GET", path: "/projects/42/attestations/1/download" },
      markdown: ["## Download", `\`${createHash("sha256").update(attestationBundle(42, 1)).digest("hex")}\``, "- **File Name**: attestation-1.bundle.json"],
      check: (r) => assert.ok(!JSON.stringify(r).includes("sigstore.bundle"), "the bundle never reaches the result"),
    },
    {
      id: "attestation.download",
      name: "an unknown IID answers the not-found card",
      params: { project_id: 42, attestation_iid: 2 },
      request: { method: "GET", path: "/projects/42/attestations/2/download" },
      markdown: ["## ❓ Attestation Not Found"],
      isError: true,
    },
    // ---- vulnerabilities (GraphQL): 101 critical SAST, 102 high dependency, 103 medium container (confirmed), 104 low secret (dismissed) ----
    {
      id: "vulnerability.list",
      params: { project_id: "team/app" },
      request: GRAPHQL,
      markdown: ["## Vulnerabilities (4)", "SQL injection in search", "`gid://gitlab/Vulnerability/101`"],
      check(r, sim) {
        assert.deepEqual(vars(sim), { fullPath: "team/app", first: 20 });
        assert.deepEqual((structured(r).vulnerabilities as { severity: string }[]).map((v) => v.severity), ["CRITICAL", "HIGH", "MEDIUM", "LOW"]);
      },
    },
    {
      id: "vulnerability.list",
      name: "filters reach GraphQL by GitLab's names",
      params: { project_id: 42, state: ["DETECTED"], severity: ["CRITICAL", "HIGH"], report_type: ["DEPENDENCY_SCANNING"], has_remediations: true, sort: "detected_asc" },
      request: [{ method: "GET", path: "/projects/42" }, GRAPHQL],
      markdown: ["## Vulnerabilities (1)", "Prototype pollution in lodash"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { fullPath: "team/app", state: ["DETECTED"], severity: ["CRITICAL", "HIGH"], reportType: ["DEPENDENCY_SCANNING"], hasRemediations: true, sort: "detected_asc", first: 20 });
      },
    },
    { id: "vulnerability.list", name: "a severity GitLab does not have is refused", params: { project_id: 42, severity: ["SEVERE"] }, markdown: ["severity"], isError: true },
    {
      id: "vulnerability.get",
      params: { vulnerability_id: V(102) },
      request: GRAPHQL,
      markdown: ["## Vulnerability: Prototype pollution in lodash", "- **Severity**: HIGH", "- **Identifier**: CVE-2020-8203", "Upgrade lodash"],
    },
    { id: "vulnerability.get", name: "an unknown ID answers the not-found card", params: { vulnerability_id: V(999) }, request: GRAPHQL, markdown: ["## ❓ Vulnerability Not Found"], isError: true },
    { id: "vulnerability.get", name: "a number instead of a global ID is refused", params: { vulnerability_id: "102" }, markdown: ["vulnerability_id"], isError: true },
    {
      id: "vulnerability.confirm",
      params: { vulnerability_id: V(101), comment: "Reproduced on staging" },
      request: GRAPHQL,
      markdown: ["## Vulnerability: SQL injection in search", "- **State**: CONFIRMED"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { id: V(101), comment: "Reproduced on staging" });
      },
    },
    { id: "vulnerability.confirm", name: "confirming twice answers GitLab's payload error", params: { vulnerability_id: V(101) }, request: GRAPHQL, markdown: ["already confirmed"], isError: true },
    {
      id: "vulnerability.resolve",
      params: { vulnerability_id: V(101), comment: "Fixed in !12" },
      request: GRAPHQL,
      markdown: ["- **State**: RESOLVED", "- **Resolved**:"],
    },
    {
      id: "vulnerability.dismiss",
      params: { vulnerability_id: V(102), dismissal_reason: "ACCEPTABLE_RISK", comment: "Not reachable from user input" },
      request: GRAPHQL,
      markdown: ["- **State**: DISMISSED", "- **Dismissal Reason**: ACCEPTABLE_RISK"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { id: V(102), comment: "Not reachable from user input", dismissalReason: "ACCEPTABLE_RISK" });
      },
    },
    { id: "vulnerability.dismiss", name: "a reason GitLab does not have is refused", params: { vulnerability_id: V(102), dismissal_reason: "WONT_FIX" }, markdown: ["dismissal_reason"], isError: true },
    { id: "vulnerability.revert", params: { vulnerability_id: V(102) }, request: GRAPHQL, markdown: ["- **State**: DETECTED"] },
    { id: "vulnerability.revert", name: "an unknown vulnerability answers GitLab's error", params: { vulnerability_id: V(999) }, request: GRAPHQL, markdown: ["does not exist or you don't have permission"], isError: true },
    {
      id: "vulnerability.severity_count",
      params: { project_id: "team/app" },
      request: GRAPHQL,
      markdown: ["## Vulnerabilities by Severity", "- **Critical**: 1", "- **High**: 1", "- **Medium**: 1", "- **Low**: 1", "- **Info**: 0"],
    },
    {
      id: "vulnerability.severity_count",
      name: "with the list's filters",
      params: { project_id: "team/app", state: ["DETECTED", "CONFIRMED"] },
      request: GRAPHQL,
      markdown: ["- **Critical**: 0", "- **High**: 1", "- **Medium**: 1"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { fullPath: "team/app", state: ["DETECTED", "CONFIRMED"] });
      },
    },
    {
      id: "vulnerability.pipeline_security_summary",
      params: { project_id: "team/app", pipeline_iid: "1" },
      request: GRAPHQL,
      markdown: ["## Pipeline Security Summary", "- **SAST**: 2", "- **Dependency Scanning**: 1", "- **DAST Scanned Resources**: 12"],
    },
    {
      id: "vulnerability.pipeline_security_summary",
      name: "an unknown pipeline answers the not-found card",
      params: { project_id: "team/app", pipeline_iid: "7" },
      request: GRAPHQL,
      markdown: ["## ❓ Pipeline Security Report Not Found"],
      isError: true,
    },
    {
      id: "security_finding.list",
      params: { project_id: "team/app", pipeline_iid: "1" },
      request: GRAPHQL,
      markdown: ["## Security Findings (5)", "Hard-coded password in config"],
    },
    {
      id: "security_finding.list",
      name: "filters and a page of one",
      params: { project_id: "team/app", pipeline_iid: "1", report_type: ["sast"], severity: ["high", "critical"], first: 1 },
      request: GRAPHQL,
      markdown: ["## Security Findings (1 shown, more available)", "next page cursor"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { fullPath: "team/app", iid: "1", reportType: ["sast"], severity: ["high", "critical"], first: 1 });
      },
    },
  ],
};
