import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import * as q from "../../../gen/cosmos/staking/v1beta1/query_pb.js";
import { GrpcCode } from "../../../common/errors.js";
import { DEC_ONE } from "../../../sdk/math/dec.js";
import { MsgDelegateSchema, MsgUndelegateSchema } from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { QueryError } from "../../../common/grpc/queryError.js";
import { accText, StakingFixture, addr } from "./testFixture.js";
import { valAddressToString } from "./valAddress.js";

const UNIT = 1_000_000n;
const val = (n: number) => valAddressToString(addr(n));
const DEL = accText(5);
let f: StakingFixture;

before(() => {
  f = StakingFixture.create({
    balances: [1, 2, 3, 5].map((n) => ({ address: accText(n), amount: 50n * UNIT })),
    genValidators: [3, 1, 2].map((n) => ({ delegator: n, amount: BigInt(n) * 10n * UNIT })),
  });
  for (const [v, amount] of [
    [1, 4n * UNIT],
    [3, 2n * UNIT],
  ] as const) {
    assert.equal(
      f.deliver(MsgDelegateSchema, { delegatorAddress: DEL, validatorAddress: val(v), amount: { denom: "uunit", amount: amount.toString() } }).error,
      undefined,
    );
  }
  assert.equal(
    f.deliver(MsgUndelegateSchema, { delegatorAddress: DEL, validatorAddress: val(3), amount: { denom: "uunit", amount: "700000" } }).error,
    undefined,
  );
});
after(() => f.close());

function fails(code: GrpcCode, message: RegExp, run: () => unknown): void {
  assert.throws(run, (err: unknown) => {
    assert.ok(err instanceof QueryError, String(err));
    assert.equal(err.grpcCode, code, err.message);
    assert.match(err.message, message);
    return true;
  });
}

test("Validators lists by operator, filters by status name and pages", () => {
  const all = f.query("Validators", q.QueryValidatorsRequestSchema, {}, q.QueryValidatorsResponseSchema);
  assert.deepEqual(
    all.validators.map((v) => v.operatorAddress),
    [val(1), val(2), val(3)],
  );
  assert.equal(all.pagination?.total, 3n, "no limit: the total comes back");
  assert.equal(all.validators[2]!.tokens, "31300000", "30 UNIT self + 2 delegated - 0.7 unbonding");
  assert.equal(f.query("Validators", q.QueryValidatorsRequestSchema, { status: "BOND_STATUS_BONDED" }, q.QueryValidatorsResponseSchema).validators.length, 3);
  assert.equal(f.query("Validators", q.QueryValidatorsRequestSchema, { status: "BOND_STATUS_UNBONDED" }, q.QueryValidatorsResponseSchema).validators.length, 0);
  fails(GrpcCode.INVALID_ARGUMENT, /invalid validator status BONDED/, () =>
    f.query("Validators", q.QueryValidatorsRequestSchema, { status: "BONDED" }, q.QueryValidatorsResponseSchema),
  );
  fails(GrpcCode.INVALID_ARGUMENT, /invalid validator status/, () =>
    f.query("Validators", q.QueryValidatorsRequestSchema, { status: "BOND_STATUS_UNSPECIFIED" }, q.QueryValidatorsResponseSchema),
  );

  const first = f.query("Validators", q.QueryValidatorsRequestSchema, { pagination: { limit: 2n } }, q.QueryValidatorsResponseSchema);
  assert.deepEqual(
    first.validators.map((v) => v.operatorAddress),
    [val(1), val(2)],
  );
  assert.ok(first.pagination!.nextKey.length > 0);
  const rest = f.query(
    "Validators",
    q.QueryValidatorsRequestSchema,
    { pagination: { key: first.pagination!.nextKey, limit: 2n } },
    q.QueryValidatorsResponseSchema,
  );
  assert.deepEqual(
    rest.validators.map((v) => v.operatorAddress),
    [val(3)],
  );
  assert.equal(rest.pagination!.nextKey.length, 0);
  const offset = f.query(
    "Validators",
    q.QueryValidatorsRequestSchema,
    { pagination: { offset: 1n, limit: 1n, countTotal: true } },
    q.QueryValidatorsResponseSchema,
  );
  assert.deepEqual([offset.validators.map((v) => v.operatorAddress), offset.pagination!.total], [[val(2)], 3n]);
});

