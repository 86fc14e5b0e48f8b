// The EvmBlock records: what the EVM side of each block was. The evm begin block writes the
// block's record (height, hash, time, base fee, gas limit) before any tx runs; each Ethereum tx
// that executes (and so has a receipt) appends its hash, gas, log count and bloom. A tx refused
// before execution leaves no trace here. Records are kept for every height: they are what
// eth_getBlockByNumber, eth_getLogs and the next block's base fee read. (Pruning them is not done.)
import { create, toBinary } from "@bufbuild/protobuf";
import { EvmBlockSchema, type EvmBlock } from "../../../gen/chain/evm/evm_pb.js";
import type { BlockHeader } from "../../context.js";
import { getMessage } from "../../store/messages.js";
import type { KVReader, KVStore } from "../../store/types.js";
import { nextBaseFee } from "./feeMarket.js";
import { evmBlockKey } from "./keys.js";
import { BLOCK_GAS_LIMIT, type EvmParams } from "./params.js";

/** Bytes of a logs bloom (2048 bits). */
export const BLOOM_BYTES = 256;

export function getEvmBlock(evmStore: KVReader, height: bigint): EvmBlock | undefined {
  return getMessage(evmStore, evmBlockKey(height), EvmBlockSchema);
}

function putEvmBlock(evmStore: KVStore, block: EvmBlock): void {
  evmStore.set(evmBlockKey(block.height), toBinary(EvmBlockSchema, block));
}

/** The base fee of the block at `height`, from its parent's record: what CheckTx and eth_call charge. */
export function baseFeeAt(evmStore: KVReader, height: bigint, params: EvmParams): bigint {
  return nextBaseFee(height > 0n ? getEvmBlock(evmStore, height - 1n) : undefined, params);
}

/** Opens the record of the block `header` starts. The evm begin block; sole writer of base_fee. */
export function beginEvmBlock(evmStore: KVStore, header: BlockHeader, params: EvmParams): EvmBlock {
  const block = create(EvmBlockSchema, {
    height: header.height,
    hash: header.hash,
    time: header.time.seconds < 0n ? 0n : header.time.seconds,
    baseFee: baseFeeAt(evmStore, header.height, params).toString(),
    gasLimit: BLOCK_GAS_LIMIT,
    gasUsed: 0n,
    txHashes: [],
    bloom: new Uint8Array(BLOOM_BYTES),
    logCount: 0,
  });
  putEvmBlock(evmStore, block);
  return block;
}

/** The record of the block being executed; its begin block wrote it. */
export function currentEvmBlock(evmStore: KVReader, height: bigint): EvmBlock {
  const block = getEvmBlock(evmStore, height);
  if (block === undefined) throw new Error(`no EvmBlock record for block ${height}: the evm begin block did not run`);
  return block;
}

/** Appends one executed tx to its block's record. */
export function addExecutedTx(evmStore: KVStore, block: EvmBlock, tx: { hash: Uint8Array; gasUsed: bigint; logCount: number; bloom: Uint8Array }): void {
  const bloom = new Uint8Array(BLOOM_BYTES);
  for (let i = 0; i < BLOOM_BYTES; i++) bloom[i] = (block.bloom[i] ?? 0) | (tx.bloom[i] ?? 0);
  putEvmBlock(evmStore, create(EvmBlockSchema, {
    ...block,
    txHashes: [...block.txHashes, tx.hash],
    gasUsed: block.gasUsed + tx.gasUsed,
    logCount: block.logCount + tx.logCount,
    bloom,
  }));
}
