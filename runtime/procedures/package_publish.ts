// Generic package publishing (package.publish, package.publish_and_link, package.publish_directory):
// GitLab takes each file as the raw body of PUT /projects/:id/packages/generic/:name/:version/(path/)file
// (`curl --upload-file`). A local file is read only on stdio, confined to the folders uploads may read
// (file_upload's rules, SAF-46) and size-checked before it is read; over HTTP a local path is refused
// before anything is read (SAF-45), and a single file may come as content_base64 instead. A directory
// is published one file at a time, its subfolders kept as the package path; the first failure stops it.
// publish_and_link then adds the file's download URL to a release as an asset link.
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import { basename, join, relative, resolve, sep } from "node:path";
import { errorText, GitLabHttpError } from "../gitlab/errors.js";
import { card } from "../markdown/writer.js";
import { code, escapeText } from "../markdown/escape.js";
import type { ColumnRecord } from "../catalog/types.js";
import { allowedRoots, inside, maxUploadBytes } from "./file_upload.js";
import { withDirectory } from "./package_download.js";
import type { Procedure, ProcedureCall } from "./types.js";

const HTTP_REFUSAL = (param: string) =>
  `${param} is disabled when the server is reached over HTTP: the server cannot read the caller's files${param === "file_path" ? ", send the bytes with content_base64 instead" : ""}.`;

/** Files of a directory published at most in one call. */
export const MAX_DIRECTORY_FILES = 200;

type Checked = { ok: true; real: string; size: number } | { ok: false; text: string };

/** A local path resolved, confined to the allowed folders and of the wanted kind. */
async function checkLocal(param: string, given: string, kind: "file" | "directory"): Promise<Checked> {
  let real: string;
  try {
    real = await realpath(resolve(given));
  } catch {
    return { ok: false, text: `${param} ${given} cannot be read: no such ${kind}.` };
  }
  const roots = await allowedRoots();
  if (!roots.some((r) => inside(real, r))) {
    return { ok: false, text: `${param} ${given} is outside the folders uploads may read (the working directory, the temporary directory, GITLAB_MCP_ALLOWED_UPLOAD_DIRS).` };
  }
  const info = await stat(real);
  if (kind === "file" ? !info.isFile() : !info.isDirectory()) return { ok: false, text: `${param} ${given} is not a ${kind}.` };
  if (kind === "file" && info.size > maxUploadBytes()) return { ok: false, text: `${param} ${given} is larger than GITLAB_MCP_UPLOAD_MAX_FILE_SIZE allows.` };
  return { ok: true, real, size: info.size };
}

/** The files below a directory (subfolders when recursive), symbolic links resolved and confined. */
async function listFiles(root: string, recursive: boolean): Promise<{ files: { real: string; rel: string; size: number }[]; more: boolean }> {
  const roots = await allowedRoots();
  const files: { real: string; rel: string; size: number }[] = [];
  const walk = async (dir: string): Promise<boolean> => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      const full = join(dir, e.name);
      let real: string;
      try {
        real = await realpath(full);
      } catch {
        continue;
      }
      if (!roots.some((r) => inside(real, r))) continue;
      const info = await stat(real);
      if (info.isDirectory()) {
        if (recursive && !(await walk(full))) return false;
      } else if (info.isFile()) {
        if (files.length >= MAX_DIRECTORY_FILES) return false;
        files.push({ real, rel: relative(root, full).split(sep).join("/"), size: info.size });
      }
    }
    return true;
  };
  const complete = await walk(root);
  return { files, more: !complete };
}

/** One PUT of one file; GitLab's answer with the file's download URL added. */
async function put(c: ProcedureCall, dir: string | undefined, fileName: string, bytes: Buffer): Promise<Record<string, unknown>> {
  // A single file's path ends with its name; a directory's is the package's, each file's name appended.
  const packagePath = c.action.id === "package.publish_directory" ? c.call.path : c.call.path.slice(0, c.call.path.lastIndexOf("/"));
  const base = `${packagePath}/${encodeURIComponent(fileName)}`;
  const path = withDirectory(base, dir);
  const query = { ...c.call.query, select: c.call.query?.select ?? "package_file" };
  const answer = await c.ctx.client.rest({ method: "PUT", path, query, signal: c.call.signal, retry: c.call.retry, raw: bytes });
  const body = answer.body && typeof answer.body === "object" ? (answer.body as Record<string, unknown>) : {};
  return { ...body, file_name: body.file_name ?? fileName, url: `${c.ctx.instanceUrl}/api/v4${path}` };
}

