// Automatic retries (BEHAVIOR §6.1, §6.2): a read is retried on 429, 500, 502, 503, 504 and on
// transient network failures, at most 3 times with full-jitter backoff or the wait GitLab asked for.
// A write is never re-sent once it may have reached GitLab: only a connection that could not be
// established at all is tried again (RES-7).
import { GitLabHttpError, GitLabNetworkError, requestedWaitMs } from "./errors.js";

export { requestedWaitMs };

/** Whether the request may change GitLab (writes are retried only when nothing was sent); "once" never
 * retries (HTTP-10: the admission check of a new credential gets one attempt). */
export type RetryPolicy = "read" | "write" | "once";

const RETRY_STATUS = new Set([429, 500, 502, 503, 504]);
/** RES-1: at most this many retries of one request. */
export const MAX_RETRIES = 3;
/** RES-3: a longer wait than this is reported instead of waited for. */
const MAX_WAIT_MS = 60_000;

/** RES-2: a random wait between 0 and min(8 s, 500 ms × 2^(n-1)) before retry n. */
export function backoffMs(retry: number, random = Math.random): number {
  return Math.floor(random() * Math.min(8000, 500 * 2 ** (retry - 1)));
}

/** True when a failure may be retried under the policy. */
export function retryable(err: unknown, policy: RetryPolicy): boolean {
  if (err instanceof GitLabNetworkError) {
    // Nothing was sent when the connection was refused or the name did not resolve for now.
    if (err.code === "ECONNREFUSED" || err.code === "EAI_AGAIN") return true;
    return policy === "read" && (err.code === "ECONNRESET" || err.kind === "timeout" || err.code === "UND_ERR_SOCKET");
  }
  return policy === "read" && err instanceof GitLabHttpError && RETRY_STATUS.has(err.status);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/** What a retry reports before its wait: which retry, how long, and what failed. */
export interface RetryInfo {
  readonly retry: number;
  readonly waitMs: number;
  readonly status?: number;
  readonly error?: string;
}
export type RetryListener = (info: RetryInfo) => void;

/** Runs `attempt`, retrying as the policy allows; `onRetry` reports each retry (logged at DEBUG, RES-4). */
export async function withRetries<T>(attempt: () => Promise<T>, policy: RetryPolicy, signal: AbortSignal | undefined, onRetry: RetryListener): Promise<T> {
  if (policy === "once") return attempt();
  for (let retry = 1; ; retry++) {
    try {
      return await attempt();
    } catch (err) {
      if (retry > MAX_RETRIES || !retryable(err, policy) || signal?.aborted) throw err;
      const asked = err instanceof GitLabHttpError ? requestedWaitMs(err.headers) : undefined;
      // A wait longer than a minute is not waited for: the failure is reported with it (ERR-7).
      if (asked !== undefined && asked > MAX_WAIT_MS) throw err;
      const waitMs = asked ?? backoffMs(retry);
      onRetry({ retry, waitMs, status: err instanceof GitLabHttpError ? err.status : undefined, error: err instanceof GitLabNetworkError ? err.code : undefined });
      await sleep(waitMs, signal).catch(() => {
        // Cancelled or out of time while waiting to retry: report that, not the failure before it.
        const deadline = (signal?.reason as Error | undefined)?.name === "TimeoutError";
        throw new GitLabNetworkError(deadline ? "deadline" : "canceled", "retry wait");
      });
    }
  }
}
