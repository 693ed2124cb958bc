// Authentication failure budgets (BEHAVIOR §9.8), per client address, in this process's memory. The
// Redis store (redis.ts) keeps the same budgets for several replicas with the same rules.
//
// HTTP-22: an address may be refused GITLAB_MCP_AUTH_FAILURE_LIMIT times in a window (fixed, starting
// at its first refusal); its next attempt, and every one until the window ends, answers 429.
// HTTP-23: an address that has been refused GITLAB_MCP_AUTH_DISTINCT_TOKEN_LIMIT distinct credentials
// in its window is blocked for 1 minute, then 10, then 60 on repeats (strikes are remembered a day).

/** The budgets' settings. */
export interface BudgetSettings {
  readonly failureLimit: number;
  readonly failureWindowMs: number;
  readonly distinctLimit: number;
  readonly distinctWindowMs: number;
}

/** What the HTTP door asks before it examines a credential, and tells after GitLab refused one. */
export interface AuthBudget {
  /** Milliseconds the address is still blocked for; 0 when it may try. */
  blockedFor(address: string): Promise<number>;
  /** Records a refused credential, named by its pool hash (never the token). */
  refused(address: string, credential: string): Promise<void>;
}

/** HTTP-23: the block lengths of the first, second and later strikes. */
export const BLOCK_STEPS_MS = [60_000, 600_000, 3_600_000] as const;
/** How long strikes are remembered. */
export const STRIKE_MEMORY_MS = 24 * 3_600_000;
/** Past this many addresses, expired records are swept. */
const SWEEP_AT = 10_000;

interface AddressRecord {
  failures: number;
  failuresUntil: number;
  credentials: Set<string>;
  credentialsUntil: number;
  blockedUntil: number;
  strikes: number;
  strikesUntil: number;
}

/** The budgets of one process. */
export class MemoryAuthBudget implements AuthBudget {
  private readonly byAddress = new Map<string, AddressRecord>();

  constructor(
    private readonly settings: BudgetSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async blockedFor(address: string): Promise<number> {
    return this.blockedNow(address);
  }

  /** The synchronous check, for the Redis store's fallback while Redis is unreachable. */
  blockedNow(address: string): number {
    const r = this.byAddress.get(address);
    if (!r) return 0;
    const now = this.now();
    const byFailures = r.failures >= this.settings.failureLimit && r.failuresUntil > now ? r.failuresUntil - now : 0;
    return Math.max(byFailures, r.blockedUntil - now, 0);
  }

  async refused(address: string, credential: string): Promise<void> {
    this.refusedNow(address, credential);
  }

  refusedNow(address: string, credential: string): void {
    const now = this.now();
    if (this.byAddress.size >= SWEEP_AT) this.sweep(now);
    let r = this.byAddress.get(address);
    if (!r) {
      r = { failures: 0, failuresUntil: 0, credentials: new Set(), credentialsUntil: 0, blockedUntil: 0, strikes: 0, strikesUntil: 0 };
      this.byAddress.set(address, r);
    }
    if (r.failuresUntil <= now) [r.failures, r.failuresUntil] = [0, now + this.settings.failureWindowMs];
    r.failures += 1;
    if (r.credentialsUntil <= now) [r.credentials, r.credentialsUntil] = [new Set(), now + this.settings.distinctWindowMs];
    r.credentials.add(credential);
    if (r.credentials.size >= this.settings.distinctLimit) {
      if (r.strikesUntil <= now) r.strikes = 0;
      r.strikes += 1;
      r.strikesUntil = now + STRIKE_MEMORY_MS;
      r.blockedUntil = now + BLOCK_STEPS_MS[Math.min(r.strikes, BLOCK_STEPS_MS.length) - 1];
      [r.credentials, r.credentialsUntil] = [new Set(), 0];
    }
  }

  private sweep(now: number): void {
    for (const [address, r] of this.byAddress) {
      if (r.failuresUntil <= now && r.credentialsUntil <= now && r.blockedUntil <= now && r.strikesUntil <= now) this.byAddress.delete(address);
    }
  }
}
