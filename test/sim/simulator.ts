// GitLabSimulator: an in-memory fake of GitLab's REST API v4 and GraphQL API
// for end-to-end tests and demos. See the sibling modules for the GitLab
// sources each behaviour was taken from.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { FaultQueue, type Fault } from "./faults.js";
import { registerBranchRoutes, seededBranch, BRANCH_KEYSET_FLAG } from "./restBranches.js";
import { registerMetaRoutes } from "./restMeta.js";
import { registerProjectRoutes } from "./restProjects.js";
import { registerProtectedBranchRoutes } from "./restProtectedBranches.js";
import { registerIssueRoutes } from "./restIssues.js";
import { registerIssueCoreRoutes } from "./restIssueCore.js";
import { registerIssueNoteRoutes, seedIssueActivity, type IssueActivitySeed } from "./restIssueNotes.js";
import { putDocument, registerDocumentRoutes, type DocumentKind } from "./restDocuments.js";
import { registerMergeRequestRoutes } from "./restMergeRequests.js";
import { registerMergeRequestCoreRoutes } from "./restMergeRequestsCore.js";
import { registerMergeRequestApprovalRoutes } from "./restMergeRequestApprovals.js";
import { registerMergeRequestActivityRoutes, seedMergeRequestActivity, type MergeRequestActivitySeed } from "./restMergeRequestActivity.js";
import { registerMergeTrainRoutes, seedMergeTrainCar, type MergeTrainCarSeed } from "./restMergeTrains.js";
import { registerMilestoneRoutes } from "./restMilestones.js";
import { registerPlanningRoutes } from "./restPlanning.js";
import { registerReleaseRoutes } from "./restReleases.js";
import { registerCiVariableRoutes, seedCiVariable } from "./restCiVariables.js";
import { registerCommitRoutes } from "./restCommits.js";
import { registerTagRoutes } from "./restTags.js";
import { registerUserAdminRoutes } from "./restUserAdmin.js";
import { registerPipelineRoutes, seedCi, type CiSeed } from "./restPipelines.js";
import { registerReviewRoutes, seedCommitDiff, seedComparison, seedDiffVersion } from "./restReview.js";
import { registerJobRoutes } from "./restJobs.js";
import { registerFileRoutes } from "./restFiles.js";
import { registerStatusCheckRoutes } from "./restStatusChecks.js";
import { registerSnippetRoutes, seedSnippet } from "./restSnippets.js";
import { registerTierRoutes, findNamespace } from "./restTiers.js";
import { registerSearchRoutes } from "./restSearch.js";
import { registerUserKeyRoutes } from "./restUserKeys.js";
import { registerUserAreaRoutes, seedTodo, type SimTodo } from "./restUserArea.js";
import { registerWikiRoutes } from "./restWiki.js";
import { seedCustomEmoji, seedWorkItem, type SimCustomEmoji, type SimWorkItem } from "./graphqlWorkItems.js";
import { registerEnvironmentRoutes } from "./restEnvironments.js";
import { registerFeatureFlagRoutes } from "./restFeatureFlags.js";
import { registerGroupEnterpriseRoutes } from "./restGroupEnterprise.js";
import { registerProjectAccessRoutes, seedMember } from "./restProjectAccess.js";
import { registerProjectCoreRoutes } from "./restProjectCore.js";
import { registerAccessTokenRoutes, seedAccessRequest, seedResourceToken } from "./restAccessTokens.js";
import { registerProjectOpsRoutes } from "./restProjectOps.js";
import { registerGroupCoreRoutes, seedGroupUpload } from "./restGroupCore.js";
import { seedEpic, seedEpicNote, type EpicSeed, type SimEpic, type SimEpicNote } from "./graphqlEpics.js";
import { groupExtras, registerEpicRestRoutes } from "./restEpics.js";
import { registerContentRoutes } from "./restContent.js";
import { registerDeployKeyRoutes } from "./restDeployKeys.js";
import { registerRunnerRoutes } from "./restRunners.js";
import { registerRunnerControllerRoutes } from "./restRunnerControllers.js";
import { registerStorageMoveRoutes } from "./restStorageMoves.js";
import { registerGeoRoutes } from "./restGeo.js";
import { registerAdminInstanceRoutes } from "./restAdminInstance.js";
import { registerAdminInstanceProjectRoutes } from "./restAdminInstanceProjects.js";
import { registerAdminOpsRoutes } from "./restAdminOps.js";
import { registerPackageRoutes } from "./restPackages.js";
import { registerPackageRegistryRoutes } from "./restPackagesRegistry.js";
import { registerTemplateRoutes } from "./restTemplates.js";
import { registerSecurityRoutes } from "./restSecurity.js";
import { registerSecurityExportRoutes } from "./restSecurityExports.js";
import { oauthOf, registerOAuthRoutes, type SimOAuth } from "./oauth.js";
import { GRANULAR_FLAG, loadTables, parseTables, type FineGrainedTables } from "./fineGrained.js";
import { seedIssue, seedMergeRequest, seedNote, seedPipeline, type IssueSeed, type MergeRequestSeed, type NoteSeed, type PipelineSeed } from "./trackerSeed.js";
import { Router, type ResolvedOptions } from "./router.js";
import { startServer, type LoggedRequest } from "./server.js";
import { SimState, type SimCommit, type SimGranularScope, type SimGroup, type SimProject, type SimUser } from "./state.js";
import type { SimIssue, SimMergeRequest, SimPipeline } from "./tracker.js";

