// Project access: direct and inherited members (roles as names, expiry dates checked before sending),
// project and group badges (placeholders rendered), the project's approval configuration and rules,
// push rules (Premium). The simulator follows doc/api/members.md, project_badges.md, group_badges.md,
// merge_request_approvals.md and project_push_rules.md (test/sim/restProjectAccess.ts).
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";

const md = (r: CallToolResult) => (r.content[0] as { text: string }).text;
const LINK = "https://ci.example.com/status?project=%{project_path}&ref=%{default_branch}";
const IMAGE = "https://img.example.com/badge/%{project_id}.svg";

export const table: BehaviourTable = {
  domain: "project_access",
  seed(sim) {
    sim.addUser({ id: 5, username: "alice", name: "Alice" });
    sim.addUser({ id: 6, username: "bob", name: "Bob" });
    sim.addUser({ id: 7, username: "carol", name: "Carol" });
    sim.addGroup({ full_path: "team", id: 9 });
    sim.addProject({ id: 42, path_with_namespace: "team/app", default_branch: "main" });
    sim.addMember({ project: 42 }, { user_id: 5, access_level: 30, expires_at: "2030-01-31" });
    sim.addMember({ group: "team" }, { user_id: 6, access_level: 40 });
    sim.addMember({ group: "team" }, { user_id: 5, access_level: 20 });
  },
  cases: [
    // ---- members
    {
      id: "project.members",
      params: { project_id: "team/app" },
      request: { method: "GET", path: "/projects/team%2Fapp/members", query: {} },
      markdown: ["Direct Members", "alice", "Developer (30)", "31 Jan 2030"],
      check: (r) => assert.ok(!md(r).includes("bob"), "an inherited member is not a direct one"),
    },
    {
      id: "project.member_inherited",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/members/all", query: {} },
      markdown: ["Members Including Inherited and Invited", "alice", "Developer (30)", "bob", "Maintainer (40)"],
    },
    {
      id: "project.member_inherited",
      name: "filtered by user IDs",
      params: { project_id: 42, user_ids: [6] },
      request: { method: "GET", path: "/projects/42/members/all" },
      markdown: ["bob", "Maintainer (40)"],
      check: (r) => assert.ok(!md(r).includes("alice"), md(r)),
    },
    {
      id: "project.member_get",
      params: { project_id: 42, user_id: 5 },
      request: { method: "GET", path: "/projects/42/members/5" },
      markdown: ["## Member: alice", "Developer (30)"],
    },
    {
      id: "project.member_get",
      name: "an inherited-only member is not a direct member: the not-found card",
      params: { project_id: 42, user_id: 6 },
      request: { method: "GET", path: "/projects/42/members/6" },
      markdown: ["## ❓ Member Not Found", "project.member_inherited"],
      isError: true,
    },
    {
      id: "project.member_add",
      name: "a role name is sent as its level",
      params: { project_id: 42, user_id: 7, access_level: "Reporter", expires_at: "2031-06-30" },
      request: { method: "POST", path: "/projects/42/members", body: { user_id: 7, access_level: 20, expires_at: "2031-06-30" } },
      markdown: ["## Member: carol", "Reporter (20)", "30 Jun 2031"],
    },
    {
      id: "project.member_add",
      name: "an unknown role is refused before anything is sent",
      params: { project_id: 42, user_id: 7, access_level: "boss" },
      markdown: [/access_level/],
      isError: true,
    },
    {
      id: "project.member_add",
      name: "an expiry that is not YYYY-MM-DD is refused before anything is sent",
      params: { project_id: 42, user_id: 7, access_level: 30, expires_at: "tomorrow" },
      markdown: [/expires_at/],
      isError: true,
    },
    {
      id: "project.member_add",
      name: "an existing member answers GitLab's 409",
      params: { project_id: 42, user_id: 7, access_level: 30 },
      request: { method: "POST", path: "/projects/42/members" },
      markdown: [/Member already exists/],
      isError: true,
    },
    {
      id: "project.member_edit",
      params: { project_id: 42, user_id: 7, access_level: "maintainer" },
      request: { method: "PUT", path: "/projects/42/members/7", body: { access_level: 40 } },
      markdown: ["## Member: carol", "Maintainer (40)"],
    },
    {
      id: "project.member_edit",
      name: "a number is accepted as the level",
      params: { project_id: 42, user_id: 7, access_level: 30 },
      request: { method: "PUT", path: "/projects/42/members/7", body: { access_level: 30 } },
      markdown: ["Developer (30)"],
    },
    {
      id: "project.member_delete",
      params: { project_id: 42, user_id: 7 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/members/7" },
      markdown: [/./],
    },
    {
      id: "project.member_delete",
      name: "a user who is not a direct member answers the not-found card",
      params: { project_id: 42, user_id: 7 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/members/7" },
      markdown: ["## ❓ Member Not Found"],
      isError: true,
    },
    // ---- badges
    {
      id: "group.badge_add",
      params: { group_id: "team", link_url: LINK, image_url: IMAGE, name: "CI" },
      request: { method: "POST", path: "/groups/team/badges", body: { link_url: LINK, image_url: IMAGE, name: "CI" } },
      markdown: ["## Group Badge #1: CI", "%{project_path}"],
    },
    {
      id: "project.badge_add",
      params: { project_id: 42, link_url: "https://example.com/%{project_path}", image_url: "https://example.com/cov.svg", name: "Coverage" },
      request: { method: "POST", path: "/projects/42/badges", body: { link_url: "https://example.com/%{project_path}", image_url: "https://example.com/cov.svg", name: "Coverage" } },
      markdown: ["## Badge #2: Coverage", "https://example.com/team/app"],
    },
    {
      id: "project.badge_add",
      name: "a missing image URL is refused before anything is sent",
      params: { project_id: 42, link_url: "https://example.com" },
      markdown: [/image_url/],
      isError: true,
    },
    {
      id: "project.badge_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/badges", query: {} },
      markdown: ["Project Badges", "Coverage", "CI", "https://ci.example.com/status?project=team/app&ref=main"],
    },
    {
      id: "project.badge_get",
      params: { project_id: 42, badge_id: 2 },
      request: { method: "GET", path: "/projects/42/badges/2" },
      markdown: ["## Badge #2: Coverage", "https://example.com/%{project_path}", "https://example.com/team/app"],
    },
    {
      id: "project.badge_get",
      name: "an unknown badge answers the not-found card",
      params: { project_id: 42, badge_id: 99 },
      request: { method: "GET", path: "/projects/42/badges/99" },
      markdown: ["## ❓ Badge Not Found"],
      isError: true,
    },
    {
      id: "project.badge_edit",
      params: { project_id: 42, badge_id: 2, name: "Cov" },
      request: { method: "PUT", path: "/projects/42/badges/2", body: { name: "Cov" } },
      markdown: ["## Badge #2: Cov"],
    },
    {
      id: "project.badge_preview",
      params: { project_id: 42, link_url: LINK, image_url: IMAGE },
      request: { method: "GET", path: "/projects/42/badges/render", query: { link_url: LINK, image_url: IMAGE } },
      markdown: ["## Badge Preview", "https://ci.example.com/status?project=team/app&ref=main", "https://img.example.com/badge/42.svg"],
    },
    {
      id: "project.badge_delete",
      params: { project_id: 42, badge_id: 2 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/badges/2" },
      markdown: [/./],
    },
    {
      id: "group.badge_list",
      params: { group_id: 9 },
      request: { method: "GET", path: "/groups/9/badges", query: {} },
      markdown: ["Group Badges", "CI"],
    },
    {
      id: "group.badge_get",
      params: { group_id: 9, badge_id: 1 },
      request: { method: "GET", path: "/groups/9/badges/1" },
      markdown: ["## Group Badge #1: CI", "%{project_path}"],
    },
    {
      id: "group.badge_get",
      name: "an unknown badge answers the not-found card",
      params: { group_id: 9, badge_id: 2 },
      request: { method: "GET", path: "/groups/9/badges/2" },
      markdown: ["## ❓ Badge Not Found"],
      isError: true,
    },
    {
      id: "group.badge_edit",
      params: { group_id: 9, badge_id: 1, image_url: "https://img.example.com/new.svg" },
      request: { method: "PUT", path: "/groups/9/badges/1", body: { image_url: "https://img.example.com/new.svg" } },
      markdown: ["https://img.example.com/new.svg"],
    },
    {
      id: "group.badge_preview",
      params: { group_id: 9, link_url: LINK, image_url: IMAGE },
      request: { method: "GET", path: "/groups/9/badges/render", query: { link_url: LINK, image_url: IMAGE } },
      markdown: ["## Group Badge Preview", "%{project_path}"],
    },
    {
      id: "group.badge_delete",
      params: { group_id: 9, badge_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/groups/9/badges/1" },
      markdown: [/./],
    },
    // ---- approval configuration and rules
    {
      id: "project.approval_config_get",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/approvals" },
      markdown: ["## Approval Configuration", "Reset On Push"],
    },
    {
      id: "project.approval_config_change",
      name: "the card shows only the fields sent",
      params: { project_id: 42, reset_approvals_on_push: false, merge_requests_author_approval: true },
      request: { method: "POST", path: "/projects/42/approvals", body: { reset_approvals_on_push: false, merge_requests_author_approval: true } },
      markdown: ["## Approval Configuration Changed", "Reset On Push", "Author Can Approve"],
      check: (r) => assert.ok(!md(r).includes("Committers Cannot Approve"), md(r)),
    },
    {
      id: "project.approval_config_change",
      name: "an unknown key is refused with a suggestion before anything is sent",
      params: { project_id: 42, reset_approval_on_push: false },
      markdown: [/reset_approvals_on_push/],
      isError: true,
    },
    {
      id: "project.approval_rule_create",
      params: { project_id: 42, name: "Security", approvals_required: 2, usernames: ["alice", "bob"] },
      request: { method: "POST", path: "/projects/42/approval_rules", body: { name: "Security", approvals_required: 2, usernames: ["alice", "bob"] } },
      markdown: ["## Approval Rule #1: Security", "alice", "bob"],
    },
    {
      id: "project.approval_rule_create",
      name: "a negative count is refused before anything is sent",
      params: { project_id: 42, name: "Bad", approvals_required: -1 },
      markdown: [/approvals_required/],
      isError: true,
    },
    {
      id: "project.approval_rule_list",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/approval_rules", query: {} },
      markdown: ["Project Approval Rules", "Security"],
    },
    {
      id: "project.approval_rule_get",
      params: { project_id: 42, approval_rule_id: 1 },
      request: { method: "GET", path: "/projects/42/approval_rules/1" },
      markdown: ["## Approval Rule #1: Security"],
    },
    {
      id: "project.approval_rule_get",
      name: "an unknown rule answers the not-found card",
      params: { project_id: 42, approval_rule_id: 9 },
      request: { method: "GET", path: "/projects/42/approval_rules/9" },
      markdown: ["## ❓ Approval Rule Not Found"],
      isError: true,
    },
    {
      id: "project.approval_rule_update",
      params: { project_id: 42, approval_rule_id: 1, approvals_required: 1 },
      request: { method: "PUT", path: "/projects/42/approval_rules/1", body: { approvals_required: 1 } },
      markdown: ["## Approval Rule #1: Security"],
    },
    {
      id: "project.approval_rule_delete",
      params: { project_id: 42, approval_rule_id: 1 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/approval_rules/1" },
      markdown: [/./],
    },
    // ---- push rules
    {
      id: "project.push_rule_get",
      name: "a project without push rules (GitLab answers null): the not-found card points to push_rule_add",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/push_rule" },
      markdown: ["## ❓ Push Rules Not Found", "project.push_rule_add"],
      isError: true,
    },
    {
      id: "project.push_rule_add",
      params: { project_id: 42, commit_message_regex: "^(feat|fix): ", deny_delete_tag: true, max_file_size: 50 },
      request: { method: "POST", path: "/projects/42/push_rule", body: { commit_message_regex: "^(feat|fix): ", deny_delete_tag: true, max_file_size: 50 } },
      markdown: ["## Push Rules Added", "^(feat|fix): ", "Deny Tag Deletion", "Max File Size (MB)"],
      check: (r) => assert.ok(!md(r).includes("Prevent Secrets"), md(r)),
    },
    {
      id: "project.push_rule_add",
      name: "a second add answers GitLab's 422",
      params: { project_id: 42, member_check: true },
      request: { method: "POST", path: "/projects/42/push_rule" },
      markdown: [/Project push rule exists/],
      isError: true,
    },
    {
      id: "project.push_rule_edit",
      name: "the card shows only the fields sent",
      params: { project_id: 42, prevent_secrets: true, branch_name_regex: "^(main|feature/.+)$" },
      request: { method: "PUT", path: "/projects/42/push_rule", body: { prevent_secrets: true, branch_name_regex: "^(main|feature/.+)$" } },
      markdown: ["## Push Rules Changed", "Prevent Secrets", "Branch Name Regex"],
      check: (r) => assert.ok(!md(r).includes("Commit Message Regex"), md(r)),
    },
    {
      id: "project.push_rule_edit",
      name: "an unknown field is refused with a suggestion before anything is sent",
      params: { project_id: 42, prevent_secret: true },
      markdown: [/prevent_secrets/],
      isError: true,
    },
    {
      id: "project.push_rule_get",
      params: { project_id: 42 },
      request: { method: "GET", path: "/projects/42/push_rule" },
      markdown: ["## Push Rules", "^(feat|fix): ", "Prevent Secrets"],
    },
    {
      id: "project.push_rule_delete",
      params: { project_id: 42 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/push_rule" },
      markdown: [/./],
    },
    {
      id: "project.push_rule_delete",
      name: "without push rules GitLab answers 404",
      params: { project_id: 42 },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/push_rule" },
      markdown: [/Not Found/i],
      isError: true,
    },
  ],
};
