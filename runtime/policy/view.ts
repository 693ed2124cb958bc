// The session's view of the catalog (§3.1): the filters narrow it per action, in the order tier →
// operator exclusions → token scope or fine-grained grant → read-only, and every action left out keeps
// the reason it was withheld, so a call to it is answered with the withheld sentence of §3.9, never
// "unknown action".
import { catalogOf, individualToolName, metaToolName, type Catalog } from "../catalog/index.js";
import type { ActionRecord, Tier } from "../catalog/types.js";
import { tierCovers, type Credential } from "./credential.js";
import { fineGrainedSentence, fineGrainedVerdict, type FineGrainedVerdict } from "./fineGrained.js";

/** Why an action is not routable, in the precedence order of SAF-42, with what its sentence needs. */
export type Withheld =
  | { readonly reason: "operator" }
  | { readonly reason: "tier"; readonly instance: Tier }
  | { readonly reason: "scope" | "admin_mode" }
  | { readonly reason: "fine_grained"; readonly verdict: FineGrainedVerdict };

/** The refusal class a withheld call is logged with (SAF-44). */
export const refusalClass = (w: Withheld) => (w.reason === "admin_mode" ? "scope" : w.reason);

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
  readonly withheld: ReadonlyMap<string, Withheld>;
  /**
   * Actions that run but are not advertised: a fine-grained grant lacks their permission, and they read a
   * project or group that may be public, so GitLab judges them (SAF-34).
   */
  readonly unlisted: ReadonlySet<string>;
  /** What the server learned about the credential the view was built for. */
  readonly credential: Credential;
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
export function buildView(full: Catalog, policy: ViewPolicy, credential: Credential): SessionView {
  const scopes = credential.scopes;
  const fineGrained = credential.fineGrained;
  if (scopes !== undefined && !fineGrained && !scopes.includes("api") && !scopes.includes("read_api")) {
    return {
      full,
      routable: catalogOf([], full.domains),
      withheld: new Map(full.actions.map((a) => [a.id, { reason: "scope" } as const])),
      unlisted: new Set(),
      credential,
      refuseAll:
        "The GitLab token does not carry the read_api or api scope, so this server can reach nothing with it. " +
        "Create a token with read_api (or api to make changes) and restart the server.",
    };
  }
  const withheld = new Map<string, Withheld>();
  const unlisted = new Set<string>();
  for (const a of full.actions) {
    const w = withholds(a, policy, credential, unlisted);
    if (w) withheld.set(a.id, w);
  }
  const listed = full.actions.filter((a) => !withheld.has(a.id) && !unlisted.has(a.id));
  return { full, routable: catalogOf(listed, full.domains), withheld, unlisted, credential };
}

function withholds(a: ActionRecord, policy: ViewPolicy, credential: Credential, unlisted: Set<string>): Withheld | undefined {
  const mutating = a.classification !== "read";
  if (policy.excludeTools.some((e) => excludes(e, a)) || (policy.readOnly && mutating)) return { reason: "operator" };
  const tier = credential.tier ?? "free";
  if (credential.tier !== undefined && !tierCovers(tier, a.tier)) return { reason: "tier", instance: tier };
  if (credential.fineGrained) {
    // Fine-grained tokens are never narrowed by classic scopes and keep administrator domains (SAF-31).
    const { verdict, listed } = fineGrainedVerdict(a, credential.fineGrained);
    if (verdict) return { reason: "fine_grained", verdict };
    if (!listed) unlisted.add(a.id);
    return undefined;
  }
  const scopes = credential.scopes;
  if (scopes === undefined || policy.ignoreScopes) return undefined;
  if (mutating && !scopes.includes("api")) return { reason: "scope" };
  if (a.adminMode && !scopes.includes("admin_mode")) return { reason: "admin_mode" };
  return undefined;
}

const TIER_NAMES: Record<Tier, string> = { free: "Free", premium: "Premium", ultimate: "Ultimate" };

/** The withheld sentence of SAF-42, without the dynamic surface's prefix. */
export function withheldSentence(action: ActionRecord, w: Withheld, credential?: Credential): string {
  const id = action.id;
  switch (w.reason) {
    case "operator":
      return `action "${id}" exists but is not available: this deployment is configured to withhold it, so a narrowed action surface was built. Ask the operator to enable it; do not report the capability as missing.`;
    case "tier":
      return `action "${id}" exists but is not available on this GitLab instance: it needs the ${TIER_NAMES[action.tier]} tier and the instance reports ${w.instance}.`;
    case "fine_grained":
      return fineGrainedSentence(action, w.verdict, credential?.fineGrained?.phase === "unjudged" ? credential.fineGrained.reason : undefined);
    default: {
      const scope = `action "${id}" exists but is not available to this session: the credential in use does not carry a GitLab scope that covers it, so a narrowed action surface was built for it. Reauthorize with the api scope to use it; do not report the capability as missing.`;
      return w.reason === "admin_mode" ? `${scope} The token also needs the admin_mode scope.` : scope;
    }
  }
}
