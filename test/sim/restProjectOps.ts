// Project operations, from GitLab's API pages: project webhooks (doc/api/project_webhooks.md),
// integrations (project_integrations.md), push mirrors (remote_mirrors.md), the pull mirror
// (project_pull_mirroring.md), export and import (project_import_export.md) and housekeeping
// (projects.md). State is kept per project so workflows hold: add then get, delete then 404.
// - Secrets are write-only: a hook's token and custom header values, URL variable values, an
//   integration password, credentials in a mirror URL (answered as https://*****:*****@host/...).
// - Background work moves on as it is read: an export goes queued -> started -> finished across
//   successive GET /export reads, an import scheduled -> started -> finished (failed when the upload is
//   not a gzip archive), a pull mirror update scheduled -> started -> finished. A download before the
//   export is finished answers 404 {"message":"404 Not found or has expired"}; after, a tar.gz.
// - Housekeeping holds a lease: a second start on the same project answers 409.
// Errors: unknown hook or mirror -> 404 {"message":"404 Not found"} (find), unknown integration ->
// 404 {"message":"404 Integration Not Found"}, Grape's 400 {"error":"url is missing"} for a missing
// required param, 400 {"message":"The project is not mirrored"} for pull mirror calls on a project
// without one.
import { gzipSync } from "node:zlib";
import { authorizeWrite, userProject } from "./projectAccess.js";
import { conflict, messageError, notFound, recordNotFound, validationError } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimProject } from "./state.js";

type Json = Record<string, unknown>;

const HOOK_EVENTS = [
  "push_events",
  "tag_push_events",
  "issues_events",
  "confidential_issues_events",
  "merge_requests_events",
  "note_events",
  "confidential_note_events",
  "job_events",
  "pipeline_events",
  "wiki_page_events",
  "deployment_events",
  "releases_events",
  "feature_flag_events",
  "resource_access_token_events",
] as const;

const TEST_TRIGGERS = ["push_events", "tag_push_events", "issues_events", "confidential_issues_events", "note_events", "merge_requests_events", "job_events", "pipeline_events", "wiki_page_events", "releases_events", "emoji_events", "resource_access_token_events"];

interface SimHook {
  id: number;
  url: string;
  name: string;
  description: string;
  token?: string;
  events: Record<string, boolean>;
  push_events_branch_filter: string;
  branch_filter_strategy: string;
  enable_ssl_verification: boolean;
  custom_webhook_template: string | null;
  headers: Map<string, string>;
  variables: Map<string, string>;
  created_at: string;
}

interface SimIntegration {
  id: number;
  slug: string;
  title: string;
  active: boolean;
  events: Record<string, boolean>;
  properties: Json;
  secrets: Json;
  created_at: string;
  updated_at: string;
}

interface SimMirror {
  id: number;
  url: string;
  enabled: boolean;
  auth_method: string;
  only_protected_branches: boolean;
  keep_divergent_refs: boolean;
  mirror_branch_regex: string | null;
  update_status: string;
  last_update_at: string | null;
  last_update_started_at: string | null;
  last_successful_update_at: string | null;
}

interface SimPullMirror {
  url: string;
  enabled: boolean;
  auth_user?: string;
  auth_password?: string;
  mirror_trigger_builds: boolean;
  only_mirror_protected_branches: boolean | null;
  mirror_overwrites_diverged_branches: boolean;
  mirror_branch_regex: string | null;
  update_status: string;
  last_update_at: string | null;
  last_update_started_at: string | null;
  last_successful_update_at: string | null;
}

interface ProjectOps {
  hooks: SimHook[];
  integrations: Map<string, SimIntegration>;
  mirrors: SimMirror[];
  pull?: SimPullMirror;
  export: "none" | "queued" | "started" | "finished";
  import?: { status: "scheduled" | "started" | "finished" | "failed"; error: string | null; type: string };
  housekeepingLease: boolean;
  /** Ids handed out in this project (GitLab's are global; per project keeps every simulator's ids stable). */
  ids: { hook: number; integration: number; mirror: number };
}

