// Pruning's deletions between blocks: a Commit that prunes only moves the earliest readable height
// (app/store/store.ts), and the rows it made unreadable go here, a few milliseconds at a time.
import type { Logger } from "pino";
import type { SerialQueue } from "./serial.js";
import type { Store } from "./store/index.js";

/**
 * Steps one turn runs, until this much time has passed. Each turn waits behind the ABCI requests
 * already queued, so under a flood of CheckTx a turn comes only now and then: it should then do
 * more than one step's worth (the rows a second of blocks supersedes take ~50 ms a second here).
 */
const TURN_MS = 5;
/** A backlog of this many heights or more (keep-recent lowered, pruning turned on) is reported when it starts and ends. */
const REPORTED_BACKLOG = 100;

/**
 * Runs `store.pruneStep()` until nothing is pending, in turns queued behind the ABCI work already
 * waiting (`serial`), so a block or a CheckTx waits for at most one turn, and each in a macrotask
 * of its own, so the sockets are read between turns. When rows go changes nothing a block computes,
 * so the turns are timed by the wall clock.
 */
export class BackgroundPruner {
  private running = false;
  private stopped = false;
  /** The backlog being worked off and when that began, when it was long enough to report. */
  private reported: { heights: number; since: number } | undefined;

  constructor(
    private readonly store: Store,
    private readonly serial: SerialQueue,
    private readonly logger: Logger,
  ) {}

  /** Starts the turns if there is work and they are not running already. */
  kick(): void {
    if (this.running || this.stopped || !this.store.prunePending) return;
    this.running = true;
    const heights = this.store.pruneBacklog;
    if (heights >= REPORTED_BACKLOG && this.reported === undefined) {
      this.reported = { heights, since: performance.now() };
      this.logger.info({ heights }, "deleting the rows of pruned heights between blocks");
    }
    this.next();
  }

  /** No step starts after this (the store is about to close). */
  stop(): void {
    this.stopped = true;
  }

  private next(): void {
    setImmediate(() => {
      this.serial
        .run(() => this.turn())
        .then(
          (more) => (more ? this.next() : this.done()),
          (err: unknown) => {
            // What is left stays unreadable, and the next Commit starts the turns again.
            this.running = false;
            this.logger.error({ err }, "pruning step failed");
          },
        );
    });
  }

  /** Steps until TURN_MS have passed or nothing is left; whether anything is. */
  private turn(): boolean {
    const start = performance.now();
    let more = true;
    while (more && !this.stopped) {
      more = this.store.pruneStep();
      if (performance.now() - start >= TURN_MS) break;
    }
    return more && !this.stopped;
  }

  private done(): void {
    this.running = false;
    if (this.reported === undefined || this.stopped) return;
    const { heights, since } = this.reported;
    this.reported = undefined;
    this.logger.info({ heights, seconds: Math.round((performance.now() - since) / 100) / 10 }, "rows of pruned heights deleted");
  }
}
