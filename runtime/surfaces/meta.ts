// The meta surface (§2.3): one tool per domain, `gitlab_<domain>` with {action, params}, dispatching to
// the same executeAction as every other surface. Listing uses the opaque params schema (META-3).
import type { Tool } from "@modelcontextprotocol/server";
import { envelopeOutputSchema, inputSchemas } from "../../generated/index.js";
import { metaToolName } from "../catalog/index.js";
import type { SessionView } from "../policy/view.js";
import type { ActionRecord } from "../catalog/types.js";
import { executeAction } from "../execute.js";
import { confirmRefusal } from "../policy/gates.js";
import { carriesWebLink } from "../links.js";
import type { Outcome } from "../result.js";
import { applyPreset, combinedHints, exampleParams, withheldOutcome, type MetaParamSchema, type Surface } from "./types.js";

type Schema = { type?: unknown; enum?: unknown; items?: unknown; properties?: Record<string, Schema>; required?: string[] };

const CONFIRM = { type: "boolean", description: "True to run this destructive action, only after the user explicitly approved it." };

/**
 * The params schema of a meta tool (META-3). opaque: an open object. compact: one open alternative per
 * action naming its properties with type and enum. full: each action's complete, closed schema. The
 * combinators sit under params so the root stays a plain object (CMP-14).
 */
export function paramsSchema(list: readonly ActionRecord[], mode: MetaParamSchema): Record<string, unknown> {
  const base = { type: "object" };
  if (mode === "opaque") return { ...base, properties: {}, additionalProperties: true };
  return {
    ...base,
    anyOf: list.map((a) => {
      const schema = inputSchemas[a.id] as Schema;
      const props: Record<string, Schema> = { ...(schema.properties ?? {}), ...(a.classification === "destructive" ? { confirm: CONFIRM } : {}) };
      if (mode === "full") return { title: a.action, ...schema, properties: props };
      // Arrays keep their items: every listed array must say what it holds (CMP-14).
      const compact = Object.fromEntries(Object.entries(props).map(([k, p]) => [k, { type: p.type, ...(p.enum ? { enum: p.enum } : {}), ...(p.items ? { items: p.items } : {}), ...(p.properties ? { properties: p.properties } : {}) }]));
      return { title: a.action, type: "object", properties: compact, additionalProperties: true };
    }),
  };
}

/** How a canonical ID maps to a call on this surface (SUR-4). */
export const META_INSTRUCTIONS =
  "This server exposes GitLab with one tool per domain. Next steps in results name actions by canonical ID (domain.action): " +
  "call gitlab_<domain> with action set to the part after the dot and the parameters in params. " +
  "A destructive action also needs params.confirm set to true, only after the user explicitly approved it.";

/** The meta surface over a session view. */
export function metaSurface(view: SessionView, mode: MetaParamSchema): Surface {
  const catalog = view.routable;
  const byDomain = new Map<string, ActionRecord[]>();
  for (const a of catalog.actions) byDomain.set(a.domain, [...(byDomain.get(a.domain) ?? []), a]);
  const tools: Tool[] = catalog.domains
    .filter((d) => byDomain.has(d.name))
    .map((d) => {
      const list = byDomain.get(d.name)!.slice().sort((x, y) => (x.action < y.action ? -1 : 1));
      const first = list[0];
      // Placeholders are "..." here (the parameter names say what goes there): paid once per domain.
      const example = JSON.stringify({ action: first.action, params: Object.fromEntries(Object.keys(exampleParams(first)).map((p) => [p, "..."])) });
      const destructive = list.filter((a) => a.classification === "destructive").map((a) => a.action);
      return {
        name: metaToolName(d.name),
        title: `GitLab ${d.title}`,
        // The action enum already names every action: the description adds only what the enum cannot say,
        // so a domain of a hundred actions costs its names once, and the envelope around them is as short
        // as it can be (41 domains at the full catalog: meta tools/list ≤ 64 KiB, issues 5 and 10).
        description:
          `Example: ${example}\n${d.description} Params: gitlab://tools/${d.name}.<action>.` +
          (destructive.length > 0 ? ` Destructive (params.confirm: true after user approval): ${destructive.join(", ")}.` : ""),
        inputSchema: {
          type: "object",
          properties: {
            action: { type: "string", enum: list.map((a) => a.action) },
            params: paramsSchema(list, mode) as NonNullable<Tool["inputSchema"]["properties"]>[string],
          },
          required: ["action"],
          additionalProperties: false,
        },
        outputSchema: envelopeOutputSchema as Tool["outputSchema"],
        // The tool's own title names it; annotations carry only the hints (META-2), once per domain.
        annotations: combinedHints(list),
      };
    });
  const names = new Set(tools.map((t) => t.name));
  return {
    name: "meta",
    tools,
    instructions: META_INSTRUCTIONS,
    call(name, args, ctx) {
      if (!names.has(name)) {
        // A domain whose every action is withheld has no tool, yet its actions are withheld, not unknown (SAF-42).
        const hidden = typeof args.action === "string" ? view.full.byId.get(`${name.slice("gitlab_".length)}.${args.action.trim().toLowerCase()}`) : undefined;
        const withheld = hidden && withheldOutcome(view, hidden, "", ctx);
        return withheld ? Promise.resolve(withheld) : undefined;
      }
      return call(view, mode, name, byDomain.get(name.slice("gitlab_".length))!, args, ctx);
    },
  };
}

