// Fault injection: queued overrides matched against each incoming request.
// A string path matches exactly the raw path below /api/v4 (for example
// "/projects/42/repository/branches"); for paths outside /api/v4 (GraphQL) it
// matches the whole raw path ("/api/graphql"). A RegExp is tested against the
// whole raw path. The query string never takes part. Faults are consumed in
// injection order; the first matching one wins and its `times` decreases.

export interface Fault {
  method?: string;
  path: string | RegExp;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Destroy the socket without answering. */
  reset?: boolean;
  /** How many requests this fault applies to; default 1, Infinity allowed. */
  times?: number;
}

interface QueuedFault {
  fault: Fault;
  remaining: number;
}

export class FaultQueue {
  private queue: QueuedFault[] = [];

  add(fault: Fault): void {
    const times = fault.times ?? 1;
    if (!(times > 0)) throw new Error("GitLabSimulator: fault.times must be positive");
    this.queue.push({ fault, remaining: times });
  }

  clear(): void {
    this.queue = [];
  }

  /** Returns (and consumes one use of) the first fault matching the request. */
  take(method: string, rawPath: string): Fault | undefined {
    const below = rawPath.startsWith("/api/v4/") ? rawPath.slice("/api/v4".length) : rawPath;
    const index = this.queue.findIndex(({ fault }) => {
      if (fault.method && fault.method.toUpperCase() !== method.toUpperCase()) return false;
      if (typeof fault.path === "string") return fault.path === below || fault.path === rawPath;
      fault.path.lastIndex = 0;
      return fault.path.test(rawPath);
    });
    if (index < 0) return undefined;
    const entry = this.queue[index];
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.queue.splice(index, 1);
    return entry.fault;
  }
}
