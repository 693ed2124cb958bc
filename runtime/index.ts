// Public API of runtime/: each export below is supported for embedding the server in other programs.

/** Creates the MCP server of one session. */
export { createSession, type SessionOptions } from "./server.js";
/** Parses flags and environment into a Config. */
export { parseCommand, ConfigError, type Config, type ToolSurface } from "./config.js";
/** The one dispatch path of every surface. */
export { executeAction, type ExecContext, type CallFrame } from "./execute.js";
/** The GitLab client. */
export { GitLabClient } from "./gitlab/client.js";
/** The stderr logger. */
export { Logger } from "./log.js";
