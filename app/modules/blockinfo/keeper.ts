// Reads and writes the record of finalized blocks.
import { create, toBinary } from "@bufbuild/protobuf";
import { BlockInfoSchema, type BlockInfo } from "../../../gen/chain/blockinfo/blockinfo_pb.js";
import type { BlockHeader, Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { StoreKey } from "../../storeKey.js";
import { LAST_BLOCK_KEY, MODULE_NAME, blockHashKey } from "./keys.js";
import { getMessage } from "../../store/messages.js";

/**
 * How many hashes of blocks before the current one stay in state: what the EVM's BLOCKHASH can
 * reach from block n is n-256..n-1, so at height n the hashes of n-256..n are kept.
 */
export const RETAINED_BLOCK_HASHES = 256n;

export class BlockInfoKeeper {
  private readonly key = new StoreKey(MODULE_NAME);

  /**
   * Records the block of `ctx`. This is where the chain's continuity is enforced: a block applied
   * on any state but its parent's (a replay on the wrong base) stops the node here instead of forking.
   */
  recordBlock(ctx: Context, header: BlockHeader = ctx.header): void {
    const previous = this.lastBlock(ctx.store);
    if (previous && previous.height + 1n !== header.height) {
      throw new Error(`block ${header.height} applied on the state of block ${previous.height}`);
    }
    const info = create(BlockInfoSchema, {
      height: header.height,
      time: header.time,
      hash: header.hash,
      proposerAddress: header.proposerAddress,
    });
    const store = this.key.write(ctx);
    store.set(LAST_BLOCK_KEY, toBinary(BlockInfoSchema, info));
    store.set(blockHashKey(header.height), header.hash);
    if (header.height > RETAINED_BLOCK_HASHES) store.delete(blockHashKey(header.height - RETAINED_BLOCK_HASHES - 1n));
  }

  lastBlock(state: StateReader): BlockInfo | undefined {
    return getMessage(this.key.read(state), LAST_BLOCK_KEY, BlockInfoSchema);
  }

  /** The hash of block `height` while it is retained (the EVM's BLOCKHASH reads it). */
  blockHash(state: StateReader, height: bigint): Uint8Array | undefined {
    return height < 0n ? undefined : this.key.read(state).get(blockHashKey(height));
  }
}
