// gitlab://tools and gitlab://tools/{id} (MAN-1..MAN-5): the action catalog as the session sees it, with
// the exact call shape for the active surface, on every surface.
import { ResourceNotFoundError, type Resource, type ResourceTemplateType } from "@modelcontextprotocol/server";
import { inputSchemas } from "../../generated/index.js";
import { actionCode, outputSchemaForTier, individualToolName, metaToolName, resolveAction } from "../catalog/index.js";
import type { ActionRecord } from "../catalog/types.js";
import type { ToolSurface } from "../config.js";
import type { Logger } from "../log.js";
import { refusalClass, withheldSentence, type SessionView } from "../policy/view.js";
import { permissionWords } from "../policy/fineGrained.js";
import { FINE_GRAINED_RELEASE } from "../../generated/index.js";
import type { Surface } from "../surfaces/types.js";
import { exampleParams } from "../surfaces/types.js";

export const CATALOG_URI = "gitlab://tools";
export const DETAIL_TEMPLATE = "gitlab://tools/{id}";

/** resources/list: the catalog resource. */
export const catalogResource: Resource = {
  uri: CATALOG_URI,
  name: "tools",
  title: "GitLab action catalog",
  description: "Every action this session can run, with how to call it on the active tool surface.",
  mimeType: "application/json",
};

/** resources/templates/list: one action's call shape and schemas. */
export const detailTemplate: ResourceTemplateType = {
  uriTemplate: DETAIL_TEMPLATE,
  name: "tool",
  title: "GitLab action",
  description: "One action by canonical ID (such as branch.get): the call shape, input and output schemas, classification.",
  mimeType: "application/json",
};

const entryId = (surface: ToolSurface, a: ActionRecord) =>
  surface === "dynamic" ? a.id : surface === "meta" ? `${metaToolName(a.domain)}.${a.action}` : individualToolName(a);
const kind = { dynamic: "dynamic_action", meta: "meta_action", individual: "individual_tool" } as const;
const toolOf = (surface: ToolSurface, a: ActionRecord) =>
  surface === "dynamic" ? "gitlab_execute_action" : surface === "meta" ? metaToolName(a.domain) : individualToolName(a);
const requiredParams = (a: ActionRecord) => a.requiredParams.map((name) => ({ name, type: a.params.find((p) => p.name === name)!.type === "id" ? "integer|string" : a.params.find((p) => p.name === name)!.type }));

/** MAN-2. */
export function catalogDocument(surface: ToolSurface, view: SessionView, tools: Surface["tools"]): Record<string, unknown> {
  const entries = view.routable.actions.map((a) => ({
    id: entryId(surface, a),
    kind: kind[surface],
    tool: toolOf(surface, a),
    action: a.action,
    domain: a.domain,
    detail_uri: `gitlab://tools/${entryId(surface, a)}`,
    title: a.title,
    description: a.description,
    destructive: a.classification === "destructive",
    read_only: a.classification === "read",
    required_params: requiredParams(a),
  }));
  return {
    surface,
    uri_template: DETAIL_TEMPLATE,
    visible_tool_count: tools.length,
    entry_count: entries.length,
    visible_tools: tools.map((t) => ({
      name: t.name,
      title: t.title ?? t.name,
      detail_uri: view.routable.byToolName.has(t.name) ? `gitlab://tools/${t.name}` : CATALOG_URI,
      read_only: t.annotations?.readOnlyHint === true,
      destructive: t.annotations?.destructiveHint === true,
    })),
    entries,
  };
}

/** Finds an action by canonical ID or by the surface's own entry ID. */
function lookup(surface: ToolSurface, view: SessionView, id: string): ActionRecord | undefined {
  const byId = resolveAction(view.full, id).action;
  if (byId) return byId;
  return view.full.actions.find((a) => entryId(surface, a) === id);
}

/** MAN-3 and MAN-4; MAN-5 answers resource-not-found. */
export async function detailDocument(surface: ToolSurface, view: SessionView, uri: string, log?: Logger): Promise<Record<string, unknown>> {
  const id = decodeURIComponent(uri.slice(`${CATALOG_URI}/`.length));
  const action = id && !id.includes("/") ? lookup(surface, view, id) : undefined;
  if (!action) throw new ResourceNotFoundError(uri);
  const destructive = action.classification === "destructive";
  const params = exampleParams(action);
  const call =
    surface === "dynamic"
      ? { tool: "gitlab_execute_action", params_in: "arguments.params", ...(destructive ? { confirm_in: "arguments.confirm" } : {}), example: { action: action.id, params, ...(destructive ? { confirm: true } : {}) } }
      : surface === "meta"
        ? { tool: metaToolName(action.domain), params_in: "arguments.params", ...(destructive ? { confirm_in: "arguments.params.confirm" } : {}), example: { action: action.action, params: { ...params, ...(destructive ? { confirm: true } : {}) } } }
        : { tool: individualToolName(action), params_in: "arguments", ...(destructive ? { confirm_in: "arguments.confirm" } : {}), example: { ...params, ...(destructive ? { confirm: true } : {}) } };
  const reason = view.withheld.get(action.id);
  return {
    id: entryId(surface, action),
    canonical_id: action.id,
    surface,
    call,
    input_schema: inputSchemas[action.id],
    output_schema: outputSchemaForTier(action, (await actionCode(action, log)).outputSchema, view.credential.tier),
    read_only: action.classification === "read",
    destructive,
    idempotent: action.idempotent,
    required_params: requiredParams(action),
    fine_grained: fineGrainedDoc(action),
    ...(reason
      ? { withheld: { reason: refusalClass(reason), message: `${surface === "dynamic" ? "gitlab_execute_action: " : ""}${withheldSentence(action, reason, view.credential)}` } }
      : {}),
  };
}

/** What a fine-grained token needs for an action, as recorded for GitLab's release (SAF-33). */
function fineGrainedDoc(action: ActionRecord): Record<string, unknown> {
  const fg = action.fineGrained;
  if (fg.reach === "none") return { recorded: true, release: FINE_GRAINED_RELEASE, reachable: false, why: fg.why };
  return {
    recorded: true,
    release: FINE_GRAINED_RELEASE,
    reachable: true,
    permissions: fg.needs.map((n) => ({ permission: n.permission, name: permissionWords(n.permission), boundaries: n.boundaries })),
  };
}
