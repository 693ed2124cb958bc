// Geo sites (doc/api/geo_sites.md, ee/lib/api/geo_sites.rb): Premium, administrators only
// (authenticated_as_admin!: 403 {"message":"403 Forbidden"}); CE has no such routes (404).
// - GET /geo_sites, GET /geo_sites/status: offset pages. GET|PUT|DELETE /geo_sites/:id, GET /geo_sites/:id/status
//   (refresh), POST /geo_sites/:id/repair; an unknown site 404 {"message":"404 Not found"} (GeoNode.find).
// - POST /geo_sites: name and url required (Grape 400 {"error":"name is missing, url is missing"}); a taken
//   name 400 {"message":{"name":["has already been taken"]}}; a second primary 400 {"message":{"primary":
//   ["node already exists"]}}; a URL that is not http(s) 400 {"message":{"url":["is not a valid URL"]}};
//   blob_download_timeout above 86400 400 {"message":{"blob_download_timeout":["must be less than or
//   equal to 86400"]}}. Answers 201 with the site (GitLab's desc says 200; Grape's POST answers 201).
// - selective_sync_namespace_ids is stored as namespace_ids and shown under its API name.
// The seeded primary (1, us-site) is healthy. A new secondary starts unhealthy, missing its OAuth
// application until repaired; each status read then moves its replication on (LFS objects synced 0, 5,
// 10 of 10), and it is Healthy once repaired and synced. repair answers the site's status.
import { requireUser } from "./auth.js";
import { forbidden, messageError, recordNotFound, routeNotFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap, type ParamSpec } from "./params.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import { jsonTime, type SimState } from "./state.js";

type Json = Record<string, unknown>;

interface Site {
  id: number;
  settings: Json;
  oauthMissing: boolean;
  synced: number;
  updated_at: string;
}

interface Store {
  sites: Map<number, Site>;
  seq: number;
}

const LFS_TOTAL = 10;
const STORES = new WeakMap<SimState, Store>();

const DEFAULTS: Json = {
  primary: false,
  enabled: true,
  files_max_capacity: 10,
  repos_max_capacity: 25,
  verification_max_capacity: 100,
  container_repositories_max_capacity: 10,
  selective_sync_type: null,
  selective_sync_shards: [],
  selective_sync_namespace_ids: [],
  minimum_reverification_interval: 7,
  sync_object_storage: false,
  blob_download_timeout: 28800,
};

function store(state: SimState): Store {
  let s = STORES.get(state);
  if (!s) {
    const at = jsonTime(state.now());
    s = {
      sites: new Map([[1, { id: 1, settings: { ...DEFAULTS, name: "us-site", url: "https://primary.example.com/", internal_url: "https://primary.example.com/", primary: true }, oauthMissing: false, synced: LFS_TOTAL, updated_at: at }]]),
      seq: 1,
    };
    STORES.set(state, s);
  }
  return s;
}

function admin(ctx: RestContext): Store {
  if (ctx.options.edition === "ce") throw routeNotFound();
  if (requireUser(ctx.auth).token.admin !== true) throw forbidden();
  return store(ctx.state);
}

function siteOf(ctx: RestContext, s: Store): Site {
  const site = s.sites.get(Number(ctx.route.id));
  if (!/^\d+$/.test(ctx.route.id ?? "") || !site) throw recordNotFound();
  return site;
}

function present(ctx: RestContext, site: Site): Json {
  const api = `${ctx.options.externalUrl}/api/v4/geo_sites/${site.id}`;
  const url = site.settings.url as string;
  return {
    id: site.id,
    name: site.settings.name,
    url,
    internal_url: site.settings.internal_url ?? url,
    current: site.id === 1,
    ...Object.fromEntries(Object.keys(DEFAULTS).map((k) => [k, site.settings[k]])),
    web_edit_url: `${ctx.options.externalUrl}/admin/geo/sites/${site.id}/edit`,
    ...(site.settings.primary ? {} : { web_geo_replication_details_url: `${url.replace(/\/$/, "")}/admin/geo/sites/${site.id}/replication/lfs_objects` }),
    _links: { self: api, status: `${api}/status`, repair: `${api}/repair` },
  };
}

function status(ctx: RestContext, site: Site): Json {
  const healthy = !site.oauthMissing && site.synced >= LFS_TOTAL;
  const api = `${ctx.options.externalUrl}/api/v4/geo_sites/${site.id}`;
  return {
    geo_node_id: site.id,
    healthy,
    health: site.oauthMissing ? "There are no OAuth application defined for this Geo node." : healthy ? "Healthy" : "Replication is catching up.",
    health_status: healthy ? "Healthy" : "Unhealthy",
    missing_oauth_application: site.oauthMissing,
    db_replication_lag_seconds: site.settings.primary ? null : LFS_TOTAL - site.synced,
    projects_count: 19,
    lfs_objects_count: LFS_TOTAL,
    lfs_objects_synced_count: site.synced,
    lfs_objects_failed_count: 0,
    repositories_checked_count: null,
    last_event_id: 357,
    last_event_timestamp: 1683127088,
    cursor_last_event_id: site.settings.primary ? null : 350 + Math.round((7 * site.synced) / LFS_TOTAL),
    cursor_last_event_timestamp: 1683127088,
    last_successful_status_check_timestamp: 1683127146,
    version: "18.6.0-ee",
    revision: "129eb954664",
    selective_sync_type: site.settings.selective_sync_type ?? "",
    namespaces: [],
    updated_at: site.updated_at,
    storage_shards_match: true,
    _links: { self: `${api}/status`, site: api },
  };
}

