// Runs one prompt (RPC-10): checks its arguments, gathers its facts through catalog actions with the
// session's execution context (so read-only, scopes, fine-grained grants, tiers and the response budget
// apply as to a tool call), and writes one user message: the task, the facts, and the canonical actions
// to act on next. Any failure ends the prompt with a JSON-RPC error carrying the §5 text: a prompt is
// never answered half-filled as though it were complete.
import { ProtocolError, ProtocolErrorCode, type GetPromptResult, type Prompt } from "@modelcontextprotocol/server";
import { catalog } from "../catalog/index.js";
import { executeAction, type CallFrame, type ExecContext } from "../execute.js";
import type { GitLabApi } from "../gitlab/client.js";
import { errorText, GitLabHttpError } from "../gitlab/errors.js";
import { ArgumentError } from "./facts.js";
import { redactDeep } from "../log.js";
import type { SessionView } from "../policy/view.js";
import { withheldSentence } from "../policy/view.js";
import type { PromptDef, PromptRun, Row, Section } from "./types.js";

/** Whether a prompt is offered in this view: one of the actions it needs is routable (RPC-10). */
export const offered = (def: PromptDef, view: SessionView) => def.needs.some((id) => view.routable.byId.has(id));

/** The prompts/list entry of a definition. */
export function listing(def: PromptDef): Prompt {
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    arguments: def.args.map((a) => ({ name: a.name, description: a.description, required: a.required === true })),
  };
}

/** The budget of one read inside a prompt: the largest GITLAB_MCP_MAX_RESPONSE_BYTES allows (4 MiB). */
const READ_BUDGET = 4 * 1024 * 1024;

/** A prompt ended by GitLab, the network or a refusal: its text is the §5 text of the failed read. */
class PromptFailure extends Error {}

/** Counts the GitLab requests a prompt makes (the log line of each prompt carries the count). */
function counted(client: GitLabApi, count: { n: number }): GitLabApi {
  return {
    rest: (call) => (count.n++, client.rest(call)),
    graphql: (...args) => (count.n++, client.graphql(...args)),
  };
}

/** Runs a prompt and answers prompts/get, or throws the JSON-RPC error of the failure. */
export async function runPrompt(def: PromptDef, given: Record<string, string> | undefined, view: SessionView, base: ExecContext, now = new Date()): Promise<GetPromptResult> {
  const args = checkedArgs(def, given ?? {});
  const count = { n: 0 };
  // The reads keep their whole page (at most 100 rows): what they gather is condensed into the message,
  // and it is the message that is held to the response budget (fitted below).
  const ctx: ExecContext = { ...base, client: counted(base.client, count), maxResponseBytes: READ_BUDGET };
  const notes: string[] = [];
  const frame: CallFrame = {
    origin: `prompt ${def.name}`,
    openAliases: false,
    confirm: false,
    destructiveRefusal: `prompt ${def.name} runs read actions only`,
    mayElicit: false,
    previewName: def.name,
    previewIsError: true,
  };
  const run = async (id: string, params: Row, optional: boolean): Promise<Row | undefined> => {
    const action = view.full.byId.get(id) ?? catalog.byId.get(id);
    if (!action) throw new Error(`prompt ${def.name}: no catalog action ${id}`);
    if (action.classification !== "read") throw new Error(`prompt ${def.name}: ${id} is not a read`);
    const withheld = view.withheld.get(id);
    if (withheld || !view.routable.byId.has(id)) {
      if (optional) {
        notes.push(`Left out: ${id} is not available to this session, so what it would have read is missing here.`);
        return undefined;
      }
      throw new PromptFailure(withheld ? withheldSentence(action, withheld, view.credential) : `action "${id}" is not available to this session`);
    }
    const outcome = await executeAction(action, params, frame, ctx);
    if (outcome.kind === "success") {
      const t = outcome.structured.truncation as { shown?: number; total?: number } | undefined;
      if (t) notes.push(`${id} was cut to fit the response budget (${t.shown ?? "?"} of ${t.total || "more"} shown).`);
      return outcome.structured;
    }
    // A not-found card is the §5 404 sentence here: a prompt has no card to show.
    throw new PromptFailure(outcome.kind === "not_found" ? errorText(id, new GitLabHttpError(404, undefined, { get: () => null }), false) : outcome.text.replace(/\s*\n+\s*/g, " "));
  };
  const rowsOf = (id: string, s: Row) => (s[catalog.byId.get(id)!.output.key ?? ""] ?? []) as Row[];
  let me: Promise<Row> | undefined;
  const prompt: PromptRun = {
    now,
    get: async (id, params) => (await run(id, params, false))!,
    list: async (id, params) => rowsOf(id, (await run(id, params, false))!),
    getIfAllowed: (id, params) => run(id, params, true),
    listIfAllowed: async (id, params) => {
      const s = await run(id, params, true);
      return s && rowsOf(id, s);
    },
    me: () => (me ??= prompt.get("user.current", {})),
    user: async (username) => {
      if (!username) return prompt.me();
      const [found] = await prompt.list("user.list", { username, per_page: 1 });
      if (!found) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `prompt ${def.name}: no GitLab user is named "${username}". Check the username argument (without the @).`);
      return found;
    },
    note: (text) => void notes.push(text),
  };
  let sections: Section[];
  try {
    sections = await def.gather(prompt, args);
  } catch (e) {
    if (e instanceof ArgumentError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `prompt ${def.name}: ${e.message}`);
    if (e instanceof PromptFailure) {
      base.log.warn("prompt failed", { prompt: def.name, gitlab_requests: count.n });
      throw new ProtocolError(ProtocolErrorCode.InternalError, `prompt ${def.name} could not gather its data: ${e.message}`);
    }
    throw e;
  }
  base.log.debug("prompt", { prompt: def.name, gitlab_requests: count.n });
  const next = def.next.filter(([id]) => view.routable.byId.has(id)).map(([id, why]) => `- \`${id}\`: ${why}`);
  const text = fitted(def.task(args), sections, notes, next, count.n, base.maxResponseBytes);
  return redactDeep({ description: def.title, messages: [{ role: "user", content: { type: "text", text } }] }) as GetPromptResult;
}

