// The parameter audit of the codegen check (issue 22, codegen/lib/audit.ts): endpoint matching, names and
// aliases, `omitted:`, the gap ratchet in both directions, and the whole check run in-process on a
// modified copy of the catalog, which must fail when a documented param is taken out of an entry.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { auditParams, catalogNames, parseGaps, serializeGaps, type AuditedAction, type Gap } from "../../codegen/lib/audit.js";
import { endpointKey, pathKey, type ParamTable } from "../../codegen/audit/table.js";
import { mergeRows } from "../../codegen/audit/extract.js";
import { snake } from "../../codegen/audit/gitbeaker.js";
import { openapiRows } from "../../codegen/audit/openapi.js";
import { auditStep, TABLE_FILE } from "../../codegen/steps/audit.js";
import { loadCatalog } from "../../codegen/lib/load.js";
import { buildModel, parseTarget } from "../../codegen/lib/model.js";
import { loadFineGrained } from "../../codegen/lib/fineGrained.js";
import type { ActionRecord, ParamRecord } from "../../runtime/catalog/types.js";

const root = new URL("../../../", import.meta.url).pathname;

const param = (name: string, extra: Partial<ParamRecord> = {}): ParamRecord => ({ name, gitlabName: name, in: "query", type: "string", required: false, aliases: [], ...extra });
function action(id: string, method: string, path: string, params: ParamRecord[], request: Record<string, unknown> = {}): ActionRecord {
  const [domain, verb] = id.split(".");
  return { id, domain, action: verb, params, request: { kind: "rest", method, path, ...request } } as unknown as ActionRecord;
}
const audited = (record: ActionRecord, omitted: Record<string, string> = {}): AuditedAction => ({ record, omitted });

const table: ParamTable = {
  sources: { a: { version: "1", note: "test" } },
  endpoints: {
    "GET /projects/:id/merge_requests": {
      sources: ["a", "b"],
      params: [
        { name: "id", in: "path", required: true, sources: ["a"] },
        { name: "state", in: "query", required: false, sources: ["a", "b"] },
        { name: "milestone", in: "query", required: false, sources: ["a"] },
        { name: "iids", in: "query", required: false, type: "array", sources: ["b"] },
        { name: "not", in: "query", required: false, type: "object", sources: ["a"] },
      ],
    },
  },
};
const mrList = (params: ParamRecord[]) => action("merge_request.list", "GET", "/projects/{project_id}/merge_requests", params);
const full = [param("project_id", { in: "path", gitlabName: "id" }), param("state"), param("milestone_title", { gitlabName: "milestone" }), param("iid", { gitlabName: "iids[]", asArray: true }), param("not_labels", { gitlabName: "not[labels]" })];

