// EVM genesis: chain.evm.GenesisState in proto-JSON with snake_case names.
import { create, fromJson, toJson } from "@bufbuild/protobuf";
import { GenesisStateSchema } from "../../../gen/chain/evm/genesis_pb.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { exportEvmAccounts, importEvmAccounts } from "./state/genesisAccounts.js";
import type { EvmKeeper } from "./state/keeper.js";
import { defaultEvmParams, invalidParamsReason, paramsMessage } from "./state/params.js";

export function defaultEvmGenesis(): unknown {
  return toJson(GenesisStateSchema, create(GenesisStateSchema, { params: paramsMessage(defaultEvmParams()) }), {
    useProtoFieldName: true,
    alwaysEmitImplicit: true,
  });
}

/** `nonceOf`: an address's auth sequence (auth's genesis runs first). */
export function initEvmGenesis(ctx: Context, keeper: EvmKeeper, raw: unknown, nonceOf: (address: Uint8Array) => bigint): void {
  let g;
  try {
    g = fromJson(GenesisStateSchema, raw as never);
  } catch (err) {
    throw new Error(`evm genesis: ${(err as Error).message}`);
  }
  const p = g.params;
  if (!p) throw new Error("evm genesis: params are missing");
  const reason = invalidParamsReason(p);
  if (reason) throw new Error(`evm genesis params.${reason}`);
  keeper.setParams(ctx, {
    minBaseFee: BigInt(p.minBaseFee),
    chainId: p.chainId,
    baseFeeChangeDenominator: p.baseFeeChangeDenominator,
    elasticityMultiplier: p.elasticityMultiplier,
  });
  importEvmAccounts(ctx, g.accounts, nonceOf);
}

/**
 * Params and every contract's code and storage. Receipts and per-block records are the old
 * chain's history (its heights and hashes), not state a new chain starts from: not exported.
 */
export function exportEvmGenesis(state: StateReader, keeper: EvmKeeper): unknown {
  const g = create(GenesisStateSchema, { params: paramsMessage(keeper.getParams(state)), accounts: exportEvmAccounts(state) });
  return toJson(GenesisStateSchema, g, { useProtoFieldName: true, alwaysEmitImplicit: true });
}
