// Job artifacts (doc/api/job_artifacts.md): downloads answer size, content type and the archive's
// files, never binary bytes; text files are shown when they fit.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { job } from "./job.cases.js";

const ARTIFACTS = {
  "reports/junit.xml": '<testsuite name="rspec" tests="142" failures="1"/>\n',
  "coverage/index.txt": "Coverage: 87.5%\n",
  "bin/app": "\u0000\u0001ELF binary\u0000",
};
const META = {
  artifacts: [
    { file_type: "archive", size: 1024, filename: "artifacts.zip", file_format: "zip" },
    { file_type: "junit", size: 220, filename: "junit.xml.gz", file_format: "gzip" },
  ],
  artifacts_file: { filename: "artifacts.zip", size: 1024 },
  artifacts_expire_at: "2025-04-01T10:00:00.000Z",
};

export const table: BehaviourTable = {
  domain: "job_artifacts",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("job", 42, job(701, "rspec", "test", "success", { ...META, _artifacts: ARTIFACTS }));
    sim.addDocument("job", 42, job(702, "lint", "test", "success"));
    sim.addDocument("job", 42, job(703, "build", "build", "success", { ...META, _artifacts: { "dist/app.js": "console.log(1)\n" } }));
    // GitLab.com may send a download on to its CDN: the address is the answer, not followed with the token.
    sim.inject({ method: "GET", path: "/projects/42/jobs/704/artifacts", status: 302, body: "", headers: { location: "https://cdn.example.com/artifacts/704.zip?sig=abc" }, times: Infinity });
  },
  cases: [
    {
      id: "job.artifacts",
      params: { project_id: 42, job_id: 701 },
      request: { method: "GET", path: "/projects/42/jobs/701" },
      markdown: ["## Artifacts of job #701: rspec", "- **Archive**: `artifacts.zip`", "- **Archive Size (bytes)**: 1024", "junit", "- **Expires**:"],
    },
    {
      id: "job.artifacts",
      name: "an unknown job answers the not-found card",
      params: { project_id: 42, job_id: 9999 },
      request: { method: "GET", path: "/projects/42/jobs/9999" },
      markdown: ["Job Not Found"],
      isError: true,
    },
    {
      id: "job.download_artifacts",
      name: "the archive answers its files, not its bytes",
      params: { project_id: 42, job_id: 701 },
      request: { method: "GET", path: "/projects/42/jobs/701/artifacts" },
      markdown: ["## Artifacts archive of job #701", "- **Content Type**: `application/zip`", "**3 files in the archive**", "- `reports/junit.xml` (", "Binary content omitted."],
      check: (r) => {
        const s = r.structuredContent as { binary: boolean; file_count: number; files: { path: string }[]; content?: string; url: string };
        assert.equal(s.binary, true);
        assert.equal(s.file_count, 3);
        assert.equal(s.content, undefined);
        assert.match(s.url, /\/api\/v4\/projects\/42\/jobs\/701\/artifacts$/);
        assert.doesNotMatch(JSON.stringify(r), /ELF binary/);
      },
    },
    {
      id: "job.download_artifacts",
      name: "a job without artifacts answers the not-found card",
      params: { project_id: 42, job_id: 702 },
      request: { method: "GET", path: "/projects/42/jobs/702/artifacts" },
      markdown: ["Job artifacts Not Found"],
      isError: true,
    },
    {
      id: "job.download_artifacts",
      name: "a redirect to object storage answers its address",
      params: { project_id: 42, job_id: 704 },
      request: { method: "GET", path: "/projects/42/jobs/704/artifacts" },
      markdown: ["object storage", "https://cdn.example.com/artifacts/704.zip"],
      check: (r) => assert.match((r.structuredContent as { url: string }).url, /^https:\/\/cdn\.example\.com\//),
    },
    {
      id: "job.download_single_artifact",
      name: "a text file is shown",
      params: { project_id: 42, job_id: 701, artifact_path: "reports/junit.xml" },
      request: { method: "GET", path: "/projects/42/jobs/701/artifacts/reports%2Fjunit.xml" },
      markdown: ['<testsuite name="rspec" tests="142" failures="1"/>', "`application/xml`"],
      check: (r) => assert.equal((r.structuredContent as { binary: boolean }).binary, false),
    },
    {
      id: "job.download_single_artifact",
      name: "a binary file answers size and type only",
      params: { project_id: 42, job_id: 701, artifact_path: "bin/app" },
      request: { method: "GET", path: "/projects/42/jobs/701/artifacts/bin%2Fapp" },
      markdown: ["Binary content omitted.", "`application/octet-stream`"],
      check: (r) => {
        const s = r.structuredContent as { binary: boolean; size: number; content?: string };
        assert.equal(s.binary, true);
        assert.equal(s.content, undefined);
        assert.equal(s.size, Buffer.byteLength(ARTIFACTS["bin/app"]));
      },
    },
    {
      id: "job.download_single_artifact",
      name: "a file the archive lacks answers the not-found card",
      params: { project_id: 42, job_id: 701, artifact_path: "nope.txt" },
      request: { method: "GET", path: "/projects/42/jobs/701/artifacts/nope.txt" },
      markdown: ["Artifact file Not Found"],
      isError: true,
    },
    {
      id: "job.download_single_artifact_by_ref",
      params: { project_id: 42, ref_name: "main", artifact_path: "coverage/index.txt", job: "rspec" },
      request: { method: "GET", path: "/projects/42/jobs/artifacts/main/raw/coverage%2Findex.txt", query: { job: "rspec" } },
      markdown: ["Coverage: 87.5%"],
    },
    {
      id: "job.download_single_artifact_by_ref",
      name: "no successful job of that name on the ref",
      params: { project_id: 42, ref_name: "main", artifact_path: "coverage/index.txt", job: "nightly" },
      request: { method: "GET", path: "/projects/42/jobs/artifacts/main/raw/coverage%2Findex.txt", query: { job: "nightly" } },
      markdown: ["Artifact file Not Found"],
      isError: true,
    },
    {
      id: "job.keep_artifacts",
      params: { project_id: 42, job_id: 701 },
      request: { method: "POST", path: "/projects/42/jobs/701/artifacts/keep" },
      markdown: ["## Artifacts kept: job #701 rspec"],
      check: (r) => assert.equal((r.structuredContent as { artifacts_expire_at: unknown }).artifacts_expire_at, null),
    },
    {
      id: "job.delete_artifacts",
      params: { project_id: 42, job_id: 703 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/jobs/703/artifacts" },
      markdown: ["✅"],
    },
    {
      id: "job.download_artifacts",
      name: "deleted artifacts are gone",
      params: { project_id: 42, job_id: 703 },
      request: { method: "GET", path: "/projects/42/jobs/703/artifacts" },
      markdown: ["Job artifacts Not Found"],
      isError: true,
    },
    {
      id: "job.delete_project_artifacts",
      params: { project_id: "group/project" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/group%2Fproject/artifacts" },
      markdown: ["✅"],
    },
  ],
};
