// Dependencies, dependency list (SBOM) exports and attestations (Ultimate), written from GitLab's docs:
// - doc/api/dependencies.md (+ the OpenAPI description's package managers): GET /projects/:id/dependencies,
//   package_manager[] filter (another value: Grape's 400 "package_manager does not have a valid value"),
//   offset pages; four seeded dependencies per project, one with a vulnerability.
// - doc/api/dependency_list_export.md: POST /projects|groups|pipelines/:id/dependency_list_exports with
//   export_type (projects: dependency_list, csv, cyclonedx_1_6_json; groups: json_array, csv; pipelines:
//   sbom; another type for that object 422 {"message":"This export type is not supported for this object"})
//   and send_email answers 201 {id, status: "running", has_finished: false, ...}. GET
//   /dependency_list_exports/:id answers 202 while running: the first poll finds it running and moves it
//   on, the next answers 200 finished. The download is 404 {"message":"404 Not Found"} until then, then
//   the file (application/json, or text/csv for csv) as an attachment. Only the author may read an
//   export: anyone else gets 403 {"message":"403 Forbidden"}. Pipelines: the security pipeline of a
//   project (ID 9000 + project ID, IID 1, the one graphqlSecurity.ts serves).
// - doc/api/attestations.md: GET /projects/:id/attestations/:subject_digest lists the attestations of a
//   digest (one seeded per project, for SEEDED_DIGEST); GET /projects/:id/attestations/:iid/download
//   answers the Sigstore bundle (application/json), a miss 404 {"message":"404 Not Found"}.
// The 422 text is our reading of GitLab's service errors, not checked against its source.
import { forbidden, messageError, notFound, unauthorized } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS } from "./params.js";
import { userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimState } from "./state.js";

export const PACKAGE_MANAGERS = ["bundler", "yarn", "npm", "pnpm", "bun", "maven", "composer", "pip", "conan", "go", "nuget", "sbt", "gradle", "pipenv", "poetry", "setuptools", "apk", "conda", "pub", "cargo"];
/** The artifact digest every seeded project has an attestation for. */
export const SEEDED_DIGEST = "76c34666f719ef14bd2b124a7db51e9c05e4db2e12a84800296d559064eebe2c";
/** The ID of a project's seeded security pipeline. */
export const securityPipelineId = (projectId: number) => 9000 + projectId;

interface ListExport {
  id: number;
  userId: number;
  export_type: string;
  send_email: boolean;
  polls: number;
  finished: boolean;
  created: string;
}

interface Store {
  exports: ListExport[];
  ids: { export: number };
}

const stores = new WeakMap<SimState, Store>();
const storeOf = (state: SimState): Store => {
  let s = stores.get(state);
  if (!s) stores.set(state, (s = { exports: [], ids: { export: 0 } }));
  return s;
};

const TYPES: Record<string, string[]> = { projects: ["dependency_list", "csv", "cyclonedx_1_6_json"], groups: ["json_array", "csv"], pipelines: ["sbom"] };

function dependencies(ctx: RestContext): RestResult {
  const project = userProject(ctx);
  const p = declare(ctx.params, [...PAGINATION_PARAMS]);
  const raw = ctx.params.package_manager;
  const wanted = raw === undefined ? undefined : (Array.isArray(raw) ? raw : String(raw).split(",")).map(String);
  if (wanted && wanted.some((m) => !PACKAGE_MANAGERS.includes(m))) throw messageError(400, "package_manager does not have a valid value");
  const all = [
    { name: "rails", version: "7.1.3", package_manager: "bundler", dependency_file_path: "Gemfile.lock", vulnerabilities: [{ name: "CVE-2024-26143", severity: "medium", id: 1, url: `${ctx.options.externalUrl}/${project.path_with_namespace}/-/security/vulnerabilities/1` }], licenses: [{ name: "MIT", url: "https://spdx.org/licenses/MIT.html" }] },
    { name: "lodash", version: "4.17.21", package_manager: "npm", dependency_file_path: "package-lock.json", vulnerabilities: [], licenses: [{ name: "MIT", url: "https://spdx.org/licenses/MIT.html" }] },
    { name: "left-pad", version: "1.3.0", package_manager: "yarn", dependency_file_path: "yarn.lock", vulnerabilities: [], licenses: [{ name: "WTFPL", url: "https://spdx.org/licenses/WTFPL.html" }] },
    { name: "requests", version: "2.31.0", package_manager: "pip", dependency_file_path: "requirements.txt", vulnerabilities: [], licenses: [{ name: "Apache-2.0", url: "https://spdx.org/licenses/Apache-2.0.html" }] },
  ].filter((d) => !wanted || wanted.includes(d.package_manager));
  const paged = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, p));
  return { status: 200, body: paged.items, headers: paged.headers };
}

function presentExport(ctx: RestContext, e: ListExport) {
  const self = `${ctx.options.externalUrl}/api/v4/dependency_list_exports/${e.id}`;
  const expires = new Date(Date.parse(e.created) + 7 * 86_400_000).toISOString();
  return { id: e.id, status: e.finished ? "finished" : "running", has_finished: e.finished, export_type: e.export_type, send_email: e.send_email, expires_at: expires, self, download: `${self}/download` };
}

