// Sample arguments for any action, derived from its input schema, so safety tests can call every action
// of the catalog without a hand-written case per action.
import { actions, inputSchemas } from "../../generated/index.js";

type Schema = { type?: string | string[]; enum?: unknown[]; items?: Schema; properties?: Record<string, Schema>; required?: string[]; minimum?: number; minLength?: number; pattern?: string; minItems?: number };

function sample(name: string, s: Schema): unknown {
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  // A project_id GitLab takes as a full path only (GraphQL fullPath) gets one.
  if (name === "project_id") return type === "string" ? "group/project" : 42;
  if (type === "integer" || type === "number") return Math.max(1, s.minimum ?? 1);
  if (type === "boolean") return true;
  // An array holds as many items as it needs (merge_base wants two refs).
  if (type === "array") return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(name, s.items ?? { type: "string" }));
  // An object fills the properties it requires (an asset link needs name and url).
  if (type === "object") return Object.fromEntries((s.required ?? []).map((k) => [k, sample(k, s.properties?.[k] ?? {})]));
  // A string with a pattern (a duration such as 1h30m) takes the first of a few plain values it accepts.
  const fits = s.pattern === undefined ? undefined : ["1h", "main", "a", "1", "2030-01-01", "dev@example.com", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 sample", "-----BEGIN PGP PUBLIC KEY BLOCK-----", "https://example.com/a.png", "0123456789abcdef0123456789abcdef01234567", "gid://gitlab/Note/1", "0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"].find((v) => new RegExp(s.pattern!, "u").test(v));
  if (fits !== undefined) return fits;
  // A GraphQL global ID (gid://gitlab/WorkItem/1) names its type in the pattern.
  const gid = s.pattern === undefined ? undefined : /gid:(?:\\\/|\/){2}gitlab(?:\\\/|\/)([A-Za-z:]+)/.exec(s.pattern);
  if (gid) return `gid://gitlab/${gid[1]}/1`;
  // A string with a minimum length (a full commit SHA) is padded to it.
  return `sample-${name}`.padEnd(s.minLength ?? 0, "0");
}

/** Required params of an action filled with schema-valid sample values. */
export function sampleParams(id: string): Record<string, unknown> {
  const schema = inputSchemas[id] as { properties: Record<string, Schema>; required?: string[] };
  return Object.fromEntries((schema.required ?? []).map((p) => [p, sample(p, schema.properties[p])]));
}

/** Actions of the catalog by classification. */
export const byClass = (c: "read" | "write" | "destructive") => actions.filter((a) => a.classification === c);
export const mutating = () => actions.filter((a) => a.classification !== "read");
