// In-memory state of the simulated GitLab instance: projects, branches,
// protected-branch rules, users and personal access tokens. Everything here is
// plain data; HTTP concerns live elsewhere.
import type { SimCommit } from "./commits.js";
import { isWildcard, wildcardMatches } from "./refNames.js";
import { Tracker } from "./tracker.js";

export type { SimCommit } from "./commits.js";

export interface SimBranch {
  name: string;
  commit: SimCommit;
  merged: boolean;
  /** Seed overrides; when absent the value is derived from protected-branch rules. */
  can_push?: boolean;
  developers_can_push?: boolean;
  developers_can_merge?: boolean;
}

export interface SimAccessLevel {
  id: number;
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
  deploy_key_id: number | null;
}

export interface SimProtectedBranch {
  id: number;
  name: string;
  push_access_levels: SimAccessLevel[];
  merge_access_levels: SimAccessLevel[];
  unprotect_access_levels: SimAccessLevel[];
  allow_force_push: boolean;
  code_owner_approval_required: boolean;
  created_at: string;
  updated_at: string;
}

export type Visibility = "private" | "internal" | "public";

export interface SimProject {
  id: number;
  name: string;
  path: string;
  path_with_namespace: string;
  default_branch: string;
  visibility: Visibility;
  created_at: string;
  branches: Map<string, SimBranch>;
  protectedBranches: SimProtectedBranch[];
  /**
   * The users who are members (by id). Absent: every signed-in user is a Maintainer, the simulator's
   * default. Present: a private project is visible to these users only.
   */
  members?: ReadonlySet<number>;
}

export interface SimUser {
  id: number;
  username: string;
  name: string;
  email: string;
}

/**
 * One granular scope of a fine-grained personal access token (lib/api/entities/
 * personal_access_token_granular_scope.rb): `project_id` only for a project namespace, `group_id` only
 * for a group.
 */
export interface SimGranularScope {
  access: "personal_projects" | "selected_memberships" | "all_memberships" | "user" | "instance";
  permissions: string[];
  project_id?: number | null;
  group_id?: number | null;
}

/** A group namespace (derived from project paths, or seeded with addGroup). */
export interface SimGroup {
  id: number;
  name: string;
  path: string;
  full_path: string;
  parent_id: number | null;
  /** Member user ids; absent: every signed-in user is a member (the simulator's default). */
  members?: ReadonlySet<number>;
  /** Absent: public when it holds a public project (GitLab keeps a group at least as visible as its projects), else private. */
  visibility?: Visibility;
}

export interface TokenRecord {
  id: number;
  value: string;
  name: string;
  scopes: string[];
  /** The grant of a fine-grained token (scopes exactly ["granular"]). */
  granular?: SimGranularScope[];
  /** The token's user is an administrator (GET /license, other users' tokens). */
  admin?: boolean;
  userId: number;
  revoked: boolean;
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** GitLab::Access levels used by protected refs. */
export const ACCESS = { NO_ACCESS: 0, DEVELOPER: 30, MAINTAINER: 40, ADMIN: 60 } as const;
/** ProtectedRefAccess.human_access_levels (self-managed: admin level included). */
export const HUMAN_ACCESS_LEVELS: Record<number, string> = {
  30: "Developers + Maintainers",
  40: "Maintainers",
  60: "Instance admins",
  0: "No one",
};
export const ALLOWED_ACCESS_LEVELS = [30, 40, 60, 0] as const;

/** ActiveSupport JSON rendering of a UTC time: 2020-07-23T14:31:47.729Z */
export function jsonTime(d: Date): string {
  return d.toISOString();
}

const SEED_EPOCH = Date.parse("2025-01-06T09:00:00.000Z");

export class SimState {
  readonly projects = new Map<number, SimProject>();
  readonly users = new Map<number, SimUser>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly featureFlags = new Map<string, boolean>();
  /** Group namespaces by id (see fineGrained.ts and restNamespaces.ts). */
  readonly groups = new Map<number, SimGroup>();
  /** Plans per namespace key ("group:<id>" or "user:<user id>"), as setNamespacePlan sets them. */
  readonly namespacePlans = new Map<string, string>();
  /** Full paths (lower case) of root groups that enforce fine-grained tokens. */
  readonly enforcingRoots = new Set<string>();
  private nextGroupId = 100;
  /** Seeded GitLab documents served as they are by the read-only endpoints of restDocuments.ts. */
  readonly documents = new Map<string, Array<Record<string, unknown>>>();
  /** Issues, merge requests, notes and pipelines. */
  readonly tracker = new Tracker();
  /** A fixed clock for the times GitLab stamps on writes (created_at, merged_at); real time when unset. */
  fixedNow: Date | null = null;
  private readonly sortedNames = new WeakMap<SimProject, string[]>();
  /** Rule names per project (kept by addProtectedBranch / removeProtectedBranch; rebuilt when the count drifts). */
  private readonly ruleNames = new WeakMap<SimProject, { count: number; names: Set<string> }>();
  private ids = { protectedBranch: 0, push: 0, merge: 0, unprotect: 0, token: 0 };
  private seedCounter = 0;

