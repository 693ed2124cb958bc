// The model registry: a file of a model version (or of a run, candidate:N) downloads as its size,
// SHA-256 checksum and GitLab URL, never its bytes. Fixtures follow doc/api/model_registry.md.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { seedModelFile } from "../sim/restPackages.js";

const WEIGHTS = Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, 0, 0, 0xff, 0x00, 0x10]);
const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");

export const table: BehaviourTable = {
  domain: "model_registry",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    seedModelFile(sim, 42, "5", "model/weights.npy", WEIGHTS);
    seedModelFile(sim, 42, "candidate:7", "metrics.json", Buffer.from('{"loss":0.12}'));
  },
  cases: [
    {
      id: "model_registry.download",
      params: { project_id: "group/project", model_version_id: "5", path: "model", file_name: "weights.npy" },
      request: { method: "GET", path: "/projects/group%2Fproject/packages/ml_models/5/files/model/weights.npy" },
      markdown: ["## File weights.npy", sha256(WEIGHTS), "Content not shown"],
      check: (r) => {
        const s = r.structuredContent as { sha256: string; size: number; binary: boolean };
        assert.equal(s.size, WEIGHTS.length);
        assert.equal(s.sha256, sha256(WEIGHTS));
      },
    },
    {
      id: "model_registry.download",
      name: "a run's file, named candidate:N (its text is not shown either)",
      params: { project_id: 42, model_version_id: "candidate:7", file_name: "metrics.json" },
      request: { method: "GET", path: "/projects/42/packages/ml_models/candidate%3A7/files/metrics.json" },
      markdown: [sha256('{"loss":0.12}')],
      check: (r) => assert.ok(!JSON.stringify(r).includes("0.12")),
    },
    {
      id: "model_registry.download",
      name: "a model version ID that is neither a number nor candidate:N is refused before sending",
      params: { project_id: 42, model_version_id: "latest", file_name: "x" },
      markdown: ["model_version_id"],
      isError: true,
    },
    {
      id: "model_registry.download",
      name: "a file that does not exist answers the not-found card",
      params: { project_id: 42, model_version_id: "5", file_name: "weights.npy" },
      request: { method: "GET", path: "/projects/42/packages/ml_models/5/files/weights.npy" },
      markdown: ["Model file Not Found"],
      isError: true,
    },
  ],
};
