// Lookups over the generated catalog, built once per process. Tool names map back to actions by table,
// never by splitting the string, because domains contain underscores (CAT-28).
import { actions, domainCode, domains } from "../../generated/index.js";
import type { Logger } from "../log.js";
import type { ActionCode, ActionRecord, DomainCode, DomainRecord, JsonSchema, Tier } from "./types.js";

/** Read-only views of the catalog. */
export interface Catalog {
  readonly actions: readonly ActionRecord[];
  readonly domains: readonly DomainRecord[];
  readonly byId: ReadonlyMap<string, ActionRecord>;
  /** Action aliases (`old.id` → action), each claimed by one or more actions (CAT-21, CAT-22). */
  readonly aliases: ReadonlyMap<string, readonly ActionRecord[]>;
  /** Individual tool name → action. */
  readonly byToolName: ReadonlyMap<string, ActionRecord>;
  /** Lifecycle aliases (issue.close) → the action they run and the parameters they fix (CAT-23). */
  readonly lifecycle: ReadonlyMap<string, { readonly action: ActionRecord; readonly params: Readonly<Record<string, string | number | boolean>> }>;
}

/** The individual tool name of an action (CAT-27). */
export const individualToolName = (a: ActionRecord) => `gitlab_${a.domain}_${a.action}`;

/** The meta tool name of a domain (CAT-27). */
export const metaToolName = (domain: string) => `gitlab_${domain}`;

/** Builds the lookups over a list of actions (the full catalog, or a test's subset). */
export function catalogOf(list: readonly ActionRecord[], domainList: readonly DomainRecord[]): Catalog {
  const aliases = new Map<string, ActionRecord[]>();
  for (const a of list) for (const alias of a.aliases) aliases.set(alias, [...(aliases.get(alias) ?? []), a]);
  return {
    actions: list,
    domains: domainList,
    byId: new Map(list.map((a) => [a.id, a])),
    aliases,
    byToolName: new Map(list.map((a) => [individualToolName(a), a])),
    lifecycle: new Map(list.flatMap((a) => (a.lifecycleAliases ?? []).map((l) => [l.alias, { action: a, params: l.params }] as const))),
  };
}

/** Domain modules loaded so far: at most one entry per domain, kept for the life of the process. */
const loaded = new Map<string, Promise<DomainCode>>();

/**
 * An action's validator, formatter and output schema. They live in one generated module per domain,
 * loaded the first time the domain is used, so start-up evaluates only what listing tools needs.
 */
export async function actionCode(action: ActionRecord, log?: Logger): Promise<ActionCode> {
  let code = loaded.get(action.domain);
  if (!code) {
    const started = performance.now();
    code = domainCode[action.domain]();
    loaded.set(action.domain, code);
    code.then(
      () => log?.debug("domain code loaded", { domain: action.domain, ms: Math.round((performance.now() - started) * 10) / 10 }),
      () => loaded.delete(action.domain),
    );
  }
  const m = await code;
  return { validate: m.inputValidators[action.id], format: m.formatters[action.id], outputSchema: m.outputSchemas[action.id] };
}

/** The whole generated catalog. */
export const catalog: Catalog = catalogOf(actions, domains);

/**
 * Resolves an action name: trim, lower-case, canonical ID, then alias (CAT-22). A lifecycle alias also
 * returns the parameters it fixes (CAT-23).
 */
export function resolveAction(
  c: Catalog,
  name: string,
): { action?: ActionRecord; ambiguous?: readonly ActionRecord[]; preset?: { alias: string; params: Readonly<Record<string, string | number | boolean>> } } {
  const key = name.trim().toLowerCase();
  const exact = c.byId.get(key);
  if (exact) return { action: exact };
  const lifecycle = c.lifecycle.get(key);
  if (lifecycle) return { action: lifecycle.action, preset: { alias: key, params: lifecycle.params } };
  const claimed = c.aliases.get(key);
  if (claimed && claimed.length > 1) return { ambiguous: claimed };
  return { action: claimed?.[0] };
}

/** CAT-20: an action's output schema as a session on `tier` is served it, without fields only a higher tier fills. */
export function outputSchemaForTier(action: ActionRecord, schema: JsonSchema, tier: Tier | undefined): JsonSchema {
  const rank = { free: 0, premium: 1, ultimate: 2 } as const;
  const cut = (action.tieredOutput ?? []).filter((f) => tier !== undefined && rank[f.tier] > rank[tier]);
  if (cut.length === 0) return schema;
  const copy = structuredClone(schema) as Record<string, unknown>;
  for (const { path } of cut) {
    const parent = path.slice(0, -1).reduce<Record<string, unknown> | undefined>((o, k) => o?.[k] as Record<string, unknown> | undefined, copy);
    if (parent) delete parent[path[path.length - 1]];
  }
  return copy;
}