const byProject = new WeakMap<SimProject, ProjectOps>();
const NOW = "2025-05-01T10:00:00.000Z";

function opsOf(project: SimProject): ProjectOps {
  let o = byProject.get(project);
  if (!o) {
    o = { hooks: [], integrations: new Map(), mirrors: [], export: "none", housekeepingLease: false, ids: { hook: 0, integration: 0, mirror: 101485 } };
    byProject.set(project, o);
  }
  return o;
}

const bool = (v: unknown): boolean | undefined => (v === undefined || v === null || v === "" ? undefined : v === true || v === "true" || v === 1 || v === "1");
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);

function requireParams(ctx: RestContext, names: string[]): void {
  const missing = names.filter((n) => ctx.params[n] === undefined || ctx.params[n] === "");
  if (missing.length > 0) throw validationError(missing.map((n) => `${n} is missing`));
}

function checkUrl(url: string, schemes = ["http", "https"]): void {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (!scheme || !schemes.includes(scheme)) throw messageError(400, { url: [`is blocked: Only allowed schemes are ${schemes.join(", ")}`] });
}

/** GitLab scrubs the user and password of a mirror URL before answering it. */
function masked(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]+@/i, "$1*****:*****@");
}

// ---- Webhooks ------------------------------------------------------------------------------------

function presentHook(project: SimProject, h: SimHook): Json {
  return {
    id: h.id,
    url: h.url,
    name: h.name,
    description: h.description,
    project_id: project.id,
    ...Object.fromEntries(HOOK_EVENTS.map((e) => [e, h.events[e] ?? false])),
    push_events_branch_filter: h.push_events_branch_filter,
    branch_filter_strategy: h.branch_filter_strategy,
    repository_update_events: false,
    enable_ssl_verification: h.enable_ssl_verification,
    alert_status: "executable",
    disabled_until: null,
    url_variables: [...h.variables.keys()].map((key) => ({ key })),
    custom_headers: [...h.headers.keys()].map((key) => ({ key })),
    custom_webhook_template: h.custom_webhook_template,
    created_at: h.created_at,
  };
}

function findHook(ctx: RestContext, project: SimProject): SimHook {
  const hook = opsOf(project).hooks.find((h) => h.id === Number(ctx.route.hook_id));
  if (!hook) throw recordNotFound();
  return hook;
}

function applyHookParams(ctx: RestContext, hook: SimHook): void {
  const p = ctx.params;
  for (const e of HOOK_EVENTS) {
    const v = bool(p[e]);
    if (v !== undefined) hook.events[e] = v;
  }
  if (str(p.name) !== undefined) hook.name = str(p.name)!;
  if (str(p.description) !== undefined) hook.description = str(p.description)!;
  if (str(p.token) !== undefined) hook.token = str(p.token);
  if (str(p.push_events_branch_filter) !== undefined) hook.push_events_branch_filter = str(p.push_events_branch_filter)!;
  if (str(p.branch_filter_strategy) !== undefined) {
    if (!["wildcard", "regex", "all_branches"].includes(str(p.branch_filter_strategy)!)) throw validationError(["branch_filter_strategy does not have a valid value"]);
    hook.branch_filter_strategy = str(p.branch_filter_strategy)!;
  }
  if (bool(p.enable_ssl_verification) !== undefined) hook.enable_ssl_verification = bool(p.enable_ssl_verification)!;
  if (str(p.custom_webhook_template) !== undefined) hook.custom_webhook_template = str(p.custom_webhook_template)!;
  if (Array.isArray(p.custom_headers)) {
    for (const h of p.custom_headers as unknown[]) {
      const { key, value } = (h ?? {}) as { key?: unknown; value?: unknown };
      if (typeof key !== "string" || typeof value !== "string") throw validationError(["custom_headers[key] is missing, custom_headers[value] is missing"]);
      hook.headers.set(key, value);
    }
  }
}

function listHooks(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const page = paginateOffset(opsOf(project).hooks, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: page.items.map((h) => presentHook(project, h)), headers: page.headers };
}

