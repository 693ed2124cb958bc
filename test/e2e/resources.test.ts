// Data resources and guides through a real client against the simulator (BEHAVIOR §7.1-§7.3, RPC-1..RPC-8):
// every URI a get action embeds reads back that action's JSON through its template, collections answer
// one page with pageInfo, files are binary-safe, errors follow RPC-7, and policy decides what is listed.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { EmptyResultSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { actions } from "../../generated/index.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { SIM_PNG } from "../sim/restFiles.js";
import { callAction, CLI, connect, text, type Connection } from "../helpers/mcp.js";
import { GUIDE_SLUGS } from "../../runtime/resources/guides.js";
import { filled, GET_CASES, SEED_WRITES, seedResources } from "./resourceSeed.js";

const PAGE_INFO = "io.github.jmrplens/pageInfo";
type Contents = { uri: string; mimeType?: string; text?: string; blob?: string }[];

const read = (conn: Connection, uri: string) => conn.client.readResource({ uri }) as Promise<{ contents: Contents; _meta?: Record<string, unknown> }>;
const embedded = (r: CallToolResult) => r.content.find((c) => c.type === "resource") as { resource: { uri: string; text: string } } | undefined;
const rejectsWith = (code: number, message: RegExp | string, uri?: string) => (e: Error & { code?: number; data?: { uri?: string } }) => {
  assert.equal(e.code, code, e.message);
  if (typeof message === "string") assert.ok(e.message.includes(message), e.message);
  else assert.match(e.message, message);
  if (uri) assert.equal(e.data?.uri, uri);
  return true;
};

/** A simulator holding the seed (and the writes it needs), and a stdio client of the server against it. */
async function seeded(more?: (sim: GitLabSimulator) => void, env?: Record<string, string>) {
  const sim = await GitLabSimulator.start();
  seedResources(sim);
  more?.(sim);
  const conn = await connect({ sim, ...(env ? { env } : {}) });
  const ids = new Map<string, string>();
  for (const w of SEED_WRITES) {
    const r = await callAction(conn, "dynamic", w.id, w.params);
    assert.equal(r.isError, undefined, `${w.id}: ${text(r)}`);
    if (w.yields) ids.set(w.yields, String(r.structuredContent?.id));
  }
  sim.clearLog();
  return { sim, conn, ids };
}

describe("resources over stdio, full capability surface", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  let ids: Map<string, string>;
  before(async () => ({ sim, conn, ids } = await seeded()));
  after(async () => {
    await conn.close();
    await sim.close();
  });

  it("RPC-3: every catalog action that embeds a URI has a case here", () => {
    const covered = new Set(GET_CASES.map((c) => c.id));
    assert.deepEqual(actions.filter((a) => a.resourceTemplate && !covered.has(a.id)).map((a) => a.id), []);
  });

  for (const seeded of GET_CASES) {
    it(`RPC-3: ${seeded.uri} (embedded by ${seeded.id}) reads back the same JSON through its template, with the same GitLab request`, async () => {
      const c = filled(seeded, ids);
      sim.clearLog();
      const r = await callAction(conn, "dynamic", c.id, c.params);
      assert.equal(r.isError, undefined, text(r));
      const block = embedded(r);
      assert.ok(block, "the get embeds its resource");
      assert.equal(block.resource.uri, c.uri);
      const byTool = sim.log.map((e) => `${e.method} ${e.path}`);
      sim.clearLog();
      const res = await read(conn, c.uri);
      assert.equal(res.contents.length, 1);
      assert.equal(res.contents[0].uri, c.uri);
      assert.equal(res.contents[0].mimeType, "application/json");
      assert.equal(res.contents[0].text, block.resource.text);
      assert.deepEqual(JSON.parse(res.contents[0].text!), r.structuredContent);
      assert.deepEqual(sim.log.map((e) => `${e.method} ${e.path}`), byTool);
    });
  }
});

