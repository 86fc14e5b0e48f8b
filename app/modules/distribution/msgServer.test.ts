// The distribution messages over the real staking keeper, with exact amounts: withdrawing a
// delegation's rewards (whole coins paid, the fraction to the pool), a validator's commission
// (the fraction stays accrued), withdraw addresses and who may receive, the community pool, a
// deposit to a validator's rewards, and the two governance-only messages with their authority
// checks. Every refusal has its registered code and changes nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { DescMessage, MessageInitShape } from "@bufbuild/protobuf";
import {
  MsgCommunityPoolSpendSchema,
  MsgDepositValidatorRewardsPoolSchema,
  MsgFundCommunityPoolSchema,
  MsgSetWithdrawAddressSchema,
  MsgUpdateParamsSchema,
  MsgWithdrawDelegatorRewardResponseSchema,
  MsgWithdrawDelegatorRewardSchema,
  MsgWithdrawValidatorCommissionResponseSchema,
  MsgWithdrawValidatorCommissionSchema,
} from "../../../gen/cosmos/distribution/v1beta1/tx_pb.js";
import { sdkErrors, type RegisteredError } from "../../../common/errors.js";
import { accAddressToString } from "../../../common/address.js";
import { FEE_COLLECTOR, GOV_ACCOUNT, moduleAddress } from "../../../common/moduleAccounts.js";
import { parseDec } from "../../../sdk/math/dec.js";
import { distributionErrors } from "./errors.js";
import { acc, addr, DistributionChain, DISTRIBUTION_ADDRESS, GOV, valoper } from "./testHarness.js";
import { eventsOfType } from "../../../test/support/eventAttributes.js";

const d = (text: string) => parseDec(text);
const UNIT = 1_000_000n;
const uunit = (amount: bigint | number) => [{ denom: "uunit", amount: amount.toString() }];

/** v1 (100 UNIT) and v2 (300 UNIT); account 5 delegates 100 UNIT to v1 at height 1; 1000uunit of fees are shared at height 2. */
function rewardedChain(): DistributionChain {
  const c = DistributionChain.create({
    balances: { 1: 1000n * UNIT, 2: 1000n * UNIT, 5: 1000n * UNIT, 9: 1000n * UNIT },
    validators: [
      { n: 1, amount: 100n * UNIT },
      { n: 2, amount: 300n * UNIT },
    ],
  });
  c.nextBlock();
  c.delegate(5, 1, 100n * UNIT);
  c.payFee(9, 1000n);
  // 980 x 200/500 = 392 to v1: 39.2 commission, 352.8 over 200 UNIT = 176.4 per 100 UNIT.
  c.nextBlock();
  return c;
}

function refused<I extends DescMessage>(c: DistributionChain, schema: I, msg: MessageInitShape<I>, error: RegisteredError, pattern?: RegExp): void {
  const before = c.snapshot();
  const out = c.deliver(schema, msg);
  assert.ok(out.error, `${schema.typeName} should fail`);
  assert.equal(out.error.codespace, error.codespace, out.error.message);
  assert.equal(out.error.code, error.code, out.error.message);
  if (pattern) assert.match(out.error.message, pattern);
  assert.equal(c.snapshot(), before, "a refused message changes nothing");
}

test("MsgWithdrawDelegatorReward pays the whole rewards, sends the fraction to the pool and starts over", () => {
  const c = rewardedChain();
  try {
    const before = c.balance(addr(5));
    const out = c.ok(MsgWithdrawDelegatorRewardSchema, { delegatorAddress: acc(5), validatorAddress: valoper(1) });
    assert.deepEqual(out.response, {
      $typeName: "cosmos.distribution.v1beta1.MsgWithdrawDelegatorRewardResponse",
      amount: [{ $typeName: "cosmos.base.v1beta1.Coin", denom: "uunit", amount: "176" }],
    });
    assert.equal(c.balance(addr(5)) - before, 176n);
    assert.deepEqual(eventsOfType(out.events, "withdraw_rewards"), [{ amount: "176uunit", validator: valoper(1), delegator: acc(5) }]);
    assert.deepEqual(c.distribution.communityPool(c.branch), [{ denom: "uunit", amount: d("20.4") }]);
    assert.deepEqual(c.distribution.outstanding(c.branch, addr(1)), [{ denom: "uunit", amount: d("215.6") }]);
    // Started again in this block: nothing more, and the event says 0 of the bond denom.
    const again = c.ok<typeof MsgWithdrawDelegatorRewardSchema, typeof MsgWithdrawDelegatorRewardResponseSchema>(MsgWithdrawDelegatorRewardSchema, {
      delegatorAddress: acc(5),
      validatorAddress: valoper(1),
    });
    assert.equal(again.response!.amount.length, 0);
    assert.deepEqual(eventsOfType(again.events, "withdraw_rewards"), [{ amount: "0uunit", validator: valoper(1), delegator: acc(5) }]);
  } finally {
    c.close();
  }
});

