import assert from "node:assert/strict";
import { test } from "node:test";
import { planSettlement } from "./settlement.js";

const A = "aa".repeat(20);
const B = "bb".repeat(20);
const C = "cc".repeat(20);
const D = "dd".repeat(20);

test("a runTx shape: the sender pays value and tip, and the base fee is burned", () => {
  // Sender A: -(value 100 + gas 30); recipient C: +100; coinbase B: +10 (tip). Base fee 20 burns.
  const plan = planSettlement([
    { address: C, delta: 100n },
    { address: A, delta: -130n },
    { address: B, delta: 10n },
  ]);
  assert.deepEqual(plan, {
    transfers: [
      { from: A, to: B, amount: 10n },
      { from: A, to: C, amount: 100n },
    ],
    burns: [{ from: A, amount: 20n }],
  });
});

test("payers and payees are paired in address order whatever order the deltas come in", () => {
  const deltas = [
    { address: D, delta: 7n },
    { address: A, delta: -5n },
    { address: C, delta: -6n },
    { address: B, delta: 3n },
  ];
  const expected = {
    transfers: [
      { from: A, to: B, amount: 3n },
      { from: A, to: D, amount: 2n },
      { from: C, to: D, amount: 5n },
    ],
    burns: [{ from: C, amount: 1n }],
  };
  assert.deepEqual(planSettlement(deltas), expected);
  assert.deepEqual(planSettlement([...deltas].reverse()), expected);
});

test("the EVM never mints: more gained than lost is refused", () => {
  assert.throws(
    () =>
      planSettlement([
        { address: A, delta: -5n },
        { address: B, delta: 6n },
      ]),
    /would mint 1aunit/,
  );
  assert.throws(() => planSettlement([{ address: A, delta: 1n }]), /would mint/);
});

test("nothing moved, nothing planned", () => {
  assert.deepEqual(planSettlement([]), { transfers: [], burns: [] });
});