describe("collections, files and errors (RPC-4..RPC-7)", () => {
  let sim: GitLabSimulator;
  let conn: Connection;
  before(async () => ({ sim, conn } = await seeded((s) => {
    for (let i = 1; i <= 120; i++) s.addGroup({ full_path: `team-${String(i).padStart(3, "0")}` });
  })));
  after(async () => {
    await conn.close();
    await sim.close();
  });

  // Each collection: its URI, the list action and params it is, and the request GitLab must get.
  const COLLECTIONS: { uri: string; id: string; params: Record<string, unknown>; path: string; key: string }[] = [
    { uri: "gitlab://project/42/members", id: "project.members", params: { project_id: 42 }, path: "/projects/42/members", key: "members" },
    { uri: "gitlab://project/42/labels", id: "project.label_list", params: { project_id: 42 }, path: "/projects/42/labels", key: "labels" },
    { uri: "gitlab://project/42/milestones", id: "project.milestone_list", params: { project_id: 42 }, path: "/projects/42/milestones", key: "milestones" },
    { uri: "gitlab://project/group%2Fproject/branches", id: "branch.list", params: { project_id: "group/project" }, path: "/projects/group/project/repository/branches", key: "branches" },
    { uri: "gitlab://project/42/issues", id: "issue.list", params: { project_id: 42, state: "opened" }, path: "/projects/42/issues", key: "issues" },
    { uri: "gitlab://project/42/releases", id: "release.list", params: { project_id: 42 }, path: "/projects/42/releases", key: "releases" },
    { uri: "gitlab://project/42/tags", id: "tag.list", params: { project_id: 42 }, path: "/projects/42/repository/tags", key: "tags" },
    { uri: "gitlab://project/42/mr/1/notes", id: "mr_review.note_list", params: { project_id: 42, merge_request_iid: 1 }, path: "/projects/42/merge_requests/1/notes", key: "notes" },
    { uri: "gitlab://project/42/mr/1/discussions", id: "mr_review.discussion_list", params: { project_id: 42, merge_request_iid: 1 }, path: "/projects/42/merge_requests/1/discussions", key: "discussions" },
    { uri: "gitlab://project/42/pipeline/1207/jobs", id: "job.list", params: { project_id: 42, pipeline_id: 1207 }, path: "/projects/42/pipelines/1207/jobs", key: "jobs" },
    { uri: "gitlab://group/9/members", id: "group.members", params: { group_id: 9 }, path: "/groups/9/members", key: "members" },
    { uri: "gitlab://group/group/projects", id: "group.projects", params: { group_id: "group" }, path: "/groups/group/projects", key: "projects" },
  ];

  for (const c of COLLECTIONS) {
    it(`RPC-5: ${c.uri} is one page of ${c.id} (per_page 100), with pageInfo`, async () => {
      sim.clearLog();
      const res = await read(conn, c.uri);
      assert.deepEqual(sim.log.map((e) => [e.method, e.path, e.query.per_page]), [["GET", `/api/v4${c.path}`, "100"]]);
      const body = JSON.parse(res.contents[0].text!) as Record<string, unknown>;
      const r = await callAction(conn, "dynamic", c.id, { ...c.params, per_page: 100 });
      assert.deepEqual(body, r.structuredContent);
      const items = body[c.key] as unknown[];
      assert.ok(items.length > 0, "the seed gives every collection an item");
      assert.deepEqual(res._meta?.[PAGE_INFO], { returned: items.length, total: items.length, complete: true });
    });
  }

  it("RPC-5: the open issues only; a collection of more than 100 says it is incomplete and how many exist", async () => {
    const issues = JSON.parse((await read(conn, "gitlab://project/42/issues")).contents[0].text!) as { issues: { state: string }[] };
    assert.deepEqual(issues.issues.map((i) => i.state), ["opened", "opened"]);
    const groups = await read(conn, "gitlab://groups");
    const body = JSON.parse(groups.contents[0].text!) as { groups: unknown[] };
    const total = 121;
    assert.equal(body.groups.length, 100);
    assert.deepEqual(groups._meta?.[PAGE_INFO], { returned: 100, total, complete: false });
  });

  it("gitlab://user/current and gitlab://project/{id}/pipelines/latest read user.current and pipeline.latest", async () => {
    for (const [uri, id, params] of [["gitlab://user/current", "user.current", {}], ["gitlab://project/42/pipelines/latest", "pipeline.latest", { project_id: 42 }]] as const) {
      const body = JSON.parse((await read(conn, uri)).contents[0].text!) as unknown;
      assert.deepEqual(body, (await callAction(conn, "dynamic", id, params)).structuredContent, uri);
    }
  });

  it("RPC-4: {project_id} as a number or an encoded path, {+path} with literal slashes, an encoded ref", async () => {
    const a = JSON.parse((await read(conn, "gitlab://project/42/file/main/src/util/strings.ts")).contents[0].text!) as Record<string, unknown>;
    const b = JSON.parse((await read(conn, "gitlab://project/group%2Fproject/file/main/src%2Futil%2Fstrings.ts")).contents[0].text!) as Record<string, unknown>;
    assert.equal(a.file_path, "src/util/strings.ts");
    assert.deepEqual(a, b);
    sim.clearLog();
    await read(conn, "gitlab://project/42/branch/feature%2Flogin");
    assert.deepEqual(sim.log.map((e) => e.path), ["/api/v4/projects/42/repository/branches/feature/login"]);
  });

  it("RPC-6: a binary file answers metadata with empty content and its bytes as a blob", async () => {
    const res = await read(conn, "gitlab://project/42/file/main/assets/logo.png");
    const meta = JSON.parse(res.contents[0].text!) as Record<string, unknown>;
    assert.equal(meta.binary, true);
    assert.equal(meta.content, "");
    assert.equal(meta.content_type, "image/png");
    assert.equal(res.contents[1].mimeType, "image/png");
    assert.deepEqual(Buffer.from(res.contents[1].blob!, "base64"), SIM_PNG);
  });

  it("RPC-6: a file above 1 MiB answers its metadata only, with truncated: true", async () => {
    const line = "0123456789".repeat(10) + "\n";
    const created = await callAction(conn, "dynamic", "repository.file_create", { project_id: 42, file_path: "docs/huge.txt", branch: "main", content: line.repeat(11_000), commit_message: "Add a large file" });
    assert.equal(created.isError, undefined, text(created));
    const res = await read(conn, "gitlab://project/42/file/main/docs/huge.txt");
    const meta = JSON.parse(res.contents[0].text!) as Record<string, unknown>;
    assert.equal(meta.truncated, true);
    assert.equal(meta.content, "");
    assert.ok(Number(meta.size) > 1024 * 1024, String(meta.size));
    assert.equal(meta.file_path, "docs/huge.txt");
    assert.match(String(meta.notice), /repository\.file_get/);
    assert.equal(res.contents.length, 1);
  });

  it("RPC-7: a GitLab 404 is resource-not-found, for objects and collections alike", async () => {
    for (const uri of ["gitlab://project/42/issue/999", "gitlab://project/999/branches", "gitlab://project/42/file/main/nope.txt", "gitlab://group/nope"]) {
      await assert.rejects(read(conn, uri), rejectsWith(-32602, "Resource not found", uri), uri);
    }
  });

  it("RPC-7: another GitLab failure is a JSON-RPC error whose message is the §5 sentence, with no URL or status code", async () => {
    sim.inject({ path: "/api/v4/projects/42/repository/tags", status: 403, body: { message: "403 Forbidden" } });
    await assert.rejects(read(conn, "gitlab://project/42/tags"), (e: Error & { code?: number }) => {
      assert.equal(e.code, -32603);
      assert.match(e.message, /tag\.list: access denied: your token lacks the required permissions/);
      assert.doesNotMatch(e.message, /https?:\/\/|\b403\b/);
      return true;
    });
  });

  it("bad input in a URI is refused before GitLab, naming the field", async () => {
    sim.clearLog();
    await assert.rejects(read(conn, "gitlab://project/42/mr/abc"), (e: Error & { code?: number }) => e.code === -32602 && /merge_request_iid/.test(e.message));
    assert.equal(sim.log.length, 0);
  });

  it("a URI no template matches, an unknown guide and a foreign scheme are resource-not-found", async () => {
    for (const uri of ["gitlab://project/42/nothing", "gitlab://guides/nope", "gitlab://project/", "https://example.com/x"]) {
      await assert.rejects(read(conn, uri), rejectsWith(-32602, "Resource not found", uri), uri);
    }
  });
});

