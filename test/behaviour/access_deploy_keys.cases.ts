// Deploy keys: the behaviour table (see test/helpers/behaviour.ts). Keys live in the simulator
// (test/sim/restDeployKeys.ts): added, joined, enabled elsewhere, updated and removed in order, so the
// cases read as one workflow. Only public keys exist here: a deploy key result never holds a secret.
// The token is an administrator's with admin_mode, for the instance-wide list and add.
import assert from "node:assert/strict";
import type { BehaviourTable } from "../helpers/behaviour.js";
import { SIM_TOKEN } from "../helpers/mcp.js";
import { seedDeployKey } from "../sim/restDeployKeys.js";

const KEY_A = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEkWrzvJcVUU6KY7uUYyNfMw9sLgq0JyM3x8b0lOmN5a ci@build";
const KEY_B = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2fkoPqT7XwYbbq2v3m9yW1Hn3bWq8aXk4dL0mT1zQr deploy@prod";
const KEY_PUBLIC = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF7sZk1c9yQwXcR4uVt2pL3mN8oB6aJ0dE5fG7hI9jKl mirror@infra";
const KEY_NEW_INSTANCE = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq1w2e3r4t5y6u7i8o9p0aSdFgHjKlZxCvBnM1q2w3e backup@infra";

export const table: BehaviourTable = {
  domain: "access (deploy keys)",
  simOptions: { tokens: { [SIM_TOKEN]: { scopes: ["api", "admin_mode"], admin: true } } },
  seed(sim) {
    sim.addUser({ id: 1, username: "root", name: "Administrator" });
    sim.addUser({ id: 5, username: "jdoe", name: "Jane Doe" });
    const web = sim.addProject({ id: 42, path_with_namespace: "acme/web" });
    sim.addProject({ id: 43, path_with_namespace: "acme/api" });
    seedDeployKey(sim, web, { id: 1, title: "CI runner", key: KEY_A, can_push: false });
    seedDeployKey(sim, null, { id: 2, title: "Mirror", key: KEY_PUBLIC, public: true });
  },
  cases: [
    {
      id: "access.deploy_key_list_project",
      params: { project_id: "acme/web" },
      request: { method: "GET", path: "/projects/acme%2Fweb/deploy_keys" },
      markdown: ["## Deploy Keys", "CI runner", "`SHA256:"],
      check(r) {
        const keys = (r.structuredContent as { deploy_keys: { key: string }[] }).deploy_keys;
        assert.equal(keys.length, 1);
        assert.ok(keys[0].key.startsWith("ssh-ed25519 "), "the public key only");
      },
    },
    {
      id: "access.deploy_key_get",
      params: { project_id: 42, deploy_key_id: 1 },
      request: { method: "GET", path: "/projects/42/deploy_keys/1" },
      markdown: ["## Deploy Key: CI runner", "SHA256:"],
    },
    {
      id: "access.deploy_key_get",
      name: "a key the project does not have answers the not-found card",
      params: { project_id: 42, deploy_key_id: 99 },
      request: { method: "GET", path: "/projects/42/deploy_keys/99" },
      markdown: [/not found/i, "99"],
      isError: true,
    },
    {
      id: "access.deploy_key_add",
      params: { project_id: 42, title: "Production", key: KEY_B, can_push: true, expires_at: "2030-01-31" },
      request: { method: "POST", path: "/projects/42/deploy_keys", body: { title: "Production", key: KEY_B, can_push: true, expires_at: "2030-01-31" } },
      markdown: ["## Deploy key added: Production", "SHA256:"],
      check(r) {
        const s = r.structuredContent as { can_push: boolean; expires_at: string };
        assert.equal(s.can_push, true);
        assert.ok(s.expires_at.startsWith("2030-01-31"));
      },
    },
    {
      id: "access.deploy_key_add",
      name: "the same key twice in a project is GitLab's 400",
      params: { project_id: 42, title: "Again", key: KEY_B },
      request: { method: "POST", path: "/projects/42/deploy_keys" },
      markdown: ["has already been taken"],
      isError: true,
    },
    {
      id: "access.deploy_key_add",
      name: "a private key or other text is refused before anything is sent",
      params: { project_id: 42, title: "Oops", key: "-----BEGIN OPENSSH PRIVATE KEY-----" },
      markdown: ["key"],
      isError: true,
    },
    {
      id: "access.deploy_key_add",
      name: "an expiry that is not YYYY-MM-DD is refused before anything is sent",
      params: { project_id: 42, title: "Soon", key: KEY_B, expires_at: "next week" },
      markdown: ["expires_at"],
      isError: true,
    },
    {
      id: "access.deploy_key_update",
      params: { project_id: 42, deploy_key_id: 1, title: "CI runner (read)", can_push: false },
      request: { method: "PUT", path: "/projects/42/deploy_keys/1", body: { title: "CI runner (read)", can_push: false } },
      markdown: ["## Deploy key updated: CI runner (read)"],
    },
    {
      id: "access.deploy_key_update",
      name: "a key the project does not have answers the not-found card",
      params: { project_id: 42, deploy_key_id: 77, can_push: true },
      request: { method: "PUT", path: "/projects/42/deploy_keys/77" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "access.deploy_key_enable",
      name: "a public key is enabled for another project",
      params: { project_id: "acme/api", deploy_key_id: 2 },
      request: { method: "POST", path: "/projects/acme%2Fapi/deploy_keys/2/enable" },
      markdown: ["## Deploy key enabled: Mirror"],
    },
    {
      id: "access.deploy_key_enable",
      name: "an unknown key answers the not-found card",
      params: { project_id: 43, deploy_key_id: 404 },
      request: { method: "POST", path: "/projects/43/deploy_keys/404/enable" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "access.deploy_key_add_instance",
      params: { title: "Backups", key: KEY_NEW_INSTANCE, expires_at: "2031-06-30" },
      request: { method: "POST", path: "/deploy_keys", body: { title: "Backups", key: KEY_NEW_INSTANCE, expires_at: "2031-06-30" } },
      markdown: ["## Instance deploy key added: Backups", "SHA256:"],
    },
    {
      id: "access.deploy_key_list_all",
      params: { public: true },
      request: { method: "GET", path: "/deploy_keys", query: { public: "true" } },
      markdown: ["## All Deploy Keys", "Mirror", "Backups"],
      check(r) {
        const keys = (r.structuredContent as { deploy_keys: { title: string; projects_with_readonly_access?: unknown[] }[] }).deploy_keys;
        assert.deepEqual(keys.map((k) => k.title).sort(), ["Backups", "Mirror"]);
        assert.equal(keys.find((k) => k.title === "Mirror")?.projects_with_readonly_access?.length, 1);
      },
    },
    {
      id: "access.deploy_key_list_all",
      name: "every key of the instance",
      params: {},
      request: { method: "GET", path: "/deploy_keys", query: {} },
      markdown: ["CI runner (read)", "Production", "Mirror"],
    },
    {
      id: "access.deploy_key_list_user_project",
      params: { user_id: "jdoe" },
      request: { method: "GET", path: "/users/jdoe/project_deploy_keys" },
      markdown: ["## Project Deploy Keys of the User", "Production", "Mirror"],
    },
    {
      id: "access.deploy_key_list_user_project",
      name: "an unknown user is GitLab's 404",
      params: { user_id: "nobody" },
      request: { method: "GET", path: "/users/nobody/project_deploy_keys" },
      markdown: [/not found/i],
      isError: true,
    },
    {
      id: "access.deploy_key_delete",
      confirm: true,
      params: { project_id: 42, deploy_key_id: 1 },
      request: { method: "DELETE", path: "/projects/42/deploy_keys/1" },
      markdown: [/./],
    },
    {
      id: "access.deploy_key_get",
      name: "a removed key is gone from the project",
      params: { project_id: 42, deploy_key_id: 1 },
      request: { method: "GET", path: "/projects/42/deploy_keys/1" },
      markdown: [/not found/i],
      isError: true,
    },
  ],
};
