// Worker threads that recover the senders of Ethereum txs ahead of their CheckTx
// (common/ethereum/ethTx.ts, decodeAhead): while the app's thread checks one tx, the next ones'
// ECDSA recoveries (most of a new Ethereum tx's CheckTx) run on other cores. A recovery that
// cannot be had here (no thread alive, too many waiting, the pool closed) answers undefined at
// once, and CheckTx recovers the sender itself, so the pool never holds a CheckTx back.
import type { Logger } from "pino";
import { HelperThreads } from "../../common/node/helperThreads.js";
import type { RecoveredSender, SenderKeySource } from "../../common/ethereum/ethTx.js";
import type { RecoveryAnswer, RecoveryRequest } from "./protocol.js";

export interface SenderRecoveryPoolOptions {
  /** Worker threads; at least 1. */
  size: number;
  /** The compiled worker module (worker.ts) or its bundle. */
  workerUrl: URL;
  logger: Logger;
  /** Recoveries waiting at once, across the threads; past it, CheckTx recovers on its own. */
  maxWaiting?: number;
  /** A thread whose oldest recovery waits longer is stopped and replaced (its CheckTx requests recover on their own). */
  stallMs?: number;
}

/** A recovery takes well under a millisecond; one still unanswered after this, the thread is stuck. */
const DEFAULT_STALL_MS = 2_000;

export class SenderRecoveryPool implements SenderKeySource {
  private readonly threads: HelperThreads<RecoveryRequest, RecoveryAnswer>;

  constructor(options: SenderRecoveryPoolOptions) {
    this.threads = new HelperThreads({
      ...options,
      stallMs: options.stallMs ?? DEFAULT_STALL_MS,
      name: "sender recovery",
      fallback: "CheckTx recovers senders itself",
    });
  }

  /** Threads alive now. */
  get size(): number {
    return this.threads.size;
  }

  async recover(bytes: Uint8Array, chainId: bigint): Promise<RecoveredSender | undefined> {
    return (await this.threads.ask({ bytes, chainId }))?.recovered;
  }

  /** Stops the threads; recoveries still waiting answer undefined. */
  close(): Promise<void> {
    return this.threads.close();
  }
}
