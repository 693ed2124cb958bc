// Project operations (catalog/project/ops.yaml): webhooks, integrations, push and pull mirrors, export
// and import, housekeeping. A workflow per family: add, read, change, remove. Secrets sent (webhook
// token, header values, mirror URL credentials, passwords) must never come back in a result.
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { exportArchive, seedIntegration } from "../sim/restProjectOps.js";

const HOOK_TOKEN = "s3cr3t-hook-token";
const HEADER_SECRET = "Bearer topsecret-header";
const MIRROR_URL = "https://mirror-user:glpat-mirrorsecret@example.com/group/mirror.git";
const JIRA_TOKEN = "jira-api-token-xyz";
const PULL_PASSWORD = "pull-secret-pw";

/** Neither the Markdown nor the structured result holds any of these strings. */
function withholds(...secrets: string[]) {
  return (r: CallToolResult) => {
    const all = JSON.stringify(r.content) + JSON.stringify(r.structuredContent ?? {});
    for (const s of secrets) assert.ok(!all.includes(s), `the result echoes ${s}: ${all}`);
  };
}

const ARCHIVE_B64 = () => exportArchive({ path_with_namespace: "group/project" } as never).toString("base64");

export const table: BehaviourTable = {
  domain: "project_ops",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    seedIntegration(sim.getProject(42)!, "slack", "Slack notifications", { channel: "#builds" });
  },
  cases: [
    // ---- Webhooks ----
    {
      id: "project.hook_list",
      name: "a project without webhooks",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/hooks", query: {} },
      markdown: ["No webhooks in this project."],
    },
    {
      id: "project.hook_add",
      params: { project_id: 42, url: "https://hooks.example.com/gitlab", token: HOOK_TOKEN, push_events: true, merge_requests_events: true, custom_headers: [{ key: "Authorization", value: HEADER_SECRET }] },
      request: {
        method: "POST",
        path: "/projects/42/hooks",
        body: { url: "https://hooks.example.com/gitlab", token: HOOK_TOKEN, push_events: true, merge_requests_events: true, custom_headers: [{ key: "Authorization", value: HEADER_SECRET }] },
      },
      markdown: ["## Webhook added: #1", "- **Merge Requests**: ✅", "- **Custom Headers**: Authorization"],
      check: withholds(HOOK_TOKEN, HEADER_SECRET),
    },
    {
      id: "project.hook_add",
      name: "a URL that is not http(s) answers GitLab's 400",
      params: { project_id: 42, url: "ftp://hooks.example.com" },
      request: { method: "POST", path: "/projects/42/hooks" },
      markdown: ["Only allowed schemes are http, https"],
      isError: true,
    },
    {
      id: "project.hook_get",
      params: { project_id: 42, hook_id: 1 },
      request: { method: "GET", path: "/projects/42/hooks/1" },
      markdown: ["## Webhook #1:", "- **Push**: ✅", "- **Custom Headers**: Authorization"],
      check: withholds(HOOK_TOKEN, HEADER_SECRET),
    },
    {
      id: "project.hook_get",
      name: "an unknown webhook answers the not-found card",
      params: { project_id: 42, hook_id: 99 },
      request: { method: "GET", path: "/projects/42/hooks/99" },
      markdown: ["## ❓ Webhook Not Found", "project.hook_list"],
      isError: true,
    },
    {
      id: "project.hook_edit",
      params: { project_id: 42, hook_id: 1, url: "https://hooks.example.com/gitlab", name: "CI relay", pipeline_events: true, enable_ssl_verification: false },
      request: { method: "PUT", path: "/projects/42/hooks/1", body: { url: "https://hooks.example.com/gitlab", name: "CI relay", pipeline_events: true, enable_ssl_verification: false } },
      markdown: ["## Webhook updated: #1", "- **Name**: CI relay", "- **Pipelines**: ✅", "- **SSL Verification**: ❌"],
    },
    {
      id: "project.hook_edit",
      name: "an unknown webhook answers the not-found card",
      params: { project_id: 42, hook_id: 7, url: "https://hooks.example.com/x" },
      request: { method: "PUT", path: "/projects/42/hooks/7" },
      markdown: ["## ❓ Webhook Not Found"],
      isError: true,
    },
    {
      id: "project.hook_set_custom_header",
      params: { project_id: 42, hook_id: 1, key: "X-Env", value: "prod-header-secret" },
      request: { method: "PUT", path: "/projects/42/hooks/1/custom_headers/X-Env", body: { value: "prod-header-secret" } },
      markdown: ["Action completed successfully."],
      check: withholds("prod-header-secret"),
    },
    {
      id: "project.hook_get",
      name: "the header's key shows, never its value",
      params: { project_id: 42, hook_id: 1 },
      request: { method: "GET", path: "/projects/42/hooks/1" },
      markdown: ["- **Custom Headers**: Authorization, X-Env"],
      check: withholds("prod-header-secret", HEADER_SECRET),
    },
    {
      id: "project.hook_delete_custom_header",
      params: { project_id: 42, hook_id: 1, key: "X-Env" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/hooks/1/custom_headers/X-Env" },
      markdown: ["Action completed successfully."],
    },
    {
      id: "project.hook_delete_custom_header",
      name: "a header the webhook does not send answers GitLab's 404",
      params: { project_id: 42, hook_id: 1, key: "X-Env" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/hooks/1/custom_headers/X-Env" },
      markdown: ["Custom Header Not Found"],
      isError: true,
    },
    {
      id: "project.hook_set_url_variable",
      params: { project_id: 42, hook_id: 1, key: "tenant", value: "acme-secret" },
      request: { method: "PUT", path: "/projects/42/hooks/1/url_variables/tenant", body: { value: "acme-secret" } },
      markdown: ["Action completed successfully."],
      check: withholds("acme-secret"),
    },
    {
      id: "project.hook_delete_url_variable",
      params: { project_id: 42, hook_id: 1, key: "tenant" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/hooks/1/url_variables/tenant" },
      markdown: ["Action completed successfully."],
    },
    {
      id: "project.hook_test",
      params: { project_id: 42, hook_id: 1, trigger: "push_events" },
      request: { method: "POST", path: "/projects/42/hooks/1/test/push_events" },
      markdown: ["Action completed successfully."],
    },
    {
      id: "project.hook_test",
      name: "an unknown trigger is refused before anything is sent",
      params: { project_id: 42, hook_id: 1, trigger: "build_events" },
      markdown: ["trigger"],
      isError: true,
    },
    {
      id: "project.hook_list",
      name: "the new webhook is listed",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/hooks" },
      markdown: ["## Project Webhooks (1)", "CI relay", "`https://hooks.example.com/gitlab`"],
      check: withholds(HOOK_TOKEN),
    },
    {
      id: "project.hook_delete",
      params: { project_id: 42, hook_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/hooks/1" },
      markdown: ["Action completed successfully."],
    },
    {
      id: "project.hook_get",
      name: "the deleted webhook is gone",
      params: { project_id: 42, hook_id: 1 },
      request: { method: "GET", path: "/projects/42/hooks/1" },
      markdown: ["## ❓ Webhook Not Found"],
      isError: true,
    },
    // ---- Integrations ----
    {
      id: "project.integration_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/integrations" },
      markdown: ["## Project Integrations (1)", "`slack`", "Slack notifications"],
    },
    {
      id: "project.integration_set_jira",
      params: { project_id: 42, url: "https://jira.example.com", username: "gitlab-bot@example.com", password: JIRA_TOKEN, commit_events: true, jira_issue_prefix: "PROJ" },
      request: { method: "PUT", path: "/projects/42/integrations/jira", body: { url: "https://jira.example.com", username: "gitlab-bot@example.com", password: JIRA_TOKEN, commit_events: true, jira_issue_prefix: "PROJ" } },
      markdown: ["## Jira integration set: Jira", "- **Active**: ✅", "- **Commits**: ✅"],
      check: withholds(JIRA_TOKEN),
    },
    {
      id: "project.integration_set_jira",
      name: "basic auth without a username answers GitLab's 400",
      params: { project_id: 42, url: "https://jira.example.com", password: JIRA_TOKEN },
      request: { method: "PUT", path: "/projects/42/integrations/jira" },
      markdown: ["can't be blank"],
      isError: true,
      check: withholds(JIRA_TOKEN),
    },
    {
      id: "project.integration_get",
      params: { project_id: 42, integration: "jira" },
      request: { method: "GET", path: "/projects/42/integrations/jira" },
      markdown: ["## Integration: Jira", "- **Slug**: `jira`"],
      check: withholds(JIRA_TOKEN),
    },
    {
      id: "project.integration_get",
      name: "an integration never set up answers the not-found card",
      params: { project_id: 42, integration: "youtrack" },
      request: { method: "GET", path: "/projects/42/integrations/youtrack" },
      markdown: ["## ❓ Integration Not Found", "project.integration_list"],
      isError: true,
    },
    {
      id: "project.integration_get",
      name: "an unknown slug is refused before anything is sent",
      params: { project_id: 42, integration: "jiraa" },
      markdown: ["integration"],
      isError: true,
    },
    {
      id: "project.integration_delete",
      params: { project_id: 42, integration: "jira" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/integrations/jira" },
      markdown: ["Action completed successfully."],
    },
    // ---- Push mirrors ----
    {
      id: "project.mirror_add",
      params: { project_id: 42, url: MIRROR_URL, enabled: true, only_protected_branches: true },
      request: { method: "POST", path: "/projects/42/remote_mirrors", body: { url: MIRROR_URL, enabled: true, only_protected_branches: true } },
      markdown: ["## Push mirror added: #101486", "`https://*****:*****@example.com/group/mirror.git`", "- **Enabled**: ✅"],
      check: withholds("glpat-mirrorsecret", "mirror-user"),
    },
    {
      id: "project.mirror_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/remote_mirrors" },
      markdown: ["## Push Mirrors (1)", "101486", "*****"],
      check: withholds("glpat-mirrorsecret", "mirror-user"),
    },
    {
      id: "project.mirror_get",
      params: { project_id: 42, mirror_id: 101486 },
      request: { method: "GET", path: "/projects/42/remote_mirrors/101486" },
      markdown: ["## Push mirror #101486:", "- **Protected Only**: ✅", "- **Status**: none"],
      check: withholds("glpat-mirrorsecret", "mirror-user"),
    },
    {
      id: "project.mirror_get",
      name: "an unknown mirror answers the not-found card",
      params: { project_id: 42, mirror_id: 5 },
      request: { method: "GET", path: "/projects/42/remote_mirrors/5" },
      markdown: ["## ❓ Push mirror Not Found"],
      isError: true,
    },
    {
      id: "project.mirror_edit",
      params: { project_id: 42, mirror_id: 101486, enabled: false },
      request: { method: "PUT", path: "/projects/42/remote_mirrors/101486", body: { enabled: false } },
      markdown: ["## Push mirror updated: #101486", "- **Enabled**: ❌"],
    },
    {
      id: "project.mirror_force_push",
      name: "a disabled mirror answers GitLab's 400",
      params: { project_id: 42, mirror_id: 101486 },
      request: { method: "POST", path: "/projects/42/remote_mirrors/101486/sync" },
      markdown: ["Mirror is not enabled"],
      isError: true,
    },
    {
      id: "project.mirror_edit",
      name: "switch to SSH key authentication and turn it on",
      params: { project_id: 42, mirror_id: 101486, enabled: true, auth_method: "ssh_public_key" },
      request: { method: "PUT", path: "/projects/42/remote_mirrors/101486", body: { enabled: true, auth_method: "ssh_public_key" } },
      markdown: ["- **Auth**: ssh_public_key"],
    },
    {
      id: "project.mirror_force_push",
      params: { project_id: 42, mirror_id: 101486 },
      request: { method: "POST", path: "/projects/42/remote_mirrors/101486/sync" },
      markdown: ["Action completed successfully."],
    },
    {
      id: "project.mirror_get_public_key",
      params: { project_id: 42, mirror_id: 101486 },
      request: { method: "GET", path: "/projects/42/remote_mirrors/101486/public_key" },
      markdown: ["## Push mirror public key", "`ssh-rsa AAAA"],
    },
    {
      id: "project.mirror_delete",
      params: { project_id: 42, mirror_id: 101486 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/remote_mirrors/101486" },
      markdown: ["Action completed successfully."],
    },
    {
      id: "project.mirror_get_public_key",
      name: "a deleted mirror answers the not-found card",
      params: { project_id: 42, mirror_id: 101486 },
      request: { method: "GET", path: "/projects/42/remote_mirrors/101486/public_key" },
      markdown: ["## ❓ Push mirror Not Found"],
      isError: true,
    },
    // ---- Pull mirror ----
    {
      id: "project.pull_mirror_get",
      name: "a project without a pull mirror answers GitLab's 400",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/mirror/pull" },
      markdown: ["The project is not mirrored"],
      isError: true,
    },
    {
      id: "project.pull_mirror_get",
      name: "an unknown project answers the not-found card",
      params: { project_id: 4242 },
      request: { method: "GET", path: "/projects/4242/mirror/pull" },
      markdown: ["## ❓ Project Not Found"],
      isError: true,
    },
    {
      id: "project.pull_mirror_configure",
      params: { project_id: 42, url: "https://gitlab.example.com/upstream/project.git", enabled: true, auth_user: "puller", auth_password: PULL_PASSWORD, mirror_trigger_builds: true },
      request: { method: "PUT", path: "/projects/42/mirror/pull", body: { url: "https://gitlab.example.com/upstream/project.git", enabled: true, auth_user: "puller", auth_password: PULL_PASSWORD, mirror_trigger_builds: true } },
      markdown: ["## Pull mirror configured: none", "- **Enabled**: ✅", "- **Trigger Pipelines**: ✅"],
      check: withholds(PULL_PASSWORD),
    },
    {
      id: "project.start_mirroring",
      params: { project_id: 42 },
      request: { method: "POST", path: "/projects/42/mirror/pull" },
      markdown: ["## Pull mirror update started", "- **GitLab Answer**: 202 Accepted", "project.pull_mirror_get"],
      check: (r) => assert.equal((r.structuredContent as { accepted?: boolean }).accepted, true),
    },
    {
      id: "project.pull_mirror_get",
      name: "the update is scheduled, then started, then finished (1/3)",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/mirror/pull" },
      markdown: ["## Pull mirror: scheduled", "project.pull_mirror_get"],
      check: withholds(PULL_PASSWORD),
    },
    {
      id: "project.pull_mirror_get",
      name: "the update is scheduled, then started, then finished (2/3)",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/mirror/pull" },
      markdown: ["## Pull mirror: started"],
    },
    {
      id: "project.pull_mirror_get",
      name: "the update is scheduled, then started, then finished (3/3)",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/mirror/pull" },
      markdown: ["## Pull mirror: finished", "- **Last Update**:"],
    },
    // ---- Export ----
    {
      id: "project.export_download",
      name: "before an export is finished GitLab answers 404",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/export/download" },
      markdown: ["## ❓ Project export Not Found", "project.export_status"],
      isError: true,
    },
    {
      id: "project.export_schedule",
      params: { project_id: "group/project", description: "Snapshot" },
      request: { method: "POST", path: "/projects/group%2Fproject/export", body: { description: "Snapshot" } },
      markdown: ["## Project export scheduled", "- **GitLab Answer**: 202 Accepted", "project.export_status"],
    },
    {
      id: "project.export_status",
      name: "queued first",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/export" },
      markdown: ["## Export of group/project: queued", "project.export_status", "project.export_download"],
    },
    {
      id: "project.export_status",
      name: "then started",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/export" },
      markdown: ["## Export of group/project: started"],
    },
    {
      id: "project.export_status",
      name: "then finished, with its download link",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/export" },
      markdown: ["## Export of group/project: finished", "/api/v4/projects/42/export/download"],
    },
    {
      id: "project.export_download",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/export/download" },
      markdown: ["## Export archive of project 42", "Binary content omitted."],
      check: (r) => {
        const s = r.structuredContent as { binary: boolean; size: number; content?: string };
        assert.equal(s.binary, true);
        assert.ok(s.size > 20);
        assert.equal(s.content, undefined);
      },
    },
    {
      id: "project.export_status",
      name: "an unknown project answers the not-found card",
      params: { project_id: 4242 },
      request: { method: "GET", path: "/projects/4242/export" },
      markdown: ["## ❓ Project Not Found"],
      isError: true,
    },
    // ---- Import ----
    {
      id: "project.import_from_file",
      params: { content_base64: ARCHIVE_B64(), file_name: "project_export.tar.gz", path: "imported", namespace: "group" },
      request: { method: "POST", path: "/projects/import" },
      markdown: ["## Import started: group/imported", "- **Import Status**: scheduled", "project.import_status"],
      check(_r, sim) {
        const body = sim.log.at(-1)?.body as { path?: string; namespace?: string; file?: { filename: string; bytes: Buffer } };
        assert.equal(body.path, "imported");
        assert.equal(body.namespace, "group");
        assert.equal(body.file?.filename, "project_export.tar.gz");
        assert.deepEqual(body.file?.bytes, Buffer.from(ARCHIVE_B64(), "base64"));
      },
    },
    {
      id: "project.import_from_file",
      name: "without path the schema refuses before anything is sent",
      params: { content_base64: ARCHIVE_B64(), file_name: "x.tar.gz" },
      markdown: ["path"],
      isError: true,
    },
    {
      id: "project.import_status",
      params: { project_id: "group/imported" },
      request: { method: "GET", path: "/projects/group%2Fimported/import" },
      markdown: ["## Import of group/imported: scheduled", "project.import_status"],
    },
    {
      id: "project.import_status",
      name: "then started",
      params: { project_id: "group/imported" },
      request: { method: "GET", path: "/projects/group%2Fimported/import" },
      markdown: ["## Import of group/imported: started"],
    },
    {
      id: "project.import_status",
      name: "then finished",
      params: { project_id: "group/imported" },
      request: { method: "GET", path: "/projects/group%2Fimported/import" },
      markdown: ["## Import of group/imported: finished"],
    },
    {
      id: "project.import_status",
      name: "an unknown project answers the not-found card",
      params: { project_id: "group/nope" },
      request: { method: "GET", path: "/projects/group%2Fnope/import" },
      markdown: ["## ❓ Project Not Found"],
      isError: true,
    },
    // ---- Housekeeping ----
    {
      id: "project.start_housekeeping",
      params: { project_id: 42, task: "prune" },
      request: { method: "POST", path: "/projects/42/housekeeping", body: { task: "prune" } },
      markdown: ["## Housekeeping started", "- **GitLab Answer**: 201 Created", "GitLab has no API reporting housekeeping progress"],
    },
    {
      id: "project.start_housekeeping",
      name: "a second start while one runs answers GitLab's 409",
      params: { project_id: 42 },
      request: { method: "POST", path: "/projects/42/housekeeping" },
      markdown: ["already triggered housekeeping"],
      isError: true,
    },
  ],
};
