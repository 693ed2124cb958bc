// Progress notifications of a tool call (§6.10, RES-8, RES-33).
import type { ServerContext } from "@modelcontextprotocol/server";
import { MAX_RETRIES, type RetryListener } from "./gitlab/retry.js";

/**
 * §6.10: a call whose client sent a progressToken hears, while it waits, what it is waiting for: each
 * retry of a GitLab request (a 503, a rate limit, a reset connection) is a notifications/progress with a
 * strictly increasing count. Both eras carry it: on stdio as a message, over HTTP on the call's own
 * event stream. A notification that cannot be sent (the client went away) is not an error of the call.
 */
/** Progress notifications of one call, when the client asked for them with a progress token. */
export function progressReporter(token: string | number | undefined, extra: ServerContext): ((message: string) => void) | undefined {
  if (token === undefined) return undefined;
  let progress = 0;
  return (message) => {
    extra.mcpReq.notify({ method: "notifications/progress", params: { progressToken: token, progress: ++progress, message } }).catch(() => undefined);
  };
}

/** RES-8: a retry the client can see coming. */
export function retryProgress(progress: ((message: string) => void) | undefined): RetryListener | undefined {
  if (!progress) return undefined;
  return (info) => {
    const cause = info.status !== undefined ? `GitLab answered ${info.status}` : `the connection failed (${info.error ?? "network error"})`;
    progress(`${cause}: retry ${info.retry} of ${MAX_RETRIES} in ${(info.waitMs / 1000).toFixed(1)} s`);
  };
}
