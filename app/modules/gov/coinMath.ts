// Coin-list comparisons and the LegacyDec rounding gov's deposit rules use, as the SDK's
// sdk.Coins.IsAllGTE and LegacyDec.RoundInt / TruncateInt define them.
import { create } from "@bufbuild/protobuf";
import { CoinSchema, type Coin as WireCoin } from "../../../gen/cosmos/base/v1beta1/coin_pb.js";
import type { Coin } from "../../coins/coins.js";
import { DEC_ONE, decMul, decFromInt, decTruncate } from "../../../sdk/math/dec.js";

export function amountOf(coins: readonly Coin[], denom: string): bigint {
  return coins.find((c) => c.denom === denom)?.amount ?? 0n;
}

/**
 * sdk.Coins.IsAllGTE: `have` holds at least every coin of `need`. An empty `need` is always met;
 * an empty `have` never meets a non-empty `need`, even one of zero amounts.
 */
export function coinsAllGte(have: readonly Coin[], need: readonly Coin[]): boolean {
  if (need.length === 0) return true;
  if (have.length === 0) return false;
  return need.every((c) => amountOf(have, c.denom) >= c.amount);
}

/** Atomics to an integer, half to even (LegacyDec.RoundInt). */
export function decRoundInt(atomics: bigint): bigint {
  const quo = atomics / DEC_ONE;
  const rem = atomics % DEC_ONE;
  const half = DEC_ONE / 2n;
  if (rem < half) return quo;
  if (rem > half) return quo + 1n;
  return quo % 2n === 0n ? quo : quo + 1n;
}

/** Each coin scaled by a LegacyDec ratio, rounded half to even (zero amounts stay, as in the SDK). */
export function scaleCoinsRound(coins: readonly Coin[], ratio: bigint): Coin[] {
  return coins.map((c) => ({ denom: c.denom, amount: decRoundInt(decMul(decFromInt(c.amount), ratio)) }));
}

/** amount x ratio, truncated (LegacyNewDecFromInt(amount).Mul(ratio).TruncateInt()). */
export function scaleTruncate(amount: bigint, ratio: bigint): bigint {
  return decTruncate(decMul(decFromInt(amount), ratio));
}

/** Coins as protobuf messages, for fields of stored gov records. */
export function wireCoins(coins: readonly Coin[]): WireCoin[] {
  return coins.map((c) => create(CoinSchema, { denom: c.denom, amount: c.amount.toString() }));
}
