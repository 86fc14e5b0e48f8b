import { test } from "node:test";
import assert from "node:assert/strict";
import { MsgDelegateSchema, MsgUndelegateSchema } from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { DEC_ONE, parseDec } from "../../../sdk/math/dec.js";
import { consensusAddress } from "./consensusKey.js";
import type { StakingHooks } from "./hooks.js";
import { accText, addr, StakingFixture } from "./testFixture.js";
import { valAddressToString } from "./valAddress.js";

const UNIT = 1_000_000n;
const V = addr(1);
const W = addr(2);
const D = addr(5);
const consOf = (n: number) => consensusAddress(Buffer.alloc(32, n));
/** `#n` for addr(n), `cons#n` for the consensus address of key n. */
function tag(b: Uint8Array): string {
  for (let n = 1; n < 10; n++) if (Buffer.from(b).equals(Buffer.from(consOf(n)))) return `cons#${n}`;
  return `#${b[0]}`;
}

/** Hooks that record each call as "name(args)", addresses as #<first byte>. */
function recorder(): { calls: string[]; hooks: StakingHooks } {
  const calls: string[] = [];
  const rec =
    (name: string) =>
    (_ctx: unknown, ...args: (Uint8Array | bigint)[]) =>
      calls.push(`${name}(${args.map((a) => (typeof a === "bigint" ? a.toString() : tag(a))).join(",")})`);
  const names = [
    "afterValidatorCreated",
    "beforeValidatorModified",
    "afterValidatorRemoved",
    "afterValidatorBonded",
    "afterValidatorBeginUnbonding",
    "beforeDelegationCreated",
    "beforeDelegationSharesModified",
    "beforeDelegationRemoved",
    "afterDelegationModified",
    "beforeValidatorSlashed",
  ] as const;
  return { calls, hooks: Object.fromEntries(names.map((n) => [n, rec(n)])) as StakingHooks };
}

function fixture(hooks?: StakingHooks): StakingFixture {
  return StakingFixture.create({
    balances: [
      { address: accText(1), amount: 20n * UNIT },
      { address: accText(2), amount: 20n * UNIT },
      { address: accText(5), amount: 100n * UNIT },
    ],
    genValidators: [
      { delegator: 1, amount: 10n * UNIT },
      { delegator: 2, amount: 4n * UNIT },
    ],
    ...(hooks ? { hooks } : {}),
    editGenesis: (g) => ({ ...g, params: { ...(g.params as object), unbonding_time: "10s" } }),
  });
}

const msg = (amount: bigint, validator = V) => ({
  delegatorAddress: accText(5),
  validatorAddress: valAddressToString(validator),
  amount: { denom: "uunit", amount: amount.toString() },
});

test("validator views carry the record's numbers, found by operator or consensus address", () => {
  const f = fixture();
  try {
    const s = f.ctx.store;
    const v = f.staking.validatorView(s, V)!;
    assert.deepEqual(v.consAddress, consOf(1));
    assert.equal(v.status, BondStatus.BONDED);
    assert.equal(v.jailed, false);
    assert.equal(v.tokens, 10n * UNIT);
    assert.equal(v.delegatorShares, 10n * UNIT * DEC_ONE);
    assert.equal(v.commissionRate, parseDec("0.1"));
    assert.equal(v.minSelfDelegation, 1n);
    assert.deepEqual(f.staking.validatorViewByConsAddress(s, consOf(2))?.operator, W);
    assert.equal(f.staking.validatorViewByConsAddress(s, consOf(9)), undefined);
    assert.equal(f.staking.validatorView(s, addr(9)), undefined);
    assert.deepEqual(
      f.staking.allValidatorViews(s).map((x) => x.operator[0]),
      [1, 2],
    );
    assert.equal(f.staking.bondDenom(s), "uunit");
    assert.equal(f.staking.delegationShares(s, V, V), 10n * UNIT * DEC_ONE);
    assert.equal(f.staking.delegationShares(s, D, V), undefined);
    f.nextBlock();
    assert.equal(f.deliver(MsgDelegateSchema, msg(3n * UNIT)).error, undefined);
    assert.deepEqual(
      f.staking.validatorDelegations(f.ctx.store, V).map((d) => [d.delegator[0], d.shares]),
      [
        [1, 10n * UNIT * DEC_ONE],
        [5, 3n * UNIT * DEC_ONE],
      ],
    );
  } finally {
    f.close();
  }
});

test("hooks are called at the SDK's points: genesis, delegate, more delegation, partial and whole undelegation", () => {
  const r = recorder();
  const f = fixture(r.hooks);
  try {
    assert.deepEqual(r.calls, [
      "afterValidatorCreated(#1)",
      "beforeDelegationCreated(#1,#1)",
      "afterDelegationModified(#1,#1)",
      "afterValidatorCreated(#2)",
      "beforeDelegationCreated(#2,#2)",
      "afterDelegationModified(#2,#2)",
      "afterValidatorBonded(cons#1,#1)",
      "afterValidatorBonded(cons#2,#2)",
    ]);
    r.calls.length = 0;
    f.nextBlock();
    assert.equal(f.deliver(MsgDelegateSchema, msg(3n * UNIT)).error, undefined);
    assert.equal(f.deliver(MsgDelegateSchema, msg(1n * UNIT)).error, undefined);
    assert.equal(f.deliver(MsgUndelegateSchema, msg(2n * UNIT)).error, undefined);
    assert.equal(f.deliver(MsgUndelegateSchema, msg(2n * UNIT)).error, undefined);
    assert.deepEqual(r.calls, [
      "beforeDelegationCreated(#5,#1)",
      "afterDelegationModified(#5,#1)",
      "beforeDelegationSharesModified(#5,#1)",
      "afterDelegationModified(#5,#1)",
      "beforeDelegationSharesModified(#5,#1)",
      "afterDelegationModified(#5,#1)",
      "beforeDelegationSharesModified(#5,#1)",
      "beforeDelegationRemoved(#5,#1)",
    ]);
    r.calls.length = 0;
    // A refused message calls no hook that survives: its branch is dropped, and nothing ran before the check.
    assert.ok(f.deliver(MsgDelegateSchema, msg(1n * UNIT, addr(9))).error);
    assert.deepEqual(r.calls, []);
  } finally {
    f.close();
  }
});

