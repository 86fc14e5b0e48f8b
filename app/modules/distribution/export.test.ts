// Distribution export at the store level: after fees, a delegation, a withdraw address and a
// slash, the exported section imports into a fresh store as the same bytes under distribution/,
// and export again is equal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MsgSetWithdrawAddressSchema } from "../../../gen/cosmos/distribution/v1beta1/tx_pb.js";
import { accAddressToString } from "../../../common/address.js";
import { parseDec } from "../../../sdk/math/dec.js";
import { assertGenesisRoundTrip } from "../../testing/moduleGenesisRoundTrip.js";
import { distributionModule } from "./module.js";
import { DistributionChain } from "./testHarness.js";

const UNIT = 1_000_000n;

test("distribution export -> import -> export: every record byte for byte", () => {
  const validators = [
    { n: 1, amount: 100n * UNIT },
    { n: 2, amount: 300n * UNIT },
  ];
  const c = DistributionChain.create({ balances: { 1: 1000n * UNIT, 2: 1000n * UNIT, 5: 1000n * UNIT, 9: 1000n * UNIT }, validators });
  try {
    c.nextBlock();
    c.delegate(5, 1, 10n * UNIT);
    c.payFee(9, 12345n);
    c.nextBlock();
    c.ok(MsgSetWithdrawAddressSchema, {
      delegatorAddress: accAddressToString(new Uint8Array(20).fill(5)),
      withdrawAddress: accAddressToString(new Uint8Array(20).fill(6)),
    });
    c.staking.slash(c.ctx, c.staking.validatorView(c.branch, new Uint8Array(20).fill(2))!.consAddress, c.height, 300n, parseDec("0.01"));
    c.payFee(9, 777n);
    c.nextBlock();
    const { exported, keys } = assertGenesisRoundTrip(distributionModule(c.distribution), c.branch, c.ctx.header);
    const g = exported as Record<string, unknown[]>;
    assert.deepEqual(
      [
        "delegator_withdraw_infos",
        "outstanding_rewards",
        "validator_accumulated_commissions",
        "validator_current_rewards",
        "delegator_starting_infos",
        "validator_slash_events",
      ].map((name) => g[name]!.length),
      [1, 2, 2, 2, 3, 1],
    );
    assert.ok(keys >= 14, `${keys} keys`);
  } finally {
    c.close();
  }
});
