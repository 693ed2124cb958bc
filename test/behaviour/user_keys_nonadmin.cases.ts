// User keys for a user who is no administrator, though the token carries admin_mode: GitLab itself
// refuses another user's keys and emails with 403, while the public reads of their keys still answer.
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";

const KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb bob@desk";

export const table: BehaviourTable = {
  domain: "user_keys_nonadmin",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"] } } },
  seed(sim) {
    sim.addUser({ id: 5, username: "alice", name: "Alice", email: "alice@example.com" });
  },
  cases: [
    {
      id: "user.add_ssh_key_for_user",
      name: "GitLab answers 403 to a user who is no administrator",
      params: { user_id: 5, title: "Desk", key: KEY },
      request: { method: "POST", path: "/users/5/keys", body: { title: "Desk", key: KEY } },
      markdown: [/access denied/],
      isError: true,
    },
    {
      id: "user.emails_for_user",
      name: "GitLab answers 403 to a user who is no administrator",
      params: { user_id: 5 },
      request: { method: "GET", path: "/users/5/emails" },
      markdown: [/access denied/],
      isError: true,
    },
    {
      id: "user.add_ssh_key",
      name: "your own key needs no administrator",
      params: { title: "Desk", key: KEY },
      request: { method: "POST", path: "/user/keys" },
      markdown: ["## SSH key added: Desk"],
    },
    {
      id: "user.ssh_keys_for_user",
      name: "another user's public keys need no administrator",
      params: { user_id: "alice" },
      request: { method: "GET", path: "/users/alice/keys" },
      markdown: ["No SSH keys."],
    },
    {
      id: "user.ssh_keys_for_user",
      name: "an unknown username answers GitLab's 404",
      params: { user_id: "nobody" },
      request: { method: "GET", path: "/users/nobody/keys" },
      markdown: [/not found/],
      isError: true,
    },
  ],
};