describe("what is listed: policy, capability surface, guides, no subscriptions (RPC-1, RPC-2, RPC-8)", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start();
    seedResources(sim);
  });
  after(() => sim.close());

  it("full: the fixed resources of §7.2 in order, every template of §7.3 and of the catalog's get actions", async () => {
    const conn = await connect({ sim });
    try {
      const listed = (await conn.client.listResources()).resources;
      assert.deepEqual(listed.map((r) => [r.uri, r.mimeType]), [
        ["gitlab://user/current", "application/json"],
        ["gitlab://tools", "application/json"],
        ["gitlab://groups", "application/json"],
        ...GUIDE_SLUGS.map((g) => [`gitlab://guides/${g}`, "text/markdown"]),
      ]);
      const templates = (await conn.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
      const P = "gitlab://project/{project_id}";
      const G = "gitlab://group/{group_id}";
      const spec = [P, ...["members", "labels", "milestones", "branches", "issues", "releases", "tags", "commit/{sha}", "file/{ref}/{+path}", "wiki/{slug}", "branch/{branch}", "tag/{tag_name}", "release/{tag_name}", "label/{label_id}", "milestone/{milestone_iid}", "board/{board_id}", "deployment/{deployment_id}", "environment/{environment_id}", "job/{job_id}", "feature_flag/{name}", "deploy_key/{deploy_key_id}", "snippet/{snippet_id}", "issue/{issue_iid}", "mr/{merge_request_iid}", "mr/{merge_request_iid}/notes", "mr/{merge_request_iid}/discussions", "pipelines/latest", "pipeline/{pipeline_id}", "pipeline/{pipeline_id}/jobs"].map((t) => `${P}/${t}`), G, `${G}/members`, `${G}/projects`, `${G}/label/{label_id}`, `${G}/milestone/{milestone_iid}`, "gitlab://snippet/{snippet_id}", "gitlab://tools/{id}"];
      assert.deepEqual(spec.filter((t) => !templates.includes(t)), [], "every template of §7.3");
      assert.equal(new Set(templates).size, templates.length, "no template twice");
      assert.equal(conn.client.getServerCapabilities()?.resources?.subscribe, undefined, "RPC-8: no subscriptions advertised");
    } finally {
      await conn.close();
    }
  });

  it("RPC-2: a resource backed by a withheld action is not listed, and reading it says why without reaching GitLab", async () => {
    const conn = await connect({ sim, env: { GITLAB_MCP_EXCLUDE_TOOLS: "branch.list,group.list", GITLAB_MCP_TIER: "free" } });
    try {
      assert.ok(!(await conn.client.listResources()).resources.some((r) => r.uri === "gitlab://groups"));
      const templates = (await conn.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
      assert.ok(!templates.includes("gitlab://project/{project_id}/branches"));
      assert.ok(!templates.includes("gitlab://group/{group_id}/wiki/{slug}"), "group.wiki_get is premium: not on a free instance");
      assert.ok(templates.includes("gitlab://project/{project_id}/branch/{branch}"));
      sim.clearLog();
      await assert.rejects(read(conn, "gitlab://project/42/branches"), rejectsWith(-32602, 'action "branch.list" exists but is not available: this deployment is configured to withhold it', "gitlab://project/42/branches"));
      await assert.rejects(read(conn, "gitlab://group/9/wiki/home"), rejectsWith(-32602, /group\.wiki_get.*(Premium|premium|tier)/, "gitlab://group/9/wiki/home"));
      assert.equal(sim.log.length, 0);
    } finally {
      await conn.close();
    }
  });

  it("RPC-1: the minimal capability surface keeps only gitlab://tools and gitlab://tools/{id}", async () => {
    const conn = await connect({ sim, env: { GITLAB_MCP_CAPABILITY_SURFACE: "minimal" } });
    try {
      assert.deepEqual((await conn.client.listResources()).resources.map((r) => r.uri), ["gitlab://tools"]);
      assert.deepEqual((await conn.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate), ["gitlab://tools/{id}"]);
      assert.equal(JSON.parse(String((await read(conn, "gitlab://tools/branch.get")).contents[0].text)).canonical_id, "branch.get");
      sim.clearLog();
      for (const uri of ["gitlab://project/42", "gitlab://guides/git-workflow", "gitlab://user/current"]) await assert.rejects(read(conn, uri), rejectsWith(-32602, "Resource not found", uri));
      assert.equal(sim.log.length, 0);
    } finally {
      await conn.close();
    }
  });

  it("RPC-1: an unknown capability surface refuses the start, naming the variable", () => {
    const run = spawnSync(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? "", GITLAB_TOKEN: "x", GITLAB_MCP_CAPABILITY_SURFACE: "tiny" }, encoding: "utf8", timeout: 20_000 });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /GITLAB_MCP_CAPABILITY_SURFACE=tiny is not a capability surface: use full or minimal/);
  });

  it("RPC-8: resources/subscribe is an unknown method (-32601)", async () => {
    const conn = await connect({ sim });
    try {
      await assert.rejects(conn.client.request({ method: "resources/subscribe", params: { uri: "gitlab://project/42" } }, EmptyResultSchema), (e: Error & { code?: number }) => e.code === -32601);
    } finally {
      await conn.close();
    }
  });

  it("the guides are Markdown, ours, and name only canonical IDs of the catalog", async () => {
    const conn = await connect({ sim });
    try {
      sim.clearLog();
      for (const slug of GUIDE_SLUGS) {
        const res = await read(conn, `gitlab://guides/${slug}`);
        assert.equal(res.contents[0].mimeType, "text/markdown");
        const body = res.contents[0].text!;
        assert.match(body, /^# /);
        assert.ok(body.length > 800 && body.length < 4000, `${slug}: short and useful (${body.length} characters)`);
        const named = [...body.matchAll(/`([a-z][a-z0-9_]*\.[a-z][a-z0-9_]*)`/g)].map((m) => m[1]).filter((id) => !/\.(ts|yml|md|json|com)$/.test(id));
        assert.ok(named.length >= 5, `${slug} names the actions to use`);
        assert.deepEqual(named.filter((id) => !actions.some((a) => a.id === id)), [], `${slug}: every named ID exists`);
      }
      assert.equal(sim.log.length, 0, "guides never reach GitLab");
    } finally {
      await conn.close();
    }
  });
});
