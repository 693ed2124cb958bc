// Helpers shared by the simulator's own tests.
import { seedDemo } from "./demoData.js";
import { DEFAULT_TOKEN, GitLabSimulator, type SimOptions } from "./simulator.js";

export { DEFAULT_TOKEN };

export interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

export async function startDemo(options: SimOptions = {}): Promise<GitLabSimulator> {
  const sim = await GitLabSimulator.start(options);
  seedDemo(sim);
  return sim;
}

/** Calls the simulator; `path` is below /api/v4 unless it starts with /api/. */
export async function call(
  sim: GitLabSimulator,
  path: string,
  init: { method?: string; token?: string | null; bearer?: string; json?: unknown; form?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  else if (init.token !== null) headers["private-token"] = init.token ?? DEFAULT_TOKEN;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = init.form;
  }
  const url = path.startsWith("/api/") ? `${sim.url}${path}` : `${sim.url}/api/v4${path}`;
  const res = await fetch(url, { method: init.method ?? "GET", headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text !== "" && (res.headers.get("content-type") ?? "").includes("json")) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export async function graphql(
  sim: GitLabSimulator,
  query: string,
  variables: Record<string, unknown> = {},
  token: string | null = DEFAULT_TOKEN,
): Promise<Answer> {
  return call(sim, "/api/graphql", { method: "POST", token, json: { query, variables } });
}

/** Parses a Link header into rel -> URL. */
export function links(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of (header ?? "").matchAll(/<([^>]+)>; rel="([^"]+)"/g)) out[m[2]] = m[1];
  return out;
}

export function names(body: Array<{ name: string }>): string[] {
  return body.map((b) => b.name);
}