  /** Deterministic timestamps for seeded objects. */
  nextSeedTime(): Date {
    this.seedCounter += 1;
    return new Date(SEED_EPOCH + this.seedCounter * 60_000);
  }

  /** The time GitLab stamps on a write. */
  now(): Date {
    return this.fixedNow ? new Date(this.fixedNow) : new Date();
  }

  /** Adds or replaces a user. */
  putUser(user: SimUser): SimUser {
    this.users.set(user.id, user);
    return user;
  }

  /** The user with this username, created with the next free id when absent (for seeding). */
  userNamed(username: string): SimUser {
    for (const u of this.users.values()) if (u.username === username) return u;
    const id = Math.max(1, ...this.users.keys()) + 1;
    return this.putUser({ id, username, name: username.charAt(0).toUpperCase() + username.slice(1), email: `${username}@example.com` });
  }

  ensureUser(id: number): SimUser {
    let user = this.users.get(id);
    if (!user) {
      const username = id === 1 ? "sim-user" : `user${id}`;
      user = { id, username, name: id === 1 ? "Simulator User" : `User ${id}`, email: `${username}@example.com` };
      this.users.set(id, user);
    }
    return user;
  }

  addToken(
    value: string,
    t: { scopes: string[]; name?: string; userId?: number; revoked?: boolean; expiresAt?: string | null; granular?: SimGranularScope[]; admin?: boolean },
  ): void {
    this.ids.token += 1;
    const userId = t.userId ?? 1;
    this.ensureUser(userId);
    this.tokens.set(value, {
      id: this.ids.token,
      value,
      name: t.name ?? `token-${this.ids.token}`,
      scopes: [...t.scopes],
      userId,
      revoked: t.revoked ?? false,
      expiresAt: t.expiresAt ?? null,
      ...(t.granular ? { granular: t.granular.map((g) => ({ ...g, permissions: [...g.permissions] })) } : {}),
      ...(t.admin ? { admin: true } : {}),
      createdAt: jsonTime(new Date(SEED_EPOCH - 86_400_000)),
      lastUsedAt: null,
    });
  }

  /** Project lookup as API::Helpers#find_project: integer id, or a full path containing "/". */
  findProject(ref: number | string): SimProject | undefined {
    const text = String(ref);
    if (/^-?\d+$/.test(text)) return this.projects.get(Number(text));
    if (!text.includes("/")) return undefined;
    const wanted = text.toLowerCase();
    for (const p of this.projects.values()) if (p.path_with_namespace.toLowerCase() === wanted) return p;
    return undefined;
  }

  /**
   * ProjectPolicy's read_project, reduced to visibility: public for everyone, internal for any signed-in
   * user, private for members (every signed-in user when the project lists none).
   */
  canRead(project: SimProject, userId: number | undefined): boolean {
    if (project.visibility === "public") return true;
    if (userId === undefined) return false;
    return project.visibility === "internal" || !project.members || project.members.has(userId);
  }

  requireProject(ref: number | string): SimProject {
    const p = this.findProject(ref);
    if (!p) throw new Error(`GitLabSimulator: no project ${JSON.stringify(ref)}`);
    return p;
  }