test("slash burns the fraction of the stake at the infraction from unbondings begun since, then from the validator", () => {
  const r = recorder();
  const f = fixture(r.hooks);
  try {
    const BONDED = moduleAddress("bonded_tokens_pool");
    const NOT_BONDED = moduleAddress("not_bonded_tokens_pool");
    f.nextBlock(); // height 1: delegate 6, unbond 2 (before the infraction)
    f.deliver(MsgDelegateSchema, msg(6n * UNIT));
    f.deliver(MsgUndelegateSchema, msg(2n * UNIT));
    f.nextBlock(); // height 2: unbond 3 (at the infraction height: slashable)
    f.deliver(MsgUndelegateSchema, msg(3n * UNIT));
    f.nextBlock(); // height 3
    r.calls.length = 0;
    const supplyBefore = f.bank.getSupply(f.ctx.store, "uunit");
    // Power 16 at height 2 (10 + 6 bonded), fraction 5 %: 800000 owed; the height-2 entry gives 150000.
    const burned = f.staking.slash(f.ctx, consOf(1), 2n, 16n, parseDec("0.05"));
    assert.equal(burned, 650_000n);
    const v = f.staking.validatorView(f.ctx.store, V)!;
    assert.equal(v.tokens, 11n * UNIT - 650_000n);
    assert.equal(v.delegatorShares, 11n * UNIT * DEC_ONE, "shares do not change: each is worth less");
    const ubd = f.staking.getUnbondingDelegation(f.ctx.store, D, V)!;
    assert.deepEqual(
      ubd.entries.map((e) => [e.creationHeight, e.initialBalance, e.balance]),
      [
        [1n, "2000000", "2000000"],
        [2n, "3000000", "2850000"],
      ],
    );
    assert.equal(f.balance(BONDED), 15n * UNIT - 650_000n);
    assert.equal(f.balance(NOT_BONDED), 5n * UNIT - 150_000n);
    assert.equal(f.bank.getSupply(f.ctx.store, "uunit"), supplyBefore - 800_000n);
    // Effective fraction for distribution: 650000 / 11000000 rounded up at the 18th digit.
    assert.deepEqual(r.calls, ["beforeValidatorModified(#1)", "beforeValidatorSlashed(#1,59090909090909091)"]);
    // Unknown consensus address: nothing to do.
    assert.equal(f.staking.slash(f.ctx, consOf(9), 2n, 16n, parseDec("0.05")), 0n);
    assert.throws(() => f.staking.slash(f.ctx, consOf(1), 4n, 16n, parseDec("0.05")), /future infraction/);
  } finally {
    f.close();
  }
});

test("slash at the current height skips unbondings; a fraction of 1 can burn all tokens", () => {
  const f = fixture();
  try {
    f.nextBlock();
    f.deliver(MsgDelegateSchema, msg(6n * UNIT, W));
    f.deliver(MsgUndelegateSchema, msg(2n * UNIT, W));
    assert.equal(f.staking.slash(f.ctx, consOf(2), 1n, 8n, DEC_ONE), 8n * UNIT, "the whole 8 UNIT stake of power 8");
    assert.equal(f.staking.getUnbondingDelegation(f.ctx.store, D, W)!.entries[0]!.balance, "2000000");
    assert.equal(f.staking.validatorView(f.ctx.store, W)!.tokens, 0n);
  } finally {
    f.close();
  }
});

test("jail and unjail flip the flag, refuse a repeat and an unknown consensus address", () => {
  const f = fixture();
  try {
    f.nextBlock();
    f.staking.jail(f.ctx, consOf(2));
    assert.equal(f.staking.validatorView(f.ctx.store, W)!.jailed, true);
    assert.throws(() => f.staking.jail(f.ctx, consOf(2)), /already jailed/);
    assert.throws(() => f.staking.jail(f.ctx, consOf(9)), /validator does not exist/);
    const updates = f.endBlock();
    assert.deepEqual(
      updates.map((u) => u.power),
      [0n],
      "the jailed validator leaves CometBFT's set",
    );
    f.nextBlock();
    f.staking.unjail(f.ctx, consOf(2));
    assert.equal(f.staking.validatorView(f.ctx.store, W)!.jailed, false);
    assert.throws(() => f.staking.unjail(f.ctx, consOf(2)), /already unjailed/);
    assert.deepEqual(
      f.endBlock().map((u) => u.power),
      [4n],
    );
  } finally {
    f.close();
  }
});
