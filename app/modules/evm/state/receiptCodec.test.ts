import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { ReceiptSchema, TxLocationSchema } from "../../../../gen/chain/evm/evm_pb.js";
import { encodeReceipt, encodeTxLocation, type ReceiptFields } from "./receiptCodec.js";

// A small deterministic generator, so a failure names a seed that reproduces it.
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const U64_EDGES = [0n, 1n, 127n, 128n, 16_383n, 16_384n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 53n + 1n, 2n ** 63n, 2n ** 64n - 1n];
const U32_EDGES = [0, 1, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, 268_435_455, 268_435_456, 2 ** 31, 2 ** 32 - 1];

function randomReceipt(seed: number): ReceiptFields {
  const r = rng(seed);
  const int = (n: number) => Math.floor(r() * n);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(256));
  const maybe = (n: number) => (r() < 0.3 ? new Uint8Array() : bytes(n));
  const u64 = () => (r() < 0.5 ? U64_EDGES[int(U64_EDGES.length)]! : BigInt(int(2 ** 30)) * BigInt(int(2 ** 30)));
  const u32 = () => (r() < 0.5 ? U32_EDGES[int(U32_EDGES.length)]! : int(2 ** 32));
  return {
    txHash: maybe(32),
    status: int(2),
    cumulativeGasUsed: u64(),
    gasUsed: u64(),
    logs: Array.from({ length: int(4) }, () => ({
      address: maybe(20),
      // Empty topics and data included: a repeated element is written even when empty.
      topics: Array.from({ length: int(5) }, () => (r() < 0.1 ? new Uint8Array() : bytes(32))),
      data: maybe(int(300)),
    })),
    bloom: maybe(256),
    contractAddress: maybe(20),
    effectiveGasPrice: r() < 0.2 ? "" : String(u64()),
    blockHeight: u64(),
    txIndex: u32(),
    from: maybe(20),
    to: maybe(20),
    txType: [0, 1, 2, 4][int(4)]!,
    firstLogIndex: u32(),
  };
}

test("a receipt is written byte for byte as protobuf-es writes it, and reads back the same", () => {
  for (let seed = 1; seed <= 2_000; seed++) {
    const fields = randomReceipt(seed);
    const expected = toBinary(ReceiptSchema, create(ReceiptSchema, { ...fields, logs: fields.logs.map((l) => ({ ...l, topics: [...l.topics] })) }));
    const ours = encodeReceipt(fields);
    assert.deepEqual(ours, expected, `seed ${seed}`);
    assert.deepEqual(toBinary(ReceiptSchema, fromBinary(ReceiptSchema, ours)), expected, `seed ${seed} round trip`);
  }
});

test("a tx location is written as protobuf-es writes it, at every varint length", () => {
  for (const height of U64_EDGES)
    for (const index of U32_EDGES)
      assert.deepEqual(encodeTxLocation(height, index), toBinary(TxLocationSchema, create(TxLocationSchema, { height, index })), `${height}/${index}`);
});

test("values outside their field's range are refused, not written wrong", () => {
  const base = randomReceipt(7);
  assert.throws(() => encodeReceipt({ ...base, gasUsed: 2n ** 64n }), RangeError);
  assert.throws(() => encodeReceipt({ ...base, gasUsed: -1n }), RangeError);
  assert.throws(() => encodeReceipt({ ...base, txIndex: 2 ** 32 }), RangeError);
  assert.throws(() => encodeReceipt({ ...base, status: 1.5 }), RangeError);
});
