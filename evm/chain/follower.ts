// Follows the chain for the push-style APIs (newHeads and logs subscriptions, pending-tx feeds):
// polls the app's committed height and hands every new block, in order and once, to the block
// listeners; and while anyone listens for pending txs, scans the mempool. It does nothing but poll
// the height while nobody listens.
import type { Logger } from "pino";
import type { BlockSource } from "./blockSource.js";
import type { ChainBlock } from "./chainBlock.js";
import type { EvmNode } from "./evmNode.js";
import type { PendingTxs } from "./pendingTxs.js";

export interface FollowerOptions {
  intervalMs: number;
  /** After an outage, at most this many missed blocks are delivered; older ones are skipped. */
  maxCatchUp: number;
}

export class ChainFollower {
  private readonly listeners = new Set<(block: ChainBlock) => void>();
  /** The last height delivered; undefined while nobody listens, until the feed starts. */
  private last: bigint | undefined;
  /** Bumped whenever the feed stops (no listeners left), so a poll under way cannot revive it. */
  private epoch = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private lastError = "";

  constructor(
    private readonly node: EvmNode,
    private readonly blocks: BlockSource,
    private readonly pending: PendingTxs,
    private readonly options: FollowerOptions,
    private readonly logger: Logger,
  ) {}

  /** Calls `listener` with each block committed from now on; returns the unsubscribe function. */
  onBlock(listener: (block: ChainBlock) => void): () => void {
    this.listeners.add(listener);
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      // With nobody listening nothing is delivered, so the next listener starts from its own now.
      this.last = undefined;
      this.epoch++;
    };
  }

  /**
   * Starts the feed at the current committed height if it is not running, so a listener that has
   * just subscribed hears of every block after its subscription, not only of those after the
   * next poll. Never fails: if the node cannot answer, the next poll starts the feed.
   */
  async prime(): Promise<void> {
    if (this.last !== undefined) return;
    const epoch = this.epoch;
    try {
      const height = await this.node.committedHeight();
      if (this.epoch === epoch && this.last === undefined && this.listeners.size > 0) this.last = height;
    } catch {
      // the next poll starts the feed
    }
  }

  /** Whether anyone listens for blocks. */
  get listening(): boolean {
    return this.listeners.size > 0;
  }

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick().finally(() => this.schedule()), this.options.intervalMs);
    this.timer.unref();
  }

  /** One poll; public so tests can drive it without timers. */
  async tick(): Promise<void> {
    try {
      if (this.listeners.size > 0) await this.deliverNewBlocks();
      await this.pending.scan();
      this.lastError = "";
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      // One line per distinct failure, not one per poll while the node is down.
      if (message !== this.lastError) this.logger.warn({ err: message }, "following the chain failed; retrying");
      this.lastError = message;
    }
  }

  private async deliverNewBlocks(): Promise<void> {
    const epoch = this.epoch;
    const height = await this.node.committedHeight();
    if (this.epoch !== epoch) return;
    if (this.last === undefined) {
      this.last = height;
      return;
    }
    if (height - this.last > BigInt(this.options.maxCatchUp)) this.last = height - BigInt(this.options.maxCatchUp);
    while (this.last !== undefined && this.last < height) {
      const block = await this.blocks.byHeight(this.last + 1n);
      // The feed stopped while the block was fetched: a later listener starts from its own now.
      if (this.epoch !== epoch || this.last === undefined) return;
      if (!block) return; // not readable yet: the next poll retries
      this.last = block.height;
      for (const listener of [...this.listeners]) {
        try {
          listener(block);
        } catch (err) {
          this.logger.error({ err }, "a block listener failed");
        }
      }
    }
  }
}
