// pipeline.wait and job.wait (RES-33): poll the object the catalog's GET names, through the shared poll
// loop, until its status is one waiting cannot change, the wait's timeout passes, or the action's
// deadline passes. Each read is a progress notification naming the status. An object still running at
// the end is an answer, not an error: its card, headed by how long we waited, with a way to go on.
import type { Procedure } from "./types.js";
import { poll, pollTimeScale } from "./poll.js";

/** Statuses a pipeline or job does not leave by itself (manual waits for a person, so waiting is futile). */
export const FINAL_STATUSES: ReadonlySet<string> = new Set(["success", "failed", "canceled", "skipped", "manual"]);

const DEFAULT_INTERVAL_S = 10;
const DEFAULT_TIMEOUT_S = 300;

const statusOf = (o: unknown) => String((o as { status?: unknown } | null)?.status ?? "unknown");

export const statusWait: Procedure = async ({ action, params, ctx, call, object }) => {
  const scale = pollTimeScale();
  const timeoutSeconds = (params.timeout as number | undefined) ?? DEFAULT_TIMEOUT_S;
  const intervalSeconds = (params.interval as number | undefined) ?? DEFAULT_INTERVAL_S;
  const seconds = (ms: number) => Math.round(ms / scale / 1000);
  // The thing waited for is the action's domain: a pipeline by pipeline_id, a job by job_id.
  const noun = action.domain;
  const id = String(params[`${noun}_id`]);
  const end = await poll({
    read: async () => (await ctx.client.rest(call)).body,
    done: (o) => FINAL_STATUSES.has(statusOf(o)),
    describe: (o, ms) => `${noun} #${id} is ${statusOf(o)} after ${seconds(ms)} s`,
    intervalMs: intervalSeconds * 1000 * scale,
    timeoutMs: timeoutSeconds * 1000 * scale,
    signal: ctx.signal,
    progress: ctx.progress,
  });
  const outcome = object(end.value);
  if (outcome.kind !== "success") return outcome;
  const waited = seconds(end.elapsedMs);
  const wait = { finished: end.stop === "done", stopped_by: end.stop, waited_seconds: waited, polls: end.polls };
  const structured = { ...outcome.structured, wait };
  if (end.stop === "done") return { ...outcome, structured };
  const why = end.stop === "deadline" ? "the action deadline came" : `the ${timeoutSeconds} s timeout passed`;
  const line = `⏳ Still ${statusOf(end.value)} after ${waited} s (${why}); call ${action.id} again to keep waiting.`;
  return { ...outcome, structured, markdown: `${line}\n\n${outcome.markdown}` };
};