  addProject(p: { id?: number; path_with_namespace: string; default_branch?: string; visibility?: Visibility; name?: string; members?: number[] }): SimProject {
    const id = p.id ?? Math.max(0, ...this.projects.keys()) + 1;
    if (this.projects.has(id)) throw new Error(`GitLabSimulator: project id ${id} already exists`);
    if (!p.path_with_namespace.includes("/")) throw new Error("GitLabSimulator: path_with_namespace needs a namespace");
    const path = p.path_with_namespace.split("/").pop() as string;
    const project: SimProject = {
      id,
      name: p.name ?? path,
      path,
      path_with_namespace: p.path_with_namespace,
      default_branch: p.default_branch ?? "main",
      visibility: p.visibility ?? "private",
      created_at: jsonTime(this.nextSeedTime()),
      branches: new Map(),
      protectedBranches: [],
      ...(p.members ? { members: new Set(p.members) } : {}),
    };
    this.projects.set(id, project);
    this.ensureGroupPath(p.path_with_namespace.split("/").slice(0, -1).join("/"));
    return project;
  }

  /**
   * The group with this full path, creating it and its ancestors (ids from 100 up) when absent. A
   * one-segment path that is a user's username is that user's personal namespace, not a group.
   */
  ensureGroupPath(fullPath: string, opts: { id?: number; members?: number[]; visibility?: Visibility } = {}): SimGroup | undefined {
    if (fullPath === "") return undefined;
    const existing = this.findGroup(fullPath);
    if (existing) return existing;
    const segments = fullPath.split("/");
    if (segments.length === 1 && !opts.id && [...this.users.values()].some((u) => u.username.toLowerCase() === fullPath.toLowerCase())) return undefined;
    const parent = segments.length > 1 ? this.ensureGroupPath(segments.slice(0, -1).join("/")) : undefined;
    let id = opts.id;
    if (id === undefined) {
      while (this.groups.has(this.nextGroupId)) this.nextGroupId += 1;
      id = this.nextGroupId;
      this.nextGroupId += 1;
    } else if (this.groups.has(id)) throw new Error(`GitLabSimulator: group id ${id} already exists`);
    const path = segments[segments.length - 1];
    const group: SimGroup = {
      id,
      name: path,
      path,
      full_path: fullPath,
      parent_id: parent?.id ?? null,
      ...(opts.members ? { members: new Set(opts.members) } : {}),
      ...(opts.visibility ? { visibility: opts.visibility } : {}),
    };
    this.groups.set(id, group);
    return group;
  }

  /** A group by id or full path (case-insensitive). */
  findGroup(ref: number | string): SimGroup | undefined {
    const text = String(ref);
    if (/^\d+$/.test(text)) return this.groups.get(Number(text));
    const wanted = text.toLowerCase();
    for (const g of this.groups.values()) if (g.full_path.toLowerCase() === wanted) return g;
    return undefined;
  }

  /** The group and its ancestors, nearest first. */
  groupAncestry(group: SimGroup | undefined): SimGroup[] {
    const out: SimGroup[] = [];
    for (let g = group; g; g = g.parent_id === null ? undefined : this.groups.get(g.parent_id)) out.push(g);
    return out;
  }

  /** The group a project sits in (undefined for a personal project). */
  projectGroup(project: SimProject): SimGroup | undefined {
    const ns = project.path_with_namespace.split("/").slice(0, -1).join("/");
    return this.findGroup(ns);
  }

  /** A group's visibility (see SimGroup.visibility). */
  groupVisibility(group: SimGroup): Visibility {
    if (group.visibility) return group.visibility;
    const prefix = `${group.full_path.toLowerCase()}/`;
    for (const p of this.projects.values()) {
      if (p.visibility === "public" && p.path_with_namespace.toLowerCase().startsWith(prefix)) return "public";
    }
    return "private";
  }

  /** Project membership as the simulator models it: every signed-in user unless the project lists members. */
  isProjectMember(project: SimProject, userId: number): boolean {
    return !project.members || project.members.has(userId);
  }

  /**
   * Group membership: the group lists the user, or (no list) the user is a member of a project in it or
   * below it, or the group has no projects at all.
   */
  isGroupMember(group: SimGroup, userId: number): boolean {
    if (group.members) return group.members.has(userId);
    const prefix = `${group.full_path.toLowerCase()}/`;
    let any = false;
    for (const p of this.projects.values()) {
      if (!p.path_with_namespace.toLowerCase().startsWith(prefix)) continue;
      any = true;
      if (this.isProjectMember(p, userId)) return true;
    }
    return !any;
  }

  putBranch(project: SimProject, branch: SimBranch): void {
    project.branches.set(branch.name, branch);
    this.sortedNames.delete(project);
  }

  putBranches(project: SimProject, branches: SimBranch[]): void {
    for (const b of branches) project.branches.set(b.name, b);
    this.sortedNames.delete(project);
  }

