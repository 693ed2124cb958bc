// Administering users: the behaviour table (see test/helpers/behaviour.ts). The token belongs to an
// administrator and carries admin_mode; user_admin_mode.cases.ts shows what a token without it gets.
// Fixtures follow GitLab's users, user moderation, user tokens, service accounts, events and avatar docs.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { seedProjectEvents, seedUserAdmin } from "../sim/restUserAdmin.js";

const EVENT = {
  id: 501, project_id: 42, action_name: "commented on", target_id: 77, target_iid: 77, target_type: "Note", target_title: "Fix login",
  author_id: 2, author: { id: 2, username: "jdoe", name: "Jane Doe", state: "active" }, author_username: "jdoe", created_at: "2025-03-02T10:00:00.000Z", imported: false,
};
const PUSH = { ...EVENT, id: 502, action_name: "pushed to", target_id: null, target_iid: null, target_type: null, target_title: null, created_at: "2025-03-05T10:00:00.000Z", push_data: { commit_count: 1, action: "pushed", ref_type: "branch", ref: "main" } };
const TOKEN_SHAPE = /`glpat-[a-z0-9]{20}`/;

export const table: BehaviourTable = {
  domain: "user (administration)",
  simOptions: { tokens: { "glpat-simulator-token": { scopes: ["api", "admin_mode"], admin: true } } },
  seed(sim) {
    seedUserAdmin(sim.addUser({ id: 1, username: "root", name: "Administrator" }), { is_admin: true, last_activity_on: new Date().toISOString().slice(0, 10) });
    seedUserAdmin(sim.addUser({ id: 2, username: "jdoe", name: "Jane Doe", email: "jane@example.com" }), {
      two_factor_enabled: true,
      last_activity_on: "2025-03-05",
      identities: [{ provider: "ldapmain", extern_uid: "cn=jdoe,ou=people,dc=example,dc=com" }],
      memberships: [
        { source_id: 42, source_name: "project", source_type: "Project", access_level: 30 },
        { source_id: 9, source_name: "group", source_type: "Namespace", access_level: 40 },
      ],
      associations: { groups_count: 1, projects_count: 3, issues_count: 12, merge_requests_count: 4 },
      events: [EVENT, PUSH],
    });
    seedUserAdmin(sim.addUser({ id: 3, username: "pending1" }), { state: "blocked_pending_approval" });
    seedUserAdmin(sim.addUser({ id: 4, username: "pending2" }), { state: "blocked_pending_approval" });
    seedUserAdmin(sim.addUser({ id: 5, username: "dormant", name: "Dormant User" }), { last_activity_on: "2024-01-01" });
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    seedProjectEvents(sim.getProject(42)!, [EVENT, PUSH]);
  },
  cases: [
    // Looking users up.
    {
      id: "user.list",
      params: { search: "doe" },
      request: { method: "GET", path: "/users", query: { search: "doe" } },
      markdown: ["## Users (1)", "jdoe", "Jane Doe"],
      check: (r) => assert.deepEqual((r.structuredContent as { users: { id: number }[] }).users.map((u) => u.id), [2]),
    },
    {
      id: "user.list",
      name: "only active people",
      params: { active: true, humans: true, per_page: 2 },
      request: { method: "GET", path: "/users", query: { active: "true", humans: "true", per_page: "2" } },
      markdown: ["dormant", "jdoe"],
    },
    {
      id: "user.get",
      params: { user_id: 2 },
      request: { method: "GET", path: "/users/2" },
      markdown: ["## User: jdoe", "- **Email**: jane@example.com", "- **Two-Factor**: ✅"],
    },
    {
      id: "user.get",
      name: "a username is looked up first, then the user is read by ID",
      params: { user_id: "jdoe" },
      request: [
        { method: "GET", path: "/users", query: { username: "jdoe" } },
        { method: "GET", path: "/users/2" },
      ],
      markdown: ["## User: jdoe", "- **Name**: Jane Doe"],
    },
    {
      id: "user.get",
      name: "an unknown username answers the not-found card",
      params: { user_id: "nobody" },
      request: { method: "GET", path: "/users", query: { username: "nobody" } },
      markdown: ["## ❓ User Not Found", "nobody"],
      isError: true,
    },
    {
      id: "user.get",
      name: "an unknown ID answers the not-found card",
      params: { user_id: 999 },
      request: { method: "GET", path: "/users/999" },
      markdown: ["## ❓ User Not Found"],
      isError: true,
    },
    // Creating and changing accounts.
    {
      id: "user.create",
      params: { email: "new@example.com", username: "new.user", name: "New User", password: "s3cret-pass", skip_confirmation: true },
      request: { method: "POST", path: "/users", body: { email: "new@example.com", username: "new.user", name: "New User", password: "s3cret-pass", skip_confirmation: true } },
      markdown: ["## User created: new.user", "- **ID**: 6", "- **Email**: new@example.com"],
    },
    {
      id: "user.create",
      name: "a taken username answers GitLab's 409",
      params: { email: "other@example.com", username: "jdoe", name: "Other", reset_password: true },
      request: { method: "POST", path: "/users" },
      markdown: ["Username has already been taken"],
      isError: true,
    },
    {
      id: "user.create",
      name: "a malformed email is refused before anything is sent",
      params: { email: "not-an-email", username: "x1", name: "X", password: "long-enough" },
      markdown: [/email/],
      isError: true,
    },
    {
      id: "user.create",
      name: "a username with a space is refused before anything is sent",
      params: { email: "y@example.com", username: "bad name", name: "Y", password: "long-enough" },
      markdown: [/username/],
      isError: true,
    },
    {
      id: "user.create",
      name: "a username ending in .git is refused before anything is sent",
      params: { email: "y@example.com", username: "project.git", name: "Y", password: "long-enough" },
      markdown: [/username/],
      isError: true,
    },
    {
      id: "user.create",
      name: "a password under 8 characters is refused before anything is sent",
      params: { email: "z@example.com", username: "zed", name: "Z", password: "short" },
      markdown: [/password/],
      isError: true,
    },
    {
      id: "user.modify",
      params: { user_id: 6, name: "Renamed User", external: true, note: "contractor" },
      request: { method: "PUT", path: "/users/6", body: { name: "Renamed User", external: true, note: "contractor" } },
      markdown: ["## User updated: new.user", "- **Name**: Renamed User", "- **External**: ✅"],
    },
    {
      id: "user.associations_count",
      params: { user_id: 2 },
      request: { method: "GET", path: "/users/2/associations_count" },
      markdown: ["- **Projects**: 3", "- **Issues**: 12", "- **Merge Requests**: 4"],
    },
    {
      id: "user.associations_count",
      name: "an unknown user answers the not-found card",
      params: { user_id: 999 },
      request: { method: "GET", path: "/users/999/associations_count" },
      markdown: ["## ❓ User Not Found"],
      isError: true,
    },
    {
      id: "user.memberships",
      params: { user_id: 2, type: "Project" },
      request: { method: "GET", path: "/users/2/memberships", query: { type: "Project" } },
      markdown: ["## Memberships (1)", "Project"],
      check: (r) => assert.deepEqual((r.structuredContent as { memberships: { source_id: number }[] }).memberships.map((m) => m.source_id), [42]),
    },
    {
      id: "user.activities",
      params: { from: "2025-03-01" },
      request: { method: "GET", path: "/user/activities", query: { from: "2025-03-01" } },
      markdown: ["## User Activity (2)", "root", "jdoe"],
    },
    // Moderation.
    {
      id: "user.approve",
      params: { user_id: 3 },
      request: { method: "POST", path: "/users/3/approve" },
      markdown: ["✅"],
    },
    {
      id: "user.approve",
      name: "approving a user who is not pending answers GitLab's 409",
      params: { user_id: 3 },
      request: { method: "POST", path: "/users/3/approve" },
      markdown: ["not pending approval"],
      isError: true,
    },
    {
      id: "user.reject",
      params: { user_id: 4 },
      confirm: true,
      request: { method: "POST", path: "/users/4/reject" },
      markdown: ["✅"],
    },
    {
      id: "user.block",
      params: { user_id: 3 },
      confirm: true,
      request: { method: "POST", path: "/users/3/block" },
      markdown: ["✅"],
    },
    {
      id: "user.get",
      name: "the blocked user's state",
      params: { user_id: 3 },
      request: { method: "GET", path: "/users/3" },
      markdown: ["- **State**: blocked"],
    },
    {
      id: "user.activate",
      name: "a blocked user must be unblocked first (GitLab's 403)",
      params: { user_id: 3 },
      request: { method: "POST", path: "/users/3/activate" },
      markdown: [/unblocked to be activated/],
      isError: true,
    },
    {
      id: "user.unblock",
      params: { user_id: 3 },
      request: { method: "POST", path: "/users/3/unblock" },
      markdown: ["✅"],
    },
    {
      id: "user.deactivate",
      params: { user_id: 5 },
      confirm: true,
      request: { method: "POST", path: "/users/5/deactivate" },
      markdown: ["✅"],
    },
    {
      id: "user.deactivate",
      name: "a user active in the last 90 days cannot be deactivated (GitLab's 403)",
      params: { user_id: 1 },
      confirm: true,
      request: { method: "POST", path: "/users/1/deactivate" },
      markdown: [/active in the past 90 days/],
      isError: true,
    },
    {
      id: "user.activate",
      params: { user_id: 5 },
      request: { method: "POST", path: "/users/5/activate" },
      markdown: ["✅"],
    },
    {
      id: "user.ban",
      params: { user_id: 5 },
      confirm: true,
      request: { method: "POST", path: "/users/5/ban" },
      markdown: ["✅"],
    },
    {
      id: "user.unban",
      params: { user_id: 5 },
      request: { method: "POST", path: "/users/5/unban" },
      markdown: ["✅"],
    },
    {
      id: "user.unban",
      name: "unbanning a user who is not banned answers GitLab's 403",
      params: { user_id: 5 },
      request: { method: "POST", path: "/users/5/unban" },
      markdown: ["You cannot unban active users"],
      isError: true,
    },
    {
      id: "user.disable_two_factor",
      params: { user_id: 2 },
      confirm: true,
      request: { method: "PATCH", path: "/users/2/disable_two_factor" },
      markdown: ["✅"],
    },
    {
      id: "user.disable_two_factor",
      name: "two-factor already off answers GitLab's 400",
      params: { user_id: 2 },
      confirm: true,
      request: { method: "PATCH", path: "/users/2/disable_two_factor" },
      markdown: ["Two-factor authentication is not enabled for this user"],
      isError: true,
    },
    {
      id: "user.delete_identity",
      params: { user_id: 2, provider: "ldapmain" },
      confirm: true,
      request: { method: "DELETE", path: "/users/2/identities/ldapmain" },
      markdown: ["✅"],
    },
    // Tokens: shown once, with the notice to store them.
    {
      id: "user.create_impersonation_token",
      params: { user_id: 2, name: "support session", scopes: ["read_api"], expires_at: "2030-01-01" },
      request: { method: "POST", path: "/users/2/impersonation_tokens", body: { name: "support session", scopes: ["read_api"], expires_at: "2030-01-01" } },
      markdown: ["## Token created: support session", "Store this token now", TOKEN_SHAPE],
      check: (r) => {
        const s = r.structuredContent as { token: string; token_notice: string };
        assert.match(s.token, /^glpat-/);
        assert.match(s.token_notice, /shows it only once/);
      },
    },
    {
      id: "user.create_impersonation_token",
      name: "an unknown scope is refused before anything is sent",
      params: { user_id: 2, name: "bad", scopes: ["everything"] },
      markdown: [/scopes/],
      isError: true,
    },
    {
      id: "user.list_impersonation_tokens",
      params: { user_id: 2, state: "active" },
      request: { method: "GET", path: "/users/2/impersonation_tokens", query: { state: "active" } },
      markdown: ["## Impersonation Tokens (1)", "support session"],
      check: (r) => assert.ok(!JSON.stringify(r.structuredContent).includes("glpat-"), "a listed token carries no secret"),
    },
    {
      id: "user.get_impersonation_token",
      params: { user_id: 2, impersonation_token_id: 901 },
      request: { method: "GET", path: "/users/2/impersonation_tokens/901" },
      markdown: ["## Impersonation token: support session", "- **Active**: ✅"],
    },
    {
      id: "user.get_impersonation_token",
      name: "an unknown token answers the not-found card",
      params: { user_id: 2, impersonation_token_id: 12345 },
      request: { method: "GET", path: "/users/2/impersonation_tokens/12345" },
      markdown: ["## ❓ Impersonation token Not Found"],
      isError: true,
    },
    {
      id: "user.revoke_impersonation_token",
      params: { user_id: 2, impersonation_token_id: 901 },
      confirm: true,
      request: { method: "DELETE", path: "/users/2/impersonation_tokens/901" },
      markdown: ["✅"],
    },
    {
      id: "user.list_impersonation_tokens",
      name: "the revoked token is inactive",
      params: { user_id: 2, state: "inactive" },
      request: { method: "GET", path: "/users/2/impersonation_tokens", query: { state: "inactive" } },
      markdown: ["## Impersonation Tokens (1)", "support session", "❌"],
    },
    {
      id: "user.create_personal_access_token",
      params: { user_id: 2, name: "ci bot", scopes: ["api", "read_repository"], description: "for CI" },
      request: { method: "POST", path: "/users/2/personal_access_tokens", body: { name: "ci bot", scopes: ["api", "read_repository"], description: "for CI" } },
      markdown: ["## Token created: ci bot", "Store this token now", TOKEN_SHAPE],
    },
    // Service accounts (Premium).
    {
      id: "user.create_service_account",
      params: { name: "Deploy bot", username: "deploy-bot" },
      request: { method: "POST", path: "/service_accounts", body: { name: "Deploy bot", username: "deploy-bot" } },
      markdown: ["## Service account created: deploy-bot", "- **Name**: Deploy bot"],
    },
    {
      id: "user.list_service_accounts",
      params: { order_by: "username", sort: "asc" },
      request: { method: "GET", path: "/service_accounts", query: { order_by: "username", sort: "asc" } },
      markdown: ["## Service Accounts (1)", "deploy-bot"],
    },
    // Events and avatars.
    {
      id: "user.contribution_events",
      params: { user_id: "jdoe", action: "pushed" },
      request: { method: "GET", path: "/users/jdoe/events", query: { action: "pushed" } },
      markdown: ["## Events (1)", "pushed to"],
    },
    {
      id: "user.contribution_events",
      name: "by ID, newest first",
      params: { user_id: 2 },
      request: { method: "GET", path: "/users/2/events", query: {} },
      markdown: ["## Events (2)", "commented on", "Fix login"],
      check: (r) => assert.deepEqual((r.structuredContent as { events: { id: number }[] }).events.map((e) => e.id), [502, 501]),
    },
    {
      id: "user.event_list_contributions",
      params: { after: "2025-01-01" },
      request: { method: "GET", path: "/events", query: { after: "2025-01-01" } },
      markdown: ["No events found."],
    },
    {
      id: "user.event_list_project",
      params: { project_id: "group/project", target_type: "note" },
      request: { method: "GET", path: "/projects/group%2Fproject/events", query: { target_type: "note" } },
      markdown: ["## Events (1)", "commented on"],
    },
    {
      id: "user.avatar_get",
      params: { email: "jane@example.com", size: 64 },
      request: { method: "GET", path: "/avatar", query: { email: "jane@example.com", size: "64" } },
      markdown: ["## Avatar", "/uploads/-/system/user/avatar/2/avatar.png"],
    },
    // Deleting accounts.
    {
      id: "user.delete",
      params: { user_id: 6, hard_delete: true },
      confirm: true,
      request: { method: "DELETE", path: "/users/6", query: { hard_delete: "true" } },
      markdown: ["✅"],
    },
    {
      id: "user.get",
      name: "a deleted user is gone",
      params: { user_id: 6 },
      request: { method: "GET", path: "/users/6" },
      markdown: ["## ❓ User Not Found"],
      isError: true,
    },
  ],
};
