// Pipeline trigger tokens are secrets (anyone holding one can start pipelines). GitLab shows a token in
// full to its owner; this server never repeats it: every trigger it answers, listed or single, carries
// the token cut to its first four characters, in the Markdown and in structuredContent alike.
import { restPage } from "../gitlab/pagination.js";
import type { Procedure } from "./types.js";

/** `glptt-0123...` -> `glpt…`: what GitLab itself shows a user who does not own the token. */
export function maskToken(token: unknown): unknown {
  return typeof token === "string" ? `${token.slice(0, 4)}…` : token;
}

function masked(item: unknown): unknown {
  if (!item || typeof item !== "object" || Array.isArray(item)) return item;
  const t = item as Record<string, unknown>;
  return "token" in t ? { ...t, token: maskToken(t.token) } : t;
}

export const triggerToken: Procedure = async ({ action, params, ctx, call, list, object }) => {
  const answer = await ctx.client.rest(call);
  if (action.output.kind === "list") {
    const items = (Array.isArray(answer.body) ? answer.body : []).map(masked);
    return list(items, restPage(answer.headers, items.length, { page: params.page as number | undefined, per_page: params.per_page as number | undefined }), answer.size);
  }
  return object(masked(answer.body), answer.size);
};
