// The exchange rate between a validator's tokens and its delegators' shares, as the SDK's
// x/staking/types/validator.go computes it. Shares are LegacyDec atomics (x 10^18); tokens are
// integers. This chain has no slashing, so the rate stays 1:1 (1 token = 10^18 share atomics),
// but every path uses the general formulas so rounding matches the SDK's if that ever changes.
import { DEC_ONE, decMulInt, decQuo, decTruncate } from "../../../sdk/math/dec.js";
import { sdkErrors } from "../../../common/errors.js";
import { stakingErrors } from "./errors.js";

export interface ValidatorAmounts {
  tokens: bigint;
  /** LegacyDec atomics. */
  delegatorShares: bigint;
}

/** Shares worth `amount` tokens: shares x amount / tokens, truncated (LegacyDec MulInt then QuoInt). */
export function sharesFromTokens(v: ValidatorAmounts, amount: bigint): bigint {
  if (v.tokens === 0n) throw stakingErrors.insufficientShares.wrap("validator has no tokens");
  return (v.delegatorShares * amount) / v.tokens;
}

/** Tokens worth `shares`, as a LegacyDec (atomics): shares x tokens / delegatorShares. */
export function tokensFromShares(v: ValidatorAmounts, shares: bigint): bigint {
  return decQuo(decMulInt(shares, v.tokens), v.delegatorShares);
}

/** A validator that holds shares but no tokens cannot price new shares (SDK InvalidExRate). */
export function invalidExRate(v: ValidatorAmounts): boolean {
  return v.tokens === 0n && v.delegatorShares > 0n;
}

/** Adds delegated tokens; returns the new amounts and the shares issued for them. */
export function addTokensFromDelegation(v: ValidatorAmounts, amount: bigint): { next: ValidatorAmounts; issuedShares: bigint } {
  const issuedShares = v.delegatorShares === 0n ? amount * DEC_ONE : sharesFromTokens(v, amount);
  return { next: { tokens: v.tokens + amount, delegatorShares: v.delegatorShares + issuedShares }, issuedShares };
}

/**
 * Removes `shares`; returns the new amounts and the tokens paid out for them. The last shares
 * take every remaining token, so no dust stays behind; otherwise the payout is truncated and the
 * remainder stays with the validator (SDK RemoveDelShares).
 */
export function removeDelegatorShares(v: ValidatorAmounts, shares: bigint): { next: ValidatorAmounts; issuedTokens: bigint } {
  const remaining = v.delegatorShares - shares;
  // Callers check the delegation's shares first; reaching these is a bug, not bad input.
  if (remaining < 0n) throw sdkErrors.logic.wrap(`removing ${shares} share atomics from ${v.delegatorShares}`);
  const issuedTokens = remaining === 0n ? v.tokens : decTruncate(tokensFromShares(v, shares));
  if (issuedTokens > v.tokens) throw sdkErrors.logic.wrap("removing more tokens than the validator holds");
  return { next: { tokens: v.tokens - issuedTokens, delegatorShares: remaining }, issuedTokens };
}
