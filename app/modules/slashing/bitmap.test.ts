// The chunked missed-block bitmap: bits on both sides of a chunk boundary, trailing zero bytes
// dropped, an emptied chunk not stored, and the set bits read back in window order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bitPosition, CHUNK_BITS, setBits, testBit, withBit } from "./bitmap.js";

test("positions: 1024 bits per chunk", () => {
  assert.equal(CHUNK_BITS, 1024n);
  assert.deepEqual(bitPosition(0n), { chunk: 0n, bit: 0 });
  assert.deepEqual(bitPosition(1023n), { chunk: 0n, bit: 1023 });
  assert.deepEqual(bitPosition(1024n), { chunk: 1n, bit: 0 });
  assert.deepEqual(bitPosition(5000n), { chunk: 4n, bit: 904 });
});

test("set, test and clear; trailing zero bytes dropped; an empty chunk is undefined", () => {
  let chunk = withBit(undefined, 3, true);
  assert.deepEqual(chunk, Uint8Array.of(0b1000));
  chunk = withBit(chunk, 17, true);
  assert.deepEqual(chunk, Uint8Array.of(0b1000, 0, 0b10));
  assert.equal(testBit(chunk, 17), true);
  assert.equal(testBit(chunk, 16), false);
  assert.equal(testBit(chunk, 1023), false, "past the stored bytes reads as not missed");
  assert.equal(testBit(undefined, 0), false);
  chunk = withBit(chunk, 17, false);
  assert.deepEqual(chunk, Uint8Array.of(0b1000));
  assert.equal(withBit(chunk, 3, false), undefined);
  assert.equal(withBit(withBit(undefined, 1023, true), 1023, true)!.length, 128, "the last bit needs the whole chunk");
});

test("set bits as window indexes, ascending", () => {
  let chunk: Uint8Array | undefined;
  for (const bit of [900, 0, 9, 8]) chunk = withBit(chunk, bit, true);
  assert.deepEqual(setBits(2n, chunk!), [2048n, 2056n, 2057n, 2948n]);
});
