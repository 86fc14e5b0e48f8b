// Liveness over the real staking keeper: missed blocks counted in the window, the counter and the
// bitmap agree, a validator past min height that missed too many is slashed (1 % of the power it
// signed with), jailed until block time + the jail duration, leaves CometBFT's set at the end
// block and starts a clean window; jailed validators are not counted; exactly the threshold is not
// punished; a validator without a record gets one at its first vote.
import { test } from "node:test";
import assert from "node:assert/strict";
import { consAddressToString } from "../../../common/address.js";
import { parseDec } from "../../../sdk/math/dec.js";
import { FLAG_ABSENT, FLAG_COMMIT, FLAG_NIL, consOf, operatorOf, SlashingHarness, UNIT } from "./testHarness.js";
import { minSignedBlocks, parseParams, defaultParams } from "./params.js";
import { create } from "@bufbuild/protobuf";
import { DurationSchema } from "@bufbuild/protobuf/wkt";
import { MsgUpdateParamsSchema } from "../../../gen/cosmos/slashing/v1beta1/tx_pb.js";
import { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { undelegate } from "../staking/delegation.js";
import { GOV } from "./testHarness.js";
import { attributesOf } from "../../../test/support/eventAttributes.js";

const POWERS = [10n, 10n, 10n];
const WINDOW = 10n;
const JAIL_SECONDS = 60n;

function harness(): SlashingHarness {
  return SlashingHarness.create(POWERS, {
    signedBlocksWindow: WINDOW,
    minSignedPerWindow: parseDec("0.5"),
    downtimeJailDuration: { seconds: JAIL_SECONDS, nanos: 0 } as never,
  });
}

test("min signed blocks: min_signed_per_window x window, rounded half to even as LegacyDec.RoundInt64", () => {
  const p = parseParams(defaultParams());
  assert.equal(minSignedBlocks(p), 50n);
  assert.equal(minSignedBlocks({ ...p, signedBlocksWindow: 5n }), 2n, "2.5 rounds to even");
  assert.equal(minSignedBlocks({ ...p, signedBlocksWindow: 7n }), 4n, "3.5 rounds to even");
  assert.equal(minSignedBlocks({ ...p, signedBlocksWindow: 3n, minSignedPerWindow: parseDec("0.3") }), 1n, "0.9 rounds up");
  assert.equal(minSignedBlocks({ ...p, minSignedPerWindow: 0n }), 0n);
});

test("missed blocks are counted; signing again clears the bit; nil votes count as signed", () => {
  const h = harness();
  try {
    const v1 = consOf(1);
    const { events } = h.block(h.votes(POWERS, [FLAG_ABSENT, FLAG_NIL, FLAG_COMMIT]));
    const liveness = events.filter((e) => e.type === "liveness");
    assert.equal(liveness.length, 1, "only the absent validator");
    assert.deepEqual(attributesOf(liveness[0]!), { address: consAddressToString(v1), missed_blocks: "1", height: "1" });
    let info = h.slashing.getSigningInfo(h.ctx.store, v1)!;
    assert.equal(info.indexOffset, 1n);
    assert.equal(info.missedBlocksCounter, 1n);
    assert.deepEqual(h.slashing.missedIndexes(h.ctx.store, v1), [0n]);
    assert.equal(h.slashing.getSigningInfo(h.ctx.store, consOf(2))!.missedBlocksCounter, 0n, "nil is not absent");

    // Around the window: position 0 comes back at index_offset 10; signing there clears it.
    for (let i = 0; i < 9; i++) h.block(h.votes(POWERS));
    h.block(h.votes(POWERS));
    info = h.slashing.getSigningInfo(h.ctx.store, v1)!;
    assert.equal(info.indexOffset, 11n);
    assert.equal(info.missedBlocksCounter, 0n);
    assert.deepEqual(h.slashing.missedIndexes(h.ctx.store, v1), []);
  } finally {
    h.close();
  }
});

test("a validator down past the window is slashed 1 %, jailed until time + 60 s, leaves the set, and starts a clean window", () => {
  const h = harness();
  try {
    const v1 = consOf(1);
    const bondedBefore = h.f.staking.validatorView(h.ctx.store, operatorOf(1))!;
    assert.equal(bondedBefore.tokens, 10n * UNIT);
    // Heights 1..10: missed > 5 but height must pass start (0) + window (10).
    for (let height = 1; height <= 10; height++) {
      const { events } = h.block(h.votes(POWERS, [FLAG_ABSENT]));
      assert.ok(!events.some((e) => e.type === "slash"), `no slash at height ${height}`);
    }
    assert.equal(h.slashing.getSigningInfo(h.ctx.store, v1)!.missedBlocksCounter, 10n);
    const { events, updates } = h.block(h.votes(POWERS, [FLAG_ABSENT]));
    const slash = events.find((e) => e.type === "slash");
    assert.ok(slash, JSON.stringify(events));
    assert.deepEqual(attributesOf(slash), {
      address: consAddressToString(v1),
      power: "10",
      reason: "missing_signature",
      jailed: consAddressToString(v1),
      burned_coins: "100000",
    });
    const view = h.f.staking.validatorView(h.ctx.store, operatorOf(1))!;
    assert.equal(view.jailed, true);
    assert.equal(view.tokens, 10n * UNIT - 100_000n, "1 % of power 10 x 10^6");
    const info = h.slashing.getSigningInfo(h.ctx.store, v1)!;
    assert.equal(info.jailedUntil!.seconds, h.ctx.header.time.seconds + JAIL_SECONDS);
    assert.equal(info.missedBlocksCounter, 0n);
    assert.equal(info.indexOffset, 0n);
    assert.deepEqual(h.slashing.missedIndexes(h.ctx.store, v1), []);
    assert.deepEqual(
      updates.map((u) => u.power),
      [0n],
      "the end block takes it out of CometBFT's set",
    );

    // CometBFT still lists it for a while: a jailed validator's absence is not counted.
    const { events: later } = h.block(h.votes(POWERS, [FLAG_ABSENT]));
    assert.ok(!later.some((e) => e.type === "liveness" || e.type === "slash"));
    assert.equal(h.slashing.getSigningInfo(h.ctx.store, v1)!.indexOffset, 0n);
  } finally {
    h.close();
  }
});

test("missing exactly window - min_signed blocks is not punished; one more is", () => {
  const h = harness();
  try {
    // 5 missed of the first 10, then signing: at height 11 the counter is 5 = max missed.
    for (let height = 1; height <= 15; height++) {
      const { events } = h.block(h.votes(POWERS, [height <= 5 ? FLAG_ABSENT : FLAG_COMMIT]));
      assert.ok(!events.some((e) => e.type === "slash"), `height ${height}`);
    }
    assert.equal(h.slashing.getSigningInfo(h.ctx.store, consOf(1))!.missedBlocksCounter, 0n, "the misses rolled out of the window");
    // Now 6 in a row: the sixth is over the limit.
    for (let i = 1; i <= 5; i++) assert.ok(!h.block(h.votes(POWERS, [FLAG_ABSENT])).events.some((e) => e.type === "slash"));
    assert.ok(h.block(h.votes(POWERS, [FLAG_ABSENT])).events.some((e) => e.type === "slash"));
  } finally {
    h.close();
  }
});

test("a validator without a signing record gets one at its first vote, counted from that height", () => {
  const h = harness();
  try {
    h.slashing.deleteSigningInfo(h.ctx, consOf(3));
    h.block(h.votes(POWERS, [FLAG_COMMIT, FLAG_COMMIT, FLAG_ABSENT]));
    const info = h.slashing.getSigningInfo(h.ctx.store, consOf(3))!;
    assert.equal(info.startHeight, 1n);
    assert.equal(info.missedBlocksCounter, 1n);
    assert.equal(info.address, consAddressToString(consOf(3)));
  } finally {
    h.close();
  }
});

test("a vote of a consensus address staking does not know is skipped, not fatal", () => {
  const h = harness();
  try {
    const stranger = new Uint8Array(20).fill(0x77);
    h.block([{ consAddress: stranger, power: 5n, blockIdFlag: FLAG_ABSENT }]);
    assert.equal(h.slashing.getSigningInfo(h.ctx.store, stranger), undefined);
  } finally {
    h.close();
  }
});

test("a shorter window set by governance starts every window over, so misses at positions it no longer visits do not count forever", () => {
  const powers = [10n, 10n, 10n, 10n];
  const h = SlashingHarness.create(powers, { signedBlocksWindow: 100n, minSignedPerWindow: parseDec("0.5") });
  try {
    // Validator 1 misses 10 blocks at window positions 50-59 of a 100-block window.
    for (let i = 0; i < 60; i++) h.block(h.votes(powers, i >= 50 ? [FLAG_ABSENT] : []));
    assert.equal(h.slashing.getSigningInfo(h.ctx.store, consOf(1))!.missedBlocksCounter, 10n);
    const outcome = h.f.deliver(MsgUpdateParamsSchema, {
      authority: GOV,
      params: { ...defaultParams(), signedBlocksWindow: 10n, minSignedPerWindow: parseDec("0.5").toString() },
    });
    assert.equal("error" in outcome ? outcome.error : undefined, undefined);
    const info = h.slashing.getSigningInfo(h.ctx.store, consOf(1))!;
    assert.deepEqual([info.missedBlocksCounter, info.indexOffset], [0n, 0n]);
    assert.deepEqual(h.slashing.missedIndexes(h.ctx.store, consOf(1)), []);
    // From then on it signs every block: it must never be punished.
    for (let i = 0; i < 40; i++) h.block(h.votes(powers));
    assert.equal(h.f.staking.validatorViewByConsAddress(h.ctx.store, consOf(1))!.jailed, false);
  } finally {
    h.close();
  }
});

test("an unbonded validator still listed in the last commit is neither tracked nor slashed, and the block goes on", () => {
  const powers = [10n, 10n, 10n, 10n];
  const h = SlashingHarness.create(powers, { signedBlocksWindow: 10n, minSignedPerWindow: parseDec("0.5") });
  try {
    h.f.staking.setParams(h.ctx, { ...h.f.staking.getParams(h.ctx.store), unbondingTime: create(DurationSchema, { seconds: 1n }) });
    for (let i = 0; i < 12; i++) h.block(h.votes(powers));
    for (let i = 0; i < 5; i++) h.block(h.votes(powers, [FLAG_COMMIT, FLAG_COMMIT, FLAG_COMMIT, FLAG_ABSENT]));
    // Validator 4 unbonds almost all of its self-delegation: it leaves the set, and with a 1 s
    // unbonding time it is unbonded one block later, while CometBFT still lists it.
    const v4 = operatorOf(4);
    const shares = h.f.staking.delegationShares(h.ctx.store, v4, v4)!;
    h.f.nextBlock(1);
    undelegate(h.ctx, h.f.staking, v4, v4, (shares * 95n) / 100n);
    h.f.endBlock();
    h.block(h.votes(powers));
    assert.equal(h.f.staking.validatorViewByConsAddress(h.ctx.store, consOf(4))!.status, BondStatus.UNBONDED);
    const before = h.slashing.getSigningInfo(h.ctx.store, consOf(4))!;
    for (let i = 0; i < 3; i++) h.block(h.votes(powers, [FLAG_COMMIT, FLAG_COMMIT, FLAG_COMMIT, FLAG_ABSENT]));
    assert.deepEqual(h.slashing.getSigningInfo(h.ctx.store, consOf(4)), before, "its record is left as it was");
    assert.equal(h.f.staking.validatorViewByConsAddress(h.ctx.store, consOf(4))!.jailed, false);
  } finally {
    h.close();
  }
});
