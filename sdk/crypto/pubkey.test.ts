import { test } from "node:test";
import assert from "node:assert/strict";
import { Secp256k1 } from "@cosmjs/crypto";
import { compressPubKey, decompressPubKey, isValidPubKey } from "./pubkey.js";
import { publicKeyFromPrivateKey } from "./secp256k1Sign.js";
import { KeyFormatError } from "./errors.js";

const compressed = publicKeyFromPrivateKey(new Uint8Array(32).fill(3));

test("compress and decompress are inverse, idempotent, and agree with CosmJS", () => {
  const full = decompressPubKey(compressed);
  assert.equal(full.length, 65);
  assert.equal(full[0], 0x04);
  assert.deepEqual(compressPubKey(full), compressed);
  assert.deepEqual(compressPubKey(compressed), compressed);
  assert.deepEqual(decompressPubKey(full), full);
  assert.deepEqual(full, Secp256k1.uncompressPubkey(compressed));
});

test("bad public keys throw KeyFormatError with the reason", () => {
  assert.throws(
    () => compressPubKey(new Uint8Array(32)),
    (e: unknown) => e instanceof KeyFormatError && /33 \(compressed\) or 65/.test(e.message),
  );
  assert.throws(() => decompressPubKey(Uint8Array.from([0x02, ...new Uint8Array(32).fill(0xff)])), /not a point on the curve/);
  assert.equal(isValidPubKey(compressed), true);
  assert.equal(isValidPubKey(new Uint8Array(33)), false);
});
