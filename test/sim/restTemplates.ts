// Templates and the CI lint, written from GitLab's docs:
// - doc/api/templates/{gitignores,gitlab_ci_ymls,dockerfiles,licenses}.md: GET /templates/<kind> lists
//   {key, name} (licenses: the full license objects; `popular` keeps the popular ones), paginated;
//   GET /templates/<kind>/:key answers {name, content} (licenses: key, name, nickname, popular,
//   html_url, source_url, description, conditions, permissions, limitations, content); an unknown key is
//   404 {"message":"404 Template Not Found"}. A license's [year], [fullname] and [project] placeholders
//   (and their <..>/{..} forms) are filled: the year always, fullname from the param or the current
//   user's name, project from the param.
// - doc/api/project_templates.md: GET /projects/:id/templates/:type (dockerfiles, gitignores,
//   gitlab_ci_ymls, licenses, issues, merge_requests; another type is Grape's 400) lists {key, name};
//   GET .../:type/:name answers {name, content} (licenses as above, with project and fullname),
//   source_template_project_id picks the project holding it. Issue and MR templates are seeded per project.
// - doc/api/lint.md: POST /projects/:id/ci/lint (content, dry_run, include_jobs, ref) and GET
//   /projects/:id/ci/lint (content_ref, dry_run, dry_run_ref, include_jobs) answer {valid, errors,
//   warnings, merged_yaml, includes[, jobs]}. The lint here is small: YAML that is not a mapping, a job
//   without script/run/trigger, and no visible job are the errors it knows. GET reads the configuration
//   seeded with seedCiConfig per ref (the simulator keeps no repository content for it); a ref without one
//   answers GitLab's "Please provide content of .gitlab-ci.yml".
import { parse, stringify } from "yaml";
import { grapeError, notFound } from "./errors.js";
import { paginateOffset } from "./pagination.js";
import { declare, PAGINATION_PARAMS, type ParamMap } from "./params.js";
import { userProject } from "./projectAccess.js";
import { linkContext, type RestContext, type RestResult, type Router } from "./router.js";
import type { SimState } from "./state.js";
import type { GitLabSimulator } from "./simulator.js";

type Json = Record<string, unknown>;

const MIT = `MIT License

Copyright (c) [year] [fullname]

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction.
`;

const APACHE = `Apache License 2.0 for {project}

Copyright [yyyy] [name of copyright owner]

Licensed under the Apache License, Version 2.0 (the "License").
`;

const FILES: Record<string, Record<string, string>> = {
  gitignores: { Ruby: "*.gem\n/.bundle/\n/vendor/bundle\n", Node: "node_modules/\nnpm-debug.log*\n" },
  gitlab_ci_ymls: { Ruby: "image: ruby:3.3\n\ntest:\n  script:\n    - bundle exec rake test\n", Docker: "build:\n  image: docker:27\n  script:\n    - docker build .\n" },
  dockerfiles: { Golang: "FROM golang:1.23 AS build\nWORKDIR /src\nCOPY . .\nRUN go build -o /app\n", Binary: "FROM alpine:3.20\nCOPY app /usr/local/bin/app\n" },
};

const LICENSES: Json[] = [
  { key: "mit", name: "MIT License", nickname: null, popular: true, featured: true, html_url: "http://choosealicense.com/licenses/mit/", source_url: "https://opensource.org/licenses/MIT", description: "A short and simple permissive license.", conditions: ["include-copyright"], permissions: ["commercial-use", "modifications", "distribution", "private-use"], limitations: ["liability", "warranty"], content: MIT },
  { key: "apache-2.0", name: "Apache License 2.0", nickname: null, popular: true, featured: true, html_url: "http://choosealicense.com/licenses/apache-2.0/", source_url: "http://www.apache.org/licenses/LICENSE-2.0.html", description: "A permissive license with a patent grant.", conditions: ["include-copyright", "document-changes"], permissions: ["commercial-use", "modifications", "distribution", "patent-use", "private-use"], limitations: ["trademark-use", "liability", "warranty"], content: APACHE },
  { key: "unlicense", name: "The Unlicense", nickname: null, popular: false, featured: false, html_url: "http://choosealicense.com/licenses/unlicense/", source_url: "http://unlicense.org/", description: "A public domain dedication.", conditions: [], permissions: ["commercial-use", "modifications", "distribution", "private-use"], limitations: ["liability", "warranty"], content: "This is free and unencumbered software released into the public domain.\n" },
];

