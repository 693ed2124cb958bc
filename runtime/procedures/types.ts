// What a procedure is and what it is handed (types only): procedures depend on this, the registry in
// index.ts depends on the procedures, and nothing points back.
import type { ActionRecord } from "../catalog/types.js";
import type { RestCall } from "../gitlab/client.js";
import type { restPage } from "../gitlab/pagination.js";
import type { ExecContext } from "../context.js";
import type { Outcome } from "../result.js";

/** What a procedure is handed: the validated call and the writer's entry points for its action. */
export interface ProcedureCall {
  readonly action: ActionRecord;
  /** Validated parameters under our names, `in: local` ones included. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly ctx: ExecContext;
  /** The request the catalog describes, ready to send (`in: local` parameters left out). */
  readonly call: RestCall;
  /** Writes a list result, as a plain list action would. */
  readonly list: (items: unknown[], page: ReturnType<typeof restPage>, sourceBytes?: number) => Outcome;
  /** Writes an object result (the action's card), as a plain get would. */
  readonly object: (obj: unknown, sourceBytes?: number) => Outcome;
  /** The action's not-found card, when it has one. */
  readonly notFound: (why: Record<string, unknown>) => Outcome | undefined;
  /** The action's next steps, filtered to what this session may run. */
  readonly steps: () => string[];
}

export type Procedure = (call: ProcedureCall) => Promise<Outcome>;

/** A safe-mode preview's addition, for a procedure whose preview must read GitLab first. */
export interface PreviewCall {
  readonly action: ActionRecord;
  readonly params: Readonly<Record<string, unknown>>;
  readonly ctx: ExecContext;
  readonly call: RestCall;
}

/** What a preview adds: a Markdown section and fields of the preview object. */
export interface PreviewPart {
  readonly markdown: string;
  readonly structured: Record<string, unknown>;
}

export type PreviewProcedure = (call: PreviewCall) => Promise<PreviewPart | undefined>;
