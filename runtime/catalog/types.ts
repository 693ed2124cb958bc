/**
 * The shape of the generated catalog: one declarative record per action. codegen/ writes these records
 * into generated/ from catalog.yaml, and everything in runtime/ interprets them. Special cases are named
 * flags here, never bespoke generated functions (STYLE rule 2).
 */

/** read changes nothing, write can be undone by its opposite action, destructive cannot (CAT-7). */
export type Classification = "read" | "write" | "destructive";

/** Decides the annotation preset of a successful text block (CAT-12, FMT-10). */
export type ContentKind = "list" | "detail" | "mutate" | "assistant" | "image";

/** GitLab subscription tiers, ordered free < premium < ultimate (CAT-18). */
export type Tier = "free" | "premium" | "ultimate";

/** Where a fine-grained token's permission is held: on a project, a group, the user or the instance. */
export type Boundary = "project" | "group" | "user" | "instance";

/** One permission an action needs from a fine-grained token, held at any one of these boundaries. */
export interface FineGrainedNeed {
  /** GitLab's permission name (`read_merge_request`). */
  readonly permission: string;
  readonly boundaries: readonly Boundary[];
}

/**
 * What a fine-grained personal access token needs to reach an action, as GitLab's permission tables say
 * for the recorded release (SAF-33): every permission of `needs`, or, with `none`, no fine-grained token
 * reaches the action at all (`why` says so in a sentence).
 */
export type FineGrainedRecord =
  | {
      readonly reach: "granted";
      readonly needs: readonly FineGrainedNeed[];
      /** GitLab lets any fine-grained token read this route when its target is public (the table's public section). */
      readonly publicRead?: true;
      /** GraphQL: parts of the answer (dotted field paths) that need further permissions; GitLab leaves them empty without. */
      readonly parts?: readonly { readonly path: string; readonly permissions: readonly string[] }[];
    }
  | { readonly reach: "none"; readonly why: string };

/**
 * Parameter types. `id` is GitLab's "integer or string" identifier (project ID or full path). `role` is a
 * GitLab access level, given as the number GitLab takes (30) or the role's name (Developer).
 */
export type ParamType = "string" | "integer" | "number" | "boolean" | "id" | "role" | "array" | "object";

/** One input parameter, with our name and the name GitLab uses on the wire. */
export interface ParamRecord {
  readonly name: string;
  readonly gitlabName: string;
  /** `local` is read by the action's runtime procedure and never sent to GitLab (a log's tail_lines). */
  readonly in: "path" | "query" | "body" | "local";
  readonly type: ParamType;
  readonly required: boolean;
  readonly aliases: readonly string[];
  /** Sent as a one-element array (`iids[]=3`): GitLab filters some lists by an array where we take one value. */
  readonly asArray?: true;
  /** A credential or secret (a token, a password, a CI variable's value): only the request to GitLab carries it. */
  readonly secret?: true;
}

/** A REST request. `path` names our parameters (`/projects/{project_id}/...`). */
export interface RestRequest {
  readonly kind: "rest";
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly path: string;
  readonly pagination?: "offset";
  /** GitLab sends no totals for this list (search): pagination reports lower bounds (FMT-5). */
  readonly noTotals?: true;
  /**
   * GET a list filtered to one item and answer its first item as the object; an empty list answers as
   * GitLab's 404 on a get would (the not-found card). For objects GitLab finds by another key than the
   * one we take, such as a milestone by IID through `?iids[]=` where `/milestones/:id` wants the global ID.
   */
  readonly singleFromList?: true;
  /**
   * A named runtime procedure (runtime/procedures/) that sends this request and shapes the answer where
   * one plain call is not enough: a streamed log read as a window, a wait that polls, a diff note whose
   * position is computed from the latest version.
   */
  readonly procedure?: string;
  /** The multipart part procedure file_upload sends the file as (GitLab's `avatar`); `file` when absent. */
  readonly uploadPart?: "avatar";
}

