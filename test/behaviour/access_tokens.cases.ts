// Tokens and membership requests (catalog/access/tokens.yaml): personal, project and group access
// tokens, deploy tokens, invitations and access requests. Fixtures follow GitLab's
// personal_access_tokens, project_access_tokens, group_access_tokens, deploy_tokens, invitations and
// access_requests API pages. Secrets appear only in creations and rotations; lists and gets carry none.
// The server's own token is rotated at the end (it is revoked from then on); revoke_self has its own table.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

type Structured = Record<string, unknown>;
const structured = (r: { structuredContent?: unknown }): Structured => r.structuredContent as Structured;
const text = (r: { content?: unknown }): string => ((r.content as { type: string; text?: string }[]) ?? []).map((c) => c.text ?? "").join("\n");
const SHOWN_ONCE = /Shown once: copy this token now/;

/** A list or get result carries no secret: no `token` in structuredContent and no Token row. */
function noSecret(r: { structuredContent?: unknown; content?: unknown }, key?: string): void {
  const s = structured(r);
  const rows = key ? (s[key] as Structured[]) : [s];
  assert.ok(rows.length > 0, "rows to check");
  for (const row of rows) assert.equal(row.token, undefined, "no token value");
  assert.doesNotMatch(text(r), /\*\*Token\*\*|Shown once/);
}

/** A creation or rotation shows the secret once, with the warning, in both forms. */
function secretOnce(r: { structuredContent?: unknown; content?: unknown }, prefix: RegExp): void {
  const s = structured(r);
  assert.match(String(s.token), prefix);
  assert.match(String(s.token_notice), SHOWN_ONCE);
  assert.equal(text(r).split(String(s.token)).length - 1, 1, "the secret appears once in the Markdown");
}

