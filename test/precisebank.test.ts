// The precisebank module inside the real app: its genesis (fractions backed by the reserve),
// its queries over ABCI, and a genesis whose reserve does not back the fractions refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  QueryFractionalBalanceRequestSchema,
  QueryFractionalBalanceResponseSchema,
  QueryRemainderRequestSchema,
  QueryRemainderResponseSchema,
  QueryTotalFractionalBalancesRequestSchema,
  QueryTotalFractionalBalancesResponseSchema,
} from "../gen/chain/precisebank/query_pb.js";
import { moduleAddress } from "../common/moduleAccounts.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { InProcessChain } from "./support/inProcessChain.js";

const A = formatAccountAddress(new Uint8Array(20).fill(0xa1));
const B = formatAccountAddress(new Uint8Array(20).fill(0xb2));
const RESERVE = formatAccountAddress(moduleAddress("precisebank"));

function genesis(reserveUunit: string) {
  return InProcessChain.create(
    [
      { address: A, coins: [{ denom: "uunit", amount: "5" }] },
      { address: RESERVE, coins: [{ denom: "uunit", amount: reserveUunit }] },
    ],
    {
      editAppState: (state) => ({
        ...state,
        precisebank: {
          balances: [
            { address: A, amount: "400000000000" },
            { address: B, amount: "700000000000" },
          ],
          remainder: "900000000000",
        },
      }),
    },
  );
}

test("fractions backed by the reserve: queries answer them in aunit through the app", async () => {
  const chain = await genesis("2"); // 0.4 + 0.7 + remainder 0.9 = 2 uunit
  try {
    await chain.block([]);
    const a = await chain.grpc(
      "/chain.precisebank.Query/FractionalBalance",
      QueryFractionalBalanceRequestSchema,
      { address: A },
      QueryFractionalBalanceResponseSchema,
    );
    assert.deepEqual([a.fractionalBalance?.denom, a.fractionalBalance?.amount], ["aunit", "400000000000"]);
    const none = await chain.grpc(
      "/chain.precisebank.Query/FractionalBalance",
      QueryFractionalBalanceRequestSchema,
      { address: formatAccountAddress(new Uint8Array(20).fill(9)) },
      QueryFractionalBalanceResponseSchema,
    );
    assert.equal(none.fractionalBalance?.amount, "0");
    const remainder = await chain.grpc("/chain.precisebank.Query/Remainder", QueryRemainderRequestSchema, {}, QueryRemainderResponseSchema);
    assert.equal(remainder.remainder?.amount, "900000000000");
    const total = await chain.grpc(
      "/chain.precisebank.Query/TotalFractionalBalances",
      QueryTotalFractionalBalancesRequestSchema,
      {},
      QueryTotalFractionalBalancesResponseSchema,
    );
    assert.equal(total.total?.amount, "1100000000000");
  } finally {
    chain.close();
  }
});

test("a genesis whose reserve does not back every fraction and the remainder is refused", async () => {
  await assert.rejects(genesis("1"), /reserve/);
});