function createExport(source: "projects" | "groups" | "pipelines") {
  return (ctx: RestContext): RestResult => {
    if (ctx.auth.kind !== "user") throw unauthorized();
    if (source === "projects") userProject(ctx);
    else if (source === "groups") {
      const group = ctx.state.findGroup(ctx.route.id ?? "");
      if (!group || !ctx.state.isGroupMember(group, ctx.auth.user.id)) throw notFound("Group");
    } else {
      const project = [...ctx.state.projects.values()].find((pr) => String(securityPipelineId(pr.id)) === ctx.route.id);
      if (!project || !ctx.state.canRead(project, ctx.auth.user.id)) throw notFound("Pipeline");
    }
    const p = declare(ctx.params, [
      { name: "export_type", type: "string", required: true, values: ["dependency_list", "sbom", "cyclonedx_1_6_json", "json_array", "csv"] },
      { name: "send_email", type: "boolean", default: false },
    ]);
    if (!TYPES[source].includes(String(p.export_type))) throw messageError(422, "This export type is not supported for this object");
    const store = storeOf(ctx.state);
    const e: ListExport = { id: ++store.ids.export, userId: ctx.auth.user.id, export_type: String(p.export_type), send_email: p.send_email === true, polls: 0, finished: false, created: ctx.state.now().toISOString() };
    store.exports.push(e);
    return { status: 201, body: presentExport(ctx, e) };
  };
}

function ownExport(ctx: RestContext): ListExport {
  if (ctx.auth.kind !== "user") throw unauthorized();
  const e = storeOf(ctx.state).exports.find((x) => String(x.id) === ctx.route.id);
  if (!e) throw notFound();
  if (e.userId !== ctx.auth.user.id) throw forbidden();
  return e;
}

function sbom(e: ListExport): { bytes: Buffer; type: string; name: string } {
  if (e.export_type === "csv") return { bytes: Buffer.from("name,version,packager,location\nrails,7.1.3,bundler,Gemfile.lock\n"), type: "text/csv", name: `dependencies-${e.id}.csv` };
  const doc = { bomFormat: "CycloneDX", specVersion: e.export_type === "cyclonedx_1_6_json" ? "1.6" : "1.4", serialNumber: `urn:uuid:00000000-0000-4000-8000-${String(e.id).padStart(12, "0")}`, version: 1, components: [{ name: "rails", version: "7.1.3", purl: "pkg:gem/rails@7.1.3", type: "library" }] };
  return { bytes: Buffer.from(JSON.stringify(doc, null, 2)), type: "application/json", name: `sbom-${e.id}.json` };
}

/** The Sigstore bundle of an attestation: deterministic bytes per project and IID. */
export function attestationBundle(projectId: number, iid: number): Buffer {
  return Buffer.from(JSON.stringify({ mediaType: "application/vnd.dev.sigstore.bundle.v0.3+json", verificationMaterial: { certificate: { rawBytes: Buffer.from(`cert-${projectId}-${iid}`).toString("base64") } }, dsseEnvelope: { payloadType: "application/vnd.in-toto+json" } }));
}

export function registerSecurityExportRoutes(router: Router): void {
  router.add("GET", "/projects/:id/dependencies", dependencies);
  router.add("POST", "/projects/:id/dependency_list_exports", createExport("projects"));
  router.add("POST", "/groups/:id/dependency_list_exports", createExport("groups"));
  router.add("POST", "/pipelines/:id/dependency_list_exports", createExport("pipelines"));
  router.add("GET", "/dependency_list_exports/:id", (ctx) => {
    const e = ownExport(ctx);
    e.polls += 1;
    const answer = { status: e.finished ? 200 : 202, body: presentExport(ctx, e) };
    // The background worker finishes after the first poll that finds it running.
    if (e.polls >= 1) e.finished = true;
    return answer;
  });
  router.add("GET", "/dependency_list_exports/:id/download", (ctx) => {
    const e = ownExport(ctx);
    if (!e.finished) throw notFound();
    const file = sbom(e);
    return { status: 200, body: file.bytes, headers: { "content-type": file.type, "content-disposition": `attachment; filename="${file.name}"` } };
  });

  router.add("GET", "/projects/:id/attestations/:subject_digest", (ctx) => {
    const project = userProject(ctx);
    if (ctx.route.subject_digest !== SEEDED_DIGEST) return { status: 200, body: [] };
    const at = "2026-10-07T20:59:27.085Z";
    return {
      status: 200,
      body: [{ id: project.id * 10 + 1, iid: 1, created_at: at, updated_at: at, expire_at: "2028-10-07T20:59:26.967Z", project_id: project.id, build_id: 501, status: "success", predicate_kind: "provenance", predicate_type: "https://slsa.dev/provenance/v1", subject_digest: SEEDED_DIGEST, download_url: `${ctx.options.externalUrl}/api/v4/projects/${project.id}/attestations/1/download` }],
    };
  });
  router.add("GET", "/projects/:id/attestations/:attestation_iid/download", (ctx) => {
    const project = userProject(ctx);
    if (ctx.route.attestation_iid !== "1") throw notFound();
    return { status: 200, body: attestationBundle(project.id, 1), headers: { "content-type": "application/json", "content-disposition": `attachment; filename="attestation-1.bundle.json"` } };
  });
}
