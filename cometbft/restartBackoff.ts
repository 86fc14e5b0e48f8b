// When the supervisor restarts an API process (REST gateway, faucet, EVM JSON-RPC) after it exits:
// at once would spin on a process that cannot start (a bad flag, a port someone else took), never
// would leave the node without its API. So the delay doubles with each exit in a row, up to a cap,
// and starts over once a run lasted long enough to count as healthy.

export interface BackoffPolicy {
  /** Delay before the first restart. */
  initialMs: number;
  /** Largest delay, however many exits in a row. */
  maxMs: number;
  /** Each exit in a row multiplies the delay by this. */
  factor: number;
  /** A run at least this long was healthy: the next exit waits `initialMs` again. */
  resetAfterMs: number;
}

/** 1 s, 2 s, 4 s ... 30 s; a minute of uptime forgives the past. */
export const DEFAULT_RESTART_BACKOFF: BackoffPolicy = { initialMs: 1000, maxMs: 30_000, factor: 2, resetAfterMs: 60_000 };

/** The delay before restart number `attempt` (1 for the first exit in a row). */
export function backoffDelay(policy: BackoffPolicy, attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new Error(`restart attempt must be a positive integer, got ${attempt}`);
  // Stop multiplying once at the cap, so a long crash loop cannot overflow to Infinity.
  let delay = policy.initialMs;
  for (let i = 1; i < attempt && delay < policy.maxMs; i++) delay *= policy.factor;
  return Math.min(delay, policy.maxMs);
}

/** One child's restart history: how many exits in a row, hence how long to wait before the next start. */
export class RestartBackoff {
  private attempts = 0;

  constructor(private readonly policy: BackoffPolicy = DEFAULT_RESTART_BACKOFF) {
    if (!(policy.initialMs > 0 && policy.maxMs >= policy.initialMs && policy.factor >= 1 && policy.resetAfterMs > 0))
      throw new Error(`invalid restart backoff ${JSON.stringify(policy)}`);
  }

  /** Records an exit after a run of `ranMs` and returns which restart this is and how long to wait before it. */
  onExit(ranMs: number): { attempt: number; delayMs: number } {
    if (ranMs >= this.policy.resetAfterMs) this.attempts = 0;
    this.attempts++;
    return { attempt: this.attempts, delayMs: backoffDelay(this.policy, this.attempts) };
  }
}
