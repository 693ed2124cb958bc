import { runBehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";
import { table } from "./admin_instance.cases.js";

runBehaviourTable(table);

// A token with the admin_mode scope whose user is no administrator: the server offers the actions, and
// GitLab refuses its administrator endpoints with 403 Forbidden (authenticated_as_admin!), which the
// server reports as access denied.
runBehaviourTable({
  domain: "admin (instance) as a non-administrator",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: false } } },
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "team/app" });
  },
  cases: [
    {
      id: "admin.broadcast_message_create",
      params: { message: "Hello" },
      request: { method: "POST", path: "/broadcast_messages" },
      markdown: [/access denied/],
      isError: true,
    },
    {
      id: "admin.broadcast_message_list",
      name: "reading broadcast messages needs no administrator",
      params: {},
      request: { method: "GET", path: "/broadcast_messages" },
      markdown: ["No broadcast messages."],
    },
    {
      id: "admin.application_list",
      params: {},
      request: { method: "GET", path: "/applications" },
      markdown: [/access denied/],
      isError: true,
    },
    {
      id: "admin.bulk_import_cancel",
      params: { bulk_import_id: 1 },
      request: { method: "POST", path: "/bulk_imports/1/cancel" },
      markdown: [/access denied/],
      isError: true,
    },
    {
      id: "admin.topic_list",
      name: "topics are public",
      params: {},
      request: { method: "GET", path: "/topics" },
      markdown: ["No topics."],
    },
  ],
});
