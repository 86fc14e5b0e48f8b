// The staking hooks: genesis bonding creates each validator's signing record from the genesis
// height; bonding again keeps the record (jail time, counters) and moves only its start height;
// removal deletes the record and bitmap, except a tombstoned validator's, which stays.
import { test } from "node:test";
import assert from "node:assert/strict";
import { consAddressToString } from "../../../common/address.js";
import { slashingHooks } from "./hooks.js";
import { consOf, FLAG_ABSENT, operatorOf, SlashingHarness } from "./testHarness.js";

const POWERS = [10n, 10n, 10n];

test("genesis validators get a fresh signing record through afterValidatorBonded", () => {
  const h = SlashingHarness.create(POWERS);
  try {
    for (const n of [1, 2, 3]) {
      const info = h.slashing.getSigningInfo(h.ctx.store, consOf(n))!;
      assert.equal(info.address, consAddressToString(consOf(n)));
      assert.deepEqual([info.startHeight, info.indexOffset, info.missedBlocksCounter, info.tombstoned, info.jailedUntil?.seconds], [0n, 0n, 0n, false, 0n]);
    }
  } finally {
    h.close();
  }
});

test("bonding again moves only the start height; removal deletes the record unless tombstoned", () => {
  const h = SlashingHarness.create(POWERS);
  try {
    h.block(h.votes(POWERS, [FLAG_ABSENT, FLAG_ABSENT]));
    h.block(h.votes(POWERS, [FLAG_ABSENT, FLAG_ABSENT]));
    const hooks = slashingHooks(h.slashing);
    hooks.afterValidatorBonded(h.ctx, consOf(1), operatorOf(1));
    const info = h.slashing.getSigningInfo(h.ctx.store, consOf(1))!;
    assert.deepEqual([info.startHeight, info.indexOffset, info.missedBlocksCounter], [2n, 2n, 2n]);

    hooks.afterValidatorRemoved(h.ctx, consOf(1), operatorOf(1));
    assert.equal(h.slashing.getSigningInfo(h.ctx.store, consOf(1)), undefined);
    assert.deepEqual(h.slashing.missedIndexes(h.ctx.store, consOf(1)), [], "the bitmap goes with it");

    h.slashing.tombstone(h.ctx, consOf(2));
    hooks.afterValidatorRemoved(h.ctx, consOf(2), operatorOf(2));
    assert.equal(h.slashing.getSigningInfo(h.ctx.store, consOf(2))?.tombstoned, true, "a tombstone is kept");
    assert.throws(() => h.slashing.tombstone(h.ctx, consOf(2)), /already tombstoned/);
    assert.throws(() => h.slashing.tombstone(h.ctx, consOf(1)), /does not have any signing information/);
  } finally {
    h.close();
  }
});
