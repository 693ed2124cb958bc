// Administrator-only security actions seen by a user who is not an administrator. Without the
// admin_mode scope the server withholds them (SAF-28: the classic-scope sentence plus the admin_mode
// one) and nothing reaches GitLab. With the scope but without administrator rights GitLab decides, and
// answers 403 {"message":"403 Forbidden"} (authenticated_as_admin!), which the simulator reproduces.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";

const WITHHELD = "The token also needs the admin_mode scope.";
const DENIED = "access denied";
type Sim = Parameters<NonNullable<BehaviourTable["cases"][number]["check"]>>[1];
const refused = (_r: unknown, sim: Sim) => assert.equal(sim.log.at(-1)?.status, 403);

export const withheld: BehaviourTable = {
  domain: "security without admin_mode",
  seed(sim) {
    sim.addGroup({ id: 7, full_path: "acme" });
  },
  cases: [
    { id: "audit_event.list_instance", params: {}, markdown: [WITHHELD], isError: true, surfaces: ["dynamic"] },
    { id: "member_role.create_instance", params: { base_access_level: 10 }, markdown: [WITHHELD], isError: true, surfaces: ["dynamic"] },
    { id: "compliance_policy.get", params: {}, markdown: [WITHHELD], isError: true, surfaces: ["dynamic"] },
    { id: "enterprise_user.disable_2fa", params: { group_id: "acme", user_id: 701 }, confirm: true, markdown: [WITHHELD], isError: true, surfaces: ["dynamic"] },
    {
      id: "audit_event.list_group",
      name: "group audit events need no administrator",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/audit_events" },
      markdown: ["## Audit Events (2)"],
    },
  ],
};

export const table: BehaviourTable = {
  domain: "security as a non-administrator",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: false } } },
  seed(sim) {
    sim.addGroup({ id: 7, full_path: "acme" });
  },
  cases: [
    { id: "audit_event.list_instance", params: {}, request: { method: "GET", path: "/audit_events" }, markdown: [DENIED], isError: true, check: refused },
    { id: "audit_event.get_instance", params: { audit_event_id: 1 }, request: { method: "GET", path: "/audit_events/1" }, markdown: [DENIED], isError: true, check: refused },
    { id: "member_role.list_instance", params: {}, request: { method: "GET", path: "/member_roles" }, markdown: [DENIED], isError: true, check: refused },
    { id: "compliance_policy.update", params: { csp_namespace_id: 7 }, request: { method: "PUT", path: "/admin/security/compliance_policy_settings" }, markdown: [DENIED], isError: true, check: refused },
  ],
};
