// Feature flags and feature flag user lists: the behaviour table (see test/helpers/behaviour.ts).
// Fixtures follow GitLab's feature flags and feature flag user lists API docs.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

export const table: BehaviourTable = {
  domain: "feature_flags",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("feature_flag", 42, {
      name: "merge_train",
      description: "Merge trains for everyone",
      active: true,
      version: "new_version_flag",
      created_at: "2025-01-10T09:00:00.000Z",
      updated_at: "2025-01-12T09:00:00.000Z",
      scopes: [],
      strategies: [
        { id: 1, name: "flexibleRollout", parameters: { groupId: "default", rollout: "50", stickiness: "default" }, scopes: [{ id: 1, environment_scope: "production" }, { id: 2, environment_scope: "staging" }] },
        { id: 2, name: "default", parameters: {}, scopes: [{ id: 3, environment_scope: "review/*" }] },
      ],
    });
    sim.addDocument("feature_flag", 42, {
      name: "dark_mode",
      description: null,
      active: false,
      version: "new_version_flag",
      created_at: "2025-02-10T09:00:00.000Z",
      updated_at: "2025-02-10T09:00:00.000Z",
      scopes: [],
      strategies: [],
    });
  },
  cases: [
    {
      id: "feature_flags.feature_flag_list",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/feature_flags", query: {} },
      markdown: ["## Feature Flags (2)", "`merge_train`", "flexibleRollout (groupId: default, rollout: 50, stickiness: default) on production, staging; default on review/\\*", "`dark_mode`"],
    },
    {
      id: "feature_flags.feature_flag_list",
      name: "only the disabled flags",
      params: { project_id: 42, scope: "disabled" },
      request: { method: "GET", path: "/projects/42/feature_flags", query: { scope: "disabled" } },
      markdown: ["## Feature Flags (1)", "`dark_mode`"],
    },
    {
      id: "feature_flags.feature_flag_get",
      params: { project_id: 42, name: "merge_train" },
      request: { method: "GET", path: "/projects/42/feature_flags/merge_train" },
      markdown: ["## Feature Flag: merge_train", "- **Active**: ✅", "- **Strategies**: flexibleRollout (groupId: default, rollout: 50, stickiness: default) on production, staging; default on review/\\*"],
    },
    {
      id: "feature_flags.feature_flag_get",
      name: "a flag that does not exist answers the not-found card",
      params: { project_id: 42, name: "nope" },
      request: { method: "GET", path: "/projects/42/feature_flags/nope" },
      markdown: ["## ❓ Feature Flag Not Found"],
      isError: true,
    },
    // User lists first, so a flag can target one
    {
      id: "feature_flags.ff_user_list_list",
      name: "none yet",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/feature_flags_user_lists" },
      markdown: ["No user lists found."],
    },
    {
      id: "feature_flags.ff_user_list_create",
      params: { project_id: 42, name: "beta_testers", user_xids: "42,alice" },
      request: { method: "POST", path: "/projects/42/feature_flags_user_lists", body: { name: "beta_testers", user_xids: "42,alice" } },
      markdown: ["## User List created: beta_testers", "- **IID**: 1", "`42,alice`"],
    },
    {
      id: "feature_flags.ff_user_list_create",
      name: "user IDs with spaces are refused before anything is sent",
      params: { project_id: 42, name: "x", user_xids: "42, alice" },
      markdown: [/user_xids/],
      isError: true,
    },
    {
      id: "feature_flags.ff_user_list_create",
      name: "a taken name answers GitLab's 400",
      params: { project_id: 42, name: "beta_testers", user_xids: "7" },
      request: { method: "POST", path: "/projects/42/feature_flags_user_lists" },
      markdown: [/Name has already been taken/],
      isError: true,
    },
    {
      id: "feature_flags.ff_user_list_update",
      params: { project_id: 42, user_list_iid: 1, user_xids: "42,alice,bob" },
      request: { method: "PUT", path: "/projects/42/feature_flags_user_lists/1", body: { user_xids: "42,alice,bob" } },
      markdown: ["## User List updated: beta_testers", "`42,alice,bob`"],
    },
    {
      id: "feature_flags.ff_user_list_get",
      params: { project_id: 42, user_list_iid: 1 },
      request: { method: "GET", path: "/projects/42/feature_flags_user_lists/1" },
      markdown: ["## User List: beta_testers", "`42,alice,bob`"],
    },
    {
      id: "feature_flags.ff_user_list_get",
      name: "a list that does not exist answers the not-found card",
      params: { project_id: 42, user_list_iid: 9 },
      request: { method: "GET", path: "/projects/42/feature_flags_user_lists/9" },
      markdown: ["## ❓ User List Not Found"],
      isError: true,
    },
    {
      id: "feature_flags.ff_user_list_list",
      params: { project_id: 42, search: "beta" },
      request: { method: "GET", path: "/projects/42/feature_flags_user_lists", query: { search: "beta" } },
      markdown: ["## Feature Flag User Lists (1)", "beta_testers"],
    },
    // Flags
    {
      id: "feature_flags.feature_flag_create",
      params: {
        project_id: 42,
        name: "new_checkout",
        description: "The new checkout page",
        strategies: [
          { name: "gradualRolloutUserId", parameters: { groupId: "default", percentage: "25" }, scopes: [{ environment_scope: "production" }] },
          { name: "gitlabUserList", parameters: {}, user_list_id: 9001, scopes: [{ environment_scope: "*" }] },
        ],
      },
      request: {
        method: "POST",
        path: "/projects/42/feature_flags",
        body: {
          name: "new_checkout",
          description: "The new checkout page",
          strategies: [
            { name: "gradualRolloutUserId", parameters: { groupId: "default", percentage: "25" }, scopes: [{ environment_scope: "production" }] },
            { name: "gitlabUserList", parameters: {}, user_list_id: 9001, scopes: [{ environment_scope: "*" }] },
          ],
        },
      },
      markdown: ["## Feature Flag created: new_checkout", "gradualRolloutUserId (groupId: default, percentage: 25) on production; gitlabUserList (list: beta_testers) on \\*"],
    },
    {
      id: "feature_flags.feature_flag_create",
      name: "a taken name answers GitLab's 400",
      params: { project_id: 42, name: "dark_mode" },
      request: { method: "POST", path: "/projects/42/feature_flags" },
      markdown: [/Name has already been taken/],
      isError: true,
    },
    {
      id: "feature_flags.feature_flag_create",
      name: "an uppercase name or an unknown strategy is refused before anything is sent",
      params: { project_id: 42, name: "New-Checkout", strategies: [{ name: "percentage" }] },
      markdown: [/name/],
      isError: true,
    },
    {
      id: "feature_flags.ff_user_list_delete",
      name: "a list a strategy uses answers GitLab's 409",
      params: { project_id: 42, user_list_iid: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/feature_flags_user_lists/1" },
      markdown: [/associated with a strategy/],
      isError: true,
    },
    {
      id: "feature_flags.feature_flag_update",
      params: { project_id: 42, name: "new_checkout", active: false, strategies: [{ id: 9004, _destroy: true }, { id: 9002, parameters: { groupId: "default", percentage: "75" } }] },
      request: {
        method: "PUT",
        path: "/projects/42/feature_flags/new_checkout",
        body: { active: false, strategies: [{ id: 9004, _destroy: true }, { id: 9002, parameters: { groupId: "default", percentage: "75" } }] },
      },
      markdown: ["## Feature Flag updated: new_checkout", "- **Active**: ❌", "- **Strategies**: gradualRolloutUserId (groupId: default, percentage: 75) on production"],
      check: (r) => assert.equal((r.structuredContent as { strategies: unknown[] }).strategies.length, 1),
    },
    {
      id: "feature_flags.feature_flag_update",
      name: "renaming sends GitLab's name in the body",
      params: { project_id: 42, name: "new_checkout", new_name: "checkout_v2" },
      request: { method: "PUT", path: "/projects/42/feature_flags/new_checkout", body: { name: "checkout_v2" } },
      markdown: ["## Feature Flag updated: checkout_v2"],
    },
    {
      id: "feature_flags.feature_flag_delete",
      params: { project_id: 42, name: "checkout_v2" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/feature_flags/checkout_v2" },
      markdown: [/./],
    },
    {
      id: "feature_flags.feature_flag_delete",
      name: "deleting it again answers GitLab's 404",
      params: { project_id: 42, name: "checkout_v2" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/feature_flags/checkout_v2" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "feature_flags.ff_user_list_delete",
      params: { project_id: 42, user_list_iid: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/feature_flags_user_lists/1" },
      markdown: [/./],
    },
  ],
};
