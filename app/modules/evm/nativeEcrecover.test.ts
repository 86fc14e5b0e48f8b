import { test } from "node:test";
import assert from "node:assert/strict";
import { ecrecover, bigIntToUnpaddedBytes } from "@ethereumjs/util";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { nativeEcrecover } from "./nativeEcrecover.js";

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const bytes = (n: bigint) => bigIntToUnpaddedBytes(n);

/** A signature as Ethereum carries it: r, s and v = 27 + recovery id. */
function ecsign(msg: Uint8Array, key: Uint8Array): { r: Uint8Array; s: Uint8Array; v: bigint } {
  const sig = secp256k1.Signature.fromBytes(secp256k1.sign(msg, key, { prehash: false, format: "recovered" }), "recovered");
  return { r: bytes(sig.r), s: bytes(sig.s), v: 27n + BigInt(sig.recovery!) };
}

function outcome(f: () => Uint8Array): string {
  try {
    return Buffer.from(f()).toString("hex");
  } catch {
    return "throws";
  }
}

test("recovers the same key as the library's pure-JS ecrecover, for legacy, EIP-155 and typed v", () => {
  for (let i = 1; i <= 40; i++) {
    const key = keccak_256(Uint8Array.of(i));
    const msg = keccak_256(Uint8Array.of(i, 0xaa));
    const { r, s, v } = ecsign(msg, key);
    for (const [vv, chainId] of [[v, undefined], [v - 27n, undefined], [v - 27n + 2611n * 2n + 35n, 2611n]] as const) {
      const expected = ecrecover(msg, vv, r, s, chainId);
      assert.deepEqual(nativeEcrecover(msg, vv, r, s, chainId), expected);
    }
  }
});

test("refuses exactly what the library refuses", () => {
  const msg = keccak_256(Uint8Array.of(1));
  const { r, s, v } = ecsign(msg, keccak_256(Uint8Array.of(2)));
  const cases: [string, bigint, Uint8Array, Uint8Array][] = [
    ["v = 29", 29n, r, s],
    ["v = 2", 2n, r, s],
    ["r = 0", v, bytes(0n), s],
    ["s = 0", v, r, bytes(0n)],
    ["r = n", v, bytes(N), s],
    ["s = n", v, r, bytes(N)],
    ["r = 2^256 - 1", v, bytes(2n ** 256n - 1n), s],
  ];
  for (const [name, vv, rr, ss] of cases) {
    assert.equal(outcome(() => nativeEcrecover(msg, vv, rr, ss)), "throws", name);
    assert.equal(outcome(() => ecrecover(msg, vv, rr, ss)), "throws", name);
  }
  assert.equal(outcome(() => nativeEcrecover(msg, v, new Uint8Array(33).fill(1), s)), "throws");
});
