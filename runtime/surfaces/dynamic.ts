// The dynamic surface (§2.2): two tools over the whole routable catalog. gitlab_find_action searches
// it without touching GitLab; gitlab_execute_action runs an action by canonical ID through executeAction.
import type { Tool } from "@modelcontextprotocol/server";
import { envelopeOutputSchema, inputSchemas } from "../../generated/index.js";
import { actionCode, outputSchemaForTier, resolveAction, type Catalog } from "../catalog/index.js";
import type { Tier } from "../catalog/types.js";
import type { Logger } from "../log.js";
import type { SessionView } from "../policy/view.js";
import { executeAction } from "../execute.js";
import { closestDomains, findActions, lowConfidence, parameterGuidance, suggestions } from "../finder.js";
import { code, escapeText } from "../markdown/escape.js";
import { cellsTable } from "../markdown/writer.js";
import type { Outcome } from "../result.js";
import { distance } from "../validate.js";
import { applyPreset, combinedHints, exampleParams, withheldOutcome, type Surface } from "./types.js";

const FIND = "gitlab_find_action";
const EXEC = "gitlab_execute_action";

/** How a canonical ID maps to a call on this surface (SUR-4). */
export const DYNAMIC_INSTRUCTIONS =
  `This server exposes GitLab through two tools. Use ${FIND} to find the canonical action ID for a task, then run it with ` +
  `${EXEC}, passing the ID as action and its parameters in params. Next steps in results name actions by canonical ID: pass them as action.`;

