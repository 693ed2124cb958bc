// Pasted GitLab web addresses (catalog.yaml `web_links`): a person copies
// `https://gitlab.example.com/group/sub/project/-/merge_requests/243` from the browser and gives it in
// place of project_id (or group_id), or as `url`. The address's project (or group) path and the
// identifiers its route names fill the action's parameters that the call did not give. Declared once in
// the catalog, interpreted here for every action; an address of another instance is refused before
// anything reaches GitLab.
import type { ActionRecord, WebLinkRecord } from "./catalog/types.js";
import { webLinks } from "../generated/index.js";

export type Linked = { ok: true; input: Record<string, unknown> } | { ok: false; message: string };

interface Route {
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly also: Readonly<Record<string, string>>;
}

let routes: readonly Route[] | undefined;

function compile(link: WebLinkRecord): Route {
  const names: string[] = [];
  let greedy = false;
  const source = link.path
    .split("/")
    .map((segment) => {
      const capture = /^\{([a-z_]+)(\*?)\}$/.exec(segment);
      if (!capture) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(capture[1]);
      greedy ||= capture[2] === "*";
      return capture[2] === "*" ? "(.+)" : "([^/]+)";
    })
    .join("/");
  // A page below the object (`merge_requests/243/diffs`) still names the object.
  return { pattern: new RegExp(`^${source}${greedy ? "" : "(?:/.*)?"}$`), names, also: link.also ?? {} };
}

const isWebAddress = (v: unknown): v is string => typeof v === "string" && /^https?:\/\//i.test(v.trim());

/** Whether a call gives a web address that may fill some of its parameters. */
export function carriesWebLink(action: ActionRecord, input: Record<string, unknown>): boolean {
  return webLinkSource(action, input) !== undefined;
}

function webLinkSource(action: ActionRecord, input: Record<string, unknown>): string | undefined {
  const takes = (name: string) => action.params.some((p) => p.name === name);
  if (!takes("url") && isWebAddress(input.url)) return "url";
  return ["project_id", "group_id"].find((k) => takes(k) && isWebAddress(input[k]));
}

/**
 * Fills an action's parameters from a pasted web address, if the call gave one: `url` (unless the
 * action has a parameter of that name, as a release link does), or an address in place of project_id
 * or group_id. Returns the input unchanged when there is none.
 */
export function applyWebLink(action: ActionRecord, input: Record<string, unknown>, instance: string, origin: string): Linked {
  const takes = new Set(action.params.map((p) => p.name));
  const source = webLinkSource(action, input);
  if (!source) return { ok: true, input };
  const given = String(input[source]).trim();
  const refuse = (why: string): Linked => ({ ok: false, message: `${origin}: invalid params. ${source} ${why}` });
  let address: URL;
  try {
    address = new URL(given);
  } catch {
    return refuse(`must be a GitLab web address such as ${instance}/group/project/-/merge_requests/1 (got ${JSON.stringify(given.slice(0, 120))}).`);
  }
  const root = new URL(instance);
  const base = root.pathname.replace(/\/+$/, "");
  if (address.host.toLowerCase() !== root.host.toLowerCase() || !(address.pathname === base || address.pathname.startsWith(`${base}/`))) {
    return refuse(`${address.origin}${address.pathname} is not on this server's GitLab (${instance}): paste a link from ${instance}, or give the IDs as parameters.`);
  }
  const path = address.pathname.slice(base.length).replace(/^\/+|\/+$/g, "");
  const cut = path.indexOf("/-/");
  const owner = (cut < 0 ? path : path.slice(0, cut)).replace(/\.git$/, "");
  const route = cut < 0 ? (path.startsWith("-/") ? path.slice(2) : "") : path.slice(cut + 3);
  const filled: Record<string, unknown> = {};
  const fill = (name: string, value: unknown) => {
    if (takes.has(name) && (input[name] === undefined || name === source)) filled[name] = value;
  };
  if (owner.startsWith("groups/")) fill("group_id", decodeURIComponent(owner.slice("groups/".length)));
  else if (owner) {
    // A project's page; an action about a group takes the same address as its group (`/my-group`).
    if (takes.has("project_id")) fill("project_id", decodeURIComponent(owner));
    else fill("group_id", decodeURIComponent(owner));
  }
  routes ??= webLinks.map(compile);
  for (const r of routes) {
    const hit = r.pattern.exec(route);
    if (!hit) continue;
    r.names.forEach((name, i) => fill(name, decodeURIComponent(hit[i + 1])));
    for (const [name, from] of Object.entries(r.also)) fill(name, decodeURIComponent(hit[r.names.indexOf(from) + 1]));
    break;
  }
  const lines = /^#L(\d+)(?:-L?(\d+))?$/.exec(address.hash);
  if (lines) {
    fill("start_line", Number(lines[1]));
    if (lines[2] && Number(lines[2]) >= Number(lines[1])) fill("line_count", Number(lines[2]) - Number(lines[1]) + 1);
  }
  const note = /^#note_(\d+)$/.exec(address.hash);
  if (note) fill("note_id", Number(note[1]));
  if (Object.keys(filled).length === 0) return refuse(`${given} names nothing ${action.id} takes: give its parameters (${action.requiredParams.join(", ") || "see the action"}) instead.`);
  const rest = { ...input };
  if (source === "url") delete rest.url;
  return { ok: true, input: { ...rest, ...filled } };
}
