// Raw Ethereum txs as the server handles them: decoded and checked as the app's decodeEthTx does
// (size, type, chain id, signed), but without recovering the sender. Recovery costs about 2 ms of
// CPU per tx in JavaScript, CheckTx does it anyway, and the server needs the sender only when it
// shows a pending tx, so it is recovered then, once.
import { createTxFromRLP, type TypedTransaction } from "@ethereumjs/tx";
import { sdkErrors } from "../../app/errors.js";
import { evmError, evmErrors } from "../../app/modules/evm/errors.js";
import { BLOB_TX_TYPE, evmCommon, MAX_ETH_TX_BYTES } from "../../app/modules/evm/ethTx.js";
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

/** Decodes a raw Ethereum tx; throws the app's errors (same codes and words as CheckTx's). */
export function decodeRawTx(bytes: Uint8Array, chainId: bigint): RawTx {
  if (bytes.length > MAX_ETH_TX_BYTES) throw sdkErrors.txTooLarge.wrap(`Ethereum tx of ${bytes.length} bytes exceeds the limit of ${MAX_ETH_TX_BYTES}`);
  if (bytes.length === 0) throw sdkErrors.txDecode.wrap("empty tx");
  if (bytes[0] === BLOB_TX_TYPE) throw evmError(evmErrors.unsupportedTxType, "blob transactions are not supported");
  let tx: TypedTransaction;
  try {
    tx = createTxFromRLP(bytes, { common: evmCommon(chainId) });
  } catch (err) {
    const message = (err as Error).message ?? String(err);
    if (/chain ID|EIP155/.test(message)) throw evmError(evmErrors.invalidChainId, `expected ${chainId}: ${message}`);
    throw sdkErrors.txDecode.wrap(`invalid Ethereum transaction: ${message}`);
  }
  if (!tx.isSigned()) throw evmError(evmErrors.invalidSignature, "the tx is not signed");
  return new RawTx(bytes, tx);
}