  removeBranch(project: SimProject, name: string): boolean {
    const removed = project.branches.delete(name);
    if (removed) this.sortedNames.delete(project);
    return removed;
  }

  /** Branch names sorted as Gitaly sorts refs by name (byte order). */
  branchNames(project: SimProject): string[] {
    let names = this.sortedNames.get(project);
    if (!names) {
      names = [...project.branches.keys()].sort(compareBytes);
      this.sortedNames.set(project, names);
    }
    return names;
  }

  addProtectedBranch(
    project: SimProject,
    pb: {
      name: string;
      push: Array<Partial<SimAccessLevel>>;
      merge: Array<Partial<SimAccessLevel>>;
      unprotect: Array<Partial<SimAccessLevel>>;
      allow_force_push?: boolean;
      code_owner_approval_required?: boolean;
      at?: Date;
    },
  ): SimProtectedBranch {
    const at = jsonTime(pb.at ?? new Date());
    this.ids.protectedBranch += 1;
    const rule: SimProtectedBranch = {
      id: this.ids.protectedBranch,
      name: pb.name,
      push_access_levels: pb.push.map((l) => this.accessLevel("push", l)),
      merge_access_levels: pb.merge.map((l) => this.accessLevel("merge", l)),
      unprotect_access_levels: pb.unprotect.map((l) => this.accessLevel("unprotect", l)),
      allow_force_push: pb.allow_force_push ?? false,
      code_owner_approval_required: pb.code_owner_approval_required ?? false,
      created_at: at,
      updated_at: at,
    };
    const index = this.ruleNames.get(project);
    if (index && index.count === project.protectedBranches.length) {
      index.names.add(rule.name);
      index.count += 1;
    } else {
      this.ruleNames.delete(project);
    }
    project.protectedBranches.push(rule);
    return rule;
  }

  removeProtectedBranch(project: SimProject, rule: SimProtectedBranch): void {
    const at = project.protectedBranches.indexOf(rule);
    if (at >= 0) project.protectedBranches.splice(at, 1);
    this.ruleNames.delete(project);
  }

  hasProtectedBranch(project: SimProject, name: string): boolean {
    let index = this.ruleNames.get(project);
    if (!index || index.count !== project.protectedBranches.length) {
      index = { count: project.protectedBranches.length, names: new Set(project.protectedBranches.map((r) => r.name)) };
      this.ruleNames.set(project, index);
    }
    return index.names.has(name);
  }

  accessLevel(kind: "push" | "merge" | "unprotect", l: Partial<SimAccessLevel>): SimAccessLevel {
    this.ids[kind] += 1;
    return {
      id: this.ids[kind],
      access_level: l.access_level ?? null,
      user_id: l.user_id ?? null,
      group_id: l.group_id ?? null,
      deploy_key_id: l.deploy_key_id ?? null,
    };
  }

  matchingRules(project: SimProject, branchName: string): SimProtectedBranch[] {
    return project.protectedBranches.filter((pb) => wildcardMatches(pb.name, branchName));
  }

  isProtected(project: SimProject, branchName: string): boolean {
    return project.protectedBranches.some((pb) => wildcardMatches(pb.name, branchName));
  }

  /** ProtectedBranch.developers_can?(:push / :merge, name) */
  developersCan(project: SimProject, action: "push" | "merge", branchName: string): boolean {
    return this.matchingRules(project, branchName).some((pb) =>
      (action === "push" ? pb.push_access_levels : pb.merge_access_levels).some((l) => l.access_level === ACCESS.DEVELOPER),
    );
  }

  /** Gitlab::UserAccess#can_push_to_branch? for a project maintainer (the simulated role). */
  maintainerCanPush(project: SimProject, branchName: string, userId: number): boolean {
    const rules = this.matchingRules(project, branchName);
    if (rules.length === 0) return true;
    return rules.some((pb) =>
      pb.push_access_levels.some(
        (l) => l.access_level === ACCESS.DEVELOPER || l.access_level === ACCESS.MAINTAINER || l.user_id === userId,
      ),
    );
  }

  /** Number of existing branches a rule name (exact or wildcard) matches. */
  matchingBranchCount(project: SimProject, ruleName: string): number {
    if (!isWildcard(ruleName)) return project.branches.has(ruleName) ? 1 : 0;
    let n = 0;
    for (const name of project.branches.keys()) if (wildcardMatches(ruleName, name)) n += 1;
    return n;
  }
}

export function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