/** The bytes of a single-file publish: file_path on stdio, or content_base64. */
async function singleFile(c: ProcedureCall): Promise<{ ok: true; bytes: Buffer; name: string } | { ok: false; text: string }> {
  const filePath = c.params.file_path as string | undefined;
  const base64 = c.params.content_base64 as string | undefined;
  if ((filePath === undefined) === (base64 === undefined)) return { ok: false, text: "Give either file_path or content_base64, not both." };
  if (filePath !== undefined) {
    if (c.ctx.transport === "http") return { ok: false, text: HTTP_REFUSAL("file_path") };
    const checked = await checkLocal("file_path", filePath, "file");
    if (!checked.ok) return checked;
    return { ok: true, bytes: await readFile(checked.real), name: (c.params.file_name as string | undefined) ?? basename(checked.real) };
  }
  const bytes = Buffer.from(base64!, "base64");
  if (bytes.length > maxUploadBytes()) return { ok: false, text: "content_base64 is larger than GITLAB_MCP_UPLOAD_MAX_FILE_SIZE allows." };
  return { ok: true, bytes, name: c.params.file_name as string };
}

const DIRECTORY_ROWS: ColumnRecord[] = [
  { label: "Package", field: "package", as: "code" },
  { label: "Files", field: "file_count", as: "count" },
  { label: "Total Size (bytes)", field: "total_size", as: "count" },
];

export const packagePublish: Procedure = async (c) => {
  const { action, params, ctx } = c;
  if (action.id === "package.publish_directory") {
    if (ctx.transport === "http") return { kind: "refusal", text: HTTP_REFUSAL("directory") };
    const checked = await checkLocal("directory", String(params.directory), "directory");
    if (!checked.ok) return { kind: "refusal", text: checked.text };
    const { files, more } = await listFiles(checked.real, params.recursive !== false);
    if (files.length === 0) return { kind: "refusal", text: `directory ${String(params.directory)} holds no file to publish.` };
    if (more) return { kind: "refusal", text: `directory ${String(params.directory)} holds more than ${MAX_DIRECTORY_FILES} files: publish a smaller folder or an archive of it.` };
    const big = files.find((f) => f.size > maxUploadBytes());
    if (big) return { kind: "refusal", text: `${big.rel} is larger than GITLAB_MCP_UPLOAD_MAX_FILE_SIZE allows; nothing was published.` };
    const done: Record<string, unknown>[] = [];
    for (const f of files) {
      const cut = f.rel.lastIndexOf("/");
      ctx.progress?.(`Publishing ${f.rel} (${done.length + 1} of ${files.length})`);
      try {
        done.push({ ...(await put(c, cut < 0 ? undefined : f.rel.slice(0, cut), f.rel.slice(cut + 1), await readFile(f.real))), path: f.rel });
      } catch (e) {
        const list = done.map((d) => `- ${code(String(d.path))}`).join("\n");
        return { kind: "error", contentKind: "mutate", text: `${errorText(action.id, e, true)}\n\nPublishing stopped at ${code(f.rel)}: ${done.length} of ${files.length} files were published before it.${list ? `\n\n${list}` : ""}` };
      }
    }
    const summary = { package: `${String(params.package_name)}/${String(params.package_version)}`, file_count: done.length, total_size: done.reduce((n, d) => n + Number(d.size ?? 0), 0) };
    const lines = done.map((d) => `- ${code(String(d.path))}: ${String(d.size ?? "?")} bytes${typeof d.file_sha256 === "string" ? `, SHA-256 ${code(d.file_sha256)}` : ""}`).join("\n");
    const next = c.steps();
    return { kind: "success", contentKind: "mutate", markdown: card(`Published ${done.length} files to ${escapeText(summary.package)}`, summary, DIRECTORY_ROWS, next, lines), structured: { next_steps: next, ...summary, files: done } };
  }
  const file = await singleFile(c);
  if (!file.ok) return { kind: "refusal", text: file.text };
  const published = await put(c, params.path as string | undefined, file.name, file.bytes);
  if (action.id !== "package.publish_and_link") return c.object(published);
  const link: Record<string, unknown> = { name: (params.link_name as string | undefined) ?? file.name, url: published.url, link_type: params.link_type ?? "package" };
  if (params.direct_asset_path !== undefined) link.direct_asset_path = params.direct_asset_path;
  const projectPath = c.call.path.split("/packages/generic/")[0];
  try {
    const answer = await ctx.client.rest({ method: "POST", path: `${projectPath}/releases/${encodeURIComponent(String(params.tag_name))}/assets/links`, body: link, signal: c.call.signal, retry: c.call.retry });
    return c.object({ ...published, release_link: answer.body });
  } catch (e) {
    if (!(e instanceof GitLabHttpError)) throw e;
    return { kind: "error", contentKind: "mutate", text: `${errorText(action.id, e, true)}\n\nThe file was published (${code(published.url as string)}), but linking it to release ${code(String(params.tag_name))} failed: link it with release.link_create once the release exists.` };
  }
};
