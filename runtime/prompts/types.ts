// The shape of a prompt definition (RPC-9): its arguments, the catalog actions it reads, the facts it
// gathers through them and the canonical actions it names for what to do next. Definitions are data
// plus one `gather` function each; the engine (engine.ts) runs them under the session's policy.

/** One argument of a prompt, named as RPC-9 and RPC-13 name it (completions key on the name). */
export interface PromptArg {
  readonly name: string;
  /** States the default of an optional argument (RPC-11). */
  readonly description: string;
  readonly required?: boolean;
}

/** A titled block of facts; lines are cut from the end when the message is over the size budget. */
export interface Section {
  readonly title: string;
  readonly lines: readonly string[];
  /** Said when the section has no lines. */
  readonly empty?: string;
}

/** A GitLab object or list row as the catalog action answered it. */
export type Row = Record<string, unknown>;

/** What a prompt's `gather` may do: read through catalog actions, each counted and policed. */
export interface PromptRun {
  /** The moment the prompt runs (dates such as "since yesterday" are relative to it). */
  readonly now: Date;
  /** Runs a read action that answers an object; throws the prompt's failure when it fails. */
  get(id: string, params: Row): Promise<Row>;
  /** Runs a read action that answers a list; its rows (one page). */
  list(id: string, params: Row): Promise<Row[]>;
  /** As `list`, but a withheld action gives undefined and a note instead of failing the prompt. */
  listIfAllowed(id: string, params: Row): Promise<Row[] | undefined>;
  /** As `get`, but a withheld action gives undefined and a note. */
  getIfAllowed(id: string, params: Row): Promise<Row | undefined>;
  /** The authenticated user (user.current), read once per prompt. */
  me(): Promise<Row>;
  /** The user with this username, or the current user when none is given (RPC-11). */
  user(username: string | undefined): Promise<Row>;
  /** Adds a line under "Notes" (a part left out, a page cut). */
  note(text: string): void;
}

/** One prompt of RPC-9. */
export interface PromptDef {
  readonly name: string;
  readonly title: string;
  /** Says what it gathers and how many GitLab requests it makes at most. */
  readonly description: string;
  readonly args: readonly PromptArg[];
  /** The actions it cannot do without: the prompt is listed while one of them is routable (RPC-10). */
  readonly needs: readonly string[];
  /** The instruction to the model, placed before the facts. */
  task(args: Readonly<Record<string, string | undefined>>): string;
  /** Canonical action IDs to act on next, each with what it is for; withheld ones are left out. */
  readonly next: readonly (readonly [id: string, why: string])[];
  gather(run: PromptRun, args: Readonly<Record<string, string | undefined>>): Promise<Section[]>;
}
