// The poll loop behind the wait actions (RES-33): read something, tell the client what it saw, and stop
// when it is done, when the wait's own timeout would pass before the next read, when the action's
// deadline passes, or when the client cancels. pipeline.wait uses it; a job wait reads a job the same way.
import { GitLabNetworkError } from "../gitlab/errors.js";

/** How one wait runs. */
export interface PollSpec<T> {
  /** Reads the current state (one GitLab request, sent with `signal`). */
  readonly read: () => Promise<T>;
  /** True once the state will not change by waiting longer. */
  readonly done: (value: T) => boolean;
  /** The progress message of one read, naming the current status. */
  readonly describe: (value: T, elapsedMs: number) => string;
  readonly intervalMs: number;
  readonly timeoutMs: number;
  /** The call's cancellation and deadline. */
  readonly signal?: AbortSignal;
  readonly progress?: (message: string) => void;
}

/** Where a wait ended: with the last state read, and why it stopped. */
export interface PollEnd<T> {
  readonly value: T;
  /** `done` when the state is final; `timeout` when the wait's own limit came; `deadline` for the action's. */
  readonly stop: "done" | "timeout" | "deadline";
  readonly polls: number;
  readonly elapsedMs: number;
}

/**
 * Test runs may shrink every wait: GITLAB_MCP_POLL_TIME_SCALE=0.01 makes a 5 s interval 50 ms. It is
 * read per call, only by waits, and only accepts a factor in (0, 1].
 */
export function pollTimeScale(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const scale = Number(env.GITLAB_MCP_POLL_TIME_SCALE);
  return Number.isFinite(scale) && scale > 0 && scale <= 1 ? scale : 1;
}

const isDeadline = (signal: AbortSignal | undefined) => (signal?.reason as Error | undefined)?.name === "TimeoutError";

/** Waits `ms`, or less when the signal aborts (then resolves false). */
function pause(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(ok);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs the loop: read, report, stop or pause one interval, read again. The first read always happens; a failure of it (404, 401) is thrown as it came. When
 * the client cancels, the cancellation is thrown; when the action's deadline passes after a read, the
 * last state is answered with stop `deadline`, so the caller can say it is still running.
 */
export async function poll<T>(spec: PollSpec<T>): Promise<PollEnd<T>> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  let last: { value: T } | undefined;
  let polls = 0;
  let final = false;
  for (;;) {
    let value: T;
    try {
      value = await spec.read();
    } catch (e) {
      if (last && spec.signal?.aborted && isDeadline(spec.signal)) return { value: last.value, stop: "deadline", polls, elapsedMs: elapsed() };
      throw e;
    }
    last = { value };
    polls++;
    if (spec.progress) {
      spec.progress(spec.describe(value, elapsed()));
      // Sending a notification takes a few microtasks: let it leave before the answer can, since a
      // client stops listening for a request's progress once the answer arrives.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (spec.done(value)) return { value, stop: "done", polls, elapsedMs: elapsed() };
    // The last pause is shortened so the final read lands on the timeout rather than past it; a
    // remainder under 5% of the interval (or of the timeout) (a timer that fired a little early) is not worth another read.
    const remaining = spec.timeoutMs - elapsed();
    if (final || remaining <= Math.min(spec.intervalMs, spec.timeoutMs) / 20) return { value, stop: "timeout", polls, elapsedMs: elapsed() };
    // A pause cut short to land on the timeout is the last: its read ends the wait even when the timer fired early.
    final = remaining <= spec.intervalMs;
    if (!(await pause(Math.min(spec.intervalMs, remaining), spec.signal))) {
      if (isDeadline(spec.signal)) return { value, stop: "deadline", polls, elapsedMs: elapsed() };
      throw new GitLabNetworkError("canceled", "wait");
    }
  }
}
