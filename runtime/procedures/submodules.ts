// Shared by the submodule procedures: .gitmodules parsed, each submodule's pinned commit read from the
// tree of its parent folder (a gitlink entry, type commit), and its project on this GitLab when its URL
// points here (absolute, SSH or relative to the parent's URL).
import type { GitLabApi, RestCall } from "../gitlab/client.js";
import { GitLabHttpError } from "../gitlab/errors.js";

export interface SubmoduleEntry {
  name: string;
  path?: string;
  url?: string;
  branch?: string;
  commit_sha?: string;
  project_path?: string;
}

/** The [submodule "name"] sections of a .gitmodules file. */
export function parseGitmodules(text: string): SubmoduleEntry[] {
  const out: SubmoduleEntry[] = [];
  let current: SubmoduleEntry | undefined;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const section = /^\[\s*submodule\s+"(.*)"\s*\]$/.exec(line);
    if (section) {
      current = { name: section[1] };
      out.push(current);
      continue;
    }
    if (line.startsWith("[")) {
      current = undefined;
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (!current || !kv) continue;
    const key = kv[1].toLowerCase();
    const value = kv[2].replace(/^"(.*)"$/, "$1");
    if (key === "path" || key === "url" || key === "branch") current[key] = value;
  }
  return out;
}

/** Reads .gitmodules at a ref; a missing file is no submodules (undefined), a missing project still fails. */
export async function readGitmodules(client: GitLabApi, call: RestCall): Promise<{ text: string; size: number } | undefined> {
  try {
    const answer = await client.rest({ ...call, read: "bytes" });
    const bytes = answer.body as Buffer;
    return { text: bytes.toString("utf8"), size: answer.size };
  } catch (e) {
    if (e instanceof GitLabHttpError && e.status === 404 && !/project/i.test(JSON.stringify(e.body ?? ""))) return undefined;
    throw e;
  }
}

/** Fills commit_sha for each submodule from the tree of its parent folder (gitlink entries). */
export async function pinCommits(client: GitLabApi, base: RestCall, projectPath: string, ref: string | undefined, subs: SubmoduleEntry[]): Promise<void> {
  const folders = new Map<string, SubmoduleEntry[]>();
  for (const s of subs) {
    const path = s.path ?? s.name;
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    folders.set(dir, [...(folders.get(dir) ?? []), s]);
  }
  for (const [dir, list] of folders) {
    for (let page = 1; page <= 10; page++) {
      const query: Record<string, unknown> = { per_page: 100, page };
      if (dir) query.path = dir;
      if (ref) query.ref = ref;
      const answer = await client.rest({ method: "GET", path: `/projects/${projectPath}/repository/tree`, query, signal: base.signal, retry: "read" });
      const entries = Array.isArray(answer.body) ? (answer.body as { id?: string; path?: string; type?: string }[]) : [];
      for (const e of entries) {
        if (e.type !== "commit") continue;
        const hit = list.find((s) => (s.path ?? s.name) === e.path);
        if (hit && e.id) hit.commit_sha = e.id;
      }
      if (!answer.headers.get("x-next-page")) break;
    }
  }
}

/** The project path a submodule URL names on this GitLab, or undefined for another host. */
export function projectOf(url: string, instance: string, parentPath: () => Promise<string>): Promise<string | undefined> {
  const host = new URL(instance).host.toLowerCase();
  const clean = (p: string) => p.replace(/^\/+/, "").replace(/\/+$/, "").replace(/\.git$/, "");
  const base = new URL(instance).pathname.replace(/\/+$/, "");
  const scp = /^[^@/\s]+@([^:/\s]+):(.+)$/.exec(url);
  if (scp) return Promise.resolve(scp[1].toLowerCase() === host.split(":")[0] ? clean(scp[2]) : undefined);
  if (url.startsWith("./") || url.startsWith("../")) {
    return parentPath().then((parent) => clean(new URL(url, `https://relative.invalid/${parent}.git/`).pathname));
  }
  try {
    const u = new URL(url);
    if (u.host.toLowerCase() !== host && u.hostname.toLowerCase() !== host.split(":")[0]) return Promise.resolve(undefined);
    const p = u.pathname.startsWith(base) ? u.pathname.slice(base.length) : u.pathname;
    return Promise.resolve(clean(p));
  } catch {
    return Promise.resolve(undefined);
  }
}

/** The parent project's full path (a numeric ID is looked up once). */
export function parentPathOf(client: GitLabApi, projectId: unknown, signal?: AbortSignal): () => Promise<string> {
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= /^\d+$/.test(String(projectId))
      ? client.rest({ method: "GET", path: `/projects/${String(projectId)}`, signal, retry: "read" }).then((a) => String((a.body as { path_with_namespace?: string }).path_with_namespace ?? ""))
      : Promise.resolve(decodeURIComponent(String(projectId)));
    return cached;
  };
}
