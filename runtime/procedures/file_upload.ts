// Uploads sent as multipart/form-data: a wiki attachment, a project upload, an avatar, an export file to
// import. The bytes come from content_base64 (with file_name), or on stdio from a local file_path,
// confined to the working directory, the temporary directory and GITLAB_MCP_ALLOWED_UPLOAD_DIRS (SAF-46)
// and size-checked before they are read. Over HTTP a local path is refused before anything is read
// (SAF-45). The action's other body params travel as text fields of the same form.
import { readFile, realpath, stat } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { basename, delimiter, parse, resolve, sep } from "node:path";
import { parseSize } from "../config.js";
import type { Procedure } from "./types.js";

const HTTP_REFUSAL = "file_path is disabled when the server is reached over HTTP: the server cannot read the caller's files, send the bytes with content_base64 instead";

export async function allowedRoots(): Promise<string[]> {
  const roots: string[] = [];
  const cwd = process.cwd();
  if (cwd !== parse(cwd).root && resolve(cwd) !== resolve(homedir())) roots.push(cwd);
  roots.push(tmpdir());
  for (const d of (process.env.GITLAB_MCP_ALLOWED_UPLOAD_DIRS ?? "").split(delimiter)) if (d.trim() !== "") roots.push(d.trim());
  const out: string[] = [];
  for (const r of roots) {
    try {
      out.push(await realpath(r));
    } catch {
      // A root that does not exist admits nothing.
    }
  }
  return out;
}

/** GITLAB_MCP_UPLOAD_MAX_FILE_SIZE (default 2GB): the largest file an upload reads. */
export const maxUploadBytes = () => parseSize(process.env.GITLAB_MCP_UPLOAD_MAX_FILE_SIZE ?? "2GB") ?? 2 * 1024 ** 3;

export const inside = (path: string, root: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

/** Sends the file as the multipart part the catalog names (`request.rest.upload_part`: GitLab's `file`, or `avatar`). */
export const fileUpload: Procedure = async ({ action, params, ctx, call, object }) => {
  const part = (action.request.kind === "rest" && action.request.uploadPart) || "file";
  const filePath = params.file_path as string | undefined;
  const base64 = params.content_base64 as string | undefined;
  if ((filePath === undefined) === (base64 === undefined)) return { kind: "refusal", text: "Give either file_path or content_base64 (with file_name), not both." };
  let bytes: Buffer;
  let name: string;
  if (filePath !== undefined) {
    if (ctx.transport === "http") return { kind: "refusal", text: HTTP_REFUSAL };
    let real: string;
    try {
      real = await realpath(resolve(filePath));
    } catch {
      return { kind: "refusal", text: `file_path ${filePath} cannot be read: no such file.` };
    }
    const roots = await allowedRoots();
    if (!roots.some((r) => inside(real, r))) {
      return { kind: "refusal", text: `file_path ${filePath} is outside the folders uploads may read (the working directory, the temporary directory, GITLAB_MCP_ALLOWED_UPLOAD_DIRS).` };
    }
    const info = await stat(real);
    if (!info.isFile()) return { kind: "refusal", text: `file_path ${filePath} is not a file.` };
    if (info.size > maxUploadBytes()) return { kind: "refusal", text: `file_path ${filePath} is larger than GITLAB_MCP_UPLOAD_MAX_FILE_SIZE allows.` };
    bytes = await readFile(real);
    name = (params.file_name as string | undefined) ?? basename(real);
  } else {
    if (params.file_name === undefined) return { kind: "refusal", text: "content_base64 needs file_name, the name the file gets in GitLab." };
    bytes = Buffer.from(base64!, "base64");
    if (bytes.length > maxUploadBytes()) return { kind: "refusal", text: "content_base64 is larger than GITLAB_MCP_UPLOAD_MAX_FILE_SIZE allows." };
    name = params.file_name as string;
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(call.body ?? {})) {
    if (value !== undefined && value !== null) fields[key] = typeof value === "object" ? JSON.stringify(value) : String(value);
  }
  const answer = await ctx.client.rest({ method: call.method, path: call.path, query: call.query, signal: call.signal, retry: call.retry, multipart: { fields, files: { [part]: { name, bytes } } } });
  return object(answer.body, answer.size);
};
