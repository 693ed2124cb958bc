// SAF-14 step 3, the confirmation form, written once for both protocol eras. A destructive call that
// needs the user's approval returns an input-required result asking one question (a required boolean);
// the client shows it and sends the same call again with the answer. On a 2025-era connection the SDK
// plays the client's part itself: it sends a real elicitation/create request and re-enters the handler
// with the answer, so the handler cannot tell the eras apart.
//
// The question's state comes back through the client and is untrusted: it is signed (HMAC-SHA256 via the
// SDK's codec), expires with the confirmation window, and names the call it was asked about, so an answer
// applies only to the exact tool and arguments the user saw. The signing key is derived from the
// credential and the instance: every replica serving that credential derives the same key (no shared
// secret to configure), and a state minted for one credential means nothing to another. With no token
// (public data on stdio) a random per-process key serves the one process that answers every round.
import { createHash, randomBytes } from "node:crypto";
import { createRequestStateCodec, inputRequired, type CallToolResult, type ServerContext } from "@modelcontextprotocol/server";
import type { Confirmation } from "./policy/gates.js";

/** SAF-14: how long the user has to answer a confirmation. */
export const CONFIRMATION_LIMIT_MS = 5 * 60_000;

/** Thrown by the session's elicit when the user must be asked: the handler answers the question instead. */
export class NeedsConfirmation extends Error {}

/** What the signed state carries: a digest of the call the question is about. */
interface AskedState {
  readonly call: string;
}

/** The form: one required boolean (SAF-14). */
const FORM = {
  type: "object" as const,
  properties: { confirm: { type: "boolean" as const, title: "Confirm", description: "Run this operation. It may be irreversible." } },
  required: ["confirm"],
};

/** Canonical JSON (keys sorted at every depth), so a re-sent call digests the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const digest = (tool: string, args: Record<string, unknown>) => createHash("sha256").update(`${tool}\0${canonical(args)}`).digest("base64url");

/** The confirmations of one session: asks, and reads the answers that come back. */
export class Confirmations {
  private readonly codec;

  constructor(token: string | undefined, gitlabUrl: string) {
    const key = token ? createHash("sha256").update(`gitlab-mcp-server/confirmation\0${gitlabUrl}\0${token}`).digest() : randomBytes(32);
    this.codec = createRequestStateCodec<AskedState>({ key, ttlSeconds: CONFIRMATION_LIMIT_MS / 1000 });
  }

  /** ServerOptions.requestState.verify: a state this session did not sign, or an expired one, is refused. */
  readonly verify = (state: string, ctx: ServerContext): Promise<AskedState> => this.codec.verify(state, ctx);

  /** The user's answer this call came back with, when it answers a question about this very call. */
  answer(tool: string, args: Record<string, unknown>, ctx: ServerContext): Confirmation | undefined {
    const state = ctx.mcpReq.requestState<AskedState>();
    if (typeof state !== "object" || state === null || state.call !== digest(tool, args)) return undefined;
    const response = ctx.mcpReq.inputResponses?.confirm as { action?: unknown; content?: { confirm?: unknown } } | undefined;
    if (response?.action === "accept") return response.content?.confirm === true ? "accept" : "decline";
    if (response?.action === "decline" || response?.action === "cancel") return response.action;
    return undefined;
  }

  /** The input-required result that asks the user (the SDK's type hides the wire-only result kind). */
  async ask(message: string, tool: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const requestState = await this.codec.mint({ call: digest(tool, args) });
    return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message, requestedSchema: FORM }) }, requestState }) as unknown as CallToolResult;
  }
}
