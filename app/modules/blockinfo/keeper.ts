// Reads and writes the record of finalized blocks.
import { create, toBinary } from "@bufbuild/protobuf";
import { BlockInfoSchema, type BlockInfo } from "../../../gen/chain/blockinfo/blockinfo_pb.js";
import type { BlockHeader } from "../../context.js";
import type { KVReader, KVStore } from "../../store/types.js";
import { LAST_BLOCK_KEY, blockHashKey } from "./keys.js";
import { getMessage } from "../../store/messages.js";

/** How many recent block hashes stay in state (what the EVM's BLOCKHASH can reach). */
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
  if (header.height > RETAINED_BLOCK_HASHES) store.delete(blockHashKey(header.height - RETAINED_BLOCK_HASHES));
}

export function lastBlock(store: KVReader): BlockInfo | undefined {
  return getMessage(store, LAST_BLOCK_KEY, BlockInfoSchema);
}

export function blockHash(store: KVReader, height: bigint): Uint8Array | undefined {
  return store.get(blockHashKey(height));
}
