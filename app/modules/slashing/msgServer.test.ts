// MsgUnjail and MsgUpdateParams. Unjail over the real staking keeper: a validator jailed for
// downtime is refused while its jail time runs and let out after it, back into CometBFT's set at
// the end block; a validator that is not jailed, a tombstoned one and an unknown operator are
// refused with the SDK's codes, each changing nothing. The self-delegation rules use a small fake
// staking keeper (the real one has no way to lower a genesis validator's self-bond below its
// minimum). MsgUpdateParams: only the gov authority, only valid params, stored canonically.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { pino } from "pino";
import { MsgUnjailSchema, MsgUpdateParamsSchema } from "../../../gen/cosmos/slashing/v1beta1/tx_pb.js";
import { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { accAddressToString, valAddressToString } from "../../../common/address.js";
import { AppError, GrpcCode, sdkErrors, type RegisteredError } from "../../../common/errors.js";
import { DEC_ONE, parseDec } from "../../../sdk/math/dec.js";
import { Context } from "../../context.js";
import { openStore } from "../../store/index.js";
import { decodedMsg, executeMsg } from "../../tx/msgRouter.js";
import { slashingErrors } from "./errors.js";
import type { SlashingStakingKeeper, SlashingValidatorView } from "./expectedKeepers.js";
import { SlashingKeeper } from "./keeper.js";
import { msgUnjailHandler, msgUpdateParamsHandler } from "./msgServer.js";
import { defaultParams, parseParams } from "./params.js";
import { FLAG_ABSENT, GOV, consOf, operatorOf, SlashingHarness } from "./testHarness.js";

const POWERS = [10n, 10n, 10n];

/** A harness in which validator 1 was jailed for downtime at height 11, until block time + 60 s. */
function jailedHarness(): SlashingHarness {
  const h = SlashingHarness.create(POWERS, { signedBlocksWindow: 10n, downtimeJailDuration: { seconds: 60n, nanos: 0 } as never });
  for (let i = 0; i < 11; i++) h.block(h.votes(POWERS, [FLAG_ABSENT]));
  assert.equal(h.f.staking.validatorView(h.ctx.store, operatorOf(1))!.jailed, true);
  return h;
}

function unjailMsg(n: number) {
  return { validatorAddr: valAddressToString(operatorOf(n)) };
}

function refused(h: SlashingHarness, n: number, kind: RegisteredError, message?: RegExp): void {
  const before = h.f.snapshot();
  const out = h.f.deliver(MsgUnjailSchema, unjailMsg(n));
  assert.ok(out.error && kind.is(out.error), `expected ${kind.codespace}/${kind.code}, got ${out.error?.message ?? "success"}`);
  if (message) assert.match(out.error.message, message);
  assert.equal(h.f.snapshot(), before, "nothing written");
}

test("error codes: the SDK's x/slashing codes 2-11 and this chain's 12 for invalid params", () => {
  assert.deepEqual(
    Object.values(slashingErrors).map((e) => [e.codespace, e.code]),
    [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((code) => ["slashing", code]),
  );
  assert.equal(slashingErrors.invalidSigner.grpcCode, GrpcCode.PERMISSION_DENIED);
});

test("unjail: refused while jailed_until is ahead, accepted from that time on; the validator returns to the set", () => {
  const h = jailedHarness();
  try {
    const until = h.slashing.getSigningInfo(h.ctx.store, consOf(1))!.jailedUntil!;
    h.block(h.votes(POWERS, [FLAG_ABSENT]), [], 30);
    refused(h, 1, slashingErrors.validatorJailed, /validator is jailed until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: validator still jailed; cannot be unjailed/);
    h.block(h.votes(POWERS, [FLAG_ABSENT]), [], Number(until.seconds - h.ctx.header.time.seconds - 1n));
    refused(h, 1, slashingErrors.validatorJailed);
    h.block(h.votes(POWERS, [FLAG_ABSENT]), [], 1);
    assert.equal(h.ctx.header.time.seconds, until.seconds, "exactly at jailed_until");
    const out = h.f.deliver(MsgUnjailSchema, unjailMsg(1));
    assert.equal(out.error, undefined, out.error?.message);
    assert.equal(h.f.staking.validatorView(h.ctx.store, operatorOf(1))!.jailed, false);
    const updates = h.f.endBlock();
    assert.deepEqual(
      updates.map((u) => u.power),
      [9n],
      "back in CometBFT's set with its power: 9,900,000 tokens after the 1 % slash are power 9",
    );
  } finally {
    h.close();
  }
});

test("unjail: a validator that is not jailed, an unknown operator and a tombstoned validator are refused", () => {
  const h = jailedHarness();
  try {
    refused(h, 2, slashingErrors.validatorNotJailed, /validator not jailed; cannot be unjailed/);
    refused(h, 9, slashingErrors.noValidatorForAddress);
    h.slashing.tombstone(h.ctx, consOf(1));
    h.block(h.votes(POWERS), [], 3600);
    refused(h, 1, slashingErrors.validatorJailed, /tombstoned/);
  } finally {
    h.close();
  }
});

test("unjail: the signer is the operator account; a malformed validator address is an invalid address", () => {
  const keeper = new SlashingKeeper({} as SlashingStakingKeeper, GOV);
  const handler = msgUnjailHandler(keeper);
  assert.deepEqual(handler.signers(create(MsgUnjailSchema, unjailMsg(4))), [operatorOf(4)]);
  for (const bad of ["", accAddressToString(operatorOf(4)), "unitvaloper1xyz"]) {
    assert.throws(
      () => handler.signers(create(MsgUnjailSchema, { validatorAddr: bad })),
      (err: unknown) => sdkErrors.invalidAddress.is(err),
      bad,
    );
  }
});

/** A staking keeper with one jailed validator whose self-delegation the test chooses. */
function fakeStaking(selfShares: bigint | undefined, minSelfDelegation: bigint): { staking: SlashingStakingKeeper; unjailed: Uint8Array[] } {
  const view: SlashingValidatorView = {
    operator: operatorOf(1),
    consAddress: consOf(1),
    status: BondStatus.UNBONDING,
    jailed: true,
    tokens: 1000n,
    delegatorShares: 2000n * DEC_ONE,
    minSelfDelegation,
  };
  const unjailed: Uint8Array[] = [];
  const staking: SlashingStakingKeeper = {
    validatorView: (_s, op) => (Buffer.from(op).equals(Buffer.from(view.operator)) ? view : undefined),
    validatorViewByConsAddress: () => view,
    delegationShares: () => selfShares,
    slash: () => 0n,
    jail: () => {},
    unjail: (_ctx, cons) => void unjailed.push(cons),
  };
  return { staking, unjailed };
}

function runUnjail(staking: SlashingStakingKeeper): void {
  const store = openStore(":memory:");
  const ctx = new Context(
    { chainId: "unit_2611-1", height: 5n, time: timestampFromMs(1_700_000_000_000), hash: new Uint8Array(32), proposerAddress: new Uint8Array(20) },
    store.begin(),
    pino({ level: "silent" }),
  );
  executeMsg(ctx, decodedMsg(msgUnjailHandler(new SlashingKeeper(staking, GOV)), create(MsgUnjailSchema, unjailMsg(1))));
}

test("unjail: no self-delegation, or one worth less than min_self_delegation, is refused; enough is accepted", () => {
  const missing = fakeStaking(undefined, 1n);
  assert.throws(
    () => runUnjail(missing.staking),
    (err: unknown) => slashingErrors.missingSelfDelegation.is(err),
  );
  // 2000 shares on 1000 tokens: 1 token per 2 shares. 999 shares are worth 499.5, truncated to 499.
  const low = fakeStaking(999n * DEC_ONE, 500n);
  assert.throws(
    () => runUnjail(low.staking),
    (err: unknown) => slashingErrors.selfDelegationTooLowToUnjail.is(err) && /499 less than 500/.test((err as Error).message),
  );
  const enough = fakeStaking(1000n * DEC_ONE, 500n);
  runUnjail(enough.staking);
  assert.deepEqual(enough.unjailed, [consOf(1)], "a jailed validator without a signing record may leave at once");
  assert.equal(low.unjailed.length + missing.unjailed.length, 0);
});

test("update params: the gov authority stores them canonically; anyone else, or bad values, are refused", () => {
  const keeper = new SlashingKeeper({} as SlashingStakingKeeper, GOV);
  const handler = msgUpdateParamsHandler(keeper);
  const store = openStore(":memory:");
  const branch = store.begin();
  const ctx = new Context(
    { chainId: "unit_2611-1", height: 5n, time: timestampFromMs(1_700_000_000_000), hash: new Uint8Array(32), proposerAddress: new Uint8Array(20) },
    branch,
    pino({ level: "silent" }),
  );
  const good = { ...defaultParams(), signedBlocksWindow: 20n, minSignedPerWindow: "0500000000000000000" };
  const run = (msg: Parameters<typeof create<typeof MsgUpdateParamsSchema>>[1]) => executeMsg(ctx, decodedMsg(handler, create(MsgUpdateParamsSchema, msg)));
  const someone = accAddressToString(operatorOf(3));
  assert.throws(
    () => run({ authority: someone, params: good }),
    (err: unknown) => slashingErrors.invalidSigner.is(err) && (err as Error).message.includes(`invalid authority; expected ${GOV}, got ${someone}`),
  );
  assert.deepEqual(handler.signers(create(MsgUpdateParamsSchema, { authority: GOV })), [operatorOf(0xee)]);
  const bad: [Partial<typeof good>, RegExp][] = [
    [{ signedBlocksWindow: 0n }, /signed blocks window must be positive/],
    [{ minSignedPerWindow: (DEC_ONE + 1n).toString() }, /min signed per window too large/],
    [{ minSignedPerWindow: "-1" }, /min signed per window cannot be negative/],
    [{ minSignedPerWindow: "0.5" }, /not a decimal's atomics/],
    [{ downtimeJailDuration: { seconds: 0n, nanos: 0 } as never }, /downtime jail duration must be positive/],
    [{ slashFractionDoubleSign: (2n * DEC_ONE).toString() }, /double sign slash fraction too large/],
    [{ slashFractionDowntime: "-5" }, /downtime slash fraction cannot be negative/],
  ];
  for (const [change, message] of bad) {
    assert.throws(
      () => run({ authority: GOV, params: { ...good, ...change } }),
      (err: unknown) => err instanceof AppError && slashingErrors.invalidParams.is(err) && message.test(err.message),
      message.source,
    );
  }
  assert.throws(
    () => run({ authority: GOV }),
    (err: unknown) => slashingErrors.invalidParams.is(err),
  );
  assert.deepEqual([...branch.iterator()], [], "nothing written by a refusal");
  run({ authority: GOV, params: good });
  const stored = keeper.getParams(branch);
  assert.equal(stored.signedBlocksWindow, 20n);
  assert.equal(stored.minSignedPerWindow, parseDec("0.5").toString(), "leading zeros dropped");
  assert.equal(parseParams(stored).slashFractionDowntime, parseDec("0.01"));
});
