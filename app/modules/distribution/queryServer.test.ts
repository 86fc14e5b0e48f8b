// The distribution queries through the real query service table: every answer CosmJS's
// setupDistributionExtension decodes, rewards read at the queried height without writing, and
// the argument errors (INVALID_ARGUMENT) and unknown validators or delegations (NOT_FOUND).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as Q from "../../../gen/cosmos/distribution/v1beta1/query_pb.js";
import { GrpcCode } from "../../../common/errors.js";
import { acc, addr, DistributionChain, valoper } from "./testHarness.js";

const UNIT = 1_000_000n;

function chain() {
  const c = DistributionChain.create({
    balances: { 1: 1000n * UNIT, 2: 1000n * UNIT, 5: 1000n * UNIT, 9: 1000n * UNIT },
    validators: [
      { n: 1, amount: 100n * UNIT },
      { n: 2, amount: 300n * UNIT },
    ],
  });
  c.nextBlock();
  c.delegate(5, 1, 100n * UNIT);
  c.delegate(5, 2, 100n * UNIT);
  c.payFee(9, 1000n);
  c.nextBlock();
  return c;
}

function code(fn: () => unknown): number {
  try {
    fn();
  } catch (err) {
    return (err as { grpcCode: number }).grpcCode;
  }
  return 0;
}

test("rewards of one delegation and of all a delegator's, read without writing", () => {
  const c = chain();
  try {
    const before = c.snapshot();
    // 980 x 200/600 (a truncated fraction) = 326.666666666666666340 to v1; 293.999999999999999706
    // over 200 UNIT is 0.000001469999999999 per token (truncated): 146.9999999999 for 100 UNIT.
    // v2 (400 UNIT) gets the same per token.
    const one = c.query(
      "DelegationRewards",
      Q.QueryDelegationRewardsRequestSchema,
      { delegatorAddress: acc(5), validatorAddress: valoper(1) },
      Q.QueryDelegationRewardsResponseSchema,
    );
    assert.deepEqual(
      one.rewards.map((r) => [r.denom, r.amount]),
      [["uunit", "146999999999900000000"]],
    );
    const all = c.query(
      "DelegationTotalRewards",
      Q.QueryDelegationTotalRewardsRequestSchema,
      { delegatorAddress: acc(5) },
      Q.QueryDelegationTotalRewardsResponseSchema,
    );
    assert.deepEqual(
      all.rewards.map((r) => [r.validatorAddress, r.reward[0]!.amount]),
      [
        [valoper(1), "146999999999900000000"],
        [valoper(2), "146999999999900000000"],
      ],
    );
    assert.equal(all.total[0]!.amount, (2n * 146999999999900000000n).toString());
    assert.equal(c.snapshot(), before, "queries write nothing");
  } finally {
    c.close();
  }
});

test("a query at the height a delegation started reports nothing yet", () => {
  const c = chain();
  try {
    c.delegate(5, 1, 1n * UNIT); // settles and restarts the delegation at this height
    const one = c.query(
      "DelegationRewards",
      Q.QueryDelegationRewardsRequestSchema,
      { delegatorAddress: acc(5), validatorAddress: valoper(1) },
      Q.QueryDelegationRewardsResponseSchema,
    );
    assert.deepEqual(one.rewards, []);
  } finally {
    c.close();
  }
});

test("validator info, outstanding rewards, commission, community pool, params, withdraw address, delegator validators", () => {
  const c = chain();
  try {
    const info = c.query(
      "ValidatorDistributionInfo",
      Q.QueryValidatorDistributionInfoRequestSchema,
      { validatorAddress: valoper(1) },
      Q.QueryValidatorDistributionInfoResponseSchema,
    );
    assert.equal(info.operatorAddress, acc(1), "the operator's account address, as the SDK answers");
    assert.deepEqual(
      info.selfBondRewards.map((r) => r.amount),
      ["146999999999900000000"],
    );
    assert.deepEqual(
      info.commission.map((r) => r.amount),
      ["32666666666666666634"],
    );
    const out = c.query(
      "ValidatorOutstandingRewards",
      Q.QueryValidatorOutstandingRewardsRequestSchema,
      { validatorAddress: valoper(1) },
      Q.QueryValidatorOutstandingRewardsResponseSchema,
    );
    assert.deepEqual(
      out.rewards!.rewards.map((r) => r.amount),
      ["326666666666666666340"],
    );
    const com = c.query(
      "ValidatorCommission",
      Q.QueryValidatorCommissionRequestSchema,
      { validatorAddress: valoper(1) },
      Q.QueryValidatorCommissionResponseSchema,
    );
    assert.deepEqual(
      com.commission!.commission.map((r) => r.amount),
      ["32666666666666666634"],
    );
    const pool = c.query("CommunityPool", Q.QueryCommunityPoolRequestSchema, {}, Q.QueryCommunityPoolResponseSchema);
    assert.deepEqual(
      pool.pool.map((r) => [r.denom, r.amount]),
      [["uunit", "20000000000000000980"]],
    );
    const params = c.query("Params", Q.QueryParamsRequestSchema, {}, Q.QueryParamsResponseSchema);
    assert.equal(params.params!.communityTax, "20000000000000000");
    assert.equal(params.params!.withdrawAddrEnabled, true);
    const w = c.query(
      "DelegatorWithdrawAddress",
      Q.QueryDelegatorWithdrawAddressRequestSchema,
      { delegatorAddress: acc(5) },
      Q.QueryDelegatorWithdrawAddressResponseSchema,
    );
    assert.equal(w.withdrawAddress, acc(5), "the delegator itself until it sets another");
    const vals = c.query(
      "DelegatorValidators",
      Q.QueryDelegatorValidatorsRequestSchema,
      { delegatorAddress: acc(5) },
      Q.QueryDelegatorValidatorsResponseSchema,
    );
    assert.deepEqual(vals.validators, [valoper(1), valoper(2)]);
  } finally {
    c.close();
  }
});

