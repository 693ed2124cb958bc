// completion/complete (RPC-12, RPC-13): the values under the cursor for a prompt argument or a resource
// template variable, read live from GitLab through one catalog list action (so every policy applies),
// at most one request and ten values per call, never cached, charged to its own rate bucket (RES-15).
// Any failure answers an empty list: a completion is a convenience, never an error the user must read.
import { ProtocolError, type CompleteResult } from "@modelcontextprotocol/server";
import { executeAction, type CallFrame } from "../execute.js";
import type { Feature, SessionContext } from "../features.js";
import type { SessionView } from "../policy/view.js";
import { RATE_LIMITED, rateLimitText } from "../ratelimit.js";
import { DETAIL_TEMPLATE } from "../resources/catalog.js";
import { TEMPLATES } from "../resources/table.js";
import { COMPLETERS, MAX_VALUES, type Given, type Query } from "./completers.js";

type Completion = CompleteResult["completion"];
const NONE: Completion = { values: [], total: 0, hasMore: false };

/** The templates whose variables complete: the data templates (full surface) and gitlab://tools/{id}. */
const TEMPLATE_URIS = new Set(TEMPLATES.map((t) => t.uri));

export const completions: Feature = {
  capabilities: () => ({ completions: {} }),
  install(server, session) {
    const full = session.config.capabilitySurface !== "minimal";
    server.setRequestHandler("completion/complete", async (request, extra) => {
      if (!(await session.allowed("complete", "completion/complete"))) throw new ProtocolError(RATE_LIMITED, rateLimitText("completion/complete"));
      const { ref, argument, context } = request.params;
      try {
        const { view } = await session.surfaceNow();
        if (ref.type === "ref/resource" && ref.uri === DETAIL_TEMPLATE) return { completion: argument.name === "id" ? catalogIds(view, argument.value) : NONE };
        // RPC-1: the minimal capability surface completes gitlab://tools/{id} only.
        if (!full || (ref.type === "ref/resource" && !TEMPLATE_URIS.has(ref.uri))) return { completion: NONE };
        return { completion: await complete(argument.name, argument.value, context?.arguments ?? {}, session, view, extra.mcpReq.signal) };
      } catch (e) {
        session.log.debug("completion answered empty", { argument: argument.name, error: e instanceof Error ? e.message : String(e) });
        return { completion: NONE };
      }
    });
  },
};

/** Routable canonical IDs: those starting with the value first, then those containing it (no request). */
function catalogIds(view: SessionView, value: string): Completion {
  const v = value.trim().toLowerCase();
  const ids = view.routable.actions.map((a) => a.id);
  const matches = [...ids.filter((id) => id.startsWith(v)), ...ids.filter((id) => !id.startsWith(v) && id.includes(v))];
  return { values: matches.slice(0, MAX_VALUES), total: matches.length, hasMore: matches.length > MAX_VALUES };
}

const FRAME: CallFrame = { origin: "completion/complete", openAliases: false, confirm: false, destructiveRefusal: "", mayElicit: false, previewName: "completion/complete", previewIsError: true };

async function complete(name: string, value: string, given: Given, session: SessionContext, view: SessionView, signal: AbortSignal): Promise<Completion> {
  const answer = COMPLETERS[name]?.(value, given);
  if (!answer) return NONE;
  if (!("action" in answer)) {
    const values = answer.filter((v) => v.startsWith(value));
    return { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES };
  }
  return runQuery(answer as Query, session, view, signal);
}

/** One list action, its items read into values; X-Total gives the total when GitLab did the filtering. */
async function runQuery(query: Query, session: SessionContext, view: SessionView, signal: AbortSignal): Promise<Completion> {
  const action = view.full.byId.get(query.action);
  if (!action || view.withheld.has(action.id)) return NONE;
  // Only the parameters the action takes, and only those with a value.
  const params = Object.fromEntries(Object.entries(query.params).filter(([k, v]) => v !== undefined && action.params.some((p) => p.name === k)));
  const outcome = await executeAction(action, params, FRAME, { ...session.execContext(view, signal), embeddedResources: false });
  if (outcome.kind !== "success") return NONE;
  const items = (outcome.structured[action.output.key!] ?? []) as Record<string, unknown>[];
  const picked = items.map(query.pick).filter((v) => typeof v === "string" || typeof v === "number").map(String);
  const values = query.keep ? picked.filter(query.keep) : picked;
  const page = (outcome.structured.pagination ?? {}) as { total_items?: number; has_more?: boolean };
  // Filtered here: the count is exact only when the page GitLab sent was the last.
  if (query.keep) return { values: values.slice(0, MAX_VALUES), ...(page.has_more === true ? {} : { total: values.length }), hasMore: values.length > MAX_VALUES || page.has_more === true };
  const total = typeof page.total_items === "number" && page.total_items >= values.length && page.total_items > 0 ? page.total_items : undefined;
  return {
    values: values.slice(0, MAX_VALUES),
    ...(total !== undefined ? { total } : values.length === 0 ? { total: 0 } : {}),
    hasMore: values.length > MAX_VALUES || page.has_more === true || (total ?? 0) > Math.min(values.length, MAX_VALUES),
  };
}
