// Administrator actions need a token with the admin_mode scope (SAF-28 for whole domains; here per
// action, `admin_mode: true` in catalog/user/admin.yaml). An api token without it keeps the other user
// actions and gets the withheld sentence, ending with the admin_mode advice, for these: nothing is sent.
import type { BehaviourTable } from "../helpers/behaviour.js";

const sentence = (id: string) =>
  `action "${id}" exists but is not available to this session: the credential in use does not carry a GitLab scope that covers it, so a narrowed action surface was built for it. Reauthorize with the api scope to use it; do not report the capability as missing. The token also needs the admin_mode scope.`;

export const table: BehaviourTable = {
  domain: "user (administration without admin_mode)",
  simOptions: { tokens: { "glpat-simulator-token": { scopes: ["api"], admin: true } } },
  seed(sim) {
    sim.addUser({ id: 2, username: "jdoe", name: "Jane Doe" });
  },
  cases: [
    { id: "user.block", name: "a destructive administrator action is withheld", params: { user_id: 2 }, confirm: true, markdown: [sentence("user.block")], isError: true },
    { id: "user.create", name: "a write is withheld before validation", params: { email: "x", username: "y", name: "z" }, markdown: [sentence("user.create")], isError: true },
    { id: "user.memberships", name: "an administrator read is withheld too", params: { user_id: 2 }, markdown: [sentence("user.memberships")], isError: true },
    {
      id: "user.get",
      name: "the user actions for everyone still run",
      params: { user_id: "jdoe" },
      request: [{ method: "GET", path: "/users", query: { username: "jdoe" } }, { method: "GET", path: "/users/2" }],
      markdown: ["## User: jdoe"],
    },
  ],
};
