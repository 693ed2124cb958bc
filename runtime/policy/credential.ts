// What the server learns about a session's credential and instance before it narrows the catalog
// (§3.1): the token's kind and classic scopes (SAF-25), a fine-grained token's grant and whether it can
// be judged (SAF-31..SAF-36), and the instance tier (CAT-19). Read after `initialized`, never before
// answering `initialize`, and again at every revalidation; a failed re-read keeps the previous view.
import { FINE_GRAINED_PERMISSIONS, FINE_GRAINED_RELEASE } from "../../generated/index.js";
import type { Boundary, Tier } from "../catalog/types.js";
import type { GitLabApi } from "../gitlab/client.js";
import { GitLabGraphqlError, GitLabHttpError } from "../gitlab/errors.js";
import { withRetries } from "../gitlab/retry.js";
import { diagnoseStartup } from "./diagnosis.js";
import { detectTier, settle } from "./tier.js";

export { detectTier, tierCovers, tierOfPlan } from "./tier.js";
import type { Logger } from "../log.js";

/** The WARN of SAF-29, wire text. */
export const SCOPES_UNKNOWN = "failed to detect PAT scopes, all tools will be registered";

/** SAF-32: the most of a grant this server reads. */
export const GRANT_MAX_BYTES = 1024 * 1024;
export const GRANT_MAX_SCOPES = 1000;

/** One granular scope of a fine-grained token's grant (GitLab's PersonalAccessTokenGranularScope entity). */
export interface GranularScope {
  /** personal_projects, selected_memberships, all_memberships, user or instance. */
  readonly access: "personal_projects" | "selected_memberships" | "all_memberships" | "user" | "instance";
  readonly permissions: readonly string[];
  readonly projectId?: number;
  readonly groupId?: number;
}

/**
 * A fine-grained token's authority as this server sees it: `judged` holds the grant, read from an
 * instance on the recorded release's minor series (phase B); `unjudged` gives the stable phrase of
 * SAF-35 saying why GitLab alone decides (phase A).
 */
export type FineGrained = { readonly phase: "judged"; readonly grant: readonly GranularScope[] } | { readonly phase: "unjudged"; readonly reason: string };

/** What the server learned about a credential. */
export interface Credential {
  /** Classic scopes, or undefined when they could not be read (SAF-29, SAF-36). */
  readonly scopes?: readonly string[];
  /** Present exactly when the token is fine-grained (SAF-31). */
  readonly fineGrained?: FineGrained;
  /** The user behind the token, when /user answered. */
  readonly user?: { readonly id: number; readonly username: string };
  /** CAT-19: the instance tier; undefined means none was learned yet (free until then). */
  readonly tier?: Tier;
}

/** SAF-35's phrases, wire text. */
export const PHASE_A = {
  grantUnreadable: "The token cannot read its own grant",
  versionUnreadable: "The instance did not report a version this server can read",
  versionOther: (reported: string, recorded: string) => `The instance reports GitLab ${reported} and the permissions are recorded for ${recorded} only`,
  undefinedPermission: (release: string) => `The token's grant names a permission GitLab ${release} does not define`,
  tooLarge: "The token's grant is larger than this server reads",
  unreadableScope: "The token's grant holds a scope this server cannot read without guessing",
  grantNoAnswer: "The instance did not answer the request for the token's grant",
  versionNoAnswer: "The instance did not answer the request for its version",
} as const;

/** GitLab's code for a request a fine-grained grant does not cover (SAF-40). */
export const GRANULAR_CODE = "insufficient_granular_scope";

/** True when GitLab refused a request for want of a fine-grained permission (REST 403, or GraphQL's errors[]). */
export function isGranularRefusal(e: unknown): boolean {
  if (e instanceof GitLabGraphqlError) return e.messages.some((m) => GRANULAR_MESSAGES.some((g) => m.startsWith(g)));
  if (!(e instanceof GitLabHttpError) || e.status !== 403) return false;
  const body = e.body as { error?: unknown } | undefined;
  return body?.error === GRANULAR_CODE || GRANULAR_MESSAGES.some((m) => messageOf(e.body).startsWith(m));
}

/** SAF-40: the openings of GitLab's fine-grained refusals. */
export const GRANULAR_MESSAGES = [
  "Access denied: This operation requires a fine-grained personal access token with the following",
  "Access denied: This operation doesn't support fine-grained personal access tokens.",
  "Access denied: Fine-grained personal access tokens are not yet supported.",
];

function messageOf(body: unknown): string {
  if (!body || typeof body !== "object") return typeof body === "string" ? body : "";
  const b = body as { message?: unknown; error_description?: unknown };
  return typeof b.error_description === "string" ? b.error_description : typeof b.message === "string" ? b.message : "";
}

/** Whether a failure means GitLab could not answer now (5xx, 429, network), rather than refused. */
function unanswered(e: unknown): boolean {
  return !(e instanceof GitLabHttpError) || e.status >= 500 || e.status === 429;
}

const ACCESS = new Set(["personal_projects", "selected_memberships", "all_memberships", "user", "instance"]);

