// Secret params (catalog `secret: true`: tokens, passwords, CI variable values, hook and status-check
// secrets, private keys) on every action that takes one, on all three surfaces: a known secret sent in
// safe mode, for real, and in a call refused for its value is found nowhere (result text,
// structuredContent, stderr at debug level) but in the request that reached GitLab.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { actions } from "../../generated/index.js";
import { GitLabSimulator } from "../sim/simulator.js";
import { callAction, connect, SIM_TOKEN, SURFACES, text } from "../helpers/mcp.js";
import { sampleParams } from "../helpers/samples.js";

const withSecrets = actions.filter((a) => a.params.some((p) => p.secret));
// Masked CI variables must be 8 characters or more from a limited alphabet, so the secret is one.
const secretOf = (id: string, name: string) => `S3cr3t_${id.replace(/\W/g, "_")}_${name}_9f2c7a`;
const seen = (r: CallToolResult) => `${JSON.stringify(r.content)}\n${JSON.stringify(r.structuredContent ?? {})}`;

describe("secret params are masked everywhere but in the request to GitLab", () => {
  let sim: GitLabSimulator;
  before(async () => {
    sim = await GitLabSimulator.start({ tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } });
    sim.addProject({ id: 42, path_with_namespace: "group/project", default_branch: "main" });
    sim.addBranch(42, { name: "main" });
  });
  after(() => sim?.close());

  it("the catalog marks the credentials it takes", () => {
    const marked = new Set(withSecrets.flatMap((a) => a.params.filter((p) => p.secret).map((p) => `${a.id}:${p.name}`)));
    for (const expected of ["ci_variable.create:value", "project.hook_add:token", "pipeline.trigger_run:token", "user.create:password", "project.pages_domain_create:key", "merge_request.approve:approval_password"]) {
      assert.ok(marked.has(expected), `${expected} is not marked secret`);
    }
  });

  for (const surface of SURFACES) {
    it(`${surface}: in safe mode, for real, and refused for its value`, async () => {
      const previews = await connect({ sim, surface, env: { GITLAB_MCP_SAFE_MODE: "true", GITLAB_MCP_LOG_LEVEL: "debug" } });
      const live = await connect({ sim, surface, env: { GITLAB_MCP_LOG_LEVEL: "debug" } });
      try {
        for (const a of withSecrets) {
          const secrets = a.params.filter((p) => p.secret).map((p) => [p.name, secretOf(a.id, p.name)] as const);
          const params = { ...sampleParams(a.id), ...Object.fromEntries(secrets), ...(a.domain === "ci_variable" ? { masked: true } : {}) };
          const destructive = a.classification === "destructive";
          // Safe mode: the preview shows [secret] where the value was, and nothing is sent.
          sim.clearLog();
          const preview = await callAction(previews, surface, a.id, params, destructive);
          for (const [name, secret] of secrets) {
            assert.ok(!seen(preview).includes(secret), `${surface} ${a.id}: the safe-mode answer shows ${name}`);
            // A read (runner.verify) runs in safe mode as anywhere; only writes are previewed.
            if (a.classification !== "read") assert.ok(seen(preview).includes("[secret]"), `${surface} ${a.id}: the preview does not say a secret was given`);
          }
          if (a.classification !== "read") assert.equal(sim.log.length, 0, `${a.id}: safe mode sent a request`);
          // For real: GitLab receives it; the result does not repeat it.
          sim.clearLog();
          const r = await callAction(live, surface, a.id, params, destructive);
          for (const [name, secret] of secrets) {
            assert.ok(!seen(r).includes(secret), `${surface} ${a.id}: the result shows ${name}: ${text(r).slice(0, 200)}`);
            const sent = sim.log.some((q) => JSON.stringify(q.body ?? {}).includes(secret) || JSON.stringify(q.query).includes(secret) || JSON.stringify(q.graphql ?? {}).includes(secret));
            assert.ok(sent, `${surface} ${a.id}: ${name} did not reach GitLab (${sim.log.map((q) => `${q.method} ${q.rawPath} ${q.status}`).join(", ")}; ${text(r).slice(0, 200)})`);
          }
          // Refused for the secret's own value (a list where text belongs): the refusal does not echo it.
          const [name, secret] = secrets[0];
          const refused = await callAction(live, surface, a.id, { ...params, [name]: [secret] }, destructive);
          assert.equal(refused.isError, true);
          assert.match(text(refused), new RegExp(`${name} must be of type string \\(got "\\[secret\\]"\\)`));
          assert.ok(!seen(refused).includes(secret), `${surface} ${a.id}: the refusal echoes ${name}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        for (const a of withSecrets) {
          for (const p of a.params.filter((x) => x.secret)) {
            const secret = secretOf(a.id, p.name);
            assert.ok(!previews.stderr.join("").includes(secret) && !live.stderr.join("").includes(secret), `${surface} ${a.id}: ${p.name} is in the debug log`);
          }
        }
      } finally {
        await previews.close();
        await live.close();
      }
    });
  }
});
