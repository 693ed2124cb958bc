// GitLab's access levels and the role names people use for them (members, invitations, shares, tokens).
// The catalog's `role` params take either; GitLab always receives the number, and cards show the name.
// The names come from codegen (codegen/lib/vocabulary.ts, written to generated/vocabulary.ts).
import { ROLE_NAMES } from "../../generated/index.js";

/** GitLab's display name of an access level (60 is the administrator level of protected branches). */
export function roleName(level: number): string | undefined {
  if (level === 60) return "Admin";
  const name = Object.entries(ROLE_NAMES).find(([, v]) => v === level)?.[0];
  return name?.split("_").map((w, i) => (i === 0 ? w[0].toUpperCase() + w.slice(1) : w)).join(" ");
}

/**
 * A role given by name ("Developer", "maintainer", "Minimal Access") or as a numeral ("30") becomes its
 * access level; anything else is returned as given, for validation to refuse with the accepted values.
 */
export function roleInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const key = value.trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (key in ROLE_NAMES) return ROLE_NAMES[key];
  return /^\d+$/.test(key) ? Number(key) : value;
}