function getHook(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  return { status: 200, body: presentHook(project, findHook(ctx, project)) };
}

function addHook(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  requireParams(ctx, ["url"]);
  const url = String(ctx.params.url);
  checkUrl(url);
  const hook: SimHook = {
    id: ++opsOf(project).ids.hook,
    url,
    name: "",
    description: "",
    events: { push_events: true },
    push_events_branch_filter: "",
    branch_filter_strategy: "wildcard",
    enable_ssl_verification: true,
    custom_webhook_template: null,
    headers: new Map(),
    variables: new Map(),
    created_at: NOW,
  };
  applyHookParams(ctx, hook);
  opsOf(project).hooks.push(hook);
  return { status: 201, body: presentHook(project, hook) };
}

function editHook(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const hook = findHook(ctx, project);
  requireParams(ctx, ["url"]);
  const url = String(ctx.params.url);
  checkUrl(url);
  // A new URL drops the secret token unless one is sent with it.
  if (url !== hook.url) delete hook.token;
  hook.url = url;
  applyHookParams(ctx, hook);
  return { status: 200, body: presentHook(project, hook) };
}

function deleteHook(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const hook = findHook(ctx, project);
  const o = opsOf(project);
  o.hooks = o.hooks.filter((h) => h !== hook);
  return { status: 204 };
}

function testHook(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  findHook(ctx, project);
  if (!TEST_TRIGGERS.includes(ctx.route.trigger ?? "")) throw validationError(["trigger does not have a valid value"]);
  return { status: 201, body: { message: "201 Created" } };
}

function hookKeyed(kind: "headers" | "variables", resource: string) {
  return {
    set(ctx: RestContext): RestResult {
      const project = userProject(ctx);
      authorizeWrite(ctx);
      const hook = findHook(ctx, project);
      requireParams(ctx, ["value"]);
      hook[kind].set(ctx.route.key ?? "", String(ctx.params.value));
      return { status: 204 };
    },
    remove(ctx: RestContext): RestResult {
      const project = userProject(ctx);
      authorizeWrite(ctx);
      const hook = findHook(ctx, project);
      if (!hook[kind].delete(ctx.route.key ?? "")) throw notFound(resource);
      return { status: 204 };
    },
  };
}

// ---- Integrations --------------------------------------------------------------------------------

function presentIntegration(i: SimIntegration): Json {
  return {
    id: i.id,
    title: i.title,
    slug: i.slug,
    created_at: i.created_at,
    updated_at: i.updated_at,
    active: i.active,
    inherited: false,
    commit_events: i.events.commit_events ?? true,
    push_events: i.events.push_events ?? true,
    issues_events: i.events.issues_events ?? true,
    merge_requests_events: i.events.merge_requests_events ?? true,
    tag_push_events: i.events.tag_push_events ?? true,
    note_events: i.events.note_events ?? true,
    pipeline_events: i.events.pipeline_events ?? true,
    comment_on_event_enabled: i.events.comment_on_event_enabled ?? true,
    properties: i.properties,
  };
}

/** Seeds an active integration (a test's fixture), secrets kept apart from what GitLab answers. */
export function seedIntegration(project: SimProject, slug: string, title: string, properties: Json = {}): void {
  opsOf(project).integrations.set(slug, { id: ++opsOf(project).ids.integration, slug, title, active: true, events: {}, properties, secrets: {}, created_at: NOW, updated_at: NOW });
}

function listIntegrations(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  return { status: 200, body: [...opsOf(project).integrations.values()].filter((i) => i.active).map(presentIntegration) };
}

function getIntegration(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const i = opsOf(project).integrations.get(ctx.route.slug ?? "");
  if (!i) throw notFound("Integration");
  return { status: 200, body: presentIntegration(i) };
}

