// Raw Ethereum txs as the server handles them: decoded and checked as the app's decodeEthTx does
// (size, type, chain id, signed), but without recovering the sender: CheckTx does that anyway, and
// the server needs the sender only when it shows a pending tx, so it is recovered then, once.
import type { TypedTransaction } from "@ethereumjs/tx";
import { hasCanonicalChainId, parseEthTx } from "../../common/ethereum/ethTx.js";
import { sdkErrors } from "../../common/errors.js";
import { keccak256 } from "../../sdk/crypto/hashes.js";

/** A raw tx, decoded; its sender recovered on first use. */
export class RawTx {
  private sender: Uint8Array | undefined;
  readonly hash: Uint8Array;

  constructor(
    readonly raw: Uint8Array,
    readonly tx: TypedTransaction,
  ) {
    this.hash = keccak256(raw);
  }

  get from(): Uint8Array {
    this.sender ??= this.tx.getSenderAddress().bytes;
    return this.sender;
  }
}

/**
 * Decodes a raw Ethereum tx; throws the app's errors (same codes and words as CheckTx's). A typed
 * tx whose chain id has leading zero bytes is refused here, as geth refuses non-canonical
 * encodings: the chain would hash it as the library re-encodes it, not as the hash of these bytes
 * that eth_sendRawTransaction answers.
 */
export function decodeRawTx(bytes: Uint8Array, chainId: bigint): RawTx {
  const tx = parseEthTx(bytes, chainId);
  if (!hasCanonicalChainId(bytes)) throw sdkErrors.txDecode.wrap("invalid Ethereum transaction: chain id has leading zero bytes");
  return new RawTx(bytes, tx);
}
