// The evm module's parameters, stored as chain.evm.Params: the chain id and the EIP-1559 fee
// market's knobs (feeMarket.ts). The block gas limit is a constant, not a param.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { ParamsSchema, type Params } from "../../../../gen/chain/evm/evm_pb.js";
import type { KVReader, KVStore } from "../../../store/types.js";
import { LastDecoded } from "../../../store/lastDecoded.js";
import { PARAMS_KEY } from "./keys.js";

export const EVM_CHAIN_ID = 2611n;
/** 1 gwei in aunit (18 decimals, as wei): the floor the base fee starts at and never drops below. */
export const DEFAULT_MIN_BASE_FEE = 1_000_000_000n;
/** EIP-1559's BASE_FEE_MAX_CHANGE_DENOMINATOR: at most 1/8 up or down per block. */
export const DEFAULT_BASE_FEE_CHANGE_DENOMINATOR = 8;
/** EIP-1559's ELASTICITY_MULTIPLIER: the gas target is half the block gas limit. */
export const DEFAULT_ELASTICITY_MULTIPLIER = 2;
/** The block gas limit the EVM sees (and EvmBlock.gas_limit records); a constant until consensus params feed it. */
export const BLOCK_GAS_LIMIT = 30_000_000n;

export interface EvmParams {
  /** aunit per gas. */
  minBaseFee: bigint;
  chainId: bigint;
  baseFeeChangeDenominator: number;
  elasticityMultiplier: number;
}

export function defaultEvmParams(): EvmParams {
  return {
    minBaseFee: DEFAULT_MIN_BASE_FEE,
    chainId: EVM_CHAIN_ID,
    baseFeeChangeDenominator: DEFAULT_BASE_FEE_CHANGE_DENOMINATOR,
    elasticityMultiplier: DEFAULT_ELASTICITY_MULTIPLIER,
  };
}

/** Read by every Ethereum tx's check and delivery, changed only by genesis and governance. */
const lastParams = new LastDecoded<EvmParams>();

/** `evmStore` is the module's namespace. Absent params (a chain without evm genesis) are the defaults. */
export function getEvmParams(evmStore: KVReader): EvmParams {
  const raw = evmStore.get(PARAMS_KEY);
  if (raw === undefined) return defaultEvmParams();
  return lastParams.get(raw, () => {
    const p = fromBinary(ParamsSchema, raw);
    return {
      minBaseFee: BigInt(p.minBaseFee),
      chainId: p.chainId,
      baseFeeChangeDenominator: p.baseFeeChangeDenominator,
      elasticityMultiplier: p.elasticityMultiplier,
    };
  });
}

export function setEvmParams(evmStore: KVStore, params: EvmParams): void {
  evmStore.set(PARAMS_KEY, toBinary(ParamsSchema, paramsMessage(params)));
}

export function paramsMessage(params: EvmParams): Params {
  return create(ParamsSchema, {
    minBaseFee: params.minBaseFee.toString(),
    chainId: params.chainId,
    baseFeeChangeDenominator: params.baseFeeChangeDenominator,
    elasticityMultiplier: params.elasticityMultiplier,
  });
}

/** Why `p` cannot be the chain's params, or undefined when it can. */
export function invalidParamsReason(p: Params): string | undefined {
  if (!/^[0-9]{1,78}$/.test(p.minBaseFee)) return `min_base_fee: "${p.minBaseFee.slice(0, 90)}" is not a non-negative integer (aunit per gas)`;
  if (BigInt(p.minBaseFee) >= 2n ** 256n) return "min_base_fee: must be below 2^256";
  if (p.chainId === 0n) return "chain_id: must be positive";
  if (p.baseFeeChangeDenominator === 0) return "base_fee_change_denominator: must be positive (EIP-1559 uses 8)";
  if (p.elasticityMultiplier === 0) return "elasticity_multiplier: must be positive (EIP-1559 uses 2)";
  // The gas target (limit / elasticity) divides the base fee change: it may not round to zero.
  if (BigInt(p.elasticityMultiplier) > BLOCK_GAS_LIMIT)
    return `elasticity_multiplier: must be at most the block gas limit ${BLOCK_GAS_LIMIT}, got ${p.elasticityMultiplier}`;
  return undefined;
}
