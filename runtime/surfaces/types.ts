// What every surface provides to the server: its tools and how to answer a call to one of them.
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import type { ActionRecord } from "../catalog/types.js";
import type { SessionView } from "../policy/view.js";
import { refusalClass, withheldSentence } from "../policy/view.js";
import type { ExecContext } from "../context.js";
import type { Outcome } from "../result.js";

/** A projection of the catalog onto MCP tools (SUR-2). */
export interface Surface {
  readonly name: "dynamic" | "meta" | "individual";
  /** Every tool of the surface, in one page (SUR-3). */
  readonly tools: readonly Tool[];
  /** How a canonical ID maps to a call on this surface, for the initialize instructions (SUR-4). */
  readonly instructions: string;
  /** Answers a call; undefined when the tool name is not registered (IND-3). */
  call(name: string, args: Record<string, unknown>, ctx: ExecContext): Promise<Outcome | CallToolResult> | undefined;
}

/** How the meta surface lists params (META-3); the other surfaces ignore it. */
export type MetaParamSchema = "opaque" | "compact" | "full";

/** Builds a surface over the session's view: it lists the routable catalog and knows the withheld rest. */
export type SurfaceFactory = (view: SessionView, metaParamSchema: MetaParamSchema) => Surface;

/** The withheld answer for an action of the catalog this session may not route (SAF-42), or undefined. */
export function withheldOutcome(view: SessionView, action: ActionRecord, prefix: string, ctx: ExecContext): Outcome | undefined {
  const w = view.withheld.get(action.id);
  if (!w) return undefined;
  ctx.log.info("call refused", { action: action.id, refusal_class: refusalClass(w) });
  return { kind: "refusal", text: `${prefix}${withheldSentence(action, w, view.credential)}` };
}

/** MCP tool hints of one action, from its classification only (CAT-9). */
export function actionHints(a: ActionRecord) {
  const read = a.classification === "read";
  return { readOnlyHint: read, destructiveHint: a.classification === "destructive", idempotentHint: read || a.idempotent, openWorldHint: true };
}

/** The most careful combination of hints over several actions (META-2, DYN-12, CAT-10). */
export function combinedHints(list: readonly ActionRecord[]) {
  return {
    readOnlyHint: list.every((a) => a.classification === "read"),
    destructiveHint: list.some((a) => a.classification === "destructive"),
    idempotentHint: list.every((a) => a.classification === "read" || a.idempotent),
    openWorldHint: true,
  };
}

/** Placeholder values for an example call: `<project_id>` for each required param. */
export function exampleParams(a: ActionRecord): Record<string, string> {
  return Object.fromEntries(a.requiredParams.map((p) => [p, `<${p}>`]));
}

/**
 * Fixes the parameters of a lifecycle alias (CAT-23): issue.close sends state_event close. An explicit
 * value that contradicts the alias is refused as invalid input, before anything reaches GitLab.
 */
export function applyPreset(
  params: Record<string, unknown>,
  preset: { alias: string; params: Readonly<Record<string, string | number | boolean>> } | undefined,
  origin: string,
): { params: Record<string, unknown> } | { refusal: string } {
  if (!preset) return { params };
  const clashes = Object.entries(preset.params).filter(([k, v]) => params[k] !== undefined && params[k] !== null && params[k] !== v);
  if (clashes.length > 0) {
    const detail = clashes.map(([k, v]) => `${k} must be ${JSON.stringify(v)} for ${preset.alias} (got ${JSON.stringify(params[k])})`).join(", ");
    return { refusal: `${origin}: invalid params. Invalid values: ${detail}.` };
  }
  return { params: { ...params, ...preset.params } };
}
