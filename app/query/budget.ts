// The compute budget of one long query (eth_call over 30M gas, an estimate's runs, a logs scan).
// The app serves CometBFT's ABCI connections and every query on one event loop, so a query that
// computes for seconds without a break stalls block production. A budgeted query calls tick()
// between small units of work and so computes in slices of SLICE_MS. Slices of all running queries
// take turns, one per turn of the event loop (pending ABCI requests and I/O run between two), so
// however many queries run, consensus waits at most one slice for them.
//
// The budget counts the query's own slices, not the turns it waits for: a query that runs next to
// three others is not stopped for sharing the thread. It is stopped once its slices add up to its
// timeout, or at its next tick after its caller has gone.
import { GrpcCode } from "../../common/errors.js";
import { QueryError } from "../../common/grpc/queryError.js";

/** How long a query computes before the event loop turns (and the next query's slice runs). */
export const SLICE_MS = 5;
/** tick() reads the clock on every TICKS_PER_CLOCK_READ-th call only: ticks come every few opcodes. */
const TICKS_PER_CLOCK_READ = 8;

export interface QueryBudgetOptions {
  /** Compute time the query may spend, in its slices. */
  timeoutMs: number;
  /** The error a query past its time fails with (e.g. geth's "execution aborted (timeout = 5s)"). */
  timedOut: () => Error;
  /** The caller's cancellation (a gRPC client that gave up): the query stops at its next tick. */
  signal?: AbortSignal;
  /** Milliseconds, monotonic; tests replace it. */
  now?: () => number;
  /** Read the clock at every tick instead of every TICKS_PER_CLOCK_READ-th: for a budget of a few milliseconds. */
  everyTick?: boolean;
}

export class QueryBudget {
  private readonly now: () => number;
  /** Compute time of the finished slices. */
  private spent = 0;
  private sliceStart: number;
  private ticks = 0;

  constructor(private readonly options: QueryBudgetOptions) {
    this.now = options.now ?? (() => performance.now());
    this.sliceStart = this.now();
  }

  /**
   * Between two small units of work. Undefined while the slice lasts; when it is over, a promise
   * that resolves when this query's next slice begins (it never rejects, so a caller that cannot
   * handle a rejection, an event listener, may wait on it). Throws, synchronously, once the budget
   * is spent or the caller has cancelled.
   */
  tick(): Promise<void> | undefined {
    if (++this.ticks % TICKS_PER_CLOCK_READ !== 0 && this.options.everyTick !== true) return undefined;
    return this.check();
  }

  /** As tick(), reading the clock now: for units of work too large to skip checks between. */
  check(): Promise<void> | undefined {
    const now = this.now();
    const used = this.spent + (now - this.sliceStart);
    if (this.options.signal?.aborted) throw new QueryError(GrpcCode.CANCELLED, "the query was cancelled by its caller");
    if (used >= this.options.timeoutMs) throw this.options.timedOut();
    if (now - this.sliceStart < SLICE_MS) return undefined;
    this.spent = used;
    return nextSlice().then(() => {
      this.sliceStart = this.now();
    });
  }
}

// The queries waiting for their next slice, in the order they paused; one resumes per turn of the
// event loop. (Each resuming on its own setImmediate would run every waiting query's slice in the
// same turn, and the first to pause would always go first.)
const waiting: (() => void)[] = [];
let turnScheduled = false;

function nextSlice(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!turnScheduled) {
      turnScheduled = true;
      setImmediate(nextTurn);
    }
  });
}

function nextTurn(): void {
  waiting.shift()?.();
  // Scheduled from inside a setImmediate callback, the next one runs on the next turn, after I/O.
  if (waiting.length > 0) setImmediate(nextTurn);
  else turnScheduled = false;
}