export type { Fault } from "./faults.js";
export type { LoggedRequest } from "./server.js";
export type { SimCommit, SimProject, SimBranch, SimProtectedBranch, SimAccessLevel, SimUser, SimGranularScope, SimGroup } from "./state.js";
export type { SimIssue, SimMergeRequest, SimNote, SimPipeline } from "./tracker.js";
export type { DocumentKind } from "./restDocuments.js";
export type { IssueSeed, MergeRequestSeed, NoteSeed, PipelineSeed } from "./trackerSeed.js";
export type { CiSeed } from "./restPipelines.js";

export interface SimToken {
  scopes: string[];
  name?: string;
  userId?: number;
  revoked?: boolean;
  /** ISO date (YYYY-MM-DD); a token expiring today or earlier is expired. */
  expiresAt?: string | null;
  /**
   * The grant of a fine-grained token (give it `scopes: ["granular"]`): granular scopes as GitLab's
   * /personal_access_tokens/:id lists them.
   */
  granular?: SimGranularScope[];
  /** The token's user is an administrator (GET /license answers it; others get 403). */
  admin?: boolean;
}

/** GitLab feature flags the simulator honours (granular_personal_access_tokens: default on; off = "not yet supported"). */
export type SimFeatureFlag = typeof BRANCH_KEYSET_FLAG | typeof GRANULAR_FLAG;

export interface SimOptions {
  /** Default 0 (ephemeral); always binds 127.0.0.1. */
  port?: number;
  /** Serve HTTPS with this key and certificate (PEM) instead of HTTP. */
  tls?: { key: string; cert: string };
  /** Base of every web_url GitLab returns; default "https://gitlab.example.com". */
  externalUrl?: string;
  /** Links (web_url) on the simulator's own address instead of externalUrl, so they can be pasted back (npm run sim). */
  ownLinks?: boolean;
  /** Default { "glpat-simulator-token": { scopes: ["api"] } }. */
  tokens?: Record<string, SimToken>;
  /** Reported by /version; default "18.6.0-ee". `sim.setVersion` changes it. */
  version?: string;
  /** "ce": GET /license is not a route (404) and namespaces carry no plan. Default: "ce" when `version` has no "-ee" suffix, else "ee". */
  edition?: "ee" | "ce";
  /** The installed license GET /license answers on EE; null or absent = none installed (200 `null`). */
  license?: { plan: string } | null;
  /**
   * GitLab's fine-grained permission tables: a directory holding rest*.tsv and graphql*.tsv, or their
   * texts. Default: codegen/inputs/fine-grained/ of this repository (or GITLAB_SIM_FINE_GRAINED_DIR).
   */
  fineGrainedTables?: string | { rest: string; graphql?: string };
  /** GitLab omits x-total / x-total-pages above 10,000 rows of a database list; default 10000. */
  totalsLimit?: number;
  /**
   * GitLab feature flags. `branch_list_keyset_pagination` (default false, as on
   * GitLab Self-Managed) enables keyset pagination of the branch list.
   */
  featureFlags?: Partial<Record<SimFeatureFlag, boolean>>;
  /** Default true: DELETE only marks a project or group for deletion. false: an instance without delayed deletion. */
  delayedDeletion?: boolean;
}

export const DEFAULT_TOKEN = "glpat-simulator-token";
const DOCUMENT_SCOPE_IS_GROUP = new Set<DocumentKind>(["group_label", "group_milestone", "group_iteration"]);

