// DORA metrics: the behaviour table (see test/helpers/behaviour.ts). GitLab answers the whole series at
// once, without pages. Fixtures follow doc/api/dora/metrics.md.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { seedDora } from "../sim/restSearch.js";

type Row = { date: string | null; value: number | null };
const rows = (r: { structuredContent?: unknown }) => (r.structuredContent as { metrics: Row[] }).metrics;

export const table: BehaviourTable = {
  domain: "dora_metrics",
  seed(sim) {
    const p = sim.addProject({ id: 42, path_with_namespace: "group/project" });
    const q = sim.addProject({ id: 43, path_with_namespace: "group/api" });
    seedDora(p, "deployment_frequency", { "2025-03-01": 3, "2025-03-02": 6, "2025-03-08": 4, "2025-04-02": 1 });
    seedDora(q, "deployment_frequency", { "2025-03-01": 2 });
    seedDora(p, "lead_time_for_changes", { "2025-03-01": 3600, "2025-03-02": 7200 });
  },
  cases: [
    {
      id: "dora_metrics.project",
      name: "daily deployment frequency over a week",
      params: { project_id: "group/project", metric: "deployment_frequency", start_date: "2025-03-01", end_date: "2025-03-08" },
      request: { method: "GET", path: "/projects/group%2Fproject/dora/metrics", query: { metric: "deployment_frequency", start_date: "2025-03-01", end_date: "2025-03-08" } },
      markdown: ["## DORA metric (8)", "| 1 Mar 2025 | 3 |", "| 8 Mar 2025 | 4 |"],
      check: (r) => assert.deepEqual(rows(r).map((x) => x.value), [3, 6, 0, 0, 0, 0, 0, 4]),
    },
    {
      id: "dora_metrics.project",
      name: "a month of days comes whole",
      params: { project_id: 42, metric: "deployment_frequency", start_date: "2025-03-01", end_date: "2025-03-31" },
      request: { method: "GET", path: "/projects/42/dora/metrics", query: { metric: "deployment_frequency", start_date: "2025-03-01", end_date: "2025-03-31" } },
      markdown: ["## DORA metric (31)", "| 31 Mar 2025 | 0 |"],
      check: (r) => assert.equal(rows(r).length, 31),
    },
    {
      id: "dora_metrics.project",
      name: "monthly buckets over production and staging",
      params: { project_id: 42, metric: "deployment_frequency", interval: "monthly", start_date: "2025-03-01", end_date: "2025-04-30", environment_tiers: ["production", "staging"] },
      request: { method: "GET", path: "/projects/42/dora/metrics", query: { metric: "deployment_frequency", interval: "monthly", start_date: "2025-03-01", end_date: "2025-04-30", "environment_tiers[]": ["production", "staging"] } },
      markdown: ["| 1 Mar 2025 | 13 |", "| 1 Apr 2025 | 1 |"],
    },
    {
      id: "dora_metrics.project",
      name: "lead time for the whole range",
      params: { project_id: 42, metric: "lead_time_for_changes", interval: "all", start_date: "2025-03-01", end_date: "2025-03-31" },
      request: { method: "GET", path: "/projects/42/dora/metrics" },
      markdown: ["| 5400 |"],
      check: (r) => assert.deepEqual(rows(r), [{ date: null, value: 5400 }]),
    },
    {
      id: "dora_metrics.project",
      name: "an unknown metric is refused before any request",
      params: { project_id: 42, metric: "mttr" },
      markdown: [/metric/],
      isError: true,
    },
    {
      id: "dora_metrics.project",
      name: "a malformed date is refused before any request",
      params: { project_id: 42, metric: "deployment_frequency", start_date: "03/01/2025" },
      markdown: [/start_date/],
      isError: true,
    },
    {
      id: "dora_metrics.project",
      name: "a range over 180 days answers GitLab's 400",
      params: { project_id: 42, metric: "deployment_frequency", start_date: "2024-01-01", end_date: "2025-03-01" },
      request: { method: "GET", path: "/projects/42/dora/metrics" },
      markdown: ["Date range must be shorter than 180 days."],
      isError: true,
    },
    {
      id: "dora_metrics.project",
      name: "an unknown project answers GitLab's 404",
      params: { project_id: 999, metric: "deployment_frequency" },
      request: { method: "GET", path: "/projects/999/dora/metrics" },
      markdown: ["not found"],
      isError: true,
    },
    {
      id: "dora_metrics.group",
      name: "a group sums its projects' deployments",
      params: { group_id: "group", metric: "deployment_frequency", interval: "all", start_date: "2025-03-01", end_date: "2025-03-31" },
      request: { method: "GET", path: "/groups/group/dora/metrics", query: { metric: "deployment_frequency", interval: "all", start_date: "2025-03-01", end_date: "2025-03-31" } },
      markdown: ["| 15 |"],
      check: (r) => assert.deepEqual(rows(r), [{ date: null, value: 15 }]),
    },
  ],
};
