import { test } from "node:test";
import assert from "node:assert/strict";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { keccak256 } from "./keccak256.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

/** Deterministic bytes: a test that fails can be rerun on the same input. */
function bytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

test("keccak256 matches the published hashes of the empty input and of 'abc'", () => {
  assert.equal(hex(keccak256(new Uint8Array())), "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  assert.equal(hex(keccak256(new TextEncoder().encode("abc"))), "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
});

test("keccak256 matches @noble/hashes for every length through three blocks and past them", () => {
  // The sponge absorbs 136 bytes a permutation: 135 and 136 bytes are the padding's edge cases
  // (both padding bytes in one, a whole block of padding), and so on for each block after.
  for (let length = 0; length <= 3 * 136 + 1; length++) {
    for (const seed of [1, 2]) {
      const input = bytes(length, length * 7 + seed);
      assert.equal(hex(keccak256(input)), hex(keccak_256(input)), `length ${length}, seed ${seed}`);
    }
  }
  const large = bytes(100_000, 3);
  assert.equal(hex(keccak256(large)), hex(keccak_256(large)));
});

test("keccak256 reads only its input's view, and hashes again from a clean state", () => {
  const whole = bytes(300, 4);
  const view = whole.subarray(17, 17 + 150);
  assert.equal(hex(keccak256(view)), hex(keccak_256(Uint8Array.from(view))));
  const first = keccak256(bytes(40, 5));
  keccak256(bytes(1000, 6));
  assert.deepEqual(keccak256(bytes(40, 5)), first);
  // A fresh array each time: callers may keep or change it.
  const a = keccak256(bytes(8, 7));
  a.fill(0);
  assert.notDeepEqual(keccak256(bytes(8, 7)), a);
});