export class GitLabSimulator {
  readonly url: string;
  readonly log: LoggedRequest[];
  private readonly faults: FaultQueue;
  private readonly options: ResolvedOptions;

  private constructor(
    private readonly server: Server,
    private readonly state: SimState,
    deps: { url: string; log: LoggedRequest[]; faults: FaultQueue; options: ResolvedOptions },
  ) {
    this.url = deps.url;
    this.log = deps.log;
    this.faults = deps.faults;
    this.options = deps.options;
  }

  static async start(options: SimOptions = {}): Promise<GitLabSimulator> {
    const state = new SimState();
    const tokens = options.tokens ?? { [DEFAULT_TOKEN]: { scopes: ["api"] } };
    for (const [value, token] of Object.entries(tokens)) state.addToken(value, token);
    for (const [flag, enabled] of Object.entries(options.featureFlags ?? {})) state.featureFlags.set(flag, enabled === true);
    const version = options.version ?? "18.6.0-ee";
    const tables: FineGrainedTables =
      typeof options.fineGrainedTables === "object"
        ? parseTables(options.fineGrainedTables.rest, options.fineGrainedTables.graphql ?? "", "options")
        : loadTables(options.fineGrainedTables);
    const resolved: ResolvedOptions = {
      externalUrl: (options.externalUrl ?? "https://gitlab.example.com").replace(/\/+$/, ""),
      version,
      totalsLimit: options.totalsLimit ?? 10_000,
      edition: options.edition ?? (version.endsWith("-ee") ? "ee" : "ce"),
      license: options.license ?? null,
      delayedDeletion: options.delayedDeletion ?? true,
      fineGrained: tables,
    };
    const router = new Router();
    registerMetaRoutes(router);
    registerProjectRoutes(router);
    registerBranchRoutes(router);
    registerProtectedBranchRoutes(router);
    registerIssueRoutes(router);
    registerIssueCoreRoutes(router);
    registerIssueNoteRoutes(router);
    registerMergeRequestRoutes(router);
    registerPipelineRoutes(router);
    registerMergeRequestCoreRoutes(router);
    registerMergeRequestApprovalRoutes(router);
    registerJobRoutes(router);
    registerSnippetRoutes(router);
    registerDocumentRoutes(router);
    registerMilestoneRoutes(router);
    registerPlanningRoutes(router);
    registerReleaseRoutes(router);
    registerCiVariableRoutes(router);
    registerCommitRoutes(router);
    registerTagRoutes(router);
    registerUserAdminRoutes(router);
    registerReviewRoutes(router);
    registerMergeRequestActivityRoutes(router);
    registerUserAreaRoutes(router);
    registerMergeTrainRoutes(router);
    registerFileRoutes(router);
    registerStatusCheckRoutes(router);
    registerTierRoutes(router);
    registerGroupCoreRoutes(router);
    registerSearchRoutes(router);
    registerGroupEnterpriseRoutes(router);
    registerProjectAccessRoutes(router);
    registerEpicRestRoutes(router);
    registerUserKeyRoutes(router);
    registerWikiRoutes(router);
    registerEnvironmentRoutes(router);
    registerFeatureFlagRoutes(router);
    registerProjectCoreRoutes(router);
    registerAccessTokenRoutes(router);
    registerProjectOpsRoutes(router);
    registerContentRoutes(router);
    registerDeployKeyRoutes(router);
    registerRunnerRoutes(router);
    registerRunnerControllerRoutes(router);
    registerStorageMoveRoutes(router);
    registerGeoRoutes(router);
    registerAdminInstanceRoutes(router);
    registerAdminInstanceProjectRoutes(router);
    registerAdminOpsRoutes(router);
    registerPackageRoutes(router);
    registerPackageRegistryRoutes(router);
    registerTemplateRoutes(router);
    registerSecurityRoutes(router);
    registerSecurityExportRoutes(router);
    registerOAuthRoutes(router);
    const log: LoggedRequest[] = [];
    const faults = new FaultQueue();
    const server = startServer({ state, options: resolved, router, faults, log }, options.tls);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const url = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;
    if (options.ownLinks) resolved.externalUrl = url;
    return new GitLabSimulator(server, state, { url, log, faults, options: resolved });
  }

  /** Seeds a personal snippet (or, with projectId, a project snippet) with its files' contents. */
  addSnippet(seed: { id: number; title: string; visibility?: string; authorId?: number; projectId?: number; files: Record<string, string> }): Record<string, unknown> {
    return seedSnippet(this.state, this.options.externalUrl, seed);
  }

