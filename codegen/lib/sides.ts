// Parses the field expressions of a read-then-write action (catalog `sides:`, procedure both_sides) into
// the records runtime/procedures/sides.ts interprets. A field is one or more alternatives separated by
// " | "; the first that has a value wins:
// - `read.namespace.full_path`, `answer.id`, `param.project_id`: a dotted path into the resource read,
//   GitLab's answer to the write, or the call's parameters. A segment `list[key=<path>]` picks the first
//   item of `list` whose `key` equals the value at <path> (compared as text).
// - `{answer.full_path}/{read.path}`: a template, written only when every path in braces has a value.
// - `int(<path>)`, `text(<path>)`: the value as an integer (digits only) or as text.
import type { SideAlternative, SidePath } from "../../runtime/catalog/types.js";

const PATH = /^(read|answer|param)((?:\.[a-z_0-9]+(?:\[[a-z_0-9]+=[a-z_0-9_.]+\])?)+)$/;
const SEGMENT = /^\.([a-z_0-9]+)(?:\[([a-z_0-9]+)=([a-z_0-9_.]+)\])?/;
const WRAPPED = /^(int|text)\((.+)\)$/;

function path(text: string): SidePath {
  const m = PATH.exec(text);
  if (!m) throw new Error(`"${text}" is not read.<path>, answer.<path> or param.<name> (a segment may pick from a list: name[key=<path>])`);
  const steps: SidePath["steps"][number][] = [];
  for (let rest = m[2]; rest; ) {
    const s = SEGMENT.exec(rest)!;
    steps.push(s[2] ? { field: s[1], pick: { key: s[2], equals: path(s[3]) } } : { field: s[1] });
    rest = rest.slice(s[0].length);
  }
  const from = m[1] as SidePath["from"];
  if (from === "param" && steps.length !== 1) throw new Error(`"${text}": a parameter is read whole, as param.<name>`);
  return { from, steps };
}

function alternative(raw: string): SideAlternative {
  const alt = raw.trim();
  if (alt.includes("{")) {
    const template = alt.split(/(\{[^}]*\})/).filter((p) => p !== "").map((p) => (p.startsWith("{") ? path(p.slice(1, -1)) : p));
    return { template };
  }
  const wrapped = WRAPPED.exec(alt);
  return wrapped ? { path: path(wrapped[2]), as: wrapped[1] as "int" | "text" } : { path: path(alt) };
}

/** One field's alternatives, in order; throws with the fix on a malformed one. */
export function parseSide(expr: string): SideAlternative[] {
  return expr.split(" | ").map(alternative);
}

/** The parameter names the alternatives read (codegen checks each is a parameter of the action). */
export function sideParams(alts: readonly SideAlternative[]): string[] {
  const of = (p: SidePath): string[] => [...(p.from === "param" ? [p.steps[0].field] : []), ...p.steps.flatMap((s) => ("pick" in s && s.pick ? of(s.pick.equals) : []))];
  return alts.flatMap((a) => ("template" in a ? a.template.flatMap((t) => (typeof t === "string" ? [] : of(t))) : of(a.path)));
}
