// Safe-mode previews that say more than the parameters (SAF-9/SAF-10 stay as they are): a procedure may
// add what the write would touch, found with reads only (safe mode blocks writes, never reads). The
// addition goes after the parameters and before the hint; a read that fails leaves a note, not an error.
import { nextStepsSection } from "../markdown/writer.js";
import { SAFE_MODE_HINT } from "../policy/gates.js";
import { registryBulkPreview } from "./registry_cleanup.js";

import type { PreviewCall, PreviewPart, PreviewProcedure } from "./types.js";

export type { PreviewCall, PreviewPart, PreviewProcedure } from "./types.js";

/** Previews by the procedure name the catalog uses. */
export const PREVIEWS: Readonly<Record<string, PreviewProcedure>> = {
  registry_cleanup: registryBulkPreview,
};

/** The safe-mode preview with its procedure's addition, when it has one. */
export async function withPreview(
  procedure: string | undefined,
  base: { structured: Record<string, unknown>; markdown: string },
  call: () => PreviewCall,
): Promise<{ structured: Record<string, unknown>; markdown: string }> {
  const preview = procedure ? PREVIEWS[procedure] : undefined;
  if (!preview) return base;
  let part: PreviewPart | undefined;
  try {
    part = await preview(call());
  } catch {
    part = { markdown: "What this call would change could not be read from GitLab.", structured: {} };
  }
  if (!part) return base;
  const tail = nextStepsSection([SAFE_MODE_HINT]);
  const head = base.markdown.endsWith(tail) ? base.markdown.slice(0, -tail.length) : base.markdown;
  return { structured: { ...base.structured, ...part.structured }, markdown: `${head}\n\n${part.markdown}${tail}` };
}
