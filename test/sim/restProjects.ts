// GET /projects/:id (doc/api/projects.md "Get a single project";
// API::Entities::BasicProjectDetails field order). Only the commonly read
// fields are present; the full GitLab entity has many more.
import { projectWebUrl, userProject } from "./projectAccess.js";
import { projectExtraFields } from "./restProjectCore.js";
import type { RestContext, RestResult, Router } from "./router.js";
import type { SimProject } from "./state.js";

function namespaceId(path: string): number {
  let h = 0;
  for (const ch of path) h = (h * 31 + ch.charCodeAt(0)) % 100_000;
  return h + 1;
}

function showProject(ctx: RestContext): RestResult {
  return { status: 200, body: projectBody(ctx, userProject(ctx)) };
}

/** The project as GET /projects/:id renders it, with what restProjectCore.ts keeps merged in. */
export function projectBody(ctx: RestContext, project: SimProject): Record<string, unknown> {
  const { externalUrl } = ctx.options;
  const web = projectWebUrl(externalUrl, project);
  const nsPath = project.path_with_namespace.split("/").slice(0, -1).join("/");
  const nsName = nsPath.split("/").pop() as string;
  const host = new URL(externalUrl).host;
  return {
      id: project.id,
      description: null,
      name: project.name,
      name_with_namespace: `${nsPath.split("/").join(" / ")} / ${project.name}`,
      path: project.path,
      path_with_namespace: project.path_with_namespace,
      created_at: project.created_at,
      default_branch: project.default_branch,
      tag_list: [],
      topics: [],
      ssh_url_to_repo: `git@${host}:${project.path_with_namespace}.git`,
      http_url_to_repo: `${web}.git`,
      web_url: web,
      readme_url: null,
      forks_count: 0,
      avatar_url: null,
      star_count: 0,
      last_activity_at: project.created_at,
      visibility: project.visibility,
      namespace: {
        id: namespaceId(nsPath),
        name: nsName,
        path: nsName,
        kind: "group",
        full_path: nsPath,
        parent_id: null,
        avatar_url: null,
        web_url: `${externalUrl}/groups/${nsPath}`,
      },
      empty_repo: project.branches.size === 0,
      archived: false,
      permissions: {
        project_access: ctx.auth.kind === "user" ? { access_level: 40, notification_level: 3 } : null,
        group_access: null,
      },
      ...projectExtraFields(ctx.state, project, externalUrl),
  };
}

export function registerProjectRoutes(router: Router): void {
  router.add("GET", "/projects/:id", showProject);
}
