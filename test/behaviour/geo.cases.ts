// Geo sites (Premium, administrators): list, add a secondary, follow its replication through the status
// reads (missing OAuth application, repair, catching up, healthy), change and delete it. The token
// belongs to an administrator with admin_mode; the simulator seeds the primary us-site (1).
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";

const sc = (r: CallToolResult) => r.structuredContent as Record<string, unknown>;

export const table: BehaviourTable = {
  domain: "geo",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } },
  seed() {},
  cases: [
    {
      id: "geo.list",
      params: {},
      request: { method: "GET", path: "/geo_sites", query: {} },
      markdown: ["## Geo Sites (1)", "us-site"],
    },
    {
      id: "geo.create",
      params: { name: "eu-site", url: "https://eu.example.com/", selective_sync_type: "namespaces", selective_sync_namespace_ids: [7, 25], repos_max_capacity: 30, blob_download_timeout: 3600 },
      request: { method: "POST", path: "/geo_sites", body: { name: "eu-site", url: "https://eu.example.com/", selective_sync_type: "namespaces", selective_sync_namespace_ids: [7, 25], repos_max_capacity: 30, blob_download_timeout: 3600 } },
      markdown: ["## Geo Site: eu-site", "- **ID**: 2", "- **Selective Sync**: namespaces", "- **Repositories Capacity**: 30", "geo.get_status"],
      check: (r) => assert.deepEqual(sc(r).selective_sync_namespace_ids, [7, 25]),
    },
    {
      id: "geo.create",
      name: "a taken name answers GitLab's 400",
      params: { name: "eu-site", url: "https://eu2.example.com/" },
      request: { method: "POST", path: "/geo_sites" },
      markdown: ["has already been taken"],
      isError: true,
    },
    {
      id: "geo.create",
      name: "a timeout above GitLab's maximum is refused before sending",
      params: { name: "ap-site", url: "https://ap.example.com/", blob_download_timeout: 90000 },
      markdown: ["blob_download_timeout"],
      isError: true,
    },
    {
      id: "geo.get_status",
      name: "a new secondary lacks its OAuth application",
      params: { geo_site_id: 2 },
      request: { method: "GET", path: "/geo_sites/2/status", query: {} },
      markdown: ["## Geo Site Status: 2 (Unhealthy)", "- **Missing OAuth Application**: ✅", "geo.repair"],
    },
    {
      id: "geo.repair",
      params: { geo_site_id: 2 },
      request: { method: "POST", path: "/geo_sites/2/repair" },
      markdown: ["## Geo Site Status: 2", "- **Missing OAuth Application**: ❌"],
    },
    {
      id: "geo.get_status",
      name: "replication catches up between polls",
      params: { geo_site_id: 2, refresh: true },
      request: { method: "GET", path: "/geo_sites/2/status", query: { refresh: "true" } },
      markdown: ["## Geo Site Status: 2 (Unhealthy)"],
      check: (r) => assert.equal(sc(r).lfs_objects_synced_count, 5),
    },
    {
      id: "geo.get_status",
      name: "then it is healthy",
      params: { geo_site_id: 2 },
      request: { method: "GET", path: "/geo_sites/2/status" },
      markdown: ["## Geo Site Status: 2 (Healthy)", "- **Healthy**: ✅"],
    },
    {
      id: "geo.list_status",
      params: {},
      request: { method: "GET", path: "/geo_sites/status" },
      markdown: ["## Geo Site Statuses (2)", "Healthy"],
    },
    {
      id: "geo.get",
      params: { geo_site_id: 2 },
      request: { method: "GET", path: "/geo_sites/2" },
      markdown: ["## Geo Site: eu-site", "- **URL**: https://eu.example.com/"],
    },
    {
      id: "geo.get",
      name: "an unknown site answers the not-found card",
      params: { geo_site_id: 9 },
      request: { method: "GET", path: "/geo_sites/9" },
      markdown: ["## ❓ Geo Site Not Found"],
      isError: true,
    },
    {
      id: "geo.edit",
      params: { geo_site_id: 2, enabled: false, files_max_capacity: 5 },
      request: { method: "PUT", path: "/geo_sites/2", body: { enabled: false, files_max_capacity: 5 } },
      markdown: ["## Geo Site: eu-site", "- **enabled**: ❌", "- **files_max_capacity**: 5"],
    },
    {
      id: "geo.delete",
      params: { geo_site_id: 2 },
      confirm: true,
      request: { method: "DELETE", path: "/geo_sites/2" },
      markdown: ["✅"],
    },
    {
      id: "geo.delete",
      name: "destructive: refused without confirmation, nothing sent",
      params: { geo_site_id: 1 },
      markdown: [/confirm/i],
      isError: true,
    },
  ],
};