test("MsgWithdrawDelegatorReward refusals: unknown validator, no delegation, bad addresses", () => {
  const c = rewardedChain();
  try {
    refused(c, MsgWithdrawDelegatorRewardSchema, { delegatorAddress: acc(5), validatorAddress: valoper(7) }, distributionErrors.noValidatorDistInfo);
    refused(c, MsgWithdrawDelegatorRewardSchema, { delegatorAddress: acc(5), validatorAddress: valoper(2) }, distributionErrors.emptyDelegationDistInfo);
    refused(c, MsgWithdrawDelegatorRewardSchema, { delegatorAddress: acc(5), validatorAddress: acc(1) }, sdkErrors.invalidAddress, /validator address/);
    refused(c, MsgWithdrawDelegatorRewardSchema, { delegatorAddress: "", validatorAddress: valoper(1) }, sdkErrors.invalidAddress, /delegator address/);
  } finally {
    c.close();
  }
});

test("MsgWithdrawValidatorCommission pays the whole commission to the operator's withdraw address; the fraction stays", () => {
  const c = rewardedChain();
  try {
    c.ok(MsgSetWithdrawAddressSchema, { delegatorAddress: acc(1), withdrawAddress: acc(8) });
    const out = c.ok<typeof MsgWithdrawValidatorCommissionSchema, typeof MsgWithdrawValidatorCommissionResponseSchema>(MsgWithdrawValidatorCommissionSchema, {
      validatorAddress: valoper(1),
    });
    assert.deepEqual(
      out.response!.amount.map((x) => `${x.amount}${x.denom}`),
      ["39uunit"],
    );
    assert.equal(c.balance(addr(8)), 39n);
    assert.deepEqual(eventsOfType(out.events, "withdraw_commission"), [{ amount: "39uunit" }]);
    assert.deepEqual(c.distribution.commission(c.branch, addr(1)), [{ denom: "uunit", amount: d("0.2") }]);
    assert.deepEqual(c.distribution.outstanding(c.branch, addr(1)), [{ denom: "uunit", amount: d("353") }]);
    // 0.2 left: nothing whole to pay, but it is still a commission (the SDK pays an empty amount).
    const again = c.ok<typeof MsgWithdrawValidatorCommissionSchema, typeof MsgWithdrawValidatorCommissionResponseSchema>(MsgWithdrawValidatorCommissionSchema, {
      validatorAddress: valoper(1),
    });
    assert.equal(again.response!.amount.length, 0);
    refused(c, MsgWithdrawValidatorCommissionSchema, { validatorAddress: valoper(7) }, distributionErrors.noValidatorCommission);
  } finally {
    c.close();
  }
});

test("the commission message is signed by the operator's account", () => {
  const c = rewardedChain();
  try {
    const handler = c.msgs.handler("/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission")!;
    assert.deepEqual(handler.signers({ validatorAddress: valoper(1) } as never), [addr(1)]);
  } finally {
    c.close();
  }
});

