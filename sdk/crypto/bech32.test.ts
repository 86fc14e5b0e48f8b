import { test } from "node:test";
import assert from "node:assert/strict";
import { toBech32 } from "@cosmjs/encoding";
import { decodeBech32, encodeBech32, splitBech32 } from "./bech32.js";
import { AddressError } from "./errors.js";

const bytes = Uint8Array.from({ length: 20 }, (_, i) => i * 7);
const address = encodeBech32("unit", bytes);

function rejects(input: string, message: RegExp, options?: Parameters<typeof decodeBech32>[1]) {
  assert.throws(
    () => decodeBech32(input, options),
    (e: unknown) => e instanceof AddressError && message.test(e.message),
    `${input} should fail with ${message}`,
  );
}

test("encode/decode roundtrip, matching CosmJS, upper case accepted", () => {
  assert.equal(address, toBech32("unit", bytes));
  assert.ok(address.startsWith("unit1"));
  assert.deepEqual(decodeBech32(address), bytes);
  assert.deepEqual(decodeBech32(address.toUpperCase()), bytes);
  const valoper = encodeBech32("unitvaloper", bytes);
  assert.deepEqual(decodeBech32(valoper, { prefix: "unitvaloper" }), bytes);
  assert.deepEqual(splitBech32(valoper), { prefix: "unitvaloper", bytes });
});

test("each kind of bad address gets its own message", () => {
  rejects("", /empty address/);
  rejects(address.slice(0, 10) + address.slice(10).toUpperCase(), /mixes upper and lower case/);
  rejects("unitqqqqqqqq", /missing the "1" separator/);
  rejects("1qqqqqqqq", /missing the prefix/);
  rejects(address.slice(0, -3) + "bio", /character "b" is not in the bech32 alphabet/);
  rejects("unit 1qqqq", /spaces/);
  rejects("unit1qqq", /too short/);
  rejects("x".repeat(91), /longer than 90/);
  // One mistyped character: flip the last data character to a different valid one.
  const last = address.at(-1) === "q" ? "p" : "q";
  rejects(address.slice(0, -1) + last, /bad checksum/);
  rejects(address.slice(0, -1), /bad checksum/);
  rejects(toBech32("cosmos", bytes), /wrong address prefix: expected unit, got cosmos/);
  rejects(encodeBech32("unitvaloper", bytes), /expected unit, got unitvaloper/);
  rejects(encodeBech32("unit", new Uint8Array(32)), /expected 20 bytes, got 32/);
});

test("a caller may ask for another length, e.g. 32-byte module-derived addresses", () => {
  const long = new Uint8Array(32).fill(9);
  assert.deepEqual(decodeBech32(encodeBech32("unit", long), { length: 32 }), long);
  rejects(address, /expected 32 bytes, got 20/, { length: 32 });
});
