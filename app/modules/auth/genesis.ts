// Auth genesis: params, the minimum gas price, and accounts that exist from the start. Module
// accounts are created here, in the keeper's fixed order, so their account numbers are the same
// on every chain built from the same module list.
import { fromJson, toJson } from "@bufbuild/protobuf";
import { ParamsSchema } from "../../../gen/cosmos/auth/v1beta1/auth_pb.js";
import type { Context } from "../../context.js";
import { parseAccAddress } from "../../../common/address.js";
import { type AccountKeeper } from "./keeper.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import type { AuthGenesis } from "./genesisState.js";
import { importAccounts, isExportedAccount, parseExportedAccount } from "./export.js";
import { DEFAULT_MIN_GAS_PRICE, defaultAuthParams, parseGasPrice } from "./params.js";

export type { AuthGenesis } from "./genesisState.js";

export function defaultAuthGenesis(): AuthGenesis {
  return {
    params: toJson(ParamsSchema, defaultAuthParams(), { useProtoFieldName: true, alwaysEmitImplicit: true }),
    min_gas_price: DEFAULT_MIN_GAS_PRICE,
    accounts: [],
  };
}

export function initAuthGenesis(ctx: Context, keeper: AccountKeeper, raw: unknown): void {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error("auth genesis must be an object");
  const g = raw as Partial<AuthGenesis>;
  let params;
  try {
    params = g.params === undefined ? defaultAuthParams() : fromJson(ParamsSchema, g.params as never);
  } catch (err) {
    throw new Error(`auth genesis params: ${(err as Error).message}`);
  }
  keeper.setParams(ctx, params);
  keeper.setMinGasPrice(ctx, parseGasPrice(g.min_gas_price ?? DEFAULT_MIN_GAS_PRICE));
  const entries = (g.accounts ?? []) as unknown[];
  // An export lists every account with its number (module accounts too): those are written first,
  // as they were; module accounts this chain has and the export lacks follow with the next numbers.
  importAccounts(
    ctx,
    keeper,
    entries.flatMap((a, i) => (isExportedAccount(a) ? [parseExportedAccount(a, `auth genesis accounts[${i}]`)] : [])),
  );
  for (const m of keeper.moduleAccounts)
    if (!keeper.getAccount(ctx.store, moduleAddress(m.name))) keeper.newAccount(ctx, moduleAddress(m.name), { name: m.name, permissions: [...m.permissions] });
  for (const [i, a] of entries.entries()) {
    if (isExportedAccount(a)) continue;
    if (typeof (a as { address?: unknown })?.address !== "string") throw new Error(`auth genesis accounts[${i}]: address missing`);
    keeper.ensureAccount(ctx, parseAccAddress((a as { address: string }).address, `genesis accounts[${i}].address`));
  }
}
