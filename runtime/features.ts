// What a session offers beside its tools (BEHAVIOR §7: resources, prompts, completions) is a list of
// features. Each declares its capabilities and installs its request handlers on the session's server;
// it reaches GitLab only through executeAction with the session's own context, so read-only, scopes,
// fine-grained grants, tiers and rate limits apply to it exactly as to a tool call.
import type { Server, ServerCapabilities } from "@modelcontextprotocol/server";
import type { Config } from "./config.js";
import type { ExecContext } from "./execute.js";
import type { Logger } from "./log.js";
import type { SessionView } from "./policy/view.js";
import type { Charge } from "./ratelimit.js";
import type { Surface } from "./surfaces/types.js";
import { catalogResources } from "./resources/index.js";
import { catalogPrompts } from "./prompts/index.js";

/** The protocol era a session serves: `legacy` opened with initialize, `modern` is 2026-07-28. */
export type Era = "legacy" | "modern";

/** What a feature may use of its session. */
export interface SessionContext {
  readonly config: Config;
  readonly log: Logger;
  readonly era: Era;
  /** The session's view of the catalog and its surface, once the credential is known; throws the session's refusal. */
  surfaceNow(): Promise<{ view: SessionView; surface: Surface }>;
  /** RES-15/16: false, logged, when the request's rate bucket is empty. */
  allowed(charge: Charge, what: string): Promise<boolean>;
  /** The context a catalog action runs in on this session's behalf (nothing here asks the user to confirm). */
  execContext(view: SessionView, signal: AbortSignal): ExecContext;
}

/** One capability of the server beside tools. */
export interface Feature {
  /** Merged into the capabilities the server advertises. */
  capabilities(config: Config): ServerCapabilities;
  /** Sets the request handlers of the feature on one session's server. */
  install(server: Server, session: SessionContext): void;
}

/** Every feature, in the order their capabilities are merged. */
export const FEATURES: readonly Feature[] = [catalogResources, catalogPrompts];
