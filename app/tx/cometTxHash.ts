// CometBFT's name for a tx: the SHA-256 of its bytes in upper-case hex, as its logs, its RPC and
// its indexer (`tx.hash`) give it. The SDK's `txHash` (sdk/tx/txParts.ts) gives the same in pure
// JS, so it runs in a browser; the node hashes natively, since every Ethereum tx's event carries one.
import { hash } from "node:crypto";

export function cometTxHash(tx: Uint8Array): string {
  return hash("sha256", tx, "hex").toUpperCase();
}