/** Reads a grant as GitLab's entity writes it, or says why it cannot be read without guessing. */
export function readGrant(raw: unknown, size: number): { grant: GranularScope[] } | { reason: string } {
  if (size > GRANT_MAX_BYTES || (Array.isArray(raw) && raw.length > GRANT_MAX_SCOPES)) return { reason: PHASE_A.tooLarge };
  if (!Array.isArray(raw)) return { reason: PHASE_A.grantUnreadable };
  const grant: GranularScope[] = [];
  for (const s of raw as unknown[]) {
    const o = s as { access?: unknown; permissions?: unknown; project_id?: unknown; group_id?: unknown };
    if (!o || typeof o !== "object" || typeof o.access !== "string" || !ACCESS.has(o.access)) return { reason: PHASE_A.unreadableScope };
    if (!Array.isArray(o.permissions) || !o.permissions.every((p) => typeof p === "string")) return { reason: PHASE_A.unreadableScope };
    const projectId = typeof o.project_id === "number" ? o.project_id : undefined;
    const groupId = typeof o.group_id === "number" ? o.group_id : undefined;
    if (o.access === "selected_memberships" && projectId === undefined && groupId === undefined) return { reason: PHASE_A.unreadableScope };
    grant.push({ access: o.access as GranularScope["access"], permissions: o.permissions as string[], ...(projectId !== undefined ? { projectId } : {}), ...(groupId !== undefined ? { groupId } : {}) });
  }
  if (grant.some((s) => s.permissions.some((p) => !(p in FINE_GRAINED_PERMISSIONS)))) return { reason: PHASE_A.undefinedPermission(FINE_GRAINED_RELEASE) };
  return { grant };
}

/** `19.4.1-ee` → `19.4`, or undefined when the version cannot be read. */
export function minorSeries(version: unknown): string | undefined {
  if (typeof version !== "string") return undefined;
  const m = /^(\d+)\.(\d+)(?:\.\d+)?(?:[-+].*)?$/.exec(version.trim());
  return m ? `${Number(m[1])}.${Number(m[2])}` : undefined;
}

/**
 * Learns the credential: GET /personal_access_tokens/self first (SAF-25); for a fine-grained token also
 * its grant (/personal_access_tokens/:id), /version and /user (SAF-32). Never throws. `tier` is the
 * operator's GITLAB_MCP_TIER, or undefined to detect it.
 */
export async function learnCredential(client: GitLabApi, log: Logger, options: { tier?: Tier; signal?: AbortSignal; instance?: string } = {}): Promise<Credential> {
  const { signal } = options;
  // Issue 28: a failure that says the instance is not there (refused, DNS, TLS, not GitLab) is not
  // retried, and is said once; what GitLab itself may clear (5xx, 429, a reset) is retried as any read.
  const instance = options.instance ?? "";
  const attempt = () =>
    client.rest({ method: "GET", path: "/personal_access_tokens/self", signal, retry: "once" }).catch((e: unknown) => {
      throw diagnoseStartup(e, instance)?.unreachable ? new NotThere(e) : e;
    });
  // The token's description is asked first, the tier beside it (the first request a log shows is the token's).
  const selfP = settle(withRetries(attempt, "read", signal, (info) => log.debug("retrying GitLab request", { method: "GET", ...info })));
  // Tier detection stops when the instance is not there at all.
  const stop = new AbortController();
  const tierP = options.tier ? Promise.resolve(options.tier) : detectTier(client, log, signal ? AbortSignal.any([signal, stop.signal]) : stop.signal);
  const settled = await selfP;
  const self = "error" in settled && settled.error instanceof NotThere ? { error: settled.error.failure } : settled;
  const why = "error" in self && !isGranularRefusal(self.error) ? diagnoseStartup(self.error, instance) : undefined;
  if (why) {
    if (why.unreachable) stop.abort();
    tellOnce(client, log, why.message);
  }
  const tier = stop.signal.aborted ? options.tier : await tierP;
  if ("ok" in self) {
    const body = self.ok.body as { id?: unknown; scopes?: unknown; granular_scopes?: unknown };
    const scopes = body.scopes;
    if (Array.isArray(scopes) && scopes.every((s) => typeof s === "string")) {
      if (scopes.length === 1 && scopes[0] === "granular") return { ...(await learnGrant(client, log, body, signal)), tier };
      log.info("token scopes detected", { scopes });
      return { scopes, tier };
    }
  } else if (isGranularRefusal(self.error)) {
    // SAF-32: only a fine-grained token is refused its own description for want of a permission.
    log.warn("fine-grained token that cannot read its own grant: GitLab judges every call", { reason: PHASE_A.grantUnreadable });
    return { scopes: ["granular"], fineGrained: { phase: "unjudged", reason: PHASE_A.grantUnreadable }, ...(await userOf(client, signal)), tier };
  } else {
    log.debug("token scope detection failed", { error: self.error instanceof Error ? self.error.message : String(self.error) });
  }
  // SAF-29, SAF-36: a token of unknown kind is served as a classic token of unknown scopes.
  log.warn(SCOPES_UNKNOWN);
  return tier ? { tier } : {};
}

