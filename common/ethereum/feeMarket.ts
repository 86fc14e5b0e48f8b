// EIP-1559's base fee, one per block, from the block before it (its EvmBlock record):
//
//   target = parent.gas_limit / elasticity_multiplier
//   used == target: unchanged
//   used >  target: parent.base_fee + max(1, parent.base_fee * (used - target) / target / denominator)
//   used <  target: parent.base_fee -        parent.base_fee * (target - used) / target / denominator
//
// in integer arithmetic (each division truncates, in that order), and never below min_base_fee.
// Without a parent record (the first block, or after a gap) it is min_base_fee. Every Ethereum tx
// of the block pays it per gas, and it is burned (docs/evm.md, "Fee market").
import type { EvmBlock } from "../../gen/chain/evm/evm_pb.js";

/** The EIP-1559 knobs of chain.evm.Params, as numbers. */
export interface FeeMarketParams {
  /** aunit per gas: the floor the base fee starts at and never drops below. */
  minBaseFee: bigint;
  baseFeeChangeDenominator: number;
  elasticityMultiplier: number;
}

/** The base fee of the block after `parent` (undefined: there is none to follow). */
export function nextBaseFee(parent: Pick<EvmBlock, "baseFee" | "gasUsed" | "gasLimit"> | undefined, params: FeeMarketParams): bigint {
  if (parent === undefined) return params.minBaseFee;
  const base = BigInt(parent.baseFee);
  const target = parent.gasLimit / BigInt(params.elasticityMultiplier);
  const denominator = BigInt(params.baseFeeChangeDenominator);
  let next: bigint;
  if (target === 0n || parent.gasUsed === target) {
    next = base;
  } else if (parent.gasUsed > target) {
    const delta = (base * (parent.gasUsed - target)) / target / denominator;
    next = base + (delta > 1n ? delta : 1n);
  } else {
    next = base - (base * (target - parent.gasUsed)) / target / denominator;
  }
  return next > params.minBaseFee ? next : params.minBaseFee;
}
