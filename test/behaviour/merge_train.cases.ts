// Merge trains (Premium): list a project's cars and one branch's train, see where a merge request stands,
// add one. Fixtures follow GitLab's merge_trains API docs.
import type { BehaviourTable } from "../helpers/behaviour.js";

export const table: BehaviourTable = {
  domain: "merge_train",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addUser({ id: 2, username: "alice" });
    sim.addMergeRequest(42, { title: "Add login page", source_branch: "feature/login" });
    sim.addMergeRequest(42, { title: "Refactor auth", source_branch: "refactor/auth" });
    sim.addMergeRequest(42, { title: "Backport fix", source_branch: "fix/backport", target_branch: "release/1.0", state: "merged" });
    sim.addMergeRequest(42, { title: "Draft: spike", source_branch: "spike", draft: true });
    sim.addMergeRequest(42, { title: "Bump deps", source_branch: "deps" });
    sim.addPipeline(42, { id: 1300, status: "running", merge_request_iid: 1, ref: "refs/merge-requests/1/train" });
    sim.addMergeTrainCar(42, { merge_request_iid: 1, status: "fresh", user: "alice", pipeline_id: 1300 }); // car 201
    sim.addMergeTrainCar(42, { merge_request_iid: 3, status: "merged", merged_at: "2025-03-02T10:00:00.000Z", duration: 420 }); // car 202
  },
  cases: [
    {
      id: "merge_train.list_project",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/merge_trains" },
      markdown: ["Merge Train", "Add login page", "Backport fix", "fresh", "merged"],
    },
    {
      id: "merge_train.list_project",
      name: "scope complete keeps the merged cars",
      params: { project_id: 42, scope: "complete" },
      request: { method: "GET", path: "/projects/42/merge_trains", query: { scope: "complete" } },
      markdown: ["Backport fix"],
      check: (result) => {
        const cars = (result.structuredContent?.cars ?? []) as { id: number }[];
        if (cars.length !== 1 || cars[0].id !== 202) throw new Error(`want car 202 alone, got ${JSON.stringify(cars)}`);
      },
    },
    {
      id: "merge_train.list_branch",
      params: { project_id: 42, target_branch: "release/1.0" },
      request: { method: "GET", path: "/projects/42/merge_trains/release%2F1.0" },
      markdown: ["Backport fix"],
    },
    {
      id: "merge_train.list_branch",
      name: "a branch with no train answers an empty list",
      params: { project_id: 42, target_branch: "develop" },
      request: { method: "GET", path: "/projects/42/merge_trains/develop" },
      markdown: ["No merge requests on the merge train."],
    },
    {
      id: "merge_train.get",
      params: { project_id: 42, merge_request_iid: 1 },
      request: { method: "GET", path: "/projects/42/merge_trains/merge_requests/1" },
      markdown: ["## Merge Train Car 201: fresh", "Add login page", "#1300"],
    },
    {
      id: "merge_train.get",
      name: "a merge request not on a train answers the not-found card",
      params: { project_id: 42, merge_request_iid: 2 },
      request: { method: "GET", path: "/projects/42/merge_trains/merge_requests/2" },
      markdown: ["## ❓ Merge Train Car Not Found"],
      isError: true,
    },
    {
      id: "merge_train.add",
      params: { project_id: 42, merge_request_iid: 2, squash: true },
      request: { method: "POST", path: "/projects/42/merge_trains/merge_requests/2", body: { squash: true } },
      markdown: ["✅ Merge request !2 is on the merge train of `main` as car 203 (idle), 1 ahead of it."],
    },
    {
      id: "merge_train.get",
      name: "an added merge request is on the train",
      params: { project_id: 42, merge_request_iid: 2 },
      request: { method: "GET", path: "/projects/42/merge_trains/merge_requests/2" },
      markdown: ["## Merge Train Car 203: idle", "Refactor auth"],
    },
    {
      id: "merge_train.add",
      name: "a merge request already on the train is refused by GitLab",
      params: { project_id: 42, merge_request_iid: 2 },
      request: { method: "POST", path: "/projects/42/merge_trains/merge_requests/2" },
      markdown: [/already on the merge train/],
      isError: true,
    },
    {
      id: "merge_train.add",
      name: "with auto_merge the merge request joins once its checks pass",
      params: { project_id: 42, merge_request_iid: 5, auto_merge: true },
      request: { method: "POST", path: "/projects/42/merge_trains/merge_requests/5", body: { auto_merge: true } },
      markdown: ["✅ Merge request !5 will join the merge train when its checks pass."],
    },
    {
      id: "merge_train.add",
      name: "a draft is refused by GitLab",
      params: { project_id: 42, merge_request_iid: 4 },
      request: { method: "POST", path: "/projects/42/merge_trains/merge_requests/4" },
      markdown: [/not mergeable/],
      isError: true,
    },
  ],
};
