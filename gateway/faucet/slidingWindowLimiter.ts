// Rate limiting by key (an address, an IP) over a sliding window: at most `limit` grants in any
// `windowMs` span. Time comes from an injected clock so tests can move it.
//
// Memory stays bounded and so does each request's work, whatever the number of keys: the map of
// keys is kept in the order of their latest grant (a grant moves its key to the end), so the keys
// whose grants all expired are at the front. Each grant drops at most SWEEP_PER_GRANT of them from
// the front, and past `maxKeys` forgets the key granted longest ago; a key's own expired grants are
// dropped whenever it is visited. A client rotating addresses therefore costs the same per request
// at a million keys as at ten.

export interface SlidingWindowOptions {
  limit: number;
  windowMs: number;
  /** Milliseconds; defaults to Date.now. */
  now?: () => number;
  /** Most keys tracked; past it the key granted longest ago is forgotten (default 100 000). */
  maxKeys?: number;
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Expired keys dropped per grant at most. More than one, so the expired drain faster than new keys
 * arrive; small, so no one request pays for a whole window's worth of keys expiring at once.
 */
const SWEEP_PER_GRANT = 64;

export class SlidingWindowLimiter {
  /** Each key's grants in the window, oldest first; keys ordered by their latest grant. */
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
    // Deleted and set again, so the key moves to the end: the map stays ordered by latest grant.
    this.hits.delete(key);
    this.hits.set(key, live);
    this.sweep(now);
  }

  /**
   * Takes back the most recent grant of `key`, for a request that failed through no fault of the
   * caller. The key keeps its place in the order; it is at most a little late to be swept.
   */
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

  /** A bounded step: a few expired keys from the front, then the longest-granted past the bound. */
  private sweep(now: number): void {
    const cutoff = now - this.options.windowMs;
    let dropped = 0;
    for (const [key, stamps] of this.hits) {
      // The front key's latest grant is the oldest of all: once it is live, all after it are too.
      if (dropped >= SWEEP_PER_GRANT || stamps[stamps.length - 1]! > cutoff) break;
      this.hits.delete(key);
      dropped++;
    }
    // Still too many live keys (someone rotating IPs or addresses): forget the one granted longest
    // ago. Failing open for a few keys is better than growing without bound.
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) break;
      this.hits.delete(key);
    }
  }
}