test("MsgSetWithdrawAddress: rewards go there; module accounts but gov refused; the param can turn it off", () => {
  const c = rewardedChain();
  try {
    const out = c.ok(MsgSetWithdrawAddressSchema, { delegatorAddress: acc(5), withdrawAddress: acc(6) });
    assert.deepEqual(eventsOfType(out.events, "set_withdraw_address"), [{ withdraw_address: acc(6) }]);
    c.ok(MsgWithdrawDelegatorRewardSchema, { delegatorAddress: acc(5), validatorAddress: valoper(1) });
    assert.equal(c.balance(addr(6)), 176n);
    refused(
      c,
      MsgSetWithdrawAddressSchema,
      { delegatorAddress: acc(5), withdrawAddress: accAddressToString(moduleAddress(FEE_COLLECTOR)) },
      sdkErrors.unauthorized,
      /not allowed to receive/,
    );
    refused(c, MsgSetWithdrawAddressSchema, { delegatorAddress: acc(5), withdrawAddress: accAddressToString(DISTRIBUTION_ADDRESS) }, sdkErrors.unauthorized);
    c.ok(MsgSetWithdrawAddressSchema, { delegatorAddress: acc(5), withdrawAddress: accAddressToString(moduleAddress(GOV_ACCOUNT)) });
    refused(c, MsgSetWithdrawAddressSchema, { delegatorAddress: acc(5), withdrawAddress: "unit1bad" }, sdkErrors.invalidAddress, /withdraw address/);
    const params = { ...c.distribution.getParams(c.branch), withdrawAddrEnabled: false };
    c.ok(MsgUpdateParamsSchema, { authority: GOV, params });
    refused(c, MsgSetWithdrawAddressSchema, { delegatorAddress: acc(5), withdrawAddress: acc(6) }, distributionErrors.setWithdrawAddrDisabled);
  } finally {
    c.close();
  }
});

test("undelegating settles the rewards first; a full undelegation closes the delegation's accounting", () => {
  const c = rewardedChain();
  try {
    const before = c.balance(addr(5));
    c.undelegate(5, 1, 40n * UNIT);
    assert.equal(c.balance(addr(5)) - before, 176n, "rewards are paid when the stake changes");
    assert.ok(c.distribution.startingInfo(c.branch, addr(1), addr(5)), "the rest of the delegation starts over");
    c.payFee(9, 1000n);
    c.nextBlock();
    c.undelegate(5, 1, 60n * UNIT);
    assert.equal(c.distribution.startingInfo(c.branch, addr(1), addr(5)), undefined);
    // 980 x 160/460 truncated fraction x 0.9 over 160 UNIT: 60 UNIT earned 115.043478260869565... -> 115.
    assert.equal(c.balance(addr(5)) - before, 176n + 115n);
  } finally {
    c.close();
  }
});

test("MsgFundCommunityPool and MsgCommunityPoolSpend (governance only) move coins through the pool", () => {
  const c = rewardedChain();
  try {
    c.ok(MsgFundCommunityPoolSchema, { depositor: acc(9), amount: uunit(1000) });
    assert.deepEqual(c.distribution.communityPool(c.branch), [{ denom: "uunit", amount: d("1020") }]);
    refused(c, MsgFundCommunityPoolSchema, { depositor: acc(9), amount: [] }, sdkErrors.invalidCoins, /empty/);
    refused(c, MsgFundCommunityPoolSchema, { depositor: acc(9), amount: uunit(0) }, sdkErrors.invalidCoins);
    refused(c, MsgFundCommunityPoolSchema, { depositor: acc(3), amount: uunit(1) }, sdkErrors.insufficientFunds);

    refused(
      c,
      MsgCommunityPoolSpendSchema,
      { authority: acc(9), recipient: acc(7), amount: uunit(10) },
      distributionErrors.invalidAuthority,
      /invalid authority; expected unit10d07y/,
    );
    refused(c, MsgCommunityPoolSpendSchema, { authority: GOV, recipient: acc(7), amount: uunit(1021) }, distributionErrors.badDistribution);
    refused(
      c,
      MsgCommunityPoolSpendSchema,
      { authority: GOV, recipient: accAddressToString(moduleAddress(FEE_COLLECTOR)), amount: uunit(1) },
      sdkErrors.unauthorized,
    );
    refused(c, MsgCommunityPoolSpendSchema, { authority: GOV, recipient: acc(7), amount: [] }, sdkErrors.invalidCoins);
    c.ok(MsgCommunityPoolSpendSchema, { authority: GOV, recipient: acc(7), amount: uunit(1020) });
    assert.equal(c.balance(addr(7)), 1020n);
    assert.deepEqual(c.distribution.communityPool(c.branch), []);
  } finally {
    c.close();
  }
});

