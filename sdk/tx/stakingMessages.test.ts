// msgUpdateStakingParams: the Any a proposal carries, with the rate written as LegacyDec atomics.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fromBinary } from "@bufbuild/protobuf";
import { MsgUpdateParamsSchema } from "../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { msgUpdateStakingParams } from "./stakingMessages.js";

test("msgUpdateStakingParams packs every param; 0.05 becomes 5 x 10^16 atomics", () => {
  const any = msgUpdateStakingParams({
    authority: "unit10d07y265gmmuvt4z0w9aw880jnsr700jt5lhv5",
    params: { unbondingSeconds: 3600n, maxValidators: 50, maxEntries: 7, historicalEntries: 100, bondDenom: "uunit", minCommissionRate: "0.05" },
  });
  assert.equal(any.typeUrl, "/cosmos.staking.v1beta1.MsgUpdateParams");
  const msg = fromBinary(MsgUpdateParamsSchema, any.value);
  assert.equal(msg.authority, "unit10d07y265gmmuvt4z0w9aw880jnsr700jt5lhv5");
  assert.equal(msg.params?.unbondingTime?.seconds, 3600n);
  assert.equal(msg.params?.maxValidators, 50);
  assert.equal(msg.params?.historicalEntries, 100);
  assert.equal(msg.params?.minCommissionRate, "50000000000000000");
  assert.throws(() => msgUpdateStakingParams({ authority: "x", params: { ...msg.params!, unbondingSeconds: 1n, minCommissionRate: "five" } }));
});
