// `npm run sim`: an offline GitLab to try the server on (issue 28). Runs the simulator with the
// playground project (playground.ts) until SIGINT / SIGTERM, and prints the GITLAB_URL and GITLAB_TOKEN
// to give the server and a client configuration that uses them.
//   node dist/test/sim/cli.js [--port N] [--branches-only]
// --port 0 takes any free port; without --port it listens on 7420, or on a free port when that is taken.
// --branches-only seeds the demo project of demoData.ts alone (45 branches), as before issue 28.
import { existsSync } from "node:fs";
import { seedDemo } from "./demoData.js";
import { PLAYGROUND, seedPlayground } from "./playground.js";
import { DEFAULT_TOKEN, GitLabSimulator } from "./simulator.js";

/** The port `npm run sim` listens on by default, so a client configured once still finds it after a restart. */
const DEFAULT_SIM_PORT = 7420;

function parsePort(argv: string[]): number | undefined {
  const i = argv.findIndex((a) => a === "--port" || a.startsWith("--port="));
  if (i < 0) return undefined;
  const raw = argv[i].includes("=") ? argv[i].split("=")[1] : argv[i + 1];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`invalid --port ${raw}\n`);
    process.exit(2);
  }
  return port;
}

async function startOn(port: number | undefined): Promise<GitLabSimulator> {
  if (port !== undefined) return GitLabSimulator.start({ port, ownLinks: true });
  try {
    return await GitLabSimulator.start({ port: DEFAULT_SIM_PORT, ownLinks: true });
  } catch (e) {
    if ((e as { code?: string }).code !== "EADDRINUSE") throw e;
    return GitLabSimulator.start({ port: 0, ownLinks: true });
  }
}

/** What a person reads at the terminal: the variables, a client configuration, and things to ask. */
function banner(url: string, server: { command: string; args: string[]; built: boolean }, branchesOnly: boolean): string {
  const env = { GITLAB_URL: url, GITLAB_TOKEN: DEFAULT_TOKEN };
  const json = JSON.stringify({ mcpServers: { "gitlab-sim": { command: server.command, args: server.args, env } } }, null, 2);
  const shell = [server.command, ...server.args].map((a) => (/[\s"']/.test(a) ? JSON.stringify(a) : a)).join(" ");
  return [
    `GitLab simulator listening on ${url} (REST ${url}/api/v4, GraphQL ${url}/api/graphql)`,
    branchesOnly
      ? `Seeded: project ${PLAYGROUND.project} (ID 42) with 45 branches.`
      : `Seeded: project ${PLAYGROUND.project} (ID 42): 45 branches, ${PLAYGROUND.issues} issues, ${PLAYGROUND.mergeRequests} merge requests (review threads, approvals), pipelines with a failed job and its log, CI/CD variables, milestones, tags and releases.`,
    "",
    "Give the server these two variables:",
    "",
    `  GITLAB_URL=${env.GITLAB_URL}`,
    `  GITLAB_TOKEN=${env.GITLAB_TOKEN}`,
    "",
    "Claude Code:",
    "",
    `  claude mcp add gitlab-sim -e GITLAB_URL=${env.GITLAB_URL} -e GITLAB_TOKEN=${env.GITLAB_TOKEN} -- ${shell}`,
    "",
    "Any client that reads an mcpServers file (Claude Desktop, Cursor, .mcp.json):",
    "",
    ...json.split("\n").map((l) => `  ${l}`),
    "",
    ...(server.built ? [] : ["The server is not built yet: run `npm run build` first, or install it with `npm install -g gitlab-mcp-server`.", ""]),
    "Then ask, for example:",
    "  - Why did the pipeline of merge request !1 in group/project fail? Show the failing test from the job log.",
    "  - Summarise the open review threads on !1 and who approved it.",
    "  - Which issues are open in group/project, and what is planned for milestone 2.0?",
    `  - What does ${url}/${PLAYGROUND.project}/-/merge_requests/1 change?`,
    "",
    "Everything lives in memory: Ctrl-C stops the simulator and forgets every change.",
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const branchesOnly = argv.includes("--branches-only");
  const sim = await startOn(parsePort(argv));
  if (branchesOnly) seedDemo(sim);
  else await seedPlayground(sim);
  // The built command (npm run build), launched with this Node: a client needs no global install.
  const cli = new URL("../../runtime/gitlab-mcp-server.cjs", import.meta.url).pathname;
  process.stdout.write(banner(sim.url, { command: process.execPath, args: [cli], built: existsSync(cli) }, branchesOnly));
  const stop = () => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`${String(e)}\n`);
  process.exit(1);
});
