// JSON representations, field for field and in the order GitLab's Grape
// entities expose them:
// - API::Entities::Branch (lib/api/entities/branch.rb): name, commit, merged,
//   protected, developers_can_push, developers_can_merge, can_push, default, web_url
// - API::Entities::Commit (lib/api/entities/commit.rb): id ... committed_date,
//   trailers, extended_trailers, web_url
// - API::Entities::ProtectedBranch + EE prepends: id, name, push_access_levels,
//   merge_access_levels, allow_force_push, unprotect_access_levels,
//   code_owner_approval_required
// - API::Entities::ProtectedRefAccess + EE: id, access_level,
//   access_level_description, deploy_key_id (only when set), user_id, group_id
import { projectWebUrl } from "./projectAccess.js";
import {
  HUMAN_ACCESS_LEVELS,
  type SimAccessLevel,
  type SimBranch,
  type SimCommit,
  type SimProject,
  type SimProtectedBranch,
  type SimState,
} from "./state.js";

export function pathForUrl(name: string): string {
  return name.split("/").map(encodeURIComponent).join("/");
}

export function presentCommit(project: SimProject, commit: SimCommit, externalUrl: string): Record<string, unknown> {
  return {
    id: commit.id,
    short_id: commit.short_id,
    created_at: commit.created_at,
    parent_ids: commit.parent_ids,
    title: commit.title,
    message: commit.message,
    author_name: commit.author_name,
    author_email: commit.author_email,
    authored_date: commit.authored_date,
    committer_name: commit.committer_name,
    committer_email: commit.committer_email,
    committed_date: commit.committed_date,
    trailers: commit.trailers,
    extended_trailers: commit.extended_trailers,
    web_url: `${projectWebUrl(externalUrl, project)}/-/commit/${commit.id}`,
  };
}

export function presentBranch(
  state: SimState,
  project: SimProject,
  branch: SimBranch,
  externalUrl: string,
  userId: number,
): Record<string, unknown> {
  return {
    name: branch.name,
    commit: presentCommit(project, branch.commit, externalUrl),
    merged: branch.merged,
    protected: state.isProtected(project, branch.name),
    developers_can_push: branch.developers_can_push ?? state.developersCan(project, "push", branch.name),
    developers_can_merge: branch.developers_can_merge ?? state.developersCan(project, "merge", branch.name),
    can_push: userId === 0 ? false : (branch.can_push ?? state.maintainerCanPush(project, branch.name, userId)),
    default: project.default_branch === branch.name,
    web_url: `${projectWebUrl(externalUrl, project)}/-/tree/${pathForUrl(branch.name)}`,
  };
}

export function accessLevelDescription(level: SimAccessLevel, state: SimState): string {
  if (level.deploy_key_id !== null) return "Deploy key";
  if (level.user_id !== null) return state.users.get(level.user_id)?.name ?? `User ${level.user_id}`;
  if (level.group_id !== null) return `Group ${level.group_id}`;
  return HUMAN_ACCESS_LEVELS[level.access_level ?? -1] ?? "";
}

export function presentAccessLevel(level: SimAccessLevel, state: SimState): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: level.id,
    access_level: level.access_level,
    access_level_description: accessLevelDescription(level, state),
  };
  if (level.deploy_key_id !== null) out.deploy_key_id = level.deploy_key_id;
  out.user_id = level.user_id;
  out.group_id = level.group_id;
  return out;
}

export function presentProtectedBranch(pb: SimProtectedBranch, state: SimState): Record<string, unknown> {
  return {
    id: pb.id,
    name: pb.name,
    push_access_levels: pb.push_access_levels.map((l) => presentAccessLevel(l, state)),
    merge_access_levels: pb.merge_access_levels.map((l) => presentAccessLevel(l, state)),
    allow_force_push: pb.allow_force_push,
    unprotect_access_levels: pb.unprotect_access_levels.map((l) => presentAccessLevel(l, state)),
    code_owner_approval_required: pb.code_owner_approval_required,
  };
}
