// Formats a catalog param may declare (`format: date`). The precompiled validators bundle no format
// plugin, so codegen writes each as a pattern, and validation names the format back in its message.

/** The pattern each format becomes, with the words an invalid value is told it must be. */
export const PARAM_FORMATS: Readonly<Record<string, { readonly pattern: string; readonly words: string }>> = {
  date: { pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$", words: "a date written YYYY-MM-DD" },
  "date-time": { pattern: "^\\d{4}-\\d\\d-\\d\\d([T ]\\d\\d:\\d\\d(:\\d\\d(\\.\\d+)?)?(Z|[+-]\\d\\d:?\\d\\d)?)?$", words: "an ISO 8601 date or timestamp such as 2026-12-03T10:00:00Z" },
  email: { pattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", words: "an email address" },
};

/** The words for a pattern that came from a format, if it did. */
export function formatWords(pattern: string): string | undefined {
  return Object.values(PARAM_FORMATS).find((f) => f.pattern === pattern)?.words;
}