test("MsgUpdateParams: authority, deprecated proposer rewards, the community tax's range", () => {
  const c = rewardedChain();
  try {
    const params = c.distribution.getParams(c.branch);
    refused(c, MsgUpdateParamsSchema, { authority: acc(1), params }, distributionErrors.invalidAuthority);
    refused(
      c,
      MsgUpdateParamsSchema,
      { authority: GOV, params: { ...params, baseProposerReward: d("0.01").toString() } },
      sdkErrors.invalidRequest,
      /deprecated/,
    );
    refused(
      c,
      MsgUpdateParamsSchema,
      { authority: GOV, params: { ...params, communityTax: d("1.000000000000000001").toString() } },
      distributionErrors.invalidParams,
      /too large/,
    );
    refused(c, MsgUpdateParamsSchema, { authority: GOV, params: { ...params, communityTax: "-1" } }, distributionErrors.invalidParams);
    refused(c, MsgUpdateParamsSchema, { authority: GOV }, distributionErrors.invalidParams, /required/);
    c.ok(MsgUpdateParamsSchema, { authority: GOV, params: { ...params, communityTax: d("0.5").toString() } });
    c.payFee(9, 1000n);
    c.nextBlock();
    // Half of 1000 to the pool (plus the 20 before); v1's share is 500 x 200/500 = 200.
    assert.deepEqual(c.distribution.communityPool(c.branch), [{ denom: "uunit", amount: d("520") }]);
    assert.deepEqual(c.distribution.outstanding(c.branch, addr(1)), [{ denom: "uunit", amount: d("592") }]);
  } finally {
    c.close();
  }
});

test("MsgDepositValidatorRewardsPool: the deposit is allocated to that validator, commission included", () => {
  const c = rewardedChain();
  try {
    const out = c.ok(MsgDepositValidatorRewardsPoolSchema, { depositor: acc(9), validatorAddress: valoper(2), amount: uunit(100) });
    assert.deepEqual(eventsOfType(out.events, "commission"), [{ amount: "10.000000000000000000uunit", validator: valoper(2) }]);
    assert.deepEqual(c.distribution.outstanding(c.branch, addr(2)), [{ denom: "uunit", amount: d("688") }]);
    assert.equal(c.balance(DISTRIBUTION_ADDRESS), 1100n);
    refused(
      c,
      MsgDepositValidatorRewardsPoolSchema,
      { depositor: acc(9), validatorAddress: valoper(7), amount: uunit(1) },
      distributionErrors.noValidatorExists,
    );
    refused(c, MsgDepositValidatorRewardsPoolSchema, { depositor: acc(9), validatorAddress: valoper(2), amount: [] }, sdkErrors.invalidCoins);
  } finally {
    c.close();
  }
});

test("a slash ends the period: rewards before it count the full stake, after it the cut stake", () => {
  const c = rewardedChain();
  try {
    const v1 = c.staking.validatorView(c.branch, addr(1))!;
    // Half of v1's 200 UNIT is burned; the delegation (100 UNIT of shares) is now worth 50 UNIT.
    c.staking.slash(c.ctx, v1.consAddress, c.height, 200n, d("0.5"));
    const events = [...c.distribution.slashEventsBetween(c.branch, addr(1), 0n, 100n)];
    assert.deepEqual(
      events.map((e) => [e.height, e.event.fraction]),
      [[2n, d("0.5")]],
    );
    c.payFee(9, 1000n);
    c.nextBlock();
    // v1 power 100 of 400: 980/4 = 245, 220.5 to delegators over 100 UNIT: 110.25 per 50 UNIT.
    const before = c.balance(addr(5));
    c.ok(MsgWithdrawDelegatorRewardSchema, { delegatorAddress: acc(5), validatorAddress: valoper(1) });
    assert.equal(c.balance(addr(5)) - before, 176n + 110n);
  } finally {
    c.close();
  }
});