const SETTING_SPECS: ParamSpec[] = [
  { name: "enabled", type: "boolean" },
  { name: "name", type: "string" },
  { name: "url", type: "string" },
  { name: "internal_url", type: "string" },
  { name: "files_max_capacity", type: "integer" },
  { name: "repos_max_capacity", type: "integer" },
  { name: "verification_max_capacity", type: "integer" },
  { name: "container_repositories_max_capacity", type: "integer" },
  { name: "sync_object_storage", type: "boolean" },
  { name: "selective_sync_type", type: "string" },
  { name: "minimum_reverification_interval", type: "integer" },
  { name: "blob_download_timeout", type: "integer" },
];

function list(raw: unknown, integer: boolean): unknown[] | undefined {
  if (raw === undefined) return undefined;
  const items = Array.isArray(raw) ? raw : String(raw).split(",");
  return items.map((x) => (integer ? Number(x) : String(x).trim())).filter((x) => x !== "");
}

function validate(s: Store, site: Site | undefined, p: ParamMap): void {
  if (p.name !== undefined && [...s.sites.values()].some((x) => x !== site && x.settings.name === p.name)) throw messageError(400, { name: ["has already been taken"] });
  for (const key of ["url", "internal_url"]) if (typeof p[key] === "string" && !/^https?:\/\//.test(p[key] as string)) throw messageError(400, { [key]: ["is not a valid URL"] });
  if (typeof p.blob_download_timeout === "number" && p.blob_download_timeout > 86400) throw messageError(400, { blob_download_timeout: ["must be less than or equal to 86400"] });
  if (p.selective_sync_type !== undefined && p.selective_sync_type !== null && !["namespaces", "shards", ""].includes(p.selective_sync_type as string)) throw messageError(400, { selective_sync_type: ["is not included in the list"] });
}

function apply(site: Site, ctx: RestContext, p: ParamMap): void {
  for (const [k, v] of Object.entries(p)) site.settings[k] = k === "selective_sync_type" && v === "" ? null : v;
  const shards = list(ctx.params.selective_sync_shards, false);
  const ids = list(ctx.params.selective_sync_namespace_ids, true);
  if (shards) site.settings.selective_sync_shards = shards;
  if (ids) site.settings.selective_sync_namespace_ids = ids;
  site.updated_at = jsonTime(ctx.state.now());
}

function create(ctx: RestContext): RestResult {
  const s = admin(ctx);
  const p = declare(ctx.params, [{ name: "primary", type: "boolean" }, ...SETTING_SPECS.map((x) => (x.name === "name" || x.name === "url" ? { ...x, required: true } : x))]);
  validate(s, undefined, p);
  if (p.primary === true && [...s.sites.values()].some((x) => x.settings.primary)) throw messageError(400, { primary: ["node already exists"] });
  const site: Site = { id: ++s.seq, settings: { ...DEFAULTS }, oauthMissing: p.primary !== true, synced: p.primary === true ? LFS_TOTAL : 0, updated_at: "" };
  apply(site, ctx, p);
  s.sites.set(site.id, site);
  return { status: 201, body: present(ctx, site) };
}

function edit(ctx: RestContext): RestResult {
  const s = admin(ctx);
  const site = siteOf(ctx, s);
  const p = declare(ctx.params, SETTING_SPECS);
  validate(s, site, p);
  apply(site, ctx, p);
  return { status: 200, body: present(ctx, site) };
}

function readStatus(ctx: RestContext): RestResult {
  const s = admin(ctx);
  const site = siteOf(ctx, s);
  declare(ctx.params, [{ name: "refresh", type: "boolean" }]);
  const answer = status(ctx, site);
  // The background sync moves on between two polls.
  if (site.synced < LFS_TOTAL && site.settings.enabled !== false) site.synced = Math.min(LFS_TOTAL, site.synced + LFS_TOTAL / 2);
  return { status: 200, body: answer };
}

function repair(ctx: RestContext): RestResult {
  const s = admin(ctx);
  const site = siteOf(ctx, s);
  site.oauthMissing = false;
  return { status: 200, body: status(ctx, site) };
}

export function registerGeoRoutes(router: Router): void {
  router.add("GET", "/geo_sites", (ctx) => {
    const s = admin(ctx);
    const p = declare(ctx.params, PAGINATION_PARAMS);
    const paged = paginateOffset([...s.sites.values()], p.page as number, p.per_page as number, linkContext(ctx, p));
    return { status: 200, body: paged.items.map((x) => present(ctx, x)), headers: paged.headers };
  });
  router.add("POST", "/geo_sites", create);
  router.add("GET", "/geo_sites/status", (ctx) => {
    const s = admin(ctx);
    const p = declare(ctx.params, PAGINATION_PARAMS);
    const paged = paginateOffset([...s.sites.values()], p.page as number, p.per_page as number, linkContext(ctx, p));
    return { status: 200, body: paged.items.map((x) => status(ctx, x)), headers: paged.headers };
  });
  router.add("GET", "/geo_sites/:id", (ctx) => ({ status: 200, body: present(ctx, siteOf(ctx, admin(ctx))) }));
  router.add("PUT", "/geo_sites/:id", edit);
  router.add("DELETE", "/geo_sites/:id", (ctx) => {
    const s = admin(ctx);
    s.sites.delete(siteOf(ctx, s).id);
    return { status: 204 };
  });
  router.add("GET", "/geo_sites/:id/status", readStatus);
  router.add("POST", "/geo_sites/:id/repair", repair);
}

