import { test } from "node:test";
import assert from "node:assert/strict";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { KECCAK_MEMO_ENTRIES, KECCAK_MEMO_MAX_INPUT, keccak256Memo } from "./keccakMemo.js";
import { evmCommon } from "./ethTx.js";

const bytesOf = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed * 7) & 0xff);

test("every input length hashes as keccak_256, the first time and from the memo", () => {
  for (let length = 0; length <= KECCAK_MEMO_MAX_INPUT + 40; length++) {
    const input = bytesOf(length, length);
    const expected = keccak_256(input);
    assert.deepEqual(keccak256Memo(input), expected, `length ${length}, first`);
    assert.deepEqual(keccak256Memo(Uint8Array.from(input)), expected, `length ${length}, again`);
  }
});

test("inputs differing in one byte, or only in length (trailing zeros), get their own hashes", () => {
  const a = new Uint8Array(32);
  const b = new Uint8Array(32);
  b[31] = 1;
  const c = new Uint8Array(33);
  for (const input of [a, b, c, a.subarray(0, 20)]) assert.deepEqual(keccak256Memo(input), keccak_256(input));
});

test("an input that is a view into a larger buffer is hashed by its own bytes only", () => {
  const buffer = bytesOf(200, 3);
  const view = buffer.subarray(50, 82);
  assert.deepEqual(keccak256Memo(view), keccak_256(Uint8Array.from(view)));
});

test("each caller gets a fresh array at offset 0 that it may change without changing the next answer", () => {
  const input = bytesOf(20, 9);
  const first = keccak256Memo(input);
  assert.equal(first.byteOffset, 0);
  assert.equal(first.buffer.byteLength, 32, "the logs bloom reads the hash through .buffer");
  first.fill(0);
  assert.deepEqual(keccak256Memo(input), keccak_256(input));
});

test("past its bound the memo still answers right, for the oldest inputs as for the newest", () => {
  const count = KECCAK_MEMO_ENTRIES + 100;
  const input = (i: number) => Uint8Array.of(i & 0xff, (i >> 8) & 0xff, (i >> 16) & 0xff, 1, 2, 3);
  for (let i = 0; i < count; i++) keccak256Memo(input(i));
  for (const i of [0, 1, count - 1]) assert.deepEqual(keccak256Memo(input(i)), keccak_256(input(i)));
});

test("the chain's Common hashes through the memo (logs blooms and the KECCAK256 opcode use it)", () => {
  assert.equal(evmCommon(2611n).customCrypto.keccak256, keccak256Memo);
  assert.equal(evmCommon(2611n).copy().customCrypto.keccak256, keccak256Memo);
});
