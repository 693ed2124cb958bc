// Project.branchRules as GitLab resolves it
// (app/graphql/resolvers/projects/branch_rules_resolver.rb,
// app/finders/projects/branch_rules_finder.rb, app/models/projects/all_branches_rule.rb,
// lib/gitlab/graphql/pagination/externally_paginated_array_connection.rb):
//
// - the synthetic "All branches" rule (Projects::AllBranchesRule: not
//   protected, not default, no branchProtection, matchingBranchesCount = number
//   of branches) always comes first;
// - then the protected branches sorted by name, except that on the first page
//   the rule protecting the default branch is moved to the front;
// - page size: `first`, default 100, max 100; `after` is an opaque cursor,
//   Base64 of {"name":...,"id":...} ({"name":"all_branches","id":null} after the
//   synthetic rule); `before` is ignored and `last` only trims the fetched page;
// - pageInfo.endCursor / hasNextPage come from the finder; startCursor is null
//   and hasPreviousPage false (the array is paginated externally).
// GitLab only documents cursors for pageInfo; each edge here carries the same
// kind of cursor for its own node so clients may resume from any edge.
import { GraphQLError } from "graphql";
import type { SimProject, SimProtectedBranch } from "./state.js";

export const ALL_BRANCHES_IDENTIFIER = "all_branches";
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

export type RuleItem = { kind: "all_branches" } | { kind: "rule"; rule: SimProtectedBranch };

export interface RulePage {
  rules: RuleItem[];
  endCursor: string | null;
  hasNextPage: boolean;
}

export function encodeCursor(name: string, id: number | null = null): string {
  return Buffer.from(JSON.stringify({ name, id }), "utf8").toString("base64");
}

/** Edge cursor: resuming after it continues exactly after that rule (see the deviation below). */
export function cursorFor(item: RuleItem, defaultBranch: string): string {
  if (item.kind === "all_branches") return encodeCursor(ALL_BRANCHES_IDENTIFIER);
  return item.rule.name === defaultBranch ? encodeCursor("", 0) : encodeCursor(item.rule.name, item.rule.id);
}

function decodeCursor(cursor: string): { name?: unknown; id?: unknown } {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(cursor) || cursor.length % 4 !== 0) {
    throw new GraphQLError("Invalid cursor: invalid base64");
  }
  const text = Buffer.from(cursor, "base64").toString("utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new GraphQLError(`Invalid cursor: unexpected token at '${text}'`);
  }
  if (typeof parsed !== "object" || parsed === null) throw new GraphQLError(`Invalid cursor: unexpected token at '${text}'`);
  return parsed as { name?: unknown; id?: unknown };
}

function byNameThenId(a: SimProtectedBranch, b: SimProtectedBranch): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;
}

/** Port of Projects::BranchRulesFinder#execute with the CE custom rules. */
export function findBranchRules(project: SimProject, after: string | null | undefined, limitArg: number | null | undefined): RulePage {
  const custom: RuleItem[] = [{ kind: "all_branches" }];
  const sorted = [...project.protectedBranches].sort(byNameThenId);
  const defaultRule = sorted.find((pb) => pb.name === project.default_branch);
  const limit = Math.min(limitArg ?? DEFAULT_LIMIT, MAX_LIMIT);

  const pageOf = (branches: SimProtectedBranch[], lim: number, prioritize: boolean): RulePage => {
    if (branches.length === 0) return { rules: [], endCursor: null, hasNextPage: false };
    let hasNext: boolean;
    let page: SimProtectedBranch[];
    if (prioritize && defaultRule) {
      hasNext = branches.length > lim - 1;
      page = branches.slice(0, Math.max(lim - 1, 0));
      page = [defaultRule, ...page.filter((pb) => pb !== defaultRule)];
    } else {
      hasNext = branches.length > lim;
      page = branches.slice(0, lim);
    }
    const last = page[page.length - 1];
    // Deliberate deviation: when the page holds only the prioritised default
    // branch rule, GitLab's finder emits that rule's own cursor and the next
    // page then skips every rule whose name sorts before the default branch.
    // {"name":"","id":0} (a cursor GitLab accepts) resumes from the start
    // instead, still excluding the default branch rule.
    const onlyDefault = prioritize && page.length === 1 && page[0] === defaultRule;
    return {
      rules: page.map((rule) => ({ kind: "rule", rule })),
      endCursor: hasNext ? (onlyDefault ? encodeCursor("", 0) : encodeCursor(last.name, last.id)) : null,
      hasNextPage: hasNext,
    };
  };

  const afterProtected = (cursor: { name?: unknown; id?: unknown } | null, lim: number): RulePage => {
    let query = sorted;
    const hasId = cursor !== null && cursor.id !== null && cursor.id !== undefined && cursor.id !== "";
    if (cursor && hasId) {
      const name = String(cursor.name);
      const id = Number(cursor.id);
      query = query.filter((pb) => pb.name > name || (pb.name === name && pb.id > id));
      query = query.filter((pb) => pb.name !== project.default_branch);
    }
    const prioritize = defaultRule !== undefined && cursor === null;
    return pageOf(query.slice(0, prioritize ? lim : lim + 1), lim, prioritize);
  };

  const fromCustom = (subset: RuleItem[], lim: number): RulePage => {
    const remaining = lim - subset.length;
    if (remaining <= 0) {
      return { rules: subset, endCursor: encodeCursor(ALL_BRANCHES_IDENTIFIER), hasNextPage: sorted.length > 0 };
    }
    const protectedPage = afterProtected(null, remaining);
    return { rules: [...subset, ...protectedPage.rules], endCursor: protectedPage.endCursor, hasNextPage: protectedPage.hasNextPage };
  };

  if (after === null || after === undefined) {
    if (custom.length > limit) {
      return { rules: custom.slice(0, limit), endCursor: encodeCursor(ALL_BRANCHES_IDENTIFIER), hasNextPage: true };
    }
    return fromCustom(custom, limit);
  }
  const decoded = decodeCursor(after);
  const isCustom = (decoded.id === null || decoded.id === undefined || decoded.id === "") && decoded.name === ALL_BRANCHES_IDENTIFIER;
  if (isCustom) {
    // Only one custom rule exists, so the next page starts with the protected branches.
    const query = defaultRule ? sorted.filter((pb) => pb.name !== project.default_branch) : sorted;
    return pageOf(query.slice(0, limit + 1), limit, defaultRule !== undefined);
  }
  return afterProtected(decoded, limit);
}
