// What several replicas share (GITLAB_MCP_REDIS_URL): the per-credential rate-limit buckets (RES-14)
// and the authentication failure budgets (§9.8). Everything else a replica holds (the credential pool,
// learned scopes) is a cache that any replica rebuilds, so a client needs no sticky session.
//
// Each operation is one Lua script, so two replicas cannot both take the last token; the clock is
// Redis's own (TIME), so replicas whose clocks drift still agree. Keys are namespaced under
// `gitlab-mcp:` and always expire. Credentials appear only as their pool hash, addresses as given.
//
//   gitlab-mcp:rl:{<pool hash>}:<call|list|complete>  hash {tokens, ts}   expires when the bucket is full again
//   gitlab-mcp:auth:{<address>}:fail                  counter            expires with the failure window
//   gitlab-mcp:auth:{<address>}:creds                 set of pool hashes expires with the distinct window
//   gitlab-mcp:auth:{<address>}:block                 flag               expires when the block ends
//   gitlab-mcp:auth:{<address>}:strikes               counter            expires a day after the last block
//   gitlab-mcp:oauth:<kind>:<sha256 of the secret>    sealed record      the authorization proxy's (oauth/store.ts)
//
// When Redis cannot be reached, each replica falls back to its own memory for both (fail-local, not
// open: the limits still hold per replica, only N replicas together allow up to N times as much) and
// logs a WARN at most once a minute. A Redis outage never refuses a request by itself.
import type { Redis as RedisClient } from "ioredis";
import type { Logger } from "../log.js";
import { chargeRate, RateLimiter, type Charge, type Limiter } from "../ratelimit.js";
import type { OAuthStore } from "./oauth/store.js";
import { BLOCK_STEPS_MS, MemoryAuthBudget, STRIKE_MEMORY_MS, type AuthBudget, type BudgetSettings } from "./authBudget.js";

const TAKE = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local v = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(v[1]) or burst
local ts = tonumber(v[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - ts) / 1000 * rate)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return ok`;

const BLOCKED_FOR = `
local f = tonumber(redis.call('GET', KEYS[1]) or '0')
local wait = 0
if f >= tonumber(ARGV[1]) then wait = redis.call('PTTL', KEYS[1]) end
local b = redis.call('PTTL', KEYS[2])
if b > wait then wait = b end
if wait < 0 then wait = 0 end
return wait`;

const REFUSED = `
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
redis.call('SADD', KEYS[2], ARGV[4])
if redis.call('PTTL', KEYS[2]) < 0 then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
if redis.call('SCARD', KEYS[2]) >= tonumber(ARGV[2]) then
  local strikes = redis.call('INCR', KEYS[4])
  redis.call('PEXPIRE', KEYS[4], ARGV[8])
  redis.call('SET', KEYS[3], '1', 'PX', ARGV[4 + math.min(strikes, 3)])
  redis.call('DEL', KEYS[2])
