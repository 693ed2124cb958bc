// Tags: the behaviour table (see test/helpers/behaviour.ts). Fixtures follow GitLab's tags API docs.
import type { BehaviourTable } from "../helpers/behaviour.js";

const WEB = "https://gitlab.example.com/group/project";
const SHA = "a".repeat(40);
const COMMIT = { id: SHA, short_id: SHA.slice(0, 8), title: "Release 1.0", message: "Release 1.0\n", author_name: "Sim Developer", authored_date: "2025-03-01T10:00:00.000+00:00", committed_date: "2025-03-01T10:00:00.000+00:00", created_at: "2025-03-01T10:00:00.000+00:00", parent_ids: [], web_url: `${WEB}/-/commit/${SHA}` };

export const table: BehaviourTable = {
  domain: "tag",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("tag", 42, { name: "v1.0.0", message: "First release", target: SHA, commit: COMMIT, release: null, protected: false, created_at: null });
  },
  cases: [
    {
      id: "tag.get",
      params: { project_id: "group/project", tag_name: "v1.0.0" },
      request: { method: "GET", path: "/projects/group%2Fproject/repository/tags/v1.0.0" },
      markdown: ["## Tag: v1.0.0", "- **Commit**: [`aaaaaaaa`]("],
    },
    {
      id: "tag.get",
      name: "a tag that does not exist answers the not-found card",
      params: { project_id: 42, tag_name: "v9" },
      request: { method: "GET", path: "/projects/42/repository/tags/v9" },
      markdown: ["## ❓ Tag Not Found"],
      isError: true,
    },
  ],
};
