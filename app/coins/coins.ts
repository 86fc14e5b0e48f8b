// Coin amounts as the chain handles them: validated denoms, unsigned integers below 2^256 (the
// SDK's math.Int bound), lists sorted by denom with no duplicates. All arithmetic is bigint.
import { sdkErrors } from "../../common/errors.js";
import { DENOM_PATTERN, MAX_COIN_AMOUNT } from "../../sdk/tx/coins.js";

export interface Coin {
  denom: string;
  amount: bigint;
}

/** Amounts are at most 256 bits, as the SDK's math.Int; the same bound the client SDK applies. */
export const MAX_AMOUNT = MAX_COIN_AMOUNT;

export function validateDenom(denom: string): void {
  if (!DENOM_PATTERN.test(denom)) throw sdkErrors.invalidCoins.wrap(`invalid denom: "${denom.length > 140 ? denom.slice(0, 140) + "…" : denom}"`);
}

/** Parses a wire amount (decimal string without sign); empty means zero, as in gogoproto Int. */
export function parseAmount(raw: string, what = "amount"): bigint {
  if (raw === "") return 0n;
  if (!/^\d{1,78}$/.test(raw))
    throw sdkErrors.invalidCoins.wrap(`invalid ${what} "${raw.length > 90 ? raw.slice(0, 90) + "…" : raw}": must be an unsigned integer`);
  const value = BigInt(raw);
  if (value > MAX_AMOUNT) throw sdkErrors.invalidCoins.wrap(`${what} ${raw} overflows 256 bits`);
  return value;
}

/**
 * Validates a coin list from a message: each denom valid, each amount positive (or zero when
 * `allowZero`), sorted by denom, no duplicates. Returns the parsed coins.
 */
export function parseCoins(coins: readonly { denom: string; amount: string }[], options: { allowZero?: boolean } = {}): Coin[] {
  const out: Coin[] = [];
  for (const c of coins) {
    validateDenom(c.denom);
    const amount = parseAmount(c.amount, `amount of ${c.denom}`);
    if (amount === 0n && !options.allowZero) throw sdkErrors.invalidCoins.wrap(`coin ${formatCoins([{ denom: c.denom, amount }])} amount is not positive`);
    const prev = out[out.length - 1];
    if (prev && prev.denom >= c.denom) {
      throw sdkErrors.invalidCoins.wrap(
        prev.denom === c.denom ? `duplicate denomination ${c.denom}` : `coins are not sorted by denom: ${prev.denom} before ${c.denom}`,
      );
    }
    out.push({ denom: c.denom, amount });
  }
  return out;
}

/** `1000uunit,5foo`, the SDK's string form; empty list prints as an empty string. */
export function formatCoins(coins: readonly Coin[]): string {
  return coins.map((c) => `${c.amount}${c.denom}`).join(",");
}

/** Wire form for protobuf messages. */
export function toWireCoins(coins: readonly Coin[]): { denom: string; amount: string }[] {
  return coins.map((c) => ({ denom: c.denom, amount: c.amount.toString() }));
}

/** Sum of two sorted coin lists, sorted; a sum past 256 bits is an error. */
export function addCoins(a: readonly Coin[], b: readonly Coin[]): Coin[] {
  return sumCoins([a, b]);
}

/** Sum of any number of coin lists in one pass, sorted by denom; past 256 bits is an error. */
export function sumCoins(lists: readonly (readonly Coin[])[]): Coin[] {
  const byDenom = new Map<string, bigint>();
  for (const list of lists) for (const c of list) byDenom.set(c.denom, (byDenom.get(c.denom) ?? 0n) + c.amount);
  const denoms = [...byDenom.keys()].sort();
  return denoms.map((denom) => {
    const amount = byDenom.get(denom)!;
    if (amount > MAX_AMOUNT) throw sdkErrors.invalidCoins.wrap(`sum of ${denom} overflows 256 bits`);
    return { denom, amount };
  });
}

export function coinsEqual(a: readonly Coin[], b: readonly Coin[]): boolean {
  const x = a.filter((c) => c.amount > 0n);
  const y = b.filter((c) => c.amount > 0n);
  return x.length === y.length && x.every((c, i) => c.denom === y[i]!.denom && c.amount === y[i]!.amount);
}
