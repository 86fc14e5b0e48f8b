import { test } from "node:test";
import assert from "node:assert/strict";
import { parseKeyAlgo, signingDigest } from "./algo.js";
import { keccak256, sha256 } from "../crypto/hashes.js";

test("algorithm names are checked and each signs its own digest", () => {
  assert.equal(parseKeyAlgo("eth_secp256k1"), "eth_secp256k1");
  assert.throws(() => parseKeyAlgo("ed25519"), /unknown key algorithm "ed25519": expected secp256k1 or eth_secp256k1/);
  const bytes = new TextEncoder().encode("x");
  assert.deepEqual(signingDigest("secp256k1", bytes), sha256(bytes));
  assert.deepEqual(signingDigest("eth_secp256k1", bytes), keccak256(bytes));
});
