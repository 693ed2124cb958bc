// Environments, deployments, deploy freeze periods and protected environments: the behaviour table
// (see test/helpers/behaviour.ts). Fixtures follow GitLab's environments, deployments, freeze periods and
// protected environments API docs.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

const SHA = "416d8ea11849050d3d1f5104cf8cf51053e790ab";
const NEW_SHA = "a91957a858320c0e17f3a0eca7cfacbff50ea29a";
const ROOT = { id: 1, name: "Administrator", username: "root", state: "active", avatar_url: "https://www.gravatar.com/avatar/1", web_url: "https://gitlab.example.com/root" };
const PROD = { id: 1, name: "production", slug: "production", external_url: "https://app.example.com" };

function deployment(id: number, iid: number, status: string, finished: string | null): Record<string, unknown> {
  return { id, iid, ref: "main", sha: SHA, status, created_at: "2025-03-01T10:00:00.000Z", updated_at: "2025-03-01T10:05:00.000Z", finished_at: finished, user: ROOT, environment: PROD, deployable: null };
}

export const table: BehaviourTable = {
  domain: "environment",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("environment", 42, {
      id: 1, name: "production", slug: "production", description: null, external_url: "https://app.example.com", state: "available", tier: "production",
      created_at: "2025-01-10T09:00:00.000Z", updated_at: "2025-03-01T10:05:00.000Z", auto_stop_at: null,
      last_deployment: { id: 10, iid: 1, ref: "main", sha: SHA, status: "success", created_at: "2025-03-01T10:00:00.000Z", user: ROOT },
    });
    sim.addDocument("environment", 42, {
      id: 2, name: "review/fix-login", slug: "review-fix-login-x1y2z3", description: null, external_url: null, state: "stopped", tier: "development",
      created_at: "2025-02-10T09:00:00.000Z", updated_at: "2025-02-12T09:00:00.000Z", auto_stop_at: null,
    });
    sim.addDocument("deployment", 42, deployment(10, 1, "success", "2025-03-01T10:05:00.000Z"));
    sim.addDocument("deployment", 42, { ...deployment(11, 2, "failed", "2025-03-02T10:05:00.000Z"), created_at: "2025-03-02T10:00:00.000Z", updated_at: "2025-03-02T10:05:00.000Z" });
    sim.addDocument("deployment", 42, { ...deployment(12, 3, "blocked", null), pending_approval_count: 1, approvals: [] });
    sim.addDocument("deployment", 42, deployment(13, 4, "running", null));
    sim.addDocument("deployment_merge_request", 42, {
      deployment_id: 10, id: 501, iid: 7, project_id: 42, title: "Fix the login page", state: "merged", author: ROOT,
      source_branch: "fix-login", target_branch: "main", merged_at: "2025-03-01T09:00:00.000Z",
      references: { short: "!7", relative: "!7", full: "group/project!7" }, web_url: "https://gitlab.example.com/group/project/-/merge_requests/7",
    });
  },
  cases: [
    // Environments
    {
      id: "environment.list",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/environments", query: {} },
      markdown: ["## Environments (2)", "production", "review/fix-login"],
    },
    {
      id: "environment.list",
      name: "filtered by state",
      params: { project_id: 42, states: "stopped" },
      request: { method: "GET", path: "/projects/42/environments", query: { states: "stopped" } },
      markdown: ["## Environments (1)", "review/fix-login"],
    },
    {
      id: "environment.list",
      name: "a search shorter than 3 characters is refused before anything is sent",
      params: { project_id: 42, search: "pr" },
      markdown: [/search/],
      isError: true,
    },
    {
      id: "environment.create",
      params: { project_id: 42, name: "staging", external_url: "https://staging.example.com", tier: "staging" },
      request: { method: "POST", path: "/projects/42/environments", body: { name: "staging", external_url: "https://staging.example.com", tier: "staging" } },
      markdown: ["## Environment created: staging", "- **Tier**: staging", "https://staging.example.com"],
      check: (r) => assert.equal((r.structuredContent as { id: number }).id, 7001),
    },
    {
      id: "environment.create",
      name: "a taken name answers GitLab's 400",
      params: { project_id: 42, name: "staging" },
      request: { method: "POST", path: "/projects/42/environments" },
      markdown: [/has already been taken/],
      isError: true,
    },
    {
      id: "environment.create",
      name: "a tier outside GitLab's list is refused before anything is sent",
      params: { project_id: 42, name: "qa", tier: "prod" },
      markdown: [/tier/],
      isError: true,
    },
    {
      id: "environment.update",
      params: { project_id: 42, environment_id: 7001, external_url: "https://stage.example.com" },
      request: { method: "PUT", path: "/projects/42/environments/7001", body: { external_url: "https://stage.example.com" } },
      markdown: ["## Environment updated: staging", "https://stage.example.com"],
    },
    {
      id: "environment.get",
      name: "the new environment is found with its new URL",
      params: { project_id: 42, environment_id: 7001 },
      request: { method: "GET", path: "/projects/42/environments/7001" },
      markdown: ["## Environment: staging", "https://stage.example.com"],
    },
    {
      id: "environment.delete",
      name: "an available environment cannot be deleted (GitLab's 403)",
      params: { project_id: 42, environment_id: 7001 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/environments/7001" },
      markdown: [/./],
      isError: true,
    },
    {
      id: "environment.stop",
      params: { project_id: 42, environment_id: 7001, force: true },
      confirm: true,
      request: { method: "POST", path: "/projects/42/environments/7001/stop", body: { force: true } },
      markdown: ["## Environment stopped: staging", "- **State**: stopped"],
    },
    {
      id: "environment.delete",
      params: { project_id: 42, environment_id: 7001 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/environments/7001" },
      markdown: [/./],
    },
    {
      id: "environment.get",
      name: "a deleted environment is gone",
      params: { project_id: 42, environment_id: 7001 },
      request: { method: "GET", path: "/projects/42/environments/7001" },
      markdown: ["## ❓ Environment Not Found"],
      isError: true,
    },
    {
      id: "environment.stop",
      name: "an environment that does not exist answers GitLab's 404",
      params: { project_id: 42, environment_id: 999 },
      confirm: true,
      request: { method: "POST", path: "/projects/42/environments/999/stop" },
      markdown: [/not found/i],
      isError: true,
    },
    // Deployments
    {
      id: "environment.deployment_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/deployments", query: {} },
      markdown: ["## Deployments (4)", "✅ success", "❌ failed", "@root"],
    },
    {
      id: "environment.deployment_list",
      name: "filtered by environment and status, newest first",
      params: { project_id: 42, environment: "production", status: "failed", order_by: "created_at", sort: "desc" },
      request: { method: "GET", path: "/projects/42/deployments", query: { environment: "production", status: "failed", order_by: "created_at", sort: "desc" } },
      markdown: ["## Deployments (1)", "❌ failed"],
      check: (r) => assert.deepEqual((r.structuredContent as { deployments: { id: number }[] }).deployments.map((d) => d.id), [11]),
    },
    {
      id: "environment.deployment_list",
      name: "a status outside GitLab's enum is refused before anything is sent",
      params: { project_id: 42, status: "done" },
      markdown: [/status/],
      isError: true,
    },
    {
      id: "environment.deployment_create",
      params: { project_id: 42, environment: "production", sha: NEW_SHA, ref: "main", tag: false, status: "running" },
      request: { method: "POST", path: "/projects/42/deployments", body: { environment: "production", sha: NEW_SHA, ref: "main", tag: false, status: "running" } },
      markdown: ["## Deployment created: #7002", "🔵 running", "production"],
    },
    {
      id: "environment.deployment_create",
      name: "a status GitLab does not accept on create is refused before anything is sent",
      params: { project_id: 42, environment: "production", sha: NEW_SHA, ref: "main", tag: false, status: "blocked" },
      markdown: [/status/],
      isError: true,
    },
    {
      id: "environment.deployment_delete",
      name: "a running deployment cannot be deleted (GitLab's 400)",
      params: { project_id: 42, deployment_id: 7002 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/deployments/7002" },
      markdown: [/Cannot destroy running deployment/],
      isError: true,
    },
    {
      id: "environment.deployment_update",
      params: { project_id: 42, deployment_id: 7002, status: "success" },
      request: { method: "PUT", path: "/projects/42/deployments/7002", body: { status: "success" } },
      markdown: ["## Deployment updated: #7002", "✅ success"],
    },
    {
      id: "environment.deployment_get",
      name: "the recorded deployment is found with its new status",
      params: { project_id: 42, deployment_id: 7002 },
      request: { method: "GET", path: "/projects/42/deployments/7002" },
      markdown: ["## ✅ Deployment #7002", "production"],
    },
    {
      id: "environment.deployment_delete",
      name: "the environment's current deployment cannot be deleted (GitLab's 400)",
      params: { project_id: 42, deployment_id: 10 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/deployments/10" },
      markdown: [/Deployment currently deployed to environment/],
      isError: true,
    },
    {
      id: "environment.deployment_delete",
      params: { project_id: 42, deployment_id: 11 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/deployments/11" },
      markdown: [/./],
    },
    {
      id: "environment.deployment_get",
      name: "a deployment that does not exist answers the not-found card",
      params: { project_id: 42, deployment_id: 11 },
      request: { method: "GET", path: "/projects/42/deployments/11" },
      markdown: ["## ❓ Deployment Not Found"],
      isError: true,
    },
    {
      id: "environment.deployment_merge_requests",
      params: { project_id: 42, deployment_id: 10 },
      request: { method: "GET", path: "/projects/42/deployments/10/merge_requests", query: {} },
      markdown: ["## Deployed Merge Requests (1)", "!7", "Fix the login page"],
    },
    {
      id: "environment.deployment_merge_requests",
      name: "none for a deployment that shipped nothing new",
      params: { project_id: 42, deployment_id: 13 },
      request: { method: "GET", path: "/projects/42/deployments/13/merge_requests" },
      markdown: ["No merge requests found for this deployment."],
    },
    {
      id: "environment.deployment_approve_or_reject",
      params: { project_id: 42, deployment_id: 12, status: "approved", comment: "Ship it" },
      request: { method: "POST", path: "/projects/42/deployments/12/approval", body: { status: "approved", comment: "Ship it" } },
      markdown: ["## Deployment approved", "Ship it"],
    },
    {
      id: "environment.deployment_approve_or_reject",
      name: "a deployment not waiting for approval answers GitLab's 400",
      params: { project_id: 42, deployment_id: 12, status: "rejected" },
      request: { method: "POST", path: "/projects/42/deployments/12/approval" },
      markdown: [/not waiting for approvals/],
      isError: true,
    },
    {
      id: "environment.deployment_approve_or_reject",
      name: "a decision outside approved/rejected is refused before anything is sent",
      params: { project_id: 42, deployment_id: 12, status: "ok" },
      markdown: [/status/],
      isError: true,
    },
    // Deploy freeze periods
    {
      id: "environment.freeze_list",
      name: "none yet",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/freeze_periods" },
      markdown: ["No freeze periods found."],
    },
    {
      id: "environment.freeze_create",
      params: { project_id: 42, freeze_start: "0 23 * * 5", freeze_end: "0 7 * * 1", cron_timezone: "Europe/Berlin" },
      request: { method: "POST", path: "/projects/42/freeze_periods", body: { freeze_start: "0 23 * * 5", freeze_end: "0 7 * * 1", cron_timezone: "Europe/Berlin" } },
      markdown: ["## Freeze Period created: #7003", "`0 23 * * 5`", "Europe/Berlin"],
    },
    {
      id: "environment.freeze_create",
      name: "a cron without five fields is refused before anything is sent",
      params: { project_id: 42, freeze_start: "every friday", freeze_end: "0 7 * * 1" },
      markdown: [/freeze_start/],
      isError: true,
    },
    {
      id: "environment.freeze_create",
      name: "a time zone GitLab does not know answers its 400",
      params: { project_id: 42, freeze_start: "0 23 * * 5", freeze_end: "0 7 * * 1", cron_timezone: "Mars/Olympus" },
      request: { method: "POST", path: "/projects/42/freeze_periods" },
      markdown: [/cron_timezone/],
      isError: true,
    },
    {
      id: "environment.freeze_update",
      params: { project_id: 42, freeze_period_id: 7003, freeze_end: "0 8 * * 1" },
      request: { method: "PUT", path: "/projects/42/freeze_periods/7003", body: { freeze_end: "0 8 * * 1" } },
      markdown: ["## Freeze Period updated: #7003", "`0 8 * * 1`"],
    },
    {
      id: "environment.freeze_get",
      params: { project_id: 42, freeze_period_id: 7003 },
      request: { method: "GET", path: "/projects/42/freeze_periods/7003" },
      markdown: ["## Freeze Period #7003", "`0 23 * * 5`", "`0 8 * * 1`", "Europe/Berlin"],
    },
    {
      id: "environment.freeze_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/freeze_periods" },
      markdown: ["## Freeze Periods (1)", "`0 8 * * 1`"],
    },
    {
      id: "environment.freeze_delete",
      params: { project_id: 42, freeze_period_id: 7003 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/freeze_periods/7003" },
      markdown: [/./],
    },
    {
      id: "environment.freeze_get",
      name: "a deleted freeze period answers the not-found card",
      params: { project_id: 42, freeze_period_id: 7003 },
      request: { method: "GET", path: "/projects/42/freeze_periods/7003" },
      markdown: ["## ❓ Freeze Period Not Found"],
      isError: true,
    },
    // Protected environments
    {
      id: "environment.protected_list",
      name: "none yet",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/protected_environments" },
      markdown: ["No protected environments found."],
    },
    {
      id: "environment.protected_protect",
      params: { project_id: 42, environment: "production", deploy_access_levels: [{ access_level: 40 }, { user_id: 7 }], approval_rules: [{ group_id: 9, required_approvals: 2 }] },
      request: {
        method: "POST",
        path: "/projects/42/protected_environments",
        body: { name: "production", deploy_access_levels: [{ access_level: 40 }, { user_id: 7 }], approval_rules: [{ group_id: 9, required_approvals: 2 }] },
      },
      markdown: ["## Protected Environment: production", "- **Deploy**: Maintainers, User 7", "- **Approvers**: Group 9"],
    },
    {
      id: "environment.protected_protect",
      name: "a second rule for the same environment answers GitLab's 422",
      params: { project_id: 42, environment: "production", deploy_access_levels: [{ access_level: 30 }] },
      request: { method: "POST", path: "/projects/42/protected_environments" },
      markdown: [/Name has already been taken/],
      isError: true,
    },
    {
      id: "environment.protected_protect",
      name: "no deploy grant is refused before anything is sent",
      params: { project_id: 42, environment: "staging", deploy_access_levels: [] },
      markdown: [/deploy_access_levels/],
      isError: true,
    },
    {
      id: "environment.protected_update",
      params: { project_id: 42, environment: "production", deploy_access_levels: [{ access_level: 30 }, { id: 7005, _destroy: true }] },
      request: { method: "PUT", path: "/projects/42/protected_environments/production", body: { deploy_access_levels: [{ access_level: 30 }, { id: 7005, _destroy: true }] } },
      markdown: ["## Protected Environment updated: production", "- **Deploy**: Maintainers, Developers + Maintainers"],
    },
    {
      id: "environment.protected_get",
      params: { project_id: 42, environment: "production" },
      request: { method: "GET", path: "/projects/42/protected_environments/production" },
      markdown: ["## Protected Environment: production", "- **Deploy**: Maintainers, Developers + Maintainers", "- **Approvers**: Group 9"],
    },
    {
      id: "environment.protected_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/protected_environments" },
      markdown: ["## Protected Environments (1)", "Maintainers, Developers + Maintainers"],
    },
    {
      id: "environment.protected_unprotect",
      params: { project_id: 42, environment: "production" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/protected_environments/production" },
      markdown: [/./],
    },
    {
      id: "environment.protected_get",
      name: "an unprotected environment answers the not-found card",
      params: { project_id: 42, environment: "production" },
      request: { method: "GET", path: "/projects/42/protected_environments/production" },
      markdown: ["## ❓ Protected Environment Not Found"],
      isError: true,
    },
  ],
};