test("Validator: found, NOT_FOUND, INVALID_ARGUMENT", () => {
  const v = f.query("Validator", q.QueryValidatorRequestSchema, { validatorAddr: val(2) }, q.QueryValidatorResponseSchema).validator!;
  assert.deepEqual(
    [v.operatorAddress, v.tokens, v.delegatorShares, v.description?.moniker],
    [val(2), "20000000", (20n * UNIT * DEC_ONE).toString(), "validator-2"],
  );
  fails(GrpcCode.NOT_FOUND, /validator unitvaloper1.* not found/, () =>
    f.query("Validator", q.QueryValidatorRequestSchema, { validatorAddr: val(9) }, q.QueryValidatorResponseSchema),
  );
  fails(GrpcCode.INVALID_ARGUMENT, /wrong address prefix/, () =>
    f.query("Validator", q.QueryValidatorRequestSchema, { validatorAddr: DEL }, q.QueryValidatorResponseSchema),
  );
  fails(GrpcCode.INVALID_ARGUMENT, /validator address cannot be empty/, () =>
    f.query("Validator", q.QueryValidatorRequestSchema, {}, q.QueryValidatorResponseSchema),
  );
});

test("a validator's delegations and unbondings, with balances in tokens", () => {
  const res = f.query("ValidatorDelegations", q.QueryValidatorDelegationsRequestSchema, { validatorAddr: val(1) }, q.QueryValidatorDelegationsResponseSchema);
  const rows = res.delegationResponses.map((r) => [r.delegation!.delegatorAddress, r.delegation!.shares, r.balance!.denom, r.balance!.amount]);
  assert.deepEqual(rows, [
    [accText(1), (10n * UNIT * DEC_ONE).toString(), "uunit", "10000000"],
    [DEL, (4n * UNIT * DEC_ONE).toString(), "uunit", "4000000"],
  ]);
  const page = f.query(
    "ValidatorDelegations",
    q.QueryValidatorDelegationsRequestSchema,
    { validatorAddr: val(1), pagination: { limit: 1n, countTotal: true } },
    q.QueryValidatorDelegationsResponseSchema,
  );
  assert.deepEqual([page.delegationResponses.length, page.pagination!.total], [1, 2n]);
  const ubds = f.query(
    "ValidatorUnbondingDelegations",
    q.QueryValidatorUnbondingDelegationsRequestSchema,
    { validatorAddr: val(3) },
    q.QueryValidatorUnbondingDelegationsResponseSchema,
  );
  assert.deepEqual(
    ubds.unbondingResponses.map((u) => [u.delegatorAddress, u.entries.map((e) => e.balance)]),
    [[DEL, ["700000"]]],
  );
  assert.equal(
    f.query(
      "ValidatorUnbondingDelegations",
      q.QueryValidatorUnbondingDelegationsRequestSchema,
      { validatorAddr: val(1) },
      q.QueryValidatorUnbondingDelegationsResponseSchema,
    ).unbondingResponses.length,
    0,
  );
});

test("Delegation and UnbondingDelegation of one pair, NOT_FOUND when absent", () => {
  const d = f.query(
    "Delegation",
    q.QueryDelegationRequestSchema,
    { delegatorAddr: DEL, validatorAddr: val(3) },
    q.QueryDelegationResponseSchema,
  ).delegationResponse!;
  assert.deepEqual([d.delegation!.validatorAddress, d.delegation!.shares, d.balance!.amount], [val(3), (1_300_000n * DEC_ONE).toString(), "1300000"]);
  fails(GrpcCode.NOT_FOUND, /delegation with delegator .* not found for validator/, () =>
    f.query("Delegation", q.QueryDelegationRequestSchema, { delegatorAddr: DEL, validatorAddr: val(2) }, q.QueryDelegationResponseSchema),
  );
  fails(GrpcCode.INVALID_ARGUMENT, /delegator address/, () =>
    f.query("Delegation", q.QueryDelegationRequestSchema, { delegatorAddr: "unit1nope", validatorAddr: val(2) }, q.QueryDelegationResponseSchema),
  );
  const u = f.query(
    "UnbondingDelegation",
    q.QueryUnbondingDelegationRequestSchema,
    { delegatorAddr: DEL, validatorAddr: val(3) },
    q.QueryUnbondingDelegationResponseSchema,
  ).unbond!;
  assert.deepEqual(
    u.entries.map((e) => [e.initialBalance, e.balance, e.completionTime?.seconds]),
    [["700000", "700000", 1_700_000_000n + 1_814_400n]],
  );
  fails(GrpcCode.NOT_FOUND, /unbonding delegation with delegator .* not found/, () =>
    f.query(
      "UnbondingDelegation",
      q.QueryUnbondingDelegationRequestSchema,
      { delegatorAddr: DEL, validatorAddr: val(1) },
      q.QueryUnbondingDelegationResponseSchema,
    ),
  );
});

