// pipeline.trigger_run: GitLab takes the variables of a triggered pipeline as a hash ({"VAR1": "v"}),
// which a closed input schema cannot describe; the action takes them as a list of {key, value} and
// this procedure sends them as GitLab's hash.
import type { Procedure } from "./types.js";

export const triggerRun: Procedure = async ({ params, ctx, call, object }) => {
  const list = (params.variables as { key?: string; value?: string }[] | undefined) ?? [];
  const variables = Object.fromEntries(list.filter((v) => typeof v.key === "string" && v.key !== "").map((v) => [v.key!, v.value ?? ""]));
  const body = list.length > 0 ? { ...call.body, variables } : call.body;
  const answer = await ctx.client.rest({ ...call, body });
  return object(answer.body, answer.size);
};
