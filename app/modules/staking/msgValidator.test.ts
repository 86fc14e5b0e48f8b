// MsgCreateValidator and MsgEditValidator: each SDK check with its code, and the happy paths.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { MsgCreateValidatorSchema, MsgEditValidatorSchema } from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { parseDec } from "../../../sdk/math/dec.js";
import { accText, addr, createValidatorMsg, StakingFixture } from "./testFixture.js";
import { valAddressToString } from "./valAddress.js";
import { attributesOf } from "../../../test/support/eventAttributes.js";

const UNIT = 1_000_000n;
const dec = (s: string) => parseDec(s).toString();

function fixture(params: Record<string, unknown> = {}): StakingFixture {
  return StakingFixture.create({
    balances: [1, 3].map((n) => ({ address: accText(n), amount: 100n * UNIT })),
    genValidators: [{ delegator: 1, amount: 10n * UNIT }],
    editGenesis: (g) => ({ ...g, params: { ...(g.params as object), ...params } }),
  });
}

test("a created validator self-delegates, emits create_validator and enters the set at the end of the same block", () => {
  const f = fixture();
  try {
    f.nextBlock();
    const r = f.deliver(MsgCreateValidatorSchema, createValidatorMsg(3, 4n * UNIT));
    assert.equal(r.error, undefined, r.error?.message);
    const ev = r.events.find((e) => e.type === "create_validator")!;
    assert.deepEqual(attributesOf(ev), { validator: valAddressToString(addr(3)), amount: "4000000uunit" });
    const v = f.staking.getValidator(f.ctx.store, addr(3))!;
    assert.equal(v.status, BondStatus.UNBONDED);
    assert.equal(v.commission?.commissionRates?.rate, dec("0.1"));
    assert.deepEqual(v.commission?.updateTime, f.ctx.header.time);
    assert.equal(f.staking.delegationShares(f.ctx.store, addr(3), addr(3)), 4n * UNIT * 10n ** 18n);
    const updates = f.endBlock();
    assert.deepEqual(
      updates.map((u) => u.power),
      [4n],
    );
    assert.equal(f.staking.getValidator(f.ctx.store, addr(3))!.status, BondStatus.BONDED);
  } finally {
    f.close();
  }
});

test("MsgCreateValidator refusals carry the SDK's codes and change nothing", () => {
  const f = fixture({ min_commission_rate: "0.05" });
  try {
    f.nextBlock();
    const base = createValidatorMsg(3, 4n * UNIT);
    const cases: [string, Record<string, unknown>, string, number, RegExp][] = [
      ["no pubkey", { pubkey: undefined }, "staking", 39, /empty validator public key/],
      ["secp256k1 key", { pubkey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: new Uint8Array() } }, "staking", 6, /not supported/],
      ["zero value", { value: { denom: "uunit", amount: "0" } }, "sdk", 18, /invalid delegation amount/],
      ["empty description", { description: {} }, "sdk", 18, /empty description/],
      ["long moniker", { description: { moniker: "m".repeat(71) } }, "sdk", 18, /invalid moniker length; got: 71, max: 70/],
      ["empty commission", { commission: {} }, "sdk", 18, /empty commission/],
      ["max rate above 1", { commission: { rate: dec("0.1"), maxRate: dec("1.1"), maxChangeRate: dec("0.01") } }, "staking", 10, /more than 100%/],
      ["rate above max", { commission: { rate: dec("0.3"), maxRate: dec("0.2"), maxChangeRate: dec("0.01") } }, "staking", 11, /max rate/],
      ["change rate above max", { commission: { rate: dec("0.1"), maxRate: dec("0.2"), maxChangeRate: dec("0.3") } }, "staking", 14, /change rate/],
      ["below min rate", { commission: { rate: dec("0.01"), maxRate: dec("0.2"), maxChangeRate: dec("0.01") } }, "staking", 40, /minimum rate of 0.05/],
      ["min self delegation 0", { minSelfDelegation: "0" }, "sdk", 18, /positive integer/],
      ["value below min self delegation", { minSelfDelegation: "5000000" }, "staking", 16, /self delegation/],
      ["other denom", { value: { denom: "uother", amount: "4000000" } }, "sdk", 18, /invalid coin denomination/],
      ["operator exists", { validatorAddress: valAddressToString(addr(1)) }, "staking", 4, /already exist for this operator/],
      ["consensus key taken", { pubkey: createValidatorMsg(1, 1n).pubkey }, "staking", 5, /already exist for this pubkey/],
      ["more than the balance", { value: { denom: "uunit", amount: (101n * UNIT).toString() } }, "sdk", 5, /insufficient funds/],
    ];
    const before = f.snapshot();
    for (const [name, over, codespace, code, message] of cases) {
      const r = f.deliver(MsgCreateValidatorSchema, { ...base, ...over } as never);
      assert.equal(r.error?.codespace, codespace, name);
      assert.equal(r.error?.code, code, `${name}: ${r.error?.message}`);
      assert.match(r.error!.message, message, name);
    }
    assert.equal(f.snapshot(), before);
  } finally {
    f.close();
  }
});

