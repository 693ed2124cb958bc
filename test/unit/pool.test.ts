// The credential pool (HTTP-10..HTTP-13) on a fake clock and a fake GitLab: admission, refusal,
// revalidation, the one-hour rebuild, idle reclaim and LRU eviction.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { it } from "node:test";
import type { GitLabApi } from "../../runtime/gitlab/client.js";
import { CredentialPool, poolKey, type PoolSettings, type Verdict } from "../../runtime/http/pool.js";

/** A fake GitLab: which tokens it accepts, and a count of each kind of request per token. */
function world(settings: Partial<PoolSettings> = {}) {
  const clock = { now: 0 };
  const accepted = new Map<string, Verdict>([
    ["tok-a", { user: { id: 1, username: "alice" } }],
    ["tok-b", { user: { id: 2, username: "bob" } }],
    ["tok-c", { user: { id: 3, username: "carol" } }],
  ]);
  const calls: string[] = [];
  const pool = new CredentialPool(
    { capacity: 2, idleMs: 3_600_000, revalidateMs: 900_000, ...settings },
    {
      now: () => clock.now,
      client: (token) => ({ token }) as unknown as GitLabApi,
      verify: async (client) => {
        const token = (client as unknown as { token: string }).token;
        calls.push(`user ${token}`);
        return accepted.get(token) ?? "rejected";
      },
      credential: async (client: GitLabApi) => {
        calls.push(`scopes ${(client as unknown as { token: string }).token}`);
        return { scopes: ["api"] };
      },
      limiter: () => undefined,
    },
  );
  return { clock, accepted, calls, pool };
}

const URL_A = "https://gitlab.example.com";

it("the key is the hex SHA-256 of token NUL instance, never the token", () => {
  assert.equal(poolKey("tok-a", URL_A), createHash("sha256").update(`tok-a\x00${URL_A}`).digest("hex"));
  assert.notEqual(poolKey("tok-a", URL_A), poolKey("tok-a", "https://other.example.com"), "one entry per instance");
});

it("admits a credential once: GET /user and the scopes are read on first use only", async () => {
  const { pool, calls } = world();
  const first = await pool.acquire("tok-a", URL_A);
  assert.equal(first.kind, "admitted");
  assert.ok(first.kind === "admitted" && first.fresh && first.entry.user?.username === "alice");
  pool.release(first.kind === "admitted" ? first.entry : assert.fail());
  const again = await pool.acquire("tok-a", URL_A);
  assert.ok(again.kind === "admitted" && !again.fresh && again.entry === first.entry);
  assert.deepEqual(calls, ["user tok-a", "scopes tok-a"]);
});

it("concurrent first requests of one credential verify it once", async () => {
  const { pool, calls } = world();
  const [a, b] = await Promise.all([pool.acquire("tok-a", URL_A), pool.acquire("tok-a", URL_A)]);
  assert.ok(a.kind === "admitted" && b.kind === "admitted" && a.entry === b.entry);
  assert.deepEqual([a.fresh, b.fresh, a.entry.active], [true, false, 2], "admitted once, in use twice");
  assert.deepEqual(calls, ["user tok-a", "scopes tok-a"]);
});

it("a credential GitLab refuses gets no entry, and GitLab could-not-say admits", async () => {
  const { pool, accepted } = world();
  const refused = await pool.acquire("tok-x", URL_A);
  assert.deepEqual(refused, { kind: "rejected", key: poolKey("tok-x", URL_A) });
  assert.equal(pool.size, 0);
  accepted.set("tok-x", "unknown");
  const admitted = await pool.acquire("tok-x", URL_A);
  assert.ok(admitted.kind === "admitted" && admitted.entry.user === undefined);
});

it("revalidates after the interval: scopes are read again, and a revoked token loses its entry", async () => {
  const { pool, calls, clock, accepted } = world();
  const a = await pool.acquire("tok-a", URL_A);
  pool.release(a.kind === "admitted" ? a.entry : assert.fail());
  clock.now += 899_999;
  await pool.acquire("tok-a", URL_A);
  assert.equal(calls.length, 2, "not yet");
  clock.now += 1;
  await pool.acquire("tok-a", URL_A);
  assert.deepEqual(calls, ["user tok-a", "scopes tok-a", "user tok-a", "scopes tok-a"]);
  accepted.delete("tok-a");
  clock.now += 900_000;
  assert.equal((await pool.acquire("tok-a", URL_A)).kind, "rejected");
  assert.equal(pool.size, 0);
});

it("a revalidation GitLab cannot answer keeps the entry and the scopes learned before", async () => {
  const { pool, clock, accepted, calls } = world();
  const first = await pool.acquire("tok-a", URL_A);
  const learned = first.kind === "admitted" ? await first.entry.credential : assert.fail();
  accepted.set("tok-a", "unknown");
  clock.now += 900_000;
  const again = await pool.acquire("tok-a", URL_A);
  assert.ok(again.kind === "admitted" && !again.fresh);
  assert.deepEqual(await again.entry.credential, learned);
  assert.deepEqual(calls, ["user tok-a", "scopes tok-a", "user tok-a"], "scopes are not read during the outage");
});

it("with revalidation off, an entry older than an hour is rebuilt on its next use", async () => {
  const { pool, calls, clock } = world({ revalidateMs: 0 });
  const first = await pool.acquire("tok-a", URL_A);
  clock.now += 3_599_999;
  assert.ok((await pool.acquire("tok-a", URL_A)).kind === "admitted");
  assert.equal(calls.length, 2);
  clock.now += 1;
  const rebuilt = await pool.acquire("tok-a", URL_A);
  assert.ok(rebuilt.kind === "admitted" && rebuilt.fresh && first.kind === "admitted" && rebuilt.entry !== first.entry);
  assert.equal(calls.length, 4);
});

it("reclaims idle entries after the idle timeout", async () => {
  const { pool, clock } = world({ idleMs: 60_000, capacity: 10 });
  const a = await pool.acquire("tok-a", URL_A);
  pool.release(a.kind === "admitted" ? a.entry : assert.fail());
  clock.now += 60_000;
  await pool.acquire("tok-b", URL_A);
  assert.equal(pool.size, 1, "tok-a was reclaimed");
});

it("at capacity the least recently used idle entry goes first, even if an older one is busy", async () => {
  const { pool } = world({ capacity: 2 });
  const a = await pool.acquire("tok-a", URL_A); // busy: never released
  const b = await pool.acquire("tok-b", URL_A);
  pool.release(b.kind === "admitted" ? b.entry : assert.fail());
  await pool.acquire("tok-c", URL_A);
  assert.equal(pool.size, 2);
  const againA = await pool.acquire("tok-a", URL_A);
  assert.ok(againA.kind === "admitted" && !againA.fresh && a.kind === "admitted" && againA.entry === a.entry, "the busy entry stayed");
  const againB = await pool.acquire("tok-b", URL_A);
  assert.ok(againB.kind === "admitted" && againB.fresh, "the idle one was evicted");
});
