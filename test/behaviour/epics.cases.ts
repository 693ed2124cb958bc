// Epics (Premium): the behaviour table (see test/helpers/behaviour.ts). Epics, their issues, notes and
// threads go over GraphQL (test/sim/graphqlEpics.ts keeps them: created ones are read back, deleted ones
// are gone); child epics, epic boards, activity counts and LDAP/SAML group links over REST
// (test/sim/restEpics.ts).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { BehaviourTable } from "../helpers/behaviour.js";

type Sim = Parameters<NonNullable<BehaviourTable["cases"][number]["check"]>>[1];
const vars = (sim: Sim) => sim.log.at(-1)?.graphql?.variables ?? {};
const structured = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, unknown>;

const EPIC = "gid://gitlab/Epic/801";
const GRAPHQL = { method: "POST", path: "/api/graphql" } as const;
// The simulator names a thread after its first note (7001).
const THREAD = `gid://gitlab/Discussion/${createHash("sha1").update("epic-discussion-7001").digest("hex")}`;

export const table: BehaviourTable = {
  domain: "group epics",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "acme/app" });
    sim.addIssue(42, { iid: 1, title: "Login fails", created_at: "2025-01-05T10:00:00.000Z" });
    sim.addIssue(42, { iid: 2, title: "Dark mode", created_at: "2025-01-06T10:00:00.000Z" });
    const roadmap = sim.addEpic("acme", { title: "Q1 roadmap", description: "Ship the roadmap", labels: ["plan"], startDate: "2025-01-01", dueDate: "2025-03-31", createdAt: "2025-01-01T10:00:00Z" }); // Epic/801, WorkItem/501, &1
    sim.addEpic("acme", { title: "Child work", parentIid: 1, state: "closed", createdAt: "2025-01-02T10:00:00Z" }); // Epic/802, WorkItem/502, &2
    const first = sim.addEpicNote(roadmap, { body: "Looks good", createdAt: "2025-01-03T10:00:00Z" }); // Note/7001
    sim.addEpicNote(roadmap, { body: "Agreed", discussion: first.discussion, createdAt: "2025-01-03T11:00:00Z" }); // Note/7002
    const extras = sim.groupExtras("acme");
    extras.boards.push({ id: 5, name: "Roadmap board", hide_backlog_list: false, hide_closed_list: true, labels: [], lists: [{ id: 11, position: 0, list_type: "label", label: { id: 3, name: "plan" } }] });
    extras.activity.issues_count = 10;
    extras.activity.merge_requests_count = 4;
    extras.activity.new_members_count = 2;
    extras.ldap.push({ cn: "developers", filter: null, group_access: 30, provider: "ldapmain", member_role_id: null });
    extras.saml.push({ name: "saml-devs", access_level: 30, member_role_id: null, provider: null });
  },
  cases: [
    // ---- epics ----
    {
      id: "group.epic_list",
      params: { group_id: "acme" },
      request: GRAPHQL,
      markdown: ["## Epics (2)", "| 2 | Child work | closed |", "| 1 | Q1 roadmap | opened |"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { fullPath: "acme", first: 20 });
      },
    },
    {
      id: "group.epic_list",
      name: "filters reach GraphQL by GitLab's names",
      params: { group_id: "acme", state: "opened", labels: ["plan"], sort: "TITLE_ASC" },
      request: GRAPHQL,
      markdown: ["## Epics (1)", "| 1 | Q1 roadmap |"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { fullPath: "acme", state: "opened", labelName: ["plan"], sort: "TITLE_ASC", first: 20 });
      },
    },
    {
      id: "group.epic_list",
      name: "a first page of one gives the cursor of the next",
      params: { group_id: "acme", first: 1 },
      request: GRAPHQL,
      markdown: ["| 2 | Child work |", "1 shown, more available"],
    },
    {
      id: "group.epic_get",
      params: { group_id: "acme", epic_iid: "1" },
      request: GRAPHQL,
      markdown: ["## Epic &1: Q1 roadmap", "`gid://gitlab/Epic/801`", "`acme&1`", "Ship the roadmap"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { fullPath: "acme", iid: "1" });
      },
    },
    {
      id: "group.epic_get",
      name: "a missing IID answers the not-found card",
      params: { group_id: "acme", epic_iid: "99" },
      request: GRAPHQL,
      markdown: ["Epic Not Found", "&99 in group acme"],
      isError: true,
    },
    {
      id: "group.epic_create",
      params: { group_id: "acme", title: "Dark mode epic", labels: ["ui"], due_date_fixed: "2025-06-30", due_date_is_fixed: true },
      request: GRAPHQL,
      markdown: ["## Epic created: &3 Dark mode epic", "`gid://gitlab/Epic/803`"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { groupPath: "acme", title: "Dark mode epic", addLabels: ["ui"], dueDateFixed: "2025-06-30", dueDateIsFixed: true });
      },
    },
    {
      id: "group.epic_create",
      name: "a date not in YYYY-MM-DD is refused before anything is sent",
      params: { group_id: "acme", title: "Bad", start_date_fixed: "June" },
      markdown: ["start_date_fixed"],
      isError: true,
    },
    {
      id: "group.epic_get",
      name: "the epic just created is read back",
      params: { group_id: "acme", epic_iid: "3" },
      request: GRAPHQL,
      markdown: ["## Epic &3: Dark mode epic", "- **State**: opened"],
    },
    {
      id: "group.epic_update",
      params: { group_id: "acme", epic_iid: "3", title: "Dark mode v2", state_event: "CLOSE" },
      request: GRAPHQL,
      markdown: ["## Epic updated: &3 Dark mode v2", "- **State**: closed"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { groupPath: "acme", iid: "3", title: "Dark mode v2", stateEvent: "CLOSE" });
      },
    },
    {
      id: "group.epic_update",
      name: "an unknown epic is GitLab's resource error",
      params: { group_id: "acme", epic_iid: "99", title: "X" },
      request: GRAPHQL,
      markdown: ["does not exist or you don't have permission"],
      isError: true,
    },
    // ---- epic issues ----
    {
      id: "group.epic_issue_assign",
      params: { group_id: "acme", epic_iid: "1", project_id: "acme/app", issue_iid: "1" },
      request: GRAPHQL,
      markdown: ["## Issue added to the epic: acme/app#1", "`gid://gitlab/EpicIssue/301`"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { groupPath: "acme", iid: "1", projectPath: "acme/app", issueIid: "1" });
      },
    },
    {
      id: "group.epic_issue_assign",
      name: "a second issue gets its own link",
      params: { group_id: "acme", epic_iid: "1", project_id: "acme/app", issue_iid: "2" },
      request: GRAPHQL,
      markdown: ["`gid://gitlab/EpicIssue/302`"],
    },
    {
      id: "group.epic_issue_assign",
      name: "adding it twice comes back as GitLab's payload error",
      params: { group_id: "acme", epic_iid: "1", project_id: "acme/app", issue_iid: "1" },
      request: GRAPHQL,
      markdown: ["Issue(s) already assigned"],
      isError: true,
    },
    {
      id: "group.epic_issue_assign",
      name: "a numeric project ID is refused: GraphQL wants the path",
      params: { group_id: "acme", epic_iid: "1", project_id: "42", issue_iid: "1" },
      markdown: ["project_id"],
      isError: true,
    },
    {
      id: "group.epic_issue_list",
      params: { group_id: "acme", epic_iid: "1" },
      request: GRAPHQL,
      markdown: ["## Epic Issues (2)", "`acme/app#1`", "`acme/app#2`", "`gid://gitlab/EpicIssue/302`"],
    },
    {
      id: "group.epic_issue_update",
      params: { epic_id: EPIC, epic_issue_id: "gid://gitlab/EpicIssue/302", adjacent_id: "gid://gitlab/EpicIssue/301", relative_position: "before" },
      request: GRAPHQL,
      markdown: ["## Epic issue moved"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { baseEpicId: EPIC, id: "gid://gitlab/EpicIssue/302", adjacentReferenceId: "gid://gitlab/EpicIssue/301", relativePosition: "before" });
      },
    },
    {
      id: "group.epic_issue_list",
      name: "the moved issue comes first",
      params: { group_id: "acme", epic_iid: "1" },
      request: GRAPHQL,
      markdown: ["## Epic Issues (2)"],
      check(r) {
        const issues = structured(r).issues as { iid: string }[];
        assert.deepEqual(issues.map((i) => i.iid), ["2", "1"]);
      },
    },
    {
      id: "group.epic_issue_remove",
      params: { project_id: "acme/app", issue_iid: "2" },
      confirm: true,
      request: GRAPHQL,
      markdown: ["## Issue #2 removed from its epic", "Dark mode"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { projectPath: "acme/app", iid: "2" });
      },
    },
    {
      id: "group.epic_issue_list",
      name: "the removed issue is no longer listed",
      params: { group_id: "acme", epic_iid: "1" },
      request: GRAPHQL,
      markdown: ["## Epic Issues (1)", "`acme/app#1`"],
    },
    // ---- notes ----
    {
      id: "group.epic_note_list",
      params: { group_id: "acme", epic_iid: "1" },
      request: GRAPHQL,
      markdown: ["## Epic Notes (2)", "Looks good", "Agreed", "`gid://gitlab/Note/7001`"],
    },
    {
      id: "group.epic_note_get",
      params: { note_id: "gid://gitlab/Note/7001" },
      request: GRAPHQL,
      markdown: ["## Note gid://gitlab/Note/7001", "Looks good"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { id: "gid://gitlab/Note/7001" });
      },
    },
    {
      id: "group.epic_note_get",
      name: "an unknown note answers the not-found card",
      params: { note_id: "gid://gitlab/Note/7999" },
      request: GRAPHQL,
      markdown: ["Note Not Found"],
      isError: true,
    },
    {
      id: "group.epic_note_create",
      params: { epic_id: EPIC, body: "New comment" },
      request: GRAPHQL,
      markdown: ["## Note gid://gitlab/Note/7003", "New comment"],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { noteableId: EPIC, body: "New comment" });
      },
    },
    {
      id: "group.epic_note_update",
      params: { note_id: "gid://gitlab/Note/7003", body: "Edited comment" },
      request: GRAPHQL,
      markdown: ["## Note gid://gitlab/Note/7003", "Edited comment"],
    },
    {
      id: "group.epic_note_delete",
      params: { note_id: "gid://gitlab/Note/7003" },
      confirm: true,
      request: GRAPHQL,
      markdown: ["## Note deleted"],
    },
    {
      id: "group.epic_note_get",
      name: "a deleted note is gone",
      params: { note_id: "gid://gitlab/Note/7003" },
      request: GRAPHQL,
      markdown: ["Note Not Found"],
      isError: true,
    },
    // ---- discussions ----
    {
      id: "group.epic_discussion_list",
      params: { group_id: "acme", epic_iid: "1" },
      request: GRAPHQL,
      markdown: ["## Epic Discussions (1)", "Looks good"],
      check(r) {
        const d = structured(r).discussions as { id: string; notes: { nodes: unknown[] } }[];
        assert.equal(d[0].id, THREAD);
        assert.equal(d[0].notes.nodes.length, 2);
      },
    },
    {
      id: "group.epic_discussion_get",
      params: { note_id: "gid://gitlab/Note/7002" },
      request: GRAPHQL,
      markdown: ["## Discussion gid://gitlab/Discussion/", "Looks good", "- **Notes**: 2"],
    },
    {
      id: "group.epic_discussion_get",
      name: "an unknown note answers the not-found card",
      params: { note_id: "gid://gitlab/Note/7999" },
      request: GRAPHQL,
      markdown: ["Discussion Not Found"],
      isError: true,
    },
    {
      id: "group.epic_discussion_create",
      params: { epic_id: EPIC, body: "New thread" },
      request: GRAPHQL,
      markdown: ["## Note gid://gitlab/Note/7004", "New thread"],
    },
    {
      id: "group.epic_discussion_add_note",
      params: { epic_id: EPIC, discussion_id: THREAD, body: "Reply" },
      request: GRAPHQL,
      markdown: ["## Note gid://gitlab/Note/7005", "Reply", THREAD],
      check(_r, sim) {
        assert.deepEqual(vars(sim), { noteableId: EPIC, discussionId: THREAD, body: "Reply" });
      },
    },
    {
      id: "group.epic_discussion_add_note",
      name: "a thread ID that is not a global ID is refused before anything is sent",
      params: { epic_id: EPIC, discussion_id: "abc123", body: "Reply" },
      markdown: ["discussion_id"],
      isError: true,
    },
    {
      id: "group.epic_discussion_update_note",
      params: { note_id: "gid://gitlab/Note/7004", body: "Thread edited" },
      request: GRAPHQL,
      markdown: ["Thread edited"],
    },
    {
      id: "group.epic_discussion_delete_note",
      params: { note_id: "gid://gitlab/Note/7004" },
      confirm: true,
      request: GRAPHQL,
      markdown: ["## Note deleted"],
    },
    {
      id: "group.epic_discussion_delete_note",
      name: "deleting it again is GitLab's resource error",
      params: { note_id: "gid://gitlab/Note/7004" },
      confirm: true,
      request: GRAPHQL,
      markdown: ["does not exist or you don't have permission"],
      isError: true,
    },
    // ---- delete (as the work item it is) ----
    {
      id: "group.epic_delete",
      params: { work_item_id: "gid://gitlab/WorkItem/503" },
      confirm: true,
      request: GRAPHQL,
      markdown: ["## Epic deleted", "`acme`"],
    },
    {
      id: "group.epic_get",
      name: "a deleted epic is gone",
      params: { group_id: "acme", epic_iid: "3" },
      request: GRAPHQL,
      markdown: ["Epic Not Found"],
      isError: true,
    },
    // ---- REST: child epics and epic boards ----
    {
      id: "group.epic_get_links",
      params: { group_id: "acme", epic_iid: 1 },
      request: { method: "GET", path: "/groups/acme/epics/1/epics" },
      markdown: ["## Child Epics (1)", "| 2 | Child work | closed |"],
    },
    {
      id: "group.epic_get_links",
      name: "an unknown epic answers GitLab's 404",
      params: { group_id: "acme", epic_iid: 99 },
      request: { method: "GET", path: "/groups/acme/epics/99/epics" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "group.epic_board_list",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/epic_boards" },
      markdown: ["## Epic Boards (1)", "| 5 | Roadmap board |"],
    },
    {
      id: "group.epic_board_get",
      params: { group_id: "acme", board_id: 5 },
      request: { method: "GET", path: "/groups/acme/epic_boards/5" },
      markdown: ["## Epic Board 5: Roadmap board", "- **Lists**: 1"],
    },
    {
      id: "group.epic_board_get",
      name: "an unknown board answers the not-found card",
      params: { group_id: "acme", board_id: 99 },
      request: { method: "GET", path: "/groups/acme/epic_boards/99" },
      markdown: ["Epic Board Not Found"],
      isError: true,
    },
    // ---- REST: group activity analytics ----
    {
      id: "group.analytics_issues_count",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/analytics/group_activity/issues_count", query: { group_path: "acme" } },
      markdown: ["## Issues created in the last 90 days", "- **Issues**: 10"],
    },
    {
      id: "group.analytics_issues_count",
      name: "a numeric group ID is refused: GitLab wants the path",
      params: { group_id: "7" },
      markdown: ["group_id"],
      isError: true,
    },
    {
      id: "group.analytics_mr_count",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/analytics/group_activity/merge_requests_count", query: { group_path: "acme" } },
      markdown: ["- **Merge Requests**: 4"],
    },
    {
      id: "group.analytics_members_count",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/analytics/group_activity/new_members_count", query: { group_path: "acme" } },
      markdown: ["- **New Members**: 2"],
    },
    // ---- REST: LDAP group links ----
    {
      id: "group.ldap_link_list",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/ldap_group_links" },
      markdown: ["## LDAP Group Links (1)", "`developers`", "Developer (30)"],
    },
    {
      id: "group.ldap_link_add",
      params: { group_id: "acme", cn: "ops", group_access: "maintainer", provider: "ldapmain" },
      request: { method: "POST", path: "/groups/acme/ldap_group_links", body: { cn: "ops", group_access: 40, provider: "ldapmain" } },
      markdown: ["## LDAP group link added", "`ops`", "Maintainer (40)"],
    },
    {
      id: "group.ldap_link_add",
      name: "neither cn nor filter is GitLab's 400",
      params: { group_id: "acme", group_access: 30, provider: "ldapmain" },
      request: { method: "POST", path: "/groups/acme/ldap_group_links" },
      markdown: ["exactly one parameter must be provided"],
      isError: true,
    },
    {
      id: "group.ldap_link_delete",
      params: { group_id: "acme", cn: "ops", provider: "ldapmain" },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/ldap_group_links", query: { cn: "ops", provider: "ldapmain" } },
      markdown: [/./],
    },
    {
      id: "group.ldap_link_delete",
      name: "deleting it again answers GitLab's 404",
      params: { group_id: "acme", cn: "ops", provider: "ldapmain" },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/ldap_group_links", query: { cn: "ops", provider: "ldapmain" } },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "group.ldap_link_delete",
      name: "without a provider it is refused before anything is sent",
      params: { group_id: "acme", cn: "developers" },
      confirm: true,
      markdown: ["provider"],
      isError: true,
    },
    {
      id: "group.ldap_link_delete_for_provider",
      params: { group_id: "acme", provider: "ldapmain", cn: "developers" },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/ldap_group_links/ldapmain/developers" },
      markdown: [/./],
      check(_r, sim) {
        assert.equal(sim.groupExtras("acme").ldap.length, 0);
      },
    },
    // ---- REST: SAML group links ----
    {
      id: "group.saml_link_list",
      params: { group_id: "acme" },
      request: { method: "GET", path: "/groups/acme/saml_group_links" },
      markdown: ["## SAML Group Links (1)", "`saml-devs`", "Developer (30)"],
    },
    {
      id: "group.saml_link_add",
      params: { group_id: "acme", saml_group_name: "saml-admins", access_level: "owner" },
      request: { method: "POST", path: "/groups/acme/saml_group_links", body: { saml_group_name: "saml-admins", access_level: 50 } },
      markdown: ["## SAML group link added: saml-admins", "Owner (50)"],
    },
    {
      id: "group.saml_link_get",
      params: { group_id: "acme", saml_group_name: "saml-admins" },
      request: { method: "GET", path: "/groups/acme/saml_group_links/saml-admins" },
      markdown: ["## SAML Group Link: saml-admins", "Owner (50)"],
    },
    {
      id: "group.saml_link_delete",
      params: { group_id: "acme", saml_group_name: "saml-admins" },
      confirm: true,
      request: { method: "DELETE", path: "/groups/acme/saml_group_links/saml-admins" },
      markdown: [/./],
    },
    {
      id: "group.saml_link_get",
      name: "a deleted link answers the not-found card",
      params: { group_id: "acme", saml_group_name: "saml-admins" },
      request: { method: "GET", path: "/groups/acme/saml_group_links/saml-admins" },
      markdown: ["SAML Group Link Not Found"],
      isError: true,
    },
  ],
};
