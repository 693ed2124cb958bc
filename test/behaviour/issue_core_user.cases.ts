// Issues by global ID seen by a token that is not an administrator's: GET /issues/:id is for
// administrators only (doc/api/issues.md "Single issue"), so GitLab answers 403 and nothing is shown.
import type { BehaviourTable } from "../helpers/behaviour.js";

export const table: BehaviourTable = {
  domain: "issue (not an administrator)",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addIssue(42, { iid: 1, title: "Login fails with SSO" });
  },
  cases: [
    {
      id: "issue.get_by_id",
      name: "a token without administrator rights is refused with GitLab's 403",
      params: { issue_id: 1001 },
      request: { method: "GET", path: "/issues/1001" },
      markdown: [/access denied/, /permissions/],
      isError: true,
    },
  ],
};
