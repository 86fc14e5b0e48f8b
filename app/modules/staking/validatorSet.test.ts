// The validator state machine: ranking into max_validators, bond/unbond transitions with their
// pool movements and hooks, the unbonding queue, removal, jailing, and historical info.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { MsgCreateValidatorSchema, MsgDelegateSchema, MsgUndelegateSchema } from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { QueryHistoricalInfoRequestSchema, QueryHistoricalInfoResponseSchema } from "../../../gen/cosmos/staking/v1beta1/query_pb.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { consensusAddress } from "./consensusKey.js";
import type { StakingHooks } from "./hooks.js";
import { accText, addr, createValidatorMsg as createMsg, StakingFixture } from "./testFixture.js";
import { valAddressToString } from "./valAddress.js";

const UNIT = 1_000_000n;
const BONDED = moduleAddress("bonded_tokens_pool");
const NOT_BONDED = moduleAddress("not_bonded_tokens_pool");

function fixture(params: Record<string, unknown>, hooks?: StakingHooks): StakingFixture {
  return StakingFixture.create({
    balances: [1, 2, 3, 5].map((n) => ({ address: accText(n), amount: 100n * UNIT })),
    genValidators: [
      { delegator: 1, amount: 10n * UNIT },
      { delegator: 2, amount: 8n * UNIT },
    ],
    ...(hooks ? { hooks } : {}),
    editGenesis: (g) => ({ ...g, params: { ...(g.params as object), unbonding_time: "10s", ...params } }),
  });
}

const delegateTo = (f: StakingFixture, n: number, amount: bigint, from = 5) =>
  f.deliver(MsgDelegateSchema, {
    delegatorAddress: accText(from),
    validatorAddress: valAddressToString(addr(n)),
    amount: { denom: "uunit", amount: amount.toString() },
  });
const undelegateFrom = (f: StakingFixture, n: number, amount: bigint, from = 5) =>
  f.deliver(MsgUndelegateSchema, {
    delegatorAddress: accText(from),
    validatorAddress: valAddressToString(addr(n)),
    amount: { denom: "uunit", amount: amount.toString() },
  });
const keyOf = (u: { pubKey?: { sum?: { value?: unknown } } }) => (u.pubKey!.sum!.value as Uint8Array)[0];
const updates = (f: StakingFixture) => f.endBlock().map((u) => [keyOf(u as never), u.power]);
const status = (f: StakingFixture, n: number) => f.staking.getValidator(f.ctx.store, addr(n))?.status;

/** Creates validator 3 with a self-delegation of `amount`, as MsgCreateValidator does (not bonded yet). */
function createThird(f: StakingFixture, amount: bigint): void {
  const r = f.deliver(MsgCreateValidatorSchema, createMsg(3, amount));
  assert.equal(r.error, undefined, r.error?.message);
}

test("max_validators: the top ranks are bonded; out-ranked validators begin unbonding and their tokens change pool", () => {
  const calls: string[] = [];
  const f = fixture(
    { max_validators: 2 },
    {
      afterValidatorBonded: (_c, _cons, op) => calls.push(`bonded #${op[0]}`),
      afterValidatorBeginUnbonding: (_c, _cons, op) => calls.push(`unbonding #${op[0]}`),
    },
  );
  try {
    calls.length = 0;
    f.nextBlock();
    createThird(f, 5n * UNIT);
    assert.equal(status(f, 3), BondStatus.UNBONDED);
    assert.equal(f.balance(NOT_BONDED), 5n * UNIT);
    assert.deepEqual(updates(f), [], "5 UNIT ranks third of max 2");
    f.nextBlock();
    assert.equal(delegateTo(f, 3, 4n * UNIT).error, undefined);
    // 9 UNIT now out-ranks validator 2 (8): 3 bonds, 2 begins unbonding.
    assert.deepEqual(updates(f), [
      [3, 9n],
      [2, 0n],
    ]);
    assert.deepEqual(calls, ["bonded #3", "unbonding #2"]);
    assert.equal(status(f, 2), BondStatus.UNBONDING);
    assert.equal(status(f, 3), BondStatus.BONDED);
    assert.equal(f.balance(BONDED), 19n * UNIT);
    assert.equal(f.balance(NOT_BONDED), 8n * UNIT);
    const v2 = f.staking.getValidator(f.ctx.store, addr(2))!;
    assert.equal(v2.unbondingHeight, 2n);
    assert.equal(v2.unbondingTime!.seconds, f.ctx.header.time.seconds + 10n);
    assert.equal(f.staking.getLastTotalPower(f.ctx.store), 19n);
    // Equal power: the lower operator address ranks first, so 2 at 8 + 1 = 9 displaces 3 at 9,
    // going from unbonding straight back to bonded.
    f.nextBlock();
    assert.equal(delegateTo(f, 2, 1n * UNIT).error, undefined);
    assert.deepEqual(updates(f), [
      [2, 9n],
      [3, 0n],
    ]);
    assert.equal(status(f, 2), BondStatus.BONDED);
    assert.equal(
      f.staking
        .matureValidatorQueue(f.ctx.store, { seconds: 10n ** 12n, nanos: 0 } as never, 10n ** 9n)
        .map((e) => e.operator[0])
        .join(),
      "3",
      "2 left the queue when it bonded again",
    );
  } finally {
    f.close();
  }
});

