// Reads and writes the record of finalized blocks.
import { create, toBinary } from "@bufbuild/protobuf";
import { BlockInfoSchema, type BlockInfo } from "../../../gen/chain/blockinfo/blockinfo_pb.js";
import type { BlockHeader } from "../../context.js";
import type { KVReader, KVStore } from "../../store/types.js";
import { BLOCKINFO_STORE, LAST_BLOCK_KEY, blockHashKey } from "./keys.js";
import { getMessage } from "../../store/messages.js";
import { moduleReader } from "../../store/prefixStore.js";

/**
 * How many hashes of blocks before the current one stay in state: what the EVM's BLOCKHASH can
 * reach from block n is n-256..n-1, so at height n the hashes of n-256..n are kept.
 */
export const RETAINED_BLOCK_HASHES = 256n;

/**
 * Records the block. This is where the chain's continuity is enforced: a block applied on any
 * state but its parent's (a replay on the wrong base) stops the node here instead of forking.
 */
export function recordBlock(store: KVStore, header: BlockHeader): void {
  const previous = lastBlock(store);
  if (previous && previous.height + 1n !== header.height) {
    throw new Error(`block ${header.height} applied on the state of block ${previous.height}`);
  }
  const info = create(BlockInfoSchema, {
    height: header.height,
    time: header.time,
    hash: header.hash,
    proposerAddress: header.proposerAddress,
  });
  store.set(LAST_BLOCK_KEY, toBinary(BlockInfoSchema, info));
  store.set(blockHashKey(header.height), header.hash);
  if (header.height > RETAINED_BLOCK_HASHES) store.delete(blockHashKey(header.height - RETAINED_BLOCK_HASHES - 1n));
}

export function lastBlock(store: KVReader): BlockInfo | undefined {
  return getMessage(store, LAST_BLOCK_KEY, BlockInfoSchema);
}

export function blockHash(store: KVReader, height: bigint): Uint8Array | undefined {
  return store.get(blockHashKey(height));
}

/** The block hashes as other modules read them, over the whole state (the EVM's BLOCKHASH). */
export const blockHashReader = {
  blockHash(state: KVReader, height: bigint): Uint8Array | undefined {
    return height < 0n ? undefined : blockHash(moduleReader(state, BLOCKINFO_STORE), height);
  },
};
