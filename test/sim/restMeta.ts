// Start-up endpoints: instance metadata, the current user and the token itself.
// - GET /version, GET /metadata (doc/api/metadata.md, doc/api/version.md):
//   {version, revision, kas{enabled, externalUrl, externalK8sProxyUrl, version}, enterprise}
// - GET /user (doc/api/users.md, "get the current user" as a non-administrator)
// - GET /personal_access_tokens/self (doc/api/personal_access_tokens.md,
//   lib/api/personal_access_tokens/self_information.rb):
//   {id, name, revoked, created_at, description, scopes, user_id, last_used_at, active, granular, expires_at}
//   Every token scope may call it (the API class allows all available scopes). It presents
//   PersonalAccessTokenWithLastUsedIps WITHOUT `with_granular_scopes`, so a fine-grained token's grant is
//   not in this answer: `granular: true` and `scopes: ["granular"]` only.
// - GET /personal_access_tokens/:id (lib/api/personal_access_tokens.rb): the same entity presented
//   `with_granular_scopes: true`, so a granular token adds
//   `granular_scopes: [{access, permissions, project_id, group_id}]`
//   (lib/api/entities/personal_access_token_granular_scope.rb: project_id set only for a project
//   namespace, group_id only for a group, both keys always present). Another user's token (or none)
//   -> 401 {"message":"401 Unauthorized"} for a non-admin; an admin gets any token, or 404
//   {"message":"404 Not Found"}. Registered under API::API's scopes (api, read_api).
//   Both routes declare `read_personal_access_token` at the User boundary (fineGrained.ts enforces it).
import { requireUser } from "./auth.js";
import { notFound, unauthorized } from "./errors.js";
import type { RestContext, RestResult, Router } from "./router.js";
import type { TokenRecord } from "./state.js";

function metadata(ctx: RestContext): RestResult {
  requireUser(ctx.auth);
  const { version, externalUrl } = ctx.options;
  const host = new URL(externalUrl).host;
  return {
    status: 200,
    body: {
      version,
      revision: "6f2c1f3a9d1",
      kas: {
        enabled: true,
        externalUrl: `wss://${host}/-/kubernetes-agent/`,
        externalK8sProxyUrl: `${externalUrl}/-/kubernetes-agent/k8s-proxy/`,
        version: version.replace(/-ee$/, ""),
      },
      enterprise: version.endsWith("-ee"),
    },
  };
}

function currentUser(ctx: RestContext): RestResult {
  const { user } = requireUser(ctx.auth);
  const { externalUrl } = ctx.options;
  return {
    status: 200,
    body: {
      id: user.id,
      username: user.username,
      public_email: null,
      name: user.name,
      state: "active",
      locked: false,
      avatar_url: `https://www.gravatar.com/avatar/${user.id.toString(16).padStart(32, "0")}?s=80&d=identicon`,
      web_url: `${externalUrl}/${user.username}`,
      created_at: "2024-12-02T08:00:00.000Z",
      bio: "",
      location: "",
      linkedin: "",
      twitter: "",
      discord: "",
      website_url: "",
      github: "",
      job_title: "",
      pronouns: null,
      organization: "",
      bot: false,
      work_information: null,
      local_time: null,
      last_sign_in_at: "2025-01-06T08:55:00.000Z",
      confirmed_at: "2024-12-02T08:00:00.000Z",
      last_activity_on: new Date().toISOString().slice(0, 10),
      email: user.email,
      theme_id: 3,
      color_scheme_id: 1,
      projects_limit: 100000,
      current_sign_in_at: "2025-01-06T08:55:00.000Z",
      identities: [],
      can_create_group: true,
      can_create_project: true,
      two_factor_enabled: false,
      external: false,
      private_profile: false,
      commit_email: user.email,
      preferred_language: "en",
    },
  };
}

function tokenSelf(ctx: RestContext): RestResult {
  const { token } = requireUser(ctx.auth);
  return { status: 200, body: tokenEntity(token, false) };
}

function tokenById(ctx: RestContext): RestResult {
  const { token: caller, user } = requireUser(ctx.auth);
  const id = Number(ctx.route.id);
  const token = Number.isInteger(id) ? [...ctx.state.tokens.values()].find((t) => t.id === id) : undefined;
  if (!token || (token.userId !== user.id && !caller.admin)) throw caller.admin ? notFound() : unauthorized();
  return { status: 200, body: tokenEntity(token, true) };
}

function tokenEntity(token: TokenRecord, withGranularScopes: boolean): Record<string, unknown> {
  const today = new Date().toISOString().slice(0, 10);
  const active = !token.revoked && !(token.expiresAt !== null && token.expiresAt.slice(0, 10) <= today);
  const granular = token.scopes.length === 1 && token.scopes[0] === "granular";
  return {
    id: token.id,
    name: token.name,
    revoked: token.revoked,
    created_at: token.createdAt,
    description: null,
    scopes: token.scopes,
    user_id: token.userId,
    last_used_at: token.lastUsedAt,
    active,
    granular,
    expires_at: token.expiresAt,
    ...(granular && withGranularScopes
      ? {
          granular_scopes: (token.granular ?? []).map((g) => ({
            access: g.access,
            permissions: [...g.permissions],
            project_id: g.project_id ?? null,
            group_id: g.group_id ?? null,
          })),
        }
      : {}),
  };
}

export function registerMetaRoutes(router: Router): void {
  router.add("GET", "/version", metadata, "user");
  router.add("GET", "/metadata", metadata, "user");
  router.add("GET", "/user", currentUser, "user");
  router.add("GET", "/personal_access_tokens/self", tokenSelf, "any");
  router.add("GET", "/personal_access_tokens/:id", tokenById);
}