function setJira(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  requireParams(ctx, ["url", "password"]);
  checkUrl(String(ctx.params.url));
  const o = opsOf(project);
  const i = o.integrations.get("jira") ?? { id: ++o.ids.integration, slug: "jira", title: "Jira", active: false, events: {}, properties: {}, secrets: {}, created_at: NOW, updated_at: NOW };
  const p = ctx.params;
  const auth = p.jira_auth_type === undefined ? 0 : Number(p.jira_auth_type);
  if (auth === 0 && (p.username === undefined || p.username === "")) throw messageError(400, { username: ["can't be blank"] });
  i.secrets = { password: p.password };
  i.properties = {
    url: p.url,
    api_url: p.api_url ?? "",
    username: p.username ?? "",
    jira_auth_type: auth,
    jira_issue_prefix: p.jira_issue_prefix ?? "",
    jira_issue_regex: p.jira_issue_regex ?? "",
    jira_issue_transition_automatic: bool(p.jira_issue_transition_automatic) ?? false,
    jira_issue_transition_id: p.jira_issue_transition_id ?? "",
  };
  for (const e of ["commit_events", "merge_requests_events", "comment_on_event_enabled"]) if (bool(p[e]) !== undefined) i.events[e] = bool(p[e])!;
  // Saving the form activates the integration unless told otherwise.
  i.active = bool(p.active) ?? true;
  i.updated_at = NOW;
  o.integrations.set("jira", i);
  return { status: 200, body: presentIntegration(i) };
}

function deleteIntegration(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const o = opsOf(project);
  if (!o.integrations.delete(ctx.route.slug ?? "")) throw notFound("Integration");
  return { status: 204 };
}

// ---- Push mirrors --------------------------------------------------------------------------------

function presentMirror(m: SimMirror): Json {
  return {
    id: m.id,
    enabled: m.enabled,
    auth_method: m.auth_method,
    url: masked(m.url),
    only_protected_branches: m.only_protected_branches,
    keep_divergent_refs: m.keep_divergent_refs,
    mirror_branch_regex: m.mirror_branch_regex,
    update_status: m.update_status,
    last_error: null,
    last_update_at: m.last_update_at,
    last_update_started_at: m.last_update_started_at,
    last_successful_update_at: m.last_successful_update_at,
    host_keys: m.auth_method === "ssh_public_key" ? [{ fingerprint_sha256: "SHA256:HbW3g8zUjNSksFbqTiUWPWg2Bq1x8xdGUrliXFzSnUw" }] : [],
  };
}

function findMirror(ctx: RestContext, project: SimProject): SimMirror {
  const m = opsOf(project).mirrors.find((x) => x.id === Number(ctx.route.mirror_id));
  if (!m) throw recordNotFound();
  return m;
}

function applyMirrorParams(ctx: RestContext, m: SimMirror): void {
  const p = ctx.params;
  if (bool(p.enabled) !== undefined) m.enabled = bool(p.enabled)!;
  if (str(p.auth_method) !== undefined) {
    if (!["ssh_public_key", "password"].includes(str(p.auth_method)!)) throw validationError(["auth_method does not have a valid value"]);
    m.auth_method = str(p.auth_method)!;
  }
  if (bool(p.only_protected_branches) !== undefined) m.only_protected_branches = bool(p.only_protected_branches)!;
  if (bool(p.keep_divergent_refs) !== undefined) m.keep_divergent_refs = bool(p.keep_divergent_refs)!;
  if (str(p.mirror_branch_regex) !== undefined) m.mirror_branch_regex = str(p.mirror_branch_regex)!;
  if (m.only_protected_branches && m.mirror_branch_regex) throw messageError(400, { base: ["only_protected_branches and mirror_branch_regex cannot be enabled at the same time"] });
}

function listMirrors(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  return { status: 200, body: opsOf(project).mirrors.map(presentMirror) };
}

function getMirror(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  return { status: 200, body: presentMirror(findMirror(ctx, project)) };
}

