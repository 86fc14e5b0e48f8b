// Pruning's deletions between blocks: a Commit that prunes only moves the earliest readable height
// (app/store/store.ts), and the rows it made unreadable go here, one bounded step at a time.
import type { Logger } from "pino";
import type { SerialQueue } from "./serial.js";
import type { Store } from "./store/index.js";

/**
 * Runs `store.pruneStep()` until nothing is pending, each step queued behind the ABCI work already
 * waiting (`serial`), so a block or a CheckTx waits for at most one step (a few milliseconds), and
 * each in a macrotask of its own, so the sockets are read between steps.
 */
export class BackgroundPruner {
  private running = false;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly serial: SerialQueue,
    private readonly logger: Logger,
  ) {}

  /** Starts the steps if there is work and they are not running already. */
  kick(): void {
    if (this.running || this.stopped || !this.store.prunePending) return;
    this.running = true;
    this.next();
  }

  /** No step starts after this (the store is about to close). */
  stop(): void {
    this.stopped = true;
  }

  private next(): void {
    setImmediate(() => {
      this.serial
        .run(() => !this.stopped && this.store.pruneStep())
        .then(
          (more) => (more ? this.next() : (this.running = false)),
          (err: unknown) => {
            // What is left stays unreadable and is retried after the next Commit.
            this.running = false;
            this.logger.error({ err }, "pruning step failed");
          },
        );
    });
  }
}
