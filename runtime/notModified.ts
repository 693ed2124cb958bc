// GitLab's 304 Not Modified to a write (catalog `not_modified:`): the state the caller asked for already
// holds (the project is already starred, the user already subscribed), so it is no failure. The answer
// is the catalog's sentence; where the catalog names the resource to show, it is read back and its card
// is written under the sentence, as the write would have shown it.
import type { ActionRecord } from "./catalog/types.js";
import type { GitLabApi } from "./gitlab/client.js";
import { errorText, GitLabHttpError } from "./gitlab/errors.js";
import type { Outcome } from "./result.js";

/** Whether this failure is a 304 the action's catalog entry answers. */
export function isNotModified(action: ActionRecord, e: unknown): action is ActionRecord & { notModified: NonNullable<ActionRecord["notModified"]> } {
  return Boolean(action.notModified) && e instanceof GitLabHttpError && e.status === 304;
}

/** What answering a 304 needs from the call: the client, the filled path of `show`, and the action's card writer. */
export interface NotModifiedCall {
  readonly client: GitLabApi;
  readonly signal?: AbortSignal;
  /** The `show` template with the call's parameters filled in. */
  readonly showPath?: string;
  readonly object: (obj: unknown, sourceBytes?: number) => Outcome;
}

export async function notModifiedOutcome(action: ActionRecord, call: NotModifiedCall): Promise<Outcome> {
  const say = action.notModified!.say;
  if (!call.showPath) return { kind: "error", contentKind: action.contentKind, text: `${action.id}: ${say}` };
  let current;
  try {
    current = await call.client.rest({ method: "GET", path: call.showPath, signal: call.signal, retry: "read" });
  } catch (e) {
    return { kind: "error", contentKind: action.contentKind, text: `${action.id}: ${say} Reading it back failed: ${errorText(action.id, e, false)}` };
  }
  const out = call.object(current.body, current.size);
  if (out.kind !== "success") return out;
  // The sentence stands right under the card's heading, before its rows.
  const lines = out.markdown.split("\n");
  lines.splice(1, 0, "", say);
  return { ...out, markdown: lines.join("\n") };
}
