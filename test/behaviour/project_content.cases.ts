// Project uploads, avatar, GitLab Pages and Pages domains: the behaviour table (see
// test/helpers/behaviour.ts). State lives in the simulator (test/sim/restContent.ts), so the cases run
// as a workflow: upload then list then delete, add a domain then read it back. A Pages domain's private
// key is sent and never appears in a result. The token is an administrator's with admin_mode (Pages
// settings and the instance-wide domain list need it).
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";
import { seedAvatar, seedPages, seedPagesDomain } from "../sim/restContent.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0x00]);
const localFile = join(mkdtempSync(join(tmpdir(), "project-upload-")), "screenshot.png");
writeFileSync(localFile, PNG);

const CERT = "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUSimulatedCertificate\n-----END CERTIFICATE-----\n";
const KEY = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAAS-secret-key-material-xyz\n-----END PRIVATE KEY-----\n";

/** Every text the result carries, Markdown and structured. */
const everything = (r: CallToolResult) => JSON.stringify(r);

export const table: BehaviourTable = {
  domain: "project (uploads, avatar, Pages)",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } },
  seed(sim) {
    const web = sim.addProject({ id: 42, path_with_namespace: "acme/web", name: "web" });
    sim.addProject({ id: 43, path_with_namespace: "acme/api", name: "api" });
    seedAvatar(sim, web, "logo.png", PNG);
    seedPages(sim, web, { unique: false, https: true, deployments: [{ created_at: "2025-01-05T18:58:14.916Z", url: "https://acme.pages.example.com/web/", path_prefix: "", root_directory: null }] });
    seedPagesDomain(sim, web, { domain: "www.acme.example", enabled_until: "2030-04-12T14:32:00.000Z" });
  },
  cases: [
    // ---- Uploads
    {
      id: "project.upload",
      params: { project_id: 42, content_base64: Buffer.from([0, 1, 2, 254, 255]).toString("base64"), file_name: "dump.bin" },
      request: { method: "POST", path: "/projects/42/uploads" },
      markdown: ["## File uploaded: dump", "`/uploads/", "`[dump](/uploads/"],
      check(_r, sim) {
        const body = sim.log.at(-1)?.body as { file?: { filename: string; bytes: Buffer } };
        assert.equal(body.file?.filename, "dump.bin");
        assert.deepEqual([...(body.file?.bytes ?? [])], [0, 1, 2, 254, 255]);
      },
    },
    {
      id: "project.upload",
      name: "a local image on stdio is sent as the multipart file and linked as an image",
      params: { project_id: "acme/web", file_path: localFile },
      request: { method: "POST", path: "/projects/acme%2Fweb/uploads" },
      markdown: ["## File uploaded: screenshot", "`![screenshot](/uploads/"],
      check(_r, sim) {
        const body = sim.log.at(-1)?.body as { file?: { bytes: Buffer } };
        assert.ok(body.file?.bytes.equals(PNG));
      },
    },
    {
      id: "project.upload",
      name: "both file_path and content_base64 is refused before anything is sent",
      params: { project_id: 42, file_path: localFile, content_base64: "aGk=", file_name: "hi.txt" },
      markdown: ["either file_path or content_base64"],
      isError: true,
    },
    {
      id: "project.upload_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/uploads" },
      markdown: ["## Project Uploads", "`screenshot.png`", "`dump.bin`"],
      check(r) {
        const rows = (r.structuredContent as { uploads: { filename: string; size: number }[] }).uploads;
        assert.equal(rows[0].filename, "screenshot.png", "newest first");
        assert.equal(rows[1].size, 5);
      },
    },
    {
      id: "project.upload_delete",
      confirm: true,
      params: { project_id: 42, upload_id: 1 },
      request: { method: "DELETE", path: "/projects/42/uploads/1" },
      markdown: [/./],
    },
    {
      id: "project.upload_delete",
      name: "an upload that is gone answers the not-found card",
      confirm: true,
      params: { project_id: 42, upload_id: 1 },
      request: { method: "DELETE", path: "/projects/42/uploads/1" },
      markdown: [/not found/i],
      isError: true,
    },
    // ---- Avatar
    {
      id: "project.download_avatar",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/avatar" },
      markdown: ["## Project avatar", "image/png", "Binary content omitted"],
      check(r) {
        const s = r.structuredContent as { binary: boolean; size: number; content_type: string; content?: string };
        assert.equal(s.binary, true);
        assert.equal(s.size, PNG.length);
        assert.equal(s.content_type, "image/png");
      },
    },
    {
      id: "project.download_avatar",
      name: "a project without an avatar answers the not-found card",
      params: { project_id: 43 },
      request: { method: "GET", path: "/projects/43/avatar" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "project.upload_avatar",
      params: { project_id: 43, content_base64: PNG.toString("base64"), file_name: "api.png" },
      request: { method: "PUT", path: "/projects/43" },
      markdown: ["## Project avatar set", "/uploads/-/system/project/avatar/43/api.png"],
      check(_r, sim) {
        const body = sim.log.at(-1)?.body as { avatar?: { filename: string; bytes: Buffer } };
        assert.equal(body.avatar?.filename, "api.png");
        assert.ok(body.avatar?.bytes.equals(PNG));
      },
    },
    {
      id: "project.download_avatar",
      name: "the avatar just uploaded comes back byte for byte in size and type",
      params: { project_id: 43 },
      request: { method: "GET", path: "/projects/43/avatar" },
      markdown: ["## Project avatar"],
      check(r) {
        assert.equal((r.structuredContent as { size: number }).size, PNG.length);
      },
    },
    {
      id: "project.upload_avatar",
      name: "a file GitLab does not take as an avatar is GitLab's 400",
      params: { project_id: 43, content_base64: Buffer.from("hello").toString("base64"), file_name: "notes.txt" },
      request: { method: "PUT", path: "/projects/43" },
      markdown: ["file format is not supported"],
      isError: true,
    },
    // ---- Pages
    {
      id: "project.pages_get",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/pages" },
      markdown: ["## GitLab Pages", "https://acme.pages."],
      check(r) {
        const s = r.structuredContent as { force_https: boolean; deployments: unknown[] };
        assert.equal(s.force_https, true);
        assert.equal(s.deployments.length, 1);
      },
    },
    {
      id: "project.pages_get",
      name: "a project without Pages answers the not-found card",
      params: { project_id: 43 },
      request: { method: "GET", path: "/projects/43/pages" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "project.pages_update",
      params: { project_id: 42, pages_https_only: false, pages_unique_domain_enabled: true },
      request: { method: "PATCH", path: "/projects/42/pages", body: { pages_https_only: false, pages_unique_domain_enabled: true } },
      markdown: ["## Pages settings updated"],
      check(r) {
        const s = r.structuredContent as { force_https: boolean; is_unique_domain_enabled: boolean };
        assert.equal(s.force_https, false);
        assert.equal(s.is_unique_domain_enabled, true);
      },
    },
    // ---- Pages domains
    {
      id: "project.pages_domain_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/pages/domains" },
      markdown: ["## Pages Domains", "www.acme.example"],
    },
    {
      id: "project.pages_domain_create",
      params: { project_id: 42, domain: "docs.acme.example", certificate: CERT, key: KEY },
      request: { method: "POST", path: "/projects/42/pages/domains", body: { domain: "docs.acme.example", certificate: CERT, key: KEY } },
      markdown: ["## Pages domain added: docs.acme.example", "/CN=docs.acme.example"],
      check(r) {
        assert.ok(!everything(r).includes("secret-key-material"), "the private key is never echoed");
        assert.ok(!everything(r).includes("PRIVATE KEY"), "the private key is never echoed");
      },
    },
    {
      id: "project.pages_domain_create",
      name: "a domain already taken is GitLab's 400, and the key is not echoed in the error",
      params: { project_id: 43, domain: "docs.acme.example", certificate: CERT, key: KEY },
      request: { method: "POST", path: "/projects/43/pages/domains" },
      markdown: ["has already been taken"],
      isError: true,
      check(r) {
        assert.ok(!everything(r).includes("secret-key-material"));
      },
    },
    {
      id: "project.pages_domain_get",
      params: { project_id: 42, domain: "docs.acme.example" },
      request: { method: "GET", path: "/projects/42/pages/domains/docs.acme.example" },
      markdown: ["## Pages domain: docs.acme.example", "https://docs.acme.example"],
      check(r) {
        assert.ok(!everything(r).includes("secret-key-material"));
      },
    },
    {
      id: "project.pages_domain_get",
      name: "an unknown domain answers the not-found card",
      params: { project_id: 42, domain: "nope.example" },
      request: { method: "GET", path: "/projects/42/pages/domains/nope.example" },
      markdown: [/not found/i, "nope.example"],
      isError: true,
    },
    {
      id: "project.pages_domain_update",
      params: { project_id: 42, domain: "docs.acme.example", certificate: "", key: "", auto_ssl_enabled: true },
      request: { method: "PUT", path: "/projects/42/pages/domains/docs.acme.example", body: { certificate: "", key: "", auto_ssl_enabled: true } },
      markdown: ["## Pages domain updated: docs.acme.example"],
      check(r) {
        assert.equal((r.structuredContent as { auto_ssl_enabled: boolean }).auto_ssl_enabled, true);
      },
    },
    {
      id: "project.pages_domain_list_all",
      params: {},
      request: { method: "GET", path: "/pages/domains" },
      markdown: ["## All Pages Domains", "www.acme.example", "docs.acme.example"],
      check(r) {
        const rows = (r.structuredContent as { pages_domains: { project_id: number }[] }).pages_domains;
        assert.deepEqual(rows.map((d) => d.project_id), [42, 42]);
      },
    },
    {
      id: "project.pages_domain_delete",
      confirm: true,
      params: { project_id: 42, domain: "docs.acme.example" },
      request: { method: "DELETE", path: "/projects/42/pages/domains/docs.acme.example" },
      markdown: [/./],
    },
    {
      id: "project.pages_domain_delete",
      name: "a domain that is gone answers the not-found card",
      confirm: true,
      params: { project_id: 42, domain: "docs.acme.example" },
      request: { method: "DELETE", path: "/projects/42/pages/domains/docs.acme.example" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "project.pages_unpublish",
      confirm: true,
      params: { project_id: 42 },
      request: { method: "DELETE", path: "/projects/42/pages" },
      markdown: [/./],
    },
    {
      id: "project.pages_get",
      name: "unpublished Pages are gone",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/pages" },
      markdown: [/not found/i],
      isError: true,
    },
  ],
};
