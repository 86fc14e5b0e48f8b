// CheckTx while a block executes. The app answers ABCI requests one at a time (serial.ts), and a
// FinalizeBlock of hundreds of EVM txs holds the thread for half a second: every CheckTx that
// arrived meanwhile waited, the JSON-RPC server and CometBFT's RPC idled with it, and the mempool
// filled only in what was left of each block interval. As the SDK runs CheckTx beside
// FinalizeBlock, FinalizeBlock here opens a window now and then between two of its txs: it lets
// the event loop poll once, and the CheckTx requests that arrive in it run at once, up to a budget.
//
// CheckTx works on the mempool's check state, a branch of the last committed state that
// FinalizeBlock neither reads nor writes (its own branch is written only at Commit), so a block's
// results and app hash are the same with or without CheckTx in its windows; the windows change
// only when a CheckTx is answered. Bounds:
//   - a window comes only after the block has run at least twice as long as the window before it
//     lasted (and at least `minWorkMs`), so windows stretch a block by at most half, whatever the
//     event loop did in them (gRPC calls are served there too);
//   - a CheckTx starts in a window only while its budget lasts; later ones wait, in order, for the
//     next window or for the block's end, before anything queued after FinalizeBlock (Commit).
// The clock decides only when windows open, never what a tx does.
import { performance } from "node:perf_hooks";

export interface CheckTxWindowOptions {
  /** The block's own work before its first window, and at least between two windows, in ms. */
  minWorkMs: number;
  /** How long CheckTx requests may keep starting once a window opens, in ms. */
  budgetMs: number;
}

/**
 * A window every 4 ms of the block's work. While a block runs, the app's thread holds one core and
 * the other is half idle (the sends wait for windows); between blocks both are busy. Frequent
 * windows move the admission pipeline's work (CometBFT, the JSON-RPC server) into the block, where
 * a core is free: the ERC-20 load committed ~6 % more at 8 ms than at 16, and at 4 ms ~10 % more
 * than at 8 in a slow phase of the machine (level in a fast one), and no more at 2
 * (bench/RESULTS.md, round 44). A loaded block runs up to half longer for it, the bound below.
 */
export const DEFAULT_CHECK_TX_WINDOWS: CheckTxWindowOptions = { minWorkMs: 4, budgetMs: 2 };

export class CheckTxWindows {
  private blockRunning = false;
  private windowOpen = false;
  private windowEnds = 0;
  private nextWindowAt = 0;
  /** CheckTx requests past a window's budget, in arrival order. */
  private readonly parked: Array<() => void> = [];

  constructor(private readonly options: CheckTxWindowOptions = DEFAULT_CHECK_TX_WINDOWS) {}

  /**
   * Runs a block's execution; it awaits `between()` after each tx, which opens a window when one
   * is due (otherwise it returns undefined and costs no turn of the event loop).
   */
  async duringBlock<T>(execute: (between: () => Promise<void> | undefined) => Promise<T>): Promise<T> {
    this.blockRunning = true;
    this.nextWindowAt = performance.now() + this.options.minWorkMs;
    try {
      return await execute(() => (performance.now() < this.nextWindowAt ? undefined : this.window()));
    } finally {
      this.blockRunning = false;
      // Still inside the block's turn of the serial queue: they run before anything queued after it.
      this.runParked(Infinity);
    }
  }

  /**
   * Runs `check` during the block when a window is open (or parks it for the next one); undefined
   * when no block is executing, and the caller queues it as every other request.
   */
  admit<T>(check: () => T): Promise<T> | undefined {
    if (!this.blockRunning) return undefined;
    if (this.windowOpen && this.parked.length === 0 && performance.now() < this.windowEnds) return settle(check);
    return new Promise<T>((resolve, reject) => this.parked.push(() => settle(check).then(resolve, reject)));
  }

  /** Parked CheckTx requests, oldest first, while `until` (a performance.now() time) is ahead. */
  private runParked(until: number): void {
    while (this.parked.length > 0 && performance.now() < until) this.parked.shift()!();
  }

  private async window(): Promise<void> {
    const start = performance.now();
    this.windowOpen = true;
    this.windowEnds = start + this.options.budgetMs;
    this.runParked(this.windowEnds);
    // Two immediates: a block starts in a socket's data callback (the poll phase), and an immediate
    // set there runs before the loop polls again, so requests that arrived would not be read yet.
    await new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
    this.windowOpen = false;
    const end = performance.now();
    this.nextWindowAt = end + Math.max(this.options.minWorkMs, 2 * (end - start));
  }
}

function settle<T>(check: () => T): Promise<T> {
  try {
    return Promise.resolve(check());
  } catch (err) {
    return Promise.reject(err);
  }
}
