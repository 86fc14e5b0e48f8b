import { test } from "node:test";
import assert from "node:assert/strict";
import { estimatedHeapBytes } from "./heapEstimate.js";

test("plain data is counted by what it holds; numbers and booleans live in their slots", () => {
  assert.equal(estimatedHeapBytes(7), 0);
  assert.equal(estimatedHeapBytes(null), 0);
  assert.equal(estimatedHeapBytes("abcd"), 24 + 8);
  assert.equal(estimatedHeapBytes(new Uint8Array(100)), 96 + 100);
  assert.equal(estimatedHeapBytes([1, 2]), 32 + 2 * 16);
  assert.equal(estimatedHeapBytes({ a: "x", b: 5n }), 32 + 16 + (24 + 2) + 16 + 32);
});

test("many tiny objects weigh many times their text", () => {
  const coins = Array.from({ length: 1_000 }, () => ({ denom: "a", amount: "1" }));
  assert.ok(estimatedHeapBytes(coins) >= 100 * coins.length);
});
