// Messages between the app's thread and its sender recovery threads (pool.ts, worker.ts).

/** To a worker: recover the key that signed `bytes`, a raw Ethereum tx of chain `chainId`. */
export interface RecoveryRequest {
  id: number;
  bytes: Uint8Array;
  chainId: bigint;
}

/** From a worker: the 64-byte public key, or none when decoding or recovery threw. */
export interface RecoveryAnswer {
  id: number;
  key: Uint8Array | undefined;
}
