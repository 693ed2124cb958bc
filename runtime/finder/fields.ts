// The fields of the finder's index (issue 24), shared by codegen, which builds and serializes the index,
// and the runtime, which loads it: MiniSearch must be given the same options both times.

/** An action as indexed: each field already analyzed into space-separated terms. */
export interface IndexedAction {
  readonly id: string;
  /** The words of the canonical ID. */
  readonly name: string;
  readonly title: string;
  /** Tags and aliases. */
  readonly tags: string;
  readonly params: string;
  readonly description: string;
  /** Requests of the tuning set (test/finder/eval/) that this action answers. */
  readonly examples: string;
}

export const FIELDS = ["name", "title", "tags", "params", "description", "examples"] as const;

/** How much a match in each field counts. */
export const BOOSTS: Readonly<Record<(typeof FIELDS)[number], number>> = {
  name: 4,
  title: 2,
  tags: 2.5,
  params: 0.4,
  description: 0.5,
  examples: 1.5,
};

/** Terms are analyzed before MiniSearch sees them: it splits on spaces and keeps each term as it is. */
export const indexOptions = {
  fields: [...FIELDS],
  idField: "id",
  tokenize: (text: string) => text.split(" ").filter((t) => t.length > 0),
  processTerm: (term: string) => term,
};
