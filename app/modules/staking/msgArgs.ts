// Parsing and checking the fields staking messages share: addresses, coins in the bond denom.
import type { Coin as WireCoin } from "../../../gen/cosmos/base/v1beta1/coin_pb.js";
import type { Context } from "../../context.js";
import { parseAmount, validateDenom, type Coin } from "../../coins/coins.js";
import { sdkErrors } from "../../../common/errors.js";
import { parseAccAddress } from "../../../common/address.js";
import type { StakingStore } from "./store.js";

/** A positive amount of a well-formed denom; `what` is the SDK's wording for the failure. */
export function positiveCoin(amount: WireCoin | undefined, what: string): Coin {
  if (!amount) throw sdkErrors.invalidRequest.wrap(`${what}: amount is missing`);
  let coin: Coin;
  try {
    validateDenom(amount.denom);
    coin = { denom: amount.denom, amount: parseAmount(amount.amount) };
  } catch (err) {
    throw sdkErrors.invalidRequest.wrap(`${what}: ${(err as Error).message}`);
  }
  if (coin.amount === 0n) throw sdkErrors.invalidRequest.wrap(`${what}: amount must be positive`);
  return coin;
}

export function checkBondDenom(ctx: Context, keeper: StakingStore, denom: string): void {
  const { bondDenom } = keeper.getParams(ctx.store);
  if (denom !== bondDenom) throw sdkErrors.invalidRequest.wrap(`invalid coin denomination: got ${denom}, expected ${bondDenom}`);
}

export const delegatorArg = (text: string) => parseAccAddress(text, "delegator address");

/** A cosmos.Int field that must be a positive integer; `what` names it in the error. */
export function positiveInt(text: string, what: string): bigint {
  let n: bigint;
  try {
    n = parseAmount(text, what);
  } catch {
    throw sdkErrors.invalidRequest.wrap(`${what} must be a positive integer`);
  }
  if (n <= 0n) throw sdkErrors.invalidRequest.wrap(`${what} must be a positive integer`);
  return n;
}
