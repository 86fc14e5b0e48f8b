import { test } from "node:test";
import assert from "node:assert/strict";
import { bigIntToBytes, bytesToBigInt, setLengthLeft } from "@ethereumjs/util";
import { prng, seedFromEnv } from "../../../../test/support/prng.js";
import { bytesToWord, wordToBytes } from "./words.js";

const seed = seedFromEnv("WORDS_SEED");
const random = prng(seed);
const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));

const EDGES = [
  0n,
  1n,
  255n,
  256n,
  2n ** 32n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  2n ** 64n - 1n,
  2n ** 64n,
  2n ** 128n,
  2n ** 160n - 1n,
  2n ** 192n,
  2n ** 255n,
  2n ** 256n - 1n,
];

test(`a word's 32 bytes are the library's, at every edge and for random widths (WORDS_SEED=${seed})`, () => {
  const words = [...EDGES, ...Array.from({ length: 3000 }, () => bytesToBigInt(randomBytes(1 + Math.floor(random() * 32))))];
  for (const w of words) assert.deepEqual(wordToBytes(w), setLengthLeft(bigIntToBytes(w), 32), `word ${w}`);
});

test(`bytes of every length 0-32 read as the library reads them, leading zeros included (WORDS_SEED=${seed})`, () => {
  for (let n = 0; n <= 32; n++) {
    for (let i = 0; i < 100; i++) {
      const bytes = randomBytes(n);
      if (i % 4 === 0 && n > 0) bytes[0] = 0;
      assert.equal(bytesToWord(bytes), bytesToBigInt(bytes), `${n} bytes ${Buffer.from(bytes).toString("hex")}`);
    }
  }
  for (const w of EDGES) assert.equal(bytesToWord(wordToBytes(w)), w);
  // A view into a larger buffer reads only its own bytes.
  const whole = randomBytes(64);
  assert.equal(bytesToWord(whole.subarray(16, 48)), bytesToBigInt(whole.slice(16, 48)));
});

test("each conversion hands out a fresh array and keeps nothing of the caller's", () => {
  const a = wordToBytes(2n ** 200n + 5n);
  const b = wordToBytes(2n ** 200n + 5n);
  assert.notEqual(a.buffer, b.buffer);
  a[31] = 0;
  assert.equal(bytesToWord(b), 2n ** 200n + 5n);
});

test("values outside a word are refused", () => {
  assert.throws(() => wordToBytes(-1n), RangeError);
  assert.throws(() => wordToBytes(2n ** 256n), RangeError);
  assert.throws(() => bytesToWord(new Uint8Array(33)), RangeError);
});
