// The fine-grained and tier policy as pure functions (runtime/policy/credential.ts, fineGrained.ts): what a
// grant reaches, how GitLab's entity is read, the phase-A phrases, the re-read rule and the plan names.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { actions } from "../../generated/index.js";
import type { ActionRecord } from "../../runtime/catalog/types.js";
import { minorSeries, PHASE_A, readGrant, relearned, tierOfPlan, type GranularScope } from "../../runtime/policy/credential.js";
import { fineGrainedVerdict, partsNote, targetMissing } from "../../runtime/policy/fineGrained.js";

const action = (id: string) => actions.find((a) => a.id === id)!;
const judged = (grant: GranularScope[]) => ({ phase: "judged" as const, grant });

describe("fine-grained policy", () => {
  it("reads GitLab's grant entity, and names why it cannot (SAF-35)", () => {
    assert.deepEqual(readGrant([{ access: "selected_memberships", project_id: 42, permissions: ["read_branch"] }], 100), { grant: [{ access: "selected_memberships", projectId: 42, permissions: ["read_branch"] }] });
    assert.deepEqual(readGrant(undefined, 10), { reason: PHASE_A.grantUnreadable });
    assert.deepEqual(readGrant([{ access: "everything", permissions: [] }], 10), { reason: PHASE_A.unreadableScope });
    assert.deepEqual(readGrant([{ access: "selected_memberships", permissions: ["read_branch"] }], 10), { reason: PHASE_A.unreadableScope });
    assert.deepEqual(readGrant([{ access: "user", permissions: ["read_everything_forever"] }], 10), { reason: PHASE_A.undefinedPermission("19.4.1") });
    assert.deepEqual(readGrant([], 2 * 1024 * 1024), { reason: PHASE_A.tooLarge });
    assert.deepEqual(readGrant(Array.from({ length: 1001 }, () => ({ access: "user", permissions: [] })), 10), { reason: PHASE_A.tooLarge });
  });

  it("reads a version's minor series", () => {
    assert.equal(minorSeries("19.4.1-ee"), "19.4");
    assert.equal(minorSeries("19.4.0-pre"), "19.4");
    assert.equal(minorSeries("nineteen"), undefined);
    assert.equal(minorSeries(undefined), undefined);
  });

  it("judges needs against scopes and boundaries (SAF-34)", () => {
    const create = action("branch.create");
    assert.equal(fineGrainedVerdict(create, judged([{ access: "selected_memberships", projectId: 1, permissions: ["create_branch"] }])).verdict, undefined);
    assert.equal(fineGrainedVerdict(create, judged([{ access: "user", permissions: ["create_branch"] }])).verdict?.kind, "missing", "a user scope does not reach a project");
    assert.equal(fineGrainedVerdict(create, judged([{ access: "all_memberships", permissions: ["create_branch"] }])).verdict, undefined);
    // A read GitLab lists as public passes to GitLab unlisted; an unreachable action is withheld in either phase.
    assert.deepEqual(fineGrainedVerdict(action("branch.list"), judged([])), { listed: false });
    assert.equal(fineGrainedVerdict(action("pipeline.trigger_run"), { phase: "unjudged", reason: PHASE_A.grantUnreadable }).verdict?.kind, "unreachable");
    assert.deepEqual(fineGrainedVerdict(create, { phase: "unjudged", reason: PHASE_A.grantUnreadable }), { listed: true });
  });

  it("refuses a write aimed at a project the grant names none of, only when it can tell (SAF-43)", () => {
    const create = action("branch.create");
    const only42 = judged([{ access: "selected_memberships", projectId: 42, permissions: ["create_branch"] }]);
    assert.equal(targetMissing(create, only42, { project_id: 7 }).length, 1);
    assert.equal(targetMissing(create, only42, { project_id: "42" }).length, 0);
    assert.equal(targetMissing(create, only42, { project_id: "group/other" }).length, 0, "a path is GitLab's to judge");
    assert.equal(targetMissing(create, judged([{ access: "selected_memberships", groupId: 5, permissions: ["create_branch"] }]), { project_id: 7 }).length, 0);
    assert.equal(targetMissing(action("branch.get"), only42, { project_id: 7 }).length, 0, "a read may target a public project");
  });

  it("names the parts of a GraphQL answer the grant leaves empty (SAF-38)", () => {
    const base = action("ci_catalog.get");
    const withParts = { ...base, fineGrained: { reach: "granted", needs: [], parts: [{ path: "ciCatalogResource.versions", permissions: ["read_job"] }] } } as ActionRecord;
    const note = partsNote(withParts, judged([]));
    assert.equal(
      note,
      "GitLab 19.4.1 leaves part of this answer empty for a fine-grained personal access token, with no error: `ciCatalogResource.versions` ([Job: Read]). Empty there does not mean there is nothing.",
    );
    assert.equal(partsNote(withParts, judged([{ access: "instance", permissions: ["read_job"] }])), undefined);
    assert.equal(partsNote(withParts, { phase: "unjudged", reason: PHASE_A.grantUnreadable }), undefined);
  });

  it("keeps what was learned when a re-read cannot answer (SAF-32)", () => {
    const before = { scopes: ["granular"], fineGrained: judged([{ access: "user" as const, permissions: ["read_user"] }]), tier: "premium" as const };
    assert.deepEqual(relearned(before, { scopes: ["granular"], fineGrained: { phase: "unjudged", reason: PHASE_A.grantNoAnswer } }), before);
    assert.deepEqual(relearned(before, {}), before);
    const narrower = { scopes: ["granular"], fineGrained: judged([]), tier: "premium" as const };
    assert.deepEqual(relearned(before, narrower), narrower, "a grant that did change is taken");
  });

  it("maps GitLab's plan names to tiers (CAT-18)", () => {
    assert.equal(tierOfPlan("ultimate_trial"), "ultimate");
    assert.equal(tierOfPlan("gold"), "ultimate");
    assert.equal(tierOfPlan("silver"), "premium");
    assert.equal(tierOfPlan("default"), "free");
    assert.equal(tierOfPlan("platinum"), undefined);
  });
});
