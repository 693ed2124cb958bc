// Pasted web addresses (catalog.yaml web_links): a link from the browser in place of project_id or as
// `url` fills the identifiers it names; a link of another instance is refused before anything is sent.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import type { GitLabSimulator } from "../sim/simulator.js";

const SHA = "a".repeat(40);
let web = "";

export const table: BehaviourTable = {
  domain: "web links",
  seed(sim: GitLabSimulator) {
    web = `${sim.url}/group/sub/project`;
    sim.addProject({ id: 42, path_with_namespace: "group/sub/project" });
    sim.addBranch(42, { name: "feature/login" });
    sim.addMergeRequest(42, { iid: 243, title: "Add login", source_branch: "feature/login" });
    sim.addPipeline(42, { id: 9001, status: "failed", ref: "main" });
    sim.addDocument("job", 42, { id: 8001, name: "rspec", stage: "test", status: "failed", ref: "main", tag: false, web_url: `${web}/-/jobs/8001` });
    sim.addDocument("commit", 42, { id: SHA, short_id: SHA.slice(0, 8), title: "Fix login", message: "Fix login\n", author_name: "Dev", parent_ids: [], web_url: `${web}/-/commit/${SHA}` });
    sim.addDocument("group", "instance", { id: 9, name: "group", path: "group", full_name: "Group", full_path: "group", web_url: `${sim.url}/groups/group` });
  },
  cases: [
    {
      id: "merge_request.get",
      name: "a merge request link in place of project_id",
      params: { get project_id() { return `${web}/-/merge_requests/243`; } },
      request: { method: "GET", path: "/projects/group%2Fsub%2Fproject/merge_requests/243" },
      markdown: [/^## .*!243: Add login/m],
    },
    {
      id: "merge_request.get",
      name: "a page below the merge request (its diffs) names the same merge request",
      params: { get url() { return `${web}/-/merge_requests/243/diffs#note_5`; } },
      request: { method: "GET", path: "/projects/group%2Fsub%2Fproject/merge_requests/243" },
      markdown: [/!243: Add login/],
    },
    {
      id: "pipeline.get",
      name: "a pipeline link as url",
      params: { get url() { return `${web}/-/pipelines/9001`; } },
      request: { method: "GET", path: "/projects/group%2Fsub%2Fproject/pipelines/9001" },
      markdown: ["Pipeline #9001"],
    },
    {
      id: "job.get",
      name: "a job link",
      params: { get url() { return `${web}/-/jobs/8001`; } },
      request: { method: "GET", path: "/projects/group%2Fsub%2Fproject/jobs/8001" },
      markdown: ["Job #8001: rspec"],
    },
    {
      id: "repository.commit_get",
      name: "a commit link",
      params: { get project_id() { return `${web}/-/commit/${SHA}`; } },
      request: { method: "GET", path: `/projects/group%2Fsub%2Fproject/repository/commits/${SHA}` },
      markdown: ["Fix login"],
    },
    {
      id: "branch.get",
      name: "a tree link names the branch, slashes included",
      params: { get url() { return `${web}/-/tree/feature/login`; } },
      request: { method: "GET", path: "/projects/group%2Fsub%2Fproject/repository/branches/feature%2Flogin" },
      markdown: ["## Branch: feature/login"],
    },
    {
      id: "merge_request.get",
      name: "an explicit parameter wins over the link's",
      params: { get url() { return `${web}/-/merge_requests/1`; }, merge_request_iid: 243 },
      request: { method: "GET", path: "/projects/group%2Fsub%2Fproject/merge_requests/243" },
      markdown: [/!243/],
    },
    {
      id: "group.get",
      name: "a group link",
      params: { get group_id() { return web.replace("/group/sub/project", "/groups/group"); } },
      request: { method: "GET", path: "/groups/group" },
      markdown: ["## Group: group"],
    },
    {
      id: "merge_request.get",
      name: "a link of another instance is refused before anything is sent",
      params: { project_id: "https://gitlab.other.example/group/project/-/merge_requests/243" },
      markdown: [/project_id https:\/\/gitlab\.other\.example\/group\/project\/-\/merge_requests\/243 is not on this server's GitLab \(http:\/\/127\.0\.0\.1:\d+\): paste a link from/],
      isError: true,
    },
    {
      id: "pipeline.get",
      name: "a link that names no pipeline leaves pipeline_id missing",
      params: { get url() { return `${web}/-/merge_requests/243`; } },
      markdown: [/invalid params\. .*Missing required params: pipeline_id\./],
      isError: true,
    },
    {
      id: "merge_request.get",
      name: "something that is not an address",
      params: { url: "https://" },
      markdown: [/invalid params\. url must be a GitLab web address such as http:\/\/127\.0\.0\.1:\d+\/group\/project\/-\/merge_requests\/1/],
      isError: true,
      check: (r) => assert.equal(r.structuredContent, undefined),
    },
  ],
};
