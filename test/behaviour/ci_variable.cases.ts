// CI/CD variables of a project, a group and the instance: the behaviour table (see
// test/helpers/behaviour.ts), with the secrets rule of issue 10 proved case by case: a masked or hidden
// variable's value appears nowhere in a result (Markdown, structuredContent, embedded resource) unless
// that one variable is read with ci_variable.get and reveal: true. Fixtures follow GitLab's
// project_level_variables.md, group_level_variables.md and instance_level_ci_variables.md.
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BehaviourTable } from "../helpers/behaviour.js";

const MASKED = "s3cr3t-Masked-Value-41";
const HIDDEN = "h1dden-Value-Never-Back";
const NEW_MASKED = "n3w-Masked-Created-99";
const ROTATED = "r0tated-Masked-Value-77";
const GROUP_MASKED = "gr0up-Masked-Value-13";
const INSTANCE_MASKED = "inst4nce-Masked-Value";

/** The value must not appear anywhere in the result: text blocks, structuredContent, resources. */
function absent(value: string) {
  return (result: CallToolResult): void => {
    const everything = JSON.stringify(result);
    assert.ok(!everything.includes(value), `the secret ${value} leaked into the result:\n${everything}`);
  };
}

function present(value: string) {
  return (result: CallToolResult): void => {
    assert.ok(JSON.stringify(result).includes(value), `the value ${value} was asked for and is missing`);
  };
}