describe("parameter audit (issue 22)", () => {
  it("keys an endpoint the same however its path names its values", () => {
    assert.equal(pathKey("/projects/{project_id}/merge_requests/{merge_request_iid}"), "/projects/*/merge_requests/*");
    assert.equal(pathKey("projects/:id/merge_requests/:merge_request_iid/"), "/projects/*/merge_requests/*");
    assert.equal(pathKey("/projects/*/merge_requests/*"), "/projects/*/merge_requests/*");
    assert.equal(endpointKey("get", "/projects/:id/pipelines/latest"), "GET /projects/*/pipelines/latest");
    assert.notEqual(endpointKey("GET", "/projects/:id/pipelines/latest"), endpointKey("GET", "/projects/:id/pipelines/:pipeline_id"));
  });

  it("knows a param by its name, GitLab's name, an alias, an array's bare name and a hash's outer name", () => {
    const names = catalogNames([param("milestone_title", { gitlabName: "milestone", aliases: ["ms"] }), param("iid", { gitlabName: "iids[]" }), param("not_labels", { gitlabName: "not[labels]" })]);
    for (const n of ["milestone_title", "milestone", "ms", "iid", "iids", "not_labels", "not[labels]", "not"]) assert.ok(names.has(n), n);
    assert.ok(!names.has("labels"));
  });

  it("passes an action that has every documented param, path values matched by position", () => {
    const r = auditParams([audited(mrList(full))], table, []);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.gaps, []);
    assert.deepEqual(r.domains.merge_request, { actions: 1, audited: 1, unmatched: 0, notAudited: 0, documented: 4, present: 4, omitted: 0, pending: 0 });
  });

  it("fails on a documented param the action lacks, naming it, its sources and the fix", () => {
    const r = auditParams([audited(mrList(full.filter((p) => p.name !== "state")))], table, []);
    assert.deepEqual(r.gaps, [{ action: "merge_request.list", param: "state", sources: ["a", "b"] }]);
    assert.equal(r.problems.length, 1);
    assert.match(r.problems[0].message, /lacks GitLab's state \(query; documented by a and b for GET \/projects\/:id\/merge_requests\): add it to params, or to omitted: \{state: <why>\}/);
  });

  it("accepts a gap that omitted: explains, and refuses an omitted entry that explains nothing", () => {
    const without = mrList(full.filter((p) => p.name !== "state"));
    const ok = auditParams([audited(without, { state: "replaced by the lifecycle aliases" })], table, []);
    assert.deepEqual(ok.problems, []);
    assert.equal(ok.domains.merge_request.omitted, 1);
    const present = auditParams([audited(mrList(full), { state: "a reason here" })], table, []);
    assert.match(present.problems[0].message, /omitted names state, which the action has as a param/);
    const unknown = auditParams([audited(mrList(full), { bogus: "a reason here" })], table, []);
    assert.match(unknown.problems[0].message, /omitted names bogus, which no source documents for GET \/projects\/:id\/merge_requests/);
  });

  it("ratchets: a listed gap passes as pending, a new gap fails, and a listed line that is no longer a gap fails", () => {
    const without = mrList(full.filter((p) => p.name !== "state" && p.name !== "milestone_title"));
    const listed: Gap[] = [{ action: "merge_request.list", param: "state", sources: ["a", "b"] }];
    const r = auditParams([audited(without)], table, listed);
    assert.equal(r.domains.merge_request.pending, 1);
    assert.deepEqual(
      r.problems.map((p) => p.message.split(" (")[0]),
      ["lacks GitLab's milestone"],
    );
    const filled = auditParams([audited(mrList(full))], table, listed);
    assert.equal(filled.problems.length, 1);
    assert.match(filled.problems[0].message, /param-gaps\.tsv lists state, which is no longer a gap: run `npx tsx codegen\/main\.ts --write-gaps`/);
  });

  it("reports GraphQL, procedure-backed and unknown endpoints as not audited or unmatched, with why", () => {
    const gql = { ...mrList([]), id: "x.gql", domain: "x", request: { kind: "graphql" } } as unknown as ActionRecord;
    const proc = action("x.proc", "GET", "/projects/{project_id}/merge_requests", [], { procedure: "p" });
    const other = action("x.other", "GET", "/nowhere/{id}", []);
    const r = auditParams([audited(gql), audited(proc), audited(other, { a: "a reason here" })], table, []);
    assert.deepEqual(r.notAudited.map((n) => n.action), ["x.gql", "x.proc"]);
    assert.deepEqual(r.unmatched, [{ action: "x.other", endpoint: "GET /nowhere/{id}" }]);
    assert.match(r.problems[0].message, /omitted names a, but no source describes GET \/nowhere\/\{id\}/);
    assert.deepEqual(r.domains.x, { actions: 3, audited: 0, unmatched: 1, notAudited: 2, documented: 0, present: 0, omitted: 0, pending: 0 });
  });

  it("round-trips the gap file and refuses one without its header", () => {
    const gaps: Gap[] = [{ action: "a.b", param: "c", sources: ["gitbeaker", "python-gitlab"] }];
    assert.deepEqual(parseGaps(serializeGaps(gaps)), gaps);
    assert.throws(() => parseGaps("a.b\tc\tx\n"), /first line must be/);
  });

  it("merges the sources' rows per endpoint, each param with who documents it", () => {
    const merged = mergeRows({
      gitbeaker: [{ method: "GET", path: "/projects/*/merge_requests", params: [{ name: "state", in: "query", required: false, type: "string", enum: ["opened"] }] }],
      "python-gitlab": [{ method: "GET", path: "/projects/{project_id}/merge_requests", params: [{ name: "state", in: "query", required: false }, { name: "wip", in: "query", required: false }] }],
    });
    assert.deepEqual(Object.keys(merged), ["GET /projects/:project_id/merge_requests"]);
    const e = merged["GET /projects/:project_id/merge_requests"];
    assert.deepEqual(e.sources, ["gitbeaker", "python-gitlab"]);
    assert.deepEqual(e.params, [
      { name: "state", in: "query", required: false, type: "string", enum: ["opened"], sources: ["gitbeaker", "python-gitlab"] },
      { name: "wip", in: "query", required: false, sources: ["python-gitlab"] },
    ]);
    assert.equal(snake("withMergeStatusRecheck"), "with_merge_status_recheck");
  });

  it("records its sources and covers the endpoints the catalog names", () => {
    const committed = JSON.parse(readFileSync(join(root, TABLE_FILE), "utf8")) as ParamTable;
    assert.match(committed.sources.gitbeaker.version, /^@gitbeaker\/core \d+\.\d+\.\d+$/);
    assert.match(committed.sources["python-gitlab"].version, /^python-gitlab \d+\.\d+/);
    assert.ok(Object.keys(committed.endpoints).length > 1000);
    const mr = committed.endpoints["GET /projects/:project_id/merge_requests"];
    for (const p of ["state", "milestone", "created_after", "iids", "order_by"]) assert.ok(mr.params.some((x) => x.name === p), p);
  });
});

