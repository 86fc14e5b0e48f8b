// Polled filters (eth_newFilter, eth_newBlockFilter, eth_newPendingTransactionFilter): shared by
// every client of the server, identified by random ids, answered by eth_getFilterChanges with
// what is new since the last poll, and dropped after `ttlMs` without a poll. Log and block filters
// remember the next height to report and query the chain when polled; pending-tx filters queue
// the hashes the pending feed announces (bounded: the oldest go first).
import { randomBytes } from "node:crypto";
import type { BlockSource } from "../chain/blockSource.js";
import type { EvmNode } from "../chain/evmNode.js";
import { mapLimit } from "../chain/mapLimit.js";
import type { PendingTxs } from "../chain/pendingTxs.js";
import { data } from "../codec/hex.js";
import type { LogCriteria } from "../codec/logFilter.js";
import { RpcCode, RpcError, serverError } from "../rpc/errors.js";
import type { LogQuery } from "./logQuery.js";

export interface FilterLimits {
  maxFilters: number;
  /** A filter not polled for this long is removed (geth: 5 minutes). */
  ttlMs: number;
  /** Hashes a pending-tx filter keeps between polls. */
  maxPendingQueue: number;
  /** Block hashes one poll of a block filter returns (the most recent ones). */
  maxBlockHashes: number;
}

export const DEFAULT_FILTER_LIMITS: FilterLimits = { maxFilters: 1000, ttlMs: 5 * 60_000, maxPendingQueue: 2000, maxBlockHashes: 1000 };

type Filter =
  | { kind: "logs"; criteria: LogCriteria; next: bigint; lastPoll: number }
  | { kind: "blocks"; next: bigint; lastPoll: number }
  | { kind: "pending"; queue: string[]; stop: () => void; lastPoll: number };

export class FilterRegistry {
  private readonly filters = new Map<string, Filter>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: { node: EvmNode; blocks: BlockSource; pending: PendingTxs; logs: LogQuery },
    private readonly limits: FilterLimits = DEFAULT_FILTER_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  async newLogFilter(criteria: LogCriteria): Promise<string> {
    this.checkRoom();
    return this.add({ kind: "logs", criteria, next: (await this.deps.node.committedHeight()) + 1n, lastPoll: this.now() });
  }

  async newBlockFilter(): Promise<string> {
    this.checkRoom();
    return this.add({ kind: "blocks", next: (await this.deps.node.committedHeight()) + 1n, lastPoll: this.now() });
  }

  newPendingTxFilter(): string {
    this.checkRoom();
    const queue: string[] = [];
    const stop = this.deps.pending.listen((tx) => {
      queue.push(data(tx.hash));
      if (queue.length > this.limits.maxPendingQueue) queue.shift();
    });
    return this.add({ kind: "pending", queue, stop, lastPoll: this.now() });
  }

  /** What is new for filter `id` since its last poll. */
  async changes(id: string): Promise<unknown[]> {
    const f = this.get(id);
    f.lastPoll = this.now();
    if (f.kind === "pending") return f.queue.splice(0, f.queue.length);
    const latest = await this.deps.node.committedHeight();
    const from = f.next;
    if (from > latest) return [];
    // The filter moves on only once its answer is ready: a failed poll is asked again next time.
    if (f.kind === "blocks") {
      const first = latest - from + 1n > BigInt(this.limits.maxBlockHashes) ? latest - BigInt(this.limits.maxBlockHashes) + 1n : from;
      const heights: bigint[] = [];
      for (let h = first; h <= latest; h++) heights.push(h);
      const hashes = await mapLimit(heights, 16, (h) => this.deps.blocks.hashOf(h));
      f.next = latest + 1n;
      return hashes.filter((h): h is Uint8Array => h !== undefined).map(data);
    }
    const { fromBlock, toBlock } = f.criteria;
    const lower = fromBlock?.kind === "number" && fromBlock.height > from ? fromBlock.height : from;
    const upper = toBlock?.kind === "number" && toBlock.height < latest ? toBlock.height : latest;
    let logs: unknown[] = [];
    if (lower <= upper) {
      // A filter left unpolled long enough to exceed the range bound gets the most recent blocks.
      const maxRange = BigInt(this.deps.logs.limits.maxBlockRange);
      logs = await this.deps.logs.range(f.criteria, upper - lower + 1n > maxRange ? upper - maxRange + 1n : lower, upper);
    }
    f.next = latest + 1n;
    return logs;
  }

  /** Every log the filter's criteria select (eth_getFilterLogs). */
  async logs(id: string): Promise<unknown[]> {
    const f = this.get(id);
    if (f.kind !== "logs") throw serverError("filter not found: not a log filter");
    f.lastPoll = this.now();
    return this.deps.logs.logs(f.criteria);
  }

  uninstall(id: string): boolean {
    const f = this.filters.get(id);
    if (!f) return false;
    this.remove(id, f);
    return true;
  }

  /** Drops the filters nobody polled within the time limit. */
  sweep(): void {
    const now = this.now();
    for (const [id, f] of this.filters) if (now - f.lastPoll > this.limits.ttlMs) this.remove(id, f);
  }

  start(intervalMs = 30_000): void {
    this.sweeper = setInterval(() => this.sweep(), intervalMs);
    this.sweeper.unref();
  }

  stop(): void {
    clearInterval(this.sweeper);
    for (const [id, f] of this.filters) this.remove(id, f);
  }

  get size(): number {
    return this.filters.size;
  }

  private checkRoom(): void {
    this.sweep();
    if (this.filters.size >= this.limits.maxFilters) throw new RpcError(RpcCode.limitExceeded, `too many filters installed (at most ${this.limits.maxFilters}); uninstall some with eth_uninstallFilter`);
  }

  private add(f: Filter): string {
    const id = `0x${randomBytes(16).toString("hex")}`;
    this.filters.set(id, f);
    return id;
  }

  private get(id: string): Filter {
    const f = this.filters.get(id);
    if (!f || this.now() - f.lastPoll > this.limits.ttlMs) throw serverError("filter not found");
    return f;
  }

  private remove(id: string, f: Filter): void {
    this.filters.delete(id);
    if (f.kind === "pending") f.stop();
  }
}
