// Writes whose answer names one side only (a transfer answers where the project went, a share answers
// IDs): the catalog's `sides:` names a resource to read before or after the write, and the fields of
// the result as expressions over the read, GitLab's answer and the parameters (see ./sides.ts).
// - The read is a courtesy: when it fails, the write still happens (before) or still stands (after), and
//   the fields it would have filled fall back to their next alternative.
// - GitLab's refusal of the write reaches the caller as GitLab wrote it, with the catalog's sentence for
//   that status (`refused:`) after it.
import { errorText, GitLabHttpError } from "../gitlab/errors.js";
import { pathSegment } from "../gitlab/route.js";
import type { Procedure } from "./types.js";
import { sideValue } from "./sides.js";

export const bothSides: Procedure = async ({ action, params, ctx, call, object }) => {
  const sides = action.sides;
  if (!sides) throw new Error(`${action.id}: procedure both_sides needs the catalog's sides`);
  const side = sides.read;
  const read = async (): Promise<unknown> => {
    if (!side) return undefined;
    const readPath = side.path.replace(/\{([a-z_0-9]+)\}/g, (_, name: string) => pathSegment(params[name]));
    try {
      return (await ctx.client.rest({ method: "GET", path: readPath, signal: call.signal, retry: "read" })).body;
    } catch (e) {
      ctx.log.info("side read failed; the result names fewer sides", { action: action.id, status: e instanceof GitLabHttpError ? e.status : undefined });
      return undefined;
    }
  };
  const before = side?.when === "before" ? await read() : undefined;
  let answer;
  try {
    answer = await ctx.client.rest(call);
  } catch (e) {
    const hint = e instanceof GitLabHttpError ? sides.refused?.[String(e.status)] : undefined;
    if (!hint) throw e;
    return { kind: "error", contentKind: action.contentKind, text: `${errorText(action.id, e, true).replace(/\.?$/, ".")} ${hint}` };
  }
  const scope = { read: side?.when === "before" ? before : await read(), answer: answer.body, param: params };
  const base = sides.spread && answer.body && typeof answer.body === "object" && !Array.isArray(answer.body) ? (answer.body as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...base };
  for (const [field, expr] of Object.entries(sides.fields)) {
    const v = sideValue(expr, scope);
    if (v !== undefined) out[field] = v;
  }
  return object(out, answer.size);
};
