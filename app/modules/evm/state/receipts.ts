// Receipts of included Ethereum txs, kept by their place in their block, and that place under each
// tx hash (keys.ts). A receipt's index, cumulative gas and first log index come from its block's
// EvmBlock record (evmBlocks.ts), which lives in the block's store branch, so a FinalizeBlock that
// is never committed leaves no trace.
import { ReceiptSchema, TxLocationSchema, type Receipt } from "../../../../gen/chain/evm/evm_pb.js";
import type { KVReader, KVStore } from "../../../store/types.js";
import { receiptKey, txLocationKey } from "./keys.js";
import { getMessage } from "../../../store/messages.js";
import type { EvmBlockRecord } from "./evmBlocks.js";
import { encodeReceipt, encodeTxLocation, type ReceiptFields } from "./receiptCodec.js";

export interface BlockPosition {
  /** Index of the next Ethereum tx among the block's. */
  index: number;
  /** Gas the block's earlier Ethereum txs used. */
  cumulativeGasUsed: bigint;
  /** Block-wide index the next tx's first log gets. */
  logIndex: number;
}

/** Where the next included tx of `block` goes. */
export function blockPosition(block: EvmBlockRecord): BlockPosition {
  return { index: block.txCount, cumulativeGasUsed: block.gasUsed, logIndex: block.logCount };
}

/** Stores the receipt at its place in its block, and that place under its tx hash. */
export function storeReceipt(evmStore: KVStore, receipt: ReceiptFields): void {
  evmStore.set(receiptKey(receipt.blockHeight, receipt.txIndex), encodeReceipt(receipt));
  evmStore.set(txLocationKey(receipt.txHash), encodeTxLocation(receipt.blockHeight, receipt.txIndex));
}

export function getReceipt(evmStore: KVReader, txHash: Uint8Array): Receipt | undefined {
  const at = getTxLocation(evmStore, txHash);
  return at && receiptAt(evmStore, at.height, at.index);
}

/** The receipt of the `index`th Ethereum tx of block `height`. */
export function receiptAt(evmStore: KVReader, height: bigint, index: number): Receipt | undefined {
  return getMessage(evmStore, receiptKey(height, index), ReceiptSchema);
}

export function getTxLocation(evmStore: KVReader, txHash: Uint8Array): { height: bigint; index: number } | undefined {
  const l = getMessage(evmStore, txLocationKey(txHash), TxLocationSchema);
  return l && { height: l.height, index: l.index };
}
