// The credential pool of HTTP mode (BEHAVIOR §9.4): one entry per credential and instance, keyed by
// SHA-256(token + "\0" + canonical instance URL) in hex, so the raw token is never a map key and
// logs name an entry by its hash or the token's last four characters. An entry holds what a session
// of that credential needs: its GitLab client, its learned scopes (read once per credential), its user
// and its rate-limit buckets. Entries never share per-user data (HTTP-12).
//
// The pool is only a cache: a replica that has never seen a credential admits it again with one
// GET /user, so several replicas need no sticky sessions.
import { createHash } from "node:crypto";
import type { GitLabApi } from "../gitlab/client.js";
import type { Limiter } from "../ratelimit.js";
import { relearned, type Credential } from "../policy/credential.js";

/** HTTP-13: even with revalidation off, an entry older than this is rebuilt on its next use. */
export const MAX_ENTRY_AGE_MS = 3_600_000;

/** The pool entry key of a credential at an instance (HTTP-11). */
export const poolKey = (token: string, instance: string) => createHash("sha256").update(`${token}\x00${instance}`).digest("hex");

/** How a token is named in logs (ERR-20). */
export const tokenTail = (token: string) => `…${token.slice(-4)}`;

/**
 * What GET /user said about a credential: its user, "rejected" (401/403), "granular" (a fine-grained
 * token GitLab accepted but refused the permission to read its own user, SAF-41), or "unknown" (GitLab
 * could not say).
 */
export type Verdict = { user: { id: number; username: string } } | "rejected" | "granular" | "unknown";

/** SAF-41: how long a fine-grained token refused its own user is answered without asking GitLab again. */
export const GRANULAR_REFUSAL_MS = 5 * 60_000;

/** What the pool needs from the outside world: injected, so tests run on a fake clock and fake GitLab. */
export interface PoolDeps {
  now(): number;
  /** The GitLab client of a credential at an instance. */
  client(token: string, instance: string): GitLabApi;
  /** HTTP-10: one GET /user, 5 s, no retry. */
  verify(client: GitLabApi): Promise<Verdict>;
  /** SAF-25, SAF-32, CAT-19: what the credential may do and the instance tier; never rejects. */
  credential(client: GitLabApi): Promise<Credential>;
  /** RES-14: the buckets of an entry, or undefined when the limiter is off. */
  limiter(key: string): Limiter | undefined;
}

/** The pool's settings (GITLAB_MCP_MAX_HTTP_CLIENTS, _POOL_IDLE_TIMEOUT, _SESSION_REVALIDATE_INTERVAL). */
export interface PoolSettings {
  readonly capacity: number;
  readonly idleMs: number;
  /** 0 disables revalidation. */
  readonly revalidateMs: number;
}

/** One credential at one instance. */
export interface PoolEntry {
  readonly key: string;
  readonly instance: string;
  readonly token: string;
  readonly client: GitLabApi;
  credential: Promise<Credential>;
  user?: { id: number; username: string };
  readonly limiter?: Limiter;
  readonly createdAt: number;
  validatedAt: number;
  lastUsed: number;
  /** Requests of this entry in progress: an entry in use is evicted only when every entry is. */
  active: number;
}

/** What acquire() answers. */
export type Admission = { kind: "admitted"; entry: PoolEntry; fresh: boolean } | { kind: "rejected"; key: string } | { kind: "granular"; key: string };

/** Least recently used first: a Map keeps insertion order, and every use re-inserts the entry. */
export class CredentialPool {
  private readonly entries = new Map<string, PoolEntry>();
  /** Admissions in progress, so concurrent first requests of one credential verify it once. */
  private readonly pending = new Map<string, Promise<Admission>>();
  /** SAF-41: credentials refused their own user for want of a fine-grained permission, until when. */
  private readonly granular = new Map<string, number>();

