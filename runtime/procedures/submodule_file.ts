// repository.read_submodule_file: finds the submodule in the parent's .gitmodules, the commit the parent
// ref pins and the submodule's project on this GitLab, then reads the file there at that commit, binary-safe
// and by line window as repository.file_get does.
import type { Procedure } from "./types.js";
import { pathSegment } from "../gitlab/route.js";
import { GitLabHttpError } from "../gitlab/errors.js";
import { describeContent, objectWithoutText } from "./fileContent.js";
import { parentPathOf, parseGitmodules, pinCommits, projectOf, readGitmodules } from "./submodules.js";

export const submoduleFile: Procedure = async (call) => {
  const { ctx, params } = call;
  const wanted = String(params.submodule).replace(/^\/+|\/+$/g, "");
  const file = await readGitmodules(ctx.client, call.call);
  const sub = (file ? parseGitmodules(file.text) : []).find((s) => (s.path ?? s.name) === wanted || s.name === wanted);
  if (!sub) return call.notFound({ submodule: wanted, reason: "not in .gitmodules" }) ?? Promise.reject(new GitLabHttpError(404, { message: "404 Submodule Not Found" }, { get: () => null } as never));
  await pinCommits(ctx.client, call.call, call.call.path.split("/")[2], params.ref as string | undefined, [sub]);
  const project = sub.url ? await projectOf(sub.url, ctx.instanceUrl, parentPathOf(ctx.client, params.project_id, ctx.signal)) : undefined;
  if (!project || !sub.commit_sha) {
    return call.notFound({ submodule: wanted, reason: project ? "no pinned commit" : "submodule is not on this GitLab", url: sub.url }) ?? Promise.reject(new Error("submodule not readable"));
  }
  const answer = await ctx.client.rest({
    method: "GET",
    path: `/projects/${pathSegment(project)}/repository/files/${pathSegment(params.file_path)}`,
    query: { ref: sub.commit_sha },
    signal: ctx.signal,
    retry: "read",
  });
  const body = (answer.body && typeof answer.body === "object" ? answer.body : {}) as Record<string, unknown>;
  const bytes = Buffer.from(typeof body.content === "string" ? body.content : "", body.encoding === "base64" ? "base64" : "utf8");
  const { content: _c, encoding: _e, ...meta } = body;
  void _c;
  void _e;
  const described = describeContent(bytes, params, {
    encoding: "base64",
    complete: true,
    budget: ctx.maxResponseBytes,
    binaryHint: `Use repository.file_raw on project ${project} at ref ${sub.commit_sha} for its bytes.`,
  });
  return objectWithoutText(call, { ...meta, submodule: wanted, submodule_project: project, ...described }, answer.size);
};
