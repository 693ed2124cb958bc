// The shape of catalog.yaml as parsed, after schema validation (see codegen/catalog.schema.json).

export interface RawParam {
  use?: string;
  type?: "string" | "integer" | "number" | "boolean" | "id" | "role" | "array" | "object";
  items?: RawParam;
  properties?: Record<string, RawParam>;
  description?: string;
  required?: boolean;
  in?: "path" | "query" | "body" | "local";
  gitlab_name?: string;
  as_array?: true;
  enum?: (string | number)[];
  default?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  min_length?: number;
  max_length?: number;
  min_items?: number;
  max_items?: number;
  format?: string;
  pattern?: string;
  aliases?: string[];
  secret?: boolean;
}

export interface RawField {
  type?: "string" | "integer" | "number" | "boolean" | "object" | "array";
  ref?: string;
  items?: RawField;
  format?: "date-time" | "date" | "uri";
  description?: string;
  guaranteed?: boolean;
  /** Only this tier or a higher one fills the field (CAT-20). */
  tier?: "premium" | "ultimate";
}

export interface RawColumn {
  label: string;
  field: string;
  as?: string;
  link?: string;
  unit?: string;
  when?: { field: string; in: string[] };
}

export type RawNextStep = Record<string, string>;

export interface RawAction {
  title: string;
  description: string;
  classification: "read" | "write" | "destructive";
  idempotent?: boolean;
  content_kind: "list" | "detail" | "mutate" | "assistant" | "image";
  tier: "free" | "premium" | "ultimate";
  gitlab_com_only?: boolean;
  scope: "read_api" | "api";
  admin_mode?: boolean;
  tags?: string[];
  aliases?: string[];
  lifecycle_aliases?: Record<string, Record<string, string | number | boolean>>;
  docs?: string;
  resource_template?: string;
  quick_action_fields?: string[];
  /** GitLab parameters of the endpoint the action leaves out on purpose, with the reason (codegen/lib/audit.ts). */
  omitted?: Record<string, string>;
  /** Overrides the join with GitLab's fine-grained permission tables, with the reason (codegen/lib/fineGrained.ts). */
  fine_grained?: { reason: string; none?: true; needs?: { permission: string; boundaries: ("project" | "group" | "user" | "instance")[] }[] };
  request: {
    rest?: { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; path: string; pagination?: "offset"; no_totals?: true; single_from_list?: true; procedure?: string; upload_part?: "avatar" };
    graphql?: { document: string; variables: Record<string, string>; result: string; pagination?: "cursor"; full_path_from?: string };
  };
  params?: Record<string, RawParam>;
  output: { object?: string; list?: string; key?: string; with?: string; status?: true };
  present: { title?: string; heading?: string; empty?: string; columns?: RawColumn[]; fields?: RawColumn[]; details?: { heading: string; field: string; lang?: string }; changed?: true };
  next_steps?: RawNextStep[];
  not_found?: { resource: string; subject: string; hints: RawNextStep[] };
  /** GitLab's 304 Not Modified: the sentence to answer, and the resource to read back and show (ours {params}). */
  not_modified?: { say: string; show?: string };
  /** A read-then-write (procedure both_sides): see runtime/procedures/sides.ts. */
  sides?: { read?: { path: string; when: "before" | "after" }; spread?: true; fields: Record<string, string>; refused?: Record<string, string> };
}

export interface RawCatalog {
  catalog_version: 1;
  gitlab: { docs_version: string; docs_url: string };
  domains: Record<string, { title: string; description: string; file?: string | string[] }>;
  params: Record<string, RawParam>;
  types: Record<string, { description: string; fields: Record<string, RawField> }>;
  actions: Record<string, RawAction>;
  web_links?: { path: string; also?: Record<string, string> }[];
}
