// MsgUpdateParams: only the gov authority, only params Params.Validate accepts, stored canonically
// and used from the next message or end block on (max_validators, unbonding_time,
// min_commission_rate); validators below a raised minimum keep their rate (SDK v0.50); the bond
// denom stays while anything is staked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { DurationSchema } from "@bufbuild/protobuf/wkt";
import { BondStatus, type Params } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import {
  MsgCreateValidatorSchema,
  MsgEditValidatorSchema,
  MsgUndelegateResponseSchema,
  MsgUndelegateSchema,
  MsgUpdateParamsSchema,
} from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { accAddressToString } from "../../../common/address.js";
import { GOV_ACCOUNT, moduleAddress } from "../../../common/moduleAccounts.js";
import { GrpcCode, sdkErrors, type RegisteredError } from "../../../common/errors.js";
import { parseDec } from "../../../sdk/math/dec.js";
import { stakingErrors } from "./errors.js";
import { msgUpdateParamsHandler } from "./paramsMsg.js";
import { accText, addr, createValidatorMsg, StakingFixture } from "./testFixture.js";
import { valAddressToString } from "./valAddress.js";

const UNIT = 1_000_000n;
const GOV = accAddressToString(moduleAddress(GOV_ACCOUNT));
const dec = (s: string) => parseDec(s).toString();

function fixture(validators: number[] = [1, 2, 3]): StakingFixture {
  return StakingFixture.create({
    balances: [1, 2, 3, 4].map((n) => ({ address: accText(n), amount: 100n * UNIT })),
    genValidators: validators.map((n) => ({ delegator: n, amount: BigInt(10 + n) * UNIT })),
  });
}

/** The current params with `change` applied, as a MsgUpdateParams from `authority`. */
function update(f: StakingFixture, change: Partial<Params>, authority = GOV) {
  return { authority, params: { ...f.staking.getParams(f.ctx.store), ...change } };
}

function refused(f: StakingFixture, msg: ReturnType<typeof update>, kind: RegisteredError, message: RegExp): void {
  const before = f.snapshot();
  const r = f.deliver(MsgUpdateParamsSchema, msg);
  assert.ok(r.error && kind.is(r.error), `expected ${kind.codespace}/${kind.code}, got ${r.error?.message ?? "success"}`);
  assert.match(r.error.message, message);
  assert.equal(f.snapshot(), before, "nothing written");
}

test("errors: staking's ErrInvalidSigner (43, permission denied) and this chain's 101 for invalid params", () => {
  assert.deepEqual([stakingErrors.invalidSigner.codespace, stakingErrors.invalidSigner.code], ["staking", 43]);
  assert.equal(stakingErrors.invalidSigner.grpcCode, GrpcCode.PERMISSION_DENIED);
  assert.deepEqual([stakingErrors.invalidParams.codespace, stakingErrors.invalidParams.code], ["staking", 101]);
});

test("only the gov authority may update; it is the message's only signer", () => {
  const f = fixture();
  try {
    const someone = accText(4);
    refused(f, update(f, { maxValidators: 5 }, someone), stakingErrors.invalidSigner, new RegExp(`invalid authority; expected ${GOV}, got ${someone}`));
    assert.equal(f.staking.authority, GOV);
    const handler = msgUpdateParamsHandler(f.staking);
    assert.deepEqual(handler.signers(create(MsgUpdateParamsSchema, { authority: GOV })), [moduleAddress(GOV_ACCOUNT)]);
    assert.throws(
      () => handler.signers(create(MsgUpdateParamsSchema, { authority: "unit1notanaddress" })),
      (err: unknown) => sdkErrors.invalidAddress.is(err),
    );
  } finally {
    f.close();
  }
});

test("invalid params are refused with the reason and change nothing", () => {
  const f = fixture();
  try {
    const cases: [Partial<Params>, RegExp][] = [
      [{ unbondingTime: create(DurationSchema, { seconds: 0n }) }, /unbonding_time must be positive/],
      [{ unbondingTime: create(DurationSchema, { seconds: -5n }) }, /unbonding_time must be positive/],
      [{ unbondingTime: undefined }, /unbonding_time must be positive/],
      [{ maxValidators: 0 }, /max_validators must be positive/],
      [{ maxEntries: 0 }, /max_entries must be positive/],
      [{ bondDenom: "" }, /bond_denom/],
      [{ bondDenom: "1bad" }, /bond_denom/],
      [{ minCommissionRate: "" }, /minimum commission rate cannot be nil/],
      [{ minCommissionRate: "-1" }, /min_commission_rate must be between 0 and 1/],
      [{ minCommissionRate: (10n ** 18n + 1n).toString() }, /min_commission_rate must be between 0 and 1/],
      [{ minCommissionRate: "0.5" }, /invalid LegacyDec wire value/],
    ];
    for (const [change, message] of cases) refused(f, update(f, change), stakingErrors.invalidParams, message);
    refused(f, { authority: GOV } as never, stakingErrors.invalidParams, /params must be given/);
  } finally {
    f.close();
  }
});

