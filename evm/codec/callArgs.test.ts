// eth_call's transaction object as the app's CallArgs, and the combinations geth refuses.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseCallArgs } from "./callArgs.js";

const A = `0x${"aa".repeat(20)}`;

test("fields map to bytes and decimal amounts; input wins over data when equal", () => {
  const args = parseCallArgs(
    {
      from: A,
      to: A,
      gas: "0x5208",
      maxFeePerGas: "0x3b9aca00",
      value: "0x10",
      input: "0x1234",
      data: "0x1234",
      nonce: "0x7",
      accessList: [{ address: A, storageKeys: [`0x${"00".repeat(32)}`] }],
    },
    2611n,
  );
  assert.deepEqual(args.from, new Uint8Array(20).fill(0xaa));
  assert.equal(args.gas, 21_000n);
  assert.equal(args.maxFeePerGas, "1000000000");
  assert.equal(args.value, "16");
  assert.deepEqual(args.data, Uint8Array.of(0x12, 0x34));
  assert.equal(args.nonce, 7n);
  assert.equal(args.accessList?.[0]?.storageKeys?.length, 1);
  assert.deepEqual(parseCallArgs({ to: null, data: "0x00" }, 2611n), { data: Uint8Array.of(0) }, "to: null is a creation");
});

test("what geth refuses is refused with its words", () => {
  assert.throws(() => parseCallArgs({ data: "0x01", input: "0x02" }, 2611n), /both "data" and "input" are set and not equal/);
  assert.throws(() => parseCallArgs({ gasPrice: "0x1", maxFeePerGas: "0x1" }, 2611n), /both gasPrice and \(maxFeePerGas or maxPriorityFeePerGas\) specified/);
  assert.throws(() => parseCallArgs({ chainId: "0x1" }, 2611n), /chainId does not match node's \(have=1, want=2611\)/);
  assert.throws(() => parseCallArgs({ authorizationList: [{}] }, 2611n), /authorizations are not supported/);
  assert.throws(() => parseCallArgs({ blobVersionedHashes: ["0x01"] }, 2611n), /blob transactions are not supported/);
  assert.throws(() => parseCallArgs("0x", 2611n), /expected a transaction object/);
  assert.throws(() => parseCallArgs({ to: "0x12" }, 2611n), /transaction.to/);
});
