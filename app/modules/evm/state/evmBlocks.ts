// The EvmBlock records: what the EVM side of each block was. The evm begin block writes the
// block's record (height, hash, time, base fee, gas limit) before any tx runs; each Ethereum tx
// that is included (and so has a receipt) adds its gas, log count and bloom to the record and its
// hash under its own key. A tx refused before execution leaves no trace here. Records are kept for
// every height: they are what eth_getBlockByNumber, eth_getLogs and the next block's base fee read.
// (Pruning them is not done.)
//
// The record is rewritten by every tx of its block, so it holds only fixed-size totals: a block of
// n txs costs n small record writes and n 32-byte hash writes, never a list growing with n.
import { create, fromBinary } from "@bufbuild/protobuf";
import { bytesSize, ProtoWriter, uintSize } from "../../../../common/protoWriter.js";
import { EvmBlockSchema, type EvmBlock } from "../../../../gen/chain/evm/evm_pb.js";
import type { BlockHeader } from "../../../context.js";
import { LastDecoded } from "../../../store/lastDecoded.js";
import type { KVReader, KVStore } from "../../../store/types.js";
import { nextBaseFee } from "../../../../common/ethereum/feeMarket.js";
import { blockTxHashesPrefix, blockTxHashKey, evmBlockKey } from "./keys.js";
import { recordParentHash } from "./historyStorage.js";
import { BLOCK_GAS_LIMIT, type EvmParams } from "./params.js";

/** Bytes of a logs bloom (2048 bits). */
export const BLOOM_BYTES = 256;

/** The stored record: an EvmBlock whose tx hashes live under their own keys (blockTxHashes). */
export type EvmBlockRecord = Omit<EvmBlock, "txHashes">;

/** Every CheckTx of a block reads its parent's record (for the base fee): decoded once. */
const lastRecord = new LastDecoded<EvmBlockRecord>();
/** The tx_hashes of every remembered record: a decoded record's are empty too. */
const NO_TX_HASHES: Uint8Array[] = Object.freeze([]) as unknown as Uint8Array[];

export function getEvmBlockRecord(evmStore: KVReader, height: bigint): EvmBlockRecord | undefined {
  const raw = evmStore.get(evmBlockKey(height));
  return raw === undefined ? undefined : lastRecord.get(raw, () => fromBinary(EvmBlockSchema, raw));
}

/**
 * Every included tx rewrites its block's record, so it is written by hand (common/protoWriter.ts;
 * evmBlocks.test.ts checks the bytes against protobuf-es) and handed to the reader, whose next
 * read (the block's next tx) then decodes nothing. Tx hashes are never stored in it.
 */
function putEvmBlockRecord(evmStore: KVStore, r: EvmBlockRecord): void {
  const raw = encodeEvmBlockRecord(r);
  evmStore.set(evmBlockKey(r.height), raw);
  // As fromBinary would give it: the message's type name and an empty tx_hashes included. The hash
  // is copied: the begin block's comes from the FinalizeBlock request, which it would keep alive.
  const { height, hash, time, baseFee, gasUsed, bloom, gasLimit, logCount, txCount } = r;
  lastRecord.remember(raw, {
    $typeName: EvmBlockSchema.typeName,
    height,
    hash: Uint8Array.from(hash),
    time,
    baseFee,
    gasUsed,
    txHashes: NO_TX_HASHES,
    bloom,
    gasLimit,
    logCount,
    txCount,
  } as EvmBlock);
}