const TYPES = ["dockerfiles", "gitignores", "gitlab_ci_ymls", "licenses", "issues", "merge_requests"];

interface Store {
  /** Issue and MR description templates per project id, by type then name. */
  project: Map<number, Record<string, Record<string, string>>>;
  /** .gitlab-ci.yml per project id and ref. */
  ci: Map<string, string>;
}

const stores = new WeakMap<SimState, Store>();
function storeOf(state: SimState): Store {
  let s = stores.get(state);
  if (!s) {
    s = { project: new Map(), ci: new Map() };
    stores.set(state, s);
  }
  return s;
}

/** LicenseTemplate#resolve!: the year, the copyright holder and the project filled in. */
function resolveLicense(license: Json, year: number, fullname: string | undefined, project: string | undefined): Json {
  let content = String(license.content);
  content = content.replace(/[<{[](year|yyyy)[>}\]]/gi, String(year));
  if (fullname !== undefined) content = content.replace(/[<{[](fullname|name of copyright owner|name of author|copyright holders)[>}\]]/gi, fullname);
  if (project !== undefined) content = content.replace(/[<{[](project|description|one line .+ what it does\.)[>}\]]/gi, project);
  return { ...license, content };
}

function page<T>(ctx: RestContext, all: T[], declared: ParamMap, present: (t: T) => unknown): RestResult {
  const p = declare(ctx.params, PAGINATION_PARAMS);
  const paged = paginateOffset(all, p.page as number, p.per_page as number, linkContext(ctx, { ...declared, ...p }));
  return { status: 200, body: paged.items.map(present), headers: paged.headers };
}

function licenseAnswer(ctx: RestContext, key: string): Json {
  const license = LICENSES.find((l) => l.key === key.toLowerCase());
  if (!license) throw notFound("Template");
  const d = declare(ctx.params, [
    { name: "project", type: "string" },
    { name: "fullname", type: "string" },
  ]);
  const fullname = (d.fullname as string | undefined) ?? (ctx.auth.kind === "user" ? ctx.auth.user.name : undefined);
  return resolveLicense(license, ctx.state.now().getUTCFullYear(), fullname, d.project as string | undefined);
}

function fileAnswer(kind: string, key: string): Json {
  const hit = Object.entries(FILES[kind]).find(([k]) => k.toLowerCase() === key.toLowerCase());
  if (!hit) throw notFound("Template");
  return { name: hit[0], content: hit[1] };
}

function projectTemplates(ctx: RestContext, projectId: number, type: string): Record<string, string> {
  if (type === "issues" || type === "merge_requests") return storeOf(ctx.state).project.get(projectId)?.[type] ?? {};
  if (type === "licenses") return Object.fromEntries(LICENSES.map((l) => [String(l.key), String(l.name)]));
  return FILES[type];
}

function typeOf(ctx: RestContext): string {
  if (!TYPES.includes(ctx.route.type)) throw grapeError(400, "type does not have a valid value");
  return ctx.route.type;
}

// ---- CI lint ---------------------------------------------------------------------------------------

const KEYWORDS = new Set(["default", "include", "stages", "variables", "workflow", "image", "services", "cache", "before_script", "after_script", "spec"]);

