// Interprets the field records of a read-then-write action (catalog `sides:`, parsed by codegen's
// codegen/lib/sides.ts, which documents the expressions): each field's first alternative with a value.
import type { SideAlternative, SidePath } from "../catalog/types.js";

/** The three things a field can be read from. */
export interface SideScope {
  readonly read: unknown;
  readonly answer: unknown;
  readonly param: Readonly<Record<string, unknown>>;
}

function at(path: SidePath, scope: SideScope): unknown {
  let v: unknown = scope[path.from];
  for (const step of path.steps) {
    if (!v || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[step.field];
    if ("pick" in step && step.pick) {
      const want = at(step.pick.equals, scope);
      const key = step.pick.key;
      v = want !== undefined && Array.isArray(v) ? v.find((i) => i && typeof i === "object" && String((i as Record<string, unknown>)[key]) === String(want)) : undefined;
    }
  }
  return v === null ? undefined : v;
}

function alternative(alt: SideAlternative, scope: SideScope): unknown {
  if ("template" in alt) {
    const parts = alt.template.map((p) => (typeof p === "string" ? p : at(p, scope)));
    return parts.every((p) => p !== undefined && typeof p !== "object") ? parts.map(String).join("") : undefined;
  }
  const v = at(alt.path, scope);
  if (!alt.as || v === undefined) return v;
  if (alt.as === "text") return String(v);
  return /^\d+$/.test(String(v)) ? Number(v) : undefined;
}

/** The value of one field, or undefined when no alternative has one. */
export function sideValue(alts: readonly SideAlternative[], scope: SideScope): unknown {
  for (const alt of alts) {
    const v = alternative(alt, scope);
    if (v !== undefined) return v;
  }
  return undefined;
}