describe("the codegen check with the audit, in-process on a copy of the catalog", () => {
  const target = parseTarget(readFileSync(join(root, "codegen/inputs/action-ids.tsv"), "utf8"));
  const fineGrained = { data: loadFineGrained(root), schemaSdl: readFileSync(join(root, "codegen/inputs/gitlab-schema.graphql"), "utf8") };
  const files = new Map<string, string>([["catalog.yaml", readFileSync(join(root, "catalog.yaml"), "utf8")]]);
  for (const name of readdirSync(join(root, "catalog"), { recursive: true }).map(String).filter((n) => n.endsWith(".yaml"))) files.set(`catalog/${name}`, readFileSync(join(root, "catalog", name), "utf8"));
  const search = "      search:\n        type: string\n        in: query\n        description: Name contains, ^prefix or suffix$.\n";

  function check(tagYaml: string) {
    const dir = mkdtempSync(join(tmpdir(), "audit-"));
    for (const [name, text] of files) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), name === "catalog/tag.yaml" ? tagYaml : text);
    }
    const loaded = loadCatalog(join(dir, "catalog.yaml"), join(root, "codegen/catalog.schema.json"));
    const { model, problems } = buildModel(loaded, target, fineGrained);
    assert.deepEqual(problems, []);
    return auditStep(root, loaded.raw, model!).result;
  }

  it("passes on the committed catalog, and fails when tag.list loses GitLab's search; omitted: with a reason passes again", () => {
    const tag = files.get("catalog/tag.yaml")!;
    assert.ok(tag.includes(search), "tag.list declares search as this test expects");
    assert.deepEqual(check(tag).problems, []);
    const removed = check(tag.replace(search, ""));
    assert.deepEqual(
      removed.problems.map((p) => `${p.action} ${p.message.split(" (")[0]}`),
      ["tag.list lacks GitLab's search"],
    );
    const explained = check(tag.replace(search, "").replace("    docs: tags/#list-project-repository-tags\n", '    docs: tags/#list-project-repository-tags\n    omitted:\n      search: "kept out in this test only, to prove the key."\n'));
    assert.deepEqual(explained.problems, []);
    assert.equal(explained.domains.tag.omitted, 1);
  });
});

describe("GitLab's OpenAPI 3 description as a source (codegen/audit/openapi.ts)", () => {
  // The first operation is as GitLab 19.5's doc/api/openapi/openapi_v3.yaml writes it; the POST is shaped
  // like its request bodies (a $ref into components), to exercise the resolution.
  const doc = [
    "openapi: 3.0.0",
    "info: { title: GitLab REST API, version: '19.5' }",
    "paths:",
    '  "/api/v4/registry/repositories/{id}":',
    "    get:",
    "      operationId: getApiV4RegistryRepositoriesId",
    "      parameters:",
    "      - { name: id, required: true, schema: { oneOf: [{ type: string }, { type: integer }] }, in: path }",
    "      - { name: tags, required: false, schema: { type: boolean, default: false }, in: query }",
    "      - { name: 'iids[]', required: false, schema: { type: array, items: { type: integer } }, in: query }",
    "      - { name: table_size, required: false, deprecated: true, schema: { type: string, enum: [small, large] }, in: query }",
    '  "/api/v4/projects/{id}/labels":',
    "    post:",
    "      operationId: postApiV4ProjectsIdLabels",
    "      requestBody:",
    "        content:",
    "          application/json:",
    "            schema: { $ref: '#/components/schemas/postApiV4ProjectsIdLabels' }",
    "components:",
    "  schemas:",
    "    postApiV4ProjectsIdLabels:",
    "      type: object",
    "      required: [name]",
    "      properties:",
    "        name: { type: string }",
    "        priority: { type: integer, format: int32 }",
  ].join("\n");

  it("reads each operation's path and query params and its request body, refs resolved, /api/v4 dropped", () => {
    const { version, rows } = openapiRows(doc);
    assert.equal(version, "19.5");
    assert.deepEqual(rows, [
      {
        method: "GET",
        path: "/registry/repositories/{id}",
        origin: "getApiV4RegistryRepositoriesId",
        params: [
          { name: "id", in: "path", required: true, type: "string|integer" },
          { name: "tags", in: "query", required: false, type: "boolean" },
          { name: "iids", in: "query", required: false, type: "array" },
          { name: "table_size", in: "query", required: false, type: "string", enum: ["small", "large"], deprecated: true },
        ],
      },
      {
        method: "POST",
        path: "/projects/{id}/labels",
        origin: "postApiV4ProjectsIdLabels",
        params: [
          { name: "name", in: "body", required: true, type: "string" },
          { name: "priority", in: "body", required: false, type: "integer", format: "int32" },
        ],
      },
    ]);
  });
});