function addMirror(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  requireParams(ctx, ["url"]);
  const url = String(ctx.params.url);
  checkUrl(url, ["ssh", "git", "http", "https"]);
  const m: SimMirror = {
    id: ++opsOf(project).ids.mirror,
    url,
    enabled: false,
    auth_method: "password",
    only_protected_branches: false,
    keep_divergent_refs: false,
    mirror_branch_regex: null,
    update_status: "none",
    last_update_at: null,
    last_update_started_at: null,
    last_successful_update_at: null,
  };
  applyMirrorParams(ctx, m);
  opsOf(project).mirrors.push(m);
  return { status: 201, body: presentMirror(m) };
}

function editMirror(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const m = findMirror(ctx, project);
  applyMirrorParams(ctx, m);
  return { status: 200, body: presentMirror(m) };
}

function deleteMirror(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const m = findMirror(ctx, project);
  const o = opsOf(project);
  o.mirrors = o.mirrors.filter((x) => x !== m);
  return { status: 204 };
}

function syncMirror(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const m = findMirror(ctx, project);
  if (!m.enabled) throw messageError(400, "Mirror is not enabled");
  m.update_status = "finished";
  m.last_update_started_at = m.last_update_at = m.last_successful_update_at = NOW;
  return { status: 204 };
}

function mirrorPublicKey(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const m = findMirror(ctx, project);
  if (m.auth_method !== "ssh_public_key") throw notFound("Public key");
  return { status: 200, body: { public_key: `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC${m.id} project-${project.id}-mirror` } };
}

// ---- Pull mirror ---------------------------------------------------------------------------------

function presentPull(project: SimProject, m: SimPullMirror): Json {
  return {
    id: project.id,
    last_error: null,
    last_successful_update_at: m.last_successful_update_at,
    last_update_at: m.last_update_at,
    last_update_started_at: m.last_update_started_at,
    update_status: m.update_status,
    url: masked(m.url),
    enabled: m.enabled,
    mirror_trigger_builds: m.mirror_trigger_builds,
    only_mirror_protected_branches: m.only_mirror_protected_branches,
    mirror_overwrites_diverged_branches: m.mirror_overwrites_diverged_branches,
    mirror_branch_regex: m.mirror_branch_regex,
  };
}

function mirrored(project: SimProject): SimPullMirror {
  const m = opsOf(project).pull;
  if (!m || !m.enabled) throw messageError(400, "The project is not mirrored");
  return m;
}

function getPull(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const m = mirrored(project);
  const body = presentPull(project, m);
  // The update GitLab runs in the background moves on between reads.
  if (m.update_status === "scheduled") {
    m.update_status = "started";
    m.last_update_started_at = NOW;
  } else if (m.update_status === "started") {
    m.update_status = "finished";
    m.last_update_at = m.last_successful_update_at = NOW;
  }
  return { status: 200, body };
}

function configurePull(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const o = opsOf(project);
  const p = ctx.params;
  const m: SimPullMirror = o.pull ?? {
    url: "",
    enabled: false,
    mirror_trigger_builds: false,
    only_mirror_protected_branches: null,
    mirror_overwrites_diverged_branches: false,
    mirror_branch_regex: null,
    update_status: "none",
    last_update_at: null,
    last_update_started_at: null,
    last_successful_update_at: null,
  };
  if (str(p.url) !== undefined) {
    checkUrl(str(p.url)!, ["ssh", "git", "http", "https"]);
    m.url = str(p.url)!;
  }
  if (bool(p.enabled) !== undefined) m.enabled = bool(p.enabled)!;
  if (m.enabled && m.url === "") throw messageError(400, { import_url: ["can't be blank"] });
  if (str(p.auth_user) !== undefined) m.auth_user = str(p.auth_user);
  if (str(p.auth_password) !== undefined) m.auth_password = str(p.auth_password);
  if (bool(p.mirror_trigger_builds) !== undefined) m.mirror_trigger_builds = bool(p.mirror_trigger_builds)!;
  if (bool(p.only_mirror_protected_branches) !== undefined) m.only_mirror_protected_branches = bool(p.only_mirror_protected_branches)!;
  if (bool(p.mirror_overwrites_diverged_branches) !== undefined) m.mirror_overwrites_diverged_branches = bool(p.mirror_overwrites_diverged_branches)!;
  if (str(p.mirror_branch_regex) !== undefined) m.mirror_branch_regex = str(p.mirror_branch_regex)!;
  o.pull = m;
  return { status: 200, body: presentPull(project, m) };
}

