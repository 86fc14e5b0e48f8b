// chain.precisebank.Query handlers over a real store branch.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import {
  QueryFractionalBalanceRequestSchema,
  QueryFractionalBalanceResponseSchema,
  QueryRemainderRequestSchema,
  QueryRemainderResponseSchema,
  QueryTotalFractionalBalancesRequestSchema,
  QueryTotalFractionalBalancesResponseSchema,
} from "../../../gen/chain/precisebank/query_pb.js";
import { GrpcCode } from "../../../common/errors.js";
import { QueryError } from "../../../common/grpc/queryError.js";
import { accAddressToString } from "../../../common/address.js";
import { addr, CF, Harness } from "./testHarness.js";

const PATH = "/chain.precisebank.Query/";

let h: Harness;
afterEach(() => h?.close());

const fractional = (address: string) =>
  h.query(`${PATH}FractionalBalance`, QueryFractionalBalanceRequestSchema, { address }, QueryFractionalBalanceResponseSchema).fractionalBalance;

test("remainder, fractional balance and total answer aunit coins", () => {
  h = new Harness([
    { address: addr(1), aunit: 4n * CF + 123n },
    { address: addr(2), aunit: CF - 1n },
  ]);
  assert.deepEqual(h.query(`${PATH}Remainder`, QueryRemainderRequestSchema, {}, QueryRemainderResponseSchema).remainder, {
    $typeName: "cosmos.base.v1beta1.Coin",
    denom: "aunit",
    amount: (CF - 122n).toString(),
  });
  assert.equal(fractional(accAddressToString(addr(1)))?.amount, "123");
  assert.equal(fractional(accAddressToString(addr(2)))?.amount, (CF - 1n).toString());
  assert.deepEqual({ ...fractional(accAddressToString(addr(9))) }, { $typeName: "cosmos.base.v1beta1.Coin", denom: "aunit", amount: "0" });
  const total = h.query(`${PATH}TotalFractionalBalances`, QueryTotalFractionalBalancesRequestSchema, {}, QueryTotalFractionalBalancesResponseSchema).total;
  assert.equal(total?.denom, "aunit");
  assert.equal(total?.amount, (CF + 122n).toString());
});

test("the answers follow transitions", () => {
  h = new Harness([{ address: addr(1), aunit: 2n * CF }]);
  h.keeper.burnExtended(h.ctx(), addr(1), 5n);
  assert.equal(h.query(`${PATH}Remainder`, QueryRemainderRequestSchema, {}, QueryRemainderResponseSchema).remainder?.amount, "5");
  assert.equal(fractional(accAddressToString(addr(1)))?.amount, (CF - 5n).toString());
});

test("a malformed or empty address is INVALID_ARGUMENT", () => {
  h = new Harness();
  for (const address of ["", "unit1xyz", "cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a"]) {
    assert.throws(
      () => fractional(address),
      (err: unknown) => err instanceof QueryError && err.grpcCode === GrpcCode.INVALID_ARGUMENT,
      address,
    );
  }
});
