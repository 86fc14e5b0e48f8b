// What to suggest for gas: eth_maxPriorityFeePerGas is the 60th percentile of the tips the
// Ethereum txs of the last 20 blocks paid (0 when they had none: CometBFT's mempool is first come,
// first served, so a tip buys no priority); eth_gasPrice is the next block's base fee plus it.
import { nextBaseFee } from "../../common/ethereum/feeMarket.js";
import type { BlockSource } from "../chain/blockSource.js";
import type { ChainBlock } from "../chain/chainBlock.js";
import type { FeeMarketParams } from "../../common/ethereum/feeMarket.js";

export const TIP_SAMPLE_BLOCKS = 20;
export const TIP_PERCENTILE = 60;

/** The base fee of the block after `block`, by the app's own rule. */
export function baseFeeAfter(block: ChainBlock, params: FeeMarketParams): bigint {
  return nextBaseFee({ baseFee: block.baseFee.toString(), gasUsed: block.gasUsed, gasLimit: block.gasLimit }, params);
}

/** The tip each Ethereum tx of `block` paid per gas: its effective gas price above the base fee. */
export function tipsOf(block: ChainBlock): Array<{ tip: bigint; gasUsed: bigint }> {
  return block.receipts.map((r) => {
    const tip = BigInt(r.effectiveGasPrice || "0") - block.baseFee;
    return { tip: tip > 0n ? tip : 0n, gasUsed: r.gasUsed };
  });
}

export class GasOracle {
  private memo: { height: bigint; tip: Promise<bigint> } | undefined;

  constructor(private readonly blocks: BlockSource) {}

  /** The suggested tip as of the block at `latest` (computed once per height). */
  suggestedTip(latest: bigint): Promise<bigint> {
    if (this.memo?.height !== latest) {
      const tip = this.compute(latest);
      this.memo = { height: latest, tip };
      // A failed computation must not stick for the height.
      tip.catch(() => (this.memo?.tip === tip ? (this.memo = undefined) : undefined));
    }
    return this.memo!.tip;
  }

  private async compute(latest: bigint): Promise<bigint> {
    const heights: bigint[] = [];
    for (let h = latest; h >= 1n && heights.length < TIP_SAMPLE_BLOCKS; h--) heights.push(h);
    const blocks = await Promise.all(heights.map((h) => this.blocks.byHeight(h)));
    const tips = blocks.flatMap((b) => (b ? tipsOf(b).map((t) => t.tip) : [])).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (tips.length === 0) return 0n;
    return tips[Math.floor(((tips.length - 1) * TIP_PERCENTILE) / 100)]!;
  }
}