test("a lower max_validators takes effect at the next end block: the weakest validator leaves the set", () => {
  const f = fixture();
  try {
    assert.equal(f.initialValidators.length, 3, "the three genesis validators are bonded");
    f.nextBlock();
    const r = f.deliver(MsgUpdateParamsSchema, update(f, { maxValidators: 2 }));
    assert.equal(r.error, undefined, r.error?.message);
    assert.equal(f.staking.getParams(f.ctx.store).maxValidators, 2);
    assert.deepEqual(
      f.endBlock().map((u) => u.power),
      [0n],
      "validator 1 (11 UNIT, the least) is removed",
    );
    assert.equal(f.staking.getValidator(f.ctx.store, addr(1))!.status, BondStatus.UNBONDING);
    assert.equal(f.staking.getValidator(f.ctx.store, addr(3))!.status, BondStatus.BONDED);
  } finally {
    f.close();
  }
});

test("a new unbonding_time dates the next undelegation; min_commission_rate is stored as canonical atomics", () => {
  const f = fixture();
  try {
    f.nextBlock();
    f.endBlock();
    f.nextBlock();
    const r = f.deliver(
      MsgUpdateParamsSchema,
      update(f, { unbondingTime: create(DurationSchema, { seconds: 3600n }), minCommissionRate: "0050000000000000000" }),
    );
    assert.equal(r.error, undefined, r.error?.message);
    assert.equal(f.staking.getParams(f.ctx.store).minCommissionRate, dec("0.05"));
    const out = f.deliver<typeof MsgUndelegateSchema, typeof MsgUndelegateResponseSchema>(MsgUndelegateSchema, {
      delegatorAddress: accText(2),
      validatorAddress: valAddressToString(addr(2)),
      amount: { denom: "uunit", amount: UNIT.toString() },
    });
    assert.equal(out.error, undefined, out.error?.message);
    assert.equal(out.response!.completionTime!.seconds, f.ctx.header.time.seconds + 3600n);
  } finally {
    f.close();
  }
});

test("a raised min_commission_rate binds new and edited rates; existing validators keep theirs (SDK v0.50)", () => {
  const f = fixture();
  try {
    f.nextBlock();
    const r = f.deliver(MsgUpdateParamsSchema, update(f, { minCommissionRate: dec("0.15") }));
    assert.equal(r.error, undefined, r.error?.message);
    assert.equal(f.staking.getValidator(f.ctx.store, addr(1))!.commission!.commissionRates!.rate, dec("0.1"), "not raised");
    const created = f.deliver(MsgCreateValidatorSchema, createValidatorMsg(4, 5n * UNIT));
    assert.ok(created.error && stakingErrors.commissionLTMinRate.is(created.error), created.error?.message);
    assert.match(created.error.message, /minimum rate of 0.15/);
    f.nextBlock(2 * 86_400);
    const edited = f.deliver(MsgEditValidatorSchema, {
      validatorAddress: valAddressToString(addr(1)),
      description: { moniker: "renamed" },
      commissionRate: dec("0.11"),
    });
    assert.ok(edited.error && sdkErrors.invalidRequest.is(edited.error), edited.error?.message);
    assert.match(edited.error.message, /less than the min commission rate 0.15/);
    const higher = f.deliver(MsgCreateValidatorSchema, {
      ...createValidatorMsg(4, 5n * UNIT),
      commission: { rate: dec("0.15"), maxRate: dec("0.2"), maxChangeRate: dec("0.01") },
    });
    assert.equal(higher.error, undefined, higher.error?.message);
  } finally {
    f.close();
  }
});

test("the bond denom cannot change while anything is staked; with nothing staked it can", () => {
  const staked = fixture();
  try {
    refused(
      staked,
      update(staked, { bondDenom: "ustake" }),
      stakingErrors.invalidParams,
      /bond_denom cannot change from uunit to ustake while tokens are staked/,
    );
    const same = staked.deliver(MsgUpdateParamsSchema, update(staked, { maxEntries: 9 }));
    assert.equal(same.error, undefined, "the same denom with other changes is fine");
  } finally {
    staked.close();
  }
  const empty = fixture([]);
  try {
    const r = empty.deliver(MsgUpdateParamsSchema, update(empty, { bondDenom: "ustake" }));
    assert.equal(r.error, undefined, r.error?.message);
    assert.equal(empty.staking.bondDenom(empty.ctx.store), "ustake");
  } finally {
    empty.close();
  }
});
