// Judges a fine-grained token's grant against what each action needs (SAF-33, SAF-34, SAF-37), and
// writes the sentences and notes of §3.8. The needs come from the catalog (ActionRecord.fineGrained,
// joined at build time from GitLab's permission tables); nothing here knows an action by name.
import { FINE_GRAINED_PERMISSIONS, FINE_GRAINED_RELEASE } from "../../generated/index.js";
import type { ActionRecord, Boundary, FineGrainedNeed } from "../catalog/types.js";
import { scopeBoundaries, type FineGrained, type GranularScope } from "./credential.js";

/** SAF-37's tails, wire text. */
export const NOT_GRANTED = "exists but this fine-grained personal access token was not granted what it needs";
export const NOT_AVAILABLE = "exists but is not available to a fine-grained personal access token";
export const DO_NOT_REPORT = "Do not report the capability as missing.";

/** What a fine-grained session withholds from one action, if anything. */
export type FineGrainedVerdict = { readonly kind: "missing"; readonly needs: readonly FineGrainedNeed[] } | { readonly kind: "unreachable"; readonly why: string };

/** The needs of an action that no scope of the grant holds at one of the need's boundaries. */
export function missingNeeds(action: ActionRecord, grant: readonly GranularScope[]): FineGrainedNeed[] {
  if (action.fineGrained.reach !== "granted") return [];
  return action.fineGrained.needs.filter((n) => !grant.some((s) => s.permissions.includes(n.permission) && scopeBoundaries(s).some((b) => n.boundaries.includes(b))));
}

/**
 * What the session withholds from an action (SAF-34, SAF-35): an action no fine-grained token reaches,
 * in both phases; in phase B also an action whose permissions the grant lacks, except a read GitLab's
 * tables list as readable on a public project or group, which is GitLab's to judge. Listings hide all.
 */
export function fineGrainedVerdict(action: ActionRecord, fg: FineGrained): { verdict?: FineGrainedVerdict; listed: boolean } {
  if (action.fineGrained.reach === "none") return { verdict: { kind: "unreachable", why: action.fineGrained.why }, listed: false };
  if (fg.phase !== "judged") return { listed: true };
  const missing = missingNeeds(action, fg.grant);
  if (missing.length === 0) return { listed: true };
  if (action.classification === "read" && action.fineGrained.publicRead) return { listed: false };
  return { verdict: { kind: "missing", needs: missing }, listed: false };
}

/**
 * SAF-43's parameter-dependent check: a write aimed at a project the grant does not name, when every
 * scope holding a needed permission is bound to other projects by ID. A project given by path, a group
 * scope, or a membership-wide scope cannot be judged here and goes to GitLab.
 */
export function targetMissing(action: ActionRecord, fg: FineGrained, params: Readonly<Record<string, unknown>>): FineGrainedNeed[] {
  if (fg.phase !== "judged" || action.fineGrained.reach !== "granted" || action.classification === "read") return [];
  const raw = params.project_id;
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (id === undefined) return [];
  return action.fineGrained.needs.filter((n) => {
    if (!n.boundaries.includes("project")) return false;
    const holders = fg.grant.filter((s) => s.permissions.includes(n.permission));
    if (holders.length === 0) return false;
    return holders.every((s) => s.access === "selected_memberships" && s.groupId === undefined && s.projectId !== undefined && s.projectId !== id);
  });
}

