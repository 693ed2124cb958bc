// Prompts (§7.4, RPC-9 to RPC-11): GitLab workflows a client offers as slash commands. The definitions
// and their engine are imported on the first prompts/list or prompts/get, so a session that never asks
// for prompts never loads them.
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Feature } from "../features.js";
import { RATE_LIMITED, rateLimitText } from "../ratelimit.js";

let table: Promise<typeof import("./table.js")> | undefined;
const load = () => (table ??= import("./table.js"));

export const catalogPrompts: Feature = {
  // RPC-1: the minimal capability surface serves no prompts.
  capabilities: (config) => (config.capabilitySurface === "minimal" ? {} : { prompts: { listChanged: false } }),
  install(server, session) {
    const { config } = session;
    if (config.capabilitySurface === "minimal") return;
    server.setRequestHandler("prompts/list", async () => {
      if (!(await session.allowed("list", "prompts/list"))) throw new ProtocolError(RATE_LIMITED, rateLimitText("prompts/list"));
      const { view } = await session.surfaceNow();
      const t = await load();
      return { prompts: [...t.PROMPTS.values()].filter((p) => t.offered(p, view)).map(t.listing) };
    });
    server.setRequestHandler("prompts/get", async (request, extra) => {
      // RES-15: prompts/get is charged like a tool call.
      if (!(await session.allowed("call", "prompts/get"))) throw new ProtocolError(RATE_LIMITED, rateLimitText("prompts/get"));
      const { view } = await session.surfaceNow();
      const t = await load();
      const def = t.PROMPTS.get(request.params.name);
      if (!def || !t.offered(def, view)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${request.params.name.slice(0, 128)}. prompts/list names the prompts this session offers.`);
      // RES-9: the action deadline covers the whole prompt; the client's cancellation aborts it (RES-11).
      // The timer is cleared when the prompt ends, as tools/call does, so nothing waits on it for 65 minutes.
      const deadline = config.actionTimeoutMs > 0 ? new AbortController() : undefined;
      const timer = deadline && setTimeout(() => deadline.abort(new DOMException("The action deadline passed", "TimeoutError")), config.actionTimeoutMs);
      const signal = deadline ? AbortSignal.any([extra.mcpReq.signal, deadline.signal]) : extra.mcpReq.signal;
      try {
        return await t.runPrompt(def, request.params.arguments, view, session.execContext(view, signal));
      } finally {
        clearTimeout(timer);
      }
    });
  },
};