  /** GitLab's OAuth provider: applications, the signed-in user, issued tokens (oauth.ts). */
  get oauth(): SimOAuth {
    return oauthOf(this.state);
  }

  /** Changes what /version and /metadata report from now on (e.g. "19.4.1-ee"). */
  setVersion(version: string): void {
    this.options.version = version;
  }

  /** Installs a license (EE), or removes it with null. */
  setLicense(license: { plan: string } | null): void {
    this.options.license = license;
  }

  /** Changes a fine-grained token's grant from the next request on (read again at revalidation). */
  setGrant(tokenValue: string, granular: SimGranularScope[]): void {
    const token = this.state.tokens.get(tokenValue);
    if (!token) throw new Error(`GitLabSimulator: no token ${JSON.stringify(tokenValue)}`);
    token.granular = granular.map((g) => ({ ...g, permissions: [...g.permissions] }));
  }

  /**
   * Sets the plan GET /namespaces reports for a namespace: a group (id or full path) or a user's
   * personal namespace (its id, 10000 + user id, or the username). Plans: "free", "premium",
   * "ultimate", "default", "ultimate_trial", ...
   */
  setNamespacePlan(namespaceIdOrPath: number | string, plan: string): void {
    const ns = findNamespace(this.state, namespaceIdOrPath);
    if (!ns) throw new Error(`GitLabSimulator: no namespace ${JSON.stringify(namespaceIdOrPath)}`);
    this.state.namespacePlans.set(ns.key, plan);
  }

  /**
   * Adds a group (and its parents) by full path; `id` fixes its id (grants name groups by id),
   * `members` (user ids) limits who belongs to it. Groups of seeded projects are created on their own.
   */
  addGroup(g: { full_path: string; id?: number; members?: number[]; visibility?: "private" | "internal" | "public" }): SimGroup {
    const group = this.state.ensureGroupPath(g.full_path, { id: g.id, members: g.members, visibility: g.visibility });
    if (!group) throw new Error(`GitLabSimulator: ${g.full_path} is a user's namespace`);
    return group;
  }

  /** Seeds a work item (GraphQL) in a project or group, by full path. */
  addWorkItem(namespace: string, w: Parameters<typeof seedWorkItem>[2]): SimWorkItem {
    return seedWorkItem(this.state, namespace, w);
  }

  /** Seeds a custom emoji (GraphQL) in a group, by full path. */
  addCustomEmoji(groupPath: string, e: Parameters<typeof seedCustomEmoji>[2]): SimCustomEmoji {
    const group = this.state.findGroup(groupPath) ?? this.addGroup({ full_path: groupPath });
    return seedCustomEmoji(this.state, group, e);
  }

  /** Seeds a file uploaded to a group (GET /groups/:id/uploads). */
  addGroupUpload(groupId: number, upload: Parameters<typeof seedGroupUpload>[2]): void {
    seedGroupUpload(this.state, groupId, upload);
  }

  /** Seeds an epic (Premium; GraphQL and REST) in a group, by full path. */
  addEpic(groupPath: string, seed: EpicSeed): SimEpic {
    return seedEpic(this.state, this.state.findGroup(groupPath) ?? this.addGroup({ full_path: groupPath }), seed);
  }

  /** Seeds a note on an epic; `discussion` (40 hex) replies in that thread. */
  addEpicNote(epic: SimEpic, seed: Parameters<typeof seedEpicNote>[2]): SimEpicNote {
    return seedEpicNote(this.state, epic, seed);
  }

  /** A group's epic boards, activity counts and LDAP/SAML group links (restEpics.ts), to seed or inspect. */
  groupExtras(groupPath: string): ReturnType<typeof groupExtras> {
    return groupExtras(this.state.findGroup(groupPath) ?? this.addGroup({ full_path: groupPath }));
  }

  /** The group with this id or full path (created for every seeded project's namespace). */
  getGroup(ref: number | string): SimGroup | undefined {
    return this.state.findGroup(ref);
  }

  /**
   * Makes a root group enforce fine-grained tokens (namespace setting enforce_granular_tokens): a classic
   * token is then refused its routes below it with GitLab's insufficient_granular_scope answer.
   */
  enforceFineGrainedTokens(rootGroupPath: string, enforced = true): void {
    const key = rootGroupPath.toLowerCase();
    if (enforced) this.state.enforcingRoots.add(key);
    else this.state.enforcingRoots.delete(key);
  }

