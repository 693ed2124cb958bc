// Turns an Outcome into the MCP CallToolResult every surface returns (FMT-1, FMT-2, FMT-10): the
// Markdown text block with the annotation preset of the action's content kind, structuredContent on
// success only, and the embedded gitlab:// resource for get actions.
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { ContentKind } from "./catalog/types.js";

/** The result of one call, before it becomes MCP content. */
export type Outcome =
  | { kind: "success"; contentKind: ContentKind; markdown: string; structured: Record<string, unknown>; resource?: { uri: string; text: string } }
  /** A refusal written by the server: validation, confirmation, withheld (ContentMutate). */
  | { kind: "refusal"; text: string }
  /** A get whose object does not exist or is not visible (ContentDetail, FMT-12). */
  | { kind: "not_found"; text: string }
  /** GitLab or the network failed: the action's own preset (ERR-5). */
  | { kind: "error"; text: string; contentKind: ContentKind };

const PRIORITY: Record<ContentKind, number> = { list: 0.4, detail: 0.6, mutate: 0.8, assistant: 0.7, image: 0.7 };

/** Rounds priorities to 0 or 1 for clients that reject fractions (Codex profile, CMP-3). */
export interface ResultOptions {
  readonly roundPriorities: boolean;
}

function annotations(priority: number, options: ResultOptions) {
  return { audience: ["assistant" as const], priority: options.roundPriorities ? (priority >= 0.5 ? 1 : 0) : priority };
}

/** The CallToolResult of an outcome. */
export function toCallToolResult(outcome: Outcome, options: ResultOptions): CallToolResult {
  switch (outcome.kind) {
    case "success": {
      const content: CallToolResult["content"] = [{ type: "text", text: outcome.markdown, annotations: annotations(PRIORITY[outcome.contentKind], options) }];
      if (outcome.resource) {
        content.push({
          type: "resource",
          resource: { uri: outcome.resource.uri, mimeType: "application/json", text: outcome.resource.text },
          annotations: annotations(0.6, options),
        });
      }
      return { content, structuredContent: outcome.structured };
    }
    case "refusal":
      return { isError: true, content: [{ type: "text", text: outcome.text, annotations: annotations(0.8, options) }] };
    case "not_found":
      return { isError: true, content: [{ type: "text", text: outcome.text, annotations: annotations(0.6, options) }] };
    case "error":
      return { isError: true, content: [{ type: "text", text: outcome.text, annotations: annotations(PRIORITY[outcome.contentKind], options) }] };
  }
}
