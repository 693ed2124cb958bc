// job.wait (RES-33): polls GET /jobs/:id until the job reaches a final status, the timeout passes, or the
// call is cancelled (ctx.signal carries both the client's cancellation and the action deadline). Each
// poll sends a progress notification naming the status. The last job read is the answer, with a
// warning when it had not finished.
import { nextStepsSection } from "../markdown/writer.js";
import type { Procedure } from "./index.js";

/** Statuses after which a job changes no more unless someone acts (manual waits for a person). */
export const FINAL_JOB_STATUSES: ReadonlySet<string> = new Set(["success", "failed", "canceled", "skipped", "manual"]);
const DEFAULT_INTERVAL_S = 10;
const DEFAULT_TIMEOUT_S = 300;

/** Resolves after ms, or at once (false) when the signal aborts first. */
export function pause(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (finished: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(finished);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export interface WaitLoop<T> {
  readonly poll: () => Promise<T>;
  readonly finished: (value: T) => boolean;
  readonly describe: (value: T, round: number) => string;
  readonly intervalMs: number;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly progress?: (message: string) => void;
  /** Injected by tests; defaults to pause(). */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<boolean>;
  readonly now?: () => number;
}

/** Polls until finished, timed out or cancelled; answers the last value and why it stopped. */
export async function waitLoop<T>(loop: WaitLoop<T>): Promise<{ value: T; outcome: "finished" | "timeout" | "cancelled"; polls: number }> {
  const now = loop.now ?? (() => Date.now());
  const sleep = loop.sleep ?? pause;
  const until = now() + loop.timeoutMs;
  let polls = 0;
  for (;;) {
    const value = await loop.poll();
    polls++;
    loop.progress?.(loop.describe(value, polls));
    if (loop.finished(value)) return { value, outcome: "finished", polls };
    const left = until - now();
    if (left <= 0) return { value, outcome: "timeout", polls };
    if (loop.signal?.aborted || !(await sleep(Math.min(loop.intervalMs, left), loop.signal))) return { value, outcome: "cancelled", polls };
  }
}

export const jobWait: Procedure = async ({ params, ctx, call, object }) => {
  const intervalS = (params.interval as number | undefined) ?? DEFAULT_INTERVAL_S;
  const timeoutS = (params.timeout as number | undefined) ?? DEFAULT_TIMEOUT_S;
  const started = Date.now();
  const result = await waitLoop<Record<string, unknown>>({
    poll: async () => {
      const answer = await ctx.client.rest(call);
      return answer.body && typeof answer.body === "object" ? (answer.body as Record<string, unknown>) : {};
    },
    finished: (job) => FINAL_JOB_STATUSES.has(String(job.status)),
    describe: (job, round) => `Job #${String(job.id ?? params.job_id)} is ${String(job.status ?? "unknown")} (poll ${round})`,
    intervalMs: intervalS * 1000,
    timeoutMs: timeoutS * 1000,
    signal: ctx.signal,
    progress: ctx.progress,
  });
  const outcome = object(result.value);
  if (outcome.kind !== "success" || result.outcome === "finished") return outcome;
  const waited = Math.round((Date.now() - started) / 1000);
  const why =
    result.outcome === "timeout"
      ? `⚠️ Still ${String(result.value.status)} after waiting ${waited} s (${result.polls} polls): the timeout of ${timeoutS} s passed.`
      : `⚠️ Still ${String(result.value.status)}: the wait was cancelled or reached the action deadline after ${waited} s.`;
  const step = `Use action 'job.wait' with ${JSON.stringify({ project_id: params.project_id, job_id: params.job_id })} to keep waiting`;
  const steps = [step, ...((outcome.structured.next_steps as string[] | undefined) ?? [])];
  const cut = outcome.markdown.indexOf("\n\n---\n");
  const body = cut < 0 ? outcome.markdown : outcome.markdown.slice(0, cut);
  return {
    ...outcome,
    markdown: `${body}\n\n${why}${nextStepsSection(steps)}`,
    structured: { ...outcome.structured, next_steps: steps },
  };
};
