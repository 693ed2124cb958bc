// Group administration (Premium): group protected branches and environments, service accounts and
// their tokens, the credentials inventory, SSH certificates and secret push protection. The table is a
// workflow: what a case creates, the next cases read, change and remove. Fixtures follow GitLab's docs.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

const SECRET = "glpat-svc0701ServiceSecretQw";
const CA_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGroupCertificateAuthorityKey1234567890ab ca@example.com";

export const table: BehaviourTable = {
  domain: "group_enterprise",
  seed(sim) {
    sim.addGroup({ id: 7, full_path: "acme" });
    sim.addGroup({ id: 8, full_path: "acme/platform" });
  },
  cases: [
    // Protected branches of a group.
    {
      id: "group.protected_branch_protect",
      params: { group_id: "acme", branch_name: "release/*", push_access_level: 30, merge_access_level: 40 },
      request: { method: "POST", path: "/groups/acme/protected_branches", body: { name: "release/*", push_access_level: 30, merge_access_level: 40 } },
      markdown: ["## Group Protected Branch: release/\\*", "- **Push**: Developers + Maintainers", "- **Unprotect**: Maintainers"],
    },
    {
      id: "group.protected_branch_protect",
      name: "a rule that exists answers GitLab's 409",
      params: { group_id: 7, branch_name: "release/*" },
      request: { method: "POST", path: "/groups/7/protected_branches" },
      markdown: ["Protected branch 'release/*' already exists"],
      isError: true,
    },
    {
      id: "group.protected_branch_list",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/protected_branches", query: {} },
      markdown: ["## Group Protected Branches (1)", "release/\\*"],
      check: (r) => assert.equal((r.structuredContent as { protected_branches: { name: string }[] }).protected_branches[0].name, "release/*"),
    },
    {
      id: "group.protected_branch_get",
      params: { group_id: "acme", branch_name: "release/*" },
      request: { method: "GET", path: "/groups/acme/protected_branches/release%2F*" },
      markdown: ["## Group Protected Branch: release/\\*", "- **Merge**: Maintainers"],
    },
    {
      id: "group.protected_branch_get",
      name: "a rule that does not exist answers the not-found card",
      params: { group_id: "acme", branch_name: "main" },
      request: { method: "GET", path: "/groups/acme/protected_branches/main" },
      markdown: ["## ❓ Group Protected Branch Not Found", '"main" in group acme'],
      isError: true,
    },
    {
      id: "group.protected_branch_update",
      params: { group_id: "acme", branch_name: "release/*", allow_force_push: true, allowed_to_push: [{ access_level: 40 }] },
      request: { method: "PATCH", path: "/groups/acme/protected_branches/release%2F*", body: { allow_force_push: true, allowed_to_push: [{ access_level: 40 }] } },
      markdown: ["- **Allow Force Push**: ✅", "- **Push**: Developers + Maintainers, Maintainers"],
    },
    {
      id: "group.protected_branch_unprotect",
      params: { group_id: "acme", branch_name: "release/*" },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/protected_branches/release%2F*" },
      markdown: ["✅ Action completed successfully."],
    },
    // Protected environments of a group: one rule per deployment tier.
    {
      id: "group.protected_env_protect",
      params: { group_id: "acme", environment: "production", deploy_access_levels: [{ access_level: 40 }], approval_rules: [{ group_id: 8, required_approvals: 2 }] },
      request: { method: "POST", path: "/groups/acme/protected_environments", body: { name: "production", deploy_access_levels: [{ access_level: 40 }], approval_rules: [{ group_id: 8, required_approvals: 2 }] } },
      markdown: ["## Group Protected Environment: production", "- **Deploy**: Maintainers", "- **Approvers**: group 8"],
    },
    {
      id: "group.protected_env_protect",
      name: "a name that is not a deployment tier is refused before sending",
      params: { group_id: "acme", environment: "prod", deploy_access_levels: [{ access_level: 40 }] },
      markdown: ["environment", "production"],
      isError: true,
    },
    {
      id: "group.protected_env_list",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/protected_environments" },
      markdown: ["## Group Protected Environments (1)", "production"],
    },
    {
      id: "group.protected_env_get",
      params: { group_id: "acme", environment: "production" },
      request: { method: "GET", path: "/groups/acme/protected_environments/production" },
      markdown: ["## Group Protected Environment: production", "- **Required Approvals**: 0"],
    },
    {
      id: "group.protected_env_get",
      name: "an unprotected tier answers the not-found card",
      params: { group_id: "acme", environment: "staging" },
      request: { method: "GET", path: "/groups/acme/protected_environments/staging" },
      markdown: ["## ❓ Group Protected Environment Not Found"],
      isError: true,
    },
    {
      id: "group.protected_env_update",
      params: { group_id: "acme", environment: "production", required_approval_count: 1, deploy_access_levels: [{ access_level: 30 }] },
      request: { method: "PUT", path: "/groups/acme/protected_environments/production", body: { required_approval_count: 1, deploy_access_levels: [{ access_level: 30 }] } },
      markdown: ["- **Deploy**: Maintainers, Developers + Maintainers", "- **Required Approvals**: 1"],
    },
    {
      id: "group.protected_env_unprotect",
      params: { group_id: "acme", environment: "production" },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/protected_environments/production" },
      markdown: ["✅ Action completed successfully."],
    },
    // Service accounts and their tokens.
    {
      id: "group.service_account_create",
      params: { group_id: "acme", name: "Release bot", username: "release-bot" },
      request: { method: "POST", path: "/groups/acme/service_accounts", body: { name: "Release bot", username: "release-bot" } },
      markdown: ["## Service Account: release-bot", "- **ID**: 901", "- **Name**: Release bot"],
    },
    {
      id: "group.service_account_create",
      name: "a subgroup answers GitLab's reason",
      params: { group_id: "acme/platform" },
      request: { method: "POST", path: "/groups/acme%2Fplatform/service_accounts" },
      markdown: ["Group is not a top-level group"],
      isError: true,
    },
    {
      id: "group.service_account_list",
      params: { group_id: "acme", order_by: "username", sort: "asc" },
      request: { method: "GET", path: "/groups/acme/service_accounts", query: { order_by: "username", sort: "asc" } },
      markdown: ["## Service Accounts (1)", "`release-bot`"],
    },
    {
      id: "group.service_account_update",
      params: { group_id: "acme", user_id: 901, name: "Release robot" },
      request: { method: "PATCH", path: "/groups/acme/service_accounts/901", body: { name: "Release robot" } },
      markdown: ["## Service Account: release-bot", "- **Name**: Release robot"],
      check: (r) => {
        // The card shows only what the call changed.
        const text = (r.content[0] as { text: string }).text;
        assert.ok(!text.includes("**Email**"), text);
      },
    },
    {
      id: "group.service_account_pat_create",
      params: { group_id: "acme", user_id: 901, name: "deploy", scopes: ["read_api", "read_repository"], expires_at: "2027-01-31" },
      request: { method: "POST", path: "/groups/acme/service_accounts/901/personal_access_tokens", body: { name: "deploy", scopes: ["read_api", "read_repository"], expires_at: "2027-01-31" } },
      markdown: ["## Service Account Token: deploy", "Shown once", `\`${SECRET}\``, "- **Expires**: 31 Jan 2027"],
      check: (r) => assert.equal((r.structuredContent as { token: string }).token, SECRET),
    },
    {
      id: "group.service_account_pat_create",
      name: "an expiry that is not a date is refused before sending",
      params: { group_id: "acme", user_id: 901, name: "deploy", scopes: ["api"], expires_at: "next week" },
      markdown: ["expires_at", "date"],
      isError: true,
    },
    {
      id: "group.service_account_pat_list",
      params: { group_id: "acme", user_id: 901, state: "active" },
      request: { method: "GET", path: "/groups/acme/service_accounts/901/personal_access_tokens", query: { state: "active" } },
      markdown: ["## Service Account Tokens (1)", "deploy", "read_api, read_repository"],
      check: (r) => assert.ok(!JSON.stringify(r).includes(SECRET), "a token list never carries a token's value"),
    },
    {
      id: "group.service_account_pat_revoke",
      params: { group_id: "acme", user_id: 901, token_id: 701 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/service_accounts/901/personal_access_tokens/701" },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "group.service_account_delete",
      params: { group_id: "acme", user_id: 901, hard_delete: true },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/service_accounts/901", query: { hard_delete: "true" } },
      markdown: ["✅ Action completed successfully."],
    },
    // Credentials inventory of enterprise users.
    {
      id: "group.credential_list_pats",
      params: { group_id: "acme", state: "active" },
      request: { method: "GET", path: "/groups/acme/manage/personal_access_tokens", query: { state: "active" } },
      markdown: ["## Enterprise User Tokens (2)", "laptop", "ci-reader"],
    },
    {
      id: "group.credential_revoke_pat",
      params: { group_id: "acme", token_id: 502 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/manage/personal_access_tokens/502" },
      markdown: ["✅ Action completed successfully."],
    },
    {
      id: "group.credential_list_ssh_keys",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/manage/ssh_keys" },
      markdown: ["## Enterprise User SSH Keys (1)", "work laptop", "auth_and_signing"],
    },
    {
      id: "group.credential_delete_ssh_key",
      params: { group_id: "acme", key_id: 601 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/manage/ssh_keys/601" },
      markdown: ["✅ Action completed successfully."],
    },
    // SSH certificates.
    {
      id: "group.ssh_cert_create",
      params: { group_id: "acme", title: "Corporate CA", key: CA_KEY },
      request: { method: "POST", path: "/groups/acme/ssh_certificates", body: { title: "Corporate CA", key: CA_KEY } },
      markdown: ["## SSH Certificate: Corporate CA", "- **ID**: 1"],
    },
    {
      id: "group.ssh_cert_create",
      name: "text that is not a public key is refused before sending",
      params: { group_id: "acme", title: "Oops", key: "BEGIN CERTIFICATE" },
      markdown: ["key"],
      isError: true,
    },
    {
      id: "group.ssh_cert_list",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/ssh_certificates" },
      markdown: ["## Group SSH Certificates (1)", "Corporate CA"],
    },
    {
      id: "group.ssh_cert_delete",
      params: { group_id: "acme", ssh_certificate_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/ssh_certificates/1" },
      markdown: ["✅ Action completed successfully."],
    },
    // Secret push protection.
    {
      id: "group.security_settings_update",
      params: { group_id: "acme", secret_push_protection_enabled: true, projects_to_exclude: [42] },
      request: { method: "PUT", path: "/groups/acme/security_settings", body: { secret_push_protection_enabled: true, projects_to_exclude: [42] } },
      markdown: ["## Group Security Settings", "- **Secret Push Protection**: ✅"],
    },
  ],
};
