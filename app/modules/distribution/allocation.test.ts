// The begin-block allocation over the real staking keeper: fees leave fee_collector for the
// distribution account, the community tax and truncation remainders go to the pool, validators
// share by power, each share split into commission (10 %, the genesis rate) and delegator rewards.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseDec } from "../../../sdk/math/dec.js";
import { DistributionChain, acc, addr, DISTRIBUTION_ADDRESS, FEE_COLLECTOR_ADDRESS, valoper } from "./testHarness.js";
import { eventsOfType } from "../../../test/support/eventAttributes.js";

const d = (text: string) => parseDec(text);
const UNIT = 1_000_000n;

function chain() {
  return DistributionChain.create({
    balances: { 1: 1000n * UNIT, 2: 1000n * UNIT, 9: 1000n * UNIT },
    validators: [
      { n: 1, amount: 100n * UNIT },
      { n: 2, amount: 300n * UNIT },
    ],
  });
}

test("fees of the previous block: 2 % to the pool, the rest by power, 10 % of each share as commission", () => {
  const c = chain();
  try {
    c.nextBlock(); // height 1: nothing to allocate yet
    c.payFee(9, 1000n);
    const events = c.nextBlock(); // height 2
    assert.equal(c.balance(FEE_COLLECTOR_ADDRESS), 0n, "fee_collector is emptied");
    assert.equal(c.balance(DISTRIBUTION_ADDRESS), 1000n, "the fees sit in the distribution account");
    const k = c.distribution;
    // 1000 x 0.98 = 980: v1 has 100/400 of the power (245), v2 300/400 (735); 20 to the pool.
    assert.deepEqual(k.communityPool(c.branch), [{ denom: "uunit", amount: d("20") }]);
    assert.deepEqual(k.outstanding(c.branch, addr(1)), [{ denom: "uunit", amount: d("245") }]);
    assert.deepEqual(k.outstanding(c.branch, addr(2)), [{ denom: "uunit", amount: d("735") }]);
    assert.deepEqual(k.commission(c.branch, addr(1)), [{ denom: "uunit", amount: d("24.5") }]);
    assert.deepEqual(k.commission(c.branch, addr(2)), [{ denom: "uunit", amount: d("73.5") }]);
    assert.deepEqual(k.currentRewards(c.branch, addr(1))?.rewards, [{ denom: "uunit", amount: d("220.5") }]);
    assert.deepEqual(k.currentRewards(c.branch, addr(2))?.rewards, [{ denom: "uunit", amount: d("661.5") }]);
    const byType = (type: string) => eventsOfType(events, type);
    assert.deepEqual(byType("commission"), [
      { amount: "24.500000000000000000uunit", validator: valoper(1) },
      { amount: "73.500000000000000000uunit", validator: valoper(2) },
    ]);
    assert.deepEqual(byType("rewards"), [
      { amount: "245.000000000000000000uunit", validator: valoper(1) },
      { amount: "735.000000000000000000uunit", validator: valoper(2) },
    ]);
  } finally {
    c.close();
  }
});

test("height 1 allocates nothing; fees wait in fee_collector for the next block", () => {
  const c = chain();
  try {
    c.payFee(9, 500n);
    c.nextBlock();
    assert.equal(c.balance(FEE_COLLECTOR_ADDRESS), 500n);
    assert.deepEqual(c.distribution.communityPool(c.branch), []);
    c.nextBlock();
    assert.equal(c.balance(FEE_COLLECTOR_ADDRESS), 0n);
  } finally {
    c.close();
  }
});

test("no power in the last commit: everything to the community pool", () => {
  const c = chain();
  try {
    c.nextBlock();
    c.payFee(9, 777n);
    c.nextBlock([]);
    assert.deepEqual(c.distribution.communityPool(c.branch), [{ denom: "uunit", amount: d("777") }]);
    assert.deepEqual(c.distribution.outstanding(c.branch, addr(1)), []);
  } finally {
    c.close();
  }
});

test("a vote of a consensus address staking does not know keeps its share in the pool; absent votes share too", () => {
  const c = chain();
  try {
    c.nextBlock();
    c.payFee(9, 1000n);
    const votes = c.bondedVotes();
    votes[0]!.blockIdFlag = 1; // absent: v0.50 still pays it by power
    c.nextBlock([...votes, { consAddress: new Uint8Array(20).fill(0xee), power: 400n, blockIdFlag: 2 }]);
    // Total power 800: 980 x 1/8 = 122.5 to v1, 980 x 3/8 = 367.5 to v2, 510 to the pool.
    assert.deepEqual(c.distribution.outstanding(c.branch, addr(1)), [{ denom: "uunit", amount: d("122.5") }]);
    assert.deepEqual(c.distribution.outstanding(c.branch, addr(2)), [{ denom: "uunit", amount: d("367.5") }]);
    assert.deepEqual(c.distribution.communityPool(c.branch), [{ denom: "uunit", amount: d("510") }]);
  } finally {
    c.close();
  }
});

test("every denom fee_collector holds is allocated, each truncated on its own", () => {
  const c = DistributionChain.create({
    balances: { 1: 1000n * UNIT, 2: 1000n * UNIT },
    validators: [
      { n: 1, amount: 100n * UNIT },
      { n: 2, amount: 200n * UNIT },
    ],
    rawBalances: [{ address: acc(3), coins: [{ denom: "foo", amount: "10" }] }],
  });
  try {
    c.nextBlock();
    c.bank.send(c.ctx, addr(1), FEE_COLLECTOR_ADDRESS, [{ denom: "uunit", amount: 1n }]);
    c.bank.send(c.ctx, addr(3), FEE_COLLECTOR_ADDRESS, [{ denom: "foo", amount: 10n }]);
    c.nextBlock();
    // The power fraction is truncated first (1/3 = 0.333333333333333333), then each product:
    // foo 9.8 x 1/3 = 3.266666666666666663, uunit 0.98 x 1/3 = 0.326666666666666666, and so on.
    assert.deepEqual(c.distribution.outstanding(c.branch, addr(1)), [
      { denom: "foo", amount: d("3.266666666666666663") },
      { denom: "uunit", amount: d("0.326666666666666666") },
    ]);
    assert.deepEqual(c.distribution.outstanding(c.branch, addr(2)), [
      { denom: "foo", amount: d("6.533333333333333326") },
      { denom: "uunit", amount: d("0.653333333333333332") },
    ]);
    assert.deepEqual(c.distribution.communityPool(c.branch), [
      { denom: "foo", amount: d("0.200000000000000011") },
      { denom: "uunit", amount: d("0.020000000000000002") },
    ]);
    assert.equal(c.balance(DISTRIBUTION_ADDRESS, "foo"), 10n);
  } finally {
    c.close();
  }
});