test("MsgEditValidator: description placeholders, commission once a day within max_change_rate, min self-delegation only up", () => {
  const f = fixture();
  const VAL = valAddressToString(addr(1));
  const edit = (over: Record<string, unknown>) =>
    f.deliver(MsgEditValidatorSchema, {
      description: {
        moniker: "[do-not-modify]",
        identity: "[do-not-modify]",
        website: "[do-not-modify]",
        securityContact: "[do-not-modify]",
        details: "[do-not-modify]",
      },
      validatorAddress: VAL,
      ...over,
    } as never);
  try {
    f.nextBlock();
    const r = edit({
      description: { moniker: "[do-not-modify]", identity: "[do-not-modify]", website: "https://x", securityContact: "[do-not-modify]", details: "" },
    });
    assert.equal(r.error, undefined, r.error?.message);
    const d = f.staking.getValidator(f.ctx.store, addr(1))!.description!;
    assert.equal(d.moniker, "validator-1");
    assert.equal(d.website, "https://x");
    // Genesis set the commission's update time: less than 24 h later a change is refused.
    assert.equal(edit({ commissionRate: dec("0.11") }).error?.code, 12);
    f.nextBlock(86_400);
    assert.equal(edit({ commissionRate: dec("0.12") }).error?.code, 15, "a rise of 2 % is above max_change_rate 1 %");
    assert.equal(edit({ commissionRate: dec("0.21") }).error?.code, 11);
    assert.match(edit({ commissionRate: dec("1.5") }).error!.message, /between 0 and 1/);
    const ok = edit({ commissionRate: dec("0.11") });
    assert.equal(ok.error, undefined, ok.error?.message);
    assert.deepEqual(
      ok.events.filter((e) => e.type === "edit_validator").map((e) => e.attributes!.map((a) => `${a.key}=${a.value}`)),
      [["commission_rate=0.110000000000000000", "min_self_delegation=1"]],
    );
    assert.equal(edit({ commissionRate: dec("0.1") }).error?.code, 12, "again within 24 h");
    f.nextBlock(86_400);
    assert.equal(edit({ commissionRate: dec("0") }).error, undefined, "a cut may be any size");
    assert.equal(edit({ minSelfDelegation: "1" }).error?.code, 17, "not above the current 1");
    assert.equal(edit({ minSelfDelegation: (10n * UNIT + 1n).toString() }).error?.code, 16, "above the validator's tokens");
    assert.equal(edit({ minSelfDelegation: "5000000" }).error, undefined);
    assert.equal(f.staking.getValidator(f.ctx.store, addr(1))!.minSelfDelegation, "5000000");
    assert.equal(edit({ validatorAddress: valAddressToString(addr(9)) }).error?.code, 3);
    assert.equal(edit({ description: {} }).error?.code, 18);
  } finally {
    f.close();
  }
});
