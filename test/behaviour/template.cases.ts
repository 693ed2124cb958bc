// Templates and the CI lint: instance templates listed and read (content in a fenced block of its
// language), a license with its placeholders filled from project and fullname, a project's own issue
// and merge request templates, and CI/CD YAML checked as given (template.lint) or as committed
// (template.lint_project). Fixtures follow GitLab's docs.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { seedCiConfig, seedProjectTemplate } from "../sim/restTemplates.js";

const VALID = "build:\n  stage: build\n  script:\n    - make\n";

export const table: BehaviourTable = {
  domain: "template",
  seed(sim) {
    sim.setNow("2026-06-01T12:00:00.000Z");
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    seedProjectTemplate(sim, 42, "issues", "Bug", "## Summary\n\n## Steps to reproduce\n");
    seedProjectTemplate(sim, 42, "merge_requests", "Default", "## What does this MR do?\n");
    seedCiConfig(sim, 42, VALID);
    seedCiConfig(sim, 42, "test:\n  stage: test\n", "broken");
  },
  cases: [
    {
      id: "template.gitignore_list",
      params: {},
      request: { method: "GET", path: "/templates/gitignores", query: {} },
      markdown: ["## Templates (2)", "`Ruby`", "`Node`"],
    },
    {
      id: "template.gitignore_get",
      params: { key: "Ruby" },
      request: { method: "GET", path: "/templates/gitignores/Ruby" },
      markdown: ["## Template: Ruby", "```gitignore\n*.gem\n/.bundle/\n/vendor/bundle\n```"],
      check: (r) => assert.equal((r.structuredContent as { content: string }).content, "*.gem\n/.bundle/\n/vendor/bundle\n"),
    },
    {
      id: "template.gitignore_get",
      name: "an unknown key answers the not-found card",
      params: { key: "Cobol" },
      request: { method: "GET", path: "/templates/gitignores/Cobol" },
      markdown: ["Template Not Found", '"Cobol"'],
      isError: true,
    },
    {
      id: "template.ci_yml_list",
      params: { per_page: 1 },
      request: { method: "GET", path: "/templates/gitlab_ci_ymls", query: { per_page: "1" } },
      markdown: ["`Ruby`"],
    },
    {
      id: "template.ci_yml_get",
      params: { key: "Docker" },
      request: { method: "GET", path: "/templates/gitlab_ci_ymls/Docker" },
      markdown: ["## Template: Docker", "```yaml\nbuild:\n  image: docker:27"],
    },
    {
      id: "template.dockerfile_list",
      params: {},
      request: { method: "GET", path: "/templates/dockerfiles", query: {} },
      markdown: ["`Golang`", "`Binary`"],
    },
    {
      id: "template.dockerfile_get",
      params: { key: "Golang" },
      request: { method: "GET", path: "/templates/dockerfiles/Golang" },
      markdown: ["## Template: Golang", "```dockerfile\nFROM golang:1.23 AS build"],
    },
    {
      id: "template.license_list",
      params: { popular: true },
      request: { method: "GET", path: "/templates/licenses", query: { popular: "true" } },
      markdown: ["## License Templates (2)", "`mit`", "`apache-2.0`"],
    },
    {
      id: "template.license_get",
      name: "placeholders filled from project and fullname, the year by GitLab",
      params: { key: "apache-2.0", project: "Rocket", fullname: "Acme Ltd" },
      request: { method: "GET", path: "/templates/licenses/apache-2.0", query: { project: "Rocket", fullname: "Acme Ltd" } },
      markdown: ["## License: Apache License 2.0", "```text\nApache License 2.0 for Rocket", "Copyright 2026 Acme Ltd", "- **Permissions**:"],
      check: (r) => assert.ok(!(r.structuredContent as { content: string }).content.includes("[yyyy]")),
    },
    {
      id: "template.license_get",
      name: "without fullname GitLab uses the current user's name",
      params: { key: "mit" },
      request: { method: "GET", path: "/templates/licenses/mit", query: {} },
      markdown: ["Copyright (c) 2026 "],
    },
    {
      id: "template.project_template_list",
      params: { project_id: 42, type: "issues" },
      request: { method: "GET", path: "/projects/42/templates/issues", query: {} },
      markdown: ["## Templates (1)", "`Bug`"],
    },
    {
      id: "template.project_template_list",
      name: "a type GitLab does not know is refused before sending",
      params: { project_id: 42, type: "wikis" },
      markdown: ["type"],
      isError: true,
    },
    {
      id: "template.project_template_get",
      name: "a merge request template, in a markdown fence",
      params: { project_id: 42, type: "merge_requests", name: "Default", source_template_project_id: 42 },
      request: { method: "GET", path: "/projects/42/templates/merge_requests/Default", query: { source_template_project_id: "42" } },
      markdown: ["## Template: Default", "```markdown\n## What does this MR do?\n```"],
    },
    {
      id: "template.project_template_get",
      name: "a license with its placeholders filled",
      params: { project_id: 42, type: "licenses", name: "mit", fullname: "Jane Doe", project: "rocket" },
      request: { method: "GET", path: "/projects/42/templates/licenses/mit", query: { fullname: "Jane Doe", project: "rocket" } },
      markdown: ["```text\nMIT License", "Copyright (c) 2026 Jane Doe"],
    },
    {
      id: "template.project_template_get",
      name: "a template that does not exist answers the not-found card",
      params: { project_id: 42, type: "issues", name: "Feature" },
      request: { method: "GET", path: "/projects/42/templates/issues/Feature" },
      markdown: ["Template Not Found", "template.project_template_list"],
      isError: true,
    },
    {
      id: "template.lint",
      params: { project_id: 42, content: VALID, include_jobs: true, dry_run: true, ref: "main" },
      request: { method: "POST", path: "/projects/42/ci/lint", body: { content: VALID, include_jobs: true, dry_run: true, ref: "main" } },
      markdown: ["- **Valid**: ✅"],
      check: (r) => assert.deepEqual((r.structuredContent as { jobs: { name: string }[] }).jobs.map((j) => j.name), ["build"]),
    },
    {
      id: "template.lint",
      name: "invalid YAML lists GitLab's errors",
      params: { project_id: 42, content: "test:\n  stage: test\n" },
      request: { method: "POST", path: "/projects/42/ci/lint", body: { content: "test:\n  stage: test\n" } },
      markdown: ["jobs:test config should implement the script:, run:, or trigger: keyword"],
      check: (r) => assert.equal((r.structuredContent as { valid: boolean }).valid, false),
    },
    {
      id: "template.lint_project",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/ci/lint", query: {} },
      markdown: ["- **Valid**: ✅"],
    },
    {
      id: "template.lint_project",
      name: "another ref, a dry run and the jobs",
      params: { project_id: 42, content_ref: "broken", dry_run: true, dry_run_ref: "main", include_jobs: true },
      request: { method: "GET", path: "/projects/42/ci/lint", query: { content_ref: "broken", dry_run: "true", dry_run_ref: "main", include_jobs: "true" } },
      markdown: ["script:, run:, or trigger:"],
    },
  ],
};