async function call(view: SessionView, mode: MetaParamSchema, tool: string, list: readonly ActionRecord[], args: Record<string, unknown>, ctx: Parameters<Surface["call"]>[2]): Promise<Outcome> {
  const valid = list.map((a) => a.action).join(", ");
  const refusal = (text: string): Outcome => ({ kind: "refusal", text });
  if (typeof args.action !== "string" || args.action.trim() === "") return refusal(`${tool}: 'action' is required. Valid actions: ${valid}`);
  const verb = args.action.trim().toLowerCase();
  // A lifecycle alias of this domain (gitlab_issue with action close) runs its action with the fixed params.
  const lifecycle = list.find((a) => a.action === verb) ? undefined : view.routable.lifecycle.get(`${tool.slice("gitlab_".length)}.${verb}`);
  const preset = lifecycle && { alias: `${tool.slice("gitlab_".length)}.${verb}`, params: lifecycle.params };
  const hidden = view.full.byId.get(`${tool.slice("gitlab_".length)}.${verb}`);
  // A read the grant may reach through a public project runs though it is not listed (SAF-34).
  const action = lifecycle?.action ?? list.find((a) => a.action === verb || a.id === verb) ?? (hidden && view.unlisted.has(hidden.id) ? hidden : undefined);
  if (!action) {
    // An action of this domain that the session may not route is withheld, not unknown (SAF-5).
    return (hidden && withheldOutcome(view, hidden, "", ctx)) || refusal(`${tool}: unknown action "${args.action.length > 80 ? `${args.action.slice(0, 77)}...` : args.action}". Valid actions: ${valid}`);
  }
  const origin = `${tool}/${action.action}`;
  const hasParams = args.params !== undefined && args.params !== null;
  const topLevel = Object.keys(args).filter((k) => k !== "action" && k !== "params");
  if (!hasParams && action.requiredParams.length > 0 && topLevel.length === 0) {
    return refusal(`${origin}: 'params' is required for this action. Required params: ${action.requiredParams.join(", ")}.`);
  }
  if (topLevel.length > 0) {
    return refusal(`${origin}: invalid params. Unknown params: ${topLevel.join(", ")}. Valid params: ${action.params.map((p) => p.name).sort().join(", ")}. Put action-specific fields under params.`);
  }
  if (hasParams && (typeof args.params !== "object" || Array.isArray(args.params))) return refusal(`${origin}: invalid params. params must be an object.`);
  const params = { ...((args.params as Record<string, unknown> | undefined) ?? {}) };
  // confirm is a reserved key inside params, removed before validation (META-5).
  const confirm = params.confirm === true;
  delete params.confirm;
  const fixed = applyPreset(params, preset, origin);
  if ("refusal" in fixed) return refusal(fixed.refusal);
  Object.assign(params, fixed.params);
  const missing = action.requiredParams.filter((p) => params[p] === undefined && !action.params.find((r) => r.name === p)?.aliases.some((a) => params[a] !== undefined));
  const onlyMissing = missing.length > 0 && !carriesWebLink(action, params) && Object.keys(params).every((k) => action.params.some((p) => p.name === k || p.aliases.includes(k)));
  if (onlyMissing) return refusal(`${origin}: missing required params: ${missing.join(", ")}. Put action-specific fields under params.`);
  return executeAction(action, params, {
    origin,
    // project_path and other aliases are accepted only where the listed schema is open (CAT-24).
    openAliases: mode !== "full",
    confirm,
    destructiveRefusal: confirmRefusal(origin),
    mayElicit: true,
    previewName: action.id,
    previewIsError: false,
  }, ctx);
}
