// Ethereum txs waiting in the mempool. Those this server broadcast are remembered (bounded in
// count and bytes, for a while) so eth_getTransactionByHash finds them even behind a long mempool; others are found in
// the first page of CometBFT's /unconfirmed_txs. A remembered tx that CometBFT has committed
// without a receipt (refused in its block before running) is forgotten. Listeners (pending-tx
// filters and subscriptions) hear of each tx once: at broadcast, or when a mempool scan sees it.
import { keccak256, sha256 } from "../../sdk/crypto/hashes.js";
import { isEthTxBytes } from "./chainBlock.js";
import type { EvmNode } from "./evmNode.js";
import { Lru } from "../../common/lru.js";
import { decodeRawTx, type RawTx } from "./rawTx.js";

/** A tx waiting in the mempool: decoded, its sender recovered only if someone looks at it. */
export type PendingTx = RawTx;

export interface PendingTxsOptions {
  /** Broadcast txs remembered at once. */
  capacity: number;
  /** Bytes of raw tx the remembered txs may total (each is also held decoded, about as large again). */
  maxBytes: number;
  /** How long a broadcast tx is remembered without being mined. */
  ttlMs: number;
  /** Mempool txs read per scan (CometBFT answers at most 100). */
  scanLimit: number;
}

export const DEFAULT_PENDING_OPTIONS: PendingTxsOptions = { capacity: 10_000, maxBytes: 32 * 1024 * 1024, ttlMs: 10 * 60_000, scanLimit: 100 };

export class PendingTxs {
  private readonly broadcast: Lru<string, { tx: PendingTx; at: number }>;
  private readonly seen = new Lru<string, true>(50_000);
  private readonly listeners = new Set<(tx: PendingTx) => void>();

  constructor(
    private readonly node: EvmNode,
    private readonly chainId: () => Promise<bigint>,
    private readonly options: PendingTxsOptions = DEFAULT_PENDING_OPTIONS,
    private readonly now: () => number = Date.now,
  ) {
    this.broadcast = new Lru(options.capacity, { max: options.maxBytes, of: (entry) => entry.tx.raw.length });
  }

  /** A tx CheckTx just accepted from this server. */
  add(tx: PendingTx): void {
    this.broadcast.set(key(tx.hash), { tx, at: this.now() });
    this.announce(tx);
  }

  /** The pending tx with this hash, if the mempool holds it. */
  async find(hash: Uint8Array): Promise<PendingTx | undefined> {
    const own = this.broadcast.get(key(hash));
    if (own) {
      if (this.now() - own.at > this.options.ttlMs || (await this.node.hasCommittedTx(sha256(own.tx.raw)))) {
        this.broadcast.delete(key(hash));
        return undefined;
      }
      return own.tx;
    }
    for (const raw of await this.node.unconfirmedTxs(this.options.scanLimit)) {
      if (isEthTxBytes(raw) && Buffer.compare(keccak256(raw), hash) === 0) return this.decode(raw);
    }
    return undefined;
  }

  /** Calls `listener` with each new pending tx; returns the unsubscribe function. */
  listen(listener: (tx: PendingTx) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listening(): boolean {
    return this.listeners.size > 0;
  }

  /** Announces the mempool's txs not heard of yet (run while anyone listens). */
  async scan(): Promise<void> {
    if (!this.listening) return;
    for (const raw of await this.node.unconfirmedTxs(this.options.scanLimit)) {
      if (!isEthTxBytes(raw) || this.seen.get(key(keccak256(raw)))) continue;
      const pending = await this.decode(raw);
      if (pending) this.announce(pending);
    }
  }

  private announce(tx: PendingTx): void {
    const k = key(tx.hash);
    if (this.seen.get(k)) return;
    this.seen.set(k, true);
    for (const listener of [...this.listeners]) {
      try {
        listener(tx);
      } catch {
        // One listener's failure (a tx whose sender cannot be shown) must not starve the others.
      }
    }
  }

  private async decode(raw: Uint8Array): Promise<PendingTx | undefined> {
    try {
      return decodeRawTx(raw, await this.chainId());
    } catch {
      return undefined; // CheckTx accepted it, so this does not happen; nothing to show if it does
    }
  }
}

function key(hash: Uint8Array): string {
  return Buffer.from(hash).toString("hex");
}
