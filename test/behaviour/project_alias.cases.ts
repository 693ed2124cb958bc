// Project aliases (Premium, administrators): list, create, get, delete. The server's token belongs to
// an administrator with the admin_mode scope. The simulator follows doc/api/project_aliases.md.
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";

export const table: BehaviourTable = {
  domain: "project_alias",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } },
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "team/app" });
  },
  cases: [
    {
      id: "project_alias.list",
      name: "none yet",
      params: {},
      request: { method: "GET", path: "/project_aliases" },
      markdown: ["No project aliases."],
    },
    {
      id: "project_alias.create",
      params: { name: "app", project_id: "team/app" },
      request: { method: "POST", path: "/project_aliases", body: { name: "app", project_id: "team/app" } },
      markdown: ["## Project Alias: app", "42"],
    },
    {
      id: "project_alias.create",
      name: "a taken name answers GitLab's 400",
      params: { name: "app", project_id: 42 },
      request: { method: "POST", path: "/project_aliases" },
      markdown: [/has already been taken/],
      isError: true,
    },
    {
      id: "project_alias.list",
      params: {},
      request: { method: "GET", path: "/project_aliases" },
      markdown: ["Project Aliases", "`app`"],
    },
    {
      id: "project_alias.get",
      params: { name: "app" },
      request: { method: "GET", path: "/project_aliases/app" },
      markdown: ["## Project Alias: app"],
    },
    {
      id: "project_alias.get",
      name: "an unknown alias answers the not-found card",
      params: { name: "nope" },
      request: { method: "GET", path: "/project_aliases/nope" },
      markdown: ["## ❓ Project Alias Not Found"],
      isError: true,
    },
    {
      id: "project_alias.delete",
      params: { name: "app" },
      confirm: true,
      request: { method: "DELETE", path: "/project_aliases/app" },
      markdown: [/./],
    },
    {
      id: "project_alias.delete",
      name: "a deleted alias answers the not-found card",
      params: { name: "app" },
      confirm: true,
      request: { method: "DELETE", path: "/project_aliases/app" },
      markdown: ["## ❓ Project Alias Not Found"],
      isError: true,
    },
  ],
};