function startPull(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const m = mirrored(project);
  m.update_status = "scheduled";
  return { status: 202, body: { message: "202 Accepted" } };
}

// ---- Export and import ---------------------------------------------------------------------------

/** A small tar.gz standing for an export archive: gzip bytes, binary, with NULs and high bytes. */
export function exportArchive(project: SimProject): Buffer {
  const header = Buffer.alloc(512);
  header.write("VERSION", 0);
  header.write("0000644\0", 100);
  const data = Buffer.from(`0.2.4\n${project.path_with_namespace}\n`);
  return gzipSync(Buffer.concat([header, data, Buffer.alloc(512 - data.length), Buffer.alloc(1024)]));
}

function scheduleExport(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const upload = ctx.params.upload as Json | undefined;
  if (upload !== undefined && (typeof upload !== "object" || !upload.url)) throw validationError(["upload[url] is missing"]);
  opsOf(project).export = "queued";
  return { status: 202, body: { message: "202 Accepted" } };
}

function exportStatus(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const o = opsOf(project);
  const status = o.export;
  const links =
    status === "finished"
      ? { _links: { api_url: `${ctx.options.externalUrl}/api/v4/projects/${project.id}/export/download`, web_url: `${ctx.options.externalUrl}/${project.path_with_namespace}/download_export` } }
      : {};
  if (o.export === "queued") o.export = "started";
  else if (o.export === "started") o.export = "finished";
  return {
    status: 200,
    body: { id: project.id, description: null, name: project.name, name_with_namespace: project.path_with_namespace.replace(/\//g, " / "), path: project.path, path_with_namespace: project.path_with_namespace, created_at: project.created_at, export_status: status, ...links },
  };
}

function exportDownload(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  if (opsOf(project).export !== "finished") throw messageError(404, "404 Not found or has expired");
  const name = `2025-05-01_10-00-000_${project.path_with_namespace.replace(/\//g, "_")}_export.tar.gz`;
  return { status: 200, body: exportArchive(project), headers: { "content-type": "application/octet-stream", "content-disposition": `attachment; filename="${name}"` } };
}

/** Starts an import of `type` on a project (the importers of restAdminOps.ts); GET /import then moves it on. */
export function startProjectImport(project: SimProject, type: string): void {
  opsOf(project).import = { status: "scheduled", error: null, type };
}

/** A project's import, mutable (a canceled GitHub import), or undefined when it has none. */
export function projectImport(project: SimProject): ProjectOps["import"] {
  return opsOf(project).import;
}

function presentImport(project: SimProject, imp: NonNullable<ProjectOps["import"]>): Json {
  return {
    id: project.id,
    description: null,
    name: project.name,
    name_with_namespace: project.path_with_namespace.replace(/\//g, " / "),
    path: project.path,
    path_with_namespace: project.path_with_namespace,
    created_at: project.created_at,
    import_status: imp.status,
    import_type: imp.type,
    correlation_id: "mezklWso3Za",
    failed_relations: [],
    import_error: imp.error,
  };
}

function importFile(ctx: RestContext): RestResult {
  if (ctx.auth.kind !== "user") throw messageError(401, "401 Unauthorized");
  const file = ctx.params.file as { filename?: string; bytes?: Buffer } | undefined;
  const missing = [...(file && typeof file === "object" && file.filename ? [] : ["file"]), ...(ctx.params.path ? [] : ["path"])];
  if (missing.length > 0) throw validationError(missing.map((n) => `${n} is missing`));
  const path = String(ctx.params.path);
  const namespace = str(ctx.params.namespace) ?? ctx.auth.user.username;
  const full = `${namespace}/${path}`;
  const existing = ctx.state.findProject(full);
  if (existing && !bool(ctx.params.overwrite)) throw messageError(400, "Project namespace name has already been taken");
  const project = existing ?? ctx.state.addProject({ path_with_namespace: full, name: str(ctx.params.name) ?? path });
  const bytes = file!.bytes ?? Buffer.alloc(0);
  const gzip = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  const imp = { status: "scheduled" as const, error: null, type: "gitlab_project", ...(gzip ? {} : { broken: true }) };
  opsOf(project).import = imp;
  return { status: 201, body: presentImport(project, imp) };
}

function importStatus(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const o = opsOf(project);
  const imp = o.import ?? { status: "none" as never, error: null, type: null as never };
  const body = presentImport(project, imp);
  if (o.import) {
    const broken = (o.import as { broken?: boolean }).broken === true;
    if (o.import.status === "scheduled") o.import.status = "started";
    else if (o.import.status === "started") {
      o.import.status = broken ? "failed" : "finished";
      if (broken) o.import.error = "Unable to decompress the export file: not in gzip format";
    }
  }
  return { status: 200, body };
}

// ---- Housekeeping --------------------------------------------------------------------------------

function housekeeping(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  authorizeWrite(ctx);
  const task = str(ctx.params.task) ?? "eager";
  if (!["eager", "prune"].includes(task)) throw validationError(["task does not have a valid value"]);
  const o = opsOf(project);
  if (o.housekeepingLease) throw conflict("Somebody already triggered housekeeping for this resource within the past 5 minutes");
  o.housekeepingLease = true;
  return { status: 201 };
}

export function registerProjectOpsRoutes(router: Router): void {
  router.add("GET", "/projects/:id/hooks", listHooks);
  router.add("POST", "/projects/:id/hooks", addHook);
  router.add("GET", "/projects/:id/hooks/:hook_id", getHook);
  router.add("PUT", "/projects/:id/hooks/:hook_id", editHook);
  router.add("DELETE", "/projects/:id/hooks/:hook_id", deleteHook);
  router.add("POST", "/projects/:id/hooks/:hook_id/test/:trigger", testHook);
  const headers = hookKeyed("headers", "Custom Header");
  const variables = hookKeyed("variables", "URL Variable");
  router.add("PUT", "/projects/:id/hooks/:hook_id/custom_headers/:key", headers.set);
  router.add("DELETE", "/projects/:id/hooks/:hook_id/custom_headers/:key", headers.remove);
  router.add("PUT", "/projects/:id/hooks/:hook_id/url_variables/:key", variables.set);
  router.add("DELETE", "/projects/:id/hooks/:hook_id/url_variables/:key", variables.remove);
  router.add("GET", "/projects/:id/integrations", listIntegrations);
  router.add("PUT", "/projects/:id/integrations/jira", setJira);
  router.add("GET", "/projects/:id/integrations/:slug", getIntegration);
  router.add("DELETE", "/projects/:id/integrations/:slug", deleteIntegration);
  router.add("GET", "/projects/:id/remote_mirrors", listMirrors);
  router.add("POST", "/projects/:id/remote_mirrors", addMirror);
  router.add("GET", "/projects/:id/remote_mirrors/:mirror_id", getMirror);
  router.add("PUT", "/projects/:id/remote_mirrors/:mirror_id", editMirror);
  router.add("DELETE", "/projects/:id/remote_mirrors/:mirror_id", deleteMirror);
  router.add("POST", "/projects/:id/remote_mirrors/:mirror_id/sync", syncMirror);
  router.add("GET", "/projects/:id/remote_mirrors/:mirror_id/public_key", mirrorPublicKey);
  router.add("GET", "/projects/:id/mirror/pull", getPull);
  router.add("PUT", "/projects/:id/mirror/pull", configurePull);
  router.add("POST", "/projects/:id/mirror/pull", startPull);
  router.add("POST", "/projects/:id/export", scheduleExport);
  router.add("GET", "/projects/:id/export", exportStatus);
  router.add("GET", "/projects/:id/export/download", exportDownload);
  router.add("POST", "/projects/import", importFile);
  router.add("GET", "/projects/:id/import", importStatus);
  router.add("POST", "/projects/:id/housekeeping", housekeeping);
}
