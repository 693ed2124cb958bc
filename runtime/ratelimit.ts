// The server-side rate limiter (BEHAVIOR §6.5): token buckets per credential (HTTP) or per process
// (stdio), so a runaway assistant cannot flood GitLab through this server. tools/call, resources/read,
// resources/subscribe and prompts/get share one bucket; tools/list has its own at a tenth of the rate;
// completion/complete its own at ten times the rate (RES-15).

/** A token bucket: `rate` tokens a second, at most `burst` saved up. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes one token; false when none is left. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.rate);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** What a request is charged to (RES-15). */
export type Charge = "call" | "list" | "complete";

/** What a session draws on: in-process buckets, or buckets that several replicas share (Redis). */
export interface Limiter {
  /** Takes one token from the charge's bucket; false when none is left. */
  take(charge: Charge): boolean | Promise<boolean>;
}

/** The rate of each bucket (RES-15). */
export const chargeRate = (rps: number, charge: Charge) => (charge === "list" ? rps / 10 : charge === "complete" ? rps * 10 : rps);

/** The buckets of one credential or process. */
export class RateLimiter implements Limiter {
  private readonly buckets: Record<Charge, TokenBucket>;

  constructor(rps: number, burst: number, now?: () => number) {
    const bucket = (charge: Charge) => new TokenBucket(chargeRate(rps, charge), burst, now);
    this.buckets = { call: bucket("call"), list: bucket("list"), complete: bucket("complete") };
  }

  take(charge: Charge): boolean {
    return this.buckets[charge].take();
  }
}

/** The RES-16 refusal of a tool call. */
export const rateLimitText = (what: string) => `rate limit exceeded for ${what}. Wait a moment and retry, or raise GITLAB_MCP_RATE_LIMIT_RPS if this is sustained traffic.`;

/** JSON-RPC error code of a refused method other than tools/call (RES-16). */
export const RATE_LIMITED = -42900;
