// Start-up endpoints: instance metadata, the current user and the token itself.
// - GET /version, GET /metadata (doc/api/metadata.md, doc/api/version.md):
//   {version, revision, kas{enabled, externalUrl, externalK8sProxyUrl, version}, enterprise}
// - GET /user (doc/api/users.md, "get the current user" as a non-administrator)
// - GET /personal_access_tokens/self (doc/api/personal_access_tokens.md):
//   {id, name, revoked, created_at, description, scopes, user_id, last_used_at, active, expires_at}
//   Every token scope may call it (the API class allows all available scopes).
import { requireUser } from "./auth.js";
import type { RestContext, RestResult, Router } from "./router.js";

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
  const today = new Date().toISOString().slice(0, 10);
  const active = !token.revoked && !(token.expiresAt !== null && token.expiresAt.slice(0, 10) <= today);
  return {
    status: 200,
    body: {
      id: token.id,
      name: token.name,
      revoked: token.revoked,
      created_at: token.createdAt,
      description: null,
      scopes: token.scopes,
      user_id: token.userId,
      last_used_at: token.lastUsedAt,
      active,
      expires_at: token.expiresAt,
    },
  };
}

export function registerMetaRoutes(router: Router): void {
  router.add("GET", "/version", metadata, "user");
  router.add("GET", "/metadata", metadata, "user");
  router.add("GET", "/user", currentUser, "user");
  router.add("GET", "/personal_access_tokens/self", tokenSelf, "any");
}
