import { test } from "node:test";
import assert from "node:assert/strict";
import { formatHexAddress, parseHexAddress } from "./hexAddress.js";
import { AddressError } from "./errors.js";

// The test vectors of EIP-55 itself.
const EIP55 = [
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];

function rejects(input: string, message: RegExp) {
  assert.throws(
    () => parseHexAddress(input),
    (e: unknown) => e instanceof AddressError && message.test(e.message),
    `${input} should fail with ${message}`,
  );
}

test("EIP-55 vectors parse and format back to themselves", () => {
  for (const a of EIP55) assert.equal(formatHexAddress(parseHexAddress(a)), a);
});

test("all-lower and all-upper addresses carry no checksum and are accepted", () => {
  const a = EIP55[0]!;
  assert.deepEqual(parseHexAddress(a.toLowerCase()), parseHexAddress(a));
  assert.deepEqual(parseHexAddress("0x" + a.slice(2).toUpperCase()), parseHexAddress(a));
});

test("a mixed-case address with a wrong checksum is rejected, and other mistakes are named", () => {
  const a = EIP55[0]!;
  const swapped = a.slice(0, 3) + (a[3] === "A" ? "a" : "A") + a.slice(4); // 0x5aAeb... -> 0x5aaeb...
  rejects(swapped, /fails its EIP-55 checksum/);
  rejects("", /empty address/);
  rejects(a.slice(2), /must start with "0x"/);
  rejects(a.slice(0, -2), /expected 40 hex characters after 0x, got 38/);
  rejects(a.slice(0, -1) + "g", /"g" is not a hex character/);
  assert.throws(() => formatHexAddress(new Uint8Array(32)), /expected 20 bytes/);
});
