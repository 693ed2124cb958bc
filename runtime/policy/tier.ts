// CAT-18, CAT-19: the tier of the instance, learned from its license or the plans of the namespaces the
// token sees, and what each tier includes.
import type { Tier } from "../catalog/types.js";
import type { GitLabApi, RestAnswer } from "../gitlab/client.js";
import type { Logger } from "../log.js";

/** A GitLab answer or the failure in its place: detection reads both and never throws. */
export async function settle(p: Promise<RestAnswer>): Promise<{ ok: RestAnswer } | { error: unknown }> {
  try {
    return { ok: await p };
  } catch (error) {
    return { error };
  }
}

/** GitLab plan names → tiers (CAT-18). Legacy Starter/Bronze had part of Premium only: counted as free. */
const PLAN_TIERS: Record<string, Tier> = {
  free: "free",
  default: "free",
  starter: "free",
  bronze: "free",
  premium: "premium",
  silver: "premium",
  premium_trial: "premium",
  ultimate: "ultimate",
  gold: "ultimate",
  ultimate_trial: "ultimate",
  ultimate_trial_paid_customer: "ultimate",
  opensource: "ultimate",
};
const RANK: Record<Tier, number> = { free: 0, premium: 1, ultimate: 2 };

/** The tier of a plan name, or undefined when the name says nothing. */
export function tierOfPlan(plan: unknown): Tier | undefined {
  return typeof plan === "string" ? PLAN_TIERS[plan.trim().toLowerCase()] : undefined;
}

/**
 * CAT-19: the instance's license (an administrator's token reads it), else the highest plan among the
 * namespaces the token sees (at most 10 pages of 100), else free. On GitLab.com this is the best plan of
 * the user's own namespaces: a Premium action is offered if any of them may use it, and GitLab answers
 * for the namespaces that may not.
 */
export async function detectTier(client: GitLabApi, log: Logger, signal?: AbortSignal): Promise<Tier> {
  const started = performance.now();
  // The license and the first page of namespaces are asked together: one round trip for most tokens
  // (issue 25), the namespaces' answer unused when the license names a plan.
  const namespaces = (page: number) => settle(client.rest({ method: "GET", path: "/namespaces", query: { per_page: 100, page }, signal, retry: "read" }));
  const firstPage = namespaces(1);
  const license = await settle(client.rest({ method: "GET", path: "/license", signal, retry: "read" }));
  if ("ok" in license) {
    const tier = tierOfPlan((license.ok.body as { plan?: unknown } | null)?.plan);
    if (tier) {
      log.info("instance tier detected", { tier, from: "license", ms: Math.round(performance.now() - started) });
      return tier;
    }
  }
  let best: Tier | undefined;
  for (let page = 1; page <= 10; page++) {
    const answer = await (page === 1 ? firstPage : namespaces(page));
    if (!("ok" in answer) || !Array.isArray(answer.ok.body)) break;
    for (const ns of answer.ok.body as { plan?: unknown }[]) {
      const tier = tierOfPlan(ns?.plan);
      if (tier && (!best || RANK[tier] > RANK[best])) best = tier;
    }
    if (best === "ultimate") break;
    const next = answer.ok.headers.get("x-next-page");
    if (!next || answer.ok.body.length < 100) break;
  }
  const tier = best ?? "free";
  // Stopped because the instance is not there (learnCredential): nothing was detected to report.
  if (signal?.aborted) return tier;
  log.info("instance tier detected", { tier, from: best ? "namespaces" : "fallback", ms: Math.round(performance.now() - started) });
  return tier;
}

/** Whether a tier includes another (CAT-18). */
export function tierCovers(instance: Tier, needed: Tier): boolean {
  return RANK[instance] >= RANK[needed];
}
