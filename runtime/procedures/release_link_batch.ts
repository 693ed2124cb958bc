// release.link_create_batch: GitLab's release links API creates one asset link per request and has no
// batch endpoint, so the links are posted one after the other. All created: the answer is their list.
// The first one refused: GitLab's error, as for release.link_create. One refused after others were
// created: an error that names what was created (it stays attached) and what GitLab said, so a retry
// sends only the rest. A cancelled call (or the deadline) fails the request in flight, which reports
// the same way.
import { errorText } from "../gitlab/errors.js";
import { restPage } from "../gitlab/pagination.js";
import type { Procedure } from "./types.js";

interface LinkInput {
  readonly name: string;
  readonly url: string;
  readonly direct_asset_path?: string;
  readonly link_type?: string;
}

export const releaseLinkBatch: Procedure = async ({ action, params, ctx, call, list }) => {
  const links = (params.links ?? []) as LinkInput[];
  const created: Record<string, unknown>[] = [];
  for (const [i, link] of links.entries()) {
    try {
      const answer = await ctx.client.rest({ ...call, body: { ...link } });
      created.push((answer.body ?? {}) as Record<string, unknown>);
      ctx.progress?.(`Created link ${i + 1} of ${links.length}: ${link.name}`);
    } catch (e) {
      if (created.length === 0) throw e;
      const made = created.map((l) => `"${String(l.name)}" (ID ${String(l.id)})`).join(", ");
      return {
        kind: "error",
        contentKind: action.contentKind,
        text:
          `Created ${created.length} of ${links.length} links (${made}); they stay attached to the release.\n\n` +
          `Link ${i + 1} ("${link.name}") failed, and the rest were not sent: ${errorText(action.id, e, true)}`,
      };
    }
  }
  const n = String(created.length);
  const headers = { get: (h: string) => ({ "x-page": "1", "x-per-page": n, "x-total": n, "x-total-pages": "1" })[h] ?? null };
  return list(created, restPage(headers, created.length, {}));
};