/** A GraphQL request. `variables` maps each GraphQL variable to the parameter that fills it. */
export interface GraphqlRequest {
  readonly kind: "graphql";
  readonly document: string;
  readonly operationName: string;
  readonly variables: Readonly<Record<string, string>>;
  /** Dotted path from `data` to the returned object or connection. */
  readonly result: string;
  readonly pagination?: "cursor";
  /** Parameter holding a project ID or path; a numeric ID is resolved to the full path first. */
  readonly fullPathFrom?: string;
}

/** What a successful call returns in structuredContent (FMT-2a). */
export interface OutputRecord {
  readonly kind: "object" | "list" | "status";
  /** Catalog type name (Branch, ProtectedBranch, ...). */
  readonly type?: string;
  /** Plural key of a list (`branches`). */
  readonly key?: string;
}

/**
 * How a value is shown in a card row or table cell. The writer in runtime/markdown/ implements each.
 * - state, pipeline_status, severity: the contract's status marker before the value (FMT-9)
 * - warning, draft, confidential: a marker shown only when the value is true
 * - user (a username), users (user objects), labels (names or label objects)
 * - pipeline_ref: an embedded pipeline as `[#id](web_url) <status>`
 * - reference_project: the project part of a full reference (`group/project!243`)
 * - count: a number, with the column's unit when it has one (`3 files`)
 * - role: a GitLab access level as its role name and number (`Developer (30)`)
 * - markdown: long text written by GitLab users, written after a card's rows (SAF-49)
 * - strategies: named rules with parameters and scopes (`flexibleRollout (rollout: 50) on production`)
 */
export type ValueStyle =
  | "text"
  | "bool"
  | "datetime"
  | "date"
  | "link"
  | "code"
  | "user"
  | "users"
  | "labels"
  | "count"
  | "list"
  | "access_levels"
  | "role"
  | "state"
  | "pipeline_status"
  | "severity"
  | "warning"
  | "draft"
  | "confidential"
  | "pipeline_ref"
  | "reference_project"
  | "markdown"
  | "strategies";

/** One card row or table column: a label and a dotted field path. */
export interface ColumnRecord {
  readonly label: string;
  readonly field: string;
  readonly as: ValueStyle;
  /** Field holding the web URL that the value links to. */
  readonly link?: string;
  /** Unit of a count, singular (`file` writes `1 file`, `3 files`). */
  readonly unit?: string;
  /** Show the value only when another field holds one of these values (`merged_at` only once merged). */
  readonly when?: { readonly field: string; readonly in: readonly string[] };
}

/** The Markdown presentation of an action's result. Formatters only choose fields and labels. */
export interface PresentationRecord {
  readonly title?: string;
  readonly heading?: string;
  readonly empty?: string;
  readonly columns?: readonly ColumnRecord[];
  readonly fields?: readonly ColumnRecord[];
  /** After a list's table, one fenced block per row for a long text field such as a file's diff. */
  readonly details?: { readonly heading: string; readonly field: string; readonly lang?: string };
  /**
   * A settings write (project.update): the card shows only what the call changed. Its `fields` rows
   * whose field a sent param names, then one row per other sent param, with the value GitLab now holds.
   */
  readonly changed?: true;
}

/** A next step: `Use action '<action>' <text>`, or free text when no action is named. */
export interface NextStepRecord {
  readonly action?: string;
  readonly text: string;
}

/** The not-found card of a get action (FMT-12). `subject` has {param} placeholders. */
export interface NotFoundRecord {
  readonly resource: string;
  readonly subject: string;
  readonly hints: readonly NextStepRecord[];
}

