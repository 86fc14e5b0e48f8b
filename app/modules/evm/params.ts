// The evm module's parameters, stored as chain.evm.Params.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { ParamsSchema, type Params } from "../../../gen/chain/evm/evm_pb.js";
import type { KVReader, KVStore } from "../../store/types.js";
import { PARAMS_KEY } from "./keys.js";

export const EVM_CHAIN_ID = 2611n;
/** 1 gwei in aunit (18 decimals, as wei). */
export const DEFAULT_BASE_FEE = 1_000_000_000n;
/** The block gas limit the EVM sees; a constant until consensus params feed it. */
export const BLOCK_GAS_LIMIT = 30_000_000n;

export interface EvmParams {
  baseFee: bigint;
  chainId: bigint;
}

export function defaultEvmParams(): EvmParams {
  return { baseFee: DEFAULT_BASE_FEE, chainId: EVM_CHAIN_ID };
}

/** `evmStore` is the module's namespace. Absent params (a chain without evm genesis) are the defaults. */
export function getEvmParams(evmStore: KVReader): EvmParams {
  const raw = evmStore.get(PARAMS_KEY);
  if (raw === undefined) return defaultEvmParams();
  const p = fromBinary(ParamsSchema, raw);
  return { baseFee: BigInt(p.baseFee), chainId: p.chainId };
}

export function setEvmParams(evmStore: KVStore, params: EvmParams): void {
  evmStore.set(PARAMS_KEY, toBinary(ParamsSchema, create(ParamsSchema, { baseFee: params.baseFee.toString(), chainId: params.chainId })));
}

export function paramsMessage(params: EvmParams): Params {
  return create(ParamsSchema, { baseFee: params.baseFee.toString(), chainId: params.chainId });
}
