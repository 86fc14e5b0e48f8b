// When the app's thread answers a query itself instead of handing it to a query worker. A worker
// costs a query two thread hops (the request to the worker, the answer back), about a quarter of
// an eth_call's millisecond on a small machine, where the call itself runs in a third of one
// (docs/queries.md). The thread may answer a method itself when three things hold:
//   - the method bounds its inline run: given QueryContext.inline, its handler keeps within limits
//     that hold any run to a few milliseconds (for eth_call, app/modules/evm/tx/inlineGuards.ts)
//     and throws InlineLimitError past them, and the query goes to the workers after all;
//   - the thread is not busy: over the last window, its other work (ABCI requests, blocks, the
//     gRPC server, inline runs that went over their limits or took longer than LONG_RUN_MS) took
//     less than BUSY_SHARE of it.
//     Under a block load the queries go to the workers, which run on other cores;
//   - few queries wait: inline queries start within TURN_MS of a turn of the event loop, then the
//     loop turns, so ABCI requests and I/O run between two such spans; the rest wait for later
//     turns, in arrival order, and past MAX_WAITING waiting, queries go to the workers.
import { performance } from "node:perf_hooks";
import { GrpcCode } from "../../common/errors.js";
import { QueryError } from "../../common/grpc/queryError.js";

/** Thrown by a handler running inline when its query needs more than the thread gives one: a worker answers it. */
export class InlineLimitError extends QueryError {
  constructor(what: string) {
    // The status only matters if it ever reached a caller; the executor hands the query on instead.
    super(GrpcCode.RESOURCE_EXHAUSTED, `the query needs more than the app's thread runs itself (${what})`);
  }
}

/** The span over which the thread's other work is measured. */
export const WINDOW_MS = 200;
/** The thread's share of other work in a window past which queries go to the workers. */
export const BUSY_SHARE = 0.5;
/** Inline queries waiting for their turn past which new ones go to the workers. */
export const MAX_WAITING = 8;
/** Inline work per turn of the event loop: queries start within it, then the loop turns. */
export const TURN_MS = 2;
/** An answered run longer than this still counts as the thread's other work: runs that hold the thread close the gate. */
export const LONG_RUN_MS = 5;

export interface InlineGateOptions {
  /** Milliseconds, monotonic; tests replace it. */
  now?: () => number;
  /** The event loop's busy milliseconds since the process started; tests replace it. */
  busyMs?: () => number;
}

const eventLoopBusyMs = () => performance.eventLoopUtilization().active;

export class InlineGate {
  private readonly now: () => number;
  private readonly busyMs: () => number;
  private windowStart: number;
  private busyAtWindowStart: number;
  /** Time this window's inline runs took that ended with an answer. */
  private answeredMs = 0;
  private busy = false;
  /** An inline run is under way (or about to start: handed its turn). */
  private running = false;
  /** When this turn's inline work began; undefined once the loop has turned. */
  private turnStart: number | undefined;
  /** Queries waiting for a turn, in arrival order. */
  private readonly waiting: (() => void)[] = [];
  /** Queries answered inline, and handed to the workers after an inline run went over its limits. */
  readonly counts = { answered: 0, handedOver: 0 };

  constructor(options: InlineGateOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    this.busyMs = options.busyMs ?? eventLoopBusyMs;
    this.windowStart = this.now();
    this.busyAtWindowStart = this.busyMs();
  }

  /** Whether a query may run inline now. */
  admits(): boolean {
    this.roll();
    return !this.busy && this.waiting.length < MAX_WAITING;
  }

  /**
   * Runs `work` once no other inline run is under way, now if this turn has time left and no
   * query waits, else on a later turn. Its answer, or its error; an InlineLimitError is thrown on
   * for the caller to hand the query over, and the run's time counts as the thread's other work.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    // One at a time: runs started together would interleave at their awaits, each one's time
    // then counting the others' against its limit.
    if (this.running || this.waiting.length > 0 || !this.enterTurn()) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running = true;
    const start = this.now();
    try {
      const answer = await work();
      const took = this.now() - start;
      if (took <= LONG_RUN_MS) this.answeredMs += took;
      this.counts.answered++;
      return answer;
    } catch (err) {
      if (err instanceof InlineLimitError) this.counts.handedOver++;
      else this.answeredMs += this.now() - start;
      throw err;
    } finally {
      this.running = false;
      this.startNext();
    }
  }

  /** Starts the next waiting query if this turn has time left (or the loop has turned since). */
  private startNext(): void {
    if (this.running || this.waiting.length === 0 || !this.enterTurn()) return;
    // Taken now, so that nothing else starts before the waiting query's continuation runs.
    this.running = true;
    this.waiting.shift()!();
  }

  /** Whether inline work may start in this turn: a new turn begins if the loop has turned since the last. */
  private enterTurn(): boolean {
    if (this.turnStart === undefined) {
      this.turnStart = this.now();
      setImmediate(this.endTurn);
      return true;
    }
    return this.now() - this.turnStart < TURN_MS;
  }

  /** The loop turned (pending I/O, ABCI requests among it, ran): the next waiting query starts a turn. */
  private readonly endTurn = (): void => {
    this.turnStart = undefined;
    this.startNext();
  };

  /** Judges the window that ended, if one did, and starts the next. */
  private roll(): void {
    const now = this.now();
    const elapsed = now - this.windowStart;
    if (elapsed < WINDOW_MS) return;
    const busy = this.busyMs();
    const other = busy - this.busyAtWindowStart - this.answeredMs;
    this.busy = other > BUSY_SHARE * elapsed;
    this.windowStart = now;
    this.busyAtWindowStart = busy;
    this.answeredMs = 0;
  }
}