/** chain.evm.EvmBlock without tx_hashes (field 6), as protobuf-es writes it. */
export function encodeEvmBlockRecord(r: EvmBlockRecord): Uint8Array {
  const baseFee = Buffer.from(r.baseFee, "utf8");
  const w = new ProtoWriter(
    uintSize(1, r.height) +
      bytesSize(2, r.hash) +
      uintSize(3, r.time) +
      bytesSize(4, baseFee) +
      uintSize(5, r.gasUsed) +
      bytesSize(7, r.bloom) +
      uintSize(8, r.gasLimit) +
      uintSize(9, r.logCount) +
      uintSize(10, r.txCount),
  );
  w.uint(1, r.height);
  w.bytes(2, r.hash);
  w.uint(3, r.time);
  w.bytes(4, baseFee);
  w.uint(5, r.gasUsed);
  w.bytes(7, r.bloom);
  w.uint(8, r.gasLimit);
  w.uint(9, r.logCount);
  w.uint(10, r.txCount);
  return w.done();
}

/** The hashes of the block's included txs, in index order (prefix iteration over 0x09 | height). */
export function blockTxHashes(evmStore: KVReader, height: bigint): Uint8Array[] {
  return [...evmStore.prefixIterator(blockTxHashesPrefix(height))].map(({ value }) => value);
}

/** The record with its tx hashes, as queries answer it; throws when the two disagree on the count. */
export function withTxHashes(evmStore: KVReader, record: EvmBlockRecord): EvmBlock {
  const txHashes = blockTxHashes(evmStore, record.height);
  if (txHashes.length !== record.txCount) throw new Error(`block ${record.height} records ${record.txCount} txs but holds ${txHashes.length} tx hashes`);
  return create(EvmBlockSchema, { ...record, txHashes });
}

/** The base fee of the block at `height`, from its parent's record: what CheckTx and eth_call charge. */
export function baseFeeAt(evmStore: KVReader, height: bigint, params: EvmParams): bigint {
  return nextBaseFee(parentRecord(evmStore, height), params);
}

/** The record of the block before `height`; none before the first. */
function parentRecord(evmStore: KVReader, height: bigint): EvmBlockRecord | undefined {
  return height > 0n ? getEvmBlockRecord(evmStore, height - 1n) : undefined;
}

/**
 * Opens the record of the block `header` starts, after the parent's hash goes into the EIP-2935
 * history contract (historyStorage.ts). The evm begin block; sole writer of base_fee.
 */
export function beginEvmBlock(evmStore: KVStore, header: BlockHeader, params: EvmParams): EvmBlockRecord {
  const parent = parentRecord(evmStore, header.height);
  recordParentHash(evmStore, header.height, parent?.hash);
  const record = create(EvmBlockSchema, {
    height: header.height,
    hash: header.hash,
    time: header.time.seconds < 0n ? 0n : header.time.seconds,
    baseFee: nextBaseFee(parent, params).toString(),
    gasLimit: BLOCK_GAS_LIMIT,
    gasUsed: 0n,
    bloom: new Uint8Array(BLOOM_BYTES),
    logCount: 0,
    txCount: 0,
  });
  putEvmBlockRecord(evmStore, record);
  return record;
}

/** The record of the block being executed; its begin block wrote it. */
export function currentEvmBlock(evmStore: KVReader, height: bigint): EvmBlockRecord {
  const record = getEvmBlockRecord(evmStore, height);
  if (record === undefined) throw new Error(`no EvmBlock record for block ${height}: the evm begin block did not run`);
  return record;
}

/** Adds one included tx to its block: its hash at the next index, its totals to the record. */
export function addIncludedTx(evmStore: KVStore, record: EvmBlockRecord, tx: { hash: Uint8Array; gasUsed: bigint; logCount: number; bloom: Uint8Array }): void {
  const bloom = new Uint8Array(BLOOM_BYTES);
  for (let i = 0; i < BLOOM_BYTES; i++) bloom[i] = (record.bloom[i] ?? 0) | (tx.bloom[i] ?? 0);
  evmStore.set(blockTxHashKey(record.height, record.txCount), tx.hash);
  putEvmBlockRecord(evmStore, {
    ...record,
    txCount: record.txCount + 1,
    gasUsed: record.gasUsed + tx.gasUsed,
    logCount: record.logCount + tx.logCount,
    bloom,
  });
}