  clearLog(): void {
    this.log.length = 0;
  }

  inject(fault: Fault): void {
    this.faults.add(fault);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  setFeatureFlag(flag: SimFeatureFlag, enabled: boolean): void {
    this.state.featureFlags.set(flag, enabled);
  }

  /** Adds a project; with `members` (user ids) a private project is visible to those users only. */
  addProject(p: { id?: number; path_with_namespace: string; default_branch?: string; visibility?: "private" | "internal" | "public"; name?: string; members?: number[] }): SimProject {
    return this.state.addProject(p);
  }

  /** The live project record (numeric id or "group/project"), or undefined. */
  getProject(projectRef: number | string): SimProject | undefined {
    return this.state.findProject(projectRef);
  }

  addBranch(
    projectRef: number | string,
    b: { name: string; merged?: boolean; commit?: Partial<SimCommit>; can_push?: boolean; developers_can_push?: boolean; developers_can_merge?: boolean },
  ): void {
    const project = this.state.requireProject(projectRef);
    this.state.putBranch(project, seededBranch(b.name, this.state.nextSeedTime(), b));
  }

  /** Fast bulk seeding (one sort at the next read). */
  addBranches(projectRef: number | string, names: string[]): void {
    const project = this.state.requireProject(projectRef);
    const at = this.state.nextSeedTime();
    this.state.putBranches(project, names.map((name) => seededBranch(name, at)));
  }

  addProtectedBranch(
    projectRef: number | string,
    pb: {
      name: string;
      push_access_level?: number;
      merge_access_level?: number;
      unprotect_access_level?: number;
      allow_force_push?: boolean;
      code_owner_approval_required?: boolean;
    },
  ): void {
    const project = this.state.requireProject(projectRef);
    if (this.state.hasProtectedBranch(project, pb.name)) {
      throw new Error(`GitLabSimulator: protected branch ${pb.name} already exists`);
    }
    this.state.addProtectedBranch(project, {
      name: pb.name,
      push: [{ access_level: pb.push_access_level ?? 40 }],
      merge: [{ access_level: pb.merge_access_level ?? 40 }],
      unprotect: [{ access_level: pb.unprotect_access_level ?? 40 }],
      allow_force_push: pb.allow_force_push,
      code_owner_approval_required: pb.code_owner_approval_required,
      at: this.state.nextSeedTime(),
    });
  }

  /** Revokes a token: GitLab then answers it 401 invalid_token everywhere. */
  revokeToken(value: string): void {
    const token = this.state.tokens.get(value);
    if (!token) throw new Error("GitLabSimulator: no such token");
    token.revoked = true;
  }

  /** Makes a user a direct member of a project or group (by id or full path) with an access level. */
  addMember(source: { project: number | string } | { group: number | string }, m: { user_id: number; access_level: number; expires_at?: string | null }): void {
    const target = "project" in source ? this.state.requireProject(source.project) : this.state.findGroup(source.group) ?? this.addGroup({ full_path: String(source.group) });
    seedMember(this.state, target, m);
  }

  /** Adds or replaces a user (the token user is id 1 unless a token says otherwise). */
  addUser(u: { id: number; username: string; name?: string; email?: string }): SimUser {
    return this.state.putUser({ id: u.id, username: u.username, name: u.name ?? u.username, email: u.email ?? `${u.username}@example.com` });
  }

  /** Seeds a project or group access token (restAccessTokens.ts) that authenticates as `value`; returns its ID. */
  addResourceToken(value: string, t: { kind: "project" | "group"; ownerId: number; scopes: string[]; name?: string; accessLevel?: number; expiresAt?: string | null }): number {
    return seedResourceToken(this.state, value, t);
  }

  /** Seeds a pending access request of a user to a project or group (restAccessTokens.ts). */
  addAccessRequest(r: { kind: "project" | "group"; ownerId: number; userId: number; requestedAt?: string }): void {
    seedAccessRequest(this.state, r);
  }

  /** Puts a to-do item on a user's list (GET /todos of restUserArea.ts). */
  addTodo(todo: Omit<SimTodo, "state" | "created_at" | "body"> & Partial<SimTodo>): void {
    seedTodo(this.state, todo);
  }

  /** Fixes the clock GitLab stamps writes with (ISO time), or restores real time with null. */
  setNow(iso: string | null): void {
    this.state.fixedNow = iso === null ? null : new Date(iso);
  }

  /** Seeds an issue; usernames name users, created when unknown. */
  addIssue(projectRef: number | string, seed: IssueSeed): SimIssue {
    return seedIssue(this.state, this.state.requireProject(projectRef), seed);
  }

  /** Seeds a merge request; `files` become its diffs, so changes_count is their number. */
  addMergeRequest(projectRef: number | string, seed: MergeRequestSeed): SimMergeRequest {
    return seedMergeRequest(this.state, this.state.requireProject(projectRef), seed);
  }

  /** Seeds a pipeline, for a merge request when `merge_request_iid` is given. */
  addPipeline(projectRef: number | string, seed: PipelineSeed): SimPipeline {
    return seedPipeline(this.state, this.state.requireProject(projectRef), seed, this.state.nextSeedTime());
  }

  /** Seeds a note on an issue or a merge request. */
  addNote(projectRef: number | string, on: { issue_iid: number } | { merge_request_iid: number }, seed: NoteSeed): void {
    seedNote(this.state, this.state.requireProject(projectRef), on, seed, this.state.nextSeedTime());
  }

  /** Seeds a further push of a merge request: a new latest diff version (its files, when given). Answers its ID. */
  addDiffVersion(projectRef: number | string, iid: number, seed: { head_sha?: string; base_sha?: string; start_sha?: string; real_size?: string; diffs?: Record<string, unknown>[] } = {}): number {
    const project = this.state.requireProject(projectRef);
    const mr = this.state.tracker.of(project).mergeRequests.get(iid);
    if (!mr) throw new Error(`GitLabSimulator: no merge request !${iid}`);
    return seedDiffVersion(this.state, project, mr, seed);
  }

  /** Seeds the files a commit changes (GET .../repository/commits/:sha/diff). */
  addCommitDiff(projectRef: number | string, sha: string, diffs: Record<string, unknown>[]): void {
    seedCommitDiff(this.state, this.state.requireProject(projectRef), sha, diffs);
  }

  /** Seeds the answer of GET .../repository/compare for one from/to pair. */
  addComparison(projectRef: number | string, from: string, to: string, answer: Record<string, unknown>): void {
    seedComparison(this.state, this.state.requireProject(projectRef), from, to, answer);
  }

  /**
   * Seeds a GitLab document (a label, tag, release, job, ...) served as it is by its GET endpoint,
   * under a project (ID or path), a group ID, or "instance" for groups and personal snippets.
   */
  /** Seeds pipeline extras (name, variables, test report, a script of statuses), schedules, trigger tokens and resource groups. */
  seedCi(projectRef: number | string, seed: CiSeed): void {
    seedCi(this.state, this.state.requireProject(projectRef), seed);
  }

  addDocument(kind: DocumentKind, scope: number | string, doc: Record<string, unknown>): void {
    const where = scope === "instance" || DOCUMENT_SCOPE_IS_GROUP.has(kind) ? scope : this.state.requireProject(scope).id;
    putDocument(this.state, kind, where, doc);
  }

  /** Seeds a CI/CD variable of a project (ID or path), a group ID, or "instance". */
  addCiVariable(
    owner: { project: number | string } | { group: number } | "instance",
    v: { key: string; value: string; masked?: boolean; hidden?: boolean; protected?: boolean; environment_scope?: string; variable_type?: string; description?: string },
  ): void {
    const bucket = owner === "instance" ? "instance" : "project" in owner ? `project:${this.state.requireProject(owner.project).id}` : `group:${owner.group}`;
    seedCiVariable(this.state, bucket, { ...v, masked: v.masked === true || v.hidden === true });
  }

  /** Seeds emoji reactions, resource events and time tracking of a seeded merge request. */
  addMergeRequestActivity(projectRef: number | string, mergeRequestIid: number, seed: MergeRequestActivitySeed): void {
    seedMergeRequestActivity(this.state, this.state.requireProject(projectRef), mergeRequestIid, seed);
  }

  /** Seeds emoji reactions and resource events (label, milestone, state, iteration, weight) of a seeded issue. */
  addIssueActivity(projectRef: number | string, issueIid: number, seed: IssueActivitySeed): void {
    seedIssueActivity(this.state, this.state.requireProject(projectRef), issueIid, seed);
  }

  /** Seeds a merge train car for a seeded merge request (its target branch names the train). */
  addMergeTrainCar(projectRef: number | string, seed: MergeTrainCarSeed): void {
    seedMergeTrainCar(this.state, this.state.requireProject(projectRef), seed);
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.close((err) => (err ? reject(err) : resolve()));
      this.server.closeAllConnections();
    });
  }
}