end
return 0`;

type Scripts = RedisClient & {
  mcpTake(key: string, rate: number, burst: number): Promise<number>;
  mcpBlockedFor(fail: string, block: string, limit: number): Promise<number>;
  mcpRefused(...args: (string | number)[]): Promise<number>;
};

/** The connection to Redis and the fallback used while it is unreachable. */
export class RedisStore {
  private lastWarn = -Infinity;
  private readonly fallbackLimiters = new Map<string, RateLimiter>();
  readonly fallbackBudget: MemoryAuthBudget;

  private constructor(
    private readonly redis: Scripts,
    private readonly log: Logger,
    budget: BudgetSettings,
  ) {
    this.fallbackBudget = new MemoryAuthBudget(budget);
  }

  /** Connects (ioredis is loaded only here, so a process without Redis never pays for it). */
  static async connect(url: string, log: Logger, budget: BudgetSettings): Promise<RedisStore> {
    const { Redis } = await import("ioredis");
    // No offline queue and no retry per command: while Redis is away a command fails at once and the
    // fallback answers, instead of the request waiting on a reconnection.
    const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2000, commandTimeout: 1000, retryStrategy: (n) => Math.min(n * 250, 5000) });
    redis.defineCommand("mcpTake", { numberOfKeys: 1, lua: TAKE });
    redis.defineCommand("mcpBlockedFor", { numberOfKeys: 2, lua: BLOCKED_FOR });
    redis.defineCommand("mcpRefused", { numberOfKeys: 4, lua: REFUSED });
    const store = new RedisStore(redis as Scripts, log, budget);
    redis.on("error", (e: Error) => store.warn("Redis is unreachable", e));
    redis.on("ready", () => log.info("connected to Redis: rate limits and authentication budgets are shared with other replicas"));
    // Wait briefly for the first connection so the first requests use it; a Redis that is down at
    // start does not stop the server (the fallback serves until it comes back).
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 3000);
      redis.once("ready", () => (clearTimeout(timer), resolve()));
    });
    return store;
  }

  /** RES-14: the shared buckets of one credential, named by its pool hash. */
  limiter(credential: string, rps: number, burst: number): Limiter {
    return {
      take: async (charge: Charge) => {
        try {
          return (await this.redis.mcpTake(`gitlab-mcp:rl:{${credential}}:${charge}`, chargeRate(rps, charge), burst)) === 1;
        } catch (e) {
          this.warn("Redis is unreachable: rate limits are kept in this replica's memory until it is back", e);
          let local = this.fallbackLimiters.get(credential);
          if (!local) {
            if (this.fallbackLimiters.size >= 10_000) this.fallbackLimiters.delete(this.fallbackLimiters.keys().next().value!);
            local = new RateLimiter(rps, burst);
            this.fallbackLimiters.set(credential, local);
          }
          return local.take(charge);
        }
      },
    };
  }

  /** §9.8: the shared failure budgets. */
  budget(settings: BudgetSettings): AuthBudget {
    const keys = (address: string) => ["fail", "creds", "block", "strikes"].map((k) => `gitlab-mcp:auth:{${address}}:${k}`);
    return {
      blockedFor: async (address) => {
        const [fail, , block] = keys(address);
        try {
          return Math.max(await this.redis.mcpBlockedFor(fail, block, settings.failureLimit), this.fallbackBudget.blockedNow(address));
        } catch (e) {
          this.warn("Redis is unreachable: authentication failure budgets are kept in this replica's memory until it is back", e);
          return this.fallbackBudget.blockedNow(address);
        }
      },
      refused: async (address, credential) => {
        try {
          await this.redis.mcpRefused(...keys(address), settings.failureWindowMs, settings.distinctLimit, settings.distinctWindowMs, credential, ...BLOCK_STEPS_MS, STRIKE_MEMORY_MS);
        } catch (e) {
          this.warn("Redis is unreachable: authentication failure budgets are kept in this replica's memory until it is back", e);
          this.fallbackBudget.refusedNow(address, credential);
        }
      },
    };
  }

  close(): Promise<void> {
    return this.redis.quit().then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * The authorization proxy's records (oauth/store.ts), under gitlab-mcp:oauth:<kind>:<sha256>. No
   * fallback: a sign-in or token that another replica cannot see would fail there, so while Redis is
   * away these operations fail and the proxy answers 503.
   */
  oauthStore(): OAuthStore {
    const k = (key: string) => `gitlab-mcp:oauth:${key}`;
    return {
      put: async (key, value, ttlMs) => void (await this.redis.set(k(key), value, "PX", Math.max(1, Math.ceil(ttlMs)))),
      get: async (key) => (await this.redis.get(k(key))) ?? undefined,
      take: async (key) => (await this.redis.getdel(k(key))) ?? undefined,
      delete: async (key) => void (await this.redis.del(k(key))),
    };
  }

  private warn(message: string, e: unknown): void {
    const now = Date.now();
    if (now - this.lastWarn < 60_000) return;
    this.lastWarn = now;
    this.log.warn(message, { error: e instanceof Error ? e.message : String(e) });
  }
}
