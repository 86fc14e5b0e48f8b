// Ethereum's hex encodings: quantities without leading zeros, data with two digits per byte, and
// parse errors that name the argument.
import { test } from "node:test";
import assert from "node:assert/strict";
import { addressOrNull, data, padLeft, parseAddress, parseData, parseHash, parseQuantity, parseUint64, quantity } from "./hex.js";

test("quantities are 0x-hex without leading zeros", () => {
  assert.equal(quantity(0), "0x0");
  assert.equal(quantity(2611), "0xa33");
  assert.equal(quantity(2n ** 255n), `0x8${"0".repeat(63)}`);
  assert.throws(() => quantity(-1), RangeError);
  assert.throws(() => quantity(1.5), RangeError);
});

test("data is 0x-hex of every byte; no address is null", () => {
  assert.equal(data(new Uint8Array()), "0x");
  assert.equal(data(Uint8Array.of(0, 1, 255)), "0x0001ff");
  assert.equal(data(Uint8Array.of(9, 8, 7).subarray(1)), "0x0807", "a view's own bytes only");
  assert.equal(addressOrNull(new Uint8Array()), null);
  assert.equal(addressOrNull(new Uint8Array(20).fill(0xab)), `0x${"ab".repeat(20)}`);
  assert.deepEqual(padLeft(Uint8Array.of(1), 4), Uint8Array.of(0, 0, 0, 1));
});

test("quantities parse with their bounds; the errors name the argument", () => {
  assert.equal(parseQuantity("0x0", "n"), 0n);
  assert.equal(parseQuantity("0X1f", "n"), 31n);
  assert.equal(parseQuantity("0x0001", "n"), 1n, "leading zeros are tolerated");
  assert.equal(parseUint64(`0x${"f".repeat(16)}`, "n"), 2n ** 64n - 1n);
  const cases: Array<[unknown, RegExp]> = [
    ["0x", /n: empty hex string/],
    ["12", /n: hex string without 0x prefix/],
    ["0xzz", /n: invalid hex string "0xzz"/],
    [12, /n: expected a 0x-prefixed hex quantity, got number 12/],
    [null, /got null/],
    [`0x1${"0".repeat(16)}`, /larger than 64 bits/],
    [`0x${"1".repeat(1_000_000)}`, /larger than 64 bits/],
  ];
  for (const [value, message] of cases)
    assert.throws(
      () => parseUint64(value, "n"),
      (err: Error & { code?: number }) => err.code === -32602 && message.test(err.message),
      String(value).slice(0, 20),
    );
});

test("data, addresses and hashes parse strictly", () => {
  assert.deepEqual(parseData("0x", "d"), new Uint8Array());
  assert.deepEqual(parseData("0xABcd", "d"), Uint8Array.of(0xab, 0xcd));
  assert.throws(() => parseData("0xabc", "d"), /odd length/);
  assert.throws(() => parseData("0xabcd", "d", 1), /2 bytes exceeds the limit of 1/);
  assert.deepEqual(parseAddress(`0x${"AB".repeat(20)}`), new Uint8Array(20).fill(0xab), "any letter case, no checksum");
  assert.throws(() => parseAddress(`0x${"ab".repeat(19)}`), /address: expected 0x followed by 40 hex digits/);
  assert.throws(() => parseHash("0x12", "block hash"), /block hash: expected 0x followed by 64 hex digits, got "0x12"/);
});
