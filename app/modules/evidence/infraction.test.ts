// Double signs over the real staking and slashing keepers: a duplicate vote (and a light client
// attack, treated alike) slashes 5 % of the power at the infraction, jails the validator until
// 9999-12-31, tombstones it and stores the evidence by hash; the next end block takes it out of
// CometBFT's set. Ignored: unknown types, unknown or unbonded validators, evidence too old in
// both blocks and time (old in one sense only is still punished), and a tombstoned validator.
import { test } from "node:test";
import assert from "node:assert/strict";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { consAddressToString } from "../../../common/address.js";
import type { BlockMisbehavior } from "../../context.js";
import { consOf, operatorOf, SlashingHarness, UNIT } from "../slashing/testHarness.js";
import { equivocationFromMisbehavior, equivocationHash, unpackEquivocation } from "./equivocation.js";
import { eventsOfType } from "../../../test/support/eventAttributes.js";

const POWERS = [10n, 10n, 10n, 10n];

function misbehavior(h: SlashingHarness, n: number, type: number, height: bigint, power = 10n): BlockMisbehavior {
  return {
    type,
    consAddress: consOf(n),
    power,
    height,
    time: timestampFromMs(Number(h.ctx.header.time.seconds) * 1000 - Number(h.f.height - height) * 1000),
    totalVotingPower: 40n,
  };
}

function harness(): SlashingHarness {
  const h = SlashingHarness.create(POWERS);
  h.setConsensusParams({ evidence: { maxAgeNumBlocks: 5n, maxAgeDuration: { seconds: 10n }, maxBytes: 1_048_576n } });
  for (let i = 0; i < 3; i++) h.block(h.votes(POWERS));
  return h;
}

for (const [type, name] of [
  [1, "duplicate vote"],
  [2, "light client attack"],
] as const) {
  test(`a ${name} slashes 5 %, jails for good, tombstones and stores the evidence`, () => {
    const h = harness();
    try {
      const m = misbehavior(h, 2, type, 2n);
      const { events, updates } = h.block(h.votes(POWERS), [m]);
      const address = consAddressToString(consOf(2));
      const slashes = eventsOfType(events, "slash");
      assert.deepEqual(slashes, [{ address, power: "10", reason: "double_sign", burned_coins: "500000" }, { jailed: address }]);
      const view = h.f.staking.validatorView(h.ctx.store, operatorOf(2))!;
      assert.equal(view.jailed, true);
      assert.equal(view.tokens, 10n * UNIT - 500_000n);
      const info = h.slashing.getSigningInfo(h.ctx.store, consOf(2))!;
      assert.equal(info.tombstoned, true);
      assert.equal(info.jailedUntil?.seconds, 253_402_300_799n);
      const stored = h.evidence.getEvidence(h.ctx.store, equivocationHash(equivocationFromMisbehavior(m)))!;
      const e = unpackEquivocation(stored);
      assert.deepEqual([e.height, e.power, e.consensusAddress, e.time?.seconds], [2n, 10n, address, m.time.seconds]);
      assert.deepEqual(
        updates.map((u) => u.power),
        [0n],
      );

      // The same double sign reported again finds the validator tombstoned: nothing more happens.
      const again = h.block(h.votes(POWERS), [m]);
      assert.ok(!again.events.some((e) => e.type === "slash"));
      assert.equal(h.f.staking.validatorView(h.ctx.store, operatorOf(2))!.tokens, 10n * UNIT - 500_000n);
    } finally {
      h.close();
    }
  });
}

test("evidence of an unknown type, or of a validator staking does not know, is ignored", () => {
  const h = harness();
  try {
    const before = h.f.snapshot();
    const unknownType = misbehavior(h, 1, 0, 3n);
    const stranger = { ...misbehavior(h, 1, 1, 3n), consAddress: new Uint8Array(20).fill(0x42) };
    const { events } = h.block([], [unknownType, stranger]);
    assert.deepEqual(events, []);
    assert.equal(h.f.snapshot(), before);
  } finally {
    h.close();
  }
});

test("evidence older than max_age_num_blocks AND max_age_duration is ignored; older in one sense only is handled", () => {
  const h = harness();
  try {
    for (let i = 0; i < 10; i++) h.block(h.votes(POWERS));
    // Now height 13, one second per block. Height 2 is 11 blocks and 11 s old: stale on both counts.
    const stale = misbehavior(h, 1, 1, 2n);
    assert.ok(!h.block(h.votes(POWERS), [stale]).events.some((e) => e.type === "slash"));
    assert.equal(h.slashing.isTombstoned(h.ctx.store, consOf(1)), false);
    // Height 3 reported with a recent time: too many blocks ago but not too long ago.
    const recentTime = { ...misbehavior(h, 1, 1, 3n), time: timestampFromMs(Number(h.ctx.header.time.seconds) * 1000 - 5000) };
    assert.ok(h.block(h.votes(POWERS), [recentTime]).events.some((e) => e.type === "slash"));
    assert.equal(h.slashing.isTombstoned(h.ctx.store, consOf(1)), true);
    // Recent in blocks (12 of 16), old in time: handled too.
    const oldTime = { ...misbehavior(h, 3, 1, 12n), time: timestampFromMs(Number(h.ctx.header.time.seconds) * 1000 - 60_000) };
    assert.ok(h.block(h.votes(POWERS), [oldTime]).events.some((e) => e.type === "slash"));
    assert.equal(h.slashing.isTombstoned(h.ctx.store, consOf(3)), true);
  } finally {
    h.close();
  }
});

test("without consensus params in state there is no age limit", () => {
  const h = harness();
  try {
    h.setConsensusParams(undefined);
    for (let i = 0; i < 10; i++) h.block(h.votes(POWERS));
    assert.ok(h.block(h.votes(POWERS), [misbehavior(h, 4, 1, 1n)]).events.some((e) => e.type === "slash"));
  } finally {
    h.close();
  }
});

test("a validator already jailed for downtime is slashed and tombstoned without a second jail event", () => {
  const h = harness();
  try {
    h.f.staking.jail(h.ctx, consOf(4));
    const { events } = h.block(h.votes(POWERS), [misbehavior(h, 4, 1, 3n)]);
    const slashes = eventsOfType(events, "slash");
    assert.equal(slashes.length, 1, JSON.stringify(slashes));
    assert.equal(slashes[0]!.reason, "double_sign");
    assert.equal(h.slashing.isTombstoned(h.ctx.store, consOf(4)), true);
  } finally {
    h.close();
  }
});
