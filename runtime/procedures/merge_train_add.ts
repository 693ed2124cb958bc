// merge_train.add: GitLab answers the cars of the train the merge request joined (201), or that it will
// join once its checks pass (202 with auto_merge). One status line says which, with the car's place.
import { code, escapeText } from "../markdown/escape.js";
import type { Procedure } from "./types.js";

interface Car {
  id?: unknown;
  status?: unknown;
  target_branch?: unknown;
  merge_request?: { iid?: unknown } | null;
}

export const mergeTrainAdd: Procedure = async ({ action, params, ctx, call }) => {
  const answer = await ctx.client.rest(call);
  const cars = (Array.isArray(answer.body) ? answer.body : []) as Car[];
  const iid = params.merge_request_iid;
  const car = cars.find((c) => c?.merge_request?.iid === iid);
  let message: string;
  let markdown: string;
  if (answer.status === 202 || !car) {
    message = `Merge request !${String(iid)} will join the merge train when its checks pass.`;
    markdown = `✅ ${escapeText(message)}`;
  } else {
    const branch = String(car.target_branch ?? "");
    const ahead = cars.filter((c) => typeof c.id === "number" && typeof car.id === "number" && c.id < car.id).length;
    message = `Merge request !${String(iid)} is on the merge train of ${branch} as car ${String(car.id)} (${String(car.status)}), ${ahead} ahead of it.`;
    markdown = `✅ Merge request !${String(iid)} is on the merge train of ${code(branch)} as car ${escapeText(String(car.id))} (${escapeText(String(car.status))}), ${ahead} ahead of it.`;
  }
  return { kind: "success", contentKind: action.contentKind, markdown, structured: { status: "success", message } };
};
