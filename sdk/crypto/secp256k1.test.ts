import { test } from "node:test";
import assert from "node:assert/strict";
import { ExtendedSecp256k1Signature, Secp256k1, Secp256k1Signature } from "@cosmjs/crypto";
import { keccak256, sha256 } from "./hashes.js";
import { publicKeyFromPrivateKey, signSecp256k1 } from "./secp256k1Sign.js";
import { isHighS, verifySecp256k1 as verifyNative } from "../../common/node/secp256k1Verify.js";
import { verifySecp256k1 as verifyJs } from "./secp256k1VerifyJs.js";
import { decompressPubKey } from "./pubkey.js";

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const privKey = sha256(new TextEncoder().encode("test key"));
const pubKey = publicKeyFromPrivateKey(privKey);
const digest = sha256(new TextEncoder().encode("sign bytes"));

// The node verifies natively, the SDK package in pure JS: both must accept exactly the same inputs.
const VERIFIERS = { native: verifyNative, "pure JS": verifyJs };

function toBig(bytes: Uint8Array): bigint {
  return BigInt("0x" + Buffer.from(bytes).toString("hex"));
}
function to32(n: bigint): Uint8Array {
  return Uint8Array.from(Buffer.from(n.toString(16).padStart(64, "0"), "hex"));
}
/** The malleated twin (r, n - s) of a signature. */
function flipS(sig: Uint8Array): Uint8Array {
  return Uint8Array.from([...sig.subarray(0, 32), ...to32(N - toBig(sig.subarray(32)))]);
}

for (const [name, verify] of Object.entries(VERIFIERS)) {
  test(`signatures are 64 bytes, deterministic, low-S and verify (${name})`, () => {
    const sig = signSecp256k1(digest, privKey);
    assert.equal(sig.length, 64);
    assert.deepEqual(signSecp256k1(digest, privKey), sig);
    assert.equal(isHighS(sig), false);
    assert.ok(verify(digest, sig, pubKey));
    assert.ok(verify(digest, sig, decompressPubKey(pubKey)), "uncompressed key form also verifies");
    assert.equal(verify(sha256(digest), sig, pubKey), false, "other digest");
    assert.equal(verify(digest, sig, publicKeyFromPrivateKey(sha256(privKey))), false, "other key");
  });
}

for (const [name, verify] of Object.entries(VERIFIERS)) {
  test(`a high-S signature is rejected even though it is mathematically valid (${name})`, () => {
    const sig = signSecp256k1(digest, privKey);
    const high = flipS(sig);
    assert.equal(isHighS(high), true);
    assert.equal(verify(digest, high, pubKey), false);
    // CosmJS accepts it, proving it is the malleated twin and not garbage.
    assert.ok(Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(high), digest, pubKey));
  });
}

test("isHighS draws the line at n/2", () => {
  const half = N / 2n;
  const withS = (s: bigint) => Uint8Array.from([...new Uint8Array(32).fill(1), ...to32(s)]);
  assert.equal(isHighS(withS(half)), false);
  assert.equal(isHighS(withS(half + 1n)), true);
  assert.equal(isHighS(withS(1n)), false);
  assert.equal(isHighS(new Uint8Array(65)), false);
});

for (const [name, verify] of Object.entries(VERIFIERS)) {
  test(`verifySecp256k1 never throws: malformed input is just an invalid signature (${name})`, () => {
    const sig = signSecp256k1(digest, privKey);
    const notOnCurve = Uint8Array.from([0x02, ...new Uint8Array(32).fill(0xff)]); // x >= p
    const badKeys: unknown[] = [
      new Uint8Array(),
      new Uint8Array(33),
      Uint8Array.from([0x05, ...pubKey.subarray(1)]),
      Uint8Array.from([0x06, ...decompressPubKey(pubKey).subarray(1)]), // hybrid form
      notOnCurve,
      new Uint8Array(64).fill(7),
      new Uint8Array(65).fill(4),
      pubKey.subarray(0, 32),
      "not bytes",
      undefined,
    ];
    for (const key of badKeys) assert.equal(verify(digest, sig, key as Uint8Array), false);
    const rTooBig = Uint8Array.from([...to32(N + 1n), ...sig.subarray(32)]);
    const badSigs: unknown[] = [new Uint8Array(64), sig.subarray(0, 63), new Uint8Array(65), rTooBig, Uint8Array.from([...sig, 1]), null];
    for (const s of badSigs) assert.equal(verify(digest, s as Uint8Array, pubKey), false);
    for (const d of [new Uint8Array(31), new Uint8Array(33), new Uint8Array(), null]) {
      assert.equal(verify(d as Uint8Array, sig, pubKey), false);
    }
  });
}

test("our signatures verify with CosmJS, for sha256 and keccak256 digests", () => {
  for (const hash of [sha256, keccak256]) {
    const d = hash(new TextEncoder().encode("cross-check"));
    const sig = signSecp256k1(d, privKey);
    assert.ok(Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(sig), d, pubKey));
  }
});

for (const [name, verify] of Object.entries(VERIFIERS)) {
  test(`CosmJS signatures verify with ours, and are the same bytes (both RFC 6979) (${name})`, async () => {
    for (const hash of [sha256, keccak256]) {
      const d = hash(new TextEncoder().encode("the other way"));
      const theirs: ExtendedSecp256k1Signature = Secp256k1.createSignature(d, privKey);
      const compact = Uint8Array.from([...theirs.r(32), ...theirs.s(32)]);
      assert.ok(verify(d, compact, pubKey));
      assert.deepEqual(signSecp256k1(d, privKey), compact);
    }
  });
}

test("signing rejects a digest that is not 32 bytes and an invalid private key", () => {
  assert.throws(() => signSecp256k1(new Uint8Array(31), privKey), /32-byte digest/);
  assert.throws(() => signSecp256k1(digest, new Uint8Array(32)), /invalid secp256k1 private key/);
  assert.throws(() => signSecp256k1(digest, to32(N)), /invalid secp256k1 private key/);
});

test("the native and the pure-JS verifier agree on valid, mutated and malleated signatures", () => {
  for (let i = 0; i < 40; i++) {
    const d = sha256(Uint8Array.of(i));
    const sig = signSecp256k1(d, privKey);
    const mutated = Uint8Array.from(sig);
    mutated[i % 64]! ^= 1 << (i % 8);
    for (const candidate of [sig, mutated, flipS(sig)]) {
      for (const key of [pubKey, decompressPubKey(pubKey)]) assert.equal(verifyJs(d, candidate, key), verifyNative(d, candidate, key), `case ${i}`);
    }
  }
});
