import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { QueryAccountResponseSchema } from "../../../gen/chain/evm/query_pb.js";
import { ReceiptSchema } from "../../../gen/chain/evm/evm_pb.js";
import { balanceJson, receiptJson } from "./evmQueryJson.js";

const ADDRESS = new Uint8Array(20).fill(0x11);

test("an aunit balance splits into uunit and a fraction below 10^12, at every boundary", () => {
  const split = (balance: string) => {
    const out = balanceJson(ADDRESS, create(QueryAccountResponseSchema, { balance }));
    return [out.aunit, out.uunit, out.fractional_aunit];
  };
  assert.deepEqual(split("0"), ["0", "0", "0"]);
  assert.deepEqual(split("999999999999"), ["999999999999", "0", "999999999999"]);
  assert.deepEqual(split("1000000000000"), ["1000000000000", "1", "0"]);
  assert.deepEqual(split("3000000987654321"), ["3000000987654321", "3000", "987654321"]);
  assert.deepEqual(split((2n ** 256n - 1n).toString()), [
    (2n ** 256n - 1n).toString(),
    ((2n ** 256n - 1n) / 10n ** 12n).toString(),
    ((2n ** 256n - 1n) % 10n ** 12n).toString(),
  ]);
  assert.throws(() => split("-1"), /not a decimal integer/);
  assert.throws(() => split(""), /not a decimal integer/);
});

test("a receipt prints bytes as 0x hex, addresses checksummed, absent ones as null", () => {
  const receipt = create(ReceiptSchema, {
    txHash: new Uint8Array(32).fill(0xab),
    status: 1,
    from: ADDRESS,
    contractAddress: new Uint8Array(20).fill(0x22),
    logs: [{ address: ADDRESS, topics: [new Uint8Array(32)], data: Uint8Array.of(1, 2) }],
    effectiveGasPrice: "1000000000",
    blockHeight: 7n,
  });
  const out = receiptJson(receipt);
  assert.equal(out.tx_hash, "0x" + "ab".repeat(32));
  assert.equal(out.to, null);
  assert.equal(out.contract_address, "0x2222222222222222222222222222222222222222");
  assert.equal(out.block_height, "7");
  assert.deepEqual(out.logs, [{ address: "0x1111111111111111111111111111111111111111", topics: ["0x" + "00".repeat(32)], data: "0x0102" }]);
});