/** A first failure that stops detection: the instance is not there, so retrying cannot help. */
class NotThere extends Error {
  constructor(readonly failure: unknown) {
    super("GitLab is not there");
  }
}

/** The diagnosis last said for each client: a revalidation that meets the same failure stays quiet. */
const told = new WeakMap<GitLabApi, string>();

function tellOnce(client: GitLabApi, log: Logger, message: string): void {
  if (told.get(client) === message) return;
  told.set(client, message);
  log.warn(message);
}

async function userOf(client: GitLabApi, signal?: AbortSignal): Promise<Pick<Credential, "user">> {
  const u = await settle(client.rest({ method: "GET", path: "/user", signal, retry: "read" }));
  const body = "ok" in u ? (u.ok.body as { id?: unknown; username?: unknown }) : undefined;
  return body && typeof body.id === "number" && typeof body.username === "string" ? { user: { id: body.id, username: body.username } } : {};
}

async function learnGrant(client: GitLabApi, log: Logger, self: { id?: unknown; granular_scopes?: unknown }, signal?: AbortSignal): Promise<Credential> {
  const get = (path: string) => settle(client.rest({ method: "GET", path, signal, retry: "read" }));
  const id = typeof self.id === "number" || typeof self.id === "string" ? String(self.id) : undefined;
  const [token, version, user] = await Promise.all([
    id ? get(`/personal_access_tokens/${encodeURIComponent(id)}`) : Promise.resolve({ error: undefined } as const),
    get("/version"),
    userOf(client, signal),
  ]);
  const release = minorSeries(FINE_GRAINED_RELEASE)!;
  const reasons: string[] = [];
  let grant: GranularScope[] | undefined;
  if (!("ok" in token)) reasons.push(id && unanswered(token.error) ? PHASE_A.grantNoAnswer : PHASE_A.grantUnreadable);
  else {
    const body = token.ok.body as { granular_scopes?: unknown };
    const read = readGrant(body.granular_scopes ?? self.granular_scopes, token.ok.size);
    if ("reason" in read) reasons.push(read.reason);
    else grant = read.grant;
  }
  if (!("ok" in version)) reasons.push(unanswered(version.error) ? PHASE_A.versionNoAnswer : PHASE_A.versionUnreadable);
  else {
    const series = minorSeries((version.ok.body as { version?: unknown }).version);
    if (!series) reasons.push(PHASE_A.versionUnreadable);
    else if (series !== release) reasons.push(PHASE_A.versionOther(series, release));
  }
  // The first of SAF-35's phrases that applies, in the order the spec lists them.
  const order: string[] = Object.values(PHASE_A).map((p) => (typeof p === "function" ? "" : p));
  reasons.sort((a, b) => rank(a, order) - rank(b, order));
  if (reasons.length > 0 || !grant) {
    log.warn("fine-grained token: its grant is not judged here, GitLab judges every call", { reason: reasons[0] });
    return { scopes: ["granular"], fineGrained: { phase: "unjudged", reason: reasons[0] ?? PHASE_A.grantUnreadable }, ...user };
  }
  log.info("fine-grained token grant read", { scopes: grant.length, permissions: [...new Set(grant.flatMap((s) => s.permissions))].length, release: FINE_GRAINED_RELEASE });
  return { scopes: ["granular"], fineGrained: { phase: "judged", grant }, ...user };
}

function rank(reason: string, order: readonly string[]): number {
  const i = order.indexOf(reason);
  if (i >= 0) return i;
  if (reason.startsWith("The instance reports GitLab")) return 2;
  if (reason.startsWith("The token's grant names")) return 3;
  return order.length;
}

/** Boundaries a granular scope's access reaches (GitLab's Authz::GranularScope). */
export function scopeBoundaries(s: GranularScope): readonly Boundary[] {
  switch (s.access) {
    case "user":
      return ["user"];
    case "instance":
      return ["instance"];
    case "personal_projects":
      return ["project"];
    case "all_memberships":
      return ["project", "group"];
    case "selected_memberships":
      // A group scope reaches the group and the projects below it.
      return s.groupId !== undefined ? ["project", "group"] : ["project"];
  }
}

/**
 * SAF-32, HTTP-13: what a re-read leaves in place. A re-read that could not read what was known before
 * (scopes unreadable, a grant or version GitLab did not answer for) keeps the earlier answer, so a GitLab
 * hiccup never widens a narrowed token nor forgets a judged grant.
 */
export function relearned(before: Credential, next: Credential): Credential {
  const tier = next.tier ?? before.tier;
  if (next.scopes === undefined && before.scopes !== undefined) return { ...before, tier };
  const failed = next.fineGrained?.phase === "unjudged" && (next.fineGrained.reason === PHASE_A.grantNoAnswer || next.fineGrained.reason === PHASE_A.versionNoAnswer);
  if (failed && before.fineGrained) return { ...before, tier };
  return { ...next, tier };
}
