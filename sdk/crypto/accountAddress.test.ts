import { test } from "node:test";
import assert from "node:assert/strict";
import { accountAddressForms, formatAccountAddress, formatValidatorAddress, parseAccountAddress, toBech32Address, toHexAddress } from "./accountAddress.js";

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
  assert.throws(() => parseAccountAddress("7b5fe22b5446f7c62ea27b8bd71cef94e03f3df2"), /an EVM address starts with 0x \(0x7b5fe22b/);
});

test("the gov module account address of ARCHITECTURE.md decodes", () => {
  assert.equal(parseAccountAddress("unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc").length, 20);
});

test("toHexAddress and toBech32Address convert either form to the other, and back", () => {
  const gov = { bech32: "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc", hex: "0x7b5Fe22B5446f7C62Ea27B8BD71CeF94e03f3dF2" };
  assert.equal(toHexAddress(gov.bech32), gov.hex);
  assert.equal(toHexAddress(gov.hex.toLowerCase()), gov.hex, "normalized to the EIP-55 checksum");
  assert.equal(toBech32Address(gov.hex), gov.bech32);
  assert.equal(toBech32Address(gov.bech32), gov.bech32);
  assert.equal(toBech32Address(toHexAddress(formatAccountAddress(bytes))), formatAccountAddress(bytes));
  assert.throws(() => toHexAddress(gov.hex.replace("7b5F", "7b5f")), /EIP-55 checksum/);
  assert.throws(() => toBech32Address("cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn"), /expected unit, got cosmos/);
});
