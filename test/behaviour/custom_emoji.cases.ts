// Custom emoji (GraphQL): the behaviour table (see test/helpers/behaviour.ts). The simulator keeps a
// group's emoji (test/sim/graphqlWorkItems.ts): names are unique in a group and its ancestors.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

export const table: BehaviourTable = {
  domain: "custom_emoji",
  seed(sim) {
    sim.addGroup({ full_path: "acme", id: 7 });
    sim.addGroup({ full_path: "acme/web", id: 8 });
    sim.addDocument("group", "instance", { id: 8, full_path: "acme/web", name: "web", path: "web" });
    sim.addCustomEmoji("acme", { name: "party_parrot", url: "https://cdn.example.com/parrot.gif", createdAt: "2025-02-01T10:00:00Z" }); // gid 1
    sim.addCustomEmoji("acme/web", { name: "shipit", url: "https://cdn.example.com/shipit.png", createdAt: "2025-02-02T10:00:00Z" }); // gid 2
  },
  cases: [
    {
      id: "custom_emoji.list",
      params: { group_id: "acme/web" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## Custom Emoji (1)", "`shipit`"],
      check(_r, sim) {
        assert.deepEqual(sim.log.at(-1)?.graphql?.variables, { fullPath: "acme/web", first: 20 });
      },
    },
    {
      id: "custom_emoji.list",
      name: "a numeric group ID is resolved to its path, and parent groups' emoji are included",
      params: { group_id: 8, include_ancestor_groups: true },
      request: [
        { method: "GET", path: "/groups/8" },
        { method: "POST", path: "/api/graphql" },
      ],
      markdown: ["## Custom Emoji (2)", "`party_parrot`", "`shipit`"],
    },
    {
      id: "custom_emoji.list",
      name: "a page of one gives the cursor of the next",
      params: { group_id: "acme/web", include_ancestor_groups: true, first: 1 },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["1 shown, more available", "next page cursor"],
    },
    {
      id: "custom_emoji.create",
      params: { group_id: "acme/web", name: "lgtm", url: "https://cdn.example.com/lgtm.png" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## Custom emoji created: lgtm", "`gid://gitlab/CustomEmoji/3`"],
      check(_r, sim) {
        assert.deepEqual(sim.log.at(-1)?.graphql?.variables, { groupPath: "acme/web", name: "lgtm", url: "https://cdn.example.com/lgtm.png" });
      },
    },
    {
      id: "custom_emoji.create",
      name: "a name a parent group already uses is GitLab's payload error",
      params: { group_id: "acme/web", name: "party_parrot", url: "https://cdn.example.com/other.gif" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["Name is already being used for another emoji"],
      isError: true,
    },
    {
      id: "custom_emoji.create",
      name: "a name with spaces is refused before anything is sent",
      params: { group_id: "acme/web", name: "party parrot", url: "https://cdn.example.com/p.gif" },
      markdown: ["name"],
      isError: true,
    },
    {
      id: "custom_emoji.delete",
      confirm: true,
      params: { custom_emoji_id: "gid://gitlab/CustomEmoji/2" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["## Custom emoji deleted: shipit"],
    },
    {
      id: "custom_emoji.delete",
      name: "an emoji that does not exist is GitLab's resource error",
      confirm: true,
      params: { custom_emoji_id: "gid://gitlab/CustomEmoji/99" },
      request: { method: "POST", path: "/api/graphql" },
      markdown: ["does not exist or you don't have permission"],
      isError: true,
    },
  ],
};