/** One action of the catalog. */
export interface ActionRecord {
  readonly id: string;
  readonly domain: string;
  readonly action: string;
  readonly title: string;
  readonly description: string;
  readonly classification: Classification;
  readonly idempotent: boolean;
  readonly contentKind: ContentKind;
  readonly tier: Tier;
  readonly gitlabComOnly: boolean;
  readonly scope: "read_api" | "api";
  readonly adminMode: boolean;
  readonly graphql: boolean;
  /** What a fine-grained token needs to reach this action (codegen joins GitLab's permission tables). */
  readonly fineGrained: FineGrainedRecord;
  readonly tags: readonly string[];
  readonly aliases: readonly string[];
  /** Aliases that run this action with some parameters fixed: issue.close is issue.update with state_event close (CAT-23). */
  readonly lifecycleAliases?: readonly { readonly alias: string; readonly params: Readonly<Record<string, string | number | boolean>> }[];
  readonly docsUrl?: string;
  readonly resourceTemplate?: string;
  readonly quickActionFields: readonly string[];
  readonly request: RestRequest | GraphqlRequest;
  readonly params: readonly ParamRecord[];
  readonly requiredParams: readonly string[];
  readonly output: OutputRecord;
  /**
   * CAT-20: output fields only a higher tier fills, as paths into the action's output schema
   * (`["properties", "weight"]`); a session on a lower tier is served the schema without them.
   */
  readonly tieredOutput?: readonly { readonly path: readonly string[]; readonly tier: Tier }[];
  /**
   * GitLab answers 304 Not Modified when the state asked for already holds (already starred, already
   * subscribed). `say` is the sentence answered; `show`, a path with our {params}, is read back and
   * shown under it. Without `show` there is no object to show and the sentence alone is the answer.
   */
  readonly notModified?: { readonly say: string; readonly show?: string };
  /**
   * A write whose answer names one side only (procedure both_sides): the resource to read before or after
   * it (if any), and the result's fields as expressions over the read, the answer and the params
   * (runtime/procedures/sides.ts); `spread` starts from GitLab's answer; `refused` adds a sentence to
   * GitLab's refusal of that HTTP status.
   */
  readonly sides?: SidesRecord;
}

export interface SidesRecord {
  readonly read?: { readonly path: string; readonly when: "before" | "after" };
  readonly spread?: true;
  /** Each field's alternatives, in order: the first with a value is written. */
  readonly fields: Readonly<Record<string, readonly SideAlternative[]>>;
  readonly refused?: Readonly<Record<string, string>>;
}

/** A path into the resource read, GitLab's answer, or the params; a step may pick a list's item by key. */
export interface SidePath {
  readonly from: "read" | "answer" | "param";
  readonly steps: readonly { readonly field: string; readonly pick?: { readonly key: string; readonly equals: SidePath } }[];
}

/** One alternative of a side field: a path (as an integer or text, when `as` says), or a template of text and paths. */
export type SideAlternative = { readonly path: SidePath; readonly as?: "int" | "text" } | { readonly template: readonly (string | SidePath)[] };

/** How an action's result is written: generated into generated/domains/<domain>.ts, interpreted by the writer. */
export interface FormatterRecord {
  readonly present: PresentationRecord;
  readonly nextSteps: readonly NextStepRecord[];
  readonly notFound?: NotFoundRecord;
}

/**
 * A GitLab web address a user may paste (catalog.yaml web_links): the part of a project page's path after
 * `/-/`, with `{param}` captures (`{param*}` takes the rest of the path), and further params `also`
 * filled from a capture (`branch_name` from `ref`).
 */
export interface WebLinkRecord {
  readonly path: string;
  readonly also?: Readonly<Record<string, string>>;
}

/** A domain: the unit of the meta surface (`gitlab_<domain>`). */
export interface DomainRecord {
  readonly name: string;
  readonly title: string;
  readonly description: string;
}

/** A JSON Schema object as the generated schemas hold it. */
export type JsonSchema = { readonly [key: string]: unknown };

/** A precompiled ajv validator: true when valid, otherwise `errors` holds every problem. */
export interface Validator {
  (data: unknown): boolean;
  errors?: import("ajv").ErrorObject[] | null;
}

/** A domain's generated module: what running its actions needs beyond the registry. */
export interface DomainCode {
  readonly inputValidators: Readonly<Record<string, Validator>>;
  readonly formatters: Readonly<Record<string, FormatterRecord>>;
  readonly outputSchemas: Readonly<Record<string, JsonSchema>>;
}

/** One action's share of its domain's module. */
export interface ActionCode {
  readonly validate: Validator;
  readonly format: FormatterRecord;
  readonly outputSchema: JsonSchema;
}
