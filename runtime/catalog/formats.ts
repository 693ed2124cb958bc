// The words that name a param format in a refusal. Codegen writes each format as a pattern
// (codegen/lib/vocabulary.ts → generated/vocabulary.ts), so validation reports the pattern it failed.
import { PARAM_FORMATS } from "../../generated/index.js";

/** The words for a pattern that came from a format, if it did. */
export function formatWords(pattern: string): string | undefined {
  return Object.values(PARAM_FORMATS).find((f) => f.pattern === pattern)?.words;
}