/** Unknown arguments are ignored as MCP allows; a missing required one is -32602 naming it. */
function checkedArgs(def: PromptDef, given: Record<string, string>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const a of def.args) {
    const v = typeof given[a.name] === "string" ? given[a.name].trim() : undefined;
    if (a.required && !v) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `prompt ${def.name}: missing required argument "${a.name}" (${a.description})`);
    out[a.name] = v || undefined;
  }
  return out;
}

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

/**
 * The message text within the response budget (RES-17): when the facts are over it, lines are cut from
 * the end of the longest section first, and a ⚠️ line says how many were left out.
 */
function fitted(task: string, sections: readonly Section[], notes: readonly string[], next: readonly string[], requests: number, budget: number): string {
  const kept = sections.map((s) => [...s.lines]);
  const cut = sections.map(() => 0);
  const render = () => {
    const parts = [task, ""];
    sections.forEach((s, i) => {
      parts.push(`## ${s.title}`);
      if (kept[i].length === 0 && cut[i] === 0) parts.push(s.empty ?? "None.");
      parts.push(...kept[i]);
      if (cut[i] > 0) parts.push(`⚠️ Truncated: ${cut[i]} more line(s) left out to fit the response size budget.`);
      parts.push("");
    });
    if (notes.length > 0) parts.push("## Notes", ...notes.map((n) => `- ${n}`), "");
    parts.push(next.length > 0 ? "## Act next with these canonical actions" : "## Act next", ...(next.length > 0 ? next : ["No follow-up action is available to this session."]));
    parts.push("", `(Gathered with ${requests} GitLab request${requests === 1 ? "" : "s"}.)`);
    return parts.join("\n");
  };
  let text = render();
  while (bytes(text) > budget) {
    let longest = -1;
    kept.forEach((l, i) => (longest < 0 || l.length > kept[longest].length ? (longest = l.length > 0 ? i : longest) : undefined));
    if (longest < 0) break;
    // Cut in proportion to the excess, so a large page is cut in a few passes.
    const over = bytes(text) - budget;
    const per = Math.max(1, bytes(kept[longest].join("\n")) / kept[longest].length);
    const drop = Math.min(kept[longest].length, Math.max(1, Math.ceil(over / per)));
    kept[longest].splice(kept[longest].length - drop, drop);
    cut[longest] += drop;
    text = render();
  }
  return text;
}
