// A merge request's approval state: GitLab answers {approval_rules_overwritten, rules[]}, each rule with
// the approvals it needs, who approved under it and whether it is met. The card leads with the answer
// people want (is it approved, which rules still block), computed from the rules, which follow in full.
import type { Procedure } from "./types.js";

interface Rule {
  name?: unknown;
  approved?: unknown;
  approvals_required?: unknown;
  approved_by?: Array<{ username?: unknown }>;
}

export const mrApprovalState: Procedure = async ({ call, ctx, object }) => {
  const answer = await ctx.client.rest(call);
  const body = (answer.body ?? {}) as { rules?: unknown; approval_rules_overwritten?: unknown };
  const rules = (Array.isArray(body.rules) ? body.rules : []) as Rule[];
  const describe = (r: Rule) => {
    const by = (r.approved_by ?? []).map((u) => `@${String(u.username)}`);
    return `${String(r.name)}: ${by.length} of ${Number(r.approvals_required ?? 0)} approvals${by.length ? ` (${by.join(" ")})` : ""}`;
  };
  return object(
    {
      approved: rules.every((r) => r.approved === true),
      rules_left: rules.filter((r) => r.approved !== true).map((r) => String(r.name)),
      summary: rules.map(describe),
      ...body,
    },
    answer.size,
  );
};
