// pipeline.wait (RES-33): polls GET /projects/:id/pipelines/:pipeline_id through the shared poll loop
// until the pipeline reaches a status that waiting cannot change, the wait's timeout passes, or the
// action's deadline passes. Each read is a progress notification naming the status. A pipeline still
// running at the end is an answer, not an error: its card, headed by how long we waited.
import type { Procedure } from "./index.js";
import { poll, pollTimeScale } from "./poll.js";

/** Statuses a pipeline does not leave by itself (manual waits for a person, so waiting longer is futile). */
export const FINAL_PIPELINE_STATUSES: ReadonlySet<string> = new Set(["success", "failed", "canceled", "skipped", "manual"]);

const statusOf = (p: unknown) => String((p as { status?: unknown } | null)?.status ?? "unknown");

export const pipelineWait: Procedure = async ({ params, ctx, call, object }) => {
  const scale = pollTimeScale();
  const timeoutSeconds = (params.timeout as number | undefined) ?? 300;
  const seconds = (ms: number) => Math.round(ms / scale / 1000);
  const end = await poll({
    read: async () => (await ctx.client.rest(call)).body,
    done: (p) => FINAL_PIPELINE_STATUSES.has(statusOf(p)),
    describe: (p, ms) => `pipeline #${String(params.pipeline_id)} is ${statusOf(p)} after ${seconds(ms)} s`,
    intervalMs: ((params.interval as number | undefined) ?? 10) * 1000 * scale,
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
  const line = `⏳ Still ${statusOf(end.value)} after ${waited} s (${why}); call pipeline.wait again to keep waiting.`;
  return { ...outcome, structured, markdown: `${line}\n\n${outcome.markdown}` };
};