test("a delegator's delegations, unbondings and validators", () => {
  const ds = f.query("DelegatorDelegations", q.QueryDelegatorDelegationsRequestSchema, { delegatorAddr: DEL }, q.QueryDelegatorDelegationsResponseSchema);
  assert.deepEqual(
    ds.delegationResponses.map((r) => [r.delegation!.validatorAddress, r.balance!.amount]),
    [
      [val(1), "4000000"],
      [val(3), "1300000"],
    ],
  );
  assert.equal(
    f.query("DelegatorDelegations", q.QueryDelegatorDelegationsRequestSchema, { delegatorAddr: accText(77) }, q.QueryDelegatorDelegationsResponseSchema)
      .delegationResponses.length,
    0,
  );
  const page = f.query(
    "DelegatorDelegations",
    q.QueryDelegatorDelegationsRequestSchema,
    { delegatorAddr: DEL, pagination: { limit: 1n, reverse: true } },
    q.QueryDelegatorDelegationsResponseSchema,
  );
  assert.deepEqual(
    page.delegationResponses.map((r) => r.delegation!.validatorAddress),
    [val(3)],
  );
  const us = f.query(
    "DelegatorUnbondingDelegations",
    q.QueryDelegatorUnbondingDelegationsRequestSchema,
    { delegatorAddr: DEL },
    q.QueryDelegatorUnbondingDelegationsResponseSchema,
  );
  assert.deepEqual(
    us.unbondingResponses.map((u) => u.validatorAddress),
    [val(3)],
  );
  const vs = f.query("DelegatorValidators", q.QueryDelegatorValidatorsRequestSchema, { delegatorAddr: DEL }, q.QueryDelegatorValidatorsResponseSchema);
  assert.deepEqual(
    vs.validators.map((v) => v.operatorAddress),
    [val(1), val(3)],
  );
  const one = f.query(
    "DelegatorValidator",
    q.QueryDelegatorValidatorRequestSchema,
    { delegatorAddr: DEL, validatorAddr: val(3) },
    q.QueryDelegatorValidatorResponseSchema,
  );
  assert.equal(one.validator!.operatorAddress, val(3));
  fails(GrpcCode.NOT_FOUND, /not found/, () =>
    f.query(
      "DelegatorValidator",
      q.QueryDelegatorValidatorRequestSchema,
      { delegatorAddr: DEL, validatorAddr: val(2) },
      q.QueryDelegatorValidatorResponseSchema,
    ),
  );
});

test("Pool and Params", () => {
  const pool = f.query("Pool", q.QueryPoolRequestSchema, {}, q.QueryPoolResponseSchema).pool!;
  assert.deepEqual([pool.bondedTokens, pool.notBondedTokens], [(60n * UNIT + 6n * UNIT - 700_000n).toString(), "700000"]);
  const params = f.query("Params", q.QueryParamsRequestSchema, {}, q.QueryParamsResponseSchema).params!;
  assert.deepEqual([params.bondDenom, params.maxEntries, params.unbondingTime?.seconds, params.minCommissionRate], ["uunit", 7, 1_814_400n, "0"]);
});

// Found by test/restFuzz.test.ts: both answered UNIMPLEMENTED, a 501 on REST.
test("HistoricalInfo and Redelegations answer as an SDK node with none stored: client errors or empty, never UNIMPLEMENTED", () => {
  const hist = (height: bigint) => f.query("HistoricalInfo", q.QueryHistoricalInfoRequestSchema, { height }, q.QueryHistoricalInfoResponseSchema);
  fails(GrpcCode.NOT_FOUND, /historical info for height 1 not found/, () => hist(1n));
  fails(GrpcCode.INVALID_ARGUMENT, /height cannot be negative/, () => hist(-1n));
  const redel = (req: { delegatorAddr?: string; srcValidatorAddr?: string; dstValidatorAddr?: string }) =>
    f.query("Redelegations", q.QueryRedelegationsRequestSchema, req, q.QueryRedelegationsResponseSchema);
  for (const req of [{ delegatorAddr: DEL }, { srcValidatorAddr: val(1) }, { delegatorAddr: DEL, srcValidatorAddr: val(1) }]) {
    const res = redel(req);
    assert.deepEqual([res.redelegationResponses, res.pagination?.total], [[], 0n], JSON.stringify(req));
  }
  fails(GrpcCode.NOT_FOUND, /redelegation not found/, () => redel({ delegatorAddr: DEL, srcValidatorAddr: val(1), dstValidatorAddr: val(2) }));
  fails(GrpcCode.INVALID_ARGUMENT, /delegator address cannot be empty/, () => redel({}));
  fails(GrpcCode.INVALID_ARGUMENT, /./, () => redel({ delegatorAddr: "unit1xyz" }));
  fails(GrpcCode.INVALID_ARGUMENT, /./, () => redel({ delegatorAddr: DEL, srcValidatorAddr: DEL }));
  fails(GrpcCode.INVALID_ARGUMENT, /./, () => redel({ delegatorAddr: DEL, dstValidatorAddr: "-1" }));
});