/** The dynamic surface over a session view. */
export function dynamicSurface(view: SessionView): Surface {
  const catalog = view.routable;
  const hints = combinedHints(catalog.actions);
  const tools: Tool[] = [
    {
      name: FIND,
      title: "GitLab Find Action",
      description:
        "Find the GitLab action for a task, in plain words (for example: list branches, delete a branch, protected branches). " +
        "English with GitLab's own terms (merge request, pipeline, protected branch) works best. Other languages are understood too. " +
        "Returns canonical action IDs with their input and output schemas. Sends nothing to GitLab.",
      inputSchema: {
        type: "object",
        properties: {
          query: { type: "string", maxLength: 256, description: "What you want to do, in a few words." },
          limit: { type: "integer", minimum: 1, description: "Results to return (default 20, at most 50)." },
          explain: { type: "boolean", description: "Add the scoring reasons to each result." },
        },
        required: ["query"],
        additionalProperties: false,
      },
      annotations: { title: "GitLab Find Action", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    {
      name: EXEC,
      title: "GitLab Execute Action",
      description:
        "Run one GitLab action by canonical ID (domain.action, as gitlab_find_action returns it). Put the action's parameters in params. " +
        "A destructive action also needs confirm set to true, only after the user explicitly approved it.",
      inputSchema: {
        type: "object",
        properties: {
          action: { type: "string", description: "Canonical action ID such as branch.list.", "x-mcp-header": "Action" },
          params: { type: "object", properties: {}, additionalProperties: true, description: "The action's parameters ({} when it has none)." },
          confirm: { type: "boolean", description: "True to run a destructive action the user explicitly approved." },
        },
        required: ["action", "params"],
        additionalProperties: false,
      },
      outputSchema: envelopeOutputSchema as Tool["outputSchema"],
      annotations: { title: "GitLab Execute Action", ...hints, destructiveHint: !hints.readOnlyHint, idempotentHint: hints.readOnlyHint },
    },
  ];
  return {
    name: "dynamic",
    tools,
    instructions: DYNAMIC_INSTRUCTIONS,
    call(name, args, ctx) {
      if (name === FIND) return find(catalog, args, ctx.log, view.credential.tier);
      if (name === EXEC) return execute(view, args, ctx);
      return undefined;
    },
  };
}

/** The longest a tool name may be (CAT-29), so longer than any canonical ID or alias: refused before any suggestion work. */
export const MAX_ACTION_NAME = 64;

function refusal(text: string): Outcome {
  return { kind: "refusal", text };
}

async function execute(view: SessionView, args: Record<string, unknown>, ctx: Parameters<Surface["call"]>[2]): Promise<Outcome> {
  const catalog = view.routable;
  const name = typeof args.action === "string" ? args.action.trim() : "";
  if (!name) return refusal(`${EXEC}: action is required. Use the registered discovery tool for this surface to find a canonical action ID.`);
  if (name.length > MAX_ACTION_NAME) return refusal(`${EXEC}: action must be a canonical action ID such as branch.list (at most ${MAX_ACTION_NAME} characters, got ${name.length}). Use the registered discovery tool for this surface to find one.`);
  // Resolve against the whole catalog: a withheld action is answered as withheld, never as unknown.
  const { action, ambiguous, preset } = resolveAction(view.full, name);
  if (ambiguous) return refusal(`${EXEC}: action alias "${name}" is ambiguous. Use one canonical action ID explicitly: ${ambiguous.map((a) => `\`${a.id}\``).join(", ")}.`);
  if (!action) {
    const near = await suggestActions(catalog, name);
    return refusal(
      near.length > 0
        ? `${EXEC}: unknown action "${name}". Did you mean ${near.map((id) => `\`${id}\``).join(", ")}? Use canonical action IDs with ${EXEC}.`
        : `${EXEC}: unknown action "${name}". Use the registered discovery tool for this surface to find canonical action IDs.`,
    );
  }
  const withheld = withheldOutcome(view, action, `${EXEC}: `, ctx);
  if (withheld) return withheld;
  const unexpected = Object.keys(args).filter((k) => !["action", "params", "confirm"].includes(k));
  if (unexpected.length > 0) return refusal(`${EXEC}: unknown arguments ${unexpected.join(", ")}. Put action-specific fields under params.`);
  const params = args.params && typeof args.params === "object" && !Array.isArray(args.params) ? { ...(args.params as Record<string, unknown>) } : {};
  // A confirm inside params counts as the top-level confirm (DYN-15 step 4).
  const innerConfirm = params.confirm === true;
  if ("confirm" in params) {
    if (innerConfirm) ctx.log.warn("confirm sent inside params; treated as the top-level confirm", { action: action.id });
    delete params.confirm;
  }
  const fixed = applyPreset(params, preset, `${EXEC}/${preset?.alias ?? action.id}`);
  if ("refusal" in fixed) return refusal(fixed.refusal);
  return executeAction(action, fixed.params, {
    origin: `${EXEC}/${action.id}`,
    openAliases: true,
    confirm: args.confirm === true || innerConfirm,
    withheldPrefix: `${EXEC}: `,
    destructiveRefusal: `${EXEC}: action "${action.id}" is destructive. Re-send with confirm=true only after the user explicitly approves this operation.`,
    mayElicit: false,
    previewName: action.id,
    previewIsError: false,
  }, ctx);
}

/** Up to five canonical IDs near a mistyped name, by finder score then edit distance. */
export async function suggestActions(catalog: Catalog, name: string): Promise<string[]> {
  // Only confident finder matches are offered, so a lone domain word does not list the whole domain.
  const byFinder = (await findActions(name, catalog.actions)).hits
    .filter((h) => h.score >= 80)
    .map((h) => h.action.id);
  const byDistance = catalog.actions
    .map((a) => ({ id: a.id, d: distance(name.toLowerCase(), a.id, 3) }))
    .filter((x) => x.d <= 3)
    .sort((x, y) => x.d - y.d || (x.id < y.id ? -1 : 1))
    .map((x) => x.id);
  return [...new Set([...byDistance, ...byFinder])].slice(0, 5);
}

async function find(catalog: Catalog, args: Record<string, unknown>, log: Logger, tier?: Tier): Promise<Outcome> {
  const unknown = Object.keys(args).filter((k) => !["query", "limit", "explain"].includes(k));
  if (unknown.length > 0) return refusal(`${FIND}: invalid params. Unknown params: ${unknown.join(", ")}. Valid params: explain, limit, query.`);
  const query = typeof args.query === "string" ? args.query : "";
  if (query.trim() === "") return refusal(`${FIND}: query is required. Try terms like project create, merge request approve, pipeline retry, or ci variable.`);
  const length = [...query].length;
  if (length > 256) return refusal(`${FIND}: query is too long (${length} characters, limit 256). Search for one thing at a time, for example "delete a branch".`);
  if (args.limit !== undefined && (!Number.isInteger(args.limit) || (args.limit as number) < 1)) return refusal(`${FIND}: invalid params. Invalid values: limit must be an integer >= 1 (got ${JSON.stringify(args.limit)}).`);
  if (args.explain !== undefined && typeof args.explain !== "boolean") return refusal(`${FIND}: invalid params. Invalid values: explain must be of type boolean (got ${JSON.stringify(args.explain)}).`);
  const limit = Math.min((args.limit as number | undefined) ?? 20, 50);
  const { hits: all, terms } = await findActions(query, catalog.actions);
  const hits = all.slice(0, limit);
  const weakTop = lowConfidence(all);
  const codes = await Promise.all(hits.map((h) => actionCode(h.action, log)));
  const results = hits.map((h, i) => {
    const a = h.action;
    const { format, outputSchema } = codes[i];
    const input = inputSchemas[a.id] as { properties?: Record<string, { enum?: unknown[] }> };
    const low = i === 0 ? weakTop : h.score < 80;
    return {
      id: a.id,
      tool: `gitlab_${a.domain}`,
      domain: a.domain,
      action: a.action,
      schema_uri: `gitlab://tools/${a.id}`,
      destructive: a.classification === "destructive",
      required_params: a.requiredParams,
      usage: `${a.title} (${a.classification}${a.classification === "destructive" ? ", needs confirm after the user approves" : ""}).`,
      related_actions: format.nextSteps.flatMap((s) => (s.action && catalog.byId.has(s.action) ? [s.action] : [])),
      parameter_guidance: parameterGuidance(a, input),
      score: h.score,
      low_confidence: low,
      ambiguous_with: terms.flatMap((t) => (catalog.aliases.get(t)?.length ?? 0) > 1 ? catalog.aliases.get(t)!.map((x) => x.id).filter((id) => id !== a.id) : []),
      input_schema: inputSchemas[a.id],
      output_schema: outputSchemaForTier(a, outputSchema, tier),
      example: { tool: EXEC, arguments: { action: a.id, params: exampleParams(a), ...(a.classification === "destructive" ? { confirm: true } : {}) } },
      ...(args.explain === true
        ? {
            explanation: {
              total_score: h.score,
              matched_terms: h.matched,
              required_terms: terms,
              low_confidence: low,
              margin_to_next: hits[i + 1] ? h.score - hits[i + 1].score : h.score,
              reasons: h.reasons,
            },
          }
        : {}),
    };
  });
  const lines = [`## GitLab Action Finder`, "", `Query: ${escapeText(query)}`, ""];
  const structured: Record<string, unknown> = { query, count: results.length, results };
  if (results.length === 0) {
    const near = suggestions(query, catalog.actions);
    lines.push("No matching action. Try broader terms such as project, issue, merge request, pipeline, branch or user.");
    if (near.length > 0) lines.push("", `Suggestions: ${near.map(escapeText).join(", ")}`);
    structured.suggestions = near;
  } else {
    lines.push(
      cellsTable(
        ["Action ID", "Score", "Destructive", "Required Params"],
        results.map((r) => [code(r.id), String(r.score), r.destructive ? "yes" : "no", escapeText(r.required_params.join(", ") || "none")]),
      ),
    );
    if (weakTop) {
      // A weak best match says so, with where to look next (issue 24).
      const near = closestDomains(all, catalog.domains);
      structured.closest_domains = near.map((d) => ({ domain: d.name, title: d.title, overview: d.description }));
      lines.push("", "Low confidence: no action matches this request well. Rephrase it with GitLab's terms, or look at these domains:");
      lines.push(...near.map((d) => `- ${code(d.name)} (${escapeText(d.title)}): ${escapeText(d.description)}`));
    }
    lines.push("", `Run one with ${EXEC}: required parameters go inside params, and confirm is a top-level argument used only for destructive actions.`);
    const guidance = Object.entries(results[0].parameter_guidance).slice(0, 2);
    if (guidance.length > 0) lines.push("", ...guidance.map(([name, advice]) => `- ${code(name)}: ${escapeText(advice)}`));
  }
  return { kind: "success", contentKind: "detail", markdown: lines.join("\n"), structured };
}
