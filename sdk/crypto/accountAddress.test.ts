import { test } from "node:test";
import assert from "node:assert/strict";
import { accountAddressForms, formatAccountAddress, formatValidatorAddress, parseAccountAddress } from "./accountAddress.js";

const bytes = Uint8Array.from({ length: 20 }, (_, i) => 255 - i);

test("one 20-byte address parses from both unit1... and 0x... forms", () => {
  const { bech32, hex } = accountAddressForms(bytes);
  assert.ok(bech32.startsWith("unit1"));
  assert.match(hex, /^0x[0-9a-fA-F]{40}$/);
  assert.deepEqual(parseAccountAddress(bech32), bytes);
  assert.deepEqual(parseAccountAddress(hex), bytes);
  assert.deepEqual(parseAccountAddress(hex.toLowerCase()), bytes);
  assert.deepEqual(parseAccountAddress(`  ${bech32}\n`), bytes);
  assert.equal(formatAccountAddress(bytes), bech32);
});

test("validator addresses are not account addresses", () => {
  assert.ok(formatValidatorAddress(bytes).startsWith("unitvaloper1"));
  assert.throws(() => parseAccountAddress(formatValidatorAddress(bytes)), /expected unit, got unitvaloper/);
  assert.throws(() => parseAccountAddress("0x1234"), /40 hex characters/);
});

test("the gov module account address of ARCHITECTURE.md decodes", () => {
  assert.equal(parseAccountAddress("unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc").length, 20);
});
