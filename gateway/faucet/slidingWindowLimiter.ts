// Rate limiting by key (an address, an IP) over a sliding window: at most `limit` grants in any
// `windowMs` span. Time comes from an injected clock so tests can move it. Memory stays bounded:
// expired timestamps are dropped on every visit, idle keys are swept out when the map grows past
// `maxKeys`, and if it is still too big the oldest-tracked keys are forgotten.

export interface SlidingWindowOptions {
  limit: number;
  windowMs: number;
  /** Milliseconds; defaults to Date.now. */
  now?: () => number;
  /** Sweep idle keys when more than this many are tracked (default 100 000). */
  maxKeys?: number;
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly now: () => number;
  private readonly maxKeys: number;

  constructor(private readonly options: SlidingWindowOptions) {
    if (!Number.isSafeInteger(options.limit) || options.limit < 1) throw new Error(`rate limit must be a positive integer, got ${options.limit}`);
    if (!(options.windowMs > 0)) throw new Error(`rate limit window must be positive, got ${options.windowMs}`);
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  /** Whether `key` may have one more grant now, without recording it. */
  check(key: string): LimitDecision {
    const live = this.live(key, this.now());
    if (live.length < this.options.limit) return { allowed: true };
    // The oldest grant in the window leaves it first; then there is room for one more.
    return { allowed: false, retryAfterMs: Math.max(1, live[0]! + this.options.windowMs - this.now()) };
  }

  /** Records a grant for `key` (call after `check` allowed it). */
  record(key: string): void {
    const now = this.now();
    const live = this.live(key, now);
    live.push(now);
    this.hits.set(key, live);
    if (this.hits.size > this.maxKeys) this.sweep(now);
  }

  /** Takes back the most recent grant of `key`, for a request that failed through no fault of the caller. */
  release(key: string): void {
    const live = this.hits.get(key);
    if (!live) return;
    live.pop();
    if (live.length === 0) this.hits.delete(key);
  }

  /** Keys currently tracked (for tests and metrics). */
  get size(): number {
    return this.hits.size;
  }

  private live(key: string, now: number): number[] {
    const stamps = this.hits.get(key);
    if (!stamps) return [];
    const cutoff = now - this.options.windowMs;
    let expired = 0;
    while (expired < stamps.length && stamps[expired]! <= cutoff) expired++;
    if (expired > 0) stamps.splice(0, expired);
    if (stamps.length === 0) this.hits.delete(key);
    return stamps;
  }

  private sweep(now: number): void {
    for (const key of [...this.hits.keys()]) this.live(key, now);
    // Still too many live keys (someone rotating IPs or addresses): forget the oldest-tracked
    // ones. Failing open for a few keys is better than growing without bound.
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) break;
      this.hits.delete(key);
    }
  }
}