test("an unbonding validator matures to UNBONDED after unbonding_time, and is removed once no delegation is left", () => {
  const removed: number[] = [];
  const f = fixture(
    {},
    { afterValidatorRemoved: (_c, cons, op) => removed.push(op[0]!) && assert.deepEqual(cons, consensusAddress(Buffer.alloc(32, op[0]!))) },
  );
  try {
    f.nextBlock();
    f.staking.jail(f.ctx, consensusAddress(Buffer.alloc(32, 2)));
    assert.deepEqual(updates(f), [[2, 0n]]);
    assert.equal(status(f, 2), BondStatus.UNBONDING);
    assert.equal(f.balance(NOT_BONDED), 8n * UNIT);
    f.nextBlock(9);
    f.endBlock();
    assert.equal(status(f, 2), BondStatus.UNBONDING, "9 s of 10");
    f.nextBlock(1);
    f.endBlock();
    assert.equal(status(f, 2), BondStatus.UNBONDED);
    // The operator's whole self-delegation leaves: an unbonded validator without shares is removed at once.
    f.nextBlock();
    assert.equal(undelegateFrom(f, 2, 8n * UNIT, 2).error, undefined);
    assert.equal(f.staking.getValidator(f.ctx.store, addr(2)), undefined);
    assert.equal(f.staking.validatorByConsAddress(f.ctx.store, consensusAddress(Buffer.alloc(32, 2))), undefined);
    assert.deepEqual(removed, [2]);
    assert.deepEqual(
      [...f.staking.validatorsByPower(f.ctx.store)].map((o) => o[0]),
      [1],
    );
  } finally {
    f.close();
  }
});

test("a jailed validator leaves the power index and the set; unjailed it ranks again", () => {
  const f = fixture({});
  try {
    f.nextBlock();
    f.staking.jail(f.ctx, consensusAddress(Buffer.alloc(32, 1)));
    assert.deepEqual(
      [...f.staking.validatorsByPower(f.ctx.store)].map((o) => o[0]),
      [2],
    );
    assert.deepEqual(updates(f), [[1, 0n]]);
    // Delegating to a jailed validator is allowed and does not bring it back.
    f.nextBlock();
    assert.equal(delegateTo(f, 1, UNIT).error, undefined);
    assert.deepEqual(updates(f), []);
    f.nextBlock();
    f.staking.unjail(f.ctx, consensusAddress(Buffer.alloc(32, 1)));
    assert.deepEqual(updates(f), [[1, 11n]]);
    assert.equal(status(f, 1), BondStatus.BONDED);
    assert.equal(f.balance(BONDED), 19n * UNIT);
    assert.equal(f.balance(NOT_BONDED), 0n);
  } finally {
    f.close();
  }
});

test("when the last validator leaves, CometBFT is handed an empty set, as the SDK does", () => {
  const f = StakingFixture.create({ balances: [{ address: accText(1), amount: 10n * UNIT }], genValidators: [{ delegator: 1, amount: 10n * UNIT }] });
  try {
    f.nextBlock();
    f.staking.jail(f.ctx, consensusAddress(Buffer.alloc(32, 1)));
    assert.deepEqual(updates(f), [[1, 0n]]);
    assert.equal(f.staking.getLastTotalPower(f.ctx.store), 0n);
  } finally {
    f.close();
  }
});

test("historical info keeps the last historical_entries heights with the set ranked by power", () => {
  const f = fixture({ historical_entries: 2 });
  try {
    const hist = (h: bigint) => {
      try {
        return f.query("HistoricalInfo", QueryHistoricalInfoRequestSchema, { height: h }, QueryHistoricalInfoResponseSchema).hist;
      } catch {
        return undefined;
      }
    };
    for (let i = 0; i < 3; i++) {
      f.nextBlock();
      f.beginBlock();
      f.endBlock();
    }
    assert.equal(hist(1n), undefined, "pruned");
    const h3 = hist(3n)!;
    assert.equal(h3.header?.height, 3n);
    assert.equal(h3.header?.chainId, "unit_2611-1");
    assert.deepEqual(
      h3.valset.map((v) => v.description?.moniker),
      ["validator-1", "validator-2"],
    );
    assert.ok(hist(2n));
    assert.throws(() => f.query("HistoricalInfo", QueryHistoricalInfoRequestSchema, { height: 9n }, QueryHistoricalInfoResponseSchema), /not found/);
  } finally {
    f.close();
  }
});
