import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { ecrecover, bigIntToUnpaddedBytes, setLengthLeft } from "@ethereumjs/util";
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
    for (const [vv, chainId] of [
      [v, undefined],
      [v - 27n, undefined],
      [v - 27n + 2611n * 2n + 35n, 2611n],
    ] as const) {
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
    assert.equal(
      outcome(() => nativeEcrecover(msg, vv, rr, ss)),
      "throws",
      name,
    );
    assert.equal(
      outcome(() => ecrecover(msg, vv, rr, ss)),
      "throws",
      name,
    );
  }
  assert.equal(
    outcome(() => nativeEcrecover(msg, v, new Uint8Array(33).fill(1), s)),
    "throws",
  );
});

// The ECRECOVER precompile takes any 32-byte hash and any r, s below the group order, high s too,
// so those must agree as well; and so must the `secp256k1` package's pure-JS fallback, which a node
// whose native build is missing would run instead (silently: the package falls back by itself).
test("agrees with the library and with the package's JS fallback on high s, hashes >= n and r that is no x coordinate", () => {
  const require = createRequire(import.meta.url);
  const fallback = require("secp256k1/elliptic.js") as { ecdsaRecover(sig: Uint8Array, recid: number, msg: Uint8Array, compressed: boolean): Uint8Array };
  const word = (n: bigint) => setLengthLeft(bytes(n), 32);
  const seeded = (i: number, j: number) => BigInt(`0x${Buffer.from(keccak_256(Uint8Array.of(i, j))).toString("hex")}`) % N;
  const { r, s } = ecsign(keccak_256(Uint8Array.of(1)), keccak_256(Uint8Array.of(5)));
  const [r0, s0] = [BigInt(`0x${Buffer.from(r).toString("hex")}`), BigInt(`0x${Buffer.from(s).toString("hex")}`)];
  const pairs: [bigint, bigint][] = [
    [r0, s0],
    [r0, N - s0],
    [1n, 1n],
    [N - 1n, N - 1n],
    [5n, 7n],
  ];
  for (let i = 0; i < 12; i++) pairs.push([seeded(i, 1), seeded(i, 2)]);
  let recovered = 0;
  for (const m of [0n, 1n, N - 1n, N, N + 5n, 2n ** 256n - 1n, seeded(99, 0)]) {
    for (const [rr, ss] of pairs) {
      for (const v of [27n, 28n]) {
        const msg = word(m);
        const expected = outcome(() => ecrecover(msg, v, word(rr), word(ss)));
        assert.equal(
          outcome(() => nativeEcrecover(msg, v, word(rr), word(ss))),
          expected,
          `hash ${m}, r ${rr}, s ${ss}, v ${v}`,
        );
        const sig = Uint8Array.from([...word(rr), ...word(ss)]);
        assert.equal(
          outcome(() => fallback.ecdsaRecover(sig, Number(v - 27n), msg, false).subarray(1)),
          expected,
          `fallback: hash ${m}, r ${rr}, s ${ss}, v ${v}`,
        );
        if (expected !== "throws") recovered++;
      }
    }
  }
  assert.ok(recovered > 100, "most cases recover a key, so the comparison is not only of refusals");
});
