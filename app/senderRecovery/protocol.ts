// Messages between the app's thread and its sender recovery threads (pool.ts, worker.ts), each
// with the id common/node/helperThreads.ts adds.
import type { RecoveredSender } from "../../common/ethereum/ethTx.js";

/** To a worker: recover the key that signed `bytes`, a raw Ethereum tx of chain `chainId`. */
export interface RecoveryRequest {
  bytes: Uint8Array;
  chainId: bigint;
}

/** From a worker: recoverSender's answer, or none when decoding or recovery threw. */
export interface RecoveryAnswer {
  recovered: RecoveredSender | undefined;
}