test("slashes: heights filter, order and pagination", () => {
  const c = chain();
  try {
    const v2 = c.staking.validatorView(c.branch, addr(2))!;
    c.staking.slash(c.ctx, v2.consAddress, c.height, 400n, 10_000_000_000_000_000n); // 1 % at height 2
    c.nextBlock();
    c.staking.slash(c.ctx, v2.consAddress, c.height, 396n, 20_000_000_000_000_000n); // 2 % at height 3
    const ask = (startingHeight: bigint, endingHeight: bigint, limit = 0n) =>
      c.query(
        "ValidatorSlashes",
        Q.QueryValidatorSlashesRequestSchema,
        { validatorAddress: valoper(2), startingHeight, endingHeight, pagination: { limit } },
        Q.QueryValidatorSlashesResponseSchema,
      );
    assert.deepEqual(
      ask(0n, 100n).slashes.map((s) => s.fraction),
      ["10000000000000000", "20000000000000000"],
    );
    assert.deepEqual(
      ask(3n, 3n).slashes.map((s) => s.fraction),
      ["20000000000000000"],
    );
    assert.deepEqual(ask(4n, 9n).slashes, []);
    const page = ask(0n, 100n, 1n);
    assert.equal(page.slashes.length, 1);
    assert.ok(page.pagination!.nextKey.length > 0);
    assert.equal(
      code(() => ask(5n, 4n)),
      GrpcCode.INVALID_ARGUMENT,
    );
  } finally {
    c.close();
  }
});

test("argument errors are INVALID_ARGUMENT; unknown validators and delegations NOT_FOUND", () => {
  const c = chain();
  try {
    const rewards = (delegatorAddress: string, validatorAddress: string) => () =>
      c.query("DelegationRewards", Q.QueryDelegationRewardsRequestSchema, { delegatorAddress, validatorAddress }, Q.QueryDelegationRewardsResponseSchema);
    assert.equal(code(rewards("", valoper(1))), GrpcCode.INVALID_ARGUMENT);
    assert.equal(code(rewards(acc(5), "")), GrpcCode.INVALID_ARGUMENT);
    assert.equal(code(rewards(acc(5), acc(1))), GrpcCode.INVALID_ARGUMENT, "an account address where a valoper is due");
    assert.equal(code(rewards(acc(5), valoper(7))), GrpcCode.NOT_FOUND);
    assert.equal(code(rewards(acc(6), valoper(1))), GrpcCode.NOT_FOUND);
    const info = (validatorAddress: string) => () =>
      c.query("ValidatorDistributionInfo", Q.QueryValidatorDistributionInfoRequestSchema, { validatorAddress }, Q.QueryValidatorDistributionInfoResponseSchema);
    assert.equal(code(info("")), GrpcCode.INVALID_ARGUMENT);
    assert.equal(code(info(valoper(7))), GrpcCode.NOT_FOUND);
    assert.equal(
      code(() => c.query("CommunityPool", Q.QueryCommunityPoolRequestSchema, {}, Q.QueryCommunityPoolResponseSchema)),
      0,
    );
    const total = c.query(
      "DelegationTotalRewards",
      Q.QueryDelegationTotalRewardsRequestSchema,
      { delegatorAddress: acc(8) },
      Q.QueryDelegationTotalRewardsResponseSchema,
    );
    assert.deepEqual([total.rewards, total.total], [[], []], "no delegations: empty lists");
  } finally {
    c.close();
  }
});
