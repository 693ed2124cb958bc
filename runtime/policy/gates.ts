// The gates a valid call passes before it reaches GitLab (SAF-43): the quick-action guard (§4.7), the
// safe-mode preview (§3.3) and the destructive confirmation (§3.4). All of them read the catalog's
// classification and fields, never per-action code.
import type { ActionRecord } from "../catalog/types.js";
import { card, nextStepsSection } from "../markdown/writer.js";

/** A line GitLab would run as a quick action (VAL-13). */
export interface QuickActionLine {
  readonly field: string;
  readonly line: number;
  readonly word: string;
}

/** Finds the first quick-action line in the action's marked parameters, outside fenced code blocks. */
export function findQuickAction(action: ActionRecord, params: Readonly<Record<string, unknown>>): QuickActionLine | undefined {
  for (const field of action.quickActionFields) {
    const value = params[field];
    if (typeof value !== "string") continue;
    let fence: string | undefined;
    const lines = value.replace(/\r\n?/g, "\n").split("\n");
    for (let i = 0; i < lines.length; i++) {
      const open = /^[ \t]*(`{3,}|~{3,})/.exec(lines[i]);
      if (open) {
        if (!fence) fence = open[1];
        else if (open[1][0] === fence[0] && open[1].length >= fence.length && /^[ \t]*[`~]+[ \t]*$/.test(lines[i])) fence = undefined;
        continue;
      }
      if (fence) continue;
      const m = /^[ \t]*\/([A-Za-z][A-Za-z0-9_]*)/.exec(lines[i]);
      if (m) return { field, line: i + 1, word: m[1] };
    }
  }
  return undefined;
}

/** The refusal of VAL-14. */
export function quickActionRefusal(origin: string, q: QuickActionLine): string {
  return (
    `${origin}: params.${q.field} line ${q.line} starts with "/${q.word}", which GitLab would run as a quick action. ` +
    "This server does not send quick actions: rephrase the line or put it in a code block, or ask the operator to set GITLAB_MCP_ALLOW_QUICK_ACTIONS=true."
  );
}

/** SAF-9 hint, wire text. */
export const SAFE_MODE_HINT = "Set GITLAB_MCP_SAFE_MODE=false to execute this operation";

function jsonFence(json: string): string {
  const longest = Math.max(2, ...[...json.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}json\n${json}\n${fence}`;
}

/** The safe-mode preview object (SAF-9) and its card (SAF-10). */
export function safeModePreview(name: string, params: Readonly<Record<string, unknown>>): { structured: Record<string, unknown>; markdown: string } {
  let serialised: unknown = null;
  try {
    serialised = JSON.parse(JSON.stringify(params)) as unknown;
  } catch {
    serialised = null;
  }
  const structured = { status: "blocked", mode: "safe", tool: name, params: serialised, hint: SAFE_MODE_HINT };
  const rows = card(
    `⛔ Safe mode blocked ${name}`,
    { status: "blocked", mode: "safe", tool: name },
    [
      { label: "Status", field: "status", as: "text" },
      { label: "Mode", field: "mode", as: "text" },
      { label: "Tool", field: "tool", as: "code" },
    ],
    [],
  );
  const markdown = `${rows}\n\n**Parameters**:\n\n${jsonFence(JSON.stringify(serialised, null, 2))}${nextStepsSection([SAFE_MODE_HINT])}`;
  return { structured, markdown };
}

/** What stands for a secret param's value wherever params are shown back (previews, prompts, refusals). */
export const SECRET_MASK = "[secret]";

/** The params with every secret value masked: what a preview may show. */
export function withoutSecrets(action: ActionRecord, params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const secret = new Set(action.params.filter((p) => p.secret).map((p) => p.name));
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, secret.has(k) && v !== undefined && v !== null ? SECRET_MASK : v]));
}

/**
 * A plain REST answer with every secret the call sent masked where GitLab echoes it back, the same value
 * under the same name (instance settings answer their keys and tokens in full): a secret given is not
 * shown again. A different value under that name is GitLab's own (a new runner token) and stays; the
 * procedures that answer secrets (secret_once, ci_variable_secret) keep their own rules.
 */
export function withoutEchoedSecrets(action: ActionRecord, answer: Record<string, unknown>, params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const echoed = action.params.filter((p) => p.secret && params[p.name] !== undefined && answer[p.gitlabName] === params[p.name]);
  if (echoed.length === 0) return answer;
  return { ...answer, ...Object.fromEntries(echoed.map((p) => [p.gitlabName, SECRET_MASK])) };
}

/** SAF-16: the elicitation message names the action and its target, from identifying params only. */
export function confirmationMessage(action: ActionRecord, params: Readonly<Record<string, unknown>>): string {
  const target = action.params
    .filter((p) => !p.secret && (p.in === "path" || p.name === "name"))
    .filter((p) => params[p.name] !== undefined && typeof params[p.name] !== "object")
    .map((p) => `${p.name} ${String(params[p.name])}`)
    .join(", ");
  return `Run ${action.id} (${action.title})${target ? ` on ${target}` : ""}? This operation may be irreversible.`;
}

/** SAF-14 step 4, wire text: the fail-closed refusal on meta (`gitlab_<domain>/<action>`) and individual (tool name). */
export function confirmRefusal(call: string): string {
  return `Confirm ${call}? This action may be irreversible. The connected client cannot prompt for confirmation. Re-send with confirm=true only after the user explicitly approves this operation.`;
}

/** What the user answered to a confirmation request. */
export type Confirmation = "accept" | "decline" | "cancel" | "unavailable";
