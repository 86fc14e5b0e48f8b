import { test } from "node:test";
import assert from "node:assert/strict";
import { DEC_ONE } from "../../../sdk/math/dec.js";
import { addTokensFromDelegation, removeDelegatorShares, sharesFromTokens, tokensFromShares } from "./shares.js";

test("without slashing the rate stays 1 token = 10^18 share atomics through any sequence", () => {
  let v = { tokens: 0n, delegatorShares: 0n };
  const amounts = [100_000_000_000n, 1n, 7n, 999_999n, 123_456_789n];
  for (const amount of amounts) {
    const { next, issuedShares } = addTokensFromDelegation(v, amount);
    assert.equal(issuedShares, amount * DEC_ONE);
    v = next;
    assert.equal(v.delegatorShares, v.tokens * DEC_ONE, "invariant shares = tokens x 10^18");
  }
  for (const amount of [3n, 999_999n, 50_000_000_000n]) {
    const { next, issuedTokens } = removeDelegatorShares(v, sharesFromTokens(v, amount));
    assert.equal(issuedTokens, amount);
    v = next;
    assert.equal(v.delegatorShares, v.tokens * DEC_ONE, "invariant after removal");
  }
  const { next, issuedTokens } = removeDelegatorShares(v, v.delegatorShares);
  assert.equal(issuedTokens, v.tokens, "the last shares take every token");
  assert.deepEqual(next, { tokens: 0n, delegatorShares: 0n });
});

test("at a rate other than 1:1 the SDK's truncation and rounding apply", () => {
  // 3 tokens backing 2 shares: 1 token buys 2/3 share, truncated at the 18th digit.
  const v = { tokens: 3n, delegatorShares: 2n * DEC_ONE };
  assert.equal(sharesFromTokens(v, 1n), 666_666_666_666_666_666n);
  // 1 share is worth 1.5 tokens; the payout truncates to 1 and the half token stays behind.
  assert.equal(tokensFromShares(v, DEC_ONE), 1_500_000_000_000_000_000n);
  const { next, issuedTokens } = removeDelegatorShares(v, DEC_ONE);
  assert.equal(issuedTokens, 1n);
  assert.deepEqual(next, { tokens: 2n, delegatorShares: DEC_ONE });
  assert.throws(() => sharesFromTokens({ tokens: 0n, delegatorShares: DEC_ONE }, 1n), /insufficient delegation shares/);
  assert.throws(() => removeDelegatorShares(v, 3n * DEC_ONE), /internal logic error/);
});
