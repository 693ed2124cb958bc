// What a call needs at run time and how its surface frames it: the types executeAction, the surfaces,
// the procedures and the features share. Types only, so every module can depend on them and on nothing
// else of the executor (no import circle between the executor and the procedures it dispatches to).
import type { FineGrained } from "./policy/credential.js";
import type { GitLabApi } from "./gitlab/client.js";
import type { Logger } from "./log.js";
import type { Confirmation } from "./policy/gates.js";

/** What a call needs at run time: dependencies arrive here, never as module state (STYLE rule 19). */
export interface ExecContext {
  readonly client: GitLabApi;
  readonly log: Logger;
  readonly yolo: boolean;
  readonly safeMode: boolean;
  readonly allowQuickActions: boolean;
  readonly embeddedResources: boolean;
  /** RES-17: each part of a result stays within this many bytes. */
  readonly maxResponseBytes: number;
  /** Asks the user to confirm a destructive action through form elicitation (SAF-14 step 3). */
  readonly elicit: (message: string) => Promise<Confirmation>;
  /** Whether an action may be suggested or run in this session (SUR-5). */
  readonly routable: (id: string) => boolean;
  /** The GitLab instance root (`https://gitlab.example.com`): pasted web addresses must be on it. */
  readonly instanceUrl: string;
  readonly signal?: AbortSignal;
  /** Sends a progress notification when the client asked for them (long reads and waits, RES-33). */
  readonly progress?: (message: string) => void;
  /** Present in a session whose token is fine-grained (SAF-31): its grant, judged or not. */
  readonly fineGrained?: FineGrained;
  /** How the client reaches the server: local file parameters are refused over HTTP (SAF-45). */
  readonly transport?: "stdio" | "http";
}

/** How the calling surface frames the call. */
export interface CallFrame {
  /** Prefix of validation messages (`gitlab_execute_action/branch.get`, `gitlab_branch/get`, `gitlab_branch_get`). */
  readonly origin: string;
  /** The surface's schema is open, so parameter aliases are accepted (CAT-24). */
  readonly openAliases: boolean;
  readonly confirm: boolean;
  /** The refusal for an unconfirmed destructive action, worded for the surface (DYN-15 step 9, SAF-14). */
  readonly destructiveRefusal: string;
  /** The surface may ask the user to confirm (meta and individual; never dynamic, SAF-15). */
  readonly mayElicit: boolean;
  /** The name a safe-mode preview shows: the canonical ID, or the tool name on individual (SAF-9). */
  readonly previewName: string;
  /** Individual answers a preview as an isError result, since it is not the tool's declared output (IND-4). */
  readonly previewIsError: boolean;
  /** What precedes a withheld sentence: `gitlab_execute_action: ` on the dynamic surface (SAF-42). */
  readonly withheldPrefix?: string;
}
