// Messages between the app's thread and its sender recovery threads (pool.ts, worker.ts).
import type { RecoveredSender } from "../../common/ethereum/ethTx.js";

/** To a worker: recover the key that signed `bytes`, a raw Ethereum tx of chain `chainId`. */
export interface RecoveryRequest {
  id: number;
  bytes: Uint8Array;
  chainId: bigint;
}

/** From a worker: recoverSender's answer, or none when decoding or recovery threw. */
export interface RecoveryAnswer {
  id: number;
  recovered: RecoveredSender | undefined;
}
