// Runs a GitLab simulator seeded with the demo data until SIGINT / SIGTERM.
//   node dist/test/sim/cli.js [--port N]
import { seedDemo } from "./demoData.js";
import { DEFAULT_TOKEN, GitLabSimulator } from "./simulator.js";

function parsePort(argv: string[]): number {
  const i = argv.findIndex((a) => a === "--port" || a.startsWith("--port="));
  if (i < 0) return 0;
  const raw = argv[i].includes("=") ? argv[i].split("=")[1] : argv[i + 1];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`invalid --port ${raw}\n`);
    process.exit(2);
  }
  return port;
}

async function main(): Promise<void> {
  const sim = await GitLabSimulator.start({ port: parsePort(process.argv.slice(2)) });
  seedDemo(sim);
  process.stdout.write(
    [
      `GitLab simulator listening on ${sim.url}`,
      `REST API: ${sim.url}/api/v4`,
      `GraphQL:  ${sim.url}/api/graphql`,
      `Token:    ${DEFAULT_TOKEN}`,
      "",
    ].join("\n"),
  );
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