export const table: BehaviourTable = {
  domain: "access tokens",
  simOptions: {
    tokens: {
      "glpat-simulator-token": { scopes: ["api", "admin_mode"], admin: true, name: "mcp-server" },
      "glpat-ci-reader": { scopes: ["read_api"], name: "ci-reader", expiresAt: "2030-01-01" },
      "glpat-alice": { scopes: ["api"], name: "alice-cli", userId: 7 },
    },
  },
  seed(sim) {
    sim.addUser({ id: 7, username: "alice", name: "Alice Example" });
    sim.addUser({ id: 8, username: "bob", name: "Bob Builder" });
    sim.addGroup({ full_path: "acme", id: 5 });
    sim.addProject({ id: 42, path_with_namespace: "acme/project" });
    sim.addResourceToken("glpat-project-bot", { kind: "project", ownerId: 42, scopes: ["api"], name: "deploy-bot", accessLevel: 30, expiresAt: "2030-03-01" });
    sim.addResourceToken("glpat-group-bot", { kind: "group", ownerId: 5, scopes: ["read_api"], name: "group-bot", accessLevel: 40 });
    sim.addAccessRequest({ kind: "project", ownerId: 42, userId: 7 });
    sim.addAccessRequest({ kind: "project", ownerId: 42, userId: 8 });
    sim.addAccessRequest({ kind: "group", ownerId: 5, userId: 8 });
  },
  cases: [
    // ---- Personal access tokens (ids 1-3; the bots' tokens are 4 and 5)
    {
      id: "access.token_personal_list",
      params: {},
      request: { method: "GET", path: "/personal_access_tokens" },
      markdown: ["mcp-server", "ci-reader", "alice-cli"],
      check: (r) => noSecret(r, "tokens"),
    },
    {
      id: "access.token_personal_list",
      name: "filters reach GitLab as its own query parameters",
      params: { user_id: 1, state: "active", search: "ci" },
      request: { method: "GET", path: "/personal_access_tokens", query: { user_id: "1", state: "active", search: "ci" } },
      markdown: ["ci-reader"],
      check: (r) => assert.equal((structured(r).tokens as unknown[]).length, 1),
    },
    {
      id: "access.token_personal_get",
      params: { token_id: 2 },
      request: { method: "GET", path: "/personal_access_tokens/2" },
      markdown: ["## Personal access token: ci-reader", "read_api"],
      check: (r) => noSecret(r),
    },
    {
      id: "access.token_personal_get",
      name: "an unknown token is not found",
      params: { token_id: 999 },
      request: { method: "GET", path: "/personal_access_tokens/999" },
      markdown: [/Personal Access Token Not Found/],
      isError: true,
    },
    {
      id: "access.token_personal_rotate",
      params: { token_id: 2, expires_at: "2031-01-31" },
      request: { method: "POST", path: "/personal_access_tokens/2/rotate", body: { expires_at: "2031-01-31" } },
      markdown: ["## Personal access token rotated: ci-reader", SHOWN_ONCE, "- **Expires**: 31 Jan 2031"],
      check: (r) => secretOnce(r, /^glpat-/),
    },
    {
      id: "access.token_personal_rotate",
      name: "an expiry not in YYYY-MM-DD is refused before anything is sent",
      params: { token_id: 3, expires_at: "31/01/2031" },
      markdown: [/expires_at/],
      isError: true,
    },
    {
      id: "access.token_personal_revoke",
      params: { token_id: 3 },
      confirm: true,
      request: { method: "DELETE", path: "/personal_access_tokens/3" },
      markdown: [/./],
    },
    // ---- Project access tokens
    {
      id: "access.token_project_list",
      params: { project_id: "acme/project" },
      request: { method: "GET", path: "/projects/acme%2Fproject/access_tokens" },
      markdown: ["deploy-bot", "Developer (30)"],
      check: (r) => noSecret(r, "tokens"),
    },
    {
      id: "access.token_project_get",
      params: { project_id: 42, token_id: 4 },
      request: { method: "GET", path: "/projects/42/access_tokens/4" },
      markdown: ["## Project access token: deploy-bot", "- **Role**: Developer (30)", "- **Expires**: 1 Mar 2030"],
      check: (r) => noSecret(r),
    },
    {
      id: "access.token_project_get",
      name: "an unknown token is not found",
      params: { project_id: 42, token_id: 999 },
      request: { method: "GET", path: "/projects/42/access_tokens/999" },
      markdown: [/Project Access Token Not Found/],
      isError: true,
    },
    {
      id: "access.token_project_create",
      name: "a role name reaches GitLab as its level",
      params: { project_id: 42, name: "ci", scopes: ["read_repository", "read_api"], access_level: "reporter", expires_at: "2030-06-30", description: "CI reads" },
      request: { method: "POST", path: "/projects/42/access_tokens", body: { name: "ci", scopes: ["read_repository", "read_api"], access_level: 20, expires_at: "2030-06-30", description: "CI reads" } },
      markdown: ["## Project access token created: ci", "- **Role**: Reporter (20)", SHOWN_ONCE],
      check: (r) => secretOnce(r, /^glpat-/),
    },
    {
      id: "access.token_project_create",
      name: "a scope GitLab does not give project tokens is refused before anything is sent",
      params: { project_id: 42, name: "root", scopes: ["sudo"] },
      markdown: [/scopes/],
      isError: true,
    },
    {
      id: "access.token_project_create",
      name: "an expiry that is not a date is refused before anything is sent",
      params: { project_id: 42, name: "ci", scopes: ["api"], expires_at: "next week" },
      markdown: [/expires_at/],
      isError: true,
    },
    {
      id: "access.token_project_create",
      name: "an unknown role is refused before anything is sent",
      params: { project_id: 42, name: "ci", scopes: ["api"], access_level: "boss" },
      markdown: [/access_level/],
      isError: true,
    },
    {
      id: "access.token_project_rotate",
      params: { project_id: 42, token_id: 4 },
      request: { method: "POST", path: "/projects/42/access_tokens/4/rotate" },
      markdown: ["## Project access token rotated: deploy-bot", "Developer (30)", SHOWN_ONCE],
      check: (r) => secretOnce(r, /^glpat-/),
    },
    {
      id: "access.token_project_revoke",
      params: { project_id: 42, token_id: 7 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/access_tokens/7" },
      markdown: [/./],
    },
    // ---- Group access tokens
    {
      id: "access.token_group_list",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/access_tokens" },
      markdown: ["group-bot", "Maintainer (40)"],
      check: (r) => noSecret(r, "tokens"),
    },
    {
      id: "access.token_group_get",
      params: { group_id: 5, token_id: 5 },
      request: { method: "GET", path: "/groups/5/access_tokens/5" },
      markdown: ["## Group access token: group-bot", "- **Role**: Maintainer (40)"],
      check: (r) => noSecret(r),
    },
    {
      id: "access.token_group_get",
      name: "an unknown token is not found",
      params: { group_id: 5, token_id: 4 },
      request: { method: "GET", path: "/groups/5/access_tokens/4" },
      markdown: [/Group Access Token Not Found/],
      isError: true,
    },
    {
      id: "access.token_group_create",
      params: { group_id: 5, name: "runner-admin", scopes: ["create_runner", "manage_runner"], access_level: "Maintainer", expires_at: "2030-12-31" },
      request: { method: "POST", path: "/groups/5/access_tokens", body: { name: "runner-admin", scopes: ["create_runner", "manage_runner"], access_level: 40, expires_at: "2030-12-31" } },
      markdown: ["## Group access token created: runner-admin", "- **Role**: Maintainer (40)", SHOWN_ONCE],
      check: (r) => secretOnce(r, /^glpat-/),
    },
    {
      id: "access.token_group_rotate",
      params: { group_id: 5, token_id: 5, expires_at: "2030-02-01" },
      request: { method: "POST", path: "/groups/5/access_tokens/5/rotate", body: { expires_at: "2030-02-01" } },
      markdown: ["## Group access token rotated: group-bot", SHOWN_ONCE],
      check: (r) => secretOnce(r, /^glpat-/),
    },
    {
      id: "access.token_group_revoke",
      params: { group_id: 5, token_id: 9 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/5/access_tokens/9" },
      markdown: [/./],
    },
    // ---- Deploy tokens
    {
      id: "access.deploy_token_create_project",
      params: { project_id: 42, name: "registry-pull", scopes: ["read_registry"], expires_at: "2030-01-01" },
      request: { method: "POST", path: "/projects/42/deploy_tokens", body: { name: "registry-pull", scopes: ["read_registry"], expires_at: "2030-01-01" } },
      markdown: ["## Deploy token created: registry-pull", "gitlab+deploy-token-1", SHOWN_ONCE],
      check: (r) => secretOnce(r, /^gldt-/),
    },
    {
      id: "access.deploy_token_create_project",
      name: "a scope deploy tokens do not have is refused before anything is sent",
      params: { project_id: 42, name: "x", scopes: ["api"] },
      markdown: [/scopes/],
      isError: true,
    },
    {
      id: "access.deploy_token_list_project",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/deploy_tokens" },
      markdown: ["registry-pull", "gitlab+deploy-token-1"],
      check: (r) => noSecret(r, "deploy_tokens"),
    },
    {
      id: "access.deploy_token_get_project",
      params: { project_id: 42, deploy_token_id: 1 },
      request: { method: "GET", path: "/projects/42/deploy_tokens/1" },
      markdown: ["## Deploy token: registry-pull", "read_registry"],
      check: (r) => noSecret(r),
    },
    {
      id: "access.deploy_token_get_project",
      name: "an unknown deploy token is not found",
      params: { project_id: 42, deploy_token_id: 99 },
      request: { method: "GET", path: "/projects/42/deploy_tokens/99" },
      markdown: [/Deploy Token Not Found/],
      isError: true,
    },
    {
      id: "access.deploy_token_create_group",
      params: { group_id: "acme", name: "packages", scopes: ["read_package_registry"], username: "pkg-reader" },
      request: { method: "POST", path: "/groups/acme/deploy_tokens", body: { name: "packages", scopes: ["read_package_registry"], username: "pkg-reader" } },
      markdown: ["## Deploy token created: packages", "pkg-reader", SHOWN_ONCE],
      check: (r) => secretOnce(r, /^gldt-/),
    },
    {
      id: "access.deploy_token_list_group",
      params: { group_id: 5, active: true },
      request: { method: "GET", path: "/groups/5/deploy_tokens", query: { active: "true" } },
      markdown: ["packages", "pkg-reader"],
      check: (r) => noSecret(r, "deploy_tokens"),
    },
    {
      id: "access.deploy_token_get_group",
      params: { group_id: 5, deploy_token_id: 2 },
      request: { method: "GET", path: "/groups/5/deploy_tokens/2" },
      markdown: ["## Deploy token: packages"],
      check: (r) => noSecret(r),
    },
    {
      id: "access.deploy_token_get_group",
      name: "a project's deploy token is not the group's",
      params: { group_id: 5, deploy_token_id: 1 },
      request: { method: "GET", path: "/groups/5/deploy_tokens/1" },
      markdown: [/Deploy Token Not Found/],
      isError: true,
    },
    {
      id: "access.deploy_token_list_all",
      params: {},
      request: { method: "GET", path: "/deploy_tokens" },
      markdown: ["registry-pull", "packages"],
      check: (r) => noSecret(r, "deploy_tokens"),
    },
    {
      id: "access.deploy_token_delete_project",
      params: { project_id: 42, deploy_token_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/deploy_tokens/1" },
      markdown: [/./],
    },
    {
      id: "access.deploy_token_delete_group",
      params: { group_id: 5, deploy_token_id: 2 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/5/deploy_tokens/2" },
      markdown: [/./],
    },
    // ---- Invitations
    {
      id: "access.invite_project",
      name: "a role name reaches GitLab as its level",
      params: { project_id: 42, email: "new@example.com", access_level: "reporter" },
      request: { method: "POST", path: "/projects/42/invitations", body: { email: "new@example.com", access_level: 20 } },
      markdown: ["## Invitation: success"],
    },
    {
      id: "access.invite_project",
      name: "an email already invited answers GitLab's error status",
      params: { project_id: 42, email: "new@example.com", access_level: 20 },
      request: { method: "POST", path: "/projects/42/invitations", body: { email: "new@example.com", access_level: 20 } },
      markdown: ["## Invitation: error", "already been taken"],
    },
    {
      id: "access.invite_project",
      name: "a role GitLab does not know is refused before anything is sent",
      params: { project_id: 42, email: "x@example.com", access_level: "boss" },
      markdown: [/access_level/],
      isError: true,
    },
    {
      id: "access.invite_list_project",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/invitations" },
      markdown: ["new@example.com", "Reporter (20)"],
    },
    {
      id: "access.invite_group",
      params: { group_id: 5, email: "g@example.com", access_level: 40, expires_at: "2030-12-31" },
      request: { method: "POST", path: "/groups/5/invitations", body: { email: "g@example.com", access_level: 40, expires_at: "2030-12-31" } },
      markdown: ["## Invitation: success"],
    },
    {
      id: "access.invite_list_group",
      params: { group_id: 5, query: "g@example.com" },
      request: { method: "GET", path: "/groups/5/invitations", query: { query: "g@example.com" } },
      markdown: ["g@example.com", "Maintainer (40)"],
    },
    // ---- Access requests
    {
      id: "access.request_list_project",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/access_requests" },
      markdown: ["alice", "bob"],
    },
    {
      id: "access.approve_project",
      name: "a role name reaches GitLab as its level",
      params: { project_id: 42, user_id: 7, access_level: "Developer" },
      request: { method: "PUT", path: "/projects/42/access_requests/7/approve", body: { access_level: 30 } },
      markdown: ["## Access approved: @alice", "- **Role**: Developer (30)"],
    },
    {
      id: "access.approve_project",
      name: "a user without a pending request is not found",
      params: { project_id: 42, user_id: 7 },
      request: { method: "PUT", path: "/projects/42/access_requests/7/approve" },
      markdown: [/Access Request Not Found/],
      isError: true,
    },
    {
      id: "access.deny_project",
      params: { project_id: 42, user_id: 8 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/access_requests/8" },
      markdown: [/./],
    },
    {
      id: "access.request_project",
      params: { project_id: 42 },
      request: { method: "POST", path: "/projects/42/access_requests" },
      markdown: ["## Access requested by @"],
    },
    {
      id: "access.request_group",
      params: { group_id: "acme" },
      request: { method: "POST", path: "/groups/acme/access_requests" },
      markdown: ["## Access requested by @"],
    },
    {
      id: "access.request_list_group",
      params: { group_id: 5 },
      request: { method: "GET", path: "/groups/5/access_requests" },
      markdown: ["bob"],
    },
    {
      id: "access.approve_group",
      name: "the role defaults to GitLab's developer",
      params: { group_id: 5, user_id: 8 },
      request: { method: "PUT", path: "/groups/5/access_requests/8/approve" },
      markdown: ["## Access approved: @bob", "Developer (30)"],
    },
    {
      id: "access.deny_group",
      params: { group_id: 5, user_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/5/access_requests/1" },
      markdown: [/./],
    },
    // ---- The server's own token: the project and group `self` refuse a personal token; the personal
    // rotation succeeds, after which the server's configured token is revoked.
    {
      id: "access.token_project_rotate_self",
      name: "a personal token is not the project's own",
      params: { project_id: 42 },
      request: { method: "POST", path: "/projects/42/access_tokens/self/rotate" },
      markdown: [/unauthorized/i],
      isError: true,
    },
    {
      id: "access.token_group_rotate_self",
      name: "a personal token is not the group's own",
      params: { group_id: 5 },
      request: { method: "POST", path: "/groups/5/access_tokens/self/rotate" },
      markdown: [/unauthorized/i],
      isError: true,
    },
    {
      id: "access.token_personal_rotate_self",
      params: {},
      request: { method: "POST", path: "/personal_access_tokens/self/rotate" },
      markdown: ["## This server's token rotated: mcp-server", /GITLAB_TOKEN no longer works/, SHOWN_ONCE],
      check: (r) => {
        secretOnce(r, /^glpat-/);
        assert.match(String(structured(r).server_notice), /GITLAB_TOKEN/);
      },
    },
    {
      id: "access.token_personal_list",
      name: "after the rotation the server's configured token is refused",
      params: {},
      request: { method: "GET", path: "/personal_access_tokens" },
      markdown: [/authentication failed: GitLab rejected the token \(GITLAB_TOKEN\)/],
      isError: true,
    },
  ],
};
