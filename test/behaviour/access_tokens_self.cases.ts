// Revoking the token the server itself runs with (access.token_personal_revoke_self): the answer says
// the server stops working, and the next call is refused by GitLab. Its own table, since the server's
// token is gone afterwards.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";

export const table: BehaviourTable = {
  domain: "access own token",
  seed() {},
  cases: [
    {
      id: "access.token_personal_revoke_self",
      params: {},
      confirm: true,
      request: { method: "DELETE", path: "/personal_access_tokens/self" },
      markdown: ["## This server's token revoked", /stop working \(401\) until a new token is configured in GITLAB_TOKEN/],
      check: (r) => assert.match(String((r.structuredContent as Record<string, unknown>).server_notice), /GITLAB_TOKEN/),
    },
    {
      id: "access.token_personal_list",
      name: "the next call is refused: the token is revoked",
      params: {},
      request: { method: "GET", path: "/personal_access_tokens" },
      markdown: [/authentication failed: GitLab rejected the token \(GITLAB_TOKEN\)/],
      isError: true,
    },
  ],
};
