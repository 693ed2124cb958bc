// Instance administration, second half: settings, plan limits, GitLab feature flags, licenses, metadata,
// system hooks, Sidekiq metrics, Service Ping and events, imports from GitHub and Bitbucket, and a
// project's Terraform state. The server's token belongs to an administrator with the admin_mode scope;
// the two tables after the main one show the refusals: a token without admin_mode is told SAF-28's
// sentence and nothing is sent, and a token whose user is no administrator gets GitLab's own 403.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";
import { seedTerraformState } from "../sim/restAdminOps.js";

const sc = (r: CallToolResult) => (r.structuredContent ?? {}) as Record<string, unknown>;
const STATE_V1 = Buffer.from('{"version":4,"serial":1,"outputs":{"db_password":{"value":"s3cr3t-in-state"}}}');
const STATE_V2 = Buffer.from('{"version":4,"serial":2,"outputs":{"db_password":{"value":"s3cr3t-in-state"}},"resources":[]}');
const LICENSE_KEY = Buffer.from(JSON.stringify({ plan: "ultimate" })).toString("base64");
const LOCK = { lock_id: "8a1b-lock", operation: "OperationTypePlan", info: "", who: "ci@runner", version: "1.9.0", created: "2025-05-01T10:00:00Z", path: "" };
const LOCK_BODY = { ID: "8a1b-lock", Operation: "OperationTypePlan", Info: "", Who: "ci@runner", Version: "1.9.0", Created: "2025-05-01T10:00:00Z", Path: "" };

