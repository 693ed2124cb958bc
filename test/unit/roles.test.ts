// Role params and param formats, through the same preparation every surface uses (prepareParams with the
// precompiled validator): a role name becomes GitLab's access level, and a format is enforced and named.
import assert from "node:assert/strict";
import { it } from "node:test";
import { actions } from "../../generated/index.js";
import { actionCode } from "../../runtime/catalog/index.js";
import { roleInput, roleName } from "../../runtime/catalog/roles.js";
import { prepareParams } from "../../runtime/validate.js";

it("maps role names in any case and spacing to GitLab's access levels, and levels back to names", () => {
  assert.equal(roleInput("Developer"), 30);
  assert.equal(roleInput("maintainer"), 40);
  assert.equal(roleInput("Minimal Access"), 5);
  assert.equal(roleInput("minimal-access"), 5);
  assert.equal(roleInput("20"), 20);
  assert.equal(roleInput(50), 50);
  assert.equal(roleInput("boss"), "boss");
  assert.equal(roleName(30), "Developer");
  assert.equal(roleName(5), "Minimal access");
  assert.equal(roleName(60), "Admin");
  assert.equal(roleName(7), undefined);
});

it("a date param refuses text and impossible dates before anything is sent, naming the format", async () => {
  const action = actions.find((a) => a.id === "group.service_account_pat_create")!;
  const { validate } = await actionCode(action);
  const base = { group_id: "acme", user_id: 9, name: "t", scopes: ["api"] };
  assert.equal(prepareParams(action, validate, { ...base, expires_at: "2027-01-31" }, "o", true).ok, true);
  for (const bad of ["next week", "2026-13-40", "2026-02-32", "31/01/2027"]) {
    const r = prepareParams(action, validate, { ...base, expires_at: bad }, "o", true);
    assert.equal(r.ok, false, bad);
    assert.match((r as { message: string }).message, new RegExp(`expires_at must be a date written YYYY-MM-DD \\(got "${bad.replace(/[/]/g, "\\/")}"\\)`));
  }
});
