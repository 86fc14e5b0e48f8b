// eth_subscribe over WebSocket: newHeads (each new block's header), logs (each matching log of
// each new block, one notification per log, in chain order) and newPendingTransactions (hashes,
// or whole tx objects when asked). Subscriptions belong to their connection, are bounded per
// connection, and end with it.
import { randomBytes } from "node:crypto";
import type { ChainBlock } from "../chain/chainBlock.js";
import type { ChainFollower } from "../chain/follower.js";
import type { PendingTxs } from "../chain/pendingTxs.js";
import { data } from "../codec/hex.js";
import { logMatches, type LogCriteria } from "../codec/logFilter.js";
import { headerJson } from "../format/blockJson.js";
import { receiptLogs } from "../format/receiptJson.js";
import { txJson } from "../format/txJson.js";
import { RpcCode, RpcError } from "../rpc/errors.js";
import type { RpcConnection } from "../rpc/dispatcher.js";
import { CriteriaBudget } from "./criteriaBudget.js";
import { clientKey } from "../../common/http/clientKey.js";

export type SubscriptionRequest =
  { kind: "newHeads" } | { kind: "logs"; criteria: Pick<LogCriteria, "addresses" | "topics"> } | { kind: "newPendingTransactions"; fullTxs: boolean };

export class Subscriptions {
  private readonly byConnection = new Map<number, Map<string, () => void>>();
  /** The addresses and topics "logs" subscriptions list, shared with the polled filters (criteriaBudget.ts). */
  private readonly budget: CriteriaBudget;

  constructor(
    private readonly deps: { follower: ChainFollower; pending: PendingTxs; miner: Uint8Array; budget?: CriteriaBudget },
    private readonly maxPerConnection: number,
  ) {
    this.budget = deps.budget ?? new CriteriaBudget();
  }

  /** `remoteAddress`: the connection's socket's; its client's filters and subscriptions share one bound on what they list. */
  subscribe(conn: RpcConnection, request: SubscriptionRequest, remoteAddress?: string): string {
    const subs = this.subscriptionsOf(conn);
    if (subs.size >= this.maxPerConnection)
      throw new RpcError(
        RpcCode.limitExceeded,
        `too many subscriptions on this connection (at most ${this.maxPerConnection}); unsubscribe some with eth_unsubscribe`,
      );
    const id = `0x${randomBytes(16).toString("hex")}`;
    const send = (result: unknown) => conn.notify("eth_subscription", { subscription: id, result });
    const release = request.kind === "logs" ? this.budget.reserve(clientKey(remoteAddress), request.criteria) : undefined;
    let stop: () => void;
    try {
      stop = this.start(request, send);
    } catch (err) {
      release?.();
      throw err;
    }
    subs.set(id, () => {
      stop();
      release?.();
    });
    // The block feed starts now rather than at the next poll: the subscriber misses no block.
    if (request.kind !== "newPendingTransactions") void this.deps.follower.prime();
    return id;
  }

  private subscriptionsOf(conn: RpcConnection): Map<string, () => void> {
    const existing = this.byConnection.get(conn.id);
    if (existing) return existing;
    const subs = new Map<string, () => void>();
    this.byConnection.set(conn.id, subs);
    conn.onClose(() => this.closeConnection(conn.id));
    // A connection already closed ran that cleanup at once: a listener added now would never end.
    if (this.byConnection.get(conn.id) !== subs) throw new RpcError(RpcCode.server, "the connection is closed");
    return subs;
  }

  unsubscribe(conn: RpcConnection, id: string): boolean {
    const stop = this.byConnection.get(conn.id)?.get(id);
    if (!stop) return false;
    stop();
    this.byConnection.get(conn.id)!.delete(id);
    return true;
  }

  /** Subscriptions open across all connections. */
  get size(): number {
    let n = 0;
    for (const subs of this.byConnection.values()) n += subs.size;
    return n;
  }

  private start(request: SubscriptionRequest, send: (result: unknown) => void): () => void {
    switch (request.kind) {
      case "newHeads": {
        // Headers are built asynchronously (trie roots); the chain keeps them in block order.
        let queue = Promise.resolve();
        return this.deps.follower.onBlock((block) => {
          queue = queue.then(async () => send(await headerJson(block, this.deps.miner))).catch(() => undefined);
        });
      }
      case "logs":
        return this.deps.follower.onBlock((block) => {
          for (const log of matchingLogs(block, request.criteria)) send(log);
        });
      case "newPendingTransactions":
        return this.deps.pending.listen((tx) => send(request.fullTxs ? txJson(tx.tx, tx.hash, tx.from, null) : data(tx.hash)));
    }
  }

  private closeConnection(id: number): void {
    for (const stop of this.byConnection.get(id)?.values() ?? []) stop();
    this.byConnection.delete(id);
  }
}

function matchingLogs(block: ChainBlock, criteria: Pick<LogCriteria, "addresses" | "topics">): unknown[] {
  return block.receipts.flatMap((r) =>
    receiptLogs(r, block.hash)
      .filter(({ log }) => logMatches(criteria, log))
      .map(({ json }) => json),
  );
}
