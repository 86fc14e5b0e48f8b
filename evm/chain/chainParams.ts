// The evm module's params, read through gRPC and kept for a few seconds (governance can change
// the fee market's knobs; the chain id never changes, so it is kept once known).
import type { Params } from "../../gen/chain/evm/evm_pb.js";
import type { FeeMarketParams } from "../../common/ethereum/feeMarket.js";
import type { EvmNode } from "./evmNode.js";

export class ChainParams {
  private cached: { at: number; params: Params } | undefined;
  private knownChainId: bigint | undefined;

  constructor(
    private readonly node: EvmNode,
    private readonly ttlMs = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<Params> {
    if (this.cached && this.now() - this.cached.at < this.ttlMs) return this.cached.params;
    const params = await this.node.params();
    this.cached = { at: this.now(), params };
    this.knownChainId = params.chainId;
    return params;
  }

  async chainId(): Promise<bigint> {
    return this.knownChainId ?? (await this.get()).chainId;
  }

  async feeMarket(): Promise<FeeMarketParams> {
    const p = await this.get();
    return { minBaseFee: BigInt(p.minBaseFee || "0"), baseFeeChangeDenominator: p.baseFeeChangeDenominator, elasticityMultiplier: p.elasticityMultiplier };
  }
}
