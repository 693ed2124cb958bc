// API::Helpers#user_project / find_project! and the permission checks the
// branch endpoints run. The simulated token user is a Maintainer of every
// project unless the project names its members; anonymous requests see public
// projects only (read-only). A private project that names its members is
// invisible to other users, who get the same 404 as for a project that does not
// exist (GitLab does not reveal that it does). Deliberate difference: a
// non-member's write to a public or internal project is not refused.
import { forbidden, notFound } from "./errors.js";
import type { RestContext } from "./router.js";
import type { SimProject } from "./state.js";

/** find_project!: unknown or invisible projects both answer 404 {"message":"404 Project Not Found"}. */
export function userProject(ctx: RestContext): SimProject {
  const project = ctx.state.findProject(ctx.route.id ?? "");
  if (!project || !ctx.state.canRead(project, ctx.auth.kind === "user" ? ctx.auth.user.id : undefined)) throw notFound("Project");
  return project;
}

/** authorize! :push_code / :admin_project / :create_protected_branch ... -> 403 {"message":"403 Forbidden"} */
export function authorizeWrite(ctx: RestContext): void {
  if (ctx.auth.kind === "anonymous") throw forbidden();
}

export function currentUserId(ctx: RestContext): number {
  return ctx.auth.kind === "user" ? ctx.auth.user.id : 0;
}

export function projectWebUrl(externalUrl: string, project: SimProject): string {
  return `${externalUrl}/${project.path_with_namespace}`;
}
