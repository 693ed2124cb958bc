// job.trace (RES-22..RES-25): windows of a job log read while it streams. The simulator sends the 50 MB
// log as it makes it (test/sim/restJobs.ts), so neither side ever holds it whole.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { job } from "./job.cases.js";

const LOG = [
  "section_start:1700000000:prepare_executor\r\x1b[0K\x1b[0K\x1b[36;1mPreparing the \"docker\" executor\x1b[0;m",
  "Using Docker executor with image ruby:3.3",
  "section_end:1700000001:prepare_executor\r\x1b[0K",
  "Downloading 10%\rDownloading 50%\rDownloading 100%",
  "$ bundle exec rspec",
  "\x1b[32m142 examples, 1 failure\x1b[0m",
  "Failures:",
  "  1) User login fails with ```fenced``` text",
  "\x1b[31;1mERROR: Job failed: exit code 1\x1b[0;m",
  "",
].join("\n");

type Trace = { total_lines: number; total_bytes: number; start_line: number; end_line: number; content: string; truncated: boolean; matches?: { line: number }[] };
const trace = (r: { structuredContent?: unknown }) => r.structuredContent as Trace;

export const table: BehaviourTable = {
  domain: "job_trace",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("job", 42, job(601, "rspec", "test", "failed", { _trace: LOG }));
    sim.addDocument("job", 42, job(602, "huge", "test", "failed", { _trace_synthetic: { lines: 600_000, width: 100 } }));
    sim.addDocument("job", 42, job(603, "quiet", "test", "success", { _trace: "" }));
    sim.addDocument("job", 42, job(604, "endless", "test", "failed", { _trace_synthetic: { lines: 850_000, width: 100 } }));
  },
  cases: [
    {
      id: "job.trace",
      name: "the tail, cleaned of escapes, section markers and carriage-return overwrites",
      params: { project_id: 42, job_id: 601 },
      request: { method: "GET", path: "/projects/42/jobs/601/trace" },
      markdown: ["## Log of job #601", "Showing lines 1–8 of 8", 'Preparing the "docker" executor', "Downloading 100%", "ERROR: Job failed: exit code 1", "````\n"],
      check: (r) => {
        const t = trace(r);
        assert.equal(t.total_lines, 8);
        assert.doesNotMatch(t.content, /\x1b|section_|\r|Downloading 10%/);
        assert.equal(t.truncated, false);
      },
    },
    {
      id: "job.trace",
      name: "tail_lines keeps the last lines",
      params: { project_id: 42, job_id: 601, tail_lines: 2 },
      request: { method: "GET", path: "/projects/42/jobs/601/trace", query: {} },
      markdown: ["Showing lines 7–8 of 8", "ERROR: Job failed"],
    },
    {
      id: "job.trace",
      name: "a line window",
      params: { project_id: 42, job_id: 601, start_line: 3, line_count: 2 },
      request: { method: "GET", path: "/projects/42/jobs/601/trace" },
      markdown: ["Showing lines 3–4 of 8", "Downloading 100%", "$ bundle exec rspec"],
    },
    {
      id: "job.trace",
      name: "a search with context",
      params: { project_id: 42, job_id: 601, pattern: "error", context_lines: 1 },
      request: { method: "GET", path: "/projects/42/jobs/601/trace" },
      markdown: ["1 matching line with context", "8: ERROR: Job failed: exit code 1", "7-   1) User login"],
      check: (r) => assert.deepEqual(trace(r).matches?.map((m) => m.line), [8]),
    },
    {
      id: "job.trace",
      name: "raw keeps the escapes",
      params: { project_id: 42, job_id: 601, raw: true, tail_lines: 1 },
      request: { method: "GET", path: "/projects/42/jobs/601/trace" },
      markdown: ["Showing lines 9–9 of 9"],
      check: (r) => assert.match(trace(r).content, /\x1b\[31;1m/),
    },
    {
      id: "job.trace",
      name: "tail_lines with start_line is refused before GitLab",
      params: { project_id: 42, job_id: 601, tail_lines: 5, start_line: 2 },
      markdown: ["not both"],
      isError: true,
    },
    {
      id: "job.trace",
      name: "an empty log",
      params: { project_id: 42, job_id: 603 },
      request: { method: "GET", path: "/projects/42/jobs/603/trace" },
      markdown: ["The log is empty."],
    },
    {
      id: "job.trace",
      name: "an unknown job answers the not-found card",
      params: { project_id: 42, job_id: 9999 },
      request: { method: "GET", path: "/projects/42/jobs/9999/trace" },
      markdown: ["Job Not Found"],
      isError: true,
    },
    {
      id: "job.trace",
      name: "a 50 MB log streamed: the tail with the failure, counted to the end",
      params: { project_id: 42, job_id: 602, tail_lines: 50 },
      request: { method: "GET", path: "/projects/42/jobs/602/trace" },
      markdown: ["Showing lines 599951–600000 of 600000", "ERROR: Job failed: exit code 1"],
      check: (r) => {
        const t = trace(r);
        assert.ok(t.total_bytes > 50_000_000, `total_bytes ${t.total_bytes}`);
        assert.equal(t.end_line, 600_000);
      },
    },
    {
      id: "job.trace",
      name: "a 50 MB log: a window larger than the budget keeps its last lines and names the way back",
      surfaces: ["meta"],
      params: { project_id: 42, job_id: 602, start_line: 100_000, line_count: 10_000 },
      request: { method: "GET", path: "/projects/42/jobs/602/trace" },
      markdown: ["⚠️ Truncated: showing", "of 10000 lines", "line 109999 ok", "Use action 'job.trace' with"],
      check: (r) => {
        const t = trace(r) as Trace & { truncation?: { continue_params: { start_line: number } } };
        assert.equal(t.end_line, 109_999);
        assert.ok(t.start_line > 100_000);
        assert.ok(Buffer.byteLength(JSON.stringify(r.structuredContent)) <= 64 * 1024);
        assert.ok((t.truncation?.continue_params.start_line ?? 0) >= 100_000);
      },
    },
    {
      id: "job.trace",
      name: "a 50 MB log searched: the match near the end, with context",
      surfaces: ["individual"],
      params: { project_id: 42, job_id: 602, pattern: "job failed", context_lines: 2 },
      request: { method: "GET", path: "/projects/42/jobs/602/trace" },
      markdown: ["Showing lines 599998–600000 of 600000: 1 matching line with context.", "600000: ERROR: Job failed: exit code 1", "599999- line 599999 ok"],
    },
    {
      id: "job.trace",
      name: "a log over 64 MiB: reading stops there and the line count is unknown",
      surfaces: ["dynamic"],
      params: { project_id: 42, job_id: 604, tail_lines: 3 },
      request: { method: "GET", path: "/projects/42/jobs/604/trace" },
      markdown: ["of an unknown number (the server stopped reading at 64 MiB)", "⚠️ The log is larger than 64 MiB"],
      check: (r) => {
        const t = r.structuredContent as Trace & { read_limit_reached?: boolean };
        assert.equal(t.total_lines, 0);
        assert.equal(t.total_bytes, 64 * 1024 * 1024);
        assert.equal(t.read_limit_reached, true);
        assert.equal(t.truncated, true);
      },
    },
    {
      id: "job.trace",
      name: "a search with more matches than fit keeps the last ones and continues before them",
      surfaces: ["meta"],
      params: { project_id: 42, job_id: 602, pattern: "line 59", context_lines: 0 },
      request: { method: "GET", path: "/projects/42/jobs/602/trace" },
      markdown: ["⚠️ Truncated: showing", "of 11111 matches", "599999: line 599999 ok", "Use action 'job.trace' with {\"start_line\":"],
      check: (r) => {
        const t = r.structuredContent as Trace & { truncation: { continue_params: Record<string, unknown> } };
        assert.equal(t.truncation.continue_params.pattern, "line 59");
        assert.equal((t.truncation.continue_params.start_line as number) + (t.truncation.continue_params.line_count as number), t.start_line);
      },
    },
  ],
};
