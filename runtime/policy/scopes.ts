// Learns the session credential's scopes at start (SAF-25): GET /personal_access_tokens/self. When they
// cannot be read the credential is treated as write-capable and GitLab's own 403 decides (SAF-29).
import type { GitLabApi } from "../gitlab/client.js";
import type { Logger } from "../log.js";
import type { TokenScopes } from "./view.js";

/** The WARN of SAF-29, wire text. */
export const SCOPES_UNKNOWN = "failed to detect PAT scopes, all tools will be registered";

/** Reads the token's scopes; never throws. */
export async function detectScopes(client: GitLabApi, log: Logger, signal?: AbortSignal): Promise<TokenScopes> {
  try {
    const answer = await client.rest({ method: "GET", path: "/personal_access_tokens/self", signal, retry: "read" });
    const scopes = (answer.body as { scopes?: unknown }).scopes;
    if (Array.isArray(scopes) && scopes.every((s) => typeof s === "string")) {
      log.info("token scopes detected", { scopes });
      return { scopes };
    }
  } catch (e) {
    log.debug("token scope detection failed", { error: e instanceof Error ? e.message : String(e) });
  }
  log.warn(SCOPES_UNKNOWN);
  return {};
}
