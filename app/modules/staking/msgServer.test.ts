import { test } from "node:test";
import assert from "node:assert/strict";
import { MsgDelegateSchema, MsgUndelegateSchema, type MsgUndelegateResponseSchema } from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import type { GovStakingKeeper } from "../gov/expectedKeepers.js";
import { DEC_ONE } from "../../../sdk/math/dec.js";
import { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { accText, addr, StakingFixture } from "./testFixture.js";
import { valAddressToString } from "./valAddress.js";
import { eventsOfType } from "../../../test/support/eventAttributes.js";

const UNIT = 1_000_000n;
const V = addr(1); // validator operator, self-bonded 10 UNIT
const D = addr(5); // delegator
const VAL = valAddressToString(V);
const DEL = accText(5);
const BONDED = moduleAddress("bonded_tokens_pool");
const NOT_BONDED = moduleAddress("not_bonded_tokens_pool");

function fixture(params: Record<string, unknown> = {}): StakingFixture {
  return StakingFixture.create({
    balances: [
      { address: accText(1), amount: 20n * UNIT },
      { address: DEL, amount: 100n * UNIT },
    ],
    genValidators: [{ delegator: 1, amount: 10n * UNIT }],
    editGenesis: (g) => ({ ...g, params: { ...(g.params as object), unbonding_time: "10s", ...params } }),
  });
}

const delegateMsg = (amount: bigint | string, over: Partial<{ delegatorAddress: string; validatorAddress: string; denom: string }> = {}) => ({
  delegatorAddress: over.delegatorAddress ?? DEL,
  validatorAddress: over.validatorAddress ?? VAL,
  amount: { denom: over.denom ?? "uunit", amount: amount.toString() },
});

function power(f: StakingFixture): bigint[] {
  return f.endBlock().map((u) => u.power ?? 0n);
}

test("delegate, undelegate and maturity move coins exactly and change power once", () => {
  const f = fixture();
  try {
    f.nextBlock();
    const d = f.deliver(MsgDelegateSchema, delegateMsg(5_500_000n));
    assert.equal(d.error, undefined, d.error?.message);
    assert.deepEqual(eventsOfType(d.events, "delegate"), [
      { validator: VAL, delegator: DEL, amount: "5500000uunit", new_shares: "5500000.000000000000000000" },
    ]);
    assert.equal(f.balance(D), 94_500_000n);
    assert.equal(f.balance(BONDED), 15_500_000n);
    const state = f.ctx.store;
    assert.equal(f.staking.getDelegation(state, D, V)?.shares, (5_500_000n * DEC_ONE).toString());
    assert.deepEqual(power(f), [15n], "10 UNIT + 5.5 UNIT = power 15");
    f.nextBlock();
    assert.deepEqual(power(f), [], "no change, no update");

    // Two undelegations in one block merge into one entry; the block time is genesis + 2 s.
    const u1 = f.deliver<typeof MsgUndelegateSchema, typeof MsgUndelegateResponseSchema>(MsgUndelegateSchema, delegateMsg(2_000_000n));
    assert.equal(u1.error, undefined, u1.error?.message);
    assert.equal(u1.response!.completionTime!.seconds, 1_700_000_012n);
    assert.deepEqual({ denom: u1.response!.amount!.denom, amount: u1.response!.amount!.amount }, { denom: "uunit", amount: "2000000" });
    assert.deepEqual(eventsOfType(u1.events, "unbond"), [{ validator: VAL, delegator: DEL, amount: "2000000uunit", completion_time: "2023-11-14T22:13:32Z" }]);
    assert.equal(f.deliver(MsgUndelegateSchema, delegateMsg(500_000n)).error, undefined);
    assert.equal(f.balance(D), 94_500_000n, "nothing paid before maturity");
    assert.equal(f.balance(BONDED), 13_000_000n);
    assert.equal(f.balance(NOT_BONDED), 2_500_000n);
    const ubd = f.staking.getUnbondingDelegation(state, D, V)!;
    assert.deepEqual(
      ubd.entries.map((e) => [e.creationHeight, e.completionTime!.seconds, e.initialBalance, e.balance, e.unbondingId]),
      [[2n, 1_700_000_012n, "2500000", "2500000", 1n]],
    );
    assert.deepEqual(power(f), [13n]);

    f.nextBlock(); // t = 3 s: a second entry, maturing at 13 s
    assert.equal(f.deliver(MsgUndelegateSchema, delegateMsg(1_000_000n)).error, undefined);
    assert.equal(f.staking.getUnbondingDelegation(state, D, V)!.entries.length, 2);
    assert.deepEqual(power(f), [12n]);

    f.nextBlock(8); // t = 11 s: nothing mature yet
    assert.deepEqual(power(f), []);
    assert.equal(f.balance(D), 94_500_000n);
    f.nextBlock(); // t = 12 s: the first entry matures
    assert.deepEqual(power(f), [], "payouts do not change power");
    assert.deepEqual(eventsOfType(f.ctx.events, "complete_unbonding"), [{ validator: VAL, delegator: DEL, amount: "2500000uunit" }]);
    assert.equal(f.balance(D), 97_000_000n);
    assert.equal(f.balance(NOT_BONDED), 1_000_000n);
    assert.equal(f.staking.getUnbondingDelegation(state, D, V)!.entries.length, 1);
    f.nextBlock(); // t = 13 s: the second
    f.endBlock();
    assert.equal(f.balance(D), 98_000_000n);
    assert.equal(f.balance(NOT_BONDED), 0n);
    assert.equal(f.staking.getUnbondingDelegation(state, D, V), undefined, "an empty record is removed");

    // Governance's view of the same state, through the interface gov declares.
    const gov: GovStakingKeeper = f.staking;
    assert.equal(gov.totalBondedTokens(f.branch), 12_000_000n);
    assert.equal(f.staking.totalBondedTokens(f.branch), 12_000_000n);
    assert.deepEqual(f.staking.bondedValidators(f.branch), [{ operator: V, tokens: 12_000_000n, delegatorShares: 12_000_000n * DEC_ONE }]);
    assert.deepEqual(f.staking.delegationsOf(f.branch, D), [{ validator: V, shares: 2_000_000n * DEC_ONE }]);
    assert.deepEqual(f.staking.delegationsOf(f.branch, addr(77)), []);
    // Invariant: bonded pool = sum of bonded tokens; supply unchanged.
    assert.equal(f.balance(BONDED), f.staking.totalBondedTokens(f.branch));
    assert.equal(f.bank.getSupply(f.ctx.store, "uunit"), 120n * UNIT);
  } finally {
    f.close();
  }
});

test("undelegating everything removes the delegation; the pool pays it back at maturity", () => {
  const f = fixture();
  try {
    assert.equal(f.deliver(MsgDelegateSchema, delegateMsg(3n * UNIT)).error, undefined);
    assert.equal(f.deliver(MsgUndelegateSchema, delegateMsg(3n * UNIT)).error, undefined);
    assert.equal(f.staking.getDelegation(f.ctx.store, D, V), undefined);
    assert.deepEqual(f.staking.delegationsOf(f.branch, D), []);
    f.nextBlock(10);
    f.endBlock();
    assert.equal(f.balance(D), 100n * UNIT);
  } finally {
    f.close();
  }
});

test("at most max_entries unbonding entries per pair: the next is refused with the SDK's code", () => {
  const f = fixture({ max_entries: 3 });
  try {
    assert.equal(f.deliver(MsgDelegateSchema, delegateMsg(10n * UNIT)).error, undefined);
    for (let i = 0; i < 3; i++) {
      f.nextBlock();
      assert.equal(f.deliver(MsgUndelegateSchema, delegateMsg(1n)).error, undefined);
    }
    f.nextBlock();
    const before = f.snapshot();
    const r = f.deliver(MsgUndelegateSchema, delegateMsg(1n));
    assert.equal(r.error?.codespace, "staking");
    assert.equal(r.error?.code, 27);
    assert.match(r.error!.message, /too many unbonding delegation entries for \(delegator, validator\) tuple/);
    assert.equal(f.snapshot(), before);
    // A matured entry frees a slot.
    f.nextBlock(10);
    f.endBlock();
    assert.equal(f.deliver(MsgUndelegateSchema, delegateMsg(1n)).error, undefined);
  } finally {
    f.close();
  }
});

test("an operator undelegating below its minimum self-delegation is jailed, and the validator leaves the set", () => {
  const f = fixture();
  const self = (amount: bigint) => f.deliver(MsgUndelegateSchema, delegateMsg(amount, { delegatorAddress: accText(1) }));
  try {
    f.nextBlock();
    assert.equal(f.deliver(MsgDelegateSchema, delegateMsg(5n * UNIT)).error, undefined);
    assert.deepEqual(power(f), [15n]);
    f.nextBlock();
    // Down to power 0 is allowed now; the validator stays bonded (not jailed: 999999 >= min 1) until the end block.
    assert.equal(self(9_000_001n).error, undefined);
    assert.equal(f.staking.getValidator(f.ctx.store, V)!.jailed, false);
    assert.deepEqual(power(f), [5n]);
    // The last self-delegated token: below min_self_delegation (1), so the operator's validator is jailed.
    f.nextBlock();
    assert.equal(self(999_999n).error, undefined);
    const v = f.staking.getValidator(f.ctx.store, V)!;
    assert.equal(v.jailed, true);
    // It leaves CometBFT's set (power 0), begins unbonding, and its tokens move to the not-bonded pool.
    assert.deepEqual(power(f), [0n]);
    const after = f.staking.getValidator(f.ctx.store, V)!;
    assert.equal(after.status, BondStatus.UNBONDING);
    assert.equal(f.balance(BONDED), 0n);
    assert.equal(f.balance(NOT_BONDED), 15n * UNIT, "10 UNIT unbonding + 5 UNIT of D's delegation");
  } finally {
    f.close();
  }
});

test("bad input gets a registered error and leaves state untouched", () => {
  const f = fixture();
  try {
    assert.equal(f.deliver(MsgDelegateSchema, delegateMsg(UNIT)).error, undefined);
    const cases: { name: string; run: () => ReturnType<StakingFixture["deliver"]>; codespace: string; code: number; message: RegExp }[] = [
      {
        name: "bad delegator",
        run: () => f.deliver(MsgDelegateSchema, delegateMsg(1n, { delegatorAddress: "unit1qqqq" })),
        codespace: "sdk",
        code: 7,
        message: /invalid delegator address/,
      },
      {
        name: "account address as validator",
        run: () => f.deliver(MsgDelegateSchema, delegateMsg(1n, { validatorAddress: DEL })),
        codespace: "sdk",
        code: 7,
        message: /invalid validator address: wrong address prefix: expected unitvaloper, got unit/,
      },
      {
        name: "empty validator",
        run: () => f.deliver(MsgUndelegateSchema, delegateMsg(1n, { validatorAddress: "" })),
        codespace: "sdk",
        code: 7,
        message: /empty validator address/,
      },
      {
        name: "zero amount",
        run: () => f.deliver(MsgDelegateSchema, delegateMsg(0n)),
        codespace: "sdk",
        code: 18,
        message: /invalid delegation amount: amount must be positive/,
      },
      { name: "zero undelegation", run: () => f.deliver(MsgUndelegateSchema, delegateMsg(0n)), codespace: "sdk", code: 18, message: /invalid shares amount/ },
      {
        name: "negative amount",
        run: () => f.deliver(MsgDelegateSchema, delegateMsg("-5")),
        codespace: "sdk",
        code: 18,
        message: /must be an unsigned integer/,
      },
      {
        name: "missing amount",
        run: () => f.deliver(MsgDelegateSchema, { delegatorAddress: DEL, validatorAddress: VAL }),
        codespace: "sdk",
        code: 18,
        message: /amount is missing/,
      },
      {
        name: "wrong denom",
        run: () => f.deliver(MsgDelegateSchema, delegateMsg(1n, { denom: "stake" })),
        codespace: "sdk",
        code: 18,
        message: /invalid coin denomination: got stake, expected uunit/,
      },
      {
        name: "malformed denom",
        run: () => f.deliver(MsgDelegateSchema, delegateMsg(1n, { denom: "1$" })),
        codespace: "sdk",
        code: 18,
        message: /invalid denom/,
      },
      {
        name: "unknown validator",
        run: () => f.deliver(MsgDelegateSchema, delegateMsg(1n, { validatorAddress: valAddressToString(addr(9)) })),
        codespace: "staking",
        code: 3,
        message: /validator does not exist/,
      },
      {
        name: "more than the balance",
        run: () => f.deliver(MsgDelegateSchema, delegateMsg(100n * UNIT)),
        codespace: "sdk",
        code: 5,
        message: /insufficient funds/,
      },
      {
        name: "over-undelegation",
        run: () => f.deliver(MsgUndelegateSchema, delegateMsg(UNIT + 1n)),
        codespace: "sdk",
        code: 18,
        message: /invalid shares amount/,
      },
      {
        name: "no delegation",
        run: () => f.deliver(MsgUndelegateSchema, delegateMsg(1n, { delegatorAddress: accText(42) })),
        codespace: "staking",
        code: 19,
        message: /no delegation for \(address, validator\) tuple/,
      },
      {
        name: "undelegate wrong denom",
        run: () => f.deliver(MsgUndelegateSchema, delegateMsg(1n, { denom: "stake" })),
        codespace: "sdk",
        code: 18,
        message: /invalid coin denomination/,
      },
    ];
    for (const c of cases) {
      const before = f.snapshot();
      const r = c.run();
      assert.ok(r.error, `${c.name}: expected an error`);
      assert.deepEqual([r.error.codespace, r.error.code], [c.codespace, c.code], `${c.name}: ${r.error.message}`);
      assert.match(r.error.message, c.message, c.name);
      assert.equal(f.snapshot(), before, `${c.name}: state unchanged`);
    }
  } finally {
    f.close();
  }
});
