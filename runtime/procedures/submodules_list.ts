// repository.list_submodules: GitLab has no submodule listing, so .gitmodules is read at the ref and each
// submodule's pinned commit comes from the tree (see submodules.ts).
import type { Procedure } from "./types.js";
import { localPage } from "./localPages.js";
import { parentPathOf, parseGitmodules, pinCommits, projectOf, readGitmodules } from "./submodules.js";

export const submodulesList: Procedure = async (call) => {
  const { ctx, params } = call;
  const file = await readGitmodules(ctx.client, call.call);
  const subs = file ? parseGitmodules(file.text) : [];
  const projectPath = call.call.path.split("/")[2];
  if (subs.length > 0) await pinCommits(ctx.client, call.call, projectPath, params.ref as string | undefined, subs);
  const parent = parentPathOf(ctx.client, params.project_id, ctx.signal);
  for (const s of subs) if (s.url) s.project_path = await projectOf(s.url, ctx.instanceUrl, parent);
  const { items, page } = localPage(subs, params);
  return call.list(items, page, file?.size);
};
