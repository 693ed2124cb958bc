// Start-up diagnostics (issue 28): when the first request of credential detection fails, one WARN says
// why in words a person can act on (a wrong GITLAB_URL, an unreachable host, a certificate, a refused
// token), instead of only SAF-29's "failed to detect PAT scopes". A failure that says GitLab is not
// there at all is not retried, so tools/list does not wait seconds on a dead host (CFG-12).
import { GitLabHttpError, GitLabNetworkError, GitLabResponseError, NotTheApiError, gitlabMessage } from "../gitlab/errors.js";

/** Why the start-up request failed, or undefined when it is a failure GitLab itself may clear (5xx, 429). */
export interface Diagnosis {
  /** One sentence for the log, naming the variable to check. */
  readonly message: string;
  /** True when the instance is not reachable as a GitLab at all: detection stops at once, unretried. */
  readonly unreachable: boolean;
}

const REASON: Record<number, string> = { 401: "Unauthorized", 403: "Forbidden", 404: "Not Found" };

/** The instance URL as it may be logged: no credentials in it, no query. */
export function loggableUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = "";
    u.password = "";
    u.search = "";
    u.hash = "";
    return u.toString().replace(/\/+$/, "");
  } catch {
    return "GITLAB_URL";
  }
}

/** Whether a 404 body is GitLab's own (`{"message": "404 ..."}` or `{"error": "404 Not Found"}`). */
function gitlabShaped404(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const b = body as { message?: unknown; error?: unknown };
  return [b.message, b.error].some((v) => typeof v === "string" && /^404\b/.test(v));
}

/** The sentence for a failed start-up request to `instance`, or undefined when there is nothing to explain. */
export function diagnoseStartup(error: unknown, instance: string): Diagnosis | undefined {
  const at = loggableUrl(instance);
  const checkUrl = `check GITLAB_URL (${at}): it should be the address of a GitLab instance, such as https://gitlab.com`;
  if (error instanceof GitLabNetworkError) {
    switch (error.kind) {
      case "refused":
        return { unreachable: true, message: `GitLab is unreachable at ${at} (connection refused): check GITLAB_URL and whether the server is running` };
      case "dns":
        return { unreachable: true, message: `GitLab's hostname could not be resolved (DNS error): check GITLAB_URL (${at})` };
      case "tls":
        return { unreachable: true, message: `TLS handshake with ${at} failed (${error.code || "certificate"}): for a self-signed certificate, trust its CA with GITLAB_MCP_CA_FILE (or set GITLAB_MCP_SKIP_TLS_VERIFY=true)` };
      case "timeout":
        return { unreachable: false, message: `GitLab at ${at} did not answer in time: check GITLAB_URL and the network` };
      case "proxy":
        return { unreachable: true, message: `the proxy could not be reached on the way to ${at}: check HTTPS_PROXY and HTTP_PROXY, or list GitLab's host in NO_PROXY` };
      case "network":
        return { unreachable: false, message: `network error reaching GitLab at ${at}${error.code ? ` (${error.code})` : ""}: check GITLAB_URL and the network` };
      default:
        return undefined;
    }
  }
  if (error instanceof NotTheApiError) return { unreachable: true, message: `${at} answered an HTML page, not GitLab's API: ${checkUrl} (or a proxy or sign-in page is in the way)` };
  if (error instanceof GitLabResponseError) return { unreachable: true, message: `${at} answered something that is not GitLab's API: ${checkUrl}` };
  if (!(error instanceof GitLabHttpError)) return undefined;
  if (error.status === 401 || error.status === 403) {
    // GitLab's "403 Forbidden - <why>" loses its status to gitlabMessage; its reason phrase goes too.
    const quote = gitlabMessage(error.body, error.status)?.replace(new RegExp(`^${REASON[error.status]}\\s*-\\s*`), "");
    const status = `${error.status} ${REASON[error.status]}${quote ? `: ${quote}` : ""}`;
    const advice = error.status === 401 ? "check GITLAB_TOKEN: it may be mistyped, expired or revoked" : "check GITLAB_TOKEN and its scopes (api, or read_api for reading)";
    return { unreachable: false, message: `GitLab at ${at} refused the token (${status}): ${advice}` };
  }
  if (error.status === 404 && !gitlabShaped404(error.body)) return { unreachable: true, message: `${at} answered 404 without GitLab's API behind it: ${checkUrl}` };
  if (error.status < 500 && error.status !== 429 && error.status !== 404) {
    return { unreachable: false, message: `GitLab at ${at} answered ${error.status} to the token's description: check GITLAB_URL and GITLAB_TOKEN` };
  }
  return undefined;
}
