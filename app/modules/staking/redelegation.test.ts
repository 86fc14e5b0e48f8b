// MsgBeginRedelegate and MsgCancelUnbondingDelegation: entries, limits, completion, slashing of
// redelegated stake, and the Redelegations query's filters.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  MsgBeginRedelegateSchema,
  MsgCancelUnbondingDelegationSchema,
  MsgDelegateSchema,
  MsgUndelegateSchema,
} from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { QueryRedelegationsRequestSchema, QueryRedelegationsResponseSchema } from "../../../gen/cosmos/staking/v1beta1/query_pb.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { parseDec } from "../../../sdk/math/dec.js";
import { consensusAddress } from "./consensusKey.js";
import { accText, addr, StakingFixture } from "./testFixture.js";
import { valAddressToString } from "./valAddress.js";
import { eventsOfType } from "../../../test/support/eventAttributes.js";

const UNIT = 1_000_000n;
const val = (n: number) => valAddressToString(addr(n));
const coin = (amount: bigint) => ({ denom: "uunit", amount: amount.toString() });

function fixture(params: Record<string, unknown> = {}): StakingFixture {
  const f = StakingFixture.create({
    balances: [1, 2, 3, 5].map((n) => ({ address: accText(n), amount: 100n * UNIT })),
    genValidators: [1, 2, 3].map((n) => ({ delegator: n, amount: 10n * UNIT })),
    editGenesis: (g) => ({ ...g, params: { ...(g.params as object), unbonding_time: "10s", max_entries: 2, ...params } }),
  });
  f.nextBlock();
  assert.equal(f.deliver(MsgDelegateSchema, { delegatorAddress: accText(5), validatorAddress: val(1), amount: coin(6n * UNIT) }).error, undefined);
  return f;
}

const redelegate = (f: StakingFixture, src: number, dst: number, amount: bigint) =>
  f.deliver(MsgBeginRedelegateSchema, { delegatorAddress: accText(5), validatorSrcAddress: val(src), validatorDstAddress: val(dst), amount: coin(amount) });
const redelegations = (f: StakingFixture, req: Record<string, string>) =>
  f.query("Redelegations", QueryRedelegationsRequestSchema, req, QueryRedelegationsResponseSchema).redelegationResponses;

test("a redelegation moves the stake at once, records an entry until unbonding_time and emits redelegate", () => {
  const f = fixture();
  try {
    f.nextBlock();
    const r = redelegate(f, 1, 2, 2n * UNIT);
    assert.equal(r.error, undefined, r.error?.message);
    const ev = eventsOfType(r.events, "redelegate")[0]!;
    assert.equal(ev.amount, "2000000uunit");
    assert.equal(ev.source_validator, val(1));
    assert.equal(ev.completion_time, new Date((Number(f.ctx.header.time.seconds) + 10) * 1000).toISOString().replace(".000Z", "Z"));
    assert.equal(f.staking.delegationShares(f.ctx.store, addr(5), addr(1)), 4n * UNIT * 10n ** 18n);
    assert.equal(f.staking.delegationShares(f.ctx.store, addr(5), addr(2)), 2n * UNIT * 10n ** 18n);
    assert.deepEqual(
      f.endBlock().map((u) => u.power),
      [14n, 12n],
    );
    // Transitive: from 2 while a redelegation into 2 is maturing.
    assert.equal(redelegate(f, 2, 3, UNIT).error?.code, 32);
    assert.equal(redelegate(f, 1, 1, UNIT).error?.code, 29);
    assert.equal(redelegate(f, 1, 9, UNIT).error?.code, 31);
    assert.equal(redelegate(f, 1, 2, 5n * UNIT).error?.code, 18, "more than delegated");
    assert.equal(redelegate(f, 1, 2, UNIT).error, undefined);
    assert.equal(redelegate(f, 1, 2, UNIT).error?.code, 33, "max_entries 2");
    // Query filters: one triple, from a source, a delegator's.
    assert.equal(redelegations(f, { delegatorAddr: accText(5), srcValidatorAddr: val(1), dstValidatorAddr: val(2) })[0]!.entries.length, 2);
    assert.equal(redelegations(f, { srcValidatorAddr: val(1) }).length, 1);
    assert.equal(redelegations(f, { srcValidatorAddr: val(2) }).length, 0);
    const mine = redelegations(f, { delegatorAddr: accText(5) });
    assert.deepEqual(
      mine[0]!.entries.map((e) => e.balance),
      ["2000000", "1000000"],
    );
    assert.throws(() => redelegations(f, { delegatorAddr: accText(5), srcValidatorAddr: val(2), dstValidatorAddr: val(1) }), /redelegation not found/);
    assert.throws(() => redelegations(f, {}), /delegator address cannot be empty/);
    // Mature after 10 s: the entries go and complete_redelegation is emitted; redelegating from 2 is allowed again.
    f.nextBlock(10);
    f.endBlock();
    assert.deepEqual(redelegations(f, { delegatorAddr: accText(5) }), []);
    assert.deepEqual(
      f.ctx.events.filter((e) => e.type === "complete_redelegation").map((e) => e.attributes!.find((a) => a.key === "amount")!.value),
      ["3000000uunit"],
    );
    assert.equal(redelegate(f, 2, 3, UNIT).error, undefined);
  } finally {
    f.close();
  }
});

