import { test } from "node:test";
import assert from "node:assert/strict";
import { accAddressToString, parseAccAddress } from "../../common/address.js";
import { accountAddress, accountText } from "./addressText.js";

test("remembered conversions give what common/address gives, and fresh bytes to each caller", () => {
  const bytes = Uint8Array.from({ length: 20 }, (_, i) => i * 11);
  const text = accAddressToString(bytes);
  for (let round = 0; round < 2; round++) {
    assert.equal(accountText(bytes), text);
    const parsed = accountAddress(text);
    assert.deepEqual(parsed, parseAccAddress(text));
    parsed.fill(0); // a caller changing its copy changes nobody else's
  }
  assert.deepEqual(accountAddress(text), bytes);
  const inBuffer = new Uint8Array(40);
  inBuffer.set(bytes, 10);
  assert.equal(accountText(inBuffer.subarray(10, 30)), text, "a view reads only its own bytes");
});

test("a text that does not parse fails as parseAccAddress fails, naming the field, every time", () => {
  const bad = "unit1notanaddress";
  const expected = (() => {
    try {
      parseAccAddress(bad, "to address");
    } catch (err) {
      return (err as Error).message;
    }
  })();
  assert.match(expected ?? "", /to address/);
  for (let round = 0; round < 2; round++) assert.throws(() => accountAddress(bad, "to address"), { message: expected });
});
