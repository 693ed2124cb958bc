// Container registry deletions that GitLab runs in the background (package.registry_delete,
// package.registry_tag_delete_bulk): GitLab answers 202 Accepted, so the answer says the cleanup is
// asynchronous rather than done. In safe mode the bulk deletion previews the tags it would delete,
// listed from the registry and filtered the way GitLab's cleanup service does (never `latest`; names
// matching name_regex_delete in full and not name_regex_keep; the keep_n newest kept; only tags older
// than older_than).
import { code } from "../markdown/escape.js";
import type { RestCall } from "../gitlab/client.js";
import type { ExecContext } from "../context.js";
import type { Procedure } from "./types.js";
import type { PreviewProcedure } from "./types.js";

const ASYNC: Readonly<Record<string, string>> = {
  "package.registry_delete": "GitLab accepted the deletion of the container repository; it runs in the background (asynchronously), and the repository shows status delete_scheduled until it is gone.",
  "package.registry_tag_delete_bulk":
    "GitLab accepted the bulk tag deletion; its cleanup runs in the background (asynchronously) and may take a while. It runs at most once an hour per repository, never deletes the tag latest, and disk space comes back only after the registry's garbage collection.",
};

export const registryCleanup: Procedure = async ({ action, ctx, call }) => {
  await ctx.client.rest(call);
  const message = ASYNC[action.id] ?? "GitLab accepted the request; it runs in the background.";
  return { kind: "success", contentKind: "mutate", markdown: `✅ ${message}`, structured: { status: "success", message } };
};

/** Pages of tags read at most for a preview, and tag details read at most for their dates. */
const MAX_PAGES = 10;
const MAX_DETAILS = 100;
const MAX_LISTED = 100;

interface Tag {
  name: string;
  created_at?: string | null;
}

/** A ChronicDuration-style span (1h, 2d, 1month, 1 week) in milliseconds; undefined when unreadable. */
export function durationMs(text: string): number | undefined {
  const unit: Record<string, number> = { s: 1e3, sec: 1e3, second: 1e3, m: 6e4, min: 6e4, minute: 6e4, h: 36e5, hr: 36e5, hour: 36e5, d: 864e5, day: 864e5, w: 6048e5, wk: 6048e5, week: 6048e5, mo: 2592e6, month: 2592e6, y: 31536e6, yr: 31536e6, year: 31536e6 };
  let total = 0;
  let matched = false;
  const rest = text.trim().toLowerCase().replace(/(\d+(?:\.\d+)?)\s*([a-z]+?)s?\b/g, (_, n: string, u: string) => {
    const ms = unit[u];
    if (ms === undefined) return _;
    total += Number(n) * ms;
    matched = true;
    return "";
  });
  return matched && rest.replace(/[\s,and]+/g, "") === "" ? total : undefined;
}

async function listTags(ctx: ExecContext, call: RestCall): Promise<{ tags: Tag[]; cut: boolean }> {
  const tags: Tag[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await ctx.client.rest({ method: "GET", path: call.path, query: { per_page: 100, page }, signal: call.signal, retry: "read" });
    const items = Array.isArray(answer.body) ? (answer.body as Tag[]) : [];
    tags.push(...items);
    if (items.length < 100) return { tags, cut: false };
  }
  return { tags, cut: true };
}

export const registryBulkPreview: PreviewProcedure = async ({ action, params, ctx, call }) => {
  if (action.id !== "package.registry_tag_delete_bulk") return undefined;
  const { tags, cut } = await listTags(ctx, call);
  const full = (source: unknown) => (typeof source === "string" && source !== "" ? new RegExp(`^(?:${source})$`) : undefined);
  let del: RegExp | undefined;
  let keep: RegExp | undefined;
  try {
    del = full(params.name_regex_delete ?? params.name_regex);
    keep = full(params.name_regex_keep);
  } catch {
    return { markdown: "The name patterns could not be read here, so the tags they match are not listed; GitLab checks them as re2 patterns.", structured: {} };
  }
  let hits = tags.filter((t) => t.name !== "latest" && del !== undefined && del.test(t.name) && !(keep?.test(t.name) ?? false));
  const keepN = params.keep_n as number | undefined;
  const olderThan = typeof params.older_than === "string" ? durationMs(params.older_than) : undefined;
  let undated = false;
  if (keepN !== undefined || olderThan !== undefined) {
    // Dates come with the tag's details when the list leaves them out.
    let details = 0;
    for (const t of hits) {
      if (t.created_at || details >= MAX_DETAILS) continue;
      details++;
      const one = await ctx.client.rest({ method: "GET", path: `${call.path}/${encodeURIComponent(t.name)}`, signal: call.signal, retry: "read" });
      t.created_at = (one.body as Tag | undefined)?.created_at ?? null;
    }
    undated = hits.some((t) => !t.created_at);
    const time = (t: Tag) => (t.created_at ? Date.parse(t.created_at) : 0);
    hits = [...hits].sort((a, b) => time(b) - time(a));
    if (keepN !== undefined) hits = hits.slice(keepN);
    if (olderThan !== undefined) {
      const before = Date.now() - olderThan;
      hits = hits.filter((t) => t.created_at && time(t) < before);
    }
  }
  const names = hits.map((t) => t.name);
  const shown = names.slice(0, MAX_LISTED);
  const lines = shown.map((n) => `- ${code(n)}`).join("\n");
  const notes = [
    cut ? `Only the first ${MAX_PAGES * 100} tags of the repository were read.` : "",
    undated ? "Some tags have no creation date here; GitLab may judge them differently." : "",
    typeof params.older_than === "string" && olderThan === undefined ? `older_than ${code(params.older_than)} could not be read here; GitLab applies it.` : "",
  ].filter((n) => n !== "");
  const heading = `**Tags this call would delete** (${names.length} of ${tags.length}${shown.length < names.length ? `, first ${shown.length} listed` : ""}):`;
  const markdown = [names.length > 0 ? `${heading}\n\n${lines}` : `**Tags this call would delete**: none of the ${tags.length} tags match.`, ...notes, "GitLab runs the deletion in the background (asynchronously) once it is sent."].join("\n\n");
  return { markdown, structured: { would_delete: shown, would_delete_count: names.length, tags_read: tags.length } };
};
