// Instance administration, first half: statistics, appearance, OAuth applications, broadcast messages,
// migrations by direct transfer, Kubernetes agents, custom attributes, database migrations, the dependency
// proxy, error tracking, topics, secure files and alert metric images. The server's token belongs to an
// administrator with the admin_mode scope; admin_instance.test.ts adds a table for a non-administrator.
// The simulator follows GitLab's API documentation (test/sim/restAdminInstance*.ts).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";
import type { GitLabSimulator } from "../sim/simulator.js";
import { seedPendingMigration, seedTopic } from "../sim/restAdminInstance.js";
import { seedAlert, seedBulkImportFailure, seedErrorTracking } from "../sim/restAdminInstanceProjects.js";
import type { SimState } from "../sim/state.js";

const stateOf = (sim: GitLabSimulator): SimState => (sim as unknown as { state: SimState }).state;
const structured = (r: CallToolResult) => (r.structuredContent ?? {}) as Record<string, unknown>;

/** A known secret must reach only the request to GitLab: never the log, always once in the answer. */
const SOURCE_TOKEN = "glpat-source-instance-secret-0001";

const IMAGE = Buffer.from("\x89PNG\r\n\x1a\nchart").toString("base64");
const KEYSTORE = Buffer.from("keystore bytes").toString("base64");
/** A local file in the temporary directory, which uploads over stdio may read (SAF-46). */
const LOCAL_PROFILE = join(mkdtempSync(join(tmpdir(), "admin-instance-")), "app.mobileprovision");
writeFileSync(LOCAL_PROFILE, Buffer.from([0, 1, 2, 255, 254, 10, 13]));

