// Coin amounts as users type them ("1000uunit", "5000uunit,3foo"), checked the way the Cosmos SDK
// checks them, so a bad amount is refused here with a clear message instead of by the chain.

/** A coin as it travels in messages and fees: the amount is a decimal string (it may exceed 2^53). */
export interface Coin {
  denom: string;
  amount: string;
}

/** The SDK's denom rule (types/coin.go): a letter, then 2 to 127 of [a-zA-Z0-9/:._-]. */
export const DENOM_PATTERN = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;

/** sdk.Int is bounded to 256 bits; larger amounts are refused by the chain, so refuse them here. */
export const MAX_COIN_AMOUNT = (1n << 256n) - 1n;

export class CoinParseError extends Error {
  override name = "CoinParseError";
}

/** Throws unless `denom` is a valid denomination. */
export function assertDenom(denom: string): void {
  if (!DENOM_PATTERN.test(denom)) {
    throw new CoinParseError(`invalid denom "${denom}": a denom starts with a letter and has 3 to 128 characters of a-z, A-Z, 0-9, / : . _ -`);
  }
}

/**
 * One coin, "<unsigned integer><denom>", optionally with spaces between (as the SDK allows).
 * Decimal amounts, signs and amounts above 2^256-1 are refused.
 */
export function parseCoin(text: string): Coin {
  const trimmed = text.trim();
  const match = /^([0-9]+)\s*([^\s0-9].*)$/.exec(trimmed);
  if (!match) {
    if (/^[+-]/.test(trimmed)) throw new CoinParseError(`invalid coin "${trimmed}": the amount must be an unsigned integer, without a sign`);
    if (/^[0-9]*\.[0-9]/.test(trimmed))
      throw new CoinParseError(`invalid coin "${trimmed}": the amount must be an integer in the base denom (e.g. 1000000uunit for 1 UNIT)`);
    throw new CoinParseError(`invalid coin "${trimmed}": expected an integer amount followed by a denom, e.g. 1000uunit`);
  }
  const [, digits, denom] = match as unknown as [string, string, string];
  if (denom.startsWith("."))
    throw new CoinParseError(`invalid coin "${trimmed}": the amount must be an integer in the base denom (e.g. 1000000uunit for 1 UNIT)`);
  assertDenom(denom);
  const amount = BigInt(digits);
  if (amount > MAX_COIN_AMOUNT) throw new CoinParseError(`invalid coin "${trimmed}": the amount is larger than 2^256-1`);
  return { denom, amount: amount.toString() };
}

/**
 * A comma-separated coin list, normalized like the SDK's ParseCoinsNormalized: zero amounts are
 * dropped, the result is sorted by denom, a denom given twice is an error. "" is the empty list.
 */
export function parseCoins(text: string): Coin[] {
  if (text.trim() === "") return [];
  const coins = text.split(",").map((part, i) => {
    if (part.trim() === "") throw new CoinParseError(`invalid coins "${text}": coin ${i + 1} is empty`);
    return parseCoin(part);
  });
  const seen = new Set<string>();
  for (const coin of coins) {
    if (seen.has(coin.denom)) throw new CoinParseError(`invalid coins "${text}": duplicate denom ${coin.denom}`);
    seen.add(coin.denom);
  }
  // Sorted by byte order of the denom, as sdk.Coins requires (a chain rejects unsorted fees).
  return coins.filter((c) => c.amount !== "0").sort((a, b) => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0));
}

/** "1000uunit,3foo": the inverse of parseCoins for a normalized list. */
export function formatCoins(coins: readonly Coin[]): string {
  return coins.map((c) => `${c.amount}${c.denom}`).join(",");
}