/** `[Branch: Create]`, as GitLab's token-creation page names a permission. */
export function permissionWords(name: string): string {
  const w = FINE_GRAINED_PERMISSIONS[name];
  return w ? `[${w.resource}: ${w.action}]` : `[${name}]`;
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** `the project permission [Branch: Create] and the group permissions [A] and [B]` */
function needsText(needs: readonly FineGrainedNeed[]): string {
  const groups = new Map<string, string[]>();
  for (const n of needs) {
    const where = list(n.boundaries as Boundary[]).replace(/ and /g, " or ");
    groups.set(where, [...(groups.get(where) ?? []), permissionWords(n.permission)]);
  }
  return list([...groups].map(([where, ps]) => `the ${where} permission${ps.length > 1 ? "s" : ""} ${list(ps)}`));
}

/** SAF-37: the withheld sentence, without the dynamic surface's prefix. `reason` is phase A's phrase, if any. */
export function fineGrainedSentence(action: ActionRecord, verdict: FineGrainedVerdict, phaseA?: string): string {
  const scope = action.classification === "read" ? "read_api" : "api";
  if (verdict.kind === "missing") {
    return (
      `action "${action.id}" ${NOT_GRANTED}: ${needsText(verdict.needs)}, as GitLab ${FINE_GRAINED_RELEASE} declares ${verdict.needs.length > 1 ? "them" : "it"}. ` +
      `Grant ${verdict.needs.length > 1 ? "them" : "it"} to the token, or use a classic token with the ${scope} scope where the group allows classic tokens. ${DO_NOT_REPORT}`
    );
  }
  return (
    `action "${action.id}" ${NOT_AVAILABLE}: ${verdict.why}, so no fine-grained token reaches it at that release. ` +
    `${phaseA ? `(The token's own grant is not judged here: ${phaseA}.) ` : ""}Use a classic token with the ${scope} scope for it. ${DO_NOT_REPORT}`
  );
}

/** SAF-38's notes, wire text. */
export const NOTE_NULL =
  "Over GraphQL, GitLab answers null with no error for an object a fine-grained personal access token is not granted, or that sits in a project or group outside its grant, so not found may mean this token cannot see it rather than that it does not exist.";
export const NOTE_EMPTY_LIST =
  "Over GraphQL, GitLab leaves out of a list, with no error, the items a fine-grained personal access token is not granted, so an empty answer may mean this token cannot see them rather than that there are none.";

/** SAF-39: a GraphQL write GitLab answered with null for a fine-grained token, and what to do next. */
export const WRITE_NULL =
  "GitLab answered this write with null and no error, which it does when a fine-grained personal access token may make the change but is not granted the object the write returns, so the write was probably committed.";
export const WRITE_NULL_STEP = "Check whether the write was committed (read the object back) before you repeat it";

/** SAF-38: the note for parts of a GraphQL answer the grant does not reach, or undefined. */
export function partsNote(action: ActionRecord, fg: FineGrained): string | undefined {
  if (fg.phase !== "judged" || action.fineGrained.reach !== "granted" || !action.fineGrained.parts) return undefined;
  const held = new Set(fg.grant.flatMap((s) => s.permissions));
  const empty = action.fineGrained.parts.filter((p) => p.permissions.some((x) => !held.has(x)));
  if (empty.length === 0) return undefined;
  const parts = empty.map((p) => `\`${p.path}\` (${list(p.permissions.filter((x) => !held.has(x)).map(permissionWords))})`);
  return `GitLab ${FINE_GRAINED_RELEASE} leaves part of this answer empty for a fine-grained personal access token, with no error: ${list(parts)}. Empty there does not mean there is nothing.`;
}

/** SAF-40: the advice after GitLab's own fine-grained refusal. */
export function granularAdvice(action: ActionRecord, fg: FineGrained | undefined): string {
  const scope = action.classification === "read" ? "read_api" : "api";
  const needs = action.fineGrained.reach === "granted" && action.fineGrained.needs.length > 0 ? ` GitLab ${FINE_GRAINED_RELEASE} lists ${needsText(action.fineGrained.needs)} for this action.` : "";
  const unjudged = fg?.phase === "unjudged" ? ` This server did not judge the grant: ${fg.reason}.` : "";
  return `${needs}${unjudged} Grant the permission to the token, or use a classic token with the ${scope} scope where the group allows classic tokens. ${DO_NOT_REPORT}`.trim();
}

/** SAF-40 for a classic token: the group admits fine-grained tokens only, so a classic scope cannot help. */
export function classicUnderGranularAdvice(action: ActionRecord): string {
  const needs = action.fineGrained.reach === "granted" && action.fineGrained.needs.length > 0 ? ` with ${needsText(action.fineGrained.needs)}` : "";
  return `The group behind this resource admits fine-grained personal access tokens only: use one granted what this action needs${needs}, as GitLab ${FINE_GRAINED_RELEASE} declares it. ${DO_NOT_REPORT}`;
}
