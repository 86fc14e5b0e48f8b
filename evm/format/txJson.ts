// A transaction as eth_getTransactionByHash and full blocks answer it (geth's RPCTransaction):
// the signed fields of its type, its sender and hash, and where it was mined (null block fields
// while it waits in the mempool).
import type { TypedTransaction } from "@ethereumjs/tx";
import { bytesToBigInt } from "@ethereumjs/util";
import { addressOrNull, data, quantity } from "../codec/hex.js";

export interface TxPlacement {
  blockHash: Uint8Array;
  blockNumber: bigint;
  index: number;
  /** What the tx paid per gas (the receipt's effective gas price). */
  effectiveGasPrice: bigint;
}

export function txJson(tx: TypedTransaction, hash: Uint8Array, from: Uint8Array, placement: TxPlacement | null): Record<string, unknown> {
  const out: Record<string, unknown> = {
    blockHash: placement ? data(placement.blockHash) : null,
    blockNumber: placement ? quantity(placement.blockNumber) : null,
    transactionIndex: placement ? quantity(placement.index) : null,
    hash: data(hash),
    type: quantity(tx.type),
    from: data(from),
    to: addressOrNull(tx.to?.bytes),
    nonce: quantity(tx.nonce),
    gas: quantity(tx.gasLimit),
    value: quantity(tx.value),
    input: data(tx.data),
  };
  const chainId = chainIdOf(tx);
  if (chainId !== undefined) out.chainId = quantity(chainId);
  if ("maxFeePerGas" in tx) {
    // Mined: what it paid; pending: its cap (the price it may pay), as geth answers.
    out.gasPrice = quantity(placement ? placement.effectiveGasPrice : tx.maxFeePerGas);
    out.maxFeePerGas = quantity(tx.maxFeePerGas);
    out.maxPriorityFeePerGas = quantity(tx.maxPriorityFeePerGas);
  } else {
    out.gasPrice = quantity(tx.gasPrice);
  }
  if ("accessList" in tx) out.accessList = tx.accessList.map(([address, keys]) => ({ address: data(address), storageKeys: keys.map(data) }));
  if ("authorizationList" in tx) {
    out.authorizationList = tx.authorizationList.map(([chain, address, nonce, yParity, r, s]) => ({
      chainId: quantity(bytesToBigInt(chain)),
      address: data(address),
      nonce: quantity(bytesToBigInt(nonce)),
      yParity: quantity(bytesToBigInt(yParity)),
      r: quantity(bytesToBigInt(r)),
      s: quantity(bytesToBigInt(s)),
    }));
  }
  out.v = quantity(tx.v ?? 0n);
  out.r = quantity(tx.r ?? 0n);
  out.s = quantity(tx.s ?? 0n);
  // Typed txs sign with a y parity of 0 or 1, which is their v.
  if (tx.type !== 0) out.yParity = quantity(tx.v ?? 0n);
  return out;
}

/** A typed tx's chain id; a legacy tx's from its EIP-155 v, none for a pre-EIP-155 one. */
function chainIdOf(tx: TypedTransaction): bigint | undefined {
  if (tx.type !== 0) return (tx as { chainId: bigint }).chainId;
  const v = tx.v ?? 0n;
  return v >= 35n ? (v - 35n) / 2n : undefined;
}
