// DecCoins rounding as the SDK's: MulDec rounds half to even, the truncating forms truncate,
// TruncateDecimal splits whole and change, Intersect takes the smaller amount, zeros vanish, and
// a negative difference is refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseDec } from "../../../sdk/math/dec.js";
import { addDecCoins, decQuoTruncate, formatDecCoins, intersect, mulDec, mulDecTruncate, quoDecTruncate, subDecCoins, truncateDecimal } from "./decCoins.js";

const d = (text: string) => parseDec(text);
const c = (denom: string, text: string) => ({ denom, amount: d(text) });

test("mulDec rounds half to even at the 18th digit; mulDecTruncate truncates", () => {
  // 0.000000000000000005 x 0.5 = 0.0000000000000000025: rounds to ...002 (even), truncates to ...002.
  assert.deepEqual(mulDec([c("a", "0.000000000000000005")], d("0.5")), [c("a", "0.000000000000000002")]);
  assert.deepEqual(mulDec([c("a", "0.000000000000000007")], d("0.5")), [c("a", "0.000000000000000004")]);
  assert.deepEqual(mulDecTruncate([c("a", "0.000000000000000007")], d("0.5")), [c("a", "0.000000000000000003")]);
  assert.deepEqual(mulDec([c("a", "0.000000000000000001")], d("0.1")), [], "a product rounded to zero is dropped");
});

test("quoDecTruncate and decQuoTruncate truncate; division by zero throws", () => {
  assert.equal(decQuoTruncate(d("1"), d("3")), d("0.333333333333333333"));
  assert.deepEqual(quoDecTruncate([c("a", "2")], d("3")), [c("a", "0.666666666666666666")]);
  assert.throws(() => decQuoTruncate(1n, 0n), RangeError);
});

test("truncateDecimal splits whole coins and change", () => {
  assert.deepEqual(truncateDecimal([c("a", "12.75"), c("b", "0.5"), c("c", "3")]), {
    coins: [
      { denom: "a", amount: 12n },
      { denom: "c", amount: 3n },
    ],
    change: [c("a", "0.75"), c("b", "0.5")],
  });
});

test("add sorts and merges; sub refuses a negative result; intersect takes the minimum per denom of the first", () => {
  assert.deepEqual(addDecCoins([c("b", "1")], [c("a", "2"), c("b", "1")]), [c("a", "2"), c("b", "2")]);
  assert.deepEqual(subDecCoins([c("a", "2"), c("b", "1")], [c("b", "1")]), [c("a", "2")]);
  assert.throws(() => subDecCoins([c("a", "1")], [c("a", "1.000000000000000001")]), /negative DecCoins/);
  assert.throws(() => subDecCoins([], [c("a", "1")]), /negative DecCoins/);
  assert.deepEqual(intersect([c("a", "5"), c("b", "1")], [c("a", "3")]), [c("a", "3")]);
  assert.equal(formatDecCoins([c("a", "1.5"), c("b", "2")]), "1.500000000000000000a,2.000000000000000000b");
});
