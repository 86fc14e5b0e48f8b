// Block parameters turned into what the node reads: the committed height a state query runs at,
// or the block a block query answers with (undefined: no such block, answered as null).
import type { ChainBlock } from "../chain/chainBlock.js";
import type { StateAt } from "../chain/evmNode.js";
import type { BlockRef } from "../codec/blockParam.js";
import { serverError } from "../rpc/errors.js";
import type { RpcServices } from "./services.js";

/**
 * The highest block number that can name a block. No chain reaches 2^53 blocks, and higher numbers
 * cannot travel as the gRPC height (a JS number) or CometBFT's int64: they name no block.
 */
export const MAX_HEIGHT = BigInt(Number.MAX_SAFE_INTEGER);

/** The state a block parameter names: the latest unless a number, "earliest" or a hash says otherwise. */
export async function stateAt(s: RpcServices, ref: BlockRef): Promise<StateAt> {
  switch (ref.kind) {
    case "tag":
      return ref.tag === "earliest" ? { height: (await s.node.syncStatus()).earliestHeight } : {};
    case "number":
      // CometBFT's first block is 1; there is no state "at block 0" to read.
      if (ref.height === 0n || ref.height > MAX_HEIGHT) throw serverError("header not found");
      return { height: ref.height };
    case "hash": {
      const height = await s.node.cometHeightByHash(ref.hash);
      if (height === undefined) throw serverError("header for hash not found");
      return { height };
    }
  }
}

/** The block a block parameter names; tags other than "earliest" are the latest committed block. */
export async function blockAt(s: RpcServices, ref: BlockRef): Promise<ChainBlock | undefined> {
  switch (ref.kind) {
    case "tag":
      return s.blocks.byHeight(ref.tag === "earliest" ? (await s.node.syncStatus()).earliestHeight : await s.node.committedHeight());
    case "number":
      return ref.height === 0n || ref.height > MAX_HEIGHT ? undefined : s.blocks.byHeight(ref.height);
    case "hash":
      return s.blocks.byHash(ref.hash);
  }
}