function lint(content: string | undefined, includeJobs: boolean): Json {
  const answer = (errors: string[], merged: string, jobs: Json[]): Json => ({ valid: errors.length === 0, errors, warnings: [], merged_yaml: merged, includes: [], ...(includeJobs ? { jobs } : {}) });
  if (content === undefined || content.trim() === "") return answer(["Please provide content of .gitlab-ci.yml"], "", []);
  let doc: unknown;
  try {
    doc = parse(content);
  } catch (e) {
    return answer([`(<unknown>): ${(e as Error).message.split("\n")[0]}`], "", []);
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return answer(["Invalid configuration format"], "", []);
  const errors: string[] = [];
  const jobs: Json[] = [];
  for (const [name, def] of Object.entries(doc as Json)) {
    if (KEYWORDS.has(name) || name.startsWith(".")) continue;
    if (!def || typeof def !== "object" || Array.isArray(def)) {
      errors.push(`jobs:${name} config should be a hash`);
      continue;
    }
    const job = def as Json;
    if (job.script === undefined && job.run === undefined && job.trigger === undefined) errors.push(`jobs:${name} config should implement the script:, run:, or trigger: keyword`);
    const list = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
    jobs.push({ name, stage: job.stage ?? "test", before_script: list(job.before_script), script: list(job.script), after_script: list(job.after_script), tag_list: list(job.tags), only: null, except: null, environment: job.environment ?? null, when: job.when ?? "on_success", allow_failure: job.allow_failure ?? false, needs: job.needs ?? null });
  }
  if (jobs.length === 0 && errors.length === 0) errors.push("jobs config should contain at least one visible job");
  return answer(errors, stringify(doc), jobs);
}

export function registerTemplateRoutes(router: Router): void {
  for (const kind of Object.keys(FILES)) {
    router.add("GET", `/templates/${kind}`, (ctx) => page(ctx, Object.keys(FILES[kind]), {}, (k) => ({ key: k, name: k })));
    router.add("GET", `/templates/${kind}/:key`, (ctx) => ({ status: 200, body: fileAnswer(kind, ctx.route.key) }));
  }
  router.add("GET", "/templates/licenses", (ctx) => {
    const d = declare(ctx.params, [{ name: "popular", type: "boolean" }]);
    const all = d.popular === true ? LICENSES.filter((l) => l.popular === true) : LICENSES;
    return page(ctx, all, d, (l) => l);
  });
  router.add("GET", "/templates/licenses/:key", (ctx) => ({ status: 200, body: licenseAnswer(ctx, ctx.route.key) }));
  router.add("GET", "/projects/:id/templates/:type", (ctx) => {
    const project = userProject(ctx);
    const type = typeOf(ctx);
    return page(ctx, Object.entries(projectTemplates(ctx, project.id, type)), {}, ([key, name]) => ({ key, name: type === "issues" || type === "merge_requests" ? key : name }));
  });
  router.add("GET", "/projects/:id/templates/:type/:name", (ctx) => {
    const project = userProject(ctx);
    const type = typeOf(ctx);
    const d = declare(ctx.params, [
      { name: "source_template_project_id", type: "integer" },
      { name: "project", type: "string" },
      { name: "fullname", type: "string" },
    ]);
    if (type === "licenses") return { status: 200, body: licenseAnswer(ctx, ctx.route.name) };
    if (type === "issues" || type === "merge_requests") {
      const source = (d.source_template_project_id as number | undefined) ?? project.id;
      const content = storeOf(ctx.state).project.get(source)?.[type]?.[ctx.route.name];
      if (content === undefined) throw notFound("Template");
      return { status: 200, body: { name: ctx.route.name, content } };
    }
    return { status: 200, body: fileAnswer(type, ctx.route.name) };
  });
  router.add("POST", "/projects/:id/ci/lint", (ctx) => {
    userProject(ctx);
    const d = declare(ctx.params, [
      { name: "content", type: "string", required: true },
      { name: "dry_run", type: "boolean", default: false },
      { name: "include_jobs", type: "boolean", default: false },
      { name: "ref", type: "string" },
    ]);
    return { status: 200, body: lint(String(d.content), d.include_jobs === true) };
  });
  router.add("GET", "/projects/:id/ci/lint", (ctx) => {
    const project = userProject(ctx);
    const d = declare(ctx.params, [
      { name: "content_ref", type: "string" },
      { name: "dry_run", type: "boolean", default: false },
      { name: "dry_run_ref", type: "string" },
      { name: "include_jobs", type: "boolean", default: false },
      { name: "ref", type: "string" },
    ]);
    const ref = (d.content_ref as string | undefined) ?? (d.ref as string | undefined) ?? project.default_branch;
    return { status: 200, body: lint(storeOf(ctx.state).ci.get(`${project.id}|${ref}`), d.include_jobs === true) };
  });
}

/** Seeds an issue or merge request description template of a project. */
export function seedProjectTemplate(sim: GitLabSimulator, projectRef: number | string, type: "issues" | "merge_requests", name: string, content: string): void {
  const state = (sim as unknown as { state: SimState }).state;
  const id = state.requireProject(projectRef).id;
  const store = storeOf(state);
  const all = store.project.get(id) ?? {};
  (all[type] ??= {})[name] = content;
  store.project.set(id, all);
}

/** Seeds a project's .gitlab-ci.yml at a ref (its default branch when omitted). */
export function seedCiConfig(sim: GitLabSimulator, projectRef: number | string, yaml: string, ref?: string): void {
  const state = (sim as unknown as { state: SimState }).state;
  const project = state.requireProject(projectRef);
  storeOf(state).ci.set(`${project.id}|${ref ?? project.default_branch}`, yaml);
}
