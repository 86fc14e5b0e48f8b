// Receipts of executed Ethereum txs and where each landed, keyed by the keccak tx hash; and the
// running count and gas of the block's Ethereum txs, which give each receipt its index and
// cumulative gas. The counter lives in the block's store branch, so a FinalizeBlock that is
// never committed leaves no trace of it.
import { create, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { BlockTxCounterSchema, ReceiptSchema, TxLocationSchema, type Receipt } from "../../../gen/chain/evm/evm_pb.js";
import type { KVReader, KVStore } from "../../store/types.js";
import { BLOCK_TX_COUNTER_KEY, receiptKey, txLocationKey } from "./keys.js";
import { getMessage } from "../../store/messages.js";

/** The next Ethereum tx's index in block `height` and the gas the earlier ones used. */
export function blockPosition(evmStore: KVReader, height: bigint): BlockPosition {
  const c = getMessage(evmStore, BLOCK_TX_COUNTER_KEY, BlockTxCounterSchema);
  if (c === undefined || c.height !== height) return { index: 0, cumulativeGasUsed: 0n, logIndex: 0 };
  return { index: c.count, cumulativeGasUsed: c.cumulativeGasUsed, logIndex: c.logCount };
}

export interface BlockPosition {
  /** Index of the next Ethereum tx among the block's. */
  index: number;
  /** Gas the block's earlier Ethereum txs used. */
  cumulativeGasUsed: bigint;
  /** Block-wide index the next tx's first log gets. */
  logIndex: number;
}

/** Stores the receipt and its location, and advances the block's counter past it. */
export function storeReceipt(evmStore: KVStore, receipt: MessageInitShape<typeof ReceiptSchema>): void {
  const r = create(ReceiptSchema, receipt);
  evmStore.set(receiptKey(r.txHash), toBinary(ReceiptSchema, r));
  evmStore.set(txLocationKey(r.txHash), toBinary(TxLocationSchema, create(TxLocationSchema, { height: r.blockHeight, index: r.txIndex })));
  evmStore.set(BLOCK_TX_COUNTER_KEY, toBinary(BlockTxCounterSchema, create(BlockTxCounterSchema, { height: r.blockHeight, count: r.txIndex + 1, cumulativeGasUsed: r.cumulativeGasUsed, logCount: r.firstLogIndex + r.logs.length })));
}

export function getReceipt(evmStore: KVReader, txHash: Uint8Array): Receipt | undefined {
  return getMessage(evmStore, receiptKey(txHash), ReceiptSchema);
}

export function getTxLocation(evmStore: KVReader, txHash: Uint8Array): { height: bigint; index: number } | undefined {
  const l = getMessage(evmStore, txLocationKey(txHash), TxLocationSchema);
  return l && { height: l.height, index: l.index };
}
