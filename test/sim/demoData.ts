// Deterministic demo data: project 42 `group/project` (default branch `main`)
// with exactly 45 branches and two protection rules.
//
// Rules: `main` (push 40 Maintainers, merge 30 Developers + Maintainers) and
// `develop` (push 30, merge 30). The branch flags therefore derive as:
//   main           protected, default, can_push, developers_can_push=false, developers_can_merge=true
//   develop        protected,          can_push, developers_can_push=true,  developers_can_merge=true
//   feature/login  not protected,      can_push, developers_can_push=false, developers_can_merge=false
//
// Sorted by name (GitLab's order), per_page 20:
//   page 1: bugfix/issue-101 ... bugfix/issue-110, chore/deps-01 ... chore/deps-08,
//           develop, docs/api-guide
//   page 2: docs/changelog, docs/contributing, docs/readme, experiment/cache-layer,
//           experiment/graphql-client, feature/dark-mode, feature/export-csv,
//           feature/login, feature/notifications, feature/oauth, feature/search,
//           feature/settings-page, hotfix/crash-on-start, hotfix/memory-leak,
//           hotfix/typo, main, refactor/auth, refactor/db-layer, refactor/router,
//           release/1.0
//   page 3: release/1.1, release/1.2, release/2.0, test/e2e-suite, test/flaky-retry
import type { GitLabSimulator } from "./simulator.js";

export const DEMO_PROJECT_ID = 42;
export const DEMO_PROJECT_PATH = "group/project";

const range = (prefix: string, from: number, to: number, width = 2) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(width, "0")}`);

/** The 42 branches besides main, develop and feature/login. */
export const DEMO_EXTRA_BRANCHES: readonly string[] = [
  ...range("bugfix/issue-", 101, 110, 3),
  ...range("chore/deps-", 1, 8),
  "docs/api-guide",
  "docs/changelog",
  "docs/contributing",
  "docs/readme",
  "experiment/cache-layer",
  "experiment/graphql-client",
  "feature/dark-mode",
  "feature/export-csv",
  "feature/notifications",
  "feature/oauth",
  "feature/search",
  "feature/settings-page",
  "hotfix/crash-on-start",
  "hotfix/memory-leak",
  "hotfix/typo",
  "refactor/auth",
  "refactor/db-layer",
  "refactor/router",
  "release/1.0",
  "release/1.1",
  "release/1.2",
  "release/2.0",
  "test/e2e-suite",
  "test/flaky-retry",
];

/** Branches merged into main (deleted by DELETE /repository/merged_branches). */
export const DEMO_MERGED_BRANCHES: readonly string[] = [
  ...range("bugfix/issue-", 101, 105, 3),
  "docs/changelog",
  "hotfix/typo",
];

export function seedDemo(sim: GitLabSimulator): void {
  sim.addProject({ id: DEMO_PROJECT_ID, path_with_namespace: DEMO_PROJECT_PATH, default_branch: "main", name: "project" });
  sim.addBranch(DEMO_PROJECT_ID, { name: "main", commit: { title: "Initial commit", message: "Initial commit" } });
  sim.addBranch(DEMO_PROJECT_ID, { name: "develop", commit: { message: "Merge branch 'feature/search' into 'develop'" } });
  sim.addBranch(DEMO_PROJECT_ID, { name: "feature/login", commit: { message: "Add login form" } });
  for (const name of DEMO_EXTRA_BRANCHES) {
    sim.addBranch(DEMO_PROJECT_ID, { name, merged: DEMO_MERGED_BRANCHES.includes(name), commit: { message: `Work on ${name}` } });
  }
  sim.addProtectedBranch(DEMO_PROJECT_ID, { name: "main", push_access_level: 40, merge_access_level: 30 });
  sim.addProtectedBranch(DEMO_PROJECT_ID, { name: "develop", push_access_level: 30, merge_access_level: 30 });
}
