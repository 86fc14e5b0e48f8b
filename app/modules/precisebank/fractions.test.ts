// The pure borrow/carry arithmetic.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CONVERSION_FACTOR as CF } from "./denoms.js";
import { addFraction, splitExtended, subFraction } from "./fractions.js";

test("splitExtended divides at 10^12", () => {
  assert.deepEqual(splitExtended(0n), { integer: 0n, fractional: 0n });
  assert.deepEqual(splitExtended(CF - 1n), { integer: 0n, fractional: CF - 1n });
  assert.deepEqual(splitExtended(CF), { integer: 1n, fractional: 0n });
  assert.deepEqual(splitExtended(3n * CF + 7n), { integer: 3n, fractional: 7n });
});

test("subFraction borrows exactly when the result would be negative", () => {
  assert.deepEqual(subFraction(10n, 10n), { fraction: 0n, borrow: false });
  assert.deepEqual(subFraction(10n, 11n), { fraction: CF - 1n, borrow: true });
  assert.deepEqual(subFraction(0n, CF - 1n), { fraction: 1n, borrow: true });
});

test("addFraction carries exactly when the result reaches 10^12", () => {
  assert.deepEqual(addFraction(CF - 2n, 1n), { fraction: CF - 1n, carry: false });
  assert.deepEqual(addFraction(CF - 2n, 2n), { fraction: 0n, carry: true });
  assert.deepEqual(addFraction(CF - 1n, CF - 1n), { fraction: CF - 2n, carry: true });
});

test("inputs outside [0, 10^12) are programming errors", () => {
  assert.throws(() => subFraction(CF, 1n), RangeError);
  assert.throws(() => addFraction(1n, CF), RangeError);
  assert.throws(() => addFraction(-1n, 1n), RangeError);
});