  constructor(
    private readonly settings: PoolSettings,
    private readonly deps: PoolDeps,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The entry of a credential, admitting or revalidating it first when needed. */
  acquire(token: string, instance: string): Promise<Admission> {
    const key = poolKey(token, instance);
    const running = this.pending.get(key);
    // A request that joins another's admission still counts as a use of the entry.
    if (running) return running.then((a) => (a.kind === "admitted" ? (this.touch(a.entry), { ...a, fresh: false }) : a));
    const admission = this.resolve(key, token, instance).finally(() => this.pending.delete(key));
    this.pending.set(key, admission);
    return admission;
  }

  /** Marks the end of a request that acquired the entry. */
  release(entry: PoolEntry): void {
    entry.active = Math.max(0, entry.active - 1);
    entry.lastUsed = this.deps.now();
  }

  /** Reclaims idle entries now (a timer calls this, so an idle process does not keep tokens for long). */
  sweep(): void {
    this.reclaimIdle(this.deps.now());
  }

  private async resolve(key: string, token: string, instance: string): Promise<Admission> {
    const now = this.deps.now();
    this.reclaimIdle(now);
    const until = this.granular.get(key);
    if (until !== undefined && now < until) return { kind: "granular", key };
    if (until !== undefined) this.granular.delete(key);
    let entry = this.entries.get(key);
    if (entry && this.settings.revalidateMs === 0 && now - entry.createdAt >= MAX_ENTRY_AGE_MS) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (entry && this.settings.revalidateMs > 0 && now - entry.validatedAt >= this.settings.revalidateMs) {
      // HTTP-13: user and scopes are read again; a revoked token loses its entry and this request is refused.
      const verdict = await this.deps.verify(entry.client);
      if (verdict === "rejected" || verdict === "granular") {
        this.entries.delete(key);
        if (verdict === "granular") this.granular.set(key, this.deps.now() + GRANULAR_REFUSAL_MS);
        return verdict === "granular" ? { kind: "granular", key } : { kind: "rejected", key };
      }
      if (verdict !== "unknown") {
        entry.user = verdict.user;
        // What cannot be read now keeps what was learned before: a GitLab hiccup at revalidation must
        // not widen a read_api token's catalog nor forget a judged grant (SAF-29, SAF-32).
        const previous = entry.credential;
        entry.credential = Promise.all([previous, this.deps.credential(entry.client)]).then(([before, next]) => relearned(before, next));
      }
      entry.validatedAt = this.deps.now();
    }
    if (entry) {
      this.touch(entry);
      return { kind: "admitted", entry, fresh: false };
    }
    const client = this.deps.client(token, instance);
    const verdict = await this.deps.verify(client);
    if (verdict === "granular") this.granular.set(key, this.deps.now() + GRANULAR_REFUSAL_MS);
    if (verdict === "granular") return { kind: "granular", key };
    if (verdict === "rejected") return { kind: "rejected", key };
    const at = this.deps.now();
    entry = {
      key,
      instance,
      token,
      client,
      // Read once per credential, from its admission on; every session of the credential shares it.
      credential: this.deps.credential(client),
      ...(verdict !== "unknown" ? { user: verdict.user } : {}),
      limiter: this.deps.limiter(key),
      createdAt: at,
      validatedAt: at,
      lastUsed: at,
      active: 0,
    };
    this.makeRoom();
    this.entries.set(key, entry);
    this.touch(entry);
    return { kind: "admitted", entry, fresh: true };
  }

  private touch(entry: PoolEntry): void {
    entry.active += 1;
    entry.lastUsed = this.deps.now();
    this.entries.delete(entry.key);
    this.entries.set(entry.key, entry);
  }

  /** HTTP-13: at capacity, the least recently used idle entry goes; when none is idle, the least recently used. */
  private makeRoom(): void {
    while (this.entries.size >= this.settings.capacity) {
      let victim: string | undefined;
      for (const [key, e] of this.entries) {
        if (e.active === 0) {
          victim = key;
          break;
        }
      }
      this.entries.delete(victim ?? this.entries.keys().next().value!);
    }
  }

  private reclaimIdle(now: number): void {
    for (const [key, e] of this.entries) {
      if (now - e.lastUsed < this.settings.idleMs) break;
      if (e.active === 0) this.entries.delete(key);
    }
  }
}
