// Fixed GitLab vocabulary the catalog's param types rely on. Codegen turns them into schemas and writes
// them to generated/vocabulary.ts, where the runtime reads them (role names on input and in cards, the
// words that name a format in a refusal).

/** Role name (lower case, as accepted on input) → GitLab's access level. */
export const ROLE_NAMES: Readonly<Record<string, number>> = {
  no_access: 0,
  minimal_access: 5,
  guest: 10,
  planner: 15,
  reporter: 20,
  developer: 30,
  maintainer: 40,
  owner: 50,
};

/** The access levels a `role` param accepts, ascending. */
export const ROLE_LEVELS: readonly number[] = Object.values(ROLE_NAMES);

/**
 * Formats a catalog param may declare (`format: date`). The precompiled validators bundle no format
 * plugin, so each becomes a pattern, and a refusal names the format in these words.
 */
export const PARAM_FORMATS: Readonly<Record<string, { readonly pattern: string; readonly words: string }>> = {
  date: { pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$", words: "a date written YYYY-MM-DD" },
  "date-time": { pattern: "^\\d{4}-\\d\\d-\\d\\d([T ]\\d\\d:\\d\\d(:\\d\\d(\\.\\d+)?)?(Z|[+-]\\d\\d:?\\d\\d)?)?$", words: "an ISO 8601 date or timestamp such as 2026-12-03T10:00:00Z" },
  email: { pattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", words: "an email address" },
};
