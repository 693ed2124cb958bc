// GitLab's access levels and the role names people use for them (members, invitations, shares, tokens).
// The catalog's `role` params take either; GitLab always receives the number, and cards show the name.

/** Role name (lower case, as accepted on input) to GitLab's access level. */
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
