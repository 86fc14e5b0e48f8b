// Blocks by height and by hash, fetched once from the node (the EvmBlock record with its receipts
// and the CometBFT block, in parallel) and kept in a cache bounded in blocks and in bytes (a block
// full of calldata weighs megabytes); concurrent requests for one block share one fetch. Only
// committed blocks are ever fetched, and those never change.
import type { EvmNode } from "./evmNode.js";
import { ChainBlock } from "./chainBlock.js";
import { Lru } from "../../common/lru.js";

export class BlockSource {
  private readonly blocks: Lru<bigint, ChainBlock>;
  private readonly heightsByHash = new Lru<string, bigint>(16_384);
  private readonly inFlight = new Map<bigint, Promise<ChainBlock | undefined>>();

  constructor(
    private readonly node: EvmNode,
    /** The chain id the raw txs are decoded for. */
    private readonly chainId: () => Promise<bigint>,
    capacity = 128,
    maxBytes = 256 * 1024 * 1024,
  ) {
    this.blocks = new Lru(capacity, { max: maxBytes, of: (b) => b.approximateBytes });
  }

  /** The block at `height`, or undefined when the app has no EVM record of it (yet). */
  byHeight(height: bigint): Promise<ChainBlock | undefined> {
    const cached = this.blocks.get(height);
    if (cached) return Promise.resolve(cached);
    let pending = this.inFlight.get(height);
    if (!pending) {
      pending = this.fetch(height).finally(() => this.inFlight.delete(height));
      this.inFlight.set(height, pending);
    }
    return pending;
  }

  async byHash(hash: Uint8Array): Promise<ChainBlock | undefined> {
    const key = Buffer.from(hash).toString("hex");
    let height = this.heightsByHash.get(key);
    if (height === undefined) {
      height = await this.node.cometHeightByHash(hash);
      if (height === undefined) return undefined;
    }
    const block = await this.byHeight(height);
    return block && Buffer.compare(block.hash, hash) === 0 ? block : undefined;
  }

  /** A block's hash without its receipts when it is not cached (block filters need only hashes). */
  async hashOf(height: bigint): Promise<Uint8Array | undefined> {
    const cached = this.blocks.get(height);
    if (cached) return cached.hash;
    return (await this.node.evmBlock(height, false))?.block.hash;
  }

  private async fetch(height: bigint): Promise<ChainBlock | undefined> {
    const [evm, comet, chainId] = await Promise.all([this.node.evmBlock(height, true), this.node.cometBlock(height), this.chainId()]);
    if (!evm || !comet) return undefined;
    const block = new ChainBlock(evm.block, evm.receipts, comet, chainId);
    this.blocks.set(height, block);
    this.heightsByHash.set(Buffer.from(block.hash).toString("hex"), height);
    return block;
  }
}
