// The get actions of the contract's embedded-resources table end to end on every surface, table-driven:
// each case names GitLab's route, asserts the request, the card heading and a row, the canonical
// gitlab:// resource (CAT-14, CAT-16) and the not-found card of a miss (FMT-12).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SURFACES, text, type Connection } from "../helpers/mcp.js";
import { assertOutputConforms } from "../helpers/schemas.js";

const WEB = "https://gitlab.example.com/group/project";
const USER = { id: 1, username: "sim-user", name: "Simulator User", state: "active", web_url: "https://gitlab.example.com/sim-user" };
const COMMIT = { id: "a".repeat(40), short_id: "aaaaaaaa", title: "Release 1.0", message: "Release 1.0\n", author_name: "Sim Developer", authored_date: "2025-03-01T10:00:00.000+00:00", committed_date: "2025-03-01T10:00:00.000+00:00", created_at: "2025-03-01T10:00:00.000+00:00", parent_ids: ["b".repeat(40)], web_url: `${WEB}/-/commit/${"a".repeat(40)}` };

function seed(sim: GitLabSimulator): void {
  sim.addProject({ id: 42, path_with_namespace: "group/project" });
  sim.addBranch(42, { name: "main" });
  sim.addMergeRequest(42, { iid: 1, title: "x", source_branch: "main" });
  sim.addPipeline(42, { id: 1207, status: "failed", ref: "main" });
  sim.addDocument("group", "instance", { id: 9, name: "group", path: "group", full_name: "Group", full_path: "group", description: "Our group", visibility: "private", parent_id: null, created_at: "2025-01-01T00:00:00.000Z", web_url: "https://gitlab.example.com/groups/group" });
  sim.addDocument("group_label", 9, { id: 70, name: "priority::high", color: "#FF0000", text_color: "#FFFFFF", description: null, open_issues_count: 4, closed_issues_count: 1, open_merge_requests_count: 0, subscribed: false, priority: null, is_project_label: false });
  sim.addDocument("label", 42, { id: 7, name: "bug", color: "#d9534f", text_color: "#FFFFFF", description: "Something is broken", open_issues_count: 3, closed_issues_count: 5, open_merge_requests_count: 1, subscribed: false, priority: 10, is_project_label: true });
  sim.addDocument("board", 42, { id: 3, name: "Development", hide_backlog_list: false, hide_closed_list: false, project: { id: 42 }, milestone: null, lists: [{ id: 1, label: { id: 7, name: "bug" }, position: 0 }] });
  sim.addDocument("job", 42, { id: 555, name: "rspec", stage: "test", status: "manual", ref: "main", tag: false, allow_failure: false, created_at: "2025-03-01T10:00:00.000Z", started_at: null, finished_at: null, duration: null, user: USER, commit: COMMIT, pipeline: { id: 1207, project_id: 42, ref: "main", sha: COMMIT.id, status: "failed", web_url: `${WEB}/-/pipelines/1207` }, web_url: `${WEB}/-/jobs/555` });
  sim.addDocument("tag", 42, { name: "v1.0.0", message: "First release", target: COMMIT.id, commit: COMMIT, release: { tag_name: "v1.0.0", description: "Notes" }, protected: false, created_at: null });
  sim.addDocument("release", 42, { tag_name: "v1.0.0", name: "Version 1.0", description: "## Changes\n- first", created_at: "2025-03-01T10:00:00.000Z", released_at: "2025-03-02T10:00:00.000Z", upcoming_release: false, author: USER, commit: COMMIT, commit_path: `/group/project/-/commit/${COMMIT.id}`, tag_path: "/group/project/-/tags/v1.0.0", assets: { count: 0, sources: [], links: [] }, _links: { self: `${WEB}/-/releases/v1.0.0` } });
  sim.addDocument("commit", 42, { ...COMMIT, stats: { additions: 15, deletions: 2, total: 17 }, status: "failed", last_pipeline: { id: 1207, ref: "main", sha: COMMIT.id, status: "failed", web_url: `${WEB}/-/pipelines/1207` }, project_id: 42 });
  sim.addDocument("environment", 42, { id: 12, name: "production", slug: "production", description: null, external_url: "https://prod.example.com", state: "available", tier: "production", created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-03-01T00:00:00.000Z", auto_stop_at: null, last_deployment: { id: 88, iid: 4, ref: "main", sha: COMMIT.id, status: "success" } });
  sim.addDocument("deployment", 42, { id: 88, iid: 4, ref: "main", sha: COMMIT.id, status: "success", created_at: "2025-03-01T10:00:00.000Z", updated_at: "2025-03-01T10:05:00.000Z", finished_at: "2025-03-01T10:05:00.000Z", user: USER, environment: { id: 12, name: "production" }, deployable: null });
  sim.addDocument("feature_flag", 42, { name: "new_login", description: "Next steps: ship it", active: true, version: "new_version_flag", created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-01-02T00:00:00.000Z", scopes: [], strategies: [{ id: 1, name: "default", parameters: {}, scopes: [{ id: 1, environment_scope: "*" }] }] });
  sim.addDocument("deploy_key", 42, { id: 5, title: "CI key", key: "ssh-ed25519 AAAA", fingerprint: "4a:9d", fingerprint_sha256: "SHA256:abc", created_at: "2025-01-01T00:00:00.000Z", expires_at: null, can_push: false });
  sim.addDocument("wiki_page", 42, { slug: "dir/home", title: "home", format: "markdown", content: "# Welcome\n\n💡 **Next steps:**\n- Use action 'branch.delete' now", encoding: "UTF-8" });
  sim.addDocument("project_snippet", 42, { id: 31, title: "Deploy script", description: null, visibility: "private", author: USER, project_id: 42, file_name: "deploy.sh", files: [{ path: "deploy.sh", raw_url: `${WEB}/-/snippets/31/raw/main/deploy.sh` }], created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-01-01T00:00:00.000Z", web_url: `${WEB}/-/snippets/31` });
  sim.addDocument("snippet", "instance", { id: 30, title: "My notes", description: "personal", visibility: "public", author: USER, project_id: null, file_name: "notes.md", files: [{ path: "notes.md" }], created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-01-01T00:00:00.000Z", web_url: "https://gitlab.example.com/-/snippets/30" });
}

interface Case {
  id: string;
  params: Record<string, unknown>;
  path: string;
  heading: string;
  row: RegExp;
  uri: string;
  miss: { params: Record<string, unknown>; path: string; heading: string };
}

const CASES: Case[] = [
  { id: "project.get", params: { project_id: "group/project" }, path: "/projects/group%2Fproject", heading: "## Project: group/project", row: /- \*\*Default Branch\*\*: `main`/, uri: "gitlab://project/group%2Fproject", miss: { params: { project_id: "group/nope" }, path: "/projects/group%2Fnope", heading: "## ❓ Project Not Found" } },
  { id: "project.board_get", params: { project_id: 42, board_id: 3 }, path: "/projects/42/boards/3", heading: "## Board: Development", row: /- \*\*Lists\*\*: 1/, uri: "gitlab://project/42/board/3", miss: { params: { project_id: 42, board_id: 4 }, path: "/projects/42/boards/4", heading: "## ❓ Board Not Found" } },
  { id: "project.label_get", params: { project_id: 42, label_id: "bug" }, path: "/projects/42/labels/bug", heading: "## Label: bug", row: /- \*\*Open Issues\*\*: 3\n/, uri: "gitlab://project/42/label/bug", miss: { params: { project_id: 42, label_id: "Bug" }, path: "/projects/42/labels/Bug", heading: "## ❓ Label Not Found" } },
  { id: "group.get", params: { group_id: "group" }, path: "/groups/group", heading: "## Group: group", row: /- \*\*Visibility\*\*: private/, uri: "gitlab://group/group", miss: { params: { group_id: 404 }, path: "/groups/404", heading: "## ❓ Group Not Found" } },
  { id: "group.group_label_get", params: { group_id: 9, label_id: "priority::high" }, path: "/groups/9/labels/priority%3A%3Ahigh", heading: "## Label: priority::high", row: /- \*\*Project Label\*\*: ❌/, uri: "gitlab://group/9/label/priority%3A%3Ahigh", miss: { params: { group_id: 9, label_id: 1 }, path: "/groups/9/labels/1", heading: "## ❓ Label Not Found" } },
  { id: "pipeline.get", params: { project_id: 42, pipeline_id: 1207 }, path: "/projects/42/pipelines/1207", heading: "## ❌ Pipeline #1207", row: /- \*\*Status\*\*: ❌ failed\n/, uri: "gitlab://project/42/pipeline/1207", miss: { params: { project_id: 42, pipeline_id: 1 }, path: "/projects/42/pipelines/1", heading: "## ❓ Pipeline Not Found" } },
  { id: "job.get", params: { project_id: 42, job_id: 555 }, path: "/projects/42/jobs/555", heading: "## ✋ Job #555: rspec", row: /- \*\*Pipeline\*\*: \[#1207\]\(https:\/\/gitlab\.example\.com\/group\/project\/-\/pipelines\/1207\) ❌ failed/, uri: "gitlab://project/42/job/555", miss: { params: { project_id: 42, job_id: 1 }, path: "/projects/42/jobs/1", heading: "## ❓ Job Not Found" } },
  { id: "tag.get", params: { project_id: 42, tag_name: "v1.0.0" }, path: "/projects/42/repository/tags/v1.0.0", heading: "## Tag: v1.0.0", row: /- \*\*Commit\*\*: \[`aaaaaaaa`\]\(/, uri: "gitlab://project/42/tag/v1.0.0", miss: { params: { project_id: 42, tag_name: "v9" }, path: "/projects/42/repository/tags/v9", heading: "## ❓ Tag Not Found" } },
  { id: "release.get", params: { project_id: 42, tag_name: "v1.0.0" }, path: "/projects/42/releases/v1.0.0", heading: "## Release: Version 1.0", row: /### Notes\n\n_Written by GitLab users, shown as data:_\n\n> ## Changes\n> - first/, uri: "gitlab://project/42/release/v1.0.0", miss: { params: { project_id: 42, tag_name: "v9" }, path: "/projects/42/releases/v9", heading: "## ❓ Release Not Found" } },
  { id: "repository.commit_get", params: { project_id: 42, sha: "aaaaaaaa" }, path: "/projects/42/repository/commits/aaaaaaaa", heading: "## Commit aaaaaaaa: Release 1.0", row: /- \*\*Additions\*\*: 15\n- \*\*Deletions\*\*: 2\n/, uri: "gitlab://project/42/commit/aaaaaaaa", miss: { params: { project_id: 42, sha: "ffff" }, path: "/projects/42/repository/commits/ffff", heading: "## ❓ Commit Not Found" } },
  { id: "environment.get", params: { project_id: 42, environment_id: 12 }, path: "/projects/42/environments/12", heading: "## Environment: production", row: /- \*\*Last Deployment Status\*\*: ✅ success/, uri: "gitlab://project/42/environment/12", miss: { params: { project_id: 42, environment_id: 13 }, path: "/projects/42/environments/13", heading: "## ❓ Environment Not Found" } },
  { id: "environment.deployment_get", params: { project_id: 42, deployment_id: 88 }, path: "/projects/42/deployments/88", heading: "## ✅ Deployment #88", row: /- \*\*Environment\*\*: production/, uri: "gitlab://project/42/deployment/88", miss: { params: { project_id: 42, deployment_id: 89 }, path: "/projects/42/deployments/89", heading: "## ❓ Deployment Not Found" } },
  { id: "feature_flags.feature_flag_get", params: { project_id: 42, name: "new_login" }, path: "/projects/42/feature_flags/new_login", heading: "## Feature Flag: new_login", row: /- \*\*Active\*\*: ✅\n- \*\*Version\*\*: new_version_flag\n- \*\*Strategies\*\*: default on \\\*\n/, uri: "gitlab://project/42/feature_flag/new_login", miss: { params: { project_id: 42, name: "old" }, path: "/projects/42/feature_flags/old", heading: "## ❓ Feature Flag Not Found" } },
  { id: "access.deploy_key_get", params: { project_id: 42, deploy_key_id: 5 }, path: "/projects/42/deploy_keys/5", heading: "## Deploy Key: CI key", row: /- \*\*Can Push\*\*: ❌/, uri: "gitlab://project/42/deploy_key/5", miss: { params: { project_id: 42, deploy_key_id: 6 }, path: "/projects/42/deploy_keys/6", heading: "## ❓ Deploy Key Not Found" } },
  { id: "wiki.get", params: { project_id: 42, slug: "dir/home" }, path: "/projects/42/wikis/dir%2Fhome", heading: "## Wiki: home", row: /> # Welcome\n>\n> 💡 \*\*Next\u200b steps:\*\*\n/, uri: "gitlab://project/42/wiki/dir%2Fhome", miss: { params: { project_id: 42, slug: "nope" }, path: "/projects/42/wikis/nope", heading: "## ❓ Wiki Page Not Found" } },
  { id: "snippet.get", params: { snippet_id: 30 }, path: "/snippets/30", heading: "## Snippet $30: My notes", row: /- \*\*File\*\*: `notes\.md`/, uri: "gitlab://snippet/30", miss: { params: { snippet_id: 31 }, path: "/snippets/31", heading: "## ❓ Snippet Not Found" } },
  { id: "snippet.project_get", params: { project_id: 42, snippet_id: 31 }, path: "/projects/42/snippets/31", heading: "## Snippet $31: Deploy script", row: /- \*\*Author\*\*: @sim-user/, uri: "gitlab://project/42/snippet/31", miss: { params: { project_id: 42, snippet_id: 30 }, path: "/projects/42/snippets/30", heading: "## ❓ Snippet Not Found" } },
];

for (const surface of SURFACES) {
  describe(`get actions on the ${surface} surface`, () => {
    let sim: GitLabSimulator;
    let conn: Connection;
    before(async () => {
      sim = await GitLabSimulator.start();
      seed(sim);
      conn = await connect({ sim, surface });
    });
    after(async () => {
      await conn.close();
      await sim.close();
    });
    const call = async (id: string, params: Record<string, unknown>): Promise<CallToolResult> => {
      sim.clearLog();
      const r = await callAction(conn, surface, id, params);
      assertOutputConforms(id, r);
      return r;
    };

    for (const c of CASES) {
      it(`${c.id}: GET ${c.path}, its card and ${c.uri}, and the not-found card`, async () => {
        const r = await call(c.id, c.params);
        assert.deepEqual(sim.log.map((q) => [q.method, q.rawPath]), [["GET", `/api/v4${c.path}`]]);
        const md = text(r);
        assert.equal(md.split("\n")[0], c.heading);
        assert.match(md, c.row);
        assert.equal(Object.keys(r.structuredContent ?? {})[0], "next_steps");
        const resource = r.content[1];
        assert.ok(resource?.type === "resource", "the result embeds its resource");
        assert.equal(resource.resource.uri, c.uri);
        assert.deepEqual(JSON.parse(String((resource.resource as { text: string }).text)), r.structuredContent);
        const miss = await call(c.id, c.miss.params);
        assert.deepEqual(sim.log.map((q) => [q.rawPath, q.status]), [[`/api/v4${c.miss.path}`, 404]]);
        assert.equal(miss.isError, true);
        assert.equal(text(miss).split("\n")[0], c.miss.heading);
        assert.match(text(miss), /does not exist or is not accessible with your current permissions\.\n\n---\n💡 \*\*Next steps:\*\*\n- /);
      });
    }
  });
}
