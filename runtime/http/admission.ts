// What the door asks GitLab about a personal access token before a pool entry exists (HTTP-10,
// SAF-41), and the digest /health reports (HTTP-2).
import { createHash } from "node:crypto";
import type { Config } from "../config.js";
import type { GitLabApi } from "../gitlab/client.js";
import { GitLabHttpError } from "../gitlab/errors.js";
import { isGranularRefusal } from "../policy/credential.js";
import type { Verdict } from "./pool.js";

/** HTTP-10: the admission check's time limit. */
const ADMISSION_TIMEOUT_MS = 5000;

/** HTTP-2: 12 hex characters over the policy settings, so operators can compare replicas. */
export function configDigest(config: Config): string {
  const policy = { surface: config.surface, readOnly: config.readOnly, safeMode: config.safeMode, exclude: config.excludeTools, yolo: config.yolo, instances: config.gitlabUrls };
  return createHash("sha256").update(JSON.stringify(policy)).digest("hex").slice(0, 12);
}

/** SAF-41, wire text first. */
export const GRANULAR_USER_REFUSED =
  "GitLab accepted this token and refused it the permission to read its own user. Grant the fine-grained personal access token the User: Read permission, " +
  "or use a classic token with the read_api scope (api to make changes).";

/** HTTP-10: one GET /user; only GitLab's explicit 401 or 403 refuses, an outage admits. */
export async function verify(client: GitLabApi): Promise<Verdict> {
  try {
    const answer = await client.rest({ method: "GET", path: "/user", signal: AbortSignal.timeout(ADMISSION_TIMEOUT_MS), retry: "once" });
    const user = answer.body as { id?: unknown; username?: unknown } | undefined;
    return typeof user?.id === "number" ? { user: { id: user.id, username: String(user.username) } } : "unknown";
  } catch (e) {
    if (isGranularRefusal(e)) return "granular";
    return e instanceof GitLabHttpError && (e.status === 401 || e.status === 403) ? "rejected" : "unknown";
  }
}
