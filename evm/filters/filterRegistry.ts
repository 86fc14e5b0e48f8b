// Polled filters (eth_newFilter, eth_newBlockFilter, eth_newPendingTransactionFilter): shared by
// every client of the server, identified by random ids, answered by eth_getFilterChanges with
// what is new since the last poll, and dropped after `ttlMs` without a poll. Log and block filters
// remember the next height to report and query the chain when polled; pending-tx filters read one
// shared window of the most recent hashes the pending feed announced, each remembering how far it
// has read, so their memory does not grow with their number. The pool is shared, but each client
// (its remote address, see common/http/clientKey.ts) may hold only its share of it, so one client cannot
// take every slot and lock the others out.
import { randomBytes } from "node:crypto";
import type { BlockSource } from "../chain/blockSource.js";
import type { EvmNode } from "../chain/evmNode.js";
import { mapLimit } from "../chain/mapLimit.js";
import type { PendingTxs } from "../chain/pendingTxs.js";
import { data } from "../codec/hex.js";
import type { LogCriteria } from "../codec/logFilter.js";
import { CriteriaBudget } from "./criteriaBudget.js";
import { RpcCode, RpcError, serverError } from "../rpc/errors.js";
import { clientKey } from "../../common/http/clientKey.js";
import { CountsByKey } from "../../common/countsByKey.js";
import type { LogQuery } from "./logQuery.js";

export interface FilterLimits {
  /** Filters installed at once, all clients together. */
  maxFilters: number;
  /** Filters one client (remote address; an IPv6 /64) may hold at once. */
  maxFiltersPerClient: number;
  /** A filter not polled for this long is removed (geth: 5 minutes). */
  ttlMs: number;
  /** Pending tx hashes kept for the pending-tx filters (all together); a filter polled later misses the older. */
  maxPendingQueue: number;
  /** Block hashes one poll of a block filter returns (the most recent ones). */
  maxBlockHashes: number;
}

export const DEFAULT_FILTER_LIMITS: FilterLimits = {
  maxFilters: 1000,
  maxFiltersPerClient: 100,
  ttlMs: 5 * 60_000,
  maxPendingQueue: 10_000,
  maxBlockHashes: 1000,
};

/** `polling`: the poll under way; the next waits for it (two at once would report the same blocks twice). */
type ChainFilter = { client: string; next: bigint; lastPoll: number; polling: Promise<unknown> } & (
  { kind: "logs"; criteria: LogCriteria; release: () => void } | { kind: "blocks" }
);

/** `read`: the sequence number of the last pending hash this filter reported. */
type Filter = ChainFilter | { kind: "pending"; client: string; read: number; lastPoll: number };

export class FilterRegistry {
  private readonly filters = new Map<string, Filter>();
  /** Filters installed per client key; a client with none has no entry. */
  private readonly perClient = new CountsByKey();
  private sweeper: NodeJS.Timeout | undefined;
  /** The most recent pending tx hashes, oldest first; the last one's sequence number is `pendingSeq`. */
  private readonly pendingHashes: string[] = [];
  private pendingSeq = 0;
  private pendingFilters = 0;
  /** Ends the pending feed's listener, which runs while any pending-tx filter exists. */
  private stopPendingFeed: (() => void) | undefined;

  /** The addresses and topics log filters list, shared with the subscriptions (criteriaBudget.ts). */
  private readonly budget: CriteriaBudget;

  constructor(
    private readonly deps: { node: EvmNode; blocks: BlockSource; pending: PendingTxs; logs: LogQuery; budget?: CriteriaBudget },
    private readonly limits: FilterLimits = DEFAULT_FILTER_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.budget = deps.budget ?? new CriteriaBudget();
  }

  /** `remoteAddress`: the requesting socket's, which decides whose share the filter counts against. */
  async newLogFilter(criteria: LogCriteria, remoteAddress?: string): Promise<string> {
    const client = this.checkRoom(remoteAddress);
    const next = (await this.deps.node.committedHeight()) + 1n;
    // Checked again: other requests of this client may have taken its room while the height was read.
    this.checkRoom(remoteAddress);
    const release = this.budget.reserve(client, criteria);
    return this.add({ kind: "logs", client, criteria, release, next, lastPoll: this.now(), polling: Promise.resolve() });
  }

  async newBlockFilter(remoteAddress?: string): Promise<string> {
    const client = this.checkRoom(remoteAddress);
    const next = (await this.deps.node.committedHeight()) + 1n;
    this.checkRoom(remoteAddress);
    return this.add({ kind: "blocks", client, next, lastPoll: this.now(), polling: Promise.resolve() });
  }

  newPendingTxFilter(remoteAddress?: string): string {
    const client = this.checkRoom(remoteAddress);
    this.stopPendingFeed ??= this.deps.pending.listen((tx) => {
      this.pendingHashes.push(data(tx.hash));
      this.pendingSeq++;
      if (this.pendingHashes.length > this.limits.maxPendingQueue) this.pendingHashes.shift();
    });
    this.pendingFilters++;
    return this.add({ kind: "pending", client, read: this.pendingSeq, lastPoll: this.now() });
  }

  /** What is new for filter `id` since its last poll. */
  async changes(id: string): Promise<unknown[]> {
    const f = this.get(id);
    f.lastPoll = this.now();
    if (f.kind === "pending") {
      const unread = Math.min(this.pendingSeq - f.read, this.pendingHashes.length);
      f.read = this.pendingSeq;
      return this.pendingHashes.slice(this.pendingHashes.length - unread);
    }
    const poll = f.polling.then(() => this.chainChanges(f));
    f.polling = poll.catch(() => undefined);
    return poll;
  }

  /** A log or block filter's news: the blocks from its next height to the latest. */
  private async chainChanges(f: ChainFilter): Promise<unknown[]> {
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

  /** Filters the client at `remoteAddress` holds (for tests and metrics). */
  heldBy(remoteAddress?: string): number {
    return this.perClient.get(clientKey(remoteAddress));
  }

  /** Throws unless both the pool and the client's share have room; returns the client's key. */
  private checkRoom(remoteAddress: string | undefined): string {
    this.sweep();
    const client = clientKey(remoteAddress);
    if (this.perClient.get(client) >= this.limits.maxFiltersPerClient)
      throw new RpcError(
        RpcCode.limitExceeded,
        `too many filters installed by this client (at most ${this.limits.maxFiltersPerClient}); uninstall some with eth_uninstallFilter`,
      );
    if (this.filters.size >= this.limits.maxFilters)
      throw new RpcError(RpcCode.limitExceeded, `too many filters installed (at most ${this.limits.maxFilters}); uninstall some with eth_uninstallFilter`);
    return client;
  }

  private add(f: Filter): string {
    const id = `0x${randomBytes(16).toString("hex")}`;
    this.filters.set(id, f);
    this.perClient.add(f.client);
    return id;
  }

  private get(id: string): Filter {
    const f = this.filters.get(id);
    if (!f || this.now() - f.lastPoll > this.limits.ttlMs) throw serverError("filter not found");
    return f;
  }

  private remove(id: string, f: Filter): void {
    this.filters.delete(id);
    if (f.kind === "logs") f.release();
    this.perClient.remove(f.client);
    if (f.kind !== "pending" || --this.pendingFilters > 0) return;
    // The last pending-tx filter is gone: stop listening (the mempool scan stops with it).
    this.stopPendingFeed?.();
    this.stopPendingFeed = undefined;
    this.pendingHashes.length = 0;
  }
}
