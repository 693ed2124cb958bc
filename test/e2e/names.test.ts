// SUR-6: the initialize instructions and every tool description name only tools that are registered and
// canonical IDs that are routable in that session, on every surface, also when read-only narrows it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { actions } from "../../generated/index.js";
import { connect, SURFACES } from "../helpers/mcp.js";

const ids = new Set(actions.map((a) => a.id));

describe("names in instructions and descriptions (SUR-6)", () => {
  for (const surface of SURFACES) {
    for (const readOnly of [false, true]) {
      it(`${surface}${readOnly ? ", read-only" : ""}`, async () => {
        const conn = await connect({ surface, env: readOnly ? { GITLAB_MCP_READ_ONLY: "true" } : {} });
        try {
          const { tools } = await conn.client.listTools();
          const registered = new Set(tools.map((t) => t.name));
          const routable = new Set(actions.filter((a) => !readOnly || a.classification === "read").map((a) => a.id));
          const texts = [conn.client.getInstructions() ?? "", ...tools.map((t) => t.description ?? "")];
          for (const text of texts) {
            for (const [name] of text.matchAll(/\bgitlab_[a-z_]+\b/g)) {
              // gitlab_<domain> and gitlab_<domain>_<action> as patterns are explanations, not names.
              if (name === "gitlab_" || /^gitlab_(domain|domain_action)$/.test(name)) continue;
              assert.ok(registered.has(name), `${surface}: "${name}" is named but not registered`);
            }
            for (const [id] of text.matchAll(/\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*\b/g)) {
              if (!ids.has(id)) continue;
              assert.ok(routable.has(id), `${surface}: "${id}" is named but not routable`);
            }
          }
        } finally {
          await conn.close();
        }
      });
    }
  }
});
