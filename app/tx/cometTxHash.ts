// CometBFT's name for a tx: the SHA-256 of its bytes in upper-case hex, as its logs, its RPC and
// its indexer (`tx.hash`) give it. Native SHA-256: every Ethereum tx's event carries one.
import { hash } from "node:crypto";

export function cometTxHash(tx: Uint8Array): string {
  return hash("sha256", tx, "hex").toUpperCase();
}
