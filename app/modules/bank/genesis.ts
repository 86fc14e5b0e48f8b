// Bank genesis in the SDK's JSON shape (cosmos.bank.v1beta1.GenesisState): params, balances,
// an optional supply that must equal the sum of balances, and denom metadata.
import { create, fromJson, toJson } from "@bufbuild/protobuf";
import { GenesisStateSchema } from "../../../gen/cosmos/bank/v1beta1/genesis_pb.js";
import { MetadataSchema, ParamsSchema } from "../../../gen/cosmos/bank/v1beta1/bank_pb.js";
import type { Context } from "../../context.js";
import { addCoins, coinsEqual, formatCoins, parseCoins, type Coin } from "../../coins/coins.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import type { StateReader } from "../../store/types.js";
import type { BankKeeper } from "./keeper.js";

export const BOND_DENOM = "uunit";

/** The native coin: 6 decimals, shown as UNIT. */
export function nativeDenomMetadata() {
  return create(MetadataSchema, {
    description: "The native token of the unit chain: fees, staking and governance deposits.",
    denomUnits: [
      { denom: BOND_DENOM, exponent: 0, aliases: ["microunit"] },
      { denom: "UNIT", exponent: 6, aliases: [] },
    ],
    base: BOND_DENOM,
    display: "UNIT",
    name: "UNIT",
    symbol: "UNIT",
  });
}

export function defaultBankGenesis(): unknown {
  return toJson(GenesisStateSchema, create(GenesisStateSchema, { params: { defaultSendEnabled: true }, denomMetadata: [nativeDenomMetadata()] }), {
    useProtoFieldName: true,
    alwaysEmitImplicit: true,
  });
}

export function initBankGenesis(ctx: Context, keeper: BankKeeper, raw: unknown): void {
  let g;
  try {
    g = fromJson(GenesisStateSchema, raw as never);
  } catch (err) {
    throw new Error(`bank genesis: ${(err as Error).message}`);
  }
  keeper.setParams(ctx, g.params ?? create(ParamsSchema, { defaultSendEnabled: true }));
  const seen = new Set<string>();
  let total: Coin[] = [];
  for (const [i, b] of g.balances.entries()) {
    const where = `bank genesis balances[${i}]`;
    const address = parseAccAddress(b.address, `${where}.address`);
    const id = Buffer.from(address).toString("hex"); // by bytes: bech32 may come in either case
    if (seen.has(id)) throw new Error(`${where}: duplicate address ${b.address}`);
    seen.add(id);
    const coins = parseCoins(b.coins);
    for (const c of coins) keeper.setGenesisBalance(ctx, address, c);
    total = addCoins(total, coins);
  }
  if (g.supply.length > 0 && !coinsEqual(parseCoins(g.supply), total)) {
    throw new Error(`bank genesis supply ${formatCoins(parseCoins(g.supply))} does not equal the sum of balances ${formatCoins(total)}`);
  }
  for (const c of total) keeper.setSupply(ctx, c);
  for (const m of g.denomMetadata) keeper.setDenomMetadata(ctx, m);
}

/** The whole bank state in the same shape: balances by account, the supply, params, metadata. */
export function exportBankGenesis(state: StateReader, keeper: BankKeeper): unknown {
  const g = create(GenesisStateSchema, {
    params: keeper.getParams(state),
    balances: [...keeper.allBalances(state)].map((b) => ({ address: accAddressToString(b.address), coins: toCoinMessages(b.coins) })),
    supply: toCoinMessages(keeper.allSupply(state)),
    denomMetadata: keeper.allDenomMetadata(state),
  });
  return toJson(GenesisStateSchema, g, { useProtoFieldName: true, alwaysEmitImplicit: true });
}

function toCoinMessages(coins: readonly Coin[]) {
  return coins.map((c) => ({ denom: c.denom, amount: c.amount.toString() }));
}