export const table: BehaviourTable = {
  domain: "admin (instance)",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } },
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "team/app" });
    sim.addGroup({ full_path: "acme", id: 500 });
    sim.addUser({ id: 7, username: "alice" });
    const state = stateOf(sim);
    seedAlert(state, 42, 3);
    seedErrorTracking(state, 42, { active: false, integrated: true, project_name: "app" });
    seedPendingMigration(state, 20240101120000, "ci");
    seedTopic(state, { name: "kubernetes", title: "Kubernetes", total_projects_count: 12 });
    seedTopic(state, { name: "orphan", title: "Orphan", total_projects_count: 0, organization_id: 2 });
  },
  cases: [
    // ---- statistics and appearance
    {
      id: "admin.app_statistics_get",
      params: {},
      request: { method: "GET", path: "/application/statistics" },
      markdown: ["## Instance statistics", "- **Projects**: 1", /- \*\*Groups\*\*: \d+/],
    },
    {
      id: "admin.appearance_get",
      params: {},
      request: { method: "GET", path: "/application/appearance" },
      markdown: ["## Instance appearance: GitLab", "- **Message Background**: `#E75E40`"],
    },
    {
      id: "admin.appearance_update",
      params: { header_message: "Maintenance tonight", message_background_color: "#333333", email_header_and_footer_enabled: true },
      request: { method: "PUT", path: "/application/appearance", body: { header_message: "Maintenance tonight", message_background_color: "#333333", email_header_and_footer_enabled: true } },
      markdown: ["Instance appearance updated", "Maintenance tonight", "#333333"],
    },
    {
      id: "admin.appearance_update",
      name: "a color GitLab refuses answers its 400",
      params: { message_font_color: "white" },
      request: { method: "PUT", path: "/application/appearance" },
      markdown: [/valid color code/],
      isError: true,
    },
    // ---- OAuth applications
    {
      id: "admin.application_list",
      name: "none yet",
      params: {},
      request: { method: "GET", path: "/applications" },
      markdown: ["No OAuth applications."],
    },
    {
      id: "admin.application_create",
      params: { name: "Grafana", redirect_uri: "https://grafana.example.com/login/gitlab", scopes: "read_api openid" },
      request: { method: "POST", path: "/applications", body: { name: "Grafana", redirect_uri: "https://grafana.example.com/login/gitlab", scopes: "read_api openid" } },
      markdown: ["## OAuth application created: Grafana", "Shown once", /- \*\*Secret\*\*: `gloas-[0-9a-f]{64}`/],
      check: (r) => {
        const s = structured(r);
        assert.match(String(s.secret), /^gloas-/);
        assert.match(String(s.token_notice), /Shown once/);
      },
    },
    {
      id: "admin.application_create",
      name: "an unknown scope answers GitLab's 400",
      params: { name: "Bad", redirect_uri: "https://x.example.com/cb", scopes: "everything", confidential: false },
      request: { method: "POST", path: "/applications", body: { name: "Bad", redirect_uri: "https://x.example.com/cb", scopes: "everything", confidential: false } },
      markdown: [/doesn't match configured on the server/],
      isError: true,
    },
    {
      id: "admin.application_create",
      name: "a missing required param is refused before GitLab",
      params: { name: "NoScopes", redirect_uri: "https://x.example.com/cb" },
      markdown: ["scopes"],
      isError: true,
    },
    {
      id: "admin.application_list",
      params: {},
      request: { method: "GET", path: "/applications" },
      markdown: ["OAuth Applications", "| 1 | Grafana |"],
      check: (r) => assert.ok(!JSON.stringify(r).includes("gloas-"), "a list never carries the secret"),
    },
    {
      id: "admin.application_delete",
      name: "without confirmation nothing is sent",
      params: { application_id: 1 },
      markdown: [/confirm/i],
      isError: true,
    },
    {
      id: "admin.application_delete",
      params: { application_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/applications/1" },
      markdown: [/./],
    },
    {
      id: "admin.application_delete",
      name: "a deleted application answers the not-found card",
      params: { application_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/applications/1" },
      markdown: ["Application Not Found"],
      isError: true,
    },
    // ---- broadcast messages
    {
      id: "admin.broadcast_message_create",
      params: {
        message: "Upgrade to 19.0 on Saturday",
        starts_at: "2030-01-04T08:00:00Z",
        ends_at: "2030-01-04T12:00:00Z",
        broadcast_type: "notification",
        target_access_levels: [30, 40],
        target_path: "dashboard/*",
        dismissable: true,
        theme: "light-blue",
        font: "#FFFFFF",
      },
      request: {
        method: "POST",
        path: "/broadcast_messages",
        body: {
          message: "Upgrade to 19.0 on Saturday",
          starts_at: "2030-01-04T08:00:00Z",
          ends_at: "2030-01-04T12:00:00Z",
          broadcast_type: "notification",
          target_access_levels: [30, 40],
          target_path: "dashboard/*",
          dismissable: true,
          theme: "light-blue",
          font: "#FFFFFF",
        },
      },
      markdown: ["## Broadcast message 1", "- **Type**: notification", "- **Theme**: light-blue", "- **Active**: ❌"],
    },
    {
      id: "admin.broadcast_message_create",
      name: "a theme GitLab does not have is refused before sending",
      params: { message: "x", theme: "purple" },
      markdown: ["theme"],
      isError: true,
    },
    {
      id: "admin.broadcast_message_create",
      name: "a role level GitLab does not have is refused before sending",
      params: { message: "x", target_access_levels: [15] },
      markdown: ["target_access_levels"],
      isError: true,
    },
    {
      id: "admin.broadcast_message_list",
      params: { per_page: 10 },
      request: { method: "GET", path: "/broadcast_messages", query: { per_page: "10" } },
      markdown: ["Broadcast Messages", "Upgrade to 19.0 on Saturday"],
    },
    {
      id: "admin.broadcast_message_get",
      params: { broadcast_message_id: 1 },
      request: { method: "GET", path: "/broadcast_messages/1" },
      markdown: ["## Broadcast message 1", "- **Target Path**: `dashboard/*`"],
    },
    {
      id: "admin.broadcast_message_update",
      params: { broadcast_message_id: 1, message: "Upgrade moved to Sunday", dismissable: false },
      request: { method: "PUT", path: "/broadcast_messages/1", body: { message: "Upgrade moved to Sunday", dismissable: false } },
      markdown: ["Upgrade moved to Sunday"],
    },
    {
      id: "admin.broadcast_message_delete",
      params: { broadcast_message_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/broadcast_messages/1" },
      markdown: [/./],
    },
    {
      id: "admin.broadcast_message_get",
      name: "a deleted message answers the not-found card",
      params: { broadcast_message_id: 1 },
      request: { method: "GET", path: "/broadcast_messages/1" },
      markdown: ["Broadcast message Not Found"],
      isError: true,
    },
    // ---- migrations by direct transfer
    {
      id: "admin.bulk_import_start",
      params: {
        configuration: { url: "https://source.example.com", access_token: SOURCE_TOKEN },
        entities: [{ source_type: "group_entity", source_full_path: "old/platform", destination_slug: "platform", destination_namespace: "acme", migrate_memberships: false }],
      },
      request: {
        method: "POST",
        path: "/bulk_imports",
        body: {
          configuration: { url: "https://source.example.com", access_token: SOURCE_TOKEN },
          entities: [{ source_type: "group_entity", source_full_path: "old/platform", destination_slug: "platform", destination_namespace: "acme", migrate_memberships: false }],
        },
      },
      markdown: [/## Migration \d+ started: created/, "bulk_import_get"],
      check: (r) => assert.ok(!JSON.stringify(r).includes(SOURCE_TOKEN), "the source token never comes back"),
    },
    {
      id: "admin.bulk_import_start",
      name: "a source type GitLab does not have is refused before sending",
      params: { configuration: { url: "https://s.example.com", access_token: "x" }, entities: [{ source_type: "user_entity", source_full_path: "a", destination_namespace: "acme" }] },
      markdown: ["source_type"],
      isError: true,
    },
    {
      id: "admin.bulk_import_get",
      name: "the first poll finds it started",
      params: { bulk_import_id: 1 },
      request: { method: "GET", path: "/bulk_imports/1" },
      markdown: ["## Migration 1: started", "bulk_import_get"],
    },
    {
      id: "admin.bulk_import_get",
      name: "the next poll finds it finished",
      params: { bulk_import_id: 1 },
      request: { method: "GET", path: "/bulk_imports/1" },
      markdown: ["## Migration 1: finished"],
    },
    {
      id: "admin.bulk_import_list",
      params: { status: "finished", sort: "asc" },
      request: { method: "GET", path: "/bulk_imports", query: { status: "finished", sort: "asc" } },
      markdown: ["Migrations by Direct Transfer", "| 1 |"],
    },
    {
      id: "admin.bulk_import_list",
      name: "a status filter narrows the answer",
      params: { status: "failed" },
      request: { method: "GET", path: "/bulk_imports", query: { status: "failed" } },
      markdown: ["No migrations."],
    },
    {
      id: "admin.bulk_import_entity_list",
      params: { bulk_import_id: 1 },
      request: { method: "GET", path: "/bulk_imports/1/entities", query: {} },
      markdown: ["Migration Entities", "`old/platform`", "`acme/platform`"],
    },
    {
      id: "admin.bulk_import_entity_get",
      params: { bulk_import_id: 1, entity_id: 1 },
      request: { method: "GET", path: "/bulk_imports/1/entities/1" },
      markdown: ["## Migration entity 1: finished", "- **Migrate Memberships**: ❌"],
    },
    {
      id: "admin.bulk_import_entity_get",
      name: "an entity of another migration answers the not-found card",
      params: { bulk_import_id: 1, entity_id: 99 },
      request: { method: "GET", path: "/bulk_imports/1/entities/99" },
      markdown: ["Migration entity Not Found"],
      isError: true,
    },
    {
      id: "admin.bulk_import_entity_failures",
      name: "none",
      params: { bulk_import_id: 1, entity_id: 1 },
      request: { method: "GET", path: "/bulk_imports/1/entities/1/failures" },
      markdown: ["This entity has no failed records."],
      check: (_r, sim) => seedBulkImportFailure(stateOf(sim), 1, { relation: "issues", exception_message: "Validation failed: Title is too long", exception_class: "ActiveRecord::RecordInvalid", correlation_id_value: "06289e4b", source_url: "https://source.example.com/old/platform/-/issues/1", source_title: "A very long title" }),
    },
    {
      id: "admin.bulk_import_entity_failures",
      params: { bulk_import_id: 1, entity_id: 1, per_page: 5 },
      request: { method: "GET", path: "/bulk_imports/1/entities/1/failures", query: { per_page: "5" } },
      markdown: ["Migration Failures", "`issues`", "Validation failed: Title is too long"],
    },
    {
      id: "admin.bulk_import_start",
      name: "a second migration to cancel",
      params: { configuration: { url: "https://source.example.com", access_token: SOURCE_TOKEN }, entities: [{ source_type: "project_entity", source_full_path: "old/tool", destination_slug: "tool", destination_namespace: "acme" }] },
      request: { method: "POST", path: "/bulk_imports" },
      markdown: [/## Migration 2 started: created/],
    },
    {
      id: "admin.bulk_import_cancel",
      params: { bulk_import_id: 2 },
      request: { method: "POST", path: "/bulk_imports/2/cancel" },
      markdown: ["## Migration 2: canceled"],
    },
    {
      id: "admin.bulk_import_cancel",
      name: "an unknown migration answers the not-found card",
      params: { bulk_import_id: 404 },
      request: { method: "POST", path: "/bulk_imports/404/cancel" },
      markdown: ["Migration Not Found"],
      isError: true,
    },
    // ---- Kubernetes agents
    {
      id: "admin.cluster_agent_register",
      params: { project_id: "team/app", name: "prod-agent" },
      request: { method: "POST", path: "/projects/team%2Fapp/cluster_agents", body: { name: "prod-agent" } },
      markdown: ["## Kubernetes agent: prod-agent", "`team/app`", "cluster_agent_token_create"],
    },
    {
      id: "admin.cluster_agent_register",
      name: "a taken name answers GitLab's 400",
      params: { project_id: 42, name: "prod-agent" },
      request: { method: "POST", path: "/projects/42/cluster_agents" },
      markdown: [/has already been taken/],
      isError: true,
    },
    {
      id: "admin.cluster_agent_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/cluster_agents" },
      markdown: ["Kubernetes Agents", "`prod-agent`"],
    },
    {
      id: "admin.cluster_agent_get",
      params: { project_id: 42, agent_id: 1 },
      request: { method: "GET", path: "/projects/42/cluster_agents/1" },
      markdown: ["## Kubernetes agent: prod-agent", "- **Receptive**: ❌"],
    },
    {
      id: "admin.cluster_agent_token_create",
      params: { project_id: 42, agent_id: 1, name: "ci", description: "Token for CI deploys" },
      request: { method: "POST", path: "/projects/42/cluster_agents/1/tokens", body: { name: "ci", description: "Token for CI deploys" } },
      markdown: ["## Agent token created: ci", "Shown once", /- \*\*Token\*\*: `glagent-[0-9a-f]+`/],
    },
    {
      id: "admin.cluster_agent_token_list",
      params: { project_id: 42, agent_id: 1 },
      request: { method: "GET", path: "/projects/42/cluster_agents/1/tokens" },
      markdown: ["Agent Tokens", "| 1 | ci |"],
      check: (r) => assert.ok(!JSON.stringify(r).includes("glagent-"), "a list never carries the token"),
    },
    {
      id: "admin.cluster_agent_token_get",
      params: { project_id: 42, agent_id: 1, token_id: 1 },
      request: { method: "GET", path: "/projects/42/cluster_agents/1/tokens/1" },
      markdown: ["## Agent token: ci", "Token for CI deploys"],
    },
    {
      id: "admin.cluster_agent_token_revoke",
      params: { project_id: 42, agent_id: 1, token_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/cluster_agents/1/tokens/1" },
      markdown: [/./],
    },
    {
      id: "admin.cluster_agent_token_get",
      name: "a revoked token says so",
      params: { project_id: 42, agent_id: 1, token_id: 1 },
      request: { method: "GET", path: "/projects/42/cluster_agents/1/tokens/1" },
      markdown: ["revoked"],
    },
    {
      id: "admin.cluster_agent_delete",
      params: { project_id: 42, agent_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/cluster_agents/1" },
      markdown: [/./],
    },
    {
      id: "admin.cluster_agent_get",
      name: "a deleted agent answers the not-found card",
      params: { project_id: 42, agent_id: 1 },
      request: { method: "GET", path: "/projects/42/cluster_agents/1" },
      markdown: ["Agent Not Found"],
      isError: true,
    },
    // ---- custom attributes
    {
      id: "admin.custom_attr_set",
      params: { resource_type: "users", resource_id: 7, key: "location", value: "Berlin" },
      request: { method: "PUT", path: "/users/7/custom_attributes/location", body: { value: "Berlin" } },
      markdown: ["## Custom attribute: location", "- **Value**: Berlin"],
    },
    {
      id: "admin.custom_attr_set",
      name: "on a group by path",
      params: { resource_type: "groups", resource_id: "acme", key: "cost_center", value: "42" },
      request: { method: "PUT", path: "/groups/acme/custom_attributes/cost_center", body: { value: "42" } },
      markdown: ["## Custom attribute: cost_center"],
    },
    {
      id: "admin.custom_attr_set",
      name: "a resource type GitLab does not have is refused before sending",
      params: { resource_type: "runners", resource_id: 1, key: "k", value: "v" },
      markdown: ["resource_type"],
      isError: true,
    },
    {
      id: "admin.custom_attr_list",
      params: { resource_type: "users", resource_id: 7 },
      request: { method: "GET", path: "/users/7/custom_attributes" },
      markdown: ["Custom Attributes", "| `location` | Berlin |"],
    },
    {
      id: "admin.custom_attr_get",
      params: { resource_type: "groups", resource_id: "acme", key: "cost_center" },
      request: { method: "GET", path: "/groups/acme/custom_attributes/cost_center" },
      markdown: ["## Custom attribute: cost_center", "- **Value**: 42"],
    },
    {
      id: "admin.custom_attr_delete",
      params: { resource_type: "users", resource_id: 7, key: "location" },
      confirm: true,
      request: { method: "DELETE", path: "/users/7/custom_attributes/location" },
      markdown: [/./],
    },
    {
      id: "admin.custom_attr_get",
      name: "a deleted attribute answers the not-found card",
      params: { resource_type: "users", resource_id: 7, key: "location" },
      request: { method: "GET", path: "/users/7/custom_attributes/location" },
      markdown: ["Custom attribute Not Found"],
      isError: true,
    },
    // ---- database migrations
    {
      id: "admin.db_migration_mark",
      params: { version: 20240101120000, database: "ci" },
      request: { method: "POST", path: "/admin/migrations/20240101120000/mark", body: { database: "ci" } },
      markdown: [/./],
    },
    {
      id: "admin.db_migration_mark",
      name: "a migration that is not pending answers GitLab's 404",
      params: { version: 20240101120000, database: "ci" },
      request: { method: "POST", path: "/admin/migrations/20240101120000/mark" },
      markdown: [/Migration Not Found/],
      isError: true,
    },
    // ---- dependency proxy
    {
      id: "admin.dependency_proxy_delete",
      params: { group_id: "acme" },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/dependency_proxy/cache" },
      markdown: ["## Dependency proxy purge scheduled", "202 Accepted", "background"],
    },
    // ---- error tracking
    {
      id: "admin.error_tracking_get_settings",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/error_tracking/settings" },
      markdown: ["## Error tracking: app", "- **Active**: ❌", "- **Integrated**: ✅"],
    },
    {
      id: "admin.error_tracking_update_settings",
      params: { project_id: 42, active: true, integrated: true },
      request: { method: "PATCH", path: "/projects/42/error_tracking/settings", body: { active: true, integrated: true } },
      markdown: ["## Error tracking: app", "- **Active**: ✅"],
    },
    {
      id: "admin.error_tracking_update_settings",
      name: "active is required",
      params: { project_id: 42, integrated: false },
      markdown: ["active"],
      isError: true,
    },
    {
      id: "admin.error_tracking_create",
      params: { project_id: 42 },
      request: { method: "POST", path: "/projects/42/error_tracking/client_keys" },
      markdown: ["## Client key created", /- \*\*DSN\*\*: `http.*glet_[0-9a-f]+@.*\/api\/v4\/error_tracking\/collector\/42`/],
    },
    {
      id: "admin.error_tracking_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/error_tracking/client_keys" },
      markdown: ["Error Tracking Client Keys", "glet_"],
    },
    {
      id: "admin.error_tracking_delete",
      params: { project_id: 42, key_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/error_tracking/client_keys/1" },
      markdown: [/./],
    },
    {
      id: "admin.error_tracking_list",
      name: "empty after the delete",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/error_tracking/client_keys" },
      markdown: ["This project has no error tracking client keys."],
    },
    // ---- topics
    {
      id: "admin.topic_list",
      params: {},
      request: { method: "GET", path: "/topics" },
      markdown: ["Topics", "`kubernetes`", "`orphan`"],
    },
    {
      id: "admin.topic_list",
      name: "filters narrow the answer",
      params: { without_projects: true, organization_id: 2, search: "orph" },
      request: { method: "GET", path: "/topics", query: { without_projects: "true", organization_id: "2", search: "orph" } },
      markdown: ["`orphan`"],
      check: (r) => assert.ok(!JSON.stringify(r.structuredContent).includes("kubernetes")),
    },
    {
      id: "admin.topic_create",
      params: { name: "gitops", title: "GitOps", description: "Infrastructure from Git." },
      request: { method: "POST", path: "/topics", body: { name: "gitops", title: "GitOps", description: "Infrastructure from Git." } },
      markdown: ["## Topic: GitOps", "- **Name**: `gitops`", "Infrastructure from Git."],
    },
    {
      id: "admin.topic_create",
      name: "a taken name answers GitLab's 400",
      params: { name: "gitops", title: "Again" },
      request: { method: "POST", path: "/topics" },
      markdown: [/has already been taken/],
      isError: true,
    },
    {
      id: "admin.topic_get",
      params: { topic_id: 3 },
      request: { method: "GET", path: "/topics/3" },
      markdown: ["## Topic: GitOps"],
    },
    {
      id: "admin.topic_update",
      params: { topic_id: 3, title: "Git Ops" },
      request: { method: "PUT", path: "/topics/3", body: { title: "Git Ops" } },
      markdown: ["## Topic: Git Ops"],
    },
    {
      id: "admin.topic_delete",
      params: { topic_id: 3 },
      confirm: true,
      request: { method: "DELETE", path: "/topics/3" },
      markdown: [/./],
    },
    {
      id: "admin.topic_get",
      name: "a deleted topic answers the not-found card",
      params: { topic_id: 3 },
      request: { method: "GET", path: "/topics/3" },
      markdown: ["Topic Not Found"],
      isError: true,
    },
    // ---- secure files
    {
      id: "admin.secure_file_create",
      params: { project_id: 42, name: "release.keystore", content_base64: KEYSTORE, file_name: "release.keystore" },
      request: { method: "POST", path: "/projects/42/secure_files" },
      markdown: ["## Secure file: release.keystore", "sha256", "`keystore`"],
      check: (_r, sim) => {
        const body = sim.log[sim.log.length - 1].body as Record<string, unknown>;
        assert.equal(body.name, "release.keystore");
        assert.equal((body.file as { filename: string }).filename, "release.keystore");
      },
    },
    {
      id: "admin.secure_file_create",
      name: "from a local file on stdio, bytes intact",
      params: { project_id: 42, name: "app.mobileprovision", file_path: LOCAL_PROFILE },
      request: { method: "POST", path: "/projects/42/secure_files" },
      markdown: ["## Secure file: app.mobileprovision"],
      check: (r, sim) => {
        const body = sim.log[sim.log.length - 1].body as Record<string, unknown>;
        assert.deepEqual([...(body.file as { bytes: Buffer }).bytes], [0, 1, 2, 255, 254, 10, 13]);
        assert.equal(structured(r).checksum, createHash("sha256").update(Buffer.from([0, 1, 2, 255, 254, 10, 13])).digest("hex"));
      },
    },
    {
      id: "admin.secure_file_create",
      name: "neither file_path nor content_base64 is refused before sending",
      params: { project_id: 42, name: "x.p12" },
      markdown: ["file_path or content_base64"],
      isError: true,
    },
    {
      id: "admin.secure_file_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/secure_files" },
      markdown: ["Secure Files", "`release.keystore`", "`app.mobileprovision`"],
    },
    {
      id: "admin.secure_file_get",
      params: { project_id: 42, secure_file_id: 1 },
      request: { method: "GET", path: "/projects/42/secure_files/1" },
      markdown: ["## Secure file: release.keystore", "- **Algorithm**: sha256"],
    },
    {
      id: "admin.secure_file_delete",
      params: { project_id: 42, secure_file_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/secure_files/1" },
      markdown: [/./],
    },
    {
      id: "admin.secure_file_get",
      name: "a deleted file answers the not-found card",
      params: { project_id: 42, secure_file_id: 1 },
      request: { method: "GET", path: "/projects/42/secure_files/1" },
      markdown: ["Secure file Not Found"],
      isError: true,
    },
    // ---- alert metric images
    {
      id: "admin.alert_metric_image_upload",
      params: { project_id: 42, alert_iid: 3, content_base64: IMAGE, file_name: "cpu.png", url: "https://grafana.example.com/d/cpu", url_text: "CPU dashboard" },
      request: { method: "POST", path: "/projects/42/alert_management_alerts/3/metric_images" },
      markdown: ["## Metric image uploaded: cpu.png", "CPU dashboard"],
      check: (_r, sim) => {
        const body = sim.log[sim.log.length - 1].body as Record<string, unknown>;
        assert.equal(body.url, "https://grafana.example.com/d/cpu");
        assert.equal((body.file as { filename: string }).filename, "cpu.png");
      },
    },
    {
      id: "admin.alert_metric_image_list",
      params: { project_id: 42, alert_iid: 3 },
      request: { method: "GET", path: "/projects/42/alert_management_alerts/3/metric_images" },
      markdown: ["Alert Metric Images", "`cpu.png`"],
    },
    {
      id: "admin.alert_metric_image_list",
      name: "an unknown alert answers GitLab's 404",
      params: { project_id: 42, alert_iid: 99 },
      request: { method: "GET", path: "/projects/42/alert_management_alerts/99/metric_images" },
      markdown: ["Alert Not Found"],
      isError: true,
    },
    {
      id: "admin.alert_metric_image_update",
      params: { project_id: 42, alert_iid: 3, image_id: 1, url_text: "CPU, last hour" },
      request: { method: "PUT", path: "/projects/42/alert_management_alerts/3/metric_images/1", body: { url_text: "CPU, last hour" } },
      markdown: ["## Metric image updated: cpu.png", "CPU, last hour"],
    },
    {
      id: "admin.alert_metric_image_delete",
      params: { project_id: 42, alert_iid: 3, image_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/alert_management_alerts/3/metric_images/1" },
      markdown: [/./],
    },
    {
      id: "admin.alert_metric_image_list",
      name: "empty after the delete",
      params: { project_id: 42, alert_iid: 3 },
      request: { method: "GET", path: "/projects/42/alert_management_alerts/3/metric_images" },
      markdown: ["This alert has no metric images."],
    },
  ],
};
