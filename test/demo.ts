/* eslint-disable no-console -- the demo prints for a person at a terminal. */
// `npm run demo`: starts the GitLab simulator with demo data, launches the built server on stdio,
// drives it through a real MCP client and prints what an assistant would receive. No GitLab needed.
import { connect, text } from "./helpers/mcp.js";
import { seedDemo } from "./sim/demoData.js";
import { GitLabSimulator } from "./sim/simulator.js";

const sim = await GitLabSimulator.start();
seedDemo(sim);
const conn = await connect({ sim, surface: "dynamic" });
const show = async (title: string, name: string, args: Record<string, unknown>) => {
  const r = await conn.client.callTool({ name, arguments: args });
  console.log(`\n=== ${title}\n--- ${name} ${JSON.stringify(args)}\n`);
  console.log(text(r as never));
};
try {
  const tools = await conn.client.listTools();
  console.log(`Connected to gitlab-mcp-server on stdio (dynamic surface): ${tools.tools.map((t) => t.name).join(", ")}`);
  console.log(`Simulated GitLab at ${sim.url}`);
  await show("Find the action for a task", "gitlab_find_action", { query: "delete a branch" });
  await show("List branches, first page of three", "gitlab_execute_action", { action: "branch.list", params: { project_id: "group/project", per_page: 3 } });
  await show("One branch", "gitlab_execute_action", { action: "branch.get", params: { project_id: 42, branch_name: "main" } });
  await show("A branch that does not exist", "gitlab_execute_action", { action: "branch.get", params: { project_id: 42, branch_name: "nonexistent" } });
  await show("A destructive action without confirmation", "gitlab_execute_action", { action: "branch.delete", params: { project_id: 42, branch_name: "feature/login" } });
  await show("Branch rules over GraphQL", "gitlab_execute_action", { action: "branch.rule_list", params: { project_id: "group/project" } });
  await show("A typo in a parameter", "gitlab_execute_action", { action: "branch.get", params: { project_id: 42, branch_nme: "main" } });
  console.log(`\nGitLab received ${sim.log.length} requests; the refused calls sent none.`);
} finally {
  await conn.close();
  await sim.close();
}