export const table: BehaviourTable = {
  domain: "admin (operations)",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } },
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "team/infra" });
    sim.addGroup({ full_path: "acme", id: 500 });
    seedTerraformState(sim.getProject(42)!, "production", [STATE_V1, STATE_V2]);
    seedTerraformState(sim.getProject(42)!, "empty", []);
  },
  cases: [
    // ---- settings
    {
      id: "admin.settings_get",
      params: {},
      request: { method: "GET", path: "/application/settings" },
      markdown: ["## Instance settings", "Default Project Visibility"],
    },
    {
      id: "admin.settings_update",
      name: "only the sent fields are shown, secrets reach GitLab",
      params: { signup_enabled: false, default_project_visibility: "internal", import_sources: ["github", "gitea"], akismet_api_key: "akismet-key-123" },
      request: { method: "PUT", path: "/application/settings", body: { signup_enabled: false, default_project_visibility: "internal", import_sources: ["github", "gitea"], akismet_api_key: "akismet-key-123" } },
      markdown: ["## Instance settings updated", "internal"],
      check(result) {
        const md = result.content.map((c) => ("text" in c ? c.text : "")).join("\n");
        assert.ok(!md.includes("Default Group Visibility"), "a field not sent is not shown");
        assert.equal(sc(result).default_project_visibility, "internal");
      },
    },
    {
      id: "admin.settings_update",
      name: "an unknown key is refused with a suggestion and nothing is sent",
      params: { signup_enabeld: false },
      markdown: [/signup_enabeld/, /signup_enabled/],
      isError: true,
    },
    {
      id: "admin.settings_update",
      name: "a bad enum is refused",
      params: { default_group_visibility: "secret" },
      markdown: [/default_group_visibility/],
      isError: true,
    },
    {
      id: "admin.settings_update",
      name: "GitLab's own validation answers",
      params: { deletion_adjourned_period: 90, default_branch_protection_defaults: { allowed_to_push: [{ access_level: 40 }], allow_force_push: false } },
      request: { method: "PUT", path: "/application/settings", body: { deletion_adjourned_period: 90, default_branch_protection_defaults: { allowed_to_push: [{ access_level: 40 }], allow_force_push: false } } },
      markdown: ["## Instance settings updated", "90"],
    },
    // ---- plan limits
    {
      id: "admin.plan_limits_get",
      params: { plan_name: "premium" },
      request: { method: "GET", path: "/application/plan_limits", query: { plan_name: "premium" } },
      markdown: ["## Plan limits", "CI Pipeline Schedules"],
    },
    {
      id: "admin.plan_limits_change",
      params: { plan_name: "default", ci_pipeline_schedules: 20, generic_packages_max_file_size: 1073741824 },
      request: { method: "PUT", path: "/application/plan_limits", body: { plan_name: "default", ci_pipeline_schedules: 20, generic_packages_max_file_size: 1073741824 } },
      markdown: ["## Plan limits updated", "20", "1073741824"],
    },
    {
      id: "admin.plan_limits_change",
      name: "plan_name is required",
      params: { ci_pipeline_schedules: 20 },
      markdown: [/plan_name/],
      isError: true,
    },
    // ---- feature flags
    {
      id: "admin.feature_set",
      name: "a percentage of time",
      params: { name: "new_library", value: "30" },
      request: { method: "POST", path: "/features/new_library", body: { value: "30" } },
      markdown: ["## Feature Flag: new_library", "conditional"],
    },
    {
      id: "admin.feature_set",
      name: "for some actors",
      params: { name: "my_feature", value: "true", user: "jdoe,alice", project: "team/infra", force: true },
      request: { method: "POST", path: "/features/my_feature", body: { value: "true", user: "jdoe,alice", project: "team/infra", force: true } },
      markdown: ["## Feature Flag: my_feature", "conditional"],
    },
    {
      id: "admin.feature_set",
      name: "a bad key is refused",
      params: { name: "x", value: "10", key: "percentage_of_users" },
      markdown: [/key/],
      isError: true,
    },
    {
      id: "admin.feature_list",
      params: {},
      request: { method: "GET", path: "/features" },
      markdown: ["GitLab Feature Flags", "`new_library`", "`my_feature`"],
    },
    {
      id: "admin.feature_list_definitions",
      params: {},
      request: { method: "GET", path: "/features/definitions" },
      markdown: ["GitLab Feature Flag Definitions", "`geo_pages_deployment_replication`", "group::geo"],
    },
    {
      id: "admin.feature_delete",
      params: { name: "my_feature" },
      confirm: true,
      request: { method: "DELETE", path: "/features/my_feature" },
      markdown: [/./],
    },
    {
      id: "admin.feature_delete",
      name: "destructive: refused without confirmation",
      params: { name: "new_library" },
      markdown: [/confirm/i],
      isError: true,
      surfaces: ["individual"],
    },
    // ---- licenses and metadata
    {
      id: "admin.license_add",
      params: { license: LICENSE_KEY },
      request: { method: "POST", path: "/license", body: { license: LICENSE_KEY } },
      markdown: ["## License: ultimate", "1 May 2026"],
    },
    {
      id: "admin.license_add",
      name: "an invalid key answers GitLab's reason",
      params: { license: "not-a-license" },
      request: { method: "POST", path: "/license" },
      markdown: [/license key is invalid/],
      isError: true,
    },
    {
      id: "admin.license_get",
      params: {},
      request: { method: "GET", path: "/license" },
      markdown: ["## License: ultimate"],
    },
    {
      id: "admin.license_delete",
      params: { license_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/license/1" },
      markdown: [/./],
    },
    {
      id: "admin.license_delete",
      name: "a missing license answers the not-found card",
      params: { license_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/license/1" },
      markdown: ["License Not Found"],
      isError: true,
    },
    {
      id: "admin.metadata_get",
      params: {},
      request: { method: "GET", path: "/metadata" },
      markdown: ["## GitLab 18.6.0"],
    },
    // ---- system hooks
    {
      id: "admin.system_hook_add",
      params: { url: "https://hooks.example.com/gitlab", name: "audit", token: "hook-secret-xyz", merge_requests_events: true, push_events_branch_filter: "main", branch_filter_strategy: "wildcard" },
      request: { method: "POST", path: "/hooks", body: { url: "https://hooks.example.com/gitlab", name: "audit", token: "hook-secret-xyz", merge_requests_events: true, push_events_branch_filter: "main", branch_filter_strategy: "wildcard" } },
      markdown: ["## System Hook 1: https://hooks.example.com/gitlab"],
      check(result) {
        assert.ok(!JSON.stringify(result).includes("hook-secret-xyz"), "the hook token is never answered");
      },
    },
    {
      id: "admin.system_hook_add",
      name: "url is required",
      params: { name: "x" },
      markdown: [/url/],
      isError: true,
    },
    {
      id: "admin.system_hook_list",
      params: {},
      request: { method: "GET", path: "/hooks" },
      markdown: ["System Hooks", "audit"],
    },
    {
      id: "admin.system_hook_get",
      params: { hook_id: 1 },
      request: { method: "GET", path: "/hooks/1" },
      markdown: ["## System Hook 1", "`main`"],
    },
    {
      id: "admin.system_hook_test",
      params: { hook_id: 1 },
      request: { method: "POST", path: "/hooks/1" },
      markdown: ["Test event sent: project_create"],
    },
    {
      id: "admin.system_hook_delete",
      params: { hook_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/hooks/1" },
      markdown: [/./],
    },
    {
      id: "admin.system_hook_get",
      name: "a deleted hook answers the not-found card",
      params: { hook_id: 1 },
      request: { method: "GET", path: "/hooks/1" },
      markdown: ["System Hook Not Found"],
      isError: true,
    },
    // ---- Sidekiq
    { id: "admin.sidekiq_queue_metrics", params: {}, request: { method: "GET", path: "/sidekiq/queue_metrics" }, markdown: ["## Sidekiq queue metrics", "mailers"] },
    { id: "admin.sidekiq_process_metrics", params: {}, request: { method: "GET", path: "/sidekiq/process_metrics" }, markdown: ["## Sidekiq process metrics", "gitlab-sidekiq-0"] },
    { id: "admin.sidekiq_job_stats", params: {}, request: { method: "GET", path: "/sidekiq/job_stats" }, markdown: ["## Sidekiq job statistics", "2107", "33"] },
    { id: "admin.sidekiq_compound_metrics", params: {}, request: { method: "GET", path: "/sidekiq/compound_metrics" }, markdown: ["## Sidekiq metrics", "2107"] },
    // ---- Service Ping and events
    { id: "admin.usage_data_service_ping", params: {}, request: { method: "GET", path: "/usage_data/service_ping" }, markdown: ["## Service Ping of gitlab.example.com", "18.6.0-ee"] },
    { id: "admin.usage_data_queries", params: {}, request: { method: "GET", path: "/usage_data/queries" }, markdown: ["## Service Ping of gitlab.example.com"], check: (r) => assert.match(JSON.stringify(sc(r).counts), /SELECT COUNT/) },
    { id: "admin.usage_data_non_sql_metrics", params: {}, request: { method: "GET", path: "/usage_data/non_sql_metrics" }, markdown: ["## Service Ping of gitlab.example.com"] },
    { id: "admin.usage_data_metric_definitions", params: {}, request: { method: "GET", path: "/usage_data/metric_definitions" }, markdown: ["Metric definitions", "i_search_paid_monthly"] },
    {
      id: "admin.usage_data_track_event",
      params: { event: "mr_name_changed", send_to_snowplow: true, namespace_id: 1, project_id: 42, additional_properties: { lang: "eng" } },
      request: { method: "POST", path: "/usage_data/track_event", body: { event: "mr_name_changed", send_to_snowplow: true, namespace_id: 1, project_id: 42, additional_properties: { lang: "eng" } } },
      markdown: [/./],
    },
    {
      id: "admin.usage_data_track_events",
      params: { events: [{ event: "mr_name_changed", project_id: 42 }, { event: "i_code_review_user_create_mr", namespace_id: 1 }] },
      request: { method: "POST", path: "/usage_data/track_events", body: { events: [{ event: "mr_name_changed", project_id: 42 }, { event: "i_code_review_user_create_mr", namespace_id: 1 }] } },
      markdown: [/./],
    },
    // ---- imports (long-running: accepted, then polled with project.import_status)
    {
      id: "admin.import_github",
      params: { personal_access_token: "ghp_secret123", repo_id: 12345, target_namespace: "acme", new_name: "octo-app", optional_stages: { attachments_import: true }, timeout_strategy: "optimistic" },
      request: { method: "POST", path: "/import/github", body: { personal_access_token: "ghp_secret123", repo_id: 12345, target_namespace: "acme", new_name: "octo-app", optional_stages: { attachments_import: true }, timeout_strategy: "optimistic" } },
      markdown: ["Import started: /acme/octo-app", "scheduled", "project.import_status"],
      check(result) {
        assert.ok(!JSON.stringify(result).includes("ghp_secret123"), "the GitHub token is never answered");
      },
    },
    {
      id: "admin.import_github",
      name: "a refused token answers GitLab's 422",
      params: { personal_access_token: "bad-token", repo_id: 1, target_namespace: "acme" },
      request: { method: "POST", path: "/import/github" },
      markdown: [/invalid data|Access denied/],
      isError: true,
    },
    {
      id: "admin.import_cancel_github",
      params: { project_id: 43 },
      request: { method: "POST", path: "/import/github/cancel", body: { project_id: 43 } },
      markdown: ["Import canceled: /acme/octo-app", "canceled"],
    },
    {
      id: "admin.import_cancel_github",
      name: "an import already over answers 400",
      params: { project_id: 43 },
      request: { method: "POST", path: "/import/github/cancel" },
      markdown: [/cannot be canceled/],
      isError: true,
    },
    {
      id: "admin.import_gists",
      params: { personal_access_token: "ghp_gists" },
      request: { method: "POST", path: "/import/github/gists", body: { personal_access_token: "ghp_gists" } },
      markdown: ["Gist import started", "202"],
    },
    {
      id: "admin.import_gists",
      name: "a second import while one runs answers 422",
      params: { personal_access_token: "ghp_gists" },
      request: { method: "POST", path: "/import/github/gists" },
      markdown: [/already in progress/],
      isError: true,
    },
    {
      id: "admin.import_bitbucket_server",
      params: { bitbucket_server_url: "https://bitbucket.example.com", bitbucket_server_username: "root", personal_access_token: "bbs-token", bitbucket_server_project: "NEW", bitbucket_server_repo: "my-repo", target_namespace: "acme", timeout_strategy: "pessimistic" },
      request: { method: "POST", path: "/import/bitbucket_server", body: { bitbucket_server_url: "https://bitbucket.example.com", bitbucket_server_username: "root", personal_access_token: "bbs-token", bitbucket_server_project: "NEW", bitbucket_server_repo: "my-repo", target_namespace: "acme", timeout_strategy: "pessimistic" } },
      markdown: ["Import started: /acme/my-repo", "NEW/my-repo"],
    },
    {
      id: "admin.import_bitbucket",
      params: { bitbucket_username: "jdoe", bitbucket_app_password: "app-pass", repo_path: "jdoe/cloud-app", target_namespace: "acme", new_name: "cloud-app" },
      request: { method: "POST", path: "/import/bitbucket", body: { bitbucket_username: "jdoe", bitbucket_app_password: "app-pass", repo_path: "jdoe/cloud-app", target_namespace: "acme", new_name: "cloud-app" } },
      markdown: ["Import started: /acme/cloud-app", "scheduled"],
    },
    {
      id: "admin.import_bitbucket",
      name: "target_namespace is required",
      params: { bitbucket_username: "jdoe", bitbucket_app_password: "app-pass", repo_path: "jdoe/cloud-app" },
      markdown: [/target_namespace/],
      isError: true,
    },
    // ---- Terraform state
    {
      id: "admin.terraform_state_get",
      name: "size and checksum, never the state's content",
      params: { project_id: "team/infra", state_name: "production" },
      request: { method: "GET", path: "/projects/team%2Finfra/terraform/state/production" },
      markdown: ["SHA-256", createHash("sha256").update(STATE_V2).digest("hex")],
      check(result) {
        assert.ok(!JSON.stringify(result).includes("s3cr3t-in-state"), "no byte of the state is in the result");
        assert.equal(sc(result).size, STATE_V2.length);
      },
    },
    {
      id: "admin.terraform_state_get",
      name: "a state without a file answers empty",
      params: { project_id: 42, state_name: "empty" },
      request: { method: "GET", path: "/projects/42/terraform/state/empty" },
      markdown: ["Terraform state"],
      check: (r) => assert.equal(sc(r).empty, true),
    },
    {
      id: "admin.terraform_state_get",
      name: "a missing state answers the not-found card",
      params: { project_id: 42, state_name: "nope" },
      request: { method: "GET", path: "/projects/42/terraform/state/nope" },
      markdown: ["Terraform State Not Found"],
      isError: true,
    },
    {
      id: "admin.terraform_state_lock",
      params: { project_id: 42, state_name: "production", ...LOCK },
      request: { method: "POST", path: "/projects/42/terraform/state/production/lock", body: LOCK_BODY },
      markdown: ["Terraform state locked: 8a1b-lock"],
    },
    {
      id: "admin.terraform_state_lock",
      name: "a lock held by another answers 409",
      params: { project_id: 42, state_name: "production", ...LOCK, lock_id: "other-lock" },
      request: { method: "POST", path: "/projects/42/terraform/state/production/lock" },
      markdown: [/conflict/],
      isError: true,
    },
    {
      id: "admin.terraform_state_unlock",
      params: { project_id: 42, state_name: "production", lock_id: "8a1b-lock" },
      request: { method: "DELETE", path: "/projects/42/terraform/state/production/lock", query: { ID: "8a1b-lock" } },
      markdown: [/./],
    },
    {
      id: "admin.terraform_version_delete",
      params: { project_id: 42, state_name: "production", version_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/terraform/state/production/versions/1" },
      markdown: [/./],
    },
    {
      id: "admin.terraform_version_delete",
      name: "a missing version answers the not-found card",
      params: { project_id: 42, state_name: "production", version_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/terraform/state/production/versions/1" },
      markdown: ["Terraform State Version Not Found"],
      isError: true,
    },
    {
      id: "admin.terraform_state_delete",
      params: { project_id: 42, state_name: "production" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/terraform/state/production" },
      markdown: [/./],
    },
  ],
};

const withheld = (id: string) =>
  `action "${id}" exists but is not available to this session: the credential in use does not carry a GitLab scope that covers it, so a narrowed action surface was built for it. Reauthorize with the api scope to use it; do not report the capability as missing. The token also needs the admin_mode scope.`;

/** An administrator's api token without admin_mode: the administrator actions are withheld, nothing is sent. */
export const noAdminMode: BehaviourTable = {
  domain: "admin (operations, no admin_mode)",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api"], admin: true } } },
  seed() {},
  cases: [
    { id: "admin.settings_update", params: { signup_enabled: false }, markdown: [withheld("admin.settings_update")], isError: true },
    { id: "admin.sidekiq_job_stats", params: {}, markdown: [withheld("admin.sidekiq_job_stats")], isError: true },
    { id: "admin.metadata_get", name: "metadata is for every user", params: {}, request: { method: "GET", path: "/metadata" }, markdown: ["## GitLab"] },
  ],
};

/** A token with admin_mode whose user is no administrator: GitLab's own 403 reaches the caller. */
export const notAdmin: BehaviourTable = {
  domain: "admin (operations, not an administrator)",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"] } } },
  seed() {},
  cases: [
    { id: "admin.settings_get", params: {}, request: { method: "GET", path: "/application/settings" }, markdown: [/access denied/], isError: true },
    { id: "admin.system_hook_list", params: {}, request: { method: "GET", path: "/hooks" }, markdown: [/access denied/], isError: true },
  ],
};
