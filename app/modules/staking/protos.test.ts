// Our staking protos against the SDK v0.50 wire format: field numbers by hand-computed bytes, the
// LegacyDec-as-atomics convention, and the REST routes the gateway derives from the annotations.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, getOption, hasOption, toBinary } from "@bufbuild/protobuf";
import { http } from "../../../gen/google/api/annotations_pb.js";
import { Query } from "../../../gen/cosmos/staking/v1beta1/query_pb.js";
import { BondStatus, DelegationSchema, ParamsSchema, PoolSchema, ValidatorSchema } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import {
  Msg,
  MsgBeginRedelegateSchema,
  MsgCancelUnbondingDelegationSchema,
  MsgCreateValidatorSchema,
  MsgDelegateSchema,
  MsgEditValidatorSchema,
  MsgUndelegateResponseSchema,
  MsgUpdateParamsSchema,
} from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const text = (s: string) => Buffer.from(s).toString("hex");

test("Delegation carries shares as LegacyDec atomics text in field 3", () => {
  // 1.0 share is "1000000000000000000" (19 bytes) on the wire, as the SDK's LegacyDec.Marshal writes it.
  const bytes = toBinary(DelegationSchema, create(DelegationSchema, { delegatorAddress: "a", validatorAddress: "b", shares: "1000000000000000000" }));
  assert.equal(hex(bytes), "0a0161" + "120162" + "1a13" + text("1000000000000000000"));
});

test("Validator, Params, Pool and the Msgs keep the SDK's field numbers", () => {
  const v = toBinary(
    ValidatorSchema,
    create(ValidatorSchema, {
      jailed: true,
      status: BondStatus.BONDED,
      tokens: "5",
      delegatorShares: "6",
      unbondingHeight: 8n,
      commission: {},
      minSelfDelegation: "1",
      unbondingOnHoldRefCount: 12n,
      unbondingIds: [13n],
    }),
  );
  // 3 jailed (0x18), 4 status (0x20), 5 tokens (0x2a), 6 shares (0x32), 8 height (0x40), 10 commission (0x52), 11 min self (0x5a), 12 (0x60), 13 packed (0x6a)
  assert.equal(hex(v), "1801" + "2003" + "2a0135" + "320136" + "4008" + "5200" + "5a0131" + "600c" + "6a010d");
  const p = toBinary(
    ParamsSchema,
    create(ParamsSchema, { unbondingTime: { seconds: 1n }, maxValidators: 2, maxEntries: 3, historicalEntries: 4, bondDenom: "u", minCommissionRate: "0" }),
  );
  assert.equal(hex(p), "0a020801" + "1002" + "1803" + "2004" + "2a0175" + "320130");
  assert.equal(hex(toBinary(PoolSchema, create(PoolSchema, { notBondedTokens: "1", bondedTokens: "2" }))), "0a0131" + "120132");
  const d = toBinary(MsgDelegateSchema, create(MsgDelegateSchema, { delegatorAddress: "a", validatorAddress: "b", amount: { denom: "u", amount: "1" } }));
  assert.equal(hex(d), "0a0161" + "120162" + "1a06" + "0a0175" + "120131");
  const r = toBinary(
    MsgUndelegateResponseSchema,
    create(MsgUndelegateResponseSchema, { completionTime: { seconds: 1n }, amount: { denom: "u", amount: "1" } }),
  );
  assert.equal(hex(r), "0a020801" + "1206" + "0a0175" + "120131");
  assert.deepEqual(
    Msg.methods.map((m) => m.name),
    ["CreateValidator", "EditValidator", "Delegate", "BeginRedelegate", "Undelegate", "CancelUnbondingDelegation", "UpdateParams"],
  );
  // MsgUpdateParams: 1 authority (0x0a), 2 params (0x12).
  const u = toBinary(MsgUpdateParamsSchema, create(MsgUpdateParamsSchema, { authority: "a", params: { maxValidators: 2 } }));
  assert.equal(hex(u), "0a0161" + "1202" + "1002");
});

test("the validator, redelegation and cancel messages keep the SDK v0.50 field numbers", () => {
  const coin = { denom: "u", amount: "1" };
  const c = create(MsgCreateValidatorSchema, {
    description: { moniker: "m" },
    commission: { rate: "1" },
    minSelfDelegation: "1",
    delegatorAddress: "d",
    validatorAddress: "v",
    pubkey: { typeUrl: "t" },
    value: coin,
  });
  assert.equal(hex(toBinary(MsgCreateValidatorSchema, c)), "0a030a016d" + "12030a0131" + "1a0131" + "220164" + "2a0176" + "32030a0174" + "3a060a0175120131");
  const e = create(MsgEditValidatorSchema, { description: { moniker: "m" }, validatorAddress: "v", commissionRate: "1", minSelfDelegation: "2" });
  assert.equal(hex(toBinary(MsgEditValidatorSchema, e)), "0a030a016d" + "120176" + "1a0131" + "220132");
  const r = create(MsgBeginRedelegateSchema, { delegatorAddress: "a", validatorSrcAddress: "b", validatorDstAddress: "c", amount: coin });
  assert.equal(hex(toBinary(MsgBeginRedelegateSchema, r)), "0a0161" + "120162" + "1a0163" + "22060a0175120131");
  const x = create(MsgCancelUnbondingDelegationSchema, { delegatorAddress: "a", validatorAddress: "b", amount: coin, creationHeight: 5n });
  assert.equal(hex(toBinary(MsgCancelUnbondingDelegationSchema, x)), "0a0161" + "120162" + "1a060a0175120131" + "2005");
});

test("every staking query has the SDK's GET route", () => {
  const routes = Object.fromEntries(
    Query.methods.map((m) => {
      assert.ok(hasOption(m, http), m.name);
      const rule = getOption(m, http);
      assert.equal(rule.pattern.case, "get", m.name);
      return [m.name, String(rule.pattern.value)];
    }),
  );
  const base = "/cosmos/staking/v1beta1";
  assert.deepEqual(routes, {
    Validators: `${base}/validators`,
    Validator: `${base}/validators/{validator_addr}`,
    ValidatorDelegations: `${base}/validators/{validator_addr}/delegations`,
    ValidatorUnbondingDelegations: `${base}/validators/{validator_addr}/unbonding_delegations`,
    Delegation: `${base}/validators/{validator_addr}/delegations/{delegator_addr}`,
    UnbondingDelegation: `${base}/validators/{validator_addr}/delegations/{delegator_addr}/unbonding_delegation`,
    DelegatorDelegations: `${base}/delegations/{delegator_addr}`,
    DelegatorUnbondingDelegations: `${base}/delegators/{delegator_addr}/unbonding_delegations`,
    Redelegations: `${base}/delegators/{delegator_addr}/redelegations`,
    DelegatorValidators: `${base}/delegators/{delegator_addr}/validators`,
    DelegatorValidator: `${base}/delegators/{delegator_addr}/validators/{validator_addr}`,
    HistoricalInfo: `${base}/historical_info/{height}`,
    Pool: `${base}/pool`,
    Params: `${base}/params`,
  });
});
