// Where the authorization proxy keeps its registrations, pending sign-ins, codes and token mappings:
// this process's memory by default, Redis when replicas share state (GITLAB_MCP_REDIS_URL). Every key is
// a SHA-256 of the secret it stands for (a client ID, a code, a token), never the secret, and every
// value that holds a GitLab token is sealed (AES-256-GCM) with a key derived from that same secret: the
// store alone lets nobody act as anyone. Every record expires.
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** The operations the proxy needs; `take` reads and deletes at once, so a code is used once across replicas. */
export interface OAuthStore {
  put(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | undefined>;
  take(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
}

/** The store of one process. */
export class MemoryOAuthStore implements OAuthStore {
  private readonly records = new Map<string, { value: string; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    if (this.records.size >= 100_000) this.sweep();
    this.records.set(key, { value, until: this.now() + ttlMs });
  }

  async get(key: string): Promise<string | undefined> {
    const r = this.records.get(key);
    if (r && r.until > this.now()) return r.value;
    if (r) this.records.delete(key);
    return undefined;
  }

  async take(key: string): Promise<string | undefined> {
    const value = await this.get(key);
    this.records.delete(key);
    return value;
  }

  async delete(key: string): Promise<void> {
    this.records.delete(key);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, r] of this.records) if (r.until <= now) this.records.delete(key);
  }
}

/** The key a secret is stored under: its kind and SHA-256, hex. */
export const keyOf = (kind: "client" | "signin" | "code" | "access" | "refresh", secret: string) => `${kind}:${createHash("sha256").update(secret).digest("hex")}`;

/** A random secret of 32 bytes, base64url, with a prefix naming what it is. */
export const newSecret = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;

/** SHA-256 of a secret, for comparing a client secret without keeping it. */
export const digest = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

const sealKey = (secret: string) => createHash("sha256").update(`gitlab-mcp-server seal\0${secret}`).digest();

/** Seals a record with a key only the holder of `secret` can derive. */
export function seal(secret: string, record: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(record), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** Opens a sealed record, or undefined when it was not sealed with this secret. */
export function unseal<T>(secret: string, sealed: string | undefined): T | undefined {
  if (sealed === undefined) return undefined;
  try {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", sealKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8")) as T;
  } catch {
    return undefined;
  }
}
