// SAF-39 through executeAction with a GitLab that runs a GraphQL mutation and withholds its answer from a
// fine-grained token (null, no error): the result says the write was probably committed, and it is sent once.
import assert from "node:assert/strict";
import { it } from "node:test";
import { actions } from "../../generated/index.js";
import { executeAction, type CallFrame, type ExecContext } from "../../runtime/execute.js";
import type { GitLabApi } from "../../runtime/gitlab/client.js";
import { Logger } from "../../runtime/log.js";

const frame: CallFrame = { origin: "test", openAliases: true, confirm: true, destructiveRefusal: "", mayElicit: false, previewName: "x", previewIsError: false };

function context(fineGrained: boolean, sent: string[]): ExecContext {
  const client: GitLabApi = {
    rest: async () => ({ status: 200, headers: new Headers() as never, body: {}, size: 2 }),
    graphql: async (document) => (sent.push(document), { workItemCreate: { workItem: null, errors: [] } }),
  };
  return {
    client,
    log: new Logger("error"),
    yolo: true,
    safeMode: false,
    allowQuickActions: false,
    embeddedResources: false,
    maxResponseBytes: 65536,
    elicit: async () => "unavailable",
    routable: () => true,
    instanceUrl: "https://gitlab.example.com",
    ...(fineGrained ? { fineGrained: { phase: "unjudged" as const, reason: "The instance did not answer the request for its version" } } : {}),
  };
}

const create = actions.find((a) => a.id === "issue.work_item_create")!;
const params = { project_id: "group/project", title: "Ship it", work_item_type_id: "gid://gitlab/WorkItems::Type/1" };

it("a fine-grained session hears that a null write was probably committed, with the step to check it", async () => {
  const sent: string[] = [];
  const out = await executeAction(create, params, frame, context(true, sent));
  assert.equal(out.kind, "error");
  const text = (out as { text: string }).text;
  assert.match(text, /^issue\.work_item_create: GitLab answered this write with null and no error, .* so the write was probably committed\./);
  assert.match(text, /- Check whether the write was committed \(read the object back\) before you repeat it/);
  assert.equal(sent.length, 1, "the write is sent once");
});

it("a classic session gets no such step", async () => {
  const out = await executeAction(create, params, frame, context(false, []));
  assert.ok(!JSON.stringify(out).includes("probably committed"));
});