export const table: BehaviourTable = {
  domain: "ci_variable",
  seed(sim) {
    sim.addProject({ id: 42, path_with_namespace: "group/project" });
    sim.addDocument("group", "instance", { id: 9, name: "group", path: "group", full_name: "Group", full_path: "group", web_url: `${sim.url}/groups/group` });
    sim.addCiVariable({ project: 42 }, { key: "PLAIN_URL", value: "https://api.example.com" });
    sim.addCiVariable({ project: 42 }, { key: "DEPLOY_TOKEN", value: MASKED, masked: true, protected: true });
    sim.addCiVariable({ project: 42 }, { key: "SIGNING_KEY", value: HIDDEN, hidden: true });
    sim.addCiVariable({ project: 42 }, { key: "DB_HOST", value: "db.staging", environment_scope: "staging" });
    sim.addCiVariable({ project: 42 }, { key: "DB_HOST", value: "db.production", environment_scope: "production" });
    sim.addCiVariable({ group: 9 }, { key: "REGISTRY_PASSWORD", value: GROUP_MASKED, masked: true });
    sim.addCiVariable("instance", { key: "SENTRY_DSN", value: INSTANCE_MASKED, masked: true });
  },
  cases: [
    // --- project scope ---
    {
      id: "ci_variable.list",
      name: "a list shows plain values and never masked or hidden ones",
      params: { project_id: "group/project" },
      request: { method: "GET", path: "/projects/group%2Fproject/variables" },
      markdown: ["## CI/CD Variables", "`PLAIN_URL`", "https://api.example.com", "`DEPLOY_TOKEN`", "masked", "`SIGNING_KEY`", "hidden"],
      check(result) {
        absent(MASKED)(result);
        absent(HIDDEN)(result);
        const rows = (result.structuredContent as { variables: { key: string; value?: string; value_withheld?: string }[] }).variables;
        assert.equal(rows.find((r) => r.key === "PLAIN_URL")?.value, "https://api.example.com");
        assert.equal(rows.find((r) => r.key === "DEPLOY_TOKEN")?.value_withheld, "masked");
      },
    },
    {
      id: "ci_variable.get",
      name: "a masked variable's value is withheld, with how to ask for it",
      params: { project_id: 42, key: "DEPLOY_TOKEN" },
      request: { method: "GET", path: "/projects/42/variables/DEPLOY_TOKEN" },
      markdown: ["## CI/CD Variable: DEPLOY_TOKEN", "call ci_variable.get with reveal: true", "- **Masked**: ✅"],
      check(result) {
        absent(MASKED)(result);
        assert.ok(result.content.some((c) => c.type === "resource"), "the embedded resource is there, without the value");
      },
    },
    {
      id: "ci_variable.get",
      name: "reveal: true shows that one masked value, and reveal is never sent to GitLab",
      params: { project_id: 42, key: "DEPLOY_TOKEN", reveal: true },
      request: { method: "GET", path: "/projects/42/variables/DEPLOY_TOKEN", query: {} },
      markdown: [`- **Value**: \`${MASKED}\``],
      check: present(MASKED),
    },
    {
      id: "ci_variable.get",
      name: "a hidden variable's value never comes back, even with reveal",
      params: { project_id: 42, key: "SIGNING_KEY", reveal: true },
      request: { method: "GET", path: "/projects/42/variables/SIGNING_KEY" },
      markdown: ["Hidden variable: GitLab never returns its value."],
      check: absent(HIDDEN),
    },
    {
      id: "ci_variable.get",
      name: "a plain variable shows its value",
      params: { project_id: 42, key: "PLAIN_URL" },
      request: { method: "GET", path: "/projects/42/variables/PLAIN_URL" },
      markdown: ["- **Value**: `https://api.example.com`"],
    },
    {
      id: "ci_variable.get",
      name: "two variables share the key: GitLab's 409 asks for the environment scope",
      params: { project_id: 42, key: "DB_HOST" },
      request: { method: "GET", path: "/projects/42/variables/DB_HOST" },
      markdown: ["filter[environment_scope]"],
      isError: true,
    },
    {
      id: "ci_variable.get",
      name: "environment_scope goes as GitLab's filter[environment_scope]",
      params: { project_id: 42, key: "DB_HOST", environment_scope: "production" },
      request: { method: "GET", path: "/projects/42/variables/DB_HOST", query: { "filter[environment_scope]": "production" } },
      markdown: ["- **Value**: `db.production`", "- **Environment Scope**: `production`"],
    },
    {
      id: "ci_variable.get",
      name: "an unknown key answers the not-found card",
      params: { project_id: 42, key: "NOPE" },
      request: { method: "GET", path: "/projects/42/variables/NOPE" },
      markdown: ["## ❓ CI/CD Variable Not Found", '"NOPE" in project 42'],
      isError: true,
    },
    {
      id: "ci_variable.create",
      name: "a masked variable: the answer does not repeat the value",
      params: { project_id: 42, key: "NPM_TOKEN", value: NEW_MASKED, masked: true, protected: true, description: "publishes packages" },
      request: { method: "POST", path: "/projects/42/variables", body: { key: "NPM_TOKEN", value: NEW_MASKED, masked: true, protected: true, description: "publishes packages" } },
      markdown: ["## CI/CD variable created: NPM_TOKEN", "Masked variable: its value is not repeated here."],
      check: absent(NEW_MASKED),
    },
    {
      id: "ci_variable.create",
      name: "a masked and hidden variable",
      params: { project_id: 42, key: "HIDDEN_TOO", value: NEW_MASKED, masked_and_hidden: true },
      request: { method: "POST", path: "/projects/42/variables", body: { key: "HIDDEN_TOO", value: NEW_MASKED, masked_and_hidden: true } },
      markdown: ["- **Hidden**: ✅"],
      check: absent(NEW_MASKED),
    },
    {
      id: "ci_variable.create",
      name: "a plain variable in an environment scope",
      params: { project_id: 42, key: "REGION", value: "eu-west-1", environment_scope: "production", variable_type: "env_var" },
      request: { method: "POST", path: "/projects/42/variables", body: { key: "REGION", value: "eu-west-1", environment_scope: "production", variable_type: "env_var" } },
      markdown: ["- **Value**: `eu-west-1`", "- **Environment Scope**: `production`"],
    },
    {
      id: "ci_variable.create",
      name: "a key already taken in that scope: GitLab's 400",
      params: { project_id: 42, key: "NPM_TOKEN", value: "whatever-value" },
      request: { method: "POST", path: "/projects/42/variables" },
      markdown: ["(NPM_TOKEN) has already been taken"],
      isError: true,
    },
    {
      id: "ci_variable.update",
      name: "rotating a masked value: the answer does not repeat it",
      params: { project_id: 42, key: "DEPLOY_TOKEN", value: ROTATED },
      request: { method: "PUT", path: "/projects/42/variables/DEPLOY_TOKEN", body: { value: ROTATED } },
      markdown: ["## CI/CD variable updated: DEPLOY_TOKEN"],
      check(result) {
        absent(ROTATED)(result);
        absent(MASKED)(result);
      },
    },
    {
      id: "ci_variable.update",
      name: "masking a plain variable on update: the new value is not repeated",
      params: { project_id: 42, key: "REGION", environment_scope: "production", value: "eu-central-1-x", masked: true },
      request: { method: "PUT", path: "/projects/42/variables/REGION", query: { "filter[environment_scope]": "production" }, body: { value: "eu-central-1-x", masked: true } },
      markdown: ["- **Masked**: ✅"],
      check: absent("eu-central-1-x"),
    },
    {
      id: "ci_variable.update",
      name: "moving a variable to another environment scope",
      params: { project_id: 42, key: "DB_HOST", environment_scope: "staging", new_environment_scope: "review/*" },
      request: { method: "PUT", path: "/projects/42/variables/DB_HOST", query: { "filter[environment_scope]": "staging" }, body: { environment_scope: "review/*" } },
      markdown: ["- **Environment Scope**: `review/*`"],
    },
    {
      id: "ci_variable.delete",
      params: { project_id: 42, key: "DB_HOST", environment_scope: "production" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/variables/DB_HOST", query: { "filter[environment_scope]": "production" } },
      markdown: [/success/i],
    },
    {
      id: "ci_variable.delete",
      name: "deleting a variable that does not exist: GitLab's 404",
      params: { project_id: 42, key: "NOPE" },
      confirm: true,
      request: { method: "DELETE", path: "/projects/42/variables/NOPE" },
      markdown: ["Variable Not Found"],
      isError: true,
    },
    {
      id: "ci_variable.create",
      name: "a key with a dash: GitLab's 400 names the rule",
      params: { project_id: 42, key: "BAD-KEY", value: "x" },
      request: { method: "POST", path: "/projects/42/variables" },
      markdown: ["can contain only letters, digits and '_'."],
      isError: true,
    },
    // --- group scope ---
    {
      id: "ci_variable.group_list",
      params: { group_id: "group" },
      request: { method: "GET", path: "/groups/group/variables" },
      markdown: ["## Group CI/CD Variables", "`REGISTRY_PASSWORD`", "masked"],
      check: absent(GROUP_MASKED),
    },
    {
      id: "ci_variable.group_get",
      params: { group_id: 9, key: "REGISTRY_PASSWORD" },
      request: { method: "GET", path: "/groups/9/variables/REGISTRY_PASSWORD" },
      markdown: ["## CI/CD Variable: REGISTRY_PASSWORD", "call ci_variable.group_get with reveal: true"],
      check: absent(GROUP_MASKED),
    },
    {
      id: "ci_variable.group_get",
      name: "reveal on a group variable",
      params: { group_id: 9, key: "REGISTRY_PASSWORD", reveal: true },
      request: { method: "GET", path: "/groups/9/variables/REGISTRY_PASSWORD" },
      markdown: [`\`${GROUP_MASKED}\``],
    },
    {
      id: "ci_variable.group_get",
      name: "an unknown key answers the not-found card",
      params: { group_id: 9, key: "NOPE" },
      request: { method: "GET", path: "/groups/9/variables/NOPE" },
      markdown: ["## ❓ CI/CD Variable Not Found", '"NOPE" in group 9'],
      isError: true,
    },
    {
      id: "ci_variable.group_create",
      params: { group_id: 9, key: "GROUP_SECRET", value: NEW_MASKED, masked: true },
      request: { method: "POST", path: "/groups/9/variables", body: { key: "GROUP_SECRET", value: NEW_MASKED, masked: true } },
      markdown: ["## CI/CD variable created: GROUP_SECRET"],
      check: absent(NEW_MASKED),
    },
    {
      id: "ci_variable.group_create",
      name: "a duplicate group key: GitLab's 400",
      params: { group_id: 9, key: "GROUP_SECRET", value: "another-value" },
      request: { method: "POST", path: "/groups/9/variables" },
      markdown: ["(GROUP_SECRET) has already been taken"],
      isError: true,
    },
    {
      id: "ci_variable.group_update",
      params: { group_id: 9, key: "GROUP_SECRET", value: ROTATED, protected: true },
      request: { method: "PUT", path: "/groups/9/variables/GROUP_SECRET", body: { value: ROTATED, protected: true } },
      markdown: ["## CI/CD variable updated: GROUP_SECRET", "- **Protected**: ✅"],
      check: absent(ROTATED),
    },
    {
      id: "ci_variable.group_delete",
      params: { group_id: 9, key: "GROUP_SECRET" },
      confirm: true,
      request: { method: "DELETE", path: "/groups/9/variables/GROUP_SECRET" },
      markdown: [/success/i],
    },
    // --- instance scope ---
    {
      id: "ci_variable.instance_list",
      params: {},
      request: { method: "GET", path: "/admin/ci/variables" },
      markdown: ["## Instance CI/CD Variables", "`SENTRY_DSN`", "masked"],
      check: absent(INSTANCE_MASKED),
    },
    {
      id: "ci_variable.instance_get",
      params: { key: "SENTRY_DSN" },
      request: { method: "GET", path: "/admin/ci/variables/SENTRY_DSN" },
      markdown: ["## CI/CD Variable: SENTRY_DSN", "call ci_variable.instance_get with reveal: true"],
      check: absent(INSTANCE_MASKED),
    },
    {
      id: "ci_variable.instance_get",
      name: "reveal on an instance variable",
      params: { key: "SENTRY_DSN", reveal: true },
      request: { method: "GET", path: "/admin/ci/variables/SENTRY_DSN" },
      markdown: [`\`${INSTANCE_MASKED}\``],
    },
    {
      id: "ci_variable.instance_get",
      name: "an unknown key answers the not-found card",
      params: { key: "NOPE" },
      request: { method: "GET", path: "/admin/ci/variables/NOPE" },
      markdown: ["## ❓ CI/CD Variable Not Found"],
      isError: true,
    },
    {
      id: "ci_variable.instance_create",
      params: { key: "GLOBAL_TOKEN", value: NEW_MASKED, masked: true },
      request: { method: "POST", path: "/admin/ci/variables", body: { key: "GLOBAL_TOKEN", value: NEW_MASKED, masked: true } },
      markdown: ["## CI/CD variable created: GLOBAL_TOKEN"],
      check: absent(NEW_MASKED),
    },
    {
      id: "ci_variable.instance_create",
      name: "a duplicate instance key: GitLab's 400",
      params: { key: "GLOBAL_TOKEN", value: "another-value" },
      request: { method: "POST", path: "/admin/ci/variables" },
      markdown: ["(GLOBAL_TOKEN) has already been taken"],
      isError: true,
    },
    {
      id: "ci_variable.instance_update",
      params: { key: "GLOBAL_TOKEN", value: ROTATED },
      request: { method: "PUT", path: "/admin/ci/variables/GLOBAL_TOKEN", body: { value: ROTATED } },
      markdown: ["## CI/CD variable updated: GLOBAL_TOKEN"],
      check: absent(ROTATED),
    },
    {
      id: "ci_variable.instance_delete",
      params: { key: "GLOBAL_TOKEN" },
      confirm: true,
      request: { method: "DELETE", path: "/admin/ci/variables/GLOBAL_TOKEN" },
      markdown: [/success/i],
    },
  ],
};
