// DecCoins as the SDK's sdk.DecCoins: a list sorted by denom of LegacyDec amounts (bigint atomics,
// value x 10^18), never holding a zero amount. Each operation rounds exactly where the SDK's does
// (MulDec rounds half to even; MulDecTruncate and QuoDecTruncate truncate), so every reward here
// matches the SDK's to the last atomic unit.
import { DEC_ONE, decMul, formatDec } from "../../../sdk/math/dec.js";
import type { Coin } from "../../coins/coins.js";

export interface DecCoin {
  denom: string;
  /** LegacyDec atomics. */
  amount: bigint;
}

export type DecCoins = readonly DecCoin[];

/** a x b truncated toward zero (LegacyDec.MulTruncate). */
export function decMulTruncate(a: bigint, b: bigint): bigint {
  return (a * b) / DEC_ONE;
}

/** a / b truncated toward zero (LegacyDec.QuoTruncate). Throws on b = 0. */
export function decQuoTruncate(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError("decimal division by zero");
  return (a * DEC_ONE) / b;
}

/** Coins as DecCoins (sdk.NewDecCoinsFromCoins); zero amounts are dropped. */
export function decCoinsFromCoins(coins: readonly Coin[]): DecCoin[] {
  return normalize(coins.map((c) => ({ denom: c.denom, amount: c.amount * DEC_ONE })));
}

/** Sorted by denom, same denoms merged, zeros dropped. */
function normalize(list: readonly DecCoin[]): DecCoin[] {
  const byDenom = new Map<string, bigint>();
  for (const c of list) byDenom.set(c.denom, (byDenom.get(c.denom) ?? 0n) + c.amount);
  return [...byDenom.keys()]
    .sort()
    .map((denom) => ({ denom, amount: byDenom.get(denom)! }))
    .filter((c) => c.amount !== 0n);
}

export function addDecCoins(...lists: DecCoins[]): DecCoin[] {
  return normalize(lists.flat());
}

/**
 * a - b; a negative result is a broken invariant of the caller (the SDK panics), never an
 * input error, so it throws a plain Error that fails the block rather than a tx code.
 */
export function subDecCoins(a: DecCoins, b: DecCoins): DecCoin[] {
  const out = normalize([...a, ...b.map((c) => ({ denom: c.denom, amount: -c.amount }))]);
  const negative = out.find((c) => c.amount < 0n);
  if (negative) throw new Error(`negative DecCoins: ${formatDecCoins(a)} - ${formatDecCoins(b)}`);
  return out;
}

export function amountOf(coins: DecCoins, denom: string): bigint {
  return coins.find((c) => c.denom === denom)?.amount ?? 0n;
}

/** Each amount x d, rounded half to even (DecCoins.MulDec). */
export function mulDec(coins: DecCoins, d: bigint): DecCoin[] {
  return normalize(coins.map((c) => ({ denom: c.denom, amount: decMul(c.amount, d) })));
}

/** Each amount x d, truncated (DecCoins.MulDecTruncate). */
export function mulDecTruncate(coins: DecCoins, d: bigint): DecCoin[] {
  return normalize(coins.map((c) => ({ denom: c.denom, amount: decMulTruncate(c.amount, d) })));
}

/** Each amount / d, truncated (DecCoins.QuoDecTruncate). */
export function quoDecTruncate(coins: DecCoins, d: bigint): DecCoin[] {
  return normalize(coins.map((c) => ({ denom: c.denom, amount: decQuoTruncate(c.amount, d) })));
}

/** Per denom of `a`, the smaller of the two amounts (DecCoins.Intersect). */
export function intersect(a: DecCoins, b: DecCoins): DecCoin[] {
  return normalize(a.map((c) => ({ denom: c.denom, amount: c.amount < amountOf(b, c.denom) ? c.amount : amountOf(b, c.denom) })));
}

/** The whole coins and the fractional change (DecCoins.TruncateDecimal). */
export function truncateDecimal(coins: DecCoins): { coins: Coin[]; change: DecCoin[] } {
  const whole = coins.map((c) => ({ denom: c.denom, amount: c.amount / DEC_ONE })).filter((c) => c.amount !== 0n);
  const change = normalize(coins.map((c) => ({ denom: c.denom, amount: c.amount % DEC_ONE })));
  return { coins: whole, change };
}

export function isZero(coins: DecCoins): boolean {
  return coins.length === 0;
}

export function decCoinsEqual(a: DecCoins, b: DecCoins): boolean {
  return a.length === b.length && a.every((c, i) => c.denom === b[i]!.denom && c.amount === b[i]!.amount);
}

/** "1.500000000000000000uunit,2.000000000000000000foo", as the SDK prints DecCoins in events. */
export function formatDecCoins(coins: DecCoins): string {
  return coins.map((c) => `${formatDec(c.amount)}${c.denom}`).join(",");
}
