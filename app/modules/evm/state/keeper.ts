// The evm module's own state, through the module's StoreKey: params, the per-block records and
// their tx hashes, and receipts (the store-level functions in evmBlocks.ts, receipts.ts and
// params.ts are this keeper's parts). Accounts' code and storage are the state manager's
// (stateManager.ts), which the VM reads and writes through, and genesis (genesisAccounts.ts).
import type { EvmBlock, Receipt } from "../../../../gen/chain/evm/evm_pb.js";
import type { Context } from "../../../context.js";
import type { StateReader } from "../../../store/types.js";
import { StoreKey } from "../../../storeKey.js";
import { addIncludedTx, baseFeeAt, beginEvmBlock, currentEvmBlock, getEvmBlockRecord, withTxHashes, type EvmBlockRecord } from "./evmBlocks.js";
import { evmBlockKey, MODULE_NAME } from "./keys.js";
import { getEvmParams, setEvmParams, type EvmParams } from "./params.js";
import { getReceipt, getTxLocation, receiptAt, storeReceipt } from "./receipts.js";
import type { ReceiptFields } from "./receiptCodec.js";
import { EvmBlockSchema } from "../../../../gen/chain/evm/evm_pb.js";
import { fromBinary } from "@bufbuild/protobuf";

export class EvmKeeper {
  private readonly key = new StoreKey(MODULE_NAME);

  getParams(state: StateReader): EvmParams {
    return getEvmParams(this.key.read(state));
  }

  setParams(ctx: Context, params: EvmParams): void {
    setEvmParams(this.key.write(ctx), params);
  }

  // ---- block records

  /** Opens the record of `ctx`'s block, with its base fee, before any of its txs runs. */
  beginBlock(ctx: Context): EvmBlockRecord {
    const store = this.key.write(ctx);
    return beginEvmBlock(store, ctx.header, getEvmParams(store));
  }

  getBlock(state: StateReader, height: bigint): EvmBlockRecord | undefined {
    return getEvmBlockRecord(this.key.read(state), height);
  }

  /** The record of the block being executed (beginBlock opened it). */
  currentBlock(state: StateReader, height: bigint): EvmBlockRecord {
    return currentEvmBlock(this.key.read(state), height);
  }

  /** The records of heights `from` up to `to` inclusive, in height order. */
  *blocks(state: StateReader, from: bigint, to: bigint): IterableIterator<EvmBlockRecord> {
    for (const { value } of this.key.read(state).iterator({ start: evmBlockKey(from), end: evmBlockKey(to + 1n) })) yield fromBinary(EvmBlockSchema, value);
  }

  withTxHashes(state: StateReader, record: EvmBlockRecord): EvmBlock {
    return withTxHashes(this.key.read(state), record);
  }

  /** The base fee of block `height`, from its parent's record. */
  baseFeeAt(state: StateReader, height: bigint, params: EvmParams): bigint {
    return baseFeeAt(this.key.read(state), height, params);
  }

  addIncludedTx(ctx: Context, record: EvmBlockRecord, tx: { hash: Uint8Array; gasUsed: bigint; logCount: number; bloom: Uint8Array }): void {
    addIncludedTx(this.key.write(ctx), record, tx);
  }

  // ---- receipts

  storeReceipt(ctx: Context, receipt: ReceiptFields): void {
    storeReceipt(this.key.write(ctx), receipt);
  }

  getReceipt(state: StateReader, txHash: Uint8Array): Receipt | undefined {
    return getReceipt(this.key.read(state), txHash);
  }

  /** The receipt of the `index`th Ethereum tx of block `height` (its index in the block's tx hashes). */
  receiptAt(state: StateReader, height: bigint, index: number): Receipt | undefined {
    return receiptAt(this.key.read(state), height, index);
  }

  getTxLocation(state: StateReader, txHash: Uint8Array): { height: bigint; index: number } | undefined {
    return getTxLocation(this.key.read(state), txHash);
  }
}
