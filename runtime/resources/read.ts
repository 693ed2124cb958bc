// resources/read of a data resource (RPC-2..RPC-7): the URI's action runs through executeAction with the
// session's own context, so read-only, scopes, fine-grained grants, tiers and the response budget apply,
// and the answer is the JSON that action returns (the text of the resource block a get embeds, RPC-3).
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, type ReadResourceResult } from "@modelcontextprotocol/server";
import { executeAction, type CallFrame, type ExecContext } from "../execute.js";
import type { SessionContext } from "../features.js";
import { GitLabHttpError } from "../gitlab/errors.js";
import { mayCarrySecret, redactDeep } from "../log.js";
import { withheldSentence, type SessionView } from "../policy/view.js";
import type { Match } from "./table.js";

/** RPC-5: where a collection says how much of itself it holds (key kept from the reference implementation). */
export const PAGE_INFO = "io.github.jmrplens/pageInfo";

/** RPC-6: a file above this size is answered with its metadata only. */
export const FILE_LIMIT = 1024 * 1024;

/** Reads one matched data resource; every failure is a JSON-RPC error (resources have no isError channel). */
export async function readData(uri: string, match: Match, session: SessionContext, view: SessionView, signal: AbortSignal): Promise<ReadResourceResult> {
  const action = view.full.byId.get(match.resource.action)!;
  const withheld = view.withheld.get(action.id);
  if (withheld) {
    session.log.info("resource refused", { uri_template: match.resource.uri, action: action.id, refusal_class: withheld.reason });
    throw new ResourceNotFoundError(uri, withheldSentence(action, withheld, view.credential));
  }
  const base = session.execContext(view, signal);
  // RPC-7 tells a GitLab 404 from other failures, whatever the action's own answer to it looks like.
  let missing = false;
  const ctx: ExecContext = {
    ...base,
    embeddedResources: false,
    client: {
      rest: async (call) => {
        try {
          return await base.client.rest(call);
        } catch (e) {
          if (e instanceof GitLabHttpError && e.status === 404) missing = true;
          throw e;
        }
      },
      graphql: (...args) => base.client.graphql(...args),
    },
  };
  const frame: CallFrame = {
    origin: `resources/read ${match.resource.uri}`,
    openAliases: false,
    confirm: false,
    destructiveRefusal: "",
    mayElicit: false,
    previewName: action.id,
    previewIsError: true,
  };
  const outcome = await executeAction(action, match.params, frame, ctx);
  if (outcome.kind === "not_found" || (outcome.kind === "error" && missing)) throw new ResourceNotFoundError(uri);
  if (outcome.kind === "refusal") throw new ProtocolError(ProtocolErrorCode.InvalidParams, outcome.text, { uri });
  if (outcome.kind === "error") throw new ProtocolError(ProtocolErrorCode.InternalError, outcome.text, { uri });
  const structured = clean(outcome.structured);
  if (action.id === "repository.file_get") return fileContents(uri, structured);
  const result: ReadResourceResult = { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(structured) }] };
  if (match.resource.collection) result._meta = { [PAGE_INFO]: pageInfo(structured, action.output.key!) };
  return result;
}

/** ERR-20: nothing that leaves the server carries a credential. */
const clean = (structured: Record<string, unknown>) => (mayCarrySecret(JSON.stringify(structured)) ? (redactDeep(structured) as Record<string, unknown>) : structured);

/** RPC-5: how many items came, how many GitLab says exist, and whether that is all of them. */
export function pageInfo(structured: Record<string, unknown>, key: string): { returned: number; total?: number; complete: boolean } {
  const returned = (structured[key] as unknown[] | undefined)?.length ?? 0;
  const page = (structured.pagination ?? {}) as { total_items?: number; has_more?: boolean; has_next_page?: boolean };
  const more = page.has_more === true || page.has_next_page === true || structured.truncation !== undefined;
  // GitLab's pagination reports 0 for a total it did not send; a real zero is an empty, complete page.
  const total = typeof page.total_items === "number" && page.total_items > 0 ? page.total_items : returned === 0 && !more ? 0 : undefined;
  return { returned, ...(total !== undefined ? { total } : {}), complete: !more };
}

const WINDOW_FIELDS = ["content", "encoding", "start_line", "end_line", "next_start_line", "total_lines", "notice", "content_omitted"];

/**
 * RPC-6: a file above 1 MiB answers its metadata with truncated: true; a binary file answers its
 * metadata with empty content, and its bytes as a blob beside it when they came within the budget.
 */
function fileContents(uri: string, file: Record<string, unknown>): ReadResourceResult {
  const json = (o: Record<string, unknown>) => ({ uri, mimeType: "application/json", text: JSON.stringify(o) });
  if (typeof file.size === "number" && file.size > FILE_LIMIT) {
    const meta = Object.fromEntries(Object.entries(file).filter(([k]) => !WINDOW_FIELDS.includes(k)));
    return { contents: [json({ ...meta, content: "", truncated: true, notice: "The file is above 1 MiB: read a window of it with repository.file_get (start_line, line_count) or its bytes with repository.file_raw." })] };
  }
  if (file.binary !== true) return { contents: [json(file)] };
  const bytes = typeof file.content === "string" && file.encoding === "base64" ? file.content : undefined;
  const meta = { ...file, content: "" };
  return { contents: [json(meta), ...(bytes !== undefined ? [{ uri, mimeType: String(file.content_type ?? "application/octet-stream"), blob: bytes }] : [])] };
}
