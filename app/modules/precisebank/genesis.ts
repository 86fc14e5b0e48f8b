// Precisebank genesis: chain.precisebank.GenesisState in proto-JSON with snake_case names. Runs
// after bank's genesis, because the reserve's uunit balance (credited by bank genesis) must back
// exactly the fractional balances and the remainder listed here.
import { create, fromJson, toJson } from "@bufbuild/protobuf";
import { GenesisStateSchema } from "../../../gen/chain/precisebank/genesis_pb.js";
import type { Context } from "../../context.js";
import { parseAmount } from "../../coins/coins.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import type { StateReader } from "../../store/types.js";
import { CONVERSION_FACTOR, EXTENDED_DENOM, INTEGER_DENOM } from "./denoms.js";
import type { PrecisebankKeeper } from "./keeper.js";

export function defaultPrecisebankGenesis(): unknown {
  return toJson(GenesisStateSchema, create(GenesisStateSchema, { balances: [], remainder: "0" }), { useProtoFieldName: true, alwaysEmitImplicit: true });
}

/** Runs `check`, turning any failure into a plain error naming the genesis field. */
function at<T>(where: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    throw new Error(`precisebank genesis${where ? ` ${where}` : ""}: ${(err as Error).message}`);
  }
}

export function initPrecisebankGenesis(ctx: Context, keeper: PrecisebankKeeper, raw: unknown): void {
  const g = at("", () => fromJson(GenesisStateSchema, raw as never));
  const inBank = keeper.extendedSupplyInBank(ctx.store);
  if (inBank !== 0n) throw new Error(`precisebank genesis: bank has a supply of ${inBank}${EXTENDED_DENOM}; ${EXTENDED_DENOM} must never be a bank denom`);

  const seen = new Set<string>();
  let sum = 0n;
  for (const [i, b] of g.balances.entries()) {
    const where = `balances[${i}]`;
    const address = at(`${where}.address`, () => parseAccAddress(b.address, "address"));
    const id = Buffer.from(address).toString("hex"); // by bytes: bech32 may come in either case
    if (seen.has(id)) throw new Error(`precisebank genesis ${where}: duplicate address ${b.address}`);
    seen.add(id);
    if (Buffer.from(address).equals(Buffer.from(keeper.reserveAddress)))
      throw new Error(`precisebank genesis ${where}: the reserve cannot hold a fractional balance`);
    const amount = at(`${where}.amount`, () => parseAmount(b.amount));
    if (amount <= 0n || amount >= CONVERSION_FACTOR)
      throw new Error(`precisebank genesis ${where}.amount: ${amount}${EXTENDED_DENOM} must be above 0 and below ${CONVERSION_FACTOR}`);
    keeper.setFractionalBalance(ctx, address, amount);
    sum += amount;
  }

  const remainder = at("remainder", () => parseAmount(g.remainder, "remainder"));
  if (remainder >= CONVERSION_FACTOR) throw new Error(`precisebank genesis remainder: ${remainder}${EXTENDED_DENOM} must be below ${CONVERSION_FACTOR}`);
  keeper.setRemainder(ctx, remainder);

  // The reserve invariant, against what bank genesis credited the reserve.
  const reserve = keeper.reserveBalance(ctx.store);
  if (reserve * CONVERSION_FACTOR !== sum + remainder) {
    throw new Error(
      `precisebank genesis: reserve balance ${reserve}${INTEGER_DENOM} must equal the fractional balances ${sum}${EXTENDED_DENOM} ` +
        `plus the remainder ${remainder}${EXTENDED_DENOM}, divided by ${CONVERSION_FACTOR}`,
    );
  }
}

/** Every fractional balance in address order and the remainder. */
export function exportPrecisebankGenesis(state: StateReader, keeper: PrecisebankKeeper): unknown {
  const g = create(GenesisStateSchema, {
    balances: [...keeper.fractionalBalances(state)].map((b) => ({ address: accAddressToString(b.address), amount: b.amount.toString() })),
    remainder: keeper.getRemainder(state).toString(),
  });
  return toJson(GenesisStateSchema, g, { useProtoFieldName: true, alwaysEmitImplicit: true });
}