test("slashing the source for an infraction before a redelegation unbonds and burns from the destination", () => {
  const f = fixture();
  try {
    f.nextBlock(); // height 2: redelegate 4 UNIT from 1 to 2
    assert.equal(redelegate(f, 1, 2, 4n * UNIT).error, undefined);
    f.endBlock();
    f.nextBlock(); // height 3
    const supply = f.bank.getSupply(f.ctx.store, "uunit");
    // Power 16 at height 2: 10 % is 1.6 UNIT owed; 0.4 UNIT comes from the redelegation, 1.2 UNIT from validator 1.
    const burned = f.staking.slash(f.ctx, consensusAddress(Buffer.alloc(32, 1)), 2n, 16n, parseDec("0.1"));
    assert.equal(burned, 1_200_000n);
    assert.equal(f.staking.delegationShares(f.ctx.store, addr(5), addr(2)), 3_600_000n * 10n ** 18n);
    assert.equal(f.staking.validatorView(f.ctx.store, addr(2))!.tokens, 13_600_000n);
    assert.equal(f.bank.getSupply(f.ctx.store, "uunit"), supply - 1_600_000n);
    assert.equal(f.balance(moduleAddress("bonded_tokens_pool")), 36n * UNIT - 1_600_000n);
  } finally {
    f.close();
  }
});

test("cancelling an unbonding entry delegates back part or all of it; bad heights, amounts and jailed validators are refused", () => {
  const f = fixture();
  const cancel = (height: bigint, amount: bigint, n = 1) =>
    f.deliver(MsgCancelUnbondingDelegationSchema, { delegatorAddress: accText(5), validatorAddress: val(n), amount: coin(amount), creationHeight: height });
  try {
    f.nextBlock(); // height 2
    assert.equal(f.deliver(MsgUndelegateSchema, { delegatorAddress: accText(5), validatorAddress: val(1), amount: coin(4n * UNIT) }).error, undefined);
    f.endBlock();
    f.nextBlock();
    assert.equal(cancel(2n, 5n * UNIT).error?.message.includes("greater than the unbonding delegation entry balance"), true);
    assert.equal(cancel(7n, UNIT).error?.code, 38, "no entry at height 7");
    assert.equal(cancel(0n, UNIT).error?.code, 18);
    assert.equal(cancel(2n, UNIT, 2).error?.code, 26, "no unbonding with validator 2");
    const r = cancel(2n, UNIT);
    assert.equal(r.error, undefined, r.error?.message);
    assert.deepEqual(
      r.events.filter((e) => e.type === "cancel_unbonding_delegation").map((e) => e.attributes!.find((a) => a.key === "creation_height")!.value),
      ["2"],
    );
    const e = f.staking.getUnbondingDelegation(f.ctx.store, addr(5), addr(1))!.entries[0]!;
    assert.deepEqual([e.balance, e.initialBalance], ["3000000", "3000000"]);
    assert.equal(f.staking.delegationShares(f.ctx.store, addr(5), addr(1)), 3n * UNIT * 10n ** 18n);
    assert.equal(f.balance(moduleAddress("not_bonded_tokens_pool")), 3n * UNIT);
    assert.equal(cancel(2n, 3n * UNIT).error, undefined);
    assert.equal(f.staking.getUnbondingDelegation(f.ctx.store, addr(5), addr(1)), undefined, "the whole entry: the record goes");
    f.staking.jail(f.ctx, consensusAddress(Buffer.alloc(32, 1)));
    assert.equal(f.deliver(MsgUndelegateSchema, { delegatorAddress: accText(5), validatorAddress: val(1), amount: coin(UNIT) }).error, undefined);
    assert.equal(cancel(3n, UNIT).error?.code, 7, "jailed");
  } finally {
    f.close();
  }
});
