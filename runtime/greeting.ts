// Started by hand in a terminal, the stdio server waits in silence for JSON-RPC, which looks like a hang.
// An MCP client never gives it a terminal as stdin, so when stdin is one a person is there: tell them what
// this is and how a client launches it. On stderr, since stdout stays the wire even then (CFG-13).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Config } from "./config.js";
import { VERSION } from "./version.js";

/** The README section with every client configuration (test/e2e/terminal.test.ts checks the heading exists). */
export const CLIENT_SECTION = "Connect a client";

/** Writes the greeting to stderr when stdin is a terminal; a client's pipe gets nothing. */
export function greetIfTerminal(config: Pick<Config, "gitlabUrl" | "token">): void {
  if (process.stdin.isTTY) process.stderr.write(greeting(config));
}

/** The greeting's text. It says whether a token is set and never shows any of it. */
export function greeting(config: Pick<Config, "gitlabUrl" | "token">): string {
  const instance = withoutCredentials(config.gitlabUrl);
  return [
    `gitlab-mcp-server ${VERSION}: the GitLab API for AI assistants, over the Model Context Protocol.`,
    "It speaks MCP (JSON-RPC) on stdin/stdout and is meant to be launched by an MCP client such as",
    "Claude, Codex, Cursor or VS Code, not typed at. For Claude Code, for example:",
    "  claude mcp add gitlab -e GITLAB_URL=https://gitlab.example.com -e GITLAB_TOKEN=glpat-... -- gitlab-mcp-server",
    `Every client's configuration: "${CLIENT_SECTION}" in ${readme()}.`,
    config.token
      ? `GITLAB_TOKEN is set: requests to ${instance} carry it.`
      : `GITLAB_TOKEN is not set: serving what ${instance} shows anyone, public projects only.`,
    "Waiting for a client on stdin; Ctrl-C quits.",
    "",
  ].join("\n");
}

/** The README shipped beside dist/ (the package root, or the clone's root), else its published copy. */
function readme(): string {
  try {
    const local = fileURLToPath(new URL("../../README.md", import.meta.url));
    if (existsSync(local)) return local;
  } catch {
    // Not a file: URL: fall through to the package page.
  }
  return "the README (npm package gitlab-mcp-server)";
}

/** GITLAB_URL as shown to a person: any user:password in it is left out. */
function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    u.username = "";
    u.password = "";
    return u.href.replace(/\/$/, "");
  } catch {
    return "GitLab";
  }
}
