// The session's view of the catalog (§3.1): the filters narrow it per action, in the order tier →
// operator exclusions → token scope → read-only, and every action left out keeps the reason it was
// withheld, so a call to it is answered with the withheld sentence of §3.9, never "unknown action".
import { catalogOf, individualToolName, metaToolName, type Catalog } from "../catalog/index.js";
import type { ActionRecord } from "../catalog/types.js";

/** Why an action is not routable, in the precedence order of SAF-42. */
export type WithheldReason = "operator" | "scope" | "admin_mode";

/** What the server learned about the session's credential (§3.7). */
export interface TokenScopes {
  /** The token's scopes, or undefined when they could not be read (SAF-29). */
  readonly scopes?: readonly string[];
}

/** The filters an operator set (§3.2, §3.6, SAF-30). */
export interface ViewPolicy {
  readonly readOnly: boolean;
  readonly excludeTools: readonly string[];
  readonly ignoreScopes: boolean;
}

/** The narrowed catalog of one session. */
export interface SessionView {
  readonly full: Catalog;
  readonly routable: Catalog;
  readonly withheld: ReadonlyMap<string, WithheldReason>;
  /** SAF-27: the credential reaches nothing; catalog methods are refused with this message. */
  readonly refuseAll?: string;
}

/** True when an exclusion entry names the action: ID, domain, meta tool or individual tool (SAF-22). */
export function excludes(entry: string, a: ActionRecord): boolean {
  return entry === a.id || entry === a.domain || entry === metaToolName(a.domain) || entry === individualToolName(a);
}

/** Exclusion entries that match no action, for the start-up warning of SAF-23. */
export function unmatchedExclusions(full: Catalog, entries: readonly string[]): string[] {
  return entries.filter((e) => !full.actions.some((a) => excludes(e, a)));
}

/** Builds the view for a policy and a credential. */
export function buildView(full: Catalog, policy: ViewPolicy, token: TokenScopes): SessionView {
  const scopes = token.scopes;
  const fineGrained = scopes !== undefined && scopes.length === 1 && scopes[0] === "granular";
  if (scopes !== undefined && !fineGrained && !scopes.includes("api") && !scopes.includes("read_api")) {
    return {
      full,
      routable: catalogOf([], full.domains),
      withheld: new Map(full.actions.map((a) => [a.id, "scope" as const])),
      refuseAll:
        "The GitLab token does not carry the read_api or api scope, so this server can reach nothing with it. " +
        "Create a token with read_api (or api to make changes) and restart the server.",
    };
  }
  const withheld = new Map<string, WithheldReason>();
  for (const a of full.actions) {
    const reason = reasonFor(a, policy, scopes, fineGrained);
    if (reason) withheld.set(a.id, reason);
  }
  return { full, routable: catalogOf(full.actions.filter((a) => !withheld.has(a.id)), full.domains), withheld };
}

function reasonFor(a: ActionRecord, policy: ViewPolicy, scopes: readonly string[] | undefined, fineGrained: boolean): WithheldReason | undefined {
  const mutating = a.classification !== "read";
  if (policy.excludeTools.some((e) => excludes(e, a)) || (policy.readOnly && mutating)) return "operator";
  // Fine-grained tokens are never narrowed by classic scopes and keep administrator domains (SAF-31).
  if (scopes === undefined || fineGrained || policy.ignoreScopes) return undefined;
  if (mutating && !scopes.includes("api")) return "scope";
  if (a.adminMode && !scopes.includes("admin_mode")) return "admin_mode";
  return undefined;
}

/** The withheld sentence of SAF-42, without the dynamic surface's prefix. */
export function withheldSentence(id: string, reason: WithheldReason): string {
  if (reason === "operator") {
    return `action "${id}" exists but is not available: this deployment is configured to withhold it, so a narrowed action surface was built. Ask the operator to enable it; do not report the capability as missing.`;
  }
  const scope = `action "${id}" exists but is not available to this session: the credential in use does not carry a GitLab scope that covers it, so a narrowed action surface was built for it. Reauthorize with the api scope to use it; do not report the capability as missing.`;
  return reason === "admin_mode" ? `${scope} The token also needs the admin_mode scope.` : scope;
}
